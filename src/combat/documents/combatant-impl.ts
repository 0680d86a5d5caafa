/**
 * The Combatant's counter writes (issue 10 items 2, 3), loaded on first use: paying, passing,
 * preparing and triggering prepared actions, and GM corrections. The checks before a payment
 * are the Combatant's own, synchronous (`checkSpend`).
 */
import { CounterError, passTurn as rulesPassTurn, prepareAction as rulesPrepareAction, spendCounters as rulesSpendCounters, triggerPrepared as rulesTriggerPrepared, type CounterState } from "../../rules";
import { spendReason, type ClockworkCombatant, type SpendCallOptions, type SpendCheck } from "./combatant";

function refuse(check: SpendCheck, options: { quiet?: boolean }): null {
  if (!options.quiet) ui.notifications?.warn(check.reason);
  return null;
}

async function write(combatant: ClockworkCombatant, next: CounterState): Promise<CounterState | null> {
  if (!combatant.isOwner) return refuse({ cost: 0, pool: "available", problem: "notOwner", reason: spendReason(combatant, "notOwner", 0, "available") }, {});
  await combatant.update({ "system.counters": next } as never);
  return next;
}

/** `ClockworkCombatant#spendCounters`. */
export async function spendCounters(combatant: ClockworkCombatant, baseCost: number, options: SpendCallOptions = {}): Promise<CounterState | null> {
  if (!combatant.chargesCounters) return combatant.counters;
  const check = combatant.checkSpend(baseCost, options);
  if (check.problem) return refuse(check, options);
  return write(combatant, rulesSpendCounters(combatant.counters, baseCost, { reaction: options.reaction, stunned: options.stunned ?? combatant.isStunned }));
}

/** `ClockworkCombatant#passTurn`. */
export async function passTurn(combatant: ClockworkCombatant): Promise<CounterState | null> {
  const counters = combatant.counters;
  if (!combatant.chargesCounters || !counters.hadTurn || counters.passed) return counters;
  return write(combatant, rulesPassTurn(counters));
}

/** `ClockworkCombatant#prepareAction`. */
export async function prepareAction(combatant: ClockworkCombatant, baseCost: number, options: { quiet?: boolean } = {}): Promise<number | null> {
  if (!combatant.chargesCounters) return 0;
  const check = combatant.checkSpend(baseCost);
  if (check.problem) return refuse(check, options);
  const { state, counters } = rulesPrepareAction(combatant.counters, baseCost, { stunned: combatant.isStunned });
  return (await write(combatant, state)) ? counters : null;
}

/** `ClockworkCombatant#triggerPrepared`. */
export async function triggerPrepared(combatant: ClockworkCombatant, counters: number, options: { quiet?: boolean } = {}): Promise<CounterState | null> {
  if (!combatant.chargesCounters) return combatant.counters;
  try {
    return await write(combatant, rulesTriggerPrepared(combatant.counters, counters));
  } catch (error) {
    if (!(error instanceof CounterError)) throw error;
    return refuse({ cost: counters, pool: "reserved", problem: error.reason, reason: spendReason(combatant, error.reason, counters, "reserved") }, options);
  }
}

/** `ClockworkCombatant#setCounters`. */
export async function setCounters(combatant: ClockworkCombatant, counters: Partial<CounterState>): Promise<CounterState | null> {
  return write(combatant, { ...combatant.counters, ...counters });
}
