/**
 * The world migration on `ready` runs only on the designated GM, connected (requests-attack.md
 * #10): a second GM does not run it, a GM client that lost the server neither migrates nor tries
 * to write, and the designated GM does.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type WorldClient } from "../world";
import { MIGRATION_SETTING, migrateOnReady, migrateWorld } from "../../src/migrations/world";
import { readyMigration } from "../../src/migrations";

/**
 * Foundry reports a lost server as `game.socket.connected === false`; the test world has no
 * `game.socket` (a disconnected client keeps its last view of who is active), so the test sets it
 * as core's socket would read.
 */
function loseServer(client: WorldClient): void {
  client.disconnect();
  (client.game as unknown as { socket: { connected: boolean } }).socket = { connected: false };
}

describe("the world migration on ready", () => {
  it("runs on the designated GM only; a GM client that lost the server neither migrates nor writes", async () => {
    const world = await createWorld({ packs: false, users: [{ name: "First GM", role: "gm" }, { name: "Second GM", role: "gm" }, { name: "Alice", role: "player" }] });
    const [first, second] = world.clients;
    // The migration each client starts on `ready` is let end first.
    for (const client of [first, second]) await world.as(client, () => readyMigration());
    await world.seed("Actor", [{ name: "Old", type: "character" }]);
    await world.as(first, () => first.game.settings.set("clockwork", MIGRATION_SETTING, "0.1.0"));
    await world.settle();
    // The first GM is the designated one: the second leaves it alone.
    expect(await world.as(second, () => migrateOnReady())).toBeNull();
    loseServer(first);
    await world.settle();
    expect(await world.as(first, () => migrateOnReady())).toBeNull();
    expect(await world.as(first, () => migrateWorld())).toEqual({ written: 0, checked: 0, failures: [] });
    expect(first.notifications).toEqual([]);
    expect(first.errors).toEqual([]);
    expect(second.game.settings.get("clockwork", MIGRATION_SETTING)).toBe("0.1.0");
    // Now the second GM is the designated one, and migrates.
    const report = await world.as(second, () => migrateOnReady());
    await world.settle();
    expect(report).toMatchObject({ failures: [] });
    expect(second.game.settings.get("clockwork", MIGRATION_SETTING)).not.toBe("0.1.0");
  });
});
