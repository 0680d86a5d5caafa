/**
 * Contract: game.settings (client/helpers/client-settings.mjs) and the v14 profile.
 * Unregistered keys are a check of the contract suite (src/selftest/contracts/checks/settings.ts).
 */
import { describe, expect, it } from "vitest";
import { createWorld, defaultProfile } from "./index";

describe("settings", () => {
  it("store world settings on the server: a GM's change reaches every client and calls onChange there", async () => {
    const world = await createWorld({ packs: false, system: false });
    const calls: [string, unknown, string][] = [];
    for (const client of world.clients) {
      client.game.settings.register("clockwork", "difficulty", {
        scope: "world", type: Number, default: 1, onChange: (value, _options, userId) => calls.push([client.user.name, value, userId]),
      });
    }
    await world.as(world.gm, () => world.gm.game.settings.set("clockwork", "difficulty", 3));
    await world.settle();
    expect(world.clients.map((c) => c.game.settings.get("clockwork", "difficulty"))).toEqual([3, 3, 3]);
    expect(calls.sort()).toEqual([["Alice", 3, world.gm.userId], ["Bob", 3, world.gm.userId], ["Gamemaster", 3, world.gm.userId]]);
    await world.as(world.gm, () => world.gm.game.settings.set("clockwork", "difficulty", 4));
    await world.settle();
    expect(world.player("Bob").game.settings.get("clockwork", "difficulty")).toBe(4);
  });

  it("refuse a player's write of a world setting (SETTINGS_MODIFY)", async () => {
    const world = await createWorld({ packs: false, system: false });
    const alice = world.player("Alice");
    alice.game.settings.register("clockwork", "difficulty", { scope: "world", type: Number, default: 1 });
    await expect(world.as(alice, () => alice.game.settings.set("clockwork", "difficulty", 9))).rejects.toThrow("User Alice lacks permission to create a new Setting");
    expect(alice.notifications.at(-1)?.type).toBe("error");
  });

  it("keep client settings per client, onChange only there", async () => {
    const world = await createWorld({ packs: false });
    const alice = world.player("Alice");
    await world.as(alice, () => alice.game.settings.set("core", "rollMode", "gmroll"));
    expect(alice.game.settings.get("core", "rollMode")).toBe("gmroll");
    expect(world.gm.game.settings.get("core", "rollMode")).toBe("publicroll");
  });
});

describe("the v14 profile", () => {
  it("reports generation 14 and has core.messageMode; core.rollMode is deprecated, not gone", async () => {
    const world = await createWorld({ packs: false, profile: "v14" });
    const game = world.gm.game;
    expect(game.release.generation).toBe(14);
    expect(game.settings.get("core", "messageMode")).toBe("public");
    expect(world.gm.deprecations).toEqual([]);
    // v14 keeps core.rollMode until v16: reading it warns and answers from core.messageMode.
    expect(game.settings.get("core", "rollMode")).toBe("publicroll");
    expect(world.gm.deprecations).toEqual(["The core.rollMode setting is deprecated in favor of core.messageMode"]);
    await world.as(world.gm, () => game.settings.set("core", "rollMode", "gmroll"));
    expect(game.settings.get("core", "messageMode")).toBe("gm");
    expect(Object.keys((world.gm.CONFIG.ChatMessage as { modes: object }).modes)).toEqual(["public", "gm", "blind", "self", "ic"]);
  });

  it("has v14's deletion operator, and warns about the -= spelling", async () => {
    const world = await createWorld({ packs: false, system: false, profile: "v14" });
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character", flags: { clockwork: { a: 1, b: 2 } } }]);
    const gm = world.gm;
    const del = await world.as(gm, () => (globalThis as unknown as { foundry: { data: { operators: { ForcedDeletion: { create(): unknown } } } } }).foundry.data.operators.ForcedDeletion.create());
    await world.as(gm, () => gm.game.actors.get(id!)!.update({ "flags.clockwork.a": del }));
    await world.settle();
    for (const client of world.clients) expect((client.game.actors.get(id!) as unknown as { flags: object }).flags).toEqual({ clockwork: { b: 2 } });
    expect(gm.deprecations).toEqual([]);
    await world.as(gm, () => gm.game.actors.get(id!)!.update({ "flags.clockwork.-=b": null }));
    expect((gm.game.actors.get(id!) as unknown as { flags: object }).flags).toEqual({ clockwork: {} });
    expect(gm.deprecations).toHaveLength(1);
    const v13 = await createWorld({ packs: false, system: false, profile: "v13" });
    expect(await v13.as(v13.gm, () => (globalThis as unknown as { foundry: { data: { operators?: unknown } } }).foundry.data.operators)).toBeUndefined();
  });

  it("migrates a v13-shaped ActiveEffect to v14's shape, with a warning", async () => {
    const world = await createWorld({ packs: false, system: false, profile: "v14" });
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }]);
    const actor = world.gm.game.actors.get(id!)!;
    const [legacy] = await world.as(world.gm, () => actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Old", duration: { rounds: 3, startRound: 2, startTurn: 1, combat: "c1" }, changes: [{ key: "system.x", value: "1", mode: 2 }] }]));
    expect((legacy as unknown as { _source: object })._source).toMatchObject({ duration: { value: 3, units: "rounds", expiry: null }, start: { combat: "c1", round: 2, turn: 1 }, system: { changes: [{ key: "system.x", value: "1", type: "add" }] } });
    expect(world.gm.deprecations).toHaveLength(2);
    const [current] = await world.as(world.gm, () => actor.createEmbeddedDocuments("ActiveEffect", [{ name: "New", duration: { value: 10, units: "minutes", expiry: null } }]));
    expect((current as unknown as { _source: { duration: object } })._source.duration).toEqual({ value: 10, units: "minutes", expiry: null });
    expect(world.gm.deprecations).toHaveLength(2);
  });

  it("is v13 by default (CLOCKWORK_PROFILE unset), v14 when it says so", async () => {
    const env = process.env.CLOCKWORK_PROFILE;
    try {
      process.env.CLOCKWORK_PROFILE = "v14";
      expect(defaultProfile()).toBe("v14");
      process.env.CLOCKWORK_PROFILE = "v12";
      expect(() => defaultProfile()).toThrow("CLOCKWORK_PROFILE must be v13 or v14");
      delete process.env.CLOCKWORK_PROFILE;
      expect(defaultProfile()).toBe("v13");
    } finally {
      if (env === undefined) delete process.env.CLOCKWORK_PROFILE;
      else process.env.CLOCKWORK_PROFILE = env;
    }
  });

  it("a v13 world reads core.rollMode and has no core.messageMode", async () => {
    const world = await createWorld({ packs: false, system: false, profile: "v13" });
    expect(world.gm.game.release.generation).toBe(13);
    expect(world.gm.game.settings.get("core", "rollMode")).toBe("publicroll");
    expect(() => world.gm.game.settings.get("core", "messageMode")).toThrow();
  });
});
