/**
 * Issue 19 in the multi-user world: the Stabilize spell by RULING 9 (1 gain against 5 wounds
 * fails, 5 gains stabilize; book L970, L1667), an enlarged creature's dodge and block drop by 1
 * (L1339), and an unwilling Gnome's Flat 10 against Enlarge (L258).
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { KITE_SHIELD } from "../fixtures/actors";
import { BRAM, GNOME, GRUSHA, ILINDE, actorUuid, doc, seedArena, spellItem } from "./world-fixtures";

interface ActorView {
  system: { health: Record<string, number | boolean>; defense: { base: number; dodge: number; block: number }; movement: { run: number }; equipped: Record<string, string> };
  statuses: Set<string>;
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ data: { targets: { success: boolean; failure: string | null; negatedBy: string | null }[] } } | null>;
  createEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
  update(changes: object): Promise<unknown>;
  toggleStatusEffect(id: string, options?: object): Promise<unknown>;
}
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const STABILIZE = "magicSpellStabil";
const ENLARGE = "magicSpellEnlarg";
const DISINTEGRATE = "magicSpellDisint";

afterEach(() => clearQueuedFaces());

async function gmDo(world: World, fn: () => Promise<unknown>) {
  await world.as(world.gm, fn);
  await world.settle();
}

/** Ilinde learns a spell from the pack. */
async function learn(world: World, name: string, id: string) {
  await gmDo(world, () => actor(world.gm, ILINDE).createEmbeddedDocuments("Item", [spellItem(name, id)], { keepId: true }));
}

describe("issue 19 rules at the table", { timeout: 30_000 }, () => {
  it("Stabilize with 1 gain against 5 wounds fails; 5 gains stabilize (RULING 9)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    await learn(world, "Stabilize", STABILIZE);
    // Grusha dying with 5 wounds; its death rolls find no fatal wound (9s).
    queueFaces(9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9);
    await gmDo(world, () => actor(gm, GRUSHA).update({ "system.health.wounds": 5, "system.health.vitalsLost": 6, "system.health.dying": true }));
    await world.settle();
    clearQueuedFaces();
    expect(actor(gm, GRUSHA).system.health).toMatchObject({ dying: true, wounds: 5 });
    // Ilinde's 9 Soul dice at rank 6: one 7 is one gain.
    queueFaces(7, 2, 2, 2, 2, 2, 2, 2, 2);
    const one = await world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(STABILIZE), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();
    expect(one?.data.targets[0]).toMatchObject({ success: false, failure: "gains" });
    expect(actor(gm, GRUSHA).system.health.dying).toBe(true);
    expect(actor(gm, GRUSHA).statuses.has("stabilized")).toBe(false);
    queueFaces(7, 7, 7, 7, 7, 2, 2, 2, 2);
    const five = await world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(STABILIZE), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();
    expect(five?.data.targets[0]).toMatchObject({ success: true });
    expect(actor(gm, GRUSHA).system.health).toMatchObject({ dying: false, wounds: 5 });
    expect(actor(gm, GRUSHA).statuses.has("stabilized")).toBe(true);
  });

  it("an enlarged creature's dodge and block drop by 1, its movement stays (L1339)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    await gmDo(world, () => actor(gm, BRAM).createEmbeddedDocuments("Item", [structuredClone(KITE_SHIELD)], { keepId: true }));
    await gmDo(world, () => actor(gm, BRAM).update({ "system.equipped.shield": KITE_SHIELD._id }));
    const before = structuredClone(actor(bob, BRAM).system);
    expect(before.defense.dodge).toBeGreaterThan(0);
    expect(before.defense.block).toBeGreaterThan(0);
    const flag = { identifier: "enlarge", name: "Enlarge", gains: 2, dispellable: true, casterUuid: null, itemUuid: null, effect: "size", amount: 1, endFlat: null, expires: null };
    await gmDo(world, () => actor(gm, BRAM).createEmbeddedDocuments("ActiveEffect", [{ _id: "enlargeEffect001", name: "Enlarge", flags: { clockwork: { spell: flag } } }], { keepId: true }));
    const after = actor(bob, BRAM).system;
    expect(after.defense.dodge).toBe(before.defense.dodge - 1);
    expect(after.defense.block).toBe(before.defense.block - 1);
    expect(after.movement.run).toBe(before.movement.run);
  });

  it("an unwilling Gnome resists Enlarge with its Flat 10; a willing cast is not harmful (L258)", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedArena(world, { combat: false });
    await learn(world, "Enlarge", ENLARGE);
    // Casting: three gains (Spellcraft rank 6); then the Gnome's Flat 10 die: 11 resists.
    queueFaces(7, 7, 7, 2, 2, 2, 2, 2, 2, 11);
    const cast = await world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(ENLARGE), { targets: [actorUuid(GNOME)], unwilling: true }));
    await world.settle();
    expect(cast?.data.targets[0]).toMatchObject({ success: false, failure: "negated", negatedBy: "gnome" });
  });

  it("Disintegrate that takes the last vital destroys: Stabilize then fails, whatever the gains (L1321)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    await learn(world, "Disintegrate", DISINTEGRATE);
    await learn(world, "Stabilize", STABILIZE);
    await gmDo(world, () => actor(gm, GRUSHA).toggleStatusEffect("burning", { active: true }));
    const grit = actor(gm, GRUSHA).system.health.grit as number;
    // One hit left in the last box.
    await gmDo(world, () => actor(gm, GRUSHA).update({ "system.health.vitalsLost": 5, "system.health.hits": grit - 1 }));
    // Two gains: 2 unavoidable hits take the last vital; the death roll finds no fatal wound.
    queueFaces(7, 7, 2, 2, 2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9);
    const cast = await world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(DISINTEGRATE), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();
    await world.settle();
    clearQueuedFaces();
    expect(cast?.data.targets[0]).toMatchObject({ success: true });
    expect(actor(gm, GRUSHA).system.health).toMatchObject({ dying: true, vitalsLost: 6 });
    expect(actor(gm, GRUSHA).statuses.has("destroyed")).toBe(true);
    queueFaces(7, 7, 7, 7, 7, 7, 7, 7, 7);
    const stabilize = await world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(STABILIZE), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();
    expect(stabilize?.data.targets[0]).toMatchObject({ success: false, failure: "destroyed" });
    expect(actor(gm, GRUSHA).system.health.dying).toBe(true);
  });
});
