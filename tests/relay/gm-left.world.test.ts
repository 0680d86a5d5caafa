/**
 * A GM who leaves mid-request is told apart from a GM who does not answer in time (issue 34
 * item 5). Core rejects a pending `User#query` when its user disconnects (the server answers
 * "rejected", client/documents/user.mjs `query`) and turns the user inactive; the test world does
 * the same (tests/world/server.ts `query`, `disconnect`). A test kind holds the GM's answer until
 * the test lets it go, so the GM's tab can close while Bob's request is pending.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type WorldClient } from "../world";
import { registerRelayKind, relay } from "../../src/relay";
import { BRAM, GRUSHA, actorUuid, doc, seedArena } from "../magic/world-fixtures";

let release: (() => void) | null = null;
let started: (() => void) | null = null;
registerRelayKind("test.slow", {
  who: "author", accepts: (flags) => flags.testSlow === true, participants: () => [],
  derive: async ({ cause }) => {
    started?.();
    await new Promise<void>((resolve) => { release = resolve; });
    return { ops: [{ op: "damage", uuid: actorUuid(GRUSHA), amount: 1, ledger: `${cause.id}.t` }] };
  },
});

interface Health { system: { health: { hits: number } } }

async function table() {
  const world = await createWorld({ packs: false });
  const { gm, bob } = await seedArena(world, { combat: false });
  const made = (await world.as(bob, () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ uuid: string }> } }).ChatMessage.create({ content: "card", flags: { clockwork: { testSlow: true } } })))!;
  await world.settle();
  return { world, gm, bob, cause: made.uuid };
}

const hits = (client: WorldClient) => doc<Health>(client, actorUuid(GRUSHA)).system.health.hits;

describe("a GM leaving mid-request", { timeout: 20_000 }, () => {
  it("Bob is told the GM left, not that the GM did not answer in time, and nothing was written", async () => {
    const { world, gm, bob, cause } = await table();
    const begun = new Promise<void>((resolve) => { started = resolve; });
    const asked = world.as(bob, () => relay("test.slow", {}, { cause, timeout: 10_000 }));
    await begun;
    gm.disconnect();
    const result = await asked;
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.GMLeft" } });
    expect(bob.notifications.at(-1)).toEqual({ type: "error", message: bob.game.i18n.localize("CLOCKWORK.Relay.GMLeft") });
    release?.();
    expect(hits(bob)).toBe(0);
    expect(doc(bob, actorUuid(BRAM))).toBeTruthy();
  });

  it("a GM who stays but does not answer in time is still 'did not answer in time'", async () => {
    const { world, gm, bob, cause } = await table();
    const begun = new Promise<void>((resolve) => { started = resolve; });
    const asked = world.as(bob, () => relay("test.slow", {}, { cause, timeout: 300 }));
    await begun;
    const result = await asked;
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.NoAnswer" } });
    release?.();
    await world.settle();
    expect(gm.userId).toBeTruthy();
  });
});
