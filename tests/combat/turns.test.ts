/**
 * The Foundry side of turn bookkeeping (src/combat/turns.ts), with plain combatants: what each
 * turn change writes, the undo records it keeps, and what going back restores.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { beginTurn, newCounters, passTurn, type CounterState } from "../../src/rules";
import {
  TURN_HISTORY_LIMIT, countersOf, joinUpdate, planCombatStart, planRewind, planTurnChange, pushHistory, turnStamp,
  turnStateOf, type TurnActor, type TurnCombatant, type TurnHistoryEntry,
} from "../../src/combat/turns";

interface EffectSource { id: string; statuses: string[]; disabled?: boolean; flags?: Record<string, unknown> }

function actor(options: { statuses?: string[]; effects?: EffectSource[]; health?: Partial<TurnActor["system"]["health"]>; minion?: boolean; rerolls?: string[] } = {}): TurnActor {
  const effects = (options.effects ?? []).map((e) => ({ ...e, update: async () => undefined }));
  return {
    statuses: new Set(options.statuses ?? effects.flatMap((e) => e.statuses)),
    effects: Object.assign(effects, { get: (id: string) => effects.find((e) => e.id === id) }),
    system: {
      health: { hits: 0, wounds: 0, vitalsLost: 0, barrier: 0, dying: false, dead: false, grit: 5, vitalsMax: 6, ...options.health },
      minion: options.minion,
    },
    species: { system: { conditionRerolls: options.rerolls ?? [] } },
  };
}

function combatant(id: string, counters?: CounterState, a: TurnActor | null = actor(), history: TurnHistoryEntry[] = []): TurnCombatant {
  return { id, system: { counters, history }, actor: a };
}

const byId = (updates: Record<string, unknown>[], id: string) => updates.find((u) => u._id === id) as Record<string, unknown> | undefined;

/** Applies a plan's combatant updates to plain combatants (as the database would). */
function applied(list: TurnCombatant[], updates: Record<string, unknown>[]): TurnCombatant[] {
  return list.map((c) => {
    const u = byId(updates, c.id as string);
    if (!u) return c;
    return {
      ...c,
      system: {
        counters: (u["system.counters"] as CounterState | undefined) ?? c.system.counters,
        shift: (u["system.shift"] as TurnCombatant["system"]["shift"]) ?? c.system.shift,
        history: (u["system.history"] as TurnHistoryEntry[] | undefined) ?? c.system.history,
      },
    };
  });
}

describe("reading combatants", () => {
  it("a combatant with nothing stored is defenseless", () => {
    expect(countersOf({ system: {} })).toEqual(newCounters());
  });
  it("statuses come from the effects with their data, and the actor's status set for the rest", () => {
    const state = turnStateOf(combatant("a", undefined, actor({
      statuses: ["poisoned", "dying", "hexed"],
      effects: [{ id: "e1", statuses: ["poisoned"], flags: { clockwork: { status: { difficulty: 3 } } } }, { id: "e2", statuses: ["bleeding"], disabled: true }],
      rerolls: ["burning"],
    })));
    expect(state.statuses).toEqual([{ id: "poisoned", difficulty: 3 }, { id: "dying" }]);
    expect(state.rerolls).toEqual(["burning"]);
    expect(state.health).toMatchObject({ grit: 5, vitalsMax: 6, hits: 0 });
  });
});

describe("planning turn changes", () => {
  it("combat start: everyone defenseless, the first gets 6; undo records only for what changed", () => {
    const list = [combatant("a", beginTurn(newCounters())), combatant("b"), combatant("c", passTurn(beginTurn(newCounters())))];
    const plan = planCombatStart(list, "b", turnStamp(1, 0));
    expect(byId(plan.combatants, "a")?.["system.counters"]).toEqual(newCounters());
    expect(byId(plan.combatants, "b")?.["system.counters"]).toEqual({ available: 6, reserved: 0, hadTurn: true, passed: false });
    expect(byId(plan.combatants, "c")?.["system.counters"]).toEqual(newCounters());
    expect((byId(plan.combatants, "a")?.["system.history"] as TurnHistoryEntry[])[0]).toEqual({ stamp: 1000, counters: beginTurn(newCounters()) });
  });

  it("the ending turn passes and owes its own end-of-turn checks only", () => {
    const list = [
      combatant("a", { available: 2, reserved: 0, hadTurn: true, passed: false }, actor({ statuses: ["burning"], rerolls: ["burning"] })),
      combatant("b", passTurn(beginTurn(newCounters())), actor({ statuses: ["bleeding"] })),
    ];
    const plan = planTurnChange(list, { from: "a", to: null, round: 1 }, turnStamp(1, 1));
    expect(byId(plan.combatants, "a")?.["system.counters"]).toEqual({ available: 0, reserved: 2, hadTurn: true, passed: true });
    expect(byId(plan.combatants, "b")).toBeUndefined();
    expect(plan.prompts).toHaveLength(1);
    expect(plan.prompts[0]).toMatchObject({ kind: "endCheck", combatantId: "a", check: { statusId: "burning", rolls: 2, target: 7 } });
  });

  it("a starting turn with Bleeding and Burning takes 4 unavoidable hits in one health write", () => {
    const list = [combatant("a", passTurn(beginTurn(newCounters())), actor({ statuses: ["bleeding", "burning"] }))];
    const plan = planTurnChange(list, { from: null, to: "a", round: 2 }, turnStamp(2, 0));
    expect(plan.health).toEqual([{ combatantId: "a", changes: { hits: 4 } }]);
    expect(plan.events.find((e) => e.kind === "ticked")).toMatchObject({ hits: 4, sources: ["bleeding", "burning"] });
    const history = byId(plan.combatants, "a")?.["system.history"] as TurnHistoryEntry[];
    expect(history[0].health).toMatchObject({ hits: 0, vitalsLost: 0 });
  });

  it("damage from ticks ends Pacified (a status removal, kept for undo)", () => {
    const list = [combatant("a", passTurn(beginTurn(newCounters())), actor({ statuses: ["bleeding", "pacified"] }))];
    const plan = planTurnChange(list, { from: null, to: "a", round: 2 }, 2000);
    expect(plan.statuses).toEqual([{ combatantId: "a", add: [], remove: ["pacified"] }]);
    expect((byId(plan.combatants, "a")?.["system.history"] as TurnHistoryEntry[])[0].removed).toEqual([{ id: "pacified" }]);
  });

  it("a dying creature loses its turn and owes the turn's death roll; becoming dying is left to the health write", () => {
    const dying = [combatant("a", passTurn(beginTurn(newCounters())), actor({ statuses: ["dying"], health: { vitalsLost: 6, dying: true } }))];
    const plan = planTurnChange(dying, { from: null, to: "a", round: 2 }, 2000);
    expect(byId(plan.combatants, "a")?.["system.counters"]).toEqual({ available: 0, reserved: 0, hadTurn: true, passed: true });
    expect(plan.prompts).toEqual([{ kind: "deathRoll", combatantId: "a", reason: "turn" }]);

    const bleeding = [combatant("b", passTurn(beginTurn(newCounters())), actor({ statuses: ["bleeding"], health: { vitalsLost: 5, hits: 4, grit: 5 } }))];
    const down = planTurnChange(bleeding, { from: null, to: "b", round: 2 }, 2000);
    expect(down.health[0].changes).toMatchObject({ vitalsLost: 6, dying: true });
    expect(down.statuses).toEqual([]);
    expect(down.prompts).toEqual([{ kind: "deathRoll", combatantId: "b", reason: "dying" }]);
  });

  it("a minion brought down by ticks is dead at once", () => {
    const list = [combatant("m", passTurn(beginTurn(newCounters())), actor({ statuses: ["burning"], minion: true, health: { vitalsMax: 1, grit: 2 } }))];
    const plan = planTurnChange(list, { from: null, to: "m", round: 2 }, 2000);
    expect(plan.health[0].changes).toMatchObject({ dead: true, vitalsLost: 1 });
    expect(plan.prompts).toEqual([]);
  });

  it("a late joiner is reset to defenseless, or left alone when it already is", () => {
    expect(joinUpdate(combatant("x", beginTurn(newCounters())))).toEqual({ _id: "x", "system.counters": newCounters(), "system.shift": expect.any(Object) });
    expect(joinUpdate(combatant("y"))).toBeNull();
  });
});

describe("going back", () => {
  it("restores the counters and health of every undone change, newest first, and drops their records", () => {
    let list = [combatant("a", undefined, actor({ statuses: ["bleeding"] })), combatant("b")];
    list = applied(list, planCombatStart(list, "a", turnStamp(1, 0)).combatants);
    const ended = planTurnChange(list, { from: "a", to: null, round: 1 }, turnStamp(1, 1));
    list = applied(list, ended.combatants);
    list = applied(list, planTurnChange(list, { from: null, to: "b", round: 1 }, turnStamp(1, 1)).combatants);
    expect(countersOf(list[0]).passed).toBe(true);

    const back = planRewind(list, turnStamp(1, 0));
    list = applied(list, back.combatants);
    expect(countersOf(list[0])).toEqual({ available: 6, reserved: 0, hadTurn: true, passed: false });
    expect(countersOf(list[1])).toEqual(newCounters());
    expect(list[0].system.history?.map((e) => (e as TurnHistoryEntry).stamp)).toEqual([1000]);

    const start = planRewind(list, 0);
    list = applied(list, start.combatants);
    expect(countersOf(list[0])).toEqual(newCounters());
    expect(planRewind(list, 0).combatants).toEqual([]);
  });

  it("brings back health the ticks took and statuses they ended; removes statuses they added", () => {
    const a = actor({ statuses: ["bleeding"], health: { hits: 1 } });
    const history: TurnHistoryEntry[] = [
      { stamp: 2000, health: { hits: 1, wounds: 0, vitalsLost: 0, barrier: 0, dying: false, dead: false }, removed: [{ id: "pacified" }] },
      { stamp: 2000, removed: [{ id: "frozen" }], added: ["chilled"] },
    ];
    const c: TurnCombatant = { id: "a", system: { history }, actor: { ...a, system: { ...a.system, health: { ...a.system.health, hits: 3 } } } };
    const plan = planRewind([c], 1002);
    expect(plan.health).toEqual([{ combatantId: "a", changes: { hits: 1 } }]);
    expect(plan.statuses).toEqual([{ combatantId: "a", add: [{ id: "frozen" }, { id: "pacified" }], remove: ["chilled"] }]);
  });

  it("records of one turn change merge, keeping the state before the first", () => {
    const first = { available: 6, reserved: 0, hadTurn: true, passed: false };
    const history = pushHistory(pushHistory([{ stamp: 1000 }], { stamp: 1001, counters: first }), { stamp: 1001, counters: newCounters(), removed: [{ id: "burning" }] });
    expect(history).toEqual([{ stamp: 1000 }, { stamp: 1001, counters: first, removed: [{ id: "burning" }] }]);
  });

  it("keeps at most TURN_HISTORY_LIMIT records (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), (n) => {
      let history: TurnHistoryEntry[] = [];
      for (let i = 0; i < n; i++) history = pushHistory(pushHistory(history, { stamp: i }), { stamp: i });
      expect(history.length).toBe(Math.min(n, TURN_HISTORY_LIMIT));
      if (n) expect(history.at(-1)?.stamp).toBe(n - 1);
    }));
  });

  it("any sequence of turn changes then going back to the start restores every combatant (property)", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: TURN_HISTORY_LIMIT - 1 }), (steps) => {
      const initial = [combatant("a", passTurn(beginTurn(newCounters(), { extra: -3 }))), combatant("b"), combatant("c"), combatant("d")];
      let list = applied(initial, planCombatStart(initial, "a", turnStamp(1, 0)).combatants);
      let current = "a";
      steps.forEach((step, i) => {
        const next = ["a", "b", "c", "d"][step];
        const stamp = turnStamp(1, i + 1);
        list = applied(list, planTurnChange(list, { from: current, to: null, round: 1 }, stamp).combatants);
        list = applied(list, planTurnChange(list, { from: null, to: next, round: 1 }, stamp).combatants);
        current = next;
      });
      list = applied(list, planRewind(list, 0).combatants);
      list.forEach((c, i) => expect(countersOf(c)).toEqual(countersOf(initial[i])));
    }));
  });
});
