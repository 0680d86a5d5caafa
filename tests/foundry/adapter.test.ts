/**
 * The Foundry adapter (src/foundry/) on the multi-user test world: the one designated-GM check,
 * settings, queries, hooks and localized notifications, each run as a given user's client.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "../world";
import {
  activeGM, configEntry, currentUserId, documentImplementation, foundryMember, getSetting, hooks, isDesignatedGM, localize, notify, queryUser,
  registerMenu, registerQuery, resolveUuidSync, setSetting, userById, worldTime, type QueryUser,
} from "../../src/foundry";

const FIRST_GM = "AAAAAAAAAAAAAAAA";
const SECOND_GM = "BBBBBBBBBBBBBBBB";
const PLAYER = "CCCCCCCCCCCCCCCC";

let world: World;

beforeAll(async () => {
  world = await createWorld({
    packs: false,
    users: [
      { name: "Second GM", role: "gm", id: SECOND_GM },
      { name: "First GM", role: "gm", id: FIRST_GM },
      { name: "Alice", role: "player", id: PLAYER },
    ],
  });
});

describe("isDesignatedGM", () => {
  it("is true only on the active GM's client: not on a player's, not on a second GM's", async () => {
    expect(await world.as(world.player("First GM"), () => [isDesignatedGM(), activeGM<QueryUser>()?.id])).toEqual([true, FIRST_GM]);
    expect(await world.as(world.player("Second GM"), () => [isDesignatedGM(), activeGM<QueryUser>()?.id])).toEqual([false, FIRST_GM]);
    expect(await world.as(world.player("Alice"), () => [isDesignatedGM(), activeGM<QueryUser>()?.id])).toEqual([false, FIRST_GM]);
  });

  it("passes to the second GM when the first has no client connected", async () => {
    const w = await createWorld({
      packs: false, system: false,
      users: [{ name: "First GM", role: "gm", id: FIRST_GM, active: false }, { name: "Second GM", role: "gm", id: SECOND_GM }, { name: "Alice", role: "player", id: PLAYER }],
    });
    expect(await w.as(w.player("Second GM"), () => isDesignatedGM())).toBe(true);
    expect(await w.as(w.player("Alice"), () => isDesignatedGM())).toBe(false);
  });
});

describe("users and game", () => {
  it("reads this client's user and looks users up by id", async () => {
    const alice = world.player("Alice");
    expect(await world.as(alice, () => currentUserId())).toBe(PLAYER);
    expect(await world.as(alice, () => userById<{ name: string; isGM: boolean }>(FIRST_GM))).toMatchObject({ name: "First GM", isGM: true });
    expect(await world.as(alice, () => userById("nobody-here-0000"))).toBeUndefined();
    expect(await world.as(alice, () => worldTime())).toBe(0);
  });
});

describe("resolveUuidSync", () => {
  it("finds a document, and answers null for whatever a forged request may carry instead of throwing", async () => {
    const alice = world.player("Alice");
    expect(await world.as(alice, () => resolveUuidSync<{ name: string }>(`User.${FIRST_GM}`))).toMatchObject({ name: "First GM" });
    for (const bad of [undefined, null, 42, {}, "", "x".repeat(300), "Actor.nope0000000000", "Not a uuid at all..."]) {
      expect(await world.as(alice, () => resolveUuidSync(bad)), String(bad)).toBeNull();
    }
    // A lookup that throws (core's fromUuidSync throws on some malformed UUIDs) is a null too.
    const lookup = (globalThis as { fromUuidSync?: unknown }).fromUuidSync;
    (globalThis as { fromUuidSync?: unknown }).fromUuidSync = () => { throw new Error("malformed"); };
    try {
      expect(resolveUuidSync("Actor.x")).toBeNull();
    } finally {
      (globalThis as { fromUuidSync?: unknown }).fromUuidSync = lookup;
    }
  });
});

describe("settings", () => {
  it("reads a registered setting, and gives undefined for an unregistered one instead of throwing", async () => {
    const gm = world.player("First GM");
    await world.as(gm, () => setSetting("clockwork", "reactionTimeout", 45));
    await world.settle();
    expect(await world.as(world.player("Alice"), () => getSetting("clockwork", "reactionTimeout"))).toBe(45);
    expect(await world.as(gm, () => getSetting("clockwork", "noSuchSetting" as never))).toBeUndefined();
  });
});

describe("settings menus", () => {
  it("registers a menu on this client's settings", async () => {
    const gm = world.player("First GM");
    await world.as(gm, () => registerMenu("clockwork", "adapterTest", { name: "Adapter", restricted: true }));
    const menus = (gm.game.settings as unknown as { menus: Map<string, { name: string; restricted: boolean }> }).menus;
    expect(menus.get("clockwork.adapterTest")).toMatchObject({ name: "Adapter", restricted: true });
  });
});

describe("CONFIG and the foundry namespace", () => {
  it("reads a CONFIG entry by name, undefined when it does not exist", async () => {
    const gm = world.player("First GM");
    expect(await world.as(gm, () => configEntry<{ documentClass?: unknown }>("Actor")?.documentClass)).toBeTypeOf("function");
    expect(await world.as(gm, () => configEntry("NoSuchEntry"))).toBeUndefined();
  });

  it("gives the configured document class, as core's `implementation` does", async () => {
    const gm = world.player("First GM");
    const [configured, implementation] = await world.as(gm, () => [documentImplementation("Actor"), Actor.implementation]);
    expect(configured).toBeTypeOf("function");
    expect(configured).toBe(implementation);
  });

  it("reads a member of `foundry` by dotted path, undefined where the path breaks off", async () => {
    const gm = world.player("First GM");
    expect(await world.as(gm, () => foundryMember("utils.escapeHTML"))).toBeTypeOf("function");
    expect(await world.as(gm, () => foundryMember("no.such.path"))).toBeUndefined();
  });
});

describe("queries", () => {
  it("runs a registered handler on the queried user's client and resolves its answer", async () => {
    for (const client of world.clients) await world.as(client, () => registerQuery("clockwork.adapterTest", (data: { n: number }) => ({ n: data.n + 1, ran: currentUserId() })));
    const answer = await world.as(world.player("Alice"), () => queryUser(activeGM<QueryUser>()!, "clockwork.adapterTest", { n: 1 }));
    expect(answer).toEqual({ n: 2, ran: FIRST_GM });
  });
});

describe("hooks", () => {
  it("calls system hooks by name; call() is false when a handler vetoes", async () => {
    const gm = world.player("First GM");
    const seen: unknown[] = [];
    await world.as(gm, () => {
      hooks().on("clockwork.adapterTest", (value: never) => { seen.push(value); return false; });
    });
    expect(await world.as(gm, () => hooks().call("clockwork.adapterTest", 7))).toBe(false);
    expect(await world.as(gm, () => hooks().callAll("clockwork.adapterTest", 8))).toBe(true);
    expect(seen).toEqual([7, 8]);
  });
});

describe("i18n and notify", () => {
  it("localizes and formats through game.i18n; unknown keys come back as themselves", async () => {
    const alice = world.player("Alice");
    expect(await world.as(alice, () => localize("CLOCKWORK.Dialog.Cancel"))).not.toBe("CLOCKWORK.Dialog.Cancel");
    expect(await world.as(alice, () => localize("CLOCKWORK.No.Such.Key"))).toBe("CLOCKWORK.No.Such.Key");
  });

  it("shows a localized notification to this user only", async () => {
    const alice = world.player("Alice");
    const before = world.player("First GM").notifications.length;
    await world.as(alice, () => notify("warn", "CLOCKWORK.Dialog.Cancel"));
    const expected = await world.as(alice, () => localize("CLOCKWORK.Dialog.Cancel"));
    expect(alice.notifications.at(-1)).toEqual({ type: "warn", message: expected });
    expect(world.player("First GM").notifications.length).toBe(before);
  });
});
