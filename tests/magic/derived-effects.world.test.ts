/**
 * Lasting spells and potions in the actor's derived data (issue 11 item 5): Haste moves the
 * target's run by +2 on every client, a Slowed status set by hand does the same, an Enlarge
 * effect grows it one size, and an Ironskin Potion on an unarmored actor counts as light armor
 * with 2 resistance in every type until its effect ends.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { named } from "../packs/load-sources";
import { BRAM, GRUSHA, ILINDE, SPELL_IDS, actorUuid, doc, seedArena } from "./world-fixtures";

interface Derived {
  size: string;
  armorWeight: string;
  movement: { run: number; walk: number };
  resistances: Record<string, { total: number }>;
  defense: { base: number };
}
interface ActorView {
  system: Derived;
  effects: Iterable<{ id: string; name: string }>;
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<unknown>;
  useAlchemy(item: unknown, options?: object): Promise<unknown>;
  toggleStatusEffect(id: string, options?: object): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown>;
}
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const snapshot = (client: WorldClient, id: string) => structuredClone(actor(client, id).system) as Derived;

afterEach(() => clearQueuedFaces());

async function gmDo(world: World, fn: () => Promise<unknown>) {
  await world.as(world.gm, fn);
  await world.settle();
}

// Casts and their lasting effects in a three-client world: seconds each on a loaded machine.
describe("derived data follows lasting effects", { timeout: 20_000 }, () => {
  it("Haste adds 2 to the run (walk follows); a Slowed status set by hand takes 2", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedArena(world);
    const before = snapshot(bob, BRAM);
    queueFaces(12, 2, 2, 2, 2, 2, 2, 2, 2);
    await world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(SPELL_IDS.Haste), { targets: [actorUuid(BRAM)] }));
    await world.settle();
    expect(actor(bob, BRAM).system.movement.run).toBe(before.movement.run + 2);
    // Walk = floor(Run / 2) (§3.1 Haste).
    expect(actor(gm, BRAM).system.movement.walk).toBe(Math.floor((before.movement.run + 2) / 2));

    const grusha = snapshot(gm, GRUSHA);
    await gmDo(world, () => actor(gm, GRUSHA).toggleStatusEffect("slowed", { active: true }));
    expect(actor(gm, GRUSHA).system.movement.run).toBe(Math.max(0, grusha.movement.run - 2));
  });

  it("Enlarge grows one size while its effect lasts", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    const before = snapshot(bob, BRAM);
    expect(before.size).toBe("medium");
    const flag = { identifier: "enlarge", name: "Enlarge", gains: 2, dispellable: true, casterUuid: null, itemUuid: null, effect: "size", amount: 1, endFlat: null, expires: null };
    await gmDo(world, () => actor(gm, BRAM).createEmbeddedDocuments("ActiveEffect", [{ _id: "enlargeEffect001", name: "Enlarge", flags: { clockwork: { spell: flag } } }], { keepId: true }));
    const large = snapshot(bob, BRAM);
    expect(large.size).toBe("large");
    // A larger body is easier to hit (§1.7 size table).
    expect(large.defense.base).toBeLessThan(before.defense.base);
    await gmDo(world, () => actor(gm, BRAM).deleteEmbeddedDocuments("ActiveEffect", ["enlargeEffect001"]));
    expect(snapshot(bob, BRAM).size).toBe("medium");
  });

  it("Ironskin counts as light armor with 2 resistance in every type", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    const source = named("alchemy", "Ironskin Potion");
    await gmDo(world, () => actor(gm, BRAM).createEmbeddedDocuments("Item", [{ _id: "alchIronskinPot1", name: source.name, type: source.type, system: { ...structuredClone(source.system), quantity: 1, container: "belt" }, flags: structuredClone(source.flags ?? {}) }], { keepId: true }));
    const before = snapshot(bob, BRAM);
    expect(before.armorWeight).toBe("none");
    await world.as(bob, () => actor(bob, BRAM).useAlchemy(actor(bob, BRAM).items.get("alchIronskinPot1")));
    await world.settle();
    const after = snapshot(gm, BRAM);
    expect(after.armorWeight).toBe("light");
    for (const [type, row] of Object.entries(after.resistances)) expect(row.total, type).toBe(before.resistances[type].total + 2);
  });
});
