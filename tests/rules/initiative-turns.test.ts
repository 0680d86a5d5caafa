import { describe, expect, it } from "vitest";
import {
  applyTurnUpdates, beginTurn, borrowTime, changeTurn, endCombat, joinCombat, newCounters, newHealthTrack, newTimeShift,
  passTurn, startCombat,
} from "../../src/rules";
import type { CombatantTurnState, TurnChange } from "../../src/rules";

const fresh = (id: string, extra: Partial<CombatantTurnState> = {}): CombatantTurnState => ({
  id, counters: newCounters(), statuses: [], ...extra,
});
const inTurn = (id: string, extra: Partial<CombatantTurnState> = {}): CombatantTurnState => fresh(id, { counters: beginTurn(newCounters()), ...extra });
const waiting = (id: string, extra: Partial<CombatantTurnState> = {}): CombatantTurnState => fresh(id, { counters: passTurn(beginTurn(newCounters(), { extra: -4 })), ...extra });
const change = (combatants: CombatantTurnState[], from: string | null, to: string | null, round = 1): TurnChange => ({ combatants, from, to, round });

describe("starting and ending combat", () => {
  it("everyone starts defenseless; the first combatant gets 6 counters", () => {
    const result = startCombat([inTurn("a"), waiting("b"), fresh("c")], "b");
    expect(result.updates.a.counters).toEqual(newCounters());
    expect(result.updates.b.counters).toEqual({ available: 6, reserved: 0, hadTurn: true, passed: false });
    expect(result.updates.c.counters.hadTurn).toBe(false);
    expect(result.events).toEqual([{ kind: "turnStarted", combatantId: "b", counters: 6 }]);
    expect(result.previous.a.counters.available).toBe(6);
  });
  it("a late joiner is defenseless until its first turn", () => {
    expect(joinCombat(inTurn("x")).counters).toEqual(newCounters());
  });
  it("ending combat clears counters, time shifts and recharges, and releases stabilized creatures", () => {
    const updates = endCombat([waiting("a", { statuses: [{ id: "stabilized" }, { id: "bleeding" }], cooldowns: ["dragonkinBreath"], shift: { ...newTimeShift(), next: -2 } })]);
    expect(updates.a).toMatchObject({ counters: newCounters(), shift: newTimeShift(), cooldowns: [], statuses: [{ id: "bleeding" }] });
  });
});

describe("changeTurn", () => {
  it("the ending turn passes and gets its end-of-turn checks; the next turn gets 6 counters", () => {
    const a = fresh("a", { counters: { available: 2, reserved: 0, hadTurn: true, passed: false }, statuses: [{ id: "stunned" }, { id: "prone" }] });
    const b = waiting("b", { statuses: [{ id: "burning" }] });
    const result = changeTurn(change([a, b], "a", "b"));
    expect(result.updates.a.counters).toEqual({ available: 0, reserved: 2, hadTurn: true, passed: true });
    expect(result.updates.b.counters).toEqual({ available: 6, reserved: 0, hadTurn: true, passed: false });
    expect(result.prompts.map((p) => [p.kind, p.combatantId, p.kind === "endCheck" ? p.check.statusId : null])).toEqual([["endCheck", "a", "stunned"]]);
    expect(result.events[0]).toEqual({ kind: "passed", combatantId: "a", reserved: 2 });
    expect(result.events).toContainEqual({ kind: "ticked", combatantId: "b", sources: ["burning"], hits: 2, application: null });
  });
  it("species roll twice; blocked end checks wait for the round", () => {
    const froad = inTurn("f", { statuses: [{ id: "burning", noEndThroughRound: 2 }, { id: "chilled" }], rerolls: ["burning"] });
    const blocked = changeTurn(change([froad], "f", null, 2));
    expect(blocked.prompts.map((p) => p.kind === "endCheck" && p.check.statusId)).toEqual(["chilled"]);
    const open = changeTurn(change([froad], "f", null, 3));
    expect(open.prompts.map((p) => p.kind === "endCheck" && [p.check.statusId, p.check.rolls])).toEqual([["burning", 2], ["chilled", 1]]);
  });
  it("borrowed and slid counters change the next turn", () => {
    const { counters, shift } = borrowTime(beginTurn(newCounters()), newTimeShift(), 2);
    const a = fresh("a", { counters, shift });
    const result = changeTurn(change([a], "a", "a", 2));
    expect(result.updates.a.counters.available).toBe(4);
    expect(result.updates.a.shift).toMatchObject({ next: 0, borrowedFrom: true });
    expect(result.previous.a).toBe(a);
  });
  it("Bleeding ticks on the track without wounds; damage ends Pacified", () => {
    const b = waiting("b", { health: newHealthTrack(2, 6), statuses: [{ id: "bleeding" }, { id: "pacified" }] });
    const result = changeTurn(change([b], null, "b"));
    expect(result.updates.b.health).toMatchObject({ wounds: 0, vitalsLost: 1, hits: 0 });
    expect(result.updates.b.statuses).toEqual([{ id: "bleeding" }]);
    expect(result.events).toContainEqual({ kind: "statusEnded", combatantId: "b", statusId: "pacified" });
  });
  it("a dying creature loses its turn and rolls; ticks that damage it add a second roll", () => {
    const dying = { ...newHealthTrack(5, 6), vitalsLost: 6, dying: true };
    const quiet = changeTurn(change([waiting("d", { health: dying, statuses: [{ id: "dying" }] })], null, "d"));
    expect(quiet.updates.d.counters).toEqual({ available: 0, reserved: 0, hadTurn: true, passed: true });
    expect(quiet.prompts).toEqual([{ kind: "deathRoll", combatantId: "d", reason: "turn" }]);
    expect(quiet.events).toContainEqual({ kind: "turnLost", combatantId: "d", reason: "dying" });
    const bleeding = changeTurn(change([waiting("d", { health: dying, statuses: [{ id: "dying" }, { id: "bleeding" }] })], null, "d"));
    expect(bleeding.prompts.map((p) => p.kind === "deathRoll" && p.reason)).toEqual(["turn", "damage"]);
  });
  it("ticks that take the last vital make the creature dying: one death roll, turn lost", () => {
    const low = { ...newHealthTrack(2, 6), vitalsLost: 5 };
    const result = changeTurn(change([waiting("c", { health: low, statuses: [{ id: "burning" }] })], null, "c"));
    expect(result.updates.c.health?.dying).toBe(true);
    expect(result.updates.c.statuses).toContainEqual({ id: "dying" });
    expect(result.updates.c.counters.available).toBe(0);
    expect(result.prompts).toEqual([{ kind: "deathRoll", combatantId: "c", reason: "dying" }]);
  });
  it("a minion brought down by a tick is dead, with no death roll", () => {
    const result = changeTurn(change([waiting("m", { minion: true, health: newHealthTrack(2, 1), statuses: [{ id: "poisoned", difficulty: 2 }] })], null, "m"));
    expect(result.updates.m.health).toMatchObject({ dead: true, dying: false });
    expect(result.updates.m.statuses).toContainEqual({ id: "dead" });
    expect(result.prompts).toEqual([]);
    expect(result.events).toContainEqual({ kind: "died", combatantId: "m" });
  });
  it("Petrified regains no counters; the dead and the stabilized lose their turns", () => {
    expect(changeTurn(change([waiting("p", { statuses: [{ id: "petrified" }] })], null, "p")).updates.p.counters.available).toBe(0);
    const dead = changeTurn(change([inTurn("x", { statuses: [{ id: "dead" }, { id: "stunned" }] })], "x", "x"));
    expect(dead.prompts).toEqual([]);
    expect(dead.events).toContainEqual({ kind: "turnLost", combatantId: "x", reason: "dead" });
    const stable = changeTurn(change([waiting("s", { statuses: [{ id: "stabilized" }] })], null, "s"));
    expect(stable.events).toContainEqual({ kind: "turnLost", combatantId: "s", reason: "stabilized" });
    expect(stable.prompts).toEqual([]);
  });
  it("skipped combatants are untouched; previous undoes the change", () => {
    const list = [inTurn("a", { statuses: [{ id: "bleeding" }], health: newHealthTrack(5, 6) }), waiting("b"), waiting("c"), waiting("d", { statuses: [{ id: "burning" }], health: newHealthTrack(5, 6) })];
    const result = changeTurn(change(list, "a", "d"));
    expect(Object.keys(result.updates).sort()).toEqual(["a", "d"]);
    const after = applyTurnUpdates(list, result.updates);
    expect(after[1]).toBe(list[1]);
    expect(applyTurnUpdates(after, result.previous)).toEqual(list);
  });
  it("refuses unknown combatants", () => {
    expect(() => changeTurn(change([fresh("a")], "z", "a"))).toThrow(RangeError);
  });
});
