/**
 * Issue 29 items at the table, in the multi-user world: Shrink cast at an enemy with no word on
 * willingness is resisted by the enemy's Body / Stamina reaction and, when it lands, lasts until
 * its Flat 7 (L1341); an enemy Gnome gets its Flat 10 against Enlarge (L258); Scribe Scroll makes
 * the scroll item with the best of its rolls (L1618).
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { GNOME, GRUSHA, ILINDE, SPELL_IDS, actorUuid, doc, seedArena, spellItem } from "./world-fixtures";

interface ActorView {
  system: { size?: string; reach?: number };
  effects: Iterable<{ name: string; flags: Record<string, Record<string, unknown>> }>;
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ data: { gains: number; targets: { success: boolean; failure: string | null; negatedBy: string | null; opposingGains: number | null }[] } } | null>;
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

describe("issue 29: Scribe Scroll makes the scroll (L1618)", { timeout: 30_000 }, () => {
  const SCRIBE = "magicSpellScribe";
  interface ScrollView { name: string; type: string; system: { category: string; castsSpell: string; container: string }; flags: { clockwork?: { scroll?: { faces: number[]; rank: number } } } }

  it("writing Barrier: one roll of it and one per gain, the best stored on a scroll item in the backpack", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    await learn(world, "Scribe Scroll", SCRIBE);
    const ilinde = doc<ActorView & { items: { get(id: string): unknown; contents: ScrollView[] } }>(alice, actorUuid(ILINDE));
    const barrier = ilinde.items.get(SPELL_IDS.Barrier);
    // Nothing named to write: refused before anything is paid.
    expect(await world.as(alice, () => ilinde.castSpell(ilinde.items.get(SCRIBE), {}))).toBeNull();
    expect(alice.notifications.at(-1)?.message).toBe("Scribe Scroll needs the spell to write on the scroll: name one the caster knows.");
    // One gain on Scribe Scroll: two casting rolls of Barrier (all 12s here).
    queueFaces(7, 2, 2, 2, 2, 2, 2, 2, 2, ...Array(40).fill(12));
    const cast = await world.as(alice, () => ilinde.castSpell(ilinde.items.get(SCRIBE), { inscribe: barrier }));
    await world.settle();
    expect(cast?.data.gains).toBe(1);
    const message = (cast as unknown as { message: { rolls: unknown[] } }).message;
    expect(message.rolls).toHaveLength(3);
    const scrolls = doc<{ items: { contents: ScrollView[] } }>(gm, actorUuid(ILINDE)).items.contents.filter((i) => i.type === "equipment" && i.system.category === "scroll");
    expect(scrolls).toHaveLength(1);
    expect(scrolls[0]).toMatchObject({ name: "Scroll of Barrier", system: { castsSpell: `${actorUuid(ILINDE)}.Item.${SPELL_IDS.Barrier}`, container: "backpack" } });
    expect(scrolls[0].flags.clockwork?.scroll?.faces.every((f) => f === 12)).toBe(true);
    expect([...gm.errors, ...alice.errors]).toEqual([]);
  });
});
