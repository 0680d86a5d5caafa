/**
 * End to end through the real data models: clicking a skill or a weapon on the character sheet
 * (the sheet's own action handlers) builds the pool the sheet shows, the dialog's odds equal
 * the core's, and the chat card marks every die.
 */
import { clearQueuedFaces, createWorld, queueFaces, type World } from "../world";
import type { ChatMessage } from "../world/documents/chat-message";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createRenderer } from "../applications/render-harness";
import { BODY_8_RANKS, FOCUS_AXE, ORC, AXE, copy, creature } from "../fixtures/actors";
import { chanceOfGains, markDice } from "../../src/rules";
import { ClockworkRollDialog } from "../../src/dice/roll-dialog";
import { ClockworkActorSheet } from "../../src/applications/sheets/actor-sheet";
import { ClockworkCharacterSheet } from "../../src/applications/sheets/character-sheet";
import { buildRollDialogContext } from "../../src/dice/context/roll-dialog";
import { buildPool, type GainRollRequest } from "../../src/dice/pool";
import type { GainRoll } from "../../src/dice/gain-roll";

let world: World;
/** The GM client's chat log, oldest first. */
const messages = () => world.gm.game.messages.contents as unknown as ChatMessage[];

beforeEach(async () => {
  world = await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
  clearQueuedFaces();
  const renderer = createRenderer();
  foundry.applications.handlebars.renderTemplate = (async (path: string, context: object) => renderer.render(path, context)) as never;
});

interface SheetActor {
  system: { skills: Record<string, { rank: number; dice: number; diceWithFocus: number }> };
  items: { getName(name: string): { id: string } | undefined };
  rollAttack(item: { id: string }): Promise<unknown>;
}

async function orcWithAxe(): Promise<SheetActor> {
  const system = creature(BODY_8_RANKS, { speciesBonusSkills: ["strength", "stamina"] });
  const cls = CONFIG.Actor.documentClass as unknown as { create(data: object): Promise<SheetActor> };
  return cls.create({ name: "Grusha", type: "character", system, items: copy([ORC, FOCUS_AXE, AXE]) });
}

type Action = (this: unknown, event: unknown, target: unknown) => Promise<void>;
const actions = ClockworkActorSheet.DEFAULT_OPTIONS.actions as unknown as Record<string, Action>;

function click(sheet: unknown, action: string, dataset: Record<string, string>): Promise<void> {
  // Just enough of a button: its dataset, its row, and attributes (the sheet marks a running control busy).
  const attributes = new Map<string, string>();
  const target = {
    dataset, closest: () => ({ dataset }),
    getAttribute: (name: string) => attributes.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attributes.set(name, value),
    removeAttribute: (name: string) => void attributes.delete(name),
  };
  return actions[action].call(sheet, new Event("click"), target);
}

describe("rolling from the character sheet", () => {
  it("a skill's button opens the dialog with the sheet's pool, and the dialog's odds are the core's", async () => {
    const actor = await orcWithAxe();
    const sheet = new ClockworkCharacterSheet({ document: actor } as never);
    let seen: GainRollRequest | null = null;
    const prompt = vi.spyOn(ClockworkRollDialog, "prompt").mockImplementation(async (request) => {
      seen = request;
      return { ...request, focusId: request.foci[0]?.id ?? "", difficulty: "normal" };
    });
    const faces = [1, 5, 12, 6, 5, 8, 7, 2, 9, 11];
    queueFaces(...faces);
    await click(sheet, "rollSkill", { skill: "strength" });
    prompt.mockRestore();

    const strength = actor.system.skills.strength;
    expect(seen).not.toBeNull();
    const request = seen as unknown as GainRollRequest;
    expect(buildPool(request).dice).toBe(strength.dice);
    expect(request.threshold).toBe(strength.rank);
    expect(request.foci.map((f) => f.name)).toEqual(["Axe Fighter"]);

    const chosen = { ...request, focusId: request.foci[0].id, difficulty: "normal" as const };
    const dialog = buildRollDialogContext({ request: chosen, oddsVisibility: "all", isGM: true });
    expect(dialog.pool.dice).toBe(strength.diceWithFocus);
    expect(dialog.odds.chance).toBe(chanceOfGains(strength.diceWithFocus, strength.rank, 3));

    const message = messages().at(-1) as ChatMessage;
    const roll = message.rolls[0] as unknown as GainRoll;
    expect(roll.formula).toBe(`${strength.diceWithFocus}d12`);
    const marks = [...message.content.matchAll(/data-mark="(\w+)"/g)].map((m) => m[1]);
    expect(marks).toEqual(markDice(faces, strength.rank));
    expect(marks).toHaveLength(strength.diceWithFocus);
  });

  it("a weapon's attack button runs the attack workflow: with no target it asks for one and rolls nothing", async () => {
    const actor = await orcWithAxe();
    const sheet = new ClockworkCharacterSheet({ document: actor } as never);
    const before = messages().length;
    await click(sheet, "rollAttack", { itemId: actor.items.getName("Axe")!.id });
    expect(messages()).toHaveLength(before);
    expect(world.gm.notifications.at(-1)).toEqual({ type: "warn", message: world.gm.i18n.localize("CLOCKWORK.Combat.Attack.NoTarget") });
  });

  it("the roll API's attack pool uses the weapon group's focus", async () => {
    const actor = await orcWithAxe();
    const prompt = vi.spyOn(ClockworkRollDialog, "prompt").mockImplementation(async (request) => request);
    await world.as(world.gm, () => actor.rollAttack(actor.items.getName("Axe")!));
    prompt.mockRestore();
    const roll = (messages().at(-1) as ChatMessage).rolls[0] as unknown as GainRoll;
    expect(roll.formula).toBe(`${actor.system.skills.strength.diceWithFocus}d12`);
    expect(roll.settings.subject).toMatchObject({ kind: "attack", skill: "strength", itemName: "Axe" });
  });
});
