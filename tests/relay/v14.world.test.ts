/**
 * The relay on the v14 profile (issue 21 items 2 and 3): a relayed write reads the asking user
 * from the query options v14 hands the handler (`{timeout, user}`), so a player cannot pass
 * another player's card off as their own by claiming their id; and the ledger's deletions are
 * written with v14's `_del` operator, never the deprecated `-=` spelling.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { registerRelayKind, relay, RELAY_QUERY, writeOwned } from "../../src/relay";
import { GRUSHA, actorUuid, doc, seedArena } from "../magic/world-fixtures";

interface Target { system: { health: { hits: number } }; flags: { clockwork?: { ledger?: Record<string, unknown> } } }

const hurtTarget = (flags: Record<string, unknown>) => String((flags.v14Hurt as { uuid: string }).uuid);
registerRelayKind("test.v14Hurt", {
  who: "author", accepts: (flags) => typeof (flags.v14Hurt as { uuid?: unknown } | undefined)?.uuid === "string", participants: (flags) => [hurtTarget(flags)],
  derive: ({ cause }) => ({ ops: [{ op: "damage", uuid: hurtTarget(cause.flags), amount: 1, ledger: `${cause.id}.t` }] }),
});

async function card(world: World, client: WorldClient): Promise<string> {
  const made = await world.as(client, () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ uuid: string }> } }).ChatMessage.create({ content: "card", flags: { clockwork: { v14Hurt: { uuid: actorUuid(GRUSHA) } } } }));
  await world.settle();
  return made!.uuid;
}

const grusha = (client: WorldClient) => doc<Target>(client, actorUuid(GRUSHA));

// Three booted clients: seconds on a loaded machine.
describe("the relay on v14", { timeout: 30_000 }, () => {
  it("reads the asking user from v14's query options: a request claiming the card's author is refused as forged", async () => {
    const world = await createWorld({ packs: false, profile: "v14" });
    const { gm, alice, bob } = await seedArena(world, { combat: false });
    const alices = await card(world, alice);
    // Bob's client sends the query itself, claiming to be Alice, the card's author.
    const forged = await world.as(bob, () => bob.game.users.activeGM!.query(RELAY_QUERY, { kind: "test.v14Hurt", args: {}, cause: alices, userId: alice.userId }, { timeout: 5000 }));
    expect(forged).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.ClaimsOther" } });
    await world.settle();
    expect(grusha(gm).system.health.hits).toBe(0);
    // Alice's own request goes through.
    expect(await world.as(alice, () => relay("test.v14Hurt", {}, { cause: alices }))).toMatchObject({ ok: true, viaGM: true });
    await world.settle();
    expect(grusha(gm).system.health.hits).toBe(1);
    for (const client of world.clients) expect(client.deprecations).toEqual([]);
  });

  it("undoes a ledger entry on v14: the entry is marked undone and nothing deprecated was written", async () => {
    const world = await createWorld({ packs: false, profile: "v14" });
    const { gm, alice } = await seedArena(world, { combat: false });
    const cause = await card(world, alice);
    expect(await world.as(alice, () => relay("test.v14Hurt", {}, { cause }))).toMatchObject({ ok: true });
    await world.settle();
    const id = cause.split(".").at(-1)!;
    expect(Object.keys(grusha(gm).flags.clockwork?.ledger?.[id] as object)).toEqual(["t"]);
    expect(await world.as(gm, () => writeOwned([{ op: "revert", uuid: actorUuid(GRUSHA), ledger: `${id}.t` }]))).toMatchObject({ ok: true });
    await world.settle();
    for (const client of world.clients) {
      expect(grusha(client).system.health.hits).toBe(0);
      expect((grusha(client).flags.clockwork?.ledger?.[id] as { t?: { undone?: unknown } }).t?.undone).toMatchObject({ by: gm.userId });
    }
    for (const client of world.clients) expect(client.deprecations).toEqual([]);
  });
});
