/**
 * Issue 10 item 6 in the multi-user world: writes a user does not own go to the active GM as one
 * query; the player's client writes nothing itself; without a GM nothing is written and the
 * user is told why; a batch that cannot be made in full is not made at all. The GM writes what a
 * player does not own only as a card of that player names it (docs/rulings.md 138).
 */
import { describe, expect, it } from "vitest";
import { createWorld, type WorldClient } from "../world";
import { ADA, BRAM, GRUSHA, MINION, actorUuid, combatantUuid, doc, postCauseCard, seedFight } from "./attack/world-fixtures";
import { GM_WRITE_QUERY, requestWrites, type GmWriteOp, type GmWriteResult } from "../../src/combat/gm-writes";

type Health = { hits: number; wounds: number; vitalsLost: number; dying: boolean; dead: boolean; grit: number };
const health = (client: WorldClient, id: string) => doc<{ system: { health: Health } }>(client, actorUuid(id)).system.health;
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: Record<string, unknown> } }>(client, combatantUuid(id)).system.counters;

/** Records every actor and combatant write the server applies, with its author. */
function recordWrites(client: WorldClient): { name: string; userId: string }[] {
  const seen: { name: string; userId: string }[] = [];
  client.Hooks.on("updateActor", (actor: { name: string }, _c: unknown, _o: unknown, userId: string) => seen.push({ name: actor.name, userId }));
  client.Hooks.on("updateCombatant", (c: { actorId: string }, _c: unknown, _o: unknown, userId: string) => seen.push({ name: `combatant:${c.actorId}`, userId }));
  return seen;
}

/** Counts the relay queries the GM answers. */
function countQueries(gm: WorldClient): { count: number } {
  const counter = { count: 0 };
  const queries = gm.CONFIG.queries as Record<string, (data: unknown, options: object) => unknown>;
  const original = queries[GM_WRITE_QUERY];
  queries[GM_WRITE_QUERY] = (data, options) => {
    counter.count++;
    return original(data, options);
  };
  return counter;
}

describe("GM writes", () => {
  it("a player's damage to an NPC goes to the GM as a query; the player writes nothing itself", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const queries = countQueries(gm);
    const writes = recordWrites(gm);
    const grit = health(gm, GRUSHA).grit;
    const cause = await postCauseCard(world, alice, actorUuid(ADA), [actorUuid(GRUSHA)]);
    const result = await world.as(alice, () => requestWrites([{ op: "damage", uuid: actorUuid(GRUSHA), amount: grit + 1 }], { cause }));
    await world.settle();
    expect(result.ok).toBe(true);
    expect(result.viaGM).toBe(true);
    expect(queries.count).toBe(1);
    expect(writes).toEqual([{ name: "Grusha", userId: gm.userId }]);
    expect(health(alice, GRUSHA)).toMatchObject({ wounds: 1, vitalsLost: 1 });
    expect(alice.notifications).toEqual([]);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("a player's write on its own character runs on its own client, without the GM", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const queries = countQueries(gm);
    const writes = recordWrites(gm);
    const result = await world.as(alice, () => requestWrites([{ op: "damage", uuid: actorUuid(ADA), amount: 2 }]));
    await world.settle();
    expect(result).toMatchObject({ ok: true, viaGM: false });
    expect(queries.count).toBe(0);
    expect(writes).toEqual([{ name: "Ada", userId: alice.userId }]);
    expect(health(gm, ADA).hits).toBe(2);
  });

  it("a batch mixing owned and foreign documents goes to the GM whole", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const writes = recordWrites(gm);
    const ops: GmWriteOp[] = [
      { op: "counters", uuid: combatantUuid(ADA), spend: { cost: 2 } },
      { op: "counters", uuid: combatantUuid(GRUSHA), spend: { cost: 1, reaction: true } },
      { op: "damage", uuid: actorUuid(GRUSHA), amount: 1 },
    ];
    const cause = await postCauseCard(world, alice, actorUuid(ADA), [actorUuid(GRUSHA)]);
    const result = await world.as(alice, () => requestWrites(ops, { cause }));
    await world.settle();
    expect(result.ok).toBe(true);
    expect(writes.every((w) => w.userId === gm.userId)).toBe(true);
    expect(counters(gm, ADA)).toMatchObject({ available: 4 });
    expect(counters(gm, GRUSHA)).toMatchObject({ available: 5 });
  });

  it("without a GM the player is told so and nothing is written", async () => {
    const world = await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm", active: false }, { name: "Alice", role: "player" }, { name: "Bob", role: "player" }] });
    const { alice } = await seedFight(world);
    const before = health(alice, GRUSHA);
    const writes = recordWrites(alice);
    const result = await world.as(alice, () => requestWrites([
      { op: "counters", uuid: combatantUuid(ADA), spend: { cost: 2 } },
      { op: "damage", uuid: actorUuid(GRUSHA), amount: 5 },
    ]));
    await world.settle();
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.NoGM" } });
    expect(alice.notifications).toEqual([{ type: "error", message: "No GM is connected: this change needs a GM to write it. Nothing was changed." }]);
    expect(writes).toEqual([]);
    expect(health(alice, GRUSHA)).toEqual(before);
    expect(counters(alice, ADA)).toMatchObject({ available: 6 });
  });

  it("spending counters one does not have is a localized warning and changes nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world, { counters: { [ADA]: { available: 1, reserved: 0, hadTurn: true, passed: false } } });
    const writes = recordWrites(gm);
    const cause = await postCauseCard(world, alice, actorUuid(ADA), [actorUuid(GRUSHA)]);
    const result = await world.as(alice, () => requestWrites([
      { op: "damage", uuid: actorUuid(GRUSHA), amount: 3 },
      { op: "counters", uuid: combatantUuid(ADA), spend: { cost: 2 } },
    ], { cause }));
    await world.settle();
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.Counters.insufficient" } });
    expect(alice.notifications).toEqual([{ type: "warn", message: "Ada does not have enough counters left for that." }]);
    expect(writes).toEqual([]);
    expect(health(gm, GRUSHA).hits).toBe(0);
  });

  it("a write that fails undoes the earlier writes of its batch", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    const result = await world.as(gm, () => requestWrites([
      { op: "damage", uuid: actorUuid(GRUSHA), amount: 3 },
      { op: "health", uuid: actorUuid(MINION), health: { hits: 0, wounds: 0, vitalsLost: 40, barrier: 0, dying: false, dead: false } },
    ], { notify: false }));
    await world.settle();
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.WriteFailed" } });
    expect(health(gm, GRUSHA).hits).toBe(0);
  });

  it("the relay carries only combat paths: anything else is refused", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const cause = await postCauseCard(world, alice, actorUuid(ADA), [actorUuid(GRUSHA)]);
    const result: GmWriteResult = await world.as(alice, () => requestWrites([{ op: "update", uuid: actorUuid(GRUSHA), changes: { name: "Renamed" } }], { cause }));
    await world.settle();
    expect(result.ok).toBe(false);
    expect(gm.game.actors.get(GRUSHA)!.name).toBe("Grusha");
    expect(alice.notifications[0].message).toBe("That change to a Actor cannot be made through the GM.");
  });

  it("damage that takes a minion's one vital kills it outright", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const grit = health(gm, MINION).grit;
    const cause = await postCauseCard(world, alice, actorUuid(ADA), [actorUuid(MINION)]);
    const result = await world.as(alice, () => requestWrites([{ op: "damage", uuid: actorUuid(MINION), amount: grit }], { cause }));
    await world.settle();
    expect(result.ok && result.results[0].application).toMatchObject({ died: true, deathRollRequired: false });
    expect(health(gm, MINION)).toMatchObject({ dead: true, dying: false, vitalsLost: 1 });
  });
});

describe("GM writes: only what a player's own card names (docs/rulings.md 138)", () => {
  const refusal = "Only the GM can change Grusha: it is not yours and no card of yours names it. Nothing was changed.";

  it("a player's damage to an NPC that no card of theirs names is refused with a message; the NPC is unchanged", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const before = health(gm, GRUSHA);
    const writes = recordWrites(gm);
    const result = await world.as(alice, () => requestWrites([
      { op: "counters", uuid: combatantUuid(ADA), spend: { cost: 2 } },
      { op: "damage", uuid: actorUuid(GRUSHA), amount: 9 },
    ]));
    await world.settle();
    expect(result).toMatchObject({ ok: false, viaGM: true, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.NotYours", data: { name: "Grusha" } } });
    expect(alice.notifications).toEqual([{ type: "error", message: refusal }]);
    expect(writes).toEqual([]);
    expect(health(gm, GRUSHA)).toEqual(before);
    expect(counters(gm, ADA)).toMatchObject({ available: 6 });
  });

  it("a forged cause is refused: a card another user posted, one that does not name the NPC, or no card at all", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedFight(world);
    const before = health(gm, GRUSHA);
    const bobs = await postCauseCard(world, bob, actorUuid(BRAM), [actorUuid(GRUSHA)]);
    const other = await postCauseCard(world, alice, actorUuid(ADA), [actorUuid(MINION)]);
    for (const cause of [bobs, other, actorUuid(GRUSHA), "ChatMessage.nosuchmessage00"]) {
      const result = await world.as(alice, () => requestWrites([{ op: "status", uuid: actorUuid(GRUSHA), status: "prone", active: true }], { cause, notify: false }));
      await world.settle();
      expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.NotYours" } });
    }
    expect(health(gm, GRUSHA)).toEqual(before);
    expect([...gm.game.actors.get(GRUSHA)!.statuses]).toEqual([]);
  });

  it("the relay query itself checks: a hand-made query with a participants list is not trusted", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const before = health(gm, GRUSHA);
    const answer = await world.as(alice, () => (gm.game.users.get(gm.userId) as unknown as { query(n: string, d: object): Promise<unknown> })
      .query(GM_WRITE_QUERY, { ops: [{ op: "heal", uuid: actorUuid(GRUSHA), amount: 1 }, { op: "damage", uuid: actorUuid(GRUSHA), amount: 5 }], userId: alice.userId, participants: [actorUuid(GRUSHA)] }));
    await world.settle();
    expect(answer).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.GmWrite.NotYours" } });
    expect(health(gm, GRUSHA)).toEqual(before);
  });

  it("a GM writes anything; a player's own card covers the NPCs it names and nothing else", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const cause = await postCauseCard(world, alice, actorUuid(ADA), [actorUuid(GRUSHA)]);
    const mixed = await world.as(alice, () => requestWrites([
      { op: "damage", uuid: actorUuid(GRUSHA), amount: 2 },
      { op: "damage", uuid: actorUuid(MINION), amount: 2 },
    ], { cause, notify: false }));
    await world.settle();
    expect(mixed).toMatchObject({ ok: false, problem: { data: { name: "Goblin Minion" } } });
    expect(health(gm, GRUSHA).hits).toBe(0);
    const byGm = await world.as(gm, () => requestWrites([{ op: "damage", uuid: actorUuid(MINION), amount: 1 }]));
    expect(byGm.ok).toBe(true);
  });
});
