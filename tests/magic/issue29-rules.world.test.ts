/**
 * Issue 29 items at the table, in the multi-user world: Shrink cast at an enemy with no word on
 * willingness is resisted by the enemy's Body / Stamina reaction and, when it lands, lasts until
 * its Flat 7 (L1341); an enemy Gnome gets its Flat 10 against Enlarge (L258).
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { GNOME, GRUSHA, ILINDE, actorUuid, doc, seedArena, spellItem } from "./world-fixtures";

interface ActorView {
  system: { size?: string; reach?: number };
  effects: Iterable<{ name: string; flags: Record<string, Record<string, unknown>> }>;
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ data: { targets: { success: boolean; failure: string | null; negatedBy: string | null; opposingGains: number | null }[] } } | null>;
  createEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
}
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const SHRINK = "magicSpellShrink";
const ENLARGE = "magicSpellEnlarg";
const sizeEffect = (client: WorldClient, id: string) => [...actor(client, id).effects].find((e) => (e.flags.clockwork?.spell as { effect?: string } | undefined)?.effect === "size");

afterEach(() => clearQueuedFaces());

async function learn(world: World, name: string, id: string) {
  await world.as(world.gm, () => actor(world.gm, ILINDE).createEmbeddedDocuments("Item", [spellItem(name, id)], { keepId: true }));
  await world.settle();
}

describe("issue 29: Enlarge and Shrink on an enemy", { timeout: 30_000 }, () => {
  it("Shrink at an enemy, nothing said: its Stamina reaction beats the cast and it stays its size (L1341, L707)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    await learn(world, "Shrink", SHRINK);
    // One gain on the cast (rank 6); Grusha's Stamina reaction rolls nothing but 12s.
    queueFaces(7, 2, 2, 2, 2, 2, 2, 2, 2, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    const cast = await world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(SHRINK), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();
    expect(cast?.data.targets[0].success).toBe(false);
    expect(cast?.data.targets[0].opposingGains).toBeGreaterThan(1);
    expect(sizeEffect(gm, GRUSHA)).toBeUndefined();
    expect([...gm.errors, ...alice.errors]).toEqual([]);
  });

  it("Shrink that gets through an enemy's reaction lasts until its Flat 7 (L1341)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    await learn(world, "Shrink", SHRINK);
    queueFaces(7, 7, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
    const cast = await world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(SHRINK), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();
    clearQueuedFaces();
    expect(cast?.data.targets[0]).toMatchObject({ success: true, opposingGains: 0 });
    expect(sizeEffect(gm, GRUSHA)?.flags.clockwork.spell).toMatchObject({ endFlat: 7 });
    expect([...gm.errors, ...alice.errors]).toEqual([]);
  });

  it("the GM casting the player's Shrink at the GM's creature: an unwilling target's reaction is rolled", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedArena(world, { combat: false });
    await learn(world, "Shrink", SHRINK);
    queueFaces(7, 2, 2, 2, 2, 2, 2, 2, 2, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    const cast = await world.as(gm, () => actor(gm, ILINDE).castSpell(actor(gm, ILINDE).items.get(SHRINK), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();
    expect(cast?.data.targets[0].success).toBe(false);
    expect(sizeEffect(gm, GRUSHA)).toBeUndefined();
    expect(gm.errors).toEqual([]);
  });

  it("an enemy Gnome resists Enlarge on its Flat 10 with nothing said, and the GM's side agrees (L258)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    await learn(world, "Enlarge", ENLARGE);
    queueFaces(7, 7, 7, 2, 2, 2, 2, 2, 2, 11, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
    const cast = await world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(ENLARGE), { targets: [actorUuid(GNOME)] }));
    await world.settle();
    expect(cast?.data.targets[0]).toMatchObject({ success: false, failure: "negated", negatedBy: "gnome" });
    expect(sizeEffect(gm, GNOME)).toBeUndefined();
    expect([...gm.errors, ...alice.errors]).toEqual([]);
  });
});
