/**
 * Contract: game.time (client/helpers/time.mjs v13): the world time is the GM-written world
 * setting `core.time`; every connected client calls `updateWorldTime(worldTime, delta, options, userId)`.
 */
import { describe, expect, it } from "vitest";
import { createWorld, loadWorld } from "./index";

type Call = [string, number, number, string];

function record(world: Awaited<ReturnType<typeof createWorld>>): Call[] {
  const calls: Call[] = [];
  for (const client of world.clients) {
    client.Hooks.on("updateWorldTime", (time: number, delta: number, _options: unknown, userId: string) => {
      calls.push([(globalThis as unknown as { game: { user: { name: string } } }).game.user.name, time, delta, userId]);
    });
  }
  return calls;
}

describe("game.time", () => {
  it("starts at 0 and advances on every client, each calling updateWorldTime in its own scope", async () => {
    const world = await createWorld({ packs: false, system: false });
    const calls = record(world);
    expect(world.clients.map((c) => c.game.time.worldTime)).toEqual([0, 0, 0]);
    const result = await world.as(world.gm, () => world.gm.game.time.advance(3600));
    await world.settle();
    expect(result).toBe(3600);
    expect(world.clients.map((c) => c.game.time.worldTime)).toEqual([3600, 3600, 3600]);
    expect(calls.sort()).toEqual([["Alice", 3600, 3600, world.gm.userId], ["Bob", 3600, 3600, world.gm.userId], ["Gamemaster", 3600, 3600, world.gm.userId]]);
    calls.length = 0;
    await world.as(world.gm, () => world.gm.game.time.advance(30 * 3600));
    await world.settle();
    expect(calls.map((c) => c.slice(1, 3))).toEqual([[111600, 108000], [111600, 108000], [111600, 108000]]);
    expect(world.gm.game.settings.get("core", "time")).toBe(111600);
  });

  it("refuses a player's advance (a world setting: SETTINGS_MODIFY) and calls no hook", async () => {
    const world = await createWorld({ packs: false, system: false });
    const calls = record(world);
    const alice = world.player("Alice");
    await expect(world.as(alice, () => alice.game.time.advance(60))).rejects.toThrow("lacks permission");
    await world.settle();
    expect(calls).toEqual([]);
    expect(alice.game.time.worldTime).toBe(0);
    expect(alice.notifications.at(-1)?.type).toBe("error");
  });

  it("an offline client misses the hook but reads the current time when it reconnects; the delta counts from there", async () => {
    const world = await createWorld({ packs: false, system: false });
    const bob = world.player("Bob");
    bob.disconnect();
    await world.as(world.gm, () => world.gm.game.time.advance(100));
    await world.settle();
    const calls = record(world);
    await bob.connect();
    expect(bob.game.time.worldTime).toBe(100);
    await world.as(world.gm, () => world.gm.game.time.advance(20));
    await world.settle();
    expect(calls.filter((c) => c[0] === "Bob")).toEqual([["Bob", 120, 20, world.gm.userId]]);
  });

  it("survives a save and load", async () => {
    const world = await createWorld({ packs: false, system: false });
    await world.as(world.gm, () => world.gm.game.time.advance(7200));
    await world.settle();
    const loaded = await loadWorld(world.save() as Parameters<typeof loadWorld>[0], { packs: false, system: false });
    expect(loaded.clients.map((c) => c.game.time.worldTime)).toEqual([7200, 7200, 7200]);
  });
});
