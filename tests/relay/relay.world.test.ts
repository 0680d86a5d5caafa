/**
 * The relay's checks (issue 18 item 1), with a kind registered by the test: a player's card names
 * what the GM derives; the GM writes it, and refuses a request that claims a GM, another
 * player's card, a cause of the wrong kind, an unknown kind, or a write on the asker's own
 * creature. Forged requests change nothing on the server.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { registerRelayKind, relay, RELAY_QUERY } from "../../src/relay";
import { BRAM, GRUSHA, ILINDE, actorUuid, doc, seedArena } from "../magic/world-fixtures";
import { expectRefused, type ForgeryCase } from "./forgery/case";

interface Health { system: { health: { wounds: number; hits: number } } }

// The test's own kind: "hurt the creature the card names by 1 hit".
registerRelayKind<{ extra?: unknown }>("test.hurt", {
  who: "author",
  accepts: (flags) => typeof (flags.testHurt as { uuid?: unknown } | undefined)?.uuid === "string",
  participants: (flags) => [String((flags.testHurt as { uuid: string }).uuid)],
  derive: ({ cause }) => ({ ops: [{ op: "damage", uuid: String((cause.flags.testHurt as { uuid: string }).uuid), amount: 1 }] }),
});

interface Table { world: World; gm: WorldClient; alice: WorldClient; bob: WorldClient; card: (client: WorldClient, uuid: string, flag?: string) => Promise<string> }

async function table(): Promise<Table> {
  const world = await createWorld({ packs: false });
  const { gm, alice, bob } = await seedArena(world, { combat: false });
  const card = async (client: WorldClient, uuid: string, flag = "testHurt") => {
    const made = (await world.as(client, () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ uuid: string }> } }).ChatMessage.create({ content: "card", flags: { clockwork: { [flag]: { uuid } } } })))!;
    await world.settle();
    return made.uuid;
  };
  return { world, gm, alice, bob, card };
}

const hits = (client: WorldClient, id: string) => doc<Health>(client, actorUuid(id)).system.health;

const forgeries: ForgeryCase<Table>[] = [
  { name: "claims the GM's id", query: RELAY_QUERY, kind: "test.hurt", forgery: "claimed-gm", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurt", args: {}, cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: t.gm.userId } }) },
  { name: "claims Alice's id with Bob's card", query: RELAY_QUERY, kind: "test.hurt", forgery: "claimed-player", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurt", args: {}, cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: t.alice.userId } }) },
  { name: "no cause", query: RELAY_QUERY, kind: "test.hurt", forgery: "no-cause", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurt", args: {}, cause: null, userId: t.bob.userId } }) },
  { name: "Alice's card", query: RELAY_QUERY, kind: "test.hurt", forgery: "not-author", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurt", args: {}, cause: await t.card(t.alice, actorUuid(GRUSHA)), userId: t.bob.userId } }) },
  { name: "a card of another kind", query: RELAY_QUERY, kind: "test.hurt", forgery: "other-document", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurt", args: {}, cause: await t.card(t.bob, actorUuid(GRUSHA), "other"), userId: t.bob.userId } }) },
  { name: "an unknown kind", query: RELAY_QUERY, forgery: "out-of-range", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "gm.write", args: { ops: [{ op: "damage", uuid: actorUuid(GRUSHA), amount: 9 }] }, cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: t.bob.userId } }) },
  { name: "a write on the asker's own creature", query: RELAY_QUERY, kind: "test.hurt", forgery: "own-id", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurt", args: {}, cause: await t.card(t.bob, actorUuid(BRAM)), userId: t.bob.userId } }) },
];

// Three booted clients per case: seconds each on a loaded machine.
describe("the relay", { timeout: 20_000 }, () => {
  it("writes what the kind derives from the player's own card", async () => {
    const t = await table();
    const before = hits(t.gm, GRUSHA).hits;
    const cause = await t.card(t.alice, actorUuid(GRUSHA));
    const result = await t.world.as(t.alice, () => relay("test.hurt", {}, { cause }));
    await t.world.settle();
    expect(result).toMatchObject({ ok: true, viaGM: true });
    expect(hits(t.gm, GRUSHA).hits).toBe(before + 1);
    expect(hits(t.alice, ILINDE).wounds).toBe(0);
  });

  for (const forged of forgeries) {
    it(`refuses a forged request: ${forged.name}`, async () => {
      const t = await table();
      await expectRefused(t.world, t, forged);
    });
  }
});
