// @vitest-environment happy-dom
/**
 * Token Action HUD ClockWork (modules/token-action-hud-clockwork) in the test world, against a
 * fake of Token Action HUD Core's documented API (./tah-core-fake.ts): a pregen's combat actions
 * are listed with the costs, disabled states and reasons the real sheet draws, and a click takes
 * the same action the sheet's button takes; skills, spells, weapons and conditions are there too.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { appear } from "../world/wait";
import { bootFakeCore, type FakeCore, type HudAction } from "./tah-core-fake";
// @ts-expect-error -- the module is plain JavaScript (no types): it ships as is.
import { MODULE_ID, registerTokenActionHud } from "../../modules/token-action-hud-clockwork/scripts/hud.mjs";

const OWNER = 3;
const MODULE_LANG = JSON.parse(readFileSync(join(import.meta.dirname, "../../modules/token-action-hud-clockwork/lang/en.json"), "utf8")) as Record<string, unknown>;
const COMBAT_ID = "tahCombat000001a";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let actorId = "";
let core: FakeCore;

type Doc = Record<string, unknown> & { id: string; update(c: object): Promise<unknown> };
type ActorDoc = Doc & { statuses: Set<string>; items: { contents: { id: string; type: string; name: string }[] }; sheet: { element: HTMLElement; render(o?: object): Promise<unknown> } };
const actor = (client: WorldClient) => client.game.actors.get(actorId) as unknown as ActorDoc;
const counters = () => ((gm.game.combats.get(COMBAT_ID) as unknown as { combatants: { contents: { actorId: string; system: { counters: { available: number } } }[] } })
  .combatants.contents.find((c) => c.actorId === actorId)!.system.counters);

async function setAvailable(available: number): Promise<void> {
  const combat = gm.game.combats.get(COMBAT_ID) as unknown as { combatants: { contents: Doc[] }; updateEmbeddedDocuments(n: string, u: object[]): Promise<unknown> };
  const updates = combat.combatants.contents.map((c) => ({ _id: c.id, "system.counters": { available, reserved: 0, hadTurn: true, passed: false } }));
  await world.as(gm, () => combat.updateEmbeddedDocuments("Combatant", updates));
  await world.settle();
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  const pack = (gm.game.packs as unknown as { get(id: string): { getDocuments(): Promise<{ name: string; toObject(): Record<string, unknown> }[]> } }).get("clockwork.pregens");
  const pregen = (await world.as(gm, () => pack.getDocuments())).find((d) => d.name === "Zafira Emberwind")!;
  const { _id: _drop, ...source } = pregen.toObject();
  [actorId] = await world.seed("Actor", [source], { ownership: { [alice.userId]: OWNER } });
  const [npc] = await world.seed("Actor", [{ name: "Gob", type: "npc" }]);
  await world.seed("Combat", [{ _id: COMBAT_ID, active: true, round: 0, turn: null, combatants: [{ actorId, initiative: 20 }, { actorId: npc, initiative: 10 }] }]);
  await world.as(gm, () => (gm.game.combats.get(COMBAT_ID) as unknown as Doc).update({ round: 1, turn: 0 }));
  await world.settle();
  // Three counters left: the costlier actions are disabled, with the sheet's reason.
  await setAvailable(3);
  core = (await world.as(alice, () => {
    (alice.game.modules as unknown as { set(id: string, m: object): void }).set(MODULE_ID, { id: MODULE_ID, active: true });
    // Foundry loads an active module's languages (module.json "languages") with the system's.
    Object.assign((alice.game.i18n as unknown as { translations: object }).translations, MODULE_LANG);
    registerTokenActionHud();
    return bootFakeCore();
  }))!;
  // Building a world with the system's packs and a sheet takes seconds on a loaded machine.
}, 60_000);

afterEach(() => world.close());

const hud = () => world.as(alice, () => core.hud(actor(alice)));
const combatActions = (groups: Map<string, HudAction[]>) => [...groups].filter(([id]) => id.startsWith("combat-")).flatMap(([, actions]) => actions);
const find = (groups: Map<string, HudAction[]>, name: string) => [...groups.values()].flat().find((a) => a.name === name);

describe("Token Action HUD ClockWork", { timeout: 30_000 }, () => {
  it("registers with Core and lays out combat, skills, spells, items and conditions", async () => {
    expect(core).toBeTruthy();
    const layout = core.systemManager.defaults.layout!.map((g) => g.id);
    expect(layout).toEqual(["combat", "skills", "spells", "items", "conditions"]);
    const groups = await hud();
    expect([...groups.keys()]).toEqual(expect.arrayContaining(["skills", "spells", "weapons", "conditions"]));
    const zafira = actor(alice);
    const spells = zafira.items.contents.filter((i) => i.type === "spell").map((i) => i.name).sort();
    expect(groups.get("spells")!.map((a) => a.name).sort()).toEqual(spells);
    expect(groups.get("weapons")!.map((a) => a.name).sort()).toEqual(zafira.items.contents.filter((i) => i.type === "weapon").map((i) => i.name).sort());
    expect(groups.get("skills")!.map((a) => a.name)).toContain("Perception");
    expect(groups.get("conditions")!.map((a) => a.name)).toContain("Prone");
  });

  it("lists the pregen's combat actions with the sheet's costs, disabled states and reasons", async () => {
    const sheet = actor(alice).sheet;
    await world.as(alice, () => sheet.render({ force: true }));
    const buttons = [...sheet.element.querySelectorAll<HTMLButtonElement>('button[data-action="combatAction"]')];
    expect(buttons.length).toBeGreaterThan(10);
    const onSheet = buttons.map((b) => ({
      name: b.querySelector(".cw-combat-action__label")!.textContent,
      cost: Number(b.querySelector("[data-cost]")!.getAttribute("data-cost")),
      disabled: b.disabled,
      reason: b.closest("li")!.querySelector(".cw-combat-action__reason")?.textContent ?? null,
    }));
    const inHud = combatActions(await hud()).map((a) => ({
      name: a.name, cost: a.system!.costValue, disabled: a.cssClass === "disabled", reason: (a.system!.reason as string | null) ?? null,
    }));
    expect(inHud).toEqual(onSheet);
    // Some are open and some closed for want of counters, so both states are compared.
    expect(inHud.some((a) => a.disabled && /counters/i.test(a.reason ?? ""))).toBe(true);
    expect(inHud.some((a) => !a.disabled)).toBe(true);
  });

  it("a click takes the action as the sheet's button does: Drop prone pays 1 counter and adds Prone", async () => {
    const drop = find(await hud(), "Drop prone")!;
    expect(drop.info1?.text).toBe("1");
    await world.as(alice, () => core.click(actor(alice), drop));
    await world.settle();
    expect(counters().available).toBe(2);
    expect(actor(gm).statuses.has("prone")).toBe(true);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("a disabled action is not taken: the player is told why and nothing is paid", async () => {
    await setAvailable(0);
    const walk = combatActions(await hud()).find((a) => a.cssClass === "disabled" && a.system!.reason === "Not enough counters")!;
    await world.as(alice, () => core.click(actor(alice), walk));
    await world.settle();
    expect(counters().available).toBe(0);
    expect(alice.notifications.at(-1)).toMatchObject({ type: "warn", message: `${walk.name}: Not enough counters` });
  });

  it("a spell opens the casting dialog, as the sheet's spell button does; closing it casts nothing", async () => {
    const before = gm.game.messages.contents.length;
    const spell = (await hud()).get("spells")![0];
    const root = document.querySelector<HTMLElement>(`.world-client[data-user-id="${alice.userId}"]`) ?? document.body;
    const pending = world.as(alice, () => core.click(actor(alice), spell));
    const dialog = await appear(".cw-cast-dialog-app", root);
    expect(dialog.querySelector(".cw-attack-dialog__cost")!.textContent).toMatch(/mana/);
    await world.as(alice, async () => dialog.querySelector<HTMLElement>("[data-action=close]")!.click());
    expect(await pending).toBeNull();
    expect(gm.game.messages.contents.length).toBe(before);
  });

  it("a skill rolls through the actor's rollSkill, and a condition toggles through the system's status API", async () => {
    const before = gm.game.messages.contents.length;
    const perception = find(await hud(), "Perception")!;
    await world.as(alice, () => core.click(actor(alice), perception, { shiftKey: true }));
    await world.settle();
    const message = gm.game.messages.contents.at(-1) as unknown as { rolls: { constructor: { name: string }; options: { subject?: { skill?: string } } }[] };
    expect(gm.game.messages.contents.length).toBe(before + 1);
    expect(message.rolls[0].constructor.name).toBe("GainRoll");
    expect(message.rolls[0].options.subject?.skill).toBe("perception");
    const deafened = (await hud()).get("conditions")!.find((a) => a.encodedValue.endsWith("|deafened"))!;
    await world.as(alice, () => core.click(actor(alice), deafened));
    await world.settle();
    expect(actor(gm).statuses.has("deafened")).toBe(true);
    expect((await hud()).get("conditions")!.find((a) => a.id === deafened.id)!.cssClass).toBe("toggle active");
  });
});
