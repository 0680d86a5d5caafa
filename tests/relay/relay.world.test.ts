/**
 * The relay's checks (issue 18 item 1), with a kind registered by the test: a player's card names
 * what the GM derives; the GM writes it, and refuses a request that claims a GM, another
 * player's card, a cause of the wrong kind, an unknown kind, or a write on the asker's own
 * creature. Forged requests change nothing on the server.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { answerRelay, registerRelayKind, relay, RELAY_QUERY } from "../../src/relay";
import { BRAM, GRUSHA, ILINDE, actorUuid, doc, seedArena } from "../magic/world-fixtures";
import { expectRefused, type ForgeryCase } from "./forgery/case";

interface Health { system: { health: { wounds: number; hits: number } } }

// The test's own kinds: "hurt the creature the card names by 1 hit" (once per card), the same
// with a chosen amount (1 to 3, an argument the kind checks), and a faulty kind that writes a
// ledger tag it was handed (the relay refuses tags of another card).
const hurtTarget = (flags: Record<string, unknown>) => String((flags.testHurt as { uuid: string }).uuid);
const accepts = (flags: Record<string, unknown>) => typeof (flags.testHurt as { uuid?: unknown } | undefined)?.uuid === "string";
registerRelayKind<{ extra?: unknown }>("test.hurt", {
  who: "author", accepts, participants: (flags) => [hurtTarget(flags)],
  derive: ({ cause }) => ({ ops: [{ op: "damage", uuid: hurtTarget(cause.flags), amount: 1, ledger: `${cause.id}.t` }] }),
});
registerRelayKind<{ amount?: unknown }>("test.hurtBy", {
  who: "author", accepts, participants: (flags) => [hurtTarget(flags)],
  derive: ({ cause, args }) => (Number.isInteger(args.amount) && (args.amount as number) >= 1 && (args.amount as number) <= 3
    ? { ops: [{ op: "damage", uuid: hurtTarget(cause.flags), amount: args.amount as number }] }
    : { refused: { key: "CLOCKWORK.Relay.BadRequest" } }),
});
registerRelayKind<{ tag?: unknown }>("test.faultyTag", {
  who: "author", accepts, participants: (flags) => [hurtTarget(flags)],
  derive: ({ cause, args }) => ({ ops: [{ op: "revert", uuid: hurtTarget(cause.flags), ledger: String(args.tag) }] }),
});

interface Table { world: World; gm: WorldClient; alice: WorldClient; bob: WorldClient; card: (client: WorldClient, uuid: string, flag?: string) => Promise<string> }

// v13: there the GM can only check the id a request claims, so these forgeries are possible at
// all; on v14 core names the asking user (tests/relay/v14.world.test.ts).
async function table(): Promise<Table> {
  const world = await createWorld({ packs: false, profile: "v13" });
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
  // An untagged write on Bob's own creature: his to make (a tagged one is the GM's, for the ledger).
  { name: "a write on the asker's own creature", query: RELAY_QUERY, kind: "test.hurtBy", forgery: "own-id", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurtBy", args: { amount: 1 }, cause: await t.card(t.bob, actorUuid(BRAM)), userId: t.bob.userId } }) },
  // Raw primitive ops: there is no kind for them.
  { name: "raw ops in the old GM-write shape", query: RELAY_QUERY, forgery: "out-of-range", build: async (t) => ({ from: t.bob, to: t.gm, data: { ops: [{ op: "damage", uuid: actorUuid(GRUSHA), amount: 9 }], userId: t.bob.userId, cause: await t.card(t.bob, actorUuid(GRUSHA)) } }) },
  { name: "a primitive op's name as the kind", query: RELAY_QUERY, forgery: "out-of-range", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "damage", args: { uuid: actorUuid(GRUSHA), amount: 9 }, cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: t.bob.userId } }) },
  { name: "a pool drain as raw ops", query: RELAY_QUERY, forgery: "out-of-range", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "update", args: { ops: [{ op: "pool", uuid: "Scene.x", drain: 60 }] }, cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: t.bob.userId } }) },
  // Reused and stolen ledger tags.
  {
    name: "a card applied already", query: RELAY_QUERY, kind: "test.hurt", forgery: "reused-cause",
    build: async (t) => {
      const cause = await t.card(t.bob, actorUuid(GRUSHA));
      expect(await t.world.as(t.bob, () => relay("test.hurt", {}, { cause }))).toMatchObject({ ok: true });
      return { from: t.bob, to: t.gm, data: { kind: "test.hurt", args: {}, cause, userId: t.bob.userId } };
    },
  },
  {
    name: "another card's ledger tag", query: RELAY_QUERY, kind: "test.faultyTag", forgery: "other-document",
    build: async (t) => {
      const alices = await t.card(t.alice, actorUuid(GRUSHA));
      expect(await t.world.as(t.alice, () => relay("test.hurt", {}, { cause: alices }))).toMatchObject({ ok: true });
      const id = alices.split(".").at(-1);
      return { from: t.bob, to: t.gm, data: { kind: "test.faultyTag", args: { tag: `${id}.t` }, cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: t.bob.userId } };
    },
  },
  // Out-of-range arguments and malformed requests.
  { name: "an amount out of range", query: RELAY_QUERY, kind: "test.hurtBy", forgery: "out-of-range", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurtBy", args: { amount: 99 }, cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: t.bob.userId } }) },
  { name: "an amount that is not a number", query: RELAY_QUERY, kind: "test.hurtBy", forgery: "out-of-range", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurtBy", args: { amount: "3; drop" }, cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: t.bob.userId } }) },
  { name: "arguments that are not an object", query: RELAY_QUERY, kind: "test.hurtBy", forgery: "out-of-range", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurtBy", args: [2], cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: t.bob.userId } }) },
  { name: "a kind that is not a name", query: RELAY_QUERY, forgery: "out-of-range", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: { toString: "test.hurt" }, args: {}, cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: t.bob.userId } }) },
  { name: "a cause that is not a UUID", query: RELAY_QUERY, kind: "test.hurt", forgery: "no-cause", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurt", args: {}, cause: { uuid: await t.card(t.bob, actorUuid(GRUSHA)) }, userId: t.bob.userId } }) },
  { name: "a cause that is an actor", query: RELAY_QUERY, kind: "test.hurt", forgery: "no-cause", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurt", args: {}, cause: actorUuid(GRUSHA), userId: t.bob.userId } }) },
  { name: "a user id that is not a string", query: RELAY_QUERY, kind: "test.hurt", forgery: "claimed-player", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: "test.hurt", args: {}, cause: await t.card(t.bob, actorUuid(GRUSHA)), userId: [t.bob.userId] } }) },
  { name: "no data at all", query: RELAY_QUERY, forgery: "out-of-range", build: async (t) => ({ from: t.bob, to: t.gm, data: null }) },
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

  it("takes a chosen amount in range", async () => {
    const t = await table();
    const cause = await t.card(t.alice, actorUuid(GRUSHA));
    expect(await t.world.as(t.alice, () => relay("test.hurtBy", { amount: 3 }, { cause }))).toMatchObject({ ok: true });
    await t.world.settle();
    expect(hits(t.gm, GRUSHA).hits).toBe(3);
  });

  it("v14: believes the asking user core passes in the handler's options, and refuses a request claiming someone else", async () => {
    const world = await createWorld({ packs: false, profile: "v14" });
    const { gm, alice, bob } = await seedArena(world, { combat: false });
    const made = await world.as(alice, () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ uuid: string }> } }).ChatMessage.create({ content: "card", flags: { clockwork: { testHurt: { uuid: actorUuid(GRUSHA) } } } }));
    await world.settle();
    const ask = (user: WorldClient, claimed: string) => world.as(gm, () => answerRelay({ kind: "test.hurt", args: {}, cause: made!.uuid, userId: claimed }, { timeout: 1000, user: gm.game.users.get(user.userId) } as never));
    // Bob's own client asking, claiming Alice (whose card it is): a forged claim.
    expect(await ask(bob, alice.userId)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.ClaimsOther" } });
    // Alice claiming Bob: refused too, though the card is hers (nothing honest claims another).
    expect(await ask(alice, bob.userId)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.ClaimsOther" } });
    // The GM user in the options is a relayed GM: refused.
    expect(await ask(gm, gm.userId)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.ClaimsGM" } });
    // Bob's honest request for Alice's card: the options say Bob, who did not author it.
    expect(await ask(bob, bob.userId)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.NotYourCard" } });
    expect(hits(gm, GRUSHA).hits).toBe(0);
    // Alice asking as herself: the card is hers.
    expect(await ask(alice, alice.userId)).toMatchObject({ ok: true });
    await world.settle();
    expect(hits(gm, GRUSHA).hits).toBe(1);
  });

  it("v13: the handler's options carry no user, so the claimed id is what the GM checks", async () => {
    const t = await table();
    const cause = await t.card(t.alice, actorUuid(GRUSHA));
    const answer = await t.world.as(t.gm, () => answerRelay({ kind: "test.hurt", args: {}, cause, userId: t.bob.userId }, { timeout: 1000, user: t.gm.game.users.get(t.alice.userId) } as never));
    expect(answer).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.NotYourCard" } });
  });

  for (const forged of forgeries) {
    it(`refuses a forged request: ${forged.name}`, async () => {
      const t = await table();
      await expectRefused(t.world, t, forged);
    });
  }
});
