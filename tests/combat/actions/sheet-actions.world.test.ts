// @vitest-environment happy-dom
/**
 * The combat actions on the real character and NPC sheets (ApplicationV2 in the happy-dom test
 * world, issue 10 item 4): in play mode the sheet lists them with their costs; a click pays the
 * counters through the relay and takes the action; what cannot be paid is a disabled button with
 * its reason; the weapon row's attack button opens the attack workflow (the dialog with odds),
 * not a bare roll. The owner's sheet re-renders when its combatant's counters change.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { appear } from "../../world/wait";
import { ADA, GRUSHA, SWORD, SCENE_ID, combatantUuid, doc, seedFight, tokenId } from "../attack/world-fixtures";
import { setReactionPrompt } from "../../../src/combat/attack/reactions";

let world: World;
let gm: WorldClient;
let alice: WorldClient;

/** Waits for the writes the world tracks; what the sheet's click handlers open (core does not await them) is waited for by state. */
const flush = () => world.settle();

interface SheetLike {
  element: HTMLElement;
  rendered: boolean;
  render(options?: object): Promise<unknown>;
  close(): Promise<unknown>;
}
type ActorDoc = { statuses: Set<string>; sheet: SheetLike };
const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc;
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: Record<string, number | boolean> } }>(client, combatantUuid(id)).system.counters;
const root = (client: WorldClient): HTMLElement => document.querySelector<HTMLElement>(`.world-client[data-user-id="${client.user.id}"]`) ?? document.body;

async function openSheet(client: WorldClient, id: string): Promise<SheetLike> {
  return world.as(client, async () => {
    const sheet = actor(client, id).sheet;
    await sheet.render({ force: true });
    return sheet;
  });
}

async function click(client: WorldClient, el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await world.as(client, async () => {
    (el as HTMLElement).click();
    await flush();
  });
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  ({ gm, alice } = await seedFight(world));
  await flush();
});

afterEach(() => setReactionPrompt(null));

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("combat actions on the sheet", { timeout: 20_000 }, () => {
  it("a player clicks Drop prone on her character's sheet: 1 counter paid, Prone added, the list re-rendered", async () => {
    const sheet = await openSheet(alice, ADA);
    const section = sheet.element.querySelector(".cw-combat-actions");
    expect(section).not.toBeNull();
    expect(section!.querySelector(".cw-combat-actions__summary")!.textContent).toBe("6 counters this turn, 0 reserved.");
    const drop = sheet.element.querySelector<HTMLButtonElement>('button[data-action="combatAction"][data-key="dropProne"]')!;
    expect(drop.disabled).toBe(false);
    expect(drop.querySelector("[data-cost]")!.getAttribute("data-cost")).toBe("1");
    await click(alice, drop);
    await flush();
    expect(counters(gm, ADA)).toMatchObject({ available: 5 });
    await flush();
    expect(actor(gm, ADA).statuses.has("prone")).toBe(true);
    // The sheet drew the new state: fewer counters, Stand open, attacks closed while prone.
    await flush();
    expect(sheet.element.querySelector(".cw-combat-actions__summary")!.textContent).toBe("5 counters this turn, 0 reserved.");
    await flush();
    expect(sheet.element.querySelector<HTMLButtonElement>(`button[data-key="attack"][data-weapon-id="${SWORD}"]`)!.disabled).toBe(true);
    expect(sheet.element.querySelector<HTMLButtonElement>('button[data-key="stand"]')!.disabled).toBe(false);
    const attack = sheet.element.querySelector<HTMLButtonElement>(`button[data-key="attack"][data-weapon-id="${SWORD}"]`)!;
    expect(attack.disabled).toBe(true);
    expect(attack.dataset.tooltip).toBe("Prone");
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("an action the combatant cannot pay is disabled with its reason, and a click changes nothing", async () => {
    await world.as(gm, () => (gm.game.combats.get("attackCombat0001") as unknown as { updateEmbeddedDocuments(n: string, u: object[]): Promise<unknown> })
      .updateEmbeddedDocuments("Combatant", [{ _id: combatantUuid(ADA).split(".").at(-1), "system.counters": { available: 1, reserved: 0, hadTurn: true, passed: false } }]));
    await flush();
    const sheet = await openSheet(alice, ADA);
    const walk = sheet.element.querySelector<HTMLButtonElement>('button[data-key="walk"]')!;
    expect(walk.disabled).toBe(true);
    expect(walk.closest("li")!.querySelector(".cw-combat-action__reason")!.textContent).toBe("Not enough counters");
    await click(alice, walk);
    expect(counters(gm, ADA)).toMatchObject({ available: 1 });
  });

  it("the GM's NPC sheet lists the actions too; a click pays the NPC's counters", async () => {
    const sheet = await openSheet(gm, GRUSHA);
    expect(sheet.element.querySelector('button[data-action="combatAction"][data-key="step"]')).not.toBeNull();
    // Dropping prone (1 counter); a move on the map is paid by moving the token (issue 28, tests/canvas/movement.world.test.ts).
    const drop = sheet.element.querySelector<HTMLButtonElement>('button[data-action="combatAction"][data-key="dropProne"]')!;
    expect(drop).not.toBeNull();
    await click(gm, drop);
    await flush();
    expect(counters(gm, GRUSHA)).toMatchObject({ available: 5 });
  });

  it("edit mode shows no action list", async () => {
    const sheet = await openSheet(alice, ADA);
    await click(alice, sheet.element.querySelector('[data-action="toggleMode"]'));
    // Edit mode drawn (its edit-only fields), then no action list in it.
    await appear("input[name='system.skills.strength.rank']", sheet.element);
    expect(sheet.element.querySelector(".cw-combat-actions")).toBeNull();
  });

  it("the weapon row's attack button runs the attack workflow: the dialog with each target's odds", async () => {
    setReactionPrompt(async () => "none");
    (alice.user as unknown as { targets: Set<unknown> }).targets = new Set([(alice.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(GRUSHA))]);
    const sheet = await openSheet(alice, ADA);
    const button = sheet.element.querySelector<HTMLButtonElement>(`.cw-roll[data-action="rollAttack"][data-item-id="${SWORD}"]`)!;
    expect(button).not.toBeNull();
    // The workflow's code loads on first use (issue 9): wait for its dialog, however long that takes.
    await world.as(alice, () => button.click());
    const dialog = await appear(".cw-attack-dialog-app", root(alice));
    expect(dialog.querySelectorAll("tr.cw-attack-row")).toHaveLength(1);
    // Attack: the card is posted and the sword's 2 counters are paid.
    const cards = () => gm.game.messages.contents.length;
    const before = cards();
    await world.as(alice, async () => {
      dialog.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
      await flush();
    });
    await flush();
    expect(cards()).toBe(before + 1);
    await flush();
    expect(counters(gm, ADA)).toMatchObject({ available: 4 });
  });
});
