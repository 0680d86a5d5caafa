/**
 * The playground's shared world (hub.ts) and a tab's proxy of it (remote.ts), joined by an
 * ordered in-memory channel instead of a WebSocket: one world, several tabs, each a client.
 * Writes reach the other tabs in order, refusals change nothing, queries travel between tabs,
 * a closed tab is its user going offline (a question waiting on it fails), and the state file
 * keeps the world across a restart. No system is booted (documents of the "base" type): the
 * transport does not depend on it; the e2e tests play the system across two pages.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadWorld, type World, type WorldClient } from "./index";
import { WorldHub } from "./hub";
import { hello, RemoteServer } from "./remote";
import { Channel } from "./wire";
import type { PlainObject } from "./utils";

/** The two ends of a connection; each message arrives one task later, in order, like a socket's. */
function connect(hub: WorldHub): Channel {
  const later = (fn: () => void) => void setImmediate(fn);
  const hubEnd: Channel = new Channel((text) => later(() => tab.deliver(text)), () => later(() => tab.ended()));
  const tab: Channel = new Channel((text) => later(() => hubEnd.deliver(text)), () => later(() => hubEnd.ended()));
  hub.attach(hubEnd);
  return tab;
}

interface Tab { world: World; client: WorldClient; remote: RemoteServer; channel: Channel; seed: boolean }

const opened: Tab[] = [];

/** A tab as the browser host opens one: hello, then a world of one connected client on the proxy. */
async function openTab(hub: WorldHub, user: string, options: { fresh?: boolean } = {}): Promise<Tab> {
  const channel = connect(hub);
  const welcome = await hello(channel, user, options);
  let remote: RemoteServer | undefined;
  const world = await loadWorld(welcome.snapshot, {
    packs: false, system: false, connect: [welcome.userId],
    server: (tracker, rules) => (remote = new RemoteServer(tracker, rules, channel, welcome)),
  });
  const tab = { world, client: world.player(user), remote: remote!, channel, seed: welcome.seed };
  opened.push(tab);
  return tab;
}

function close(tab: Tab): void {
  tab.channel.close();
}

afterEach(() => {
  for (const tab of opened.splice(0)) tab.channel.close();
});

type ActorClass = { create(data: object): Promise<{ id: string; update(d: object): Promise<unknown> } | undefined> };
const actorClass = (client: WorldClient) => (client.CONFIG as { Actor: { documentClass: ActorClass } }).Actor.documentClass;
type Queries = Record<string, (data: unknown) => unknown>;

/** Polls until the condition holds (messages cross tasks, not one settle). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("the playground's one world, shared by tabs", () => {
  it("only the first tab of an empty world fills it; a write in one tab reaches the others in order", async () => {
    const hub = new WorldHub();
    const gm = await openTab(hub, "Gamemaster");
    const alice = await openTab(hub, "Alice");
    expect([gm.seed, alice.seed]).toEqual([true, false]);
    await gm.remote.seedRemote("Actor", [{ _id: "seededActor00001", name: "Ada", type: "base", ownership: { default: 2 } }], { userId: gm.client.userId });
    await until(() => alice.client.game.actors.get("seededActor00001") !== undefined, "the seed in Alice's tab");

    const names: string[] = [];
    alice.client.Hooks.on("updateActor", (actor: { name: string }) => void names.push(actor.name));
    const actor = (await gm.world.as(gm.client, () => actorClass(gm.client).create({ name: "Grusha", type: "base" })))!;
    await until(() => alice.client.game.actors.get(actor.id) !== undefined, "the new actor in Alice's tab");
    // Three writes at once: the hub answers and broadcasts them in the order they were sent.
    await gm.world.as(gm.client, () => Promise.all(["one", "two", "three"].map((name) => actor.update({ name }))));
    await until(() => names.length === 3, "three updates in Alice's tab");
    expect(names).toEqual(["one", "two", "three"]);
    expect(hub.server.sources.Actor.get(actor.id)?.name).toBe("three");
    // Each tab's mirror is the hub's state.
    for (const tab of [gm, alice]) expect(tab.world.save().server).toEqual(hub.snapshot().server);
  });

  it("refuses a write the user may not make, in that tab only, and changes nothing", async () => {
    const hub = new WorldHub();
    const gm = await openTab(hub, "Gamemaster");
    const alice = await openTab(hub, "Alice");
    const actor = (await gm.world.as(gm.client, () => actorClass(gm.client).create({ name: "Grusha", type: "base" })))!;
    await until(() => alice.client.game.actors.get(actor.id) !== undefined, "the actor in Alice's tab");
    const before = JSON.stringify(hub.snapshot());
    const theirs = alice.client.game.actors.get(actor.id)!;
    await expect(alice.world.as(alice.client, () => theirs.update({ name: "Mine now" }))).rejects.toThrow(/Alice lacks permission to update Actor/);
    expect(alice.client.notifications.at(-1)).toMatchObject({ type: "error" });
    expect(JSON.stringify(hub.snapshot())).toBe(before);
    expect(gm.client.game.actors.get(actor.id)!.name).toBe("Grusha");
  });

  it("carries a query to the other tab's user and its answer back; the asker is the connection's user", async () => {
    const hub = new WorldHub();
    const gm = await openTab(hub, "Gamemaster");
    const alice = await openTab(hub, "Alice");
    const seen: unknown[] = [];
    (gm.client.CONFIG.queries as Queries)["clockwork.echo"] = (data) => {
      seen.push(data);
      return { by: (globalThis as unknown as { game: { user: { name: string } } }).game.user.name, data };
    };
    (alice.client.CONFIG.queries as Queries)["clockwork.echo"] = () => null;
    const gmUser = alice.client.game.users.activeGM!;
    expect(gmUser.id).toBe(gm.client.userId);
    const answer = await alice.world.as(alice.client, () => gmUser.query("clockwork.echo", { x: 1 }));
    expect(answer).toEqual({ by: "Gamemaster", data: { x: 1 } });
    expect(seen).toEqual([{ x: 1 }]);
  });

  it("a tab that closes is its user going offline: a question waiting on it fails, later ones are refused", async () => {
    const hub = new WorldHub();
    const gm = await openTab(hub, "Gamemaster");
    const alice = await openTab(hub, "Alice");
    (gm.client.CONFIG.queries as Queries)["clockwork.never"] = () => new Promise(() => undefined);
    (alice.client.CONFIG.queries as Queries)["clockwork.never"] = () => null;
    const changes: [string, boolean][] = [];
    alice.client.Hooks.on("userConnected", (user: { name: string }, active: boolean) => void changes.push([user.name, active]));
    const gmUser = alice.client.game.users.activeGM!;
    const waiting = alice.world.as(alice.client, () => gmUser.query("clockwork.never", {}));
    await until(() => hub.server.isActive(gm.client.userId), "the GM connected");
    close(gm);
    await expect(waiting).rejects.toThrow(/disconnected before answering/);
    await until(() => changes.length === 1, "the GM's presence in Alice's tab");
    expect(changes).toEqual([["Gamemaster", false]]);
    expect(alice.client.game.users.activeGM).toBeNull();
    expect(hub.active).toEqual([alice.client.userId]);
    // A second tab of the same user keeps it connected when one of them closes.
    const alice2 = await openTab(hub, "Alice");
    close(alice);
    await until(() => hub.server.clients.length === 1, "Alice's first tab gone");
    expect(hub.active).toEqual([alice2.client.userId]);
  });

  it("a question no one answers in time fails with the timeout", async () => {
    const hub = new WorldHub();
    const gm = await openTab(hub, "Gamemaster");
    const alice = await openTab(hub, "Alice");
    (gm.client.CONFIG.queries as Queries)["clockwork.never"] = () => new Promise(() => undefined);
    (alice.client.CONFIG.queries as Queries)["clockwork.never"] = () => null;
    const gmUser = alice.client.game.users.activeGM!;
    await expect(alice.world.as(alice.client, () => gmUser.query("clockwork.never", {}, { timeout: 30 }))).rejects.toThrow(/timed out after 30ms/);
  });

  it("keeps the world in its state file across a restart; a reset empties it and tells every tab", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cw-hub-"));
    try {
      const state = join(dir, "world.json");
      const hub = new WorldHub({ state, saveDelay: 5 });
      const gm = await openTab(hub, "Gamemaster");
      await gm.remote.seedRemote("Actor", [{ _id: "seededActor00001", name: "Ada", type: "base" }], { userId: gm.client.userId });
      await gm.world.as(gm.client, () => gm.client.game.actors.get("seededActor00001")!.update({ name: "Ada L." }));
      await gm.remote.flush();
      hub.close();
      const again = new WorldHub({ state });
      expect(again.seeded).toBe(true);
      expect((again.server.sources.Actor.get("seededActor00001") as PlainObject).name).toBe("Ada L.");
      const reopened = await openTab(again, "Gamemaster");
      expect(reopened.seed).toBe(false);
      expect(reopened.client.game.actors.get("seededActor00001")?.name).toBe("Ada L.");

      let resets = 0;
      reopened.remote.onReset = () => void resets++;
      const fresh = await openTab(again, "Alice", { fresh: true });
      expect(fresh.seed).toBe(true);
      await until(() => resets === 1, "the reset in the GM's tab");
      expect(again.server.sources.Actor.size).toBe(0);
      expect(again.server.sources.User.size).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
