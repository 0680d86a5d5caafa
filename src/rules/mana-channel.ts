/**
 * Channeling mana from the scene's global pool into the personal one (digest §4.18 step 6,
 * docs/rulings.md #33): its limit, its counter cost in combat and the plan of one channeling.
 * Apart from mana.ts, whose personal maximum the data models derive, because it needs the
 * combat counters' rules.
 */
import { actionCost, channelCounters } from "./combat";
import { chargeFor } from "./counters";
import type { CounterProblem, CounterState } from "./counters";
import { drainGlobalPool, requireGlobalPool, requirePool, type GlobalManaPool, type ManaPool } from "./mana";
import { MANA_PER_CHANNEL_COUNTER } from "./tables";

/** Why mana cannot be channeled; a counter problem when the counters are what fails. */
export type ChannelProblem =
  /** The amount is not a whole number of at least 1. */
  | "noAmount"
  /** The personal pool is already full (§4.18 step 6). */
  | "manaFull"
  /** More than the personal pool has room for. */
  | "beyondMax"
  /** No global pool in this scene. */
  | "noPool"
  /** The global pool is empty, or holds less than asked. */
  | "poolEmpty"
  | "beyondPool"
  | CounterProblem;

/** Everything channeling depends on. */
export interface ChannelInput {
  personal: ManaPool;
  /** The scene's pool; `null` when the scene has none. */
  pool: GlobalManaPool | null;
  /** In a started combat: channeling is an action costing 1 counter per 2 mana. */
  inCombat: boolean;
  counters?: CounterState;
  stunned?: boolean;
}

/** A channeling worked out: the counters it costs and the pools after it, or why not. */
export interface ChannelPlan {
  amount: number;
  /** Counters paid (after Stunned); 0 out of combat. */
  counters: number;
  problem: ChannelProblem | null;
  personal: ManaPool;
  pool: GlobalManaPool | null;
}

/** Counters channeling an amount costs in combat: 1 per 2 mana rounded up, +1 when Stunned (§4.18, #33). */
export function channelCost(amount: number, options: { stunned?: boolean } = {}): number {
  return actionCost(channelCounters(amount), options);
}

/**
 * The most mana one channeling can move now: the room in the personal pool, what the global
 * pool holds, and in combat what the turn's counters pay for (2 mana per counter, one counter
 * less when Stunned). 0 when nothing can be channeled.
 */
export function channelLimit(input: ChannelInput): number {
  requirePool(input.personal, "personal mana");
  if (!input.pool) return 0;
  requireGlobalPool(input.pool);
  let limit = Math.min(input.personal.max - input.personal.value, input.pool.value);
  if (input.inCombat) {
    const counters = input.counters;
    if (!counters || !counters.hadTurn || counters.passed) return 0;
    const affordable = Math.max(0, counters.available - (input.stunned ? 1 : 0));
    limit = Math.min(limit, affordable * MANA_PER_CHANNEL_COUNTER);
  }
  return Math.max(0, limit);
}

/**
 * Works out a channeling of `amount` mana (§4.18 step 6): refused at full, beyond the room
 * left, beyond what the global pool holds, and in combat when the counters cannot pay for it
 * (1 per 2 mana, rounded up, as one action). Out of combat it is free. Nothing is changed.
 */
export function planChannel(input: ChannelInput, amount: number): ChannelPlan {
  requirePool(input.personal, "personal mana");
  if (input.pool) requireGlobalPool(input.pool);
  const refuse = (problem: ChannelProblem, counters = 0): ChannelPlan => ({ amount, counters, problem, personal: { ...input.personal }, pool: input.pool ? { ...input.pool } : null });
  if (!Number.isInteger(amount) || amount < 1) return refuse("noAmount");
  if (input.personal.value >= input.personal.max) return refuse("manaFull");
  if (!input.pool) return refuse("noPool");
  if (input.pool.value === 0) return refuse("poolEmpty");
  if (amount > input.personal.max - input.personal.value) return refuse("beyondMax");
  if (amount > input.pool.value) return refuse("beyondPool");
  let counters = 0;
  if (input.inCombat) {
    const charge = chargeFor(input.counters ?? { available: 0, reserved: 0, hadTurn: false, passed: false }, channelCounters(amount), { stunned: input.stunned });
    if (charge.problem) return refuse(charge.problem, charge.cost);
    counters = charge.cost;
  }
  return {
    amount,
    counters,
    problem: null,
    personal: { value: input.personal.value + amount, max: input.personal.max },
    pool: drainGlobalPool(input.pool, amount),
  };
}
