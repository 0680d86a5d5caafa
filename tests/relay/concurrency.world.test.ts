/**
 * Concurrency (issue 18 items 1, 5, 7): every batch a client runs, local or relayed, goes through
 * its one queue and is planned from the documents as they are when its turn comes, so two
 * Applies at once both land and sum; Undo takes away what a card added from the current state;
 * a disconnect mid-query and a failing write leave nothing half written.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { ADA, GRUSHA, MINION, actorUuid, doc, seedFight } from "../combat/attack/world-fixtures";
import { registerRelayKind, relay, writeOwned, type RelayOp } from "../../src/relay";
import { applyDamage, type HealthTrack } from "../../src/rules";

type Health = HealthTrack & { grit: number };
const health = (client: WorldClient, id: string) => doc<{ system: { health: Health } }>(client, actorUuid(id)).system.health;
const track = (h: Health): HealthTrack => ({ grit: h.grit, wounds: h.wounds, vitalsMax: h.vitalsMax, vitalsLost: h.vitalsLost, hits: h.hits, dying: h.dying, dead: h.dead, barrier: h.barrier ?? 0 });

interface TestWound { targets: string[]; amount: number }
const woundOf = (flags: Record<string, unknown>) => flags.testWound as TestWound | undefined;
const accepts = (flags: Record<string, unknown>) => Array.isArray(woundOf(flags)?.targets) && Number.isInteger(woundOf(flags)?.amount);
// The test's kinds: "deal the card's damage to the creatures it names" and its GM-only undo.
registerRelayKind("test.wound", {
  who: "author", accepts, participants: (flags) => woundOf(flags)!.targets,
  derive: ({ cause }) => ({ ops: woundOf(cause.flags)!.targets.map((uuid, i): RelayOp => ({ op: "damage", uuid, amount: woundOf(cause.flags)!.amount, ledger: `${cause.id}.t${i}` })) }),
});
registerRelayKind("test.unwound", {
  who: "gm", accepts, participants: (flags) => woundOf(flags)!.targets,
  derive: ({ cause }) => ({ ops: woundOf(cause.flags)!.targets.map((uuid, i): RelayOp => ({ op: "revert", uuid, ledger: `${cause.id}.t${i}` })) }),
});

async function card(world: World, client: WorldClient, targets: string[], amount: number): Promise<string> {
  const made = await world.as(client, () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ uuid: string }> } }).ChatMessage.create({ content: "card", flags: { clockwork: { testWound: { targets, amount } } } }));
  await world.settle();
  return made!.uuid;
}

/** Fails every update of one actor on one client (a refusal core reports by resolving undefined). */
function refuseUpdates(client: WorldClient, actorId: string): void {
  client.Hooks.on("preUpdateActor", (actor: { id: string }) => (actor.id === actorId ? false : undefined));
}

describe("concurrency", { timeout: 30_000 }, () => {
  it("two players' Applies relayed at once both land and sum", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedFight(world);
    const start = track(health(gm, GRUSHA));
    const [a, b] = [await card(world, alice, [actorUuid(GRUSHA)], 3), await card(world, bob, [actorUuid(GRUSHA)], 4)];
    const results = await Promise.all([world.as(alice, () => relay("test.wound", {}, { cause: a })), world.as(bob, () => relay("test.wound", {}, { cause: b }))]);
    await world.settle();
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    // Either order gives the same track here: 7 damage in two events.
    const expected = applyDamage(applyDamage(start, 3), 4);
    expect(track(health(gm, GRUSHA))).toEqual(expected);
    expect([...gm.errors, ...alice.errors, ...bob.errors]).toEqual([]);
  });

  it("two local GM batches at once, and a GM batch racing a relayed one, all land and sum", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const start = track(health(gm, GRUSHA));
    const cause = await card(world, alice, [actorUuid(GRUSHA)], 2);
    const hurt = (amount: number) => world.as(gm, () => writeOwned([{ op: "damage", uuid: actorUuid(GRUSHA), amount, unavoidable: true }]));
    const results = await Promise.all([hurt(1), hurt(1), world.as(alice, () => relay("test.wound", {}, { cause })), hurt(1)]);
    await world.settle();
    expect(results.every((r) => r.ok)).toBe(true);
    // No wound in any order (2 < grit): the sum does not depend on which ran first.
    expect(track(health(gm, GRUSHA))).toEqual([1, 1, 1].reduce((t, n) => applyDamage(t, n, { unavoidable: true }), applyDamage(start, 2)));
  });

  it("Apply, then a GM's edit, then Undo: the edit stays", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const grit = health(gm, GRUSHA).grit;
    const cause = await card(world, alice, [actorUuid(GRUSHA)], grit * 3);
    expect(await world.as(alice, () => relay("test.wound", {}, { cause }))).toMatchObject({ ok: true, viaGM: true });
    await world.settle();
    expect(health(gm, GRUSHA).wounds).toBe(3);
    await world.as(gm, () => doc<{ update(c: object): Promise<unknown> }>(gm, actorUuid(GRUSHA)).update({ "system.health.wounds": 5 }));
    await world.settle();
    expect(await world.as(gm, () => relay("test.unwound", {}, { cause }))).toMatchObject({ ok: true, viaGM: false });
    await world.settle();
    expect(health(gm, GRUSHA)).toMatchObject({ wounds: 2, hits: 0, vitalsLost: 0 });
    // The GM's Undo is final for the player (issue 34 item 2): only a GM applies it again, once.
    expect(await world.as(alice, () => relay("test.wound", {}, { cause, notify: false }))).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.UndoneByGM" } });
    expect(health(gm, GRUSHA).wounds).toBe(2);
    const again = await world.as(gm, () => relay("test.wound", {}, { cause }));
    expect(again).toMatchObject({ ok: true });
    const twice = await world.as(alice, () => relay("test.wound", {}, { cause, notify: false }));
    expect(twice).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.AlreadyApplied" } });
    expect(await world.as(alice, () => relay("test.unwound", {}, { cause, notify: false }))).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.GMOnly" } });
  });

  it("a player's sheet edit racing a GM's write: both stay", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    type AdaView = { name: string; system: { health: Health }; update(c: object): Promise<unknown> };
    const ada = (client: WorldClient) => doc<AdaView>(client, actorUuid(ADA));
    await Promise.all([
      world.as(gm, () => writeOwned([{ op: "damage", uuid: actorUuid(ADA), amount: 2 }])),
      world.as(alice, () => ada(alice).update({ name: "Ada L.", "system.health.barrier": 4 })),
    ]);
    await world.settle();
    expect(ada(gm).name).toBe("Ada L.");
    expect(ada(gm).system.health.hits + (ada(gm).system.health.barrier ?? 0)).toBeGreaterThan(0);
    // Whichever came first, the GM's write changed only the fields it changed.
    expect(ada(gm).system.health.barrier === 4 || ada(gm).system.health.barrier === 2).toBe(true);
  });

  it("a player who disconnects mid-query: the GM writes the whole batch or nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const before = [health(gm, GRUSHA), health(gm, MINION)];
    const cause = await card(world, alice, [actorUuid(GRUSHA), actorUuid(MINION)], 1);
    const pending = world.as(alice, () => relay("test.wound", {}, { cause, notify: false })).catch(() => null);
    alice.disconnect();
    await pending;
    await world.settle();
    const after = [health(gm, GRUSHA), health(gm, MINION)];
    const changed = after.map((h, i) => JSON.stringify(h) !== JSON.stringify(before[i]));
    expect(changed[0]).toBe(changed[1]);
    expect(gm.errors).toEqual([]);
  });

  it("a GM who disconnects mid-query: the player is told, and nothing is half written", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const before = [health(alice, GRUSHA), health(alice, MINION)];
    const cause = await card(world, alice, [actorUuid(GRUSHA), actorUuid(MINION)], 1);
    const pending = world.as(alice, () => relay("test.wound", {}, { cause, notify: false }));
    gm.disconnect();
    const result = await pending;
    await world.settle();
    const after = [health(alice, GRUSHA), health(alice, MINION)];
    const changed = after.map((h, i) => JSON.stringify(h) !== JSON.stringify(before[i]));
    expect(changed[0]).toBe(changed[1]);
    if (!result.ok) expect(result.problem.key).toMatch(/^CLOCKWORK\.Relay\./);
  });

  it("a batch whose second write fails leaves nothing of the first (local and relayed)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    refuseUpdates(gm, MINION);
    const before = JSON.stringify(world.save());
    const local = await world.as(gm, () => writeOwned([{ op: "damage", uuid: actorUuid(GRUSHA), amount: 3 }, { op: "damage", uuid: actorUuid(MINION), amount: 1 }], { notify: false }));
    await world.settle();
    // Issue 20: the refusal names the creature core refused the write for, with its type.
    expect(local).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.WriteRefused", data: { name: doc<{ name: string }>(gm, actorUuid(MINION)).name, type: "NPC" } } });
    expect(JSON.stringify(world.save())).toBe(before);
    const cause = await card(world, alice, [actorUuid(GRUSHA), actorUuid(MINION)], 3);
    const grusha = health(gm, GRUSHA);
    const relayed = await world.as(alice, () => relay("test.wound", {}, { cause, notify: false }));
    await world.settle();
    expect(relayed).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.WriteRefused", data: { type: "NPC" } } });
    expect(health(gm, GRUSHA)).toEqual(grusha);
    // The ledger went with it: the card can be applied once the write can be made.
    expect(JSON.stringify(doc<{ flags: object }>(gm, actorUuid(GRUSHA)).flags)).not.toContain("ledger\":{\"");
  });
});
