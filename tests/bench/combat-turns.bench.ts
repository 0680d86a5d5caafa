/**
 * The Foundry layer's turn bookkeeping (src/combat/turns.ts) for a 30-combatant combat, without
 * the database: reading every combatant's counters and its actor's effects and health, running
 * the rules core, and building the combatant, health and status writes with their undo
 * records. Target (issue 10): < 5 ms per turn change. Inputs are fixed.
 */
import { bench, describe } from "vitest";
import { planCombatStart, planRewind, planTurnChange, turnStamp, type TurnActor, type TurnCombatant, type TurnHistoryEntry } from "../../src/combat/turns";
import { beginTurn, newCounters, passTurn, statusEffectId, type CombatStatusId, type CounterState } from "../../src/rules";

const STATUS_SETS: CombatStatusId[][] = [[], ["bleeding"], ["burning", "stunned"], ["poisoned"], ["prone", "chilled"], ["frozen"], ["bleeding", "burning", "pacified"]];

function actor(i: number): TurnActor {
  const statuses = STATUS_SETS[i % STATUS_SETS.length];
  const effects = statuses.map((id) => ({ id: statusEffectId(id), statuses: new Set([id]), flags: id === "poisoned" ? { clockwork: { status: { difficulty: 2 } } } : {}, update: async () => undefined }));
  return {
    statuses: new Set(statuses),
    effects: Object.assign(effects, { get: (id: string) => effects.find((e) => e.id === id) }),
    system: { health: { hits: i % 4, wounds: i % 2, vitalsLost: i % 3, barrier: i % 5 === 0 ? 2 : 0, dying: false, dead: false, grit: 5 + (i % 3), vitalsMax: 6 } },
    species: { system: { conditionRerolls: i % 4 === 0 ? ["burning"] : [] } },
  };
}

function combatants(): TurnCombatant[] {
  return Array.from({ length: 30 }, (_, i) => {
    const counters: CounterState = i % 3 === 0 ? passTurn(beginTurn(newCounters(), { extra: -2 })) : i % 3 === 1 ? beginTurn(newCounters()) : newCounters();
    const history: TurnHistoryEntry[] = Array.from({ length: 10 }, (_, h) => ({ stamp: 1000 + h, counters: newCounters() }));
    return { id: `c${String(i).padStart(15, "0")}`, system: { counters, history }, actor: actor(i) };
  });
}

const list = combatants();
let turn = 0;

describe("turn bookkeeping, 30 combatants, no database (< 5 ms per turn change)", () => {
  bench("one turn change: end the current turn, start the next (ticks, checks, undo records)", () => {
    const from = list[turn % 30].id;
    const to = list[(turn + 1) % 30].id;
    const stamp = turnStamp(2, (turn + 1) % 30);
    planTurnChange(list, { from, to: null, round: 2 }, stamp);
    planTurnChange(list, { from: null, to, round: 2 }, stamp);
    turn++;
  });

  bench("combat start: everyone defenseless, the first turn begins", () => {
    planCombatStart(list, list[0].id, turnStamp(1, 0));
  });

  bench("going back a turn", () => {
    planRewind(list, 1005);
  });
});
