/**
 * Mana bookkeeping (digest §4.18, tables 1.9–1.10, RULINGS 84, docs/rulings.md #33): the personal
 * maximum, the scene's global pool and its refill by in-world time, mana potions; channeling,
 * which spends combat counters, is in mana-channel.ts.
 * Pure: world time comes in as seconds, dice as faces, counters as the counter contract's record.
 */
import { manaForMagic } from "./character";
import { requireInteger, requireKey, ruleError } from "./errors";
import { sumDice } from "./magic";
import { AMULET_OF_WIZARDRY_MANA, GLOBAL_MANA_POOL } from "./tables";

// ---------------------------------------------------------------- personal mana

const MANA_RULE = "mana is whole points of 0 or more (§4.18)";

/** A personal pool as stored (`value`) and derived (`max`). */
export interface ManaPool {
  value: number;
  max: number;
}

/** The pool, checked: whole points from 0 to its maximum (a rule error otherwise). */
export function requirePool(pool: ManaPool, what = "mana pool"): ManaPool {
  if (pool === null || typeof pool !== "object") ruleError(what, "must be an object", MANA_RULE, pool);
  requireInteger(pool.max, `${what} max`, MANA_RULE, 0);
  requireInteger(pool.value, `${what} value`, "a pool holds 0 to its maximum (§4.18)", 0, pool.max);
  return pool;
}

/** Personal maximum: table 1.9 from Magic, +6 per Amulet of Wizardry worn (§4.18 step 5). */
export function personalManaMax(magic: number, options: { amulets?: number } = {}): number {
  const amulets = requireInteger(options.amulets ?? 0, "Amulets of Wizardry", "one artifact per body position (§1.35)", 0, 1);
  return manaForMagic(magic) + amulets * AMULET_OF_WIZARDRY_MANA;
}

/** Room left in a pool. */
export function manaRoom(pool: ManaPool): number {
  requirePool(pool);
  return pool.max - pool.value;
}

/**
 * A mana potion (§1.33, RULING 84): the dice are summed and added, capped at the maximum.
 * Returns the new value and what was actually restored.
 */
export function drinkManaPotion(pool: ManaPool, faces: readonly number[]): { value: number; restored: number; rolled: number } {
  requirePool(pool);
  const rolled = sumDice(faces);
  const value = Math.min(pool.max, pool.value + rolled);
  return { value, restored: value - pool.value, rolled };
}

/** Pays a spell's mana; throws when the pool holds too little (§4.18 step 2). */
export function payMana(pool: ManaPool, cost: number): ManaPool {
  requirePool(pool);
  requireInteger(cost, "mana cost", MANA_RULE, 0);
  if (cost > pool.value) ruleError("mana cost", `must be at most the ${pool.value} mana in the pool`, "a spell is paid in full from the caster's own pool (§4.18 step 2)", cost);
  return { value: pool.value - cost, max: pool.max };
}

// ---------------------------------------------------------------- the global pool

/** How strongly the area is connected to the mana source (§1.10), or a GM's own size. */
export const MANA_CONNECTIONS = ["strong", "middling", "low", "custom"] as const;
export type ManaConnectionPreset = (typeof MANA_CONNECTIONS)[number];

/** Seconds of world time per refilled point: one point per in-world hour (§1.10). */
export const SECONDS_PER_REFILL = 3600;
/** The largest custom pool a GM may set. */
export const MAX_GLOBAL_POOL = 999;

/**
 * A scene's global pool as stored in its flags. `refilledAt` is the world time (seconds) up to
 * which whole hours have been counted; the fraction of an hour after it carries over, so a pool
 * refills exactly one point per hour however the time is advanced.
 */
export interface GlobalManaPool {
  connection: ManaConnectionPreset;
  max: number;
  value: number;
  refilledAt: number;
}

const POOL_RULE = "the global pool holds 0 to its maximum (§1.10)";

/** Checks a stored global pool's shape; throws a RangeError naming the rule. */
export function requireGlobalPool(pool: GlobalManaPool): GlobalManaPool {
  if (pool === null || typeof pool !== "object") ruleError("global pool", "must be an object", POOL_RULE, pool);
  requireKey(pool.connection, MANA_CONNECTIONS, "global pool connection", "strong, middling, low or custom (§1.10)");
  requireInteger(pool.max, "global pool max", POOL_RULE, 0, MAX_GLOBAL_POOL);
  requireInteger(pool.value, "global pool value", POOL_RULE, 0, pool.max);
  if (!Number.isFinite(pool.refilledAt)) ruleError("global pool refill time", "must be a finite number of seconds", "world time is counted in seconds", pool.refilledAt);
  return pool;
}

/** The size of a global pool: 60 / 48 / 36 by connection, or the GM's custom number (§1.10). */
export function globalPoolMax(connection: ManaConnectionPreset, custom?: number): number {
  requireKey(connection, MANA_CONNECTIONS, "global pool connection", "strong, middling, low or custom (§1.10)");
  if (connection === "custom") return requireInteger(custom ?? 0, "custom global pool", `a custom pool is 0 to ${MAX_GLOBAL_POOL} points`, 0, MAX_GLOBAL_POOL);
  return GLOBAL_MANA_POOL[connection];
}

/** A full pool of the given connection, counting refills from `worldTime`. */
export function newGlobalPool(connection: ManaConnectionPreset, worldTime: number, custom?: number): GlobalManaPool {
  const max = globalPoolMax(connection, custom);
  if (!Number.isFinite(worldTime)) ruleError("world time", "must be a finite number of seconds", "world time is counted in seconds", worldTime);
  return { connection, max, value: max, refilledAt: worldTime };
}

/**
 * Changes a pool's connection (or custom size) keeping what was drained: the new pool holds its
 * new maximum minus what the old one was missing, never below 0.
 */
export function resizeGlobalPool(pool: GlobalManaPool, connection: ManaConnectionPreset, custom?: number): GlobalManaPool {
  requireGlobalPool(pool);
  const max = globalPoolMax(connection, custom);
  const missing = pool.max - pool.value;
  return { connection, max, value: Math.max(0, max - missing), refilledAt: pool.refilledAt };
}

/**
 * Refills a pool to world time `now`: one point per whole hour since `refilledAt`, capped at the
 * maximum (§1.10). The hour clock runs even while the pool is full, so `refilledAt` always moves
 * on by whole hours and the part of an hour left over carries to the next call: two calls over
 * 0→t1→t2 give exactly what one call over 0→t2 gives. Time going backwards (a GM undoing an
 * advance) neither drains nor refills; the clock restarts at the earlier time (docs/rulings.md).
 */
export function refillGlobalPool(pool: GlobalManaPool, now: number): { pool: GlobalManaPool; added: number; hours: number } {
  requireGlobalPool(pool);
  if (!Number.isFinite(now)) ruleError("world time", "must be a finite number of seconds", "world time is counted in seconds", now);
  if (now < pool.refilledAt) return { pool: { ...pool, refilledAt: now }, added: 0, hours: 0 };
  const hours = Math.floor((now - pool.refilledAt) / SECONDS_PER_REFILL);
  if (hours === 0) return { pool: { ...pool }, added: 0, hours: 0 };
  const value = Math.min(pool.max, pool.value + hours);
  return { pool: { ...pool, value, refilledAt: pool.refilledAt + hours * SECONDS_PER_REFILL }, added: value - pool.value, hours };
}

/** Takes channeled mana out of a pool; throws when it holds too little. */
export function drainGlobalPool(pool: GlobalManaPool, amount: number): GlobalManaPool {
  requireGlobalPool(pool);
  requireInteger(amount, "mana drained", MANA_RULE, 0);
  if (amount > pool.value) ruleError("mana drained", `must be at most the ${pool.value} points the global pool holds`, "channeling cannot take more than the global pool holds (§4.18 step 6)", amount);
  return { ...pool, value: pool.value - amount };
}

/** Gives mana back to a pool (an undo), capped at its maximum. */
export function returnToGlobalPool(pool: GlobalManaPool, amount: number): GlobalManaPool {
  requireGlobalPool(pool);
  requireInteger(amount, "mana returned", MANA_RULE, 0);
  return { ...pool, value: Math.min(pool.max, pool.value + amount) };
}
