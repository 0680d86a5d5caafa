/**
 * Contract: `CONFIG.queries` and `User#query` (client/documents/user.mjs): the handler runs on
 * the queried user's client and its value comes back; unknown queries, inactive users,
 * disconnection and timeouts reject. The handler's second argument is only `{timeout}` on v13
 * (client/documents/collections/users.mjs, `#handleUserQuery`): no asking user; v14 adds the
 * asking `user`, as public v14 module handlers read it (`(request, {user})`).
 * The handler's options on v13, unregistered names and timeouts are checks of the contract
 * suite (src/selftest/contracts/checks/users.ts); these tests keep what needs two clients.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type WorldClient } from "./index";

type Queries = Record<string, (data: unknown, options: { timeout?: number }) => unknown>;
const queries = (client: WorldClient) => client.CONFIG.queries as Queries;

describe("User#query", () => {
  it("runs the handler on the target user's client and resolves its answer", async () => {
    const world = await createWorld({ packs: false, system: false });
    const alice = world.player("Alice");
    for (const client of world.clients) {
      queries(client)["clockwork.whoAmI"] = (data) => ({ me: (globalThis as unknown as { game: { user: { name: string } } }).game.user.name, got: data });
    }
    const gmUser = alice.game.users.activeGM!;
    const answer = await world.as(alice, () => gmUser.query("clockwork.whoAmI", { x: 1 }));
    expect(answer).toEqual({ me: "Gamemaster", got: { x: 1 } });
  });

  it("hands the handler {timeout, user} on v14: the asking user as the socket names it, whatever the data claims", async () => {
    const world = await createWorld({ packs: false, system: false, profile: "v14" });
    const alice = world.player("Alice");
    const seen: { data: unknown; options: { timeout?: number; user?: { id: string | null; name: string } } }[] = [];
    for (const client of world.clients) queries(client)["clockwork.args"] = (data, options) => { seen.push({ data, options: options as never }); return null; };
    await world.as(alice, () => alice.game.users.activeGM!.query("clockwork.args", { userId: world.gm.userId }, { timeout: 5000 }));
    expect(seen).toHaveLength(1);
    expect(Object.keys(seen[0]!.options).sort()).toEqual(["timeout", "user"]);
    expect(seen[0]!.options.timeout).toBe(5000);
    // The GM's own document of Alice, not the id the data claims.
    expect(seen[0]!.options.user).toBe(world.gm.game.users.get(alice.userId));
    expect(seen[0]!.options.user?.name).toBe("Alice");
  });

  it("rejects when the handler throws, with its message", async () => {
    const world = await createWorld({ packs: false, system: false });
    for (const client of world.clients) queries(client)["clockwork.fail"] = () => { throw new Error("no such luck"); };
    const alice = world.player("Alice");
    await expect(world.as(alice, () => alice.game.users.activeGM!.query("clockwork.fail", {}))).rejects.toThrow("no such luck");
  });

  it("rejects when no GM is online: the user is not active", async () => {
    const world = await createWorld({ packs: false, system: false, users: [{ name: "Gamemaster", role: "gm", active: false }, { name: "Alice", role: "player" }] });
    const alice = world.player("Alice");
    queries(alice)["clockwork.ping"] = () => "pong";
    expect(alice.game.users.activeGM).toBeNull();
    const gmUser = alice.game.users.find((u) => u.isGM)!;
    await expect(world.as(alice, () => gmUser.query("clockwork.ping", {}))).rejects.toThrow(`User [${gmUser.id}] is not active`);
  });

  it("rejects when the queried user disconnects before answering", async () => {
    const world = await createWorld({ packs: false, system: false });
    for (const client of world.clients) queries(client)["clockwork.slow"] = () => new Promise((resolve) => setTimeout(() => resolve("late"), 100));
    const alice = world.player("Alice");
    const pending = world.as(alice, () => alice.game.users.activeGM!.query("clockwork.slow", {}));
    setTimeout(() => world.gm.disconnect(), 10);
    await expect(pending).rejects.toThrow(/disconnected/);
    await world.settle();
  });
});
