/**
 * The counter record and what a payment costs (digest §4.6–§4.7): the part of the counter rules
 * the Combatant's synchronous API (`checkSpend`, `isDefenseless`) and the scene's mana pool need
 * at start-up. The turn and time rules are in ./counters.ts, which re-exports these.
 */
import { requireInteger, ruleError } from "./errors";
import { MANA_PER_CHANNEL_COUNTER, STUNNED_EXTRA_COUNTERS } from "./tables";

/** Counters an action costs; Stunned adds 1 to every action that costs any (§4.7, docs/rulings.md #32). */
export function actionCost(baseCost: number, options: { stunned?: boolean } = {}): number {
  requireInteger(baseCost, "action cost", "actions cost whole counters of 0 or more", 0);
  return baseCost > 0 && options.stunned ? baseCost + STUNNED_EXTRA_COUNTERS : baseCost;
}

/** Counters to channel an amount of mana in combat: 1 per 2 mana, rounded up (§4.18, docs/rulings.md #33). */
export function channelCounters(mana: number): number {
  requireInteger(mana, "mana channeled", "mana is whole points of 0 or more", 0);
  return Math.ceil(mana / MANA_PER_CHANNEL_COUNTER);
}

/**
 * One combatant's counters. `available` are this turn's counters; `reserved` are kept for
 * reactions after passing (or set aside for a prepared action). A combatant that has not had
 * its first turn (`hadTurn` false) is defenseless.
 */
export interface CounterState {
  available: number;
  reserved: number;
  hadTurn: boolean;
  passed: boolean;
}

/** Why counters cannot be paid; also the `reason` of a {@link CounterError}. */
export type CounterProblem =
  /** No turn yet this combat: no counters, no counter reactions (§4.6, RULING 74). */
  | "defenseless"
  /** A normal action after passing (only reactions and prepared actions remain). */
  | "passed"
  /** Not enough counters in the pool the cost is paid from. */
  | "insufficient";

/** A RangeError that also carries a reason key for localized warnings. */
export class CounterError extends RangeError {
  readonly reason: CounterProblem;
  constructor(reason: CounterProblem, message: string) {
    super(message);
    this.name = "CounterError";
    this.reason = reason;
  }
}

const STATE_RULE = "counter records hold whole counters of 0 or more (§4.7)";

/** Checks a counter record's shape; throws a RangeError naming the broken rule. */
export function requireCounters(state: CounterState, what = "counter state"): CounterState {
  if (state === null || typeof state !== "object") ruleError(what, "must be an object", STATE_RULE, state);
  requireInteger(state.available, `${what} available`, STATE_RULE, 0);
  requireInteger(state.reserved, `${what} reserved`, STATE_RULE, 0);
  if (typeof state.hadTurn !== "boolean" || typeof state.passed !== "boolean") {
    ruleError(what, "must have boolean hadTurn and passed", STATE_RULE, state);
  }
  return state;
}

/** A combatant that has not had a turn: no counters, defenseless (§4.6 step 4). */
export function newCounters(): CounterState {
  return { available: 0, reserved: 0, hadTurn: false, passed: false };
}

/** Whether the combatant is defenseless: it has not had its first turn (§4.6 step 4). */
export function isDefenseless(state: CounterState): boolean {
  return !requireCounters(state).hadTurn;
}

/** Options of a counter payment. */
export interface SpendOptions {
  /** Stunned: +1 to every cost of at least 1 (§4.7 step 4). */
  stunned?: boolean;
  /** A reaction (dodge, block, prepared action, Counterspell, Force Field). */
  reaction?: boolean;
}

/** Where a payment would come from, or why it cannot be made. */
export interface CounterCharge {
  cost: number;
  pool: "available" | "reserved";
  problem: CounterProblem | null;
}

/**
 * Works out a payment without making it: the cost after Stunned, the pool it comes from, and
 * the problem if it cannot be paid. A normal action needs an own, unpassed turn and is paid
 * from `available`; a reaction needs a first turn behind it and is paid from `available`
 * during the own turn and from `reserved` after passing. A reaction that costs nothing is
 * always allowed (RULING 74: 0-counter saves and Perception).
 */
export function chargeFor(state: CounterState, baseCost: number, options: SpendOptions = {}): CounterCharge {
  requireCounters(state);
  const cost = actionCost(baseCost, { stunned: options.stunned });
  const pool = options.reaction && state.passed ? "reserved" : "available";
  const charge = (problem: CounterProblem | null): CounterCharge => ({ cost, pool, problem });
  if (options.reaction && cost === 0) return charge(null);
  if (!state.hadTurn) return charge("defenseless");
  if (!options.reaction && state.passed) return charge("passed");
  return charge(state[pool] >= cost ? null : "insufficient");
}

