/**
 * Local writes (issue 18 item 1): `writeOwned` runs a batch on this client when its user is a GM
 * or owns every document, through the client's one queue, and otherwise refuses with a localized
 * message and asks no one. The ledger (item 3): a tagged op records what it added in the same
 * update, a second apply of the tag is refused, and `revert` takes exactly that away from the
 * current state.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type WorldClient } from "../world";
import { ADA, GRUSHA, MINION, actorUuid, combatantUuid, doc, seedFight } from "../combat/attack/world-fixtures";
import { LEDGER_LIMIT, RELAY_QUERY, writeOwned, type RelayOp } from "../../src/relay";

type Health = { hits: number; wounds: number; vitalsLost: number; barrier: number; dying: boolean; dead: boolean; grit: number };
interface ActorView {
  system: { health: Health };
  statuses: Set<string>;
  effects: Iterable<{ id: string; name: string }>;
  flags: { clockwork?: { ledger?: Record<string, Record<string, unknown>> } };
  update(changes: object): Promise<unknown>;
}
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const health = (client: WorldClient, id: string) => actor(client, id).system.health;
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: Record<string, unknown> } }>(client, combatantUuid(id)).system.counters;

/** Records every actor and combatant write the server applies, with its author. */
function recordWrites(client: WorldClient): { name: string; userId: string; changes: unknown }[] {
  const seen: { name: string; userId: string; changes: unknown }[] = [];
  client.Hooks.on("updateActor", (a: { name: string }, changes: unknown, _o: unknown, userId: string) => seen.push({ name: a.name, userId, changes }));
  client.Hooks.on("updateCombatant", (c: { actorId: string }, changes: unknown, _o: unknown, userId: string) => seen.push({ name: `combatant:${c.actorId}`, userId, changes }));
  return seen;
}

function countRelayQueries(gm: WorldClient): { count: number } {
  const counter = { count: 0 };
  const queries = gm.CONFIG.queries as Record<string, (data: unknown, options: object) => unknown>;
  const original = queries[RELAY_QUERY];
  queries[RELAY_QUERY] = (data, options) => {
    counter.count++;
    return original(data, options);
  };
  return counter;
}

const TAG = "cardMessage00001";

describe("writeOwned", { timeout: 20_000 }, () => {
  it("a GM writes an NPC on its own client, as one update", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    const writes = recordWrites(gm);
    const grit = health(gm, GRUSHA).grit;
    const result = await world.as(gm, () => writeOwned([{ op: "damage", uuid: actorUuid(GRUSHA), amount: grit + 1 }]));
    await world.settle();
    expect(result).toMatchObject({ ok: true, viaGM: false });
    expect(writes.map((w) => [w.name, w.userId])).toEqual([["Grusha", gm.userId]]);
    expect(health(gm, GRUSHA)).toMatchObject({ wounds: 1, vitalsLost: 1 });
  });

  it("a player writes their own character and combatant on their own client; the GM is not asked", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const queries = countRelayQueries(gm);
    const writes = recordWrites(gm);
    const result = await world.as(alice, () => writeOwned([{ op: "damage", uuid: actorUuid(ADA), amount: 2 }, { op: "counters", uuid: combatantUuid(ADA), spend: { cost: 2 } }]));
    await world.settle();
    expect(result).toMatchObject({ ok: true, viaGM: false });
    expect(queries.count).toBe(0);
    expect(writes.map((w) => [w.name, w.userId])).toEqual([["Ada", alice.userId], [`combatant:${ADA}`, alice.userId]]);
    expect(health(gm, ADA).hits).toBe(2);
    expect(counters(gm, ADA)).toMatchObject({ available: 4 });
  });

  it("a player's batch with a document they do not own is refused with a message, asks no one and writes nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const queries = countRelayQueries(gm);
    const writes = recordWrites(gm);
    const before = health(gm, GRUSHA);
    const result = await world.as(alice, () => writeOwned([{ op: "counters", uuid: combatantUuid(ADA), spend: { cost: 2 } }, { op: "damage", uuid: actorUuid(GRUSHA), amount: 9 }]));
    await world.settle();
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.NotOwned", data: { name: "Grusha" } } });
    expect(alice.notifications).toEqual([{ type: "error", message: "You do not own Grusha: that change needs its card's Apply (through the Gamemaster). Nothing was changed." }]);
    expect(queries.count).toBe(0);
    expect(writes).toEqual([]);
    expect(health(gm, GRUSHA)).toEqual(before);
    expect(counters(gm, ADA)).toMatchObject({ available: 6 });
  });

  it("spending counters one does not have is a localized warning and changes nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world, { counters: { [ADA]: { available: 1, reserved: 0, hadTurn: true, passed: false } } });
    const writes = recordWrites(gm);
    const result = await world.as(alice, () => writeOwned([{ op: "damage", uuid: actorUuid(ADA), amount: 3 }, { op: "counters", uuid: combatantUuid(ADA), spend: { cost: 2 } }]));
    await world.settle();
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Combat.Attack.Counters.insufficient" } });
    expect(alice.notifications).toEqual([{ type: "warn", message: "Ada does not have enough counters left for that." }]);
    expect(writes).toEqual([]);
    expect(health(gm, ADA).hits).toBe(0);
  });

  it("damage that takes a minion's one vital kills it outright", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    const grit = health(gm, MINION).grit;
    const result = await world.as(gm, () => writeOwned([{ op: "damage", uuid: actorUuid(MINION), amount: grit }]));
    await world.settle();
    expect(result.ok && result.results[0].application).toMatchObject({ died: true, deathRollRequired: false });
    expect(health(gm, MINION)).toMatchObject({ dead: true, dying: false, vitalsLost: 1 });
  });

  it("a malformed op refuses the whole batch", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    for (const op of [{ op: "damage", uuid: actorUuid(GRUSHA), amount: -3 }, { op: "damage", uuid: actorUuid(GRUSHA), amount: 1.5 }, { op: "nuke", uuid: actorUuid(GRUSHA) },
      { op: "damage", uuid: actorUuid(GRUSHA), amount: 1, ledger: "not a tag" }, { op: "counters", uuid: actorUuid(GRUSHA), spend: { cost: 1 } }]) {
      const result = await world.as(gm, () => writeOwned([{ op: "heal", uuid: actorUuid(ADA), amount: 1 }, op as RelayOp], { notify: false }));
      expect(result, JSON.stringify(op)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.BadOp" } });
    }
    expect(health(gm, GRUSHA).hits).toBe(0);
  });
});

describe("the ledger", { timeout: 20_000 }, () => {
  it("records what a tag added in the same update, and refuses a second apply", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    const writes = recordWrites(gm);
    const ops: RelayOp[] = [{ op: "damage", uuid: actorUuid(GRUSHA), amount: 2, ledger: `${TAG}.grusha` }, { op: "status", uuid: actorUuid(GRUSHA), status: "prone", active: true, ledger: `${TAG}.grusha` }];
    expect(await world.as(gm, () => writeOwned(ops))).toMatchObject({ ok: true });
    await world.settle();
    // One update holds the hits and the record.
    const first = writes.find((w) => w.name === "Grusha")!.changes as { system?: unknown; flags?: { clockwork?: { ledger?: unknown } } };
    expect(first.system).toBeDefined();
    expect(first.flags?.clockwork?.ledger).toBeDefined();
    expect(actor(gm, GRUSHA).flags.clockwork?.ledger?.[TAG]?.grusha).toMatchObject({ track: { hits: 2, wounds: 0 }, statuses: ["prone"] });
    const again = await world.as(gm, () => writeOwned(ops));
    await world.settle();
    expect(again).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.AlreadyApplied", data: { name: "Grusha" } } });
    expect(health(gm, GRUSHA).hits).toBe(2);
  });

  it("undo is an inverse: 3 wounds applied, 2 added by hand, Undo leaves the 2 (and the prone it set is lifted)", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    const grit = health(gm, GRUSHA).grit;
    const tag = `${TAG}.grusha`;
    await world.as(gm, () => writeOwned([{ op: "damage", uuid: actorUuid(GRUSHA), amount: grit * 3, ledger: tag }, { op: "status", uuid: actorUuid(GRUSHA), status: "prone", active: true, ledger: tag }]));
    await world.settle();
    expect(health(gm, GRUSHA).wounds).toBe(3);
    await world.as(gm, () => actor(gm, GRUSHA).update({ "system.health.wounds": 5 }));
    await world.settle();
    const undone = await world.as(gm, () => writeOwned([{ op: "revert", uuid: actorUuid(GRUSHA), ledger: tag }]));
    await world.settle();
    expect(undone).toMatchObject({ ok: true });
    expect(health(gm, GRUSHA)).toMatchObject({ wounds: 2, hits: 0, vitalsLost: 0 });
    expect([...actor(gm, GRUSHA).statuses]).toEqual([]);
    // The entry stays, marked undone by the GM (issue 34): nothing to undo twice; a GM may apply it again.
    expect((actor(gm, GRUSHA).flags.clockwork?.ledger?.[TAG]?.grusha as { undone?: unknown } | undefined)?.undone).toMatchObject({ by: gm.userId });
    expect(await world.as(gm, () => writeOwned([{ op: "revert", uuid: actorUuid(GRUSHA), ledger: tag }], { notify: false }))).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.NotApplied" } });
    // The GM applies it again: a fresh entry replaces the undone one whole (no stale status left in it).
    expect(await world.as(gm, () => writeOwned([{ op: "damage", uuid: actorUuid(GRUSHA), amount: grit, ledger: tag }]))).toMatchObject({ ok: true });
    await world.settle();
    expect(health(gm, GRUSHA).wounds).toBe(3);
    const again = actor(gm, GRUSHA).flags.clockwork?.ledger?.[TAG]?.grusha as { undone?: unknown; statuses?: unknown; track?: unknown };
    expect(again.undone ?? null).toBeNull();
    expect(again.statuses ?? null).toBeNull();
    expect(again.track).toMatchObject({ wounds: 1 });
    expect(await world.as(gm, () => writeOwned([{ op: "revert", uuid: actorUuid(GRUSHA), ledger: tag }]))).toMatchObject({ ok: true });
    await world.settle();
    expect(health(gm, GRUSHA).wounds).toBe(2);
  });

  it("refuses an undo a later change made impossible, saying why, and changes nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    const grit = health(gm, GRUSHA).grit;
    const tag = `${TAG}.grusha`;
    await world.as(gm, () => writeOwned([{ op: "damage", uuid: actorUuid(GRUSHA), amount: grit * 2, ledger: tag }]));
    await world.settle();
    await world.as(gm, () => actor(gm, GRUSHA).update({ "system.health.wounds": 1 }));
    await world.settle();
    const before = JSON.stringify(world.save());
    const undone = await world.as(gm, () => writeOwned([{ op: "revert", uuid: actorUuid(GRUSHA), ledger: tag }]));
    await world.settle();
    expect(undone).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.Revert.woundsGone", data: { name: "Grusha" } } });
    expect(gm.notifications.at(-1)).toEqual({ type: "error", message: "Cannot undo on Grusha: the wounds this card added have been removed since. Nothing was changed." });
    expect(JSON.stringify(world.save())).toBe(before);
  });

  it("undoes the effects a tag created, and a cure of wounds", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    await world.as(gm, () => actor(gm, GRUSHA).update({ "system.health.wounds": 3 }));
    const tag = `${TAG}.cure`;
    const applied = await world.as(gm, () => writeOwned([{ op: "cureWounds", uuid: actorUuid(GRUSHA), count: 2, ledger: tag }, { op: "effect", uuid: actorUuid(GRUSHA), effect: { name: "Blessed" }, ledger: tag }]));
    await world.settle();
    expect(applied).toMatchObject({ ok: true });
    expect(health(gm, GRUSHA).wounds).toBe(1);
    expect([...actor(gm, GRUSHA).effects].map((e) => e.name)).toEqual(["Blessed"]);
    expect(applied.ok && applied.effects).toEqual([`${actorUuid(GRUSHA)}.ActiveEffect.${[...actor(gm, GRUSHA).effects][0].id}`]);
    await world.as(gm, () => writeOwned([{ op: "revert", uuid: actorUuid(GRUSHA), ledger: tag }]));
    await world.settle();
    expect(health(gm, GRUSHA).wounds).toBe(3);
    expect([...actor(gm, GRUSHA).effects]).toEqual([]);
  });

  it(`keeps the newest ${LEDGER_LIMIT} entries on an actor`, async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    for (let i = 0; i < LEDGER_LIMIT + 3; i++) {
      const result = await world.as(gm, () => writeOwned([{ op: "heal", uuid: actorUuid(GRUSHA), amount: 0, ledger: `card${String(i).padStart(12, "0")}.x` }]));
      expect(result.ok).toBe(true);
    }
    await world.settle();
    const ledger = actor(gm, GRUSHA).flags.clockwork?.ledger ?? {};
    expect(Object.keys(ledger)).toHaveLength(LEDGER_LIMIT);
    expect(ledger["card000000000000"]).toBeUndefined();
    expect(ledger[`card${String(LEDGER_LIMIT + 2).padStart(12, "0")}`]).toBeDefined();
  });

  it("a tagged mana gift (a mana potion's card) is given once, and its revert takes back only what it gave", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    const mana = () => (actor(gm, ADA).system as unknown as { mana: { value: number; max: number } }).mana;
    await world.as(gm, () => actor(gm, ADA).update({ "system.mana.value": 0 }));
    const gift: RelayOp = { op: "mana", uuid: actorUuid(ADA), add: 3, ledger: "manaCard00000001.target" };
    expect(await world.as(gm, () => writeOwned([gift]))).toMatchObject({ ok: true });
    expect(mana().value).toBe(Math.min(3, mana().max));
    const given = mana().value;
    expect(given).toBeGreaterThan(0);
    // Applied twice: refused, nothing more given.
    expect(await world.as(gm, () => writeOwned([gift], { notify: false }))).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.AlreadyApplied" } });
    expect(mana().value).toBe(given);
    // Undone: exactly what it gave.
    expect(await world.as(gm, () => writeOwned([{ op: "revert", uuid: actorUuid(ADA), ledger: "manaCard00000001.target" }]))).toMatchObject({ ok: true });
    expect(mana().value).toBe(0);
  });
});
