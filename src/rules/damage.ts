/**
 * Damage against resistance (digest §4.9 steps 6–7, §4.12): armor piercing, criticals, area
 * misses, one roll counted against many targets, procs and falling.
 */
import { countGains } from "./dice";
import { requireFaces, requireInteger } from "./errors";
import { BASE_CRITICAL_THRESHOLD, CALLED_SHOT_TABLE, FALLING_HITS_PER_SPACE, MAX_RESISTANCE } from "./tables";

const RESISTANCE_RULE = "resistance shares are whole numbers from 0 to 12";

/** A target's resistance against the damage type, split into the species and armor shares. */
export interface DamageTarget {
  species: number;
  armor: number;
  /** Reinforced armor: armor piercing cuts its share by 1 less (§1.34). */
  reinforced?: boolean;
}

/** Options of one damage count. */
export interface DamageOptions {
  /** The weapon has Armor Piercing: each 12 rolled cuts the armor share by 1. */
  armorPiercing?: boolean;
  /** An area attack that missed this target: half the points, rounded down, no criticals. */
  aoeMiss?: boolean;
  /** Critical damage from the attack roll; added on a hit, ignores resistance. */
  criticals?: number;
  /** Unavoidable damage: resistance does not apply (Disintegrate, Ice Beam, §4.12). */
  ignoreResistance?: boolean;
}

/** A damage count against one target, step by step. */
export interface DamageResult {
  /** Resistance the dice were counted against. */
  resistance: number;
  /** Armor points removed by armor piercing. */
  armorPierced: number;
  /** Points from the dice, after the floor at 0 and any halving. */
  points: number;
  /** Critical damage added (0 on a miss). */
  criticals: number;
  /** Damage to apply to the health track. */
  total: number;
}

function requireTarget(target: DamageTarget): void {
  requireInteger(target.species, "species resistance", RESISTANCE_RULE, 0, MAX_RESISTANCE);
  requireInteger(target.armor, "armor resistance", RESISTANCE_RULE, 0, MAX_RESISTANCE);
}

function countTwelves(faces: readonly number[]): number {
  let n = 0;
  for (const face of faces) if (face === 12) n++;
  return n;
}

/**
 * Counts one damage roll against one target and explains the result. The resistance it is
 * counted against: species + max(0, armor − AP), capped at 12, where AP is the number of 12s
 * for Armor Piercing, reduced by 1 for Reinforced armor.
 */
export function resolveDamage(faces: readonly number[], target: DamageTarget, options: DamageOptions = {}): DamageResult {
  requireFaces(faces);
  requireTarget(target);
  const criticals = requireInteger(options.criticals ?? 0, "critical damage", "criticals are whole points of 0 or more", 0);
  let resistance = 0;
  let armorPierced = 0;
  if (!options.ignoreResistance) {
    const pierce = options.armorPiercing ? Math.max(0, countTwelves(faces) - (target.reinforced ? 1 : 0)) : 0;
    armorPierced = Math.min(target.armor, pierce);
    resistance = Math.min(MAX_RESISTANCE, target.species + target.armor - armorPierced);
  }
  let points = countGains(faces, resistance);
  if (options.aoeMiss) points = Math.floor(points / 2);
  const appliedCriticals = options.aoeMiss ? 0 : criticals;
  return { resistance, armorPierced, points, criticals: appliedCriticals, total: points + appliedCriticals };
}

/** Damage one roll deals to one target (call again, or use {@link damageAgainstTargets}, for areas). */
export function damageDealt(faces: readonly number[], target: DamageTarget, options: DamageOptions = {}): number {
  return resolveDamage(faces, target, options).total;
}

/** A target of a multi-target attack and whether the attack roll hit it. */
export interface AreaTarget extends DamageTarget {
  hit: boolean;
}

/**
 * Counts one damage roll against each target separately (§4.9 step 7). A missed target of an
 * area attack takes half the dice points and no criticals; a missed target of any other attack
 * takes nothing.
 */
export function damageAgainstTargets(
  faces: readonly number[],
  targets: readonly AreaTarget[],
  options: Omit<DamageOptions, "aoeMiss"> & { aoe?: boolean } = {},
): DamageResult[] {
  requireFaces(faces);
  return targets.map((target) => {
    if (!target.hit && !options.aoe) {
      requireTarget(target);
      return { resistance: 0, armorPierced: 0, points: 0, criticals: 0, total: 0 };
    }
    return resolveDamage(faces, target, { ...options, aoeMiss: !target.hit });
  });
}

/** Options that set the critical threshold and add flat critical damage (§4.9 step 6). */
export interface CriticalOptions {
  /** A head or weak-point called shot: criticals from 11. */
  headShot?: boolean;
  /** Applicable Improved Critical purchases: each lowers the threshold by 1. */
  improvedCritical?: number;
  /** Point Blank applies (ranged, within the first increment): +1. */
  pointBlank?: boolean;
  /** Power Attack counters spent: +1 each. */
  powerAttack?: number;
  /** Other flat critical damage (an Affinity ring): added as is. */
  extra?: number;
}

/** The lowest attack die that scores critical damage: 12, 11 on a head shot, −1 per Improved Critical. */
export function criticalThreshold(options: CriticalOptions = {}): number {
  const improved = requireInteger(options.improvedCritical ?? 0, "Improved Critical count", "each Improved Critical lowers the threshold by 1", 0, 10);
  const head = options.headShot ? CALLED_SHOT_TABLE.head.criticalThresholdReduction : 0;
  // A 1 never scores, so the threshold stops at 2.
  return Math.max(2, BASE_CRITICAL_THRESHOLD - head - improved);
}

/** Critical damage of a successful attack roll: dice at or above the threshold plus flat extras. */
export function criticalDamage(attackFaces: readonly number[], options: CriticalOptions = {}): number {
  requireFaces(attackFaces);
  const threshold = criticalThreshold(options);
  const power = requireInteger(options.powerAttack ?? 0, "Power Attack counters", "each extra counter adds +1 critical", 0);
  const extra = requireInteger(options.extra ?? 0, "extra critical damage", "critical bonuses are whole points", 0);
  let crits = 0;
  for (const face of attackFaces) if (face >= threshold) crits++;
  return crits + (options.pointBlank ? 1 : 0) + power + extra;
}

/**
 * Procs of a damage roll (RULING 13): each natural 12 is one proc, but only on a hit that dealt
 * at least 1 damage after resistance.
 */
export function procCount(damageFaces: readonly number[], options: { hit: boolean; damageDealt: number }): number {
  requireFaces(damageFaces);
  requireInteger(options.damageDealt, "damage dealt", "damage is a whole number of 0 or more", 0);
  if (!options.hit || options.damageDealt < 1) return 0;
  return countTwelves(damageFaces);
}

/** Falling deals 4 unavoidable hits per space (§4.8); apply with `{ fall: true }`. */
export function fallingDamage(spaces: number): number {
  requireInteger(spaces, "fall height", "falls are measured in whole spaces of 0 or more", 0);
  return spaces * FALLING_HITS_PER_SPACE;
}
