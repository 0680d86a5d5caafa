/**
 * Issue 20: a write of the relay's planner that core refuses says in words what happened, naming
 * the document with its localized type and the field ("Ada (Character) cannot take that change:
 * XP spent (9999) cannot exceed XP earned (0)"), never core's English ("ClockworkActor joint
 * validation error: …") and never twice; a write the document holds afterwards (core resolves
 * `undefined` for an empty diff) is not reported as refused after a spend that happened.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type WorldClient } from "../world";
import { ADA, COMBAT_ID, GRUSHA, actorUuid, combatantUuid, doc, seedFight } from "../combat/attack/world-fixtures";
import { RELAY_QUERY, relay, writeOwned } from "../../src/relay";

interface ActorView { name: string; system: { xp: { spent: number }; mana: { value: number } } }
const ada = (client: WorldClient) => doc<ActorView>(client, actorUuid(ADA));
const available = (client: WorldClient) => doc<{ system: { counters: { available: number } } }>(client, combatantUuid(ADA)).system.counters.available;
const RAW = /validation error|may not be|must be|ClockworkActor|ClockworkItem/;

describe("the planner's refusals in words", { timeout: 30_000 }, () => {
  it("a change core would refuse names the creature, its type and the field; nothing is written", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedFight(world);
    await world.settle();
    const before = available(alice);
    alice.notifications.length = 0;
    const result = await world.as(alice, () => writeOwned([
      { op: "counters", uuid: combatantUuid(ADA), spend: { cost: 1 } },
      { op: "update", uuid: actorUuid(ADA), changes: { "system.xp.spent": 9999 } },
    ]));
    await world.settle();
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.Invalid" } });
    expect(alice.notifications).toEqual([{ type: "error", message: "Ada (Character) cannot take that change: XP spent (9999) cannot exceed XP earned (0). Nothing was changed." }]);
    expect(alice.notifications.some((n) => RAW.test(n.message))).toBe(false);
    // The counter paid first in the batch was given back.
    expect(available(alice)).toBe(before);
    expect(ada(alice).system.xp.spent).toBe(0);
    expect(world.gm.game.combats.get(COMBAT_ID)).toBeTruthy();
  });

  it("another's combatant is named as the creature, never by a raw document name", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedFight(world);
    alice.notifications.length = 0;
    const result = await world.as(alice, () => writeOwned([{ op: "counters", uuid: combatantUuid(GRUSHA), spend: { cost: 1 } }]));
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.NotOwned", data: { name: "Grusha" } } });
    expect(alice.notifications.at(-1)?.message).toMatch(/^You do not own Grusha:/);
    expect(alice.notifications.some((n) => /\b(Combat|Combatant|Actor)\b/.test(n.message))).toBe(false);
  });

  it("a spend whose other write core has nothing to send for is a success, not 'nothing was changed'", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedFight(world);
    await world.settle();
    const mana = ada(alice).system.mana.value;
    const before = available(alice);
    alice.notifications.length = 0;
    // The stored mana again, as a form or a dataset hands it over: core cleans it to the same value and sends nothing.
    const result = await world.as(alice, () => writeOwned([
      { op: "counters", uuid: combatantUuid(ADA), spend: { cost: 2 } },
      { op: "update", uuid: actorUuid(ADA), changes: { "system.mana.value": String(mana) } },
    ]));
    await world.settle();
    expect(result.ok).toBe(true);
    expect(available(alice)).toBe(before - 2);
    expect(alice.notifications).toEqual([]);
  });

  it("a GM who does not answer after the player's own spend: the message says what was not done, not 'nothing was changed'", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedFight(world);
    await world.settle();
    const before = available(alice);
    (world.gm.CONFIG.queries as Record<string, unknown>)[RELAY_QUERY] = () => Promise.reject(new Error("the GM's client went away"));
    alice.notifications.length = 0;
    const result = await world.as(alice, async () => {
      await writeOwned([{ op: "counters", uuid: combatantUuid(ADA), spend: { cost: 2 } }]);
      return relay("damage.apply", {}, { cause: "ChatMessage.none" });
    });
    await world.settle();
    expect(result).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.NoAnswer" } });
    expect(available(alice)).toBe(before - 2);
    expect(alice.notifications).toHaveLength(1);
    expect(alice.notifications[0].message).toMatch(/did not answer in time, so what only the GM can change was left as it was/);
    expect(alice.notifications[0].message).not.toMatch(/nothing was changed/i);
  });
});
