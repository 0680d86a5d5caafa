/**
 * The scene's global pool in the multi-user world: the GM sets it in the scene configuration
 * (preset or custom); it refills 1 point per in-world hour on `updateWorldTime`, written once by
 * the active GM, exactly across a 30-hour skip; players channel from it through the GM, never
 * set it; two players channeling at once never take more than it holds; without a GM nothing
 * changes and the player is told why.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, type WorldClient } from "../world";
import { BRAM, GRUSHA, ILINDE, actorUuid, doc, flush, sceneUuid, seedArena } from "./world-fixtures";
import { startClock } from "./time";
import { RELAY_QUERY, writeOwned } from "../../src/relay";

interface SceneView {
  flags: { clockwork?: { manaPool?: { connection: string; max: number; value: number; refilledAt: number } } };
  update(changes: object): Promise<unknown>;
}
interface ManaActor {
  system: { mana: { value: number; max: number } };
  update(changes: object): Promise<unknown>;
  channelMana(amount: number): Promise<unknown>;
}
const scene = (client: WorldClient) => doc<SceneView>(client, sceneUuid);
const pool = (client: WorldClient) => scene(client).flags.clockwork?.manaPool;
const mana = (client: WorldClient, id: string) => doc<ManaActor>(client, actorUuid(id));

afterEach(() => clearQueuedFaces());

/** Counts the scene writes the server applies, by author. */
function sceneWrites(client: WorldClient): string[] {
  const authors: string[] = [];
  client.Hooks.on("updateScene", (_s: unknown, _c: unknown, _o: unknown, userId: string) => authors.push(userId));
  return authors;
}

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("the global mana pool", { timeout: 20_000 }, () => {
  it("is set by the GM in the scene configuration: presets, custom, and a resize keeps what was drained", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { pool: null, combat: false });
    await startClock(world, 7200);
    expect(pool(alice)).toBeUndefined();
    await world.as(gm, () => scene(gm).update({ "flags.clockwork.manaPoolConfig": { connection: "middling", custom: "" } }));
    await world.settle();
    expect(pool(alice)).toEqual({ connection: "middling", max: 48, value: 48, refilledAt: 7200 });
    expect((scene(gm).flags.clockwork as Record<string, unknown>).manaPoolConfig).toBeUndefined();
    await world.as(gm, () => writeOwned([{ op: "pool", uuid: sceneUuid, drain: 10 }]));
    await world.as(gm, () => scene(gm).update({ flags: { clockwork: { manaPoolConfig: { connection: "custom", custom: 70 } } } }));
    await world.settle();
    expect(pool(alice)).toMatchObject({ connection: "custom", max: 70, value: 60 });
    await world.as(gm, () => scene(gm).update({ "flags.clockwork.manaPoolConfig": { connection: "custom", custom: -3 } }));
    await world.settle();
    expect(gm.notifications.at(-1)).toEqual({ type: "error", message: "That global mana pool is not valid; the scene was not changed." });
    expect(pool(alice)?.max).toBe(70);
  });

  it("refills one point per in-world hour, exactly across a 30-hour skip, written once by the GM", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedArena(world, { combat: false, pool: { connection: "strong", max: 60, value: 10, refilledAt: 0 } });
    const clock = await startClock(world);
    const writes = sceneWrites(bob);
    await clock.advance(1800);
    await flush(world);
    expect(pool(bob)?.value).toBe(10);
    expect(writes).toEqual([]);
    await clock.advance(30 * 3600);
    await flush(world);
    // 30.5 hours since the clock's start: 30 points, the half hour carried. The GM's refill
    // follows the time change: let it land, then count the writes.
    await world.settle();
    expect(pool(bob)).toEqual({ connection: "strong", max: 60, value: 40, refilledAt: 30 * 3600 });
    await flush(world);
    expect(writes).toEqual([gm.userId]);
    await clock.advance(1800);
    await flush(world);
    await world.settle();
    expect(pool(alice)?.value).toBe(41);
    await clock.advance(100 * 3600);
    await flush(world);
    await world.settle();
    expect(pool(alice)?.value).toBe(60);
    expect([...gm.errors, ...alice.errors]).toEqual([]);
  });

  it("players channel through the GM and can never set the pool", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    await world.as(alice, () => mana(alice, ILINDE).update({ "system.mana.value": 10 }));
    await world.settle();
    const queries: unknown[] = [];
    const handlers = gm.CONFIG.queries as Record<string, (d: unknown, o: object) => unknown>;
    const original = handlers[RELAY_QUERY];
    handlers[RELAY_QUERY] = (data, options) => {
      queries.push(data);
      return original(data, options);
    };
    await world.as(alice, () => mana(alice, ILINDE).channelMana(20));
    await world.settle();
    // One relayed request: the drain, for Alice's own note of her channeling (her mana she writes herself).
    expect(queries).toMatchObject([{ kind: "channel", userId: alice.userId }]);
    expect(mana(gm, ILINDE).system.mana.value).toBe(30);
    expect(pool(gm)?.value).toBe(40);
    const forged = await world.as(alice, () => writeOwned([{ op: "pool", uuid: sceneUuid, set: { connection: "strong", max: 60, value: 60, refilledAt: 0 } }], { notify: false }));
    expect(forged.ok).toBe(false);
    expect(pool(gm)?.value).toBe(40);
  });

  it("a player cannot set another's mana or damage an NPC with raw writes: refused on their own client, asking no one", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    const ilinde = mana(gm, ILINDE).system.mana.value;
    expect(ilinde).toBeGreaterThan(5);
    const grusha = () => doc<{ system: { health: { hits: number } } }>(gm, actorUuid(GRUSHA)).system.health.hits;
    const drained = await world.as(bob, () => writeOwned([{ op: "mana", uuid: actorUuid(ILINDE), value: 0 }]));
    await world.settle();
    expect(drained).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.NotOwned", data: { name: "Ilinde" } } });
    expect(bob.notifications.at(-1)).toEqual({ type: "error", message: "You do not own Ilinde: that change needs its card's Apply (through the Gamemaster). Nothing was changed." });
    expect(mana(gm, ILINDE).system.mana.value).toBe(ilinde);
    const result = await world.as(bob, () => writeOwned([{ op: "damage", uuid: actorUuid(GRUSHA), amount: 4 }, { op: "effect", uuid: actorUuid(GRUSHA), effect: { name: "Hex" } }], { notify: false }));
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.NotOwned" } });
    await world.settle();
    expect(grusha()).toBe(0);
    expect([...doc<{ effects: Iterable<unknown> }>(gm, actorUuid(GRUSHA)).effects]).toEqual([]);
  });

  it("two players channeling at once never take more than the pool holds", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedArena(world, { combat: false, pool: { connection: "custom", max: 60, value: 8, refilledAt: 0 } });
    await world.as(alice, () => mana(alice, ILINDE).update({ "system.mana.value": 0 }));
    await world.as(gm, () => mana(gm, BRAM).update({ "system.mana.value": 0 }));
    await world.settle();
    expect(mana(bob, BRAM).system.mana.max).toBeGreaterThanOrEqual(6);
    const [a, b] = await Promise.all([
      world.as(alice, () => mana(alice, ILINDE).channelMana(6)),
      world.as(bob, () => mana(bob, BRAM).channelMana(6)),
    ]);
    await world.settle();
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(pool(gm)?.value).toBe(2);
    expect(mana(gm, ILINDE).system.mana.value + mana(gm, BRAM).system.mana.value).toBe(6);
    const refused = [...alice.notifications, ...bob.notifications].filter((n) => n.type === "warn" || n.type === "error");
    expect(refused).toHaveLength(1);
    expect(refused[0].message).toBe("The global mana pool holds only 2 mana.");
  });

  it("without a connected GM nothing changes and the player is told why", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    await world.as(alice, () => mana(alice, ILINDE).update({ "system.mana.value": 10 }));
    await world.settle();
    gm.disconnect();
    await world.as(alice, () => mana(alice, ILINDE).channelMana(5));
    await world.settle();
    expect(alice.notifications.at(-1)).toEqual({ type: "error", message: "This needs a connected GM (the scene's pool or another's creature); nothing was changed." });
    expect(mana(alice, ILINDE).system.mana.value).toBe(10);
    expect(pool(alice)?.value).toBe(60);
  });
});
