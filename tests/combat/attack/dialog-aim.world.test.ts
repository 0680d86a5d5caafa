// @vitest-environment happy-dom
/**
 * Aiming an area attack from the attack dialog (issue 28 item 2), in both profiles: a grenade
 * thrown with no target opens its dialog unaimed; "Aim on the map" waits for a press on the board
 * (`canvas.stage`), previews the blast there (a template on v13, a region on v14) before anything
 * is paid and lists exactly the creatures the area takes (the workflow's own area, the rules
 * core's membership); the attack then uses that aim. Closing the dialog pays nothing and leaves
 * nothing on the scene.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { clickStage, type Stage } from "../../world/canvas";
import { appear, eventually } from "../../world/wait";
import { ADA, GRENADE, MINION, SCENE_ID, actorUuid, combatantUuid, doc, seedFight } from "./world-fixtures";
import { setReactionPrompt } from "../../../src/combat/attack/reactions";
import { attackData, type AttackMessage } from "../../../src/combat/attack/chat";
import { startSession, type AttackOutcome } from "../../../src/combat/attack/workflow";

let world: World;
let gm: WorldClient;
let alice: WorldClient;

type Area = { id: string; flags: { clockwork?: { preview?: boolean } } };
type SceneDoc = { templates?: { contents: Area[] }; regions: { contents: Area[] } };
type ActorDoc = { items: { get(id: string): unknown }; attack(item: unknown, options?: object): Promise<AttackOutcome | null> };

const areas = (client: WorldClient): Area[] => {
  const scene = client.game.scenes.get(SCENE_ID) as unknown as SceneDoc;
  return [...(scene.templates?.contents ?? []), ...scene.regions.contents];
};
const ada = (client: WorldClient) => client.game.actors.get(ADA) as unknown as ActorDoc;
const root = (client: WorldClient): HTMLElement => document.querySelector<HTMLElement>(`.world-client[data-user-id="${client.user.id}"]`) ?? document.body;
const stage = (client: WorldClient) => client.run(() => (globalThis as unknown as { canvas: { stage: Stage } }).canvas.stage);
const counters = () => doc<{ system: { counters: { available: number } } }>(gm, combatantUuid(ADA)).system.counters.available;
const cards = () => (gm.game.messages.contents as unknown as AttackMessage[]).filter((m) => attackData(m)).length;
const rows = (dialog: HTMLElement) => [...dialog.querySelectorAll("tr.cw-attack-row label")].map((l) => l.textContent);
/** The creatures the workflow's area takes at a space (what the attack would hit, aimed there by a macro). */
const taken = (at: { x: number; y: number }) => alice.run(() => startSession(ada(alice) as never, ada(alice).items.get(GRENADE) as never, { area: at, skipDialog: true })?.targets.map((t) => t.name) ?? []);

async function aim(dialog: HTMLElement, space: { x: number; y: number }): Promise<void> {
  await world.as(alice, async () => dialog.querySelector<HTMLButtonElement>("[data-action=aim]")!.click());
  expect(stage(alice).listenerCount("pointerdown")).toBe(1);
  await world.as(alice, async () => {
    clickStage(stage(alice), { x: space.x * 100 + 50, y: space.y * 100 + 50 });
    await eventually(() => expect(dialog.querySelector(".cw-aim__at")!.textContent).toContain(`column ${space.x}, row ${space.y}`));
    await eventually(() => expect(areas(alice)).toHaveLength(1));
  });
  await world.settle();
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  ({ gm, alice } = await seedFight(world));
  await world.settle();
  setReactionPrompt(async () => "none");
});

afterEach(() => setReactionPrompt(null));

describe("aiming the attack dialog on the map", { timeout: 30_000 }, () => {
  it("a grenade with no target opens unaimed; aiming previews the blast and its creatures before anything is paid; the throw uses that aim", async () => {
    const pending = world.as(alice, () => ada(alice).attack(ada(alice).items.get(GRENADE)));
    const dialog = await appear(".cw-attack-dialog-app", root(alice));
    expect(dialog.querySelector(".cw-aim__at")!.textContent).toContain("Not aimed yet");
    expect(rows(dialog)).toEqual([]);
    expect(dialog.querySelector<HTMLButtonElement>("button[type=submit]")!.disabled).toBe(true);

    await aim(dialog, { x: 4, y: 1 });
    expect(rows(dialog)).toEqual(["Goblin Minion"]);
    expect(rows(dialog)).toEqual(taken({ x: 4, y: 1 }));
    await aim(dialog, { x: 1, y: 1 });
    expect(rows(dialog)).toEqual(taken({ x: 1, y: 1 }));
    expect(rows(dialog)).not.toContain("Goblin Minion");
    expect(rows(dialog).length).toBeGreaterThan(1);
    // One preview on every client; nothing paid, no card.
    for (const client of [gm, alice]) {
      expect(areas(client)).toHaveLength(1);
      expect(areas(client)[0].flags.clockwork?.preview).toBe(true);
    }
    expect(counters()).toBe(6);
    expect(cards()).toBe(0);

    await aim(dialog, { x: 4, y: 1 });
    await world.as(alice, async () => {
      dialog.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
      await world.settle();
    });
    const outcome = await pending;
    await world.settle();
    expect(outcome?.data.targets.map((t) => t.actorUuid)).toEqual([actorUuid(MINION)]);
    expect(counters()).toBe(2);
    // The preview gave way to the throw's own area.
    expect(areas(gm)).toHaveLength(1);
    expect(areas(gm)[0].flags.clockwork?.preview).toBeUndefined();
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("thrown at a targeted token, the dialog says the blast falls on its space until aimed elsewhere", async () => {
    const minion = (alice.game.scenes.get(SCENE_ID) as unknown as { tokens: { contents: { actorId: string }[] } }).tokens.contents.find((t) => t.actorId === MINION);
    const pending = world.as(alice, () => ada(alice).attack(ada(alice).items.get(GRENADE), { targets: [minion] }));
    const dialog = await appear(".cw-attack-dialog-app", root(alice));
    expect(dialog.querySelector(".cw-aim__at")!.textContent).toContain("targeted token's space");
    expect(rows(dialog)).toEqual(["Goblin Minion"]);
    // Nothing is drawn until the dialog is aimed.
    expect(areas(gm)).toHaveLength(0);
    await aim(dialog, { x: 1, y: 1 });
    expect(rows(dialog)).toEqual(taken({ x: 1, y: 1 }));
    await world.as(alice, async () => dialog.querySelector<HTMLElement>("[data-action=close]")!.click());
    expect(await pending).toBeNull();
    await eventually(() => expect(areas(gm)).toHaveLength(0));
  });

  it("closing the aimed dialog pays nothing and leaves no shape", async () => {
    const pending = world.as(alice, () => ada(alice).attack(ada(alice).items.get(GRENADE)));
    const dialog = await appear(".cw-attack-dialog-app", root(alice));
    await aim(dialog, { x: 4, y: 1 });
    await world.as(alice, async () => dialog.querySelector<HTMLElement>("[data-action=close]")!.click());
    expect(await pending).toBeNull();
    await world.settle();
    await eventually(() => expect(areas(gm)).toHaveLength(0));
    expect(areas(alice)).toHaveLength(0);
    expect(counters()).toBe(6);
    expect(cards()).toBe(0);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });
});
