/**
 * Contract: game.settings (client/helpers/client-settings.mjs) and the v14 profile.
 */
import { describe, expect, it } from "vitest";
import { createWorld } from "./index";

describe("settings", () => {
  it("throw for keys nobody registered, as core does", async () => {
    const world = await createWorld({ packs: false });
    const settings = world.gm.game.settings;
    expect(() => settings.get("clockwork", "noSuchSetting")).toThrow('"clockwork.noSuchSetting" is not a registered game setting');
    await expect(settings.set("clockwork", "noSuchSetting", 1)).rejects.toThrow("is not a registered game setting");
  });

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
  it("reports generation 14 and has core.messageMode instead of core.rollMode", async () => {
    const world = await createWorld({ packs: false, profile: "v14" });
    const game = world.gm.game;
    expect(game.release.generation).toBe(14);
    expect(game.settings.get("core", "messageMode")).toBe("public");
    expect(() => game.settings.get("core", "rollMode")).toThrow("is not a registered game setting");
    expect(Object.keys((world.gm.CONFIG.ChatMessage as { modes: object }).modes)).toEqual(["public", "gm", "blind", "self", "ic"]);
  });

  it("is v13 by default", async () => {
    const world = await createWorld({ packs: false, system: false });
    expect(world.gm.game.release.generation).toBe(13);
    expect(world.gm.game.settings.get("core", "rollMode")).toBe("publicroll");
    expect(() => world.gm.game.settings.get("core", "messageMode")).toThrow();
  });
});
