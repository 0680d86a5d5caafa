/**
 * Action counters (digest §4.6–§4.7, RULINGS 72, 74): the per-combatant counter record the
 * Foundry layer stores on the Combatant, and every move of counters between turns, creatures
 * and reactions. Pure: each function returns new records and never mutates its input.
 */
import { requireInteger, ruleError } from "./errors";
import { COUNTERS_PER_TURN, MANA_PER_CHANNEL_COUNTER, STUNNED_EXTRA_COUNTERS } from "./tables";

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

/** Whether it is the combatant's own, unpassed turn. */
export function inOwnTurn(state: CounterState): boolean {
  requireCounters(state);
  return state.hadTurn && !state.passed;
}

/**
 * Starts a turn: 6 counters plus `extra` (negative for counters borrowed earlier, §4.7 step 5);
 * anything unspent or reserved from before is lost (§4.7 step 1).
 */
export function beginTurn(state: CounterState, options: { extra?: number } = {}): CounterState {
  requireCounters(state);
  const extra = requireInteger(options.extra ?? 0, "extra counters", "a turn gets 6 counters, changed by whole counters, never below 0", -COUNTERS_PER_TURN);
  return { available: COUNTERS_PER_TURN + extra, reserved: 0, hadTurn: true, passed: false };
}

/** Passes: the counters left become reserved for reactions until the next turn (§4.7 step 2). */
export function passTurn(state: CounterState): CounterState {
  requireCounters(state);
  return { available: 0, reserved: state.reserved + state.available, hadTurn: state.hadTurn, passed: true };
}

const PROBLEM_RULES: Record<CounterProblem, string> = {
  defenseless: "a combatant has no counters before its first turn and cannot spend any (§4.6, RULING 74)",
  passed: "after passing only reactions and prepared actions may spend the reserved counters (§4.7)",
  insufficient: "an action is paid in full from the turn's counters, or a reaction after passing from the reserved ones (§4.7)",
};

/**
 * Pays an action or reaction (see {@link chargeFor}). When it cannot be paid this throws a
 * {@link CounterError} (a RangeError) naming the rule, and the input is unchanged.
 */
export function spendCounters(state: CounterState, baseCost: number, options: SpendOptions = {}): CounterState {
  const { cost, pool, problem } = chargeFor(state, baseCost, options);
  if (problem) {
    const have = problem === "insufficient" ? ` but only ${state[pool]} ${pool} remain` : "";
    throw new CounterError(problem, `${options.reaction ? "reaction" : "action"} costing ${cost} counters cannot be paid${have} (${PROBLEM_RULES[problem]}); got ${JSON.stringify(state)}`);
  }
  return { ...state, [pool]: state[pool] - cost };
}

/** Whether a payment can be made now. */
export function canSpend(state: CounterState, baseCost: number, options: SpendOptions = {}): boolean {
  return chargeFor(state, baseCost, options).problem === null;
}

// ---------------------------------------------------------------- prepared actions

/**
 * Sets counters aside for a prepared action (§4.7): a normal action on the own turn that moves
 * the prepared action's cost (Stunned included, at the time of preparing) from `available`
 * into `reserved`, where they wait for the trigger. Returns the state and the counters set aside.
 */
export function prepareAction(state: CounterState, baseCost: number, options: { stunned?: boolean } = {}): { state: CounterState; counters: number } {
  const paid = spendCounters(state, baseCost, { stunned: options.stunned });
  const counters = state.available - paid.available;
  return { state: { ...paid, reserved: paid.reserved + counters }, counters };
}

/**
 * Spends the counters set aside for a prepared action when its trigger happens: they come out
 * of `reserved`, which also holds them during the rest of the own turn.
 */
export function triggerPrepared(state: CounterState, counters: number): CounterState {
  requireCounters(state);
  requireInteger(counters, "prepared counters", "a prepared action holds whole counters of 0 or more", 0);
  if (!state.hadTurn) throw new CounterError("defenseless", `a prepared action needs a turn in which it was prepared (§4.7); got ${JSON.stringify(state)}`);
  if (state.reserved < counters) {
    throw new CounterError("insufficient", `a prepared action needs ${counters} reserved counters but only ${state.reserved} remain (§4.7: the counters set aside pay for it); got ${JSON.stringify(state)}`);
  }
  return { ...state, reserved: state.reserved - counters };
}

// ---------------------------------------------------------------- Command (RULING 72)

/** The cost the commander pays for Command (§3.2). */
export const COMMAND_COST = 2;
/** Counters Command adds to the ally (§3.2). */
export const COMMAND_GIFT = 1;

/**
 * Command (§3.2, RULING 72): the commander pays 2 counters as a normal action; the ally gains
 * 1 counter in its current pool — `available` during its own turn, else `reserved` — and loses
 * it when its next turn starts (as {@link beginTurn} does). An ally that has not had a turn
 * cannot receive it (it could never spend it, RULING 74).
 */
export function command(commander: CounterState, ally: CounterState, options: { stunned?: boolean } = {}): { commander: CounterState; ally: CounterState } {
  requireCounters(ally, "ally counters");
  if (!ally.hadTurn) {
    throw new CounterError("defenseless", `Command cannot give a counter to an ally before its first turn (RULING 72, 74); got ${JSON.stringify(ally)}`);
  }
  const paid = spendCounters(commander, COMMAND_COST, { stunned: options.stunned });
  const pool = ally.passed ? "reserved" : "available";
  return { commander: paid, ally: { ...ally, [pool]: ally[pool] + COMMAND_GIFT } };
}

// ---------------------------------------------------------------- Borrow Time / Sliding Time

/**
 * Counters moved between turns (§4.7 step 5, Borrow Time / Sliding Time, Shock's "Stun 1"),
 * stored beside the counter record. `next` changes the next turn's 6; the flags say whether
 * the current turn lent counters to an earlier one (no Borrow Time in it) or received slid
 * counters (no Sliding Time in it), and what the next turn will carry.
 */
export interface TimeShift {
  next: number;
  borrowedFrom: boolean;
  slidInto: boolean;
  nextBorrowedFrom: boolean;
  nextSlidInto: boolean;
}

/** No counters moved. */
export function newTimeShift(): TimeShift {
  return { next: 0, borrowedFrom: false, slidInto: false, nextBorrowedFrom: false, nextSlidInto: false };
}

function requireShift(shift: TimeShift): TimeShift {
  if (shift === null || typeof shift !== "object") ruleError("time shift", "must be an object", "§4.7 step 5", shift);
  requireInteger(shift.next, "counters moved to the next turn", "the next turn keeps between 0 and any number of counters", -COUNTERS_PER_TURN);
  return shift;
}

/** Starts a turn with the counters moved into or out of it; the shift moves on one turn. */
export function beginTurnShifted(state: CounterState, shift: TimeShift, options: { extra?: number } = {}): { counters: CounterState; shift: TimeShift } {
  requireShift(shift);
  const extra = requireInteger(options.extra ?? 0, "extra counters", "extra counters are whole numbers");
  const counters = beginTurn(state, { extra: Math.max(-COUNTERS_PER_TURN, shift.next + extra) });
  return {
    counters,
    shift: { next: 0, borrowedFrom: shift.nextBorrowedFrom, slidInto: shift.nextSlidInto, nextBorrowedFrom: false, nextSlidInto: false },
  };
}

function requireOwnTurn(state: CounterState, what: string): void {
  requireCounters(state);
  if (!state.hadTurn) throw new CounterError("defenseless", `${what} needs the caster's own turn (§4.7, RULING 74); got ${JSON.stringify(state)}`);
  if (state.passed) throw new CounterError("passed", `${what} is cast on the caster's own turn, before passing (§4.7); got ${JSON.stringify(state)}`);
}

/**
 * Borrow Time (§3.1): moves `count` counters (at most the gains) from the next turn into this
 * one. Not allowed in a turn that was itself borrowed from; the next turn cannot go below 0.
 */
export function borrowTime(state: CounterState, shift: TimeShift, count: number): { counters: CounterState; shift: TimeShift } {
  requireOwnTurn(state, "Borrow Time");
  requireShift(shift);
  requireInteger(count, "counters borrowed", "Borrow Time moves 1 counter per gain", 0);
  if (shift.borrowedFrom) {
    ruleError("Borrow Time", "cannot be cast in a turn that was itself borrowed from", "Borrow Time (§3.1)", count);
  }
  const left = COUNTERS_PER_TURN + shift.next;
  if (count > left) ruleError("counters borrowed", `must be at most the ${left} the next turn still has`, "a turn never has fewer than 0 counters (§4.7)", count);
  return {
    counters: { ...state, available: state.available + count },
    shift: { ...shift, next: shift.next - count, nextBorrowedFrom: shift.nextBorrowedFrom || count > 0 },
  };
}

/**
 * Sliding Time (§3.1): moves `count` counters (at most the gains) from this turn into the next.
 * Not allowed in a turn that received slid counters.
 */
export function slideTime(state: CounterState, shift: TimeShift, count: number): { counters: CounterState; shift: TimeShift } {
  requireOwnTurn(state, "Sliding Time");
  requireShift(shift);
  requireInteger(count, "counters slid", "Sliding Time moves 1 counter per gain", 0);
  if (shift.slidInto) {
    ruleError("Sliding Time", "cannot be cast in a turn that received slid counters", "Sliding Time (§3.1)", count);
  }
  if (count > state.available) {
    throw new CounterError("insufficient", `Sliding Time can move at most the ${state.available} available counters (§3.1); got ${count}`);
  }
  return {
    counters: { ...state, available: state.available - count },
    shift: { ...shift, next: shift.next + count, nextSlidInto: shift.nextSlidInto || count > 0 },
  };
}

/**
 * Shock's "Stun 1" (RULING 39): the target loses 1 counter from its current pool (this turn's
 * during its own turn, the reserved ones after passing) or, when that pool is empty, 1 from its
 * next turn. Returns which one it lost.
 */
export function loseOneCounter(state: CounterState, shift: TimeShift): { counters: CounterState; shift: TimeShift; lost: "available" | "reserved" | "next" } {
  requireCounters(state);
  requireShift(shift);
  const pool = state.hadTurn ? (state.passed ? "reserved" : "available") : null;
  if (pool && state[pool] > 0) return { counters: { ...state, [pool]: state[pool] - 1 }, shift: { ...shift }, lost: pool };
  return { counters: { ...state }, shift: { ...shift, next: Math.max(-COUNTERS_PER_TURN, shift.next - 1) }, lost: "next" };
}
