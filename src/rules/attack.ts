/**
 * One attack against its targets (digest §4.9–§4.12, RULINGS 4, 13, 24, 32, 61, 75, 80): the
 * pool and defense each target faces, the exact chance to hit and the exact expected damage
 * against that target's resistance, and the resolution of rolled dice into hits, damage and
 * procs. Builds on `computeDefense`, `rangePenalty`, `resolveDamage` and `criticalDamage`.
 */
import { computeDefense, rangePenalty } from "./combat";
import type { AttackProfile, DefenseResult } from "./combat";
import { criticalDamage, criticalThreshold, procCount, resolveDamage } from "./damage";
import type { DamageResult, DamageTarget } from "./damage";
import { dieGain, gainDistribution, poolBreakdown } from "./dice";
import type { PoolBreakdown } from "./dice";
import { requireFaces, requireInteger, requireKey, ruleError } from "./errors";
import {
  BLIND_COVER, COVER_BONUS, DIE_FACES, EXHAUSTED_PENALTY, MAX_RESISTANCE, PETRIFIED_RESISTANT_TYPES,
  RANGE_INCREMENTS_MAX, SITUATIONAL_DICE,
} from "./tables";
import type { CalledShot, ConditionKey, CoverPercent, DamageType } from "./types";

// ---------------------------------------------------------------- inputs

/** Fire modes (§4.9 step 1); `area` is any other area attack (grenade, missile, breath, spell). */
export const ATTACK_MODES = ["single", "autofire", "strafe", "spray", "area"] as const;
export type AttackMode = (typeof ATTACK_MODES)[number];

/** Whether a mode is an area attack: base defense, one roll for all, half damage on a miss. */
export function isAreaMode(mode: AttackMode): boolean {
  return mode !== "single";
}

/** The attacker's side of the pool (§4.1, §4.9 step 4). */
export interface Attacker {
  /** Attribute dice (Body for weapons), or a fixed pool such as a missile's guidance dice. */
  attribute: number;
  /** The skill rank the dice count against. */
  rank: number;
  bonusSkill?: boolean;
  focus?: boolean;
  /** Remaining vitals, for the vitals penalty on physical rolls. */
  vitalsRemaining?: number;
  /** A Body roll (default true); false for spells and missile guidance pools. */
  physical?: boolean;
  /** Other situational dice (Accurate +1, mounted −2, Challenge −2, Cyclone −2). */
  situational?: number;
  hexed?: boolean;
  /** Exhausted: −1 die (RULING 26). */
  exhausted?: boolean;
  /** Prone: +1 die on ranged attacks, no effective melee (§4.15). */
  prone?: boolean;
  /** Blind: every target counts as 75 % cover (§4.15 RULING, docs/rulings.md). */
  blind?: boolean;
  /** Stealthed: the attack cannot be dodged or blocked (§4.16). */
  stealthed?: boolean;
  /** Features that shape the attack. */
  deadeye?: boolean;
  sniper?: boolean;
  pointBlank?: boolean;
  /** Applicable Improved Critical purchases. */
  improvedCritical?: number;
}

/** The weapon or attack's side. */
export interface AttackWeapon {
  kind: "melee" | "ranged";
  damageDice: number;
  armorPiercing?: boolean;
  /** Spaces per range increment (ranged and thrown weapons, Far Shot and shot/slug included). */
  rangeIncrement?: number;
  /** A flat maximum range with no increment penalty (spells, RULING in §4.9). */
  maxRange?: number;
  /** Melee reach in spaces. */
  reach?: number;
  arcShot?: boolean;
  /** Void Bolt, Void weapons: ignore cover entirely. */
  ignoresCover?: boolean;
  /** Void Bolt: cannot be blocked, nor dodged by a target that cannot see the caster. */
  voidBolt?: boolean;
  /** Unavoidable damage (Disintegrate, Ice Beam): resistance does not apply. */
  unavoidable?: boolean;
  /**
   * Always hits; each target's save (its `saveGains`) beating the attack's gains halves the
   * damage like an area miss (the Dragonkin's lightning breath, L253; docs/rulings.md).
   */
  alwaysHits?: boolean;
}

/** What the attacker declares (§4.9 step 1). */
export interface AttackOptions {
  mode?: AttackMode;
  calledShot?: CalledShot | null;
  /** The damage type chosen; decides Petrified resistance. */
  damageType?: DamageType;
  /** Power Attack counters (+1 critical each, melee only). */
  powerAttack?: number;
  /** Other flat critical damage on a hit (an Affinity ring). */
  extraCriticals?: number;
  /** Distance in spaces to an area's target point, for the range penalty of the one roll. */
  distance?: number;
}

/** Everything about one target that the attack meets. */
export interface AttackTarget {
  id: string;
  baseDefense: number;
  /** Gains of its save against an attack that always hits (Body / Stamina against lightning breath). */
  saveGains?: number;
  /** Distance in spaces from the attacker (range, Point Blank, reach). */
  distance?: number;
  cover?: CoverPercent;
  prone?: boolean;
  /** Before its first turn (§4.6): base defense only, no reactions. */
  defenseless?: boolean;
  /** Unaware or stationary: base defense only. */
  unaware?: boolean;
  grappled?: boolean;
  /** Feinted (§4.17): against the next melee attack its dodge fails and its shield gives nothing. */
  feinted?: boolean;
  /** Stealthed against the attacker: cannot be targeted; a blind area deals half (§4.16). */
  stealthed?: boolean;
  /** Can see the attacker (Void Bolt dodges need it); default true. */
  canSeeAttacker?: boolean;
  reaction?: "none" | "dodge" | "block";
  dodgeBonus?: number;
  blockBonus?: number;
  /** A shield is drawn; defaults to blockBonus > 0. */
  shieldDrawn?: boolean;
  parryWeapons?: number;
  forceField?: number;
  evasion?: boolean;
  /** Resistance shares against the chosen damage type. */
  resistance: DamageTarget;
  /** Petrified: 12 against blunt, slashing, piercing and ballistic (§4.12). */
  petrified?: boolean;
  /** Grit and barrier, for the chance of a wound. */
  grit?: number;
  barrier?: number;
  /** Orcs ignore the first 12 of a Stunning proc (§3.3). */
  orc?: boolean;
}

/** The whole attack. */
export interface AttackInput {
  attacker: Attacker;
  weapon: AttackWeapon;
  options?: AttackOptions;
}

// ---------------------------------------------------------------- per-target setup

/** Why an attack cannot hit a target at all. */
export type AutomaticMiss = "outOfRange" | "outOfReach" | "untargetable" | "noDice" | "proneMelee" | "concealed";

/** Why a target may not dodge or block (§4.9 step 2). */
export type ReactionBlock = "defenseless" | "grappled" | "area" | "stealthedAttacker" | "noShield" | "voidBolt" | "cannotSee";

/** A target's defense with the Blind attacker's part. */
export interface AttackDefense {
  total: number;
  targetable: boolean;
  parts: DefenseResult["parts"] & { blind: number };
}

/** Everything fixed about one target before dice are rolled. */
export interface TargetSetup {
  id: string;
  area: boolean;
  pool: PoolBreakdown;
  threshold: number;
  rangePenalty: number;
  defense: AttackDefense;
  reactions: { dodge: ReactionBlock | null; block: ReactionBlock | null };
  /** The reaction that counts (a declared but impossible one is dropped). */
  reaction: "none" | "dodge" | "block";
  automaticMiss: AutomaticMiss | null;
  criticalThreshold: number;
  /** Flat critical damage on a hit: Point Blank, Power Attack, extras (RULING 75). */
  flatCriticals: number;
  damageTarget: DamageTarget;
  ignoreResistance: boolean;
  /** An area miss here deals nothing (Force Field, §4.9 step 7). */
  missDealsNothing: boolean;
}

function mode(input: AttackInput): AttackMode {
  const m = input.options?.mode ?? "single";
  requireKey(m, ATTACK_MODES, "attack mode", "single, autofire, strafe, spray or area (§4.9)");
  return m;
}

/** Whether the target may dodge and block this attack (§4.9 step 2, RULING 4). */
export function reactionOptions(input: AttackInput, target: AttackTarget): { dodge: ReactionBlock | null; block: ReactionBlock | null } {
  const area = isAreaMode(mode(input));
  const both = (reason: ReactionBlock) => ({ dodge: reason, block: reason });
  if (target.defenseless || target.unaware) return both("defenseless");
  if (target.grappled) return both("grappled");
  if (input.attacker.stealthed) return both("stealthedAttacker");
  const shield = target.shieldDrawn ?? (target.blockBonus ?? 0) > 0;
  let dodge: ReactionBlock | null = area && !target.evasion ? "area" : null;
  let block: ReactionBlock | null = area ? "area" : shield ? null : "noShield";
  if (input.weapon.voidBolt) {
    block = block ?? "voidBolt";
    if (target.canSeeAttacker === false) dodge = dodge ?? "cannotSee";
  }
  return { dodge, block };
}

function distanceOf(value: number | undefined, what: string): number | undefined {
  return value === undefined ? undefined : requireInteger(value, what, "distances are whole spaces of 0 or more", 0);
}

/** Dice lost or gained for range, and whether the distance is beyond the weapon's reach or range. */
function rangeCheck(weapon: AttackWeapon, distance: number | undefined): { penalty: number; miss: AutomaticMiss | null } {
  if (distance === undefined) return { penalty: 0, miss: null };
  if (weapon.kind === "melee") {
    const reach = weapon.reach;
    if (reach !== undefined) requireInteger(reach, "reach", "reach is whole spaces, at least 1", 1);
    return { penalty: 0, miss: reach !== undefined && distance > reach ? "outOfReach" : null };
  }
  if (weapon.rangeIncrement !== undefined) {
    const penalty = rangePenalty(distance, weapon.rangeIncrement);
    return penalty === null ? { penalty: 0, miss: "outOfRange" } : { penalty, miss: null };
  }
  if (weapon.maxRange !== undefined) {
    requireInteger(weapon.maxRange, "maximum range", "a range is whole spaces of 0 or more", 0);
    return { penalty: 0, miss: distance > weapon.maxRange ? "outOfRange" : null };
  }
  return { penalty: 0, miss: null };
}

/** The target's resistance shares against this attack: Petrified is 12 against physical types. */
function damageTargetOf(input: AttackInput, target: AttackTarget): DamageTarget {
  const type = input.options?.damageType;
  if (target.petrified && type !== undefined && PETRIFIED_RESISTANT_TYPES.includes(type)) {
    return { species: MAX_RESISTANCE, armor: 0 };
  }
  return target.resistance;
}

/**
 * Works out everything one target faces: the pool (range, autofire, prone, Exhausted, vitals),
 * its defense (reaction, called shot, cover, prone and Blind as 75 % cover, parry, Force Field),
 * the critical threshold and flat criticals, and any automatic miss.
 */
export function setupTarget(input: AttackInput, target: AttackTarget): TargetSetup {
  const attackMode = mode(input);
  const area = isAreaMode(attackMode);
  const { attacker, weapon } = input;
  const options = input.options ?? {};
  const ranged = weapon.kind === "ranged";
  const targetDistance = distanceOf(target.distance, "target distance");
  const rollDistance = area ? distanceOf(options.distance, "area distance") ?? targetDistance : targetDistance;
  const range = rangeCheck(weapon, rollDistance);
  // A melee attack still has to reach each target, even inside an area.
  const reach = weapon.kind === "melee" ? rangeCheck(weapon, targetDistance) : range;

  let situational = requireInteger(attacker.situational ?? 0, "situational dice", "situational modifiers are whole dice");
  situational -= range.penalty;
  if (attackMode === "autofire" || attackMode === "strafe" || attackMode === "spray") situational += SITUATIONAL_DICE.autofire;
  if (attacker.prone && ranged) situational += SITUATIONAL_DICE.proneRanged;
  if (attacker.exhausted) situational -= EXHAUSTED_PENALTY;
  const pool = poolBreakdown({
    attribute: attacker.attribute,
    bonusSkill: attacker.bonusSkill,
    focus: attacker.focus,
    situational,
    vitalsRemaining: attacker.vitalsRemaining,
    physical: attacker.physical ?? true,
  });
  const threshold = requireInteger(attacker.rank, "attack rank", "a die at or above the rank is a gain; ranks run 0–12", 0, 12);

  const reactions = reactionOptions(input, target);
  const declared = target.reaction ?? "none";
  requireKey(declared, ["none", "dodge", "block"], "reaction", "a target may dodge or block, never both");
  const reaction = declared !== "none" && reactions[declared] === null ? declared : "none";
  // A feinted target pays for its reaction against the next melee attack but gains nothing (§4.17).
  const reactionCounts = reaction !== "none" && !(target.feinted && weapon.kind === "melee");
  const base = requireInteger(target.baseDefense, "base defense", "defense is a whole number of 0 or more", 0);
  const cover = target.cover ?? 0;
  requireKey(cover, [0, 25, 50, 75, 100], "cover", "cover is 0, 25, 50, 75 or 100 %");
  // Prone counts as 75 % cover against line-of-sight attacks (§1.17); it does not add to better cover.
  const effectiveCover: CoverPercent = target.prone && ranged && cover < BLIND_COVER ? BLIND_COVER : cover;
  const profile: AttackProfile = { kind: weapon.kind, aoe: area, arcShot: weapon.arcShot, ignoresCover: weapon.ignoresCover };
  const unaware = target.defenseless === true || target.unaware === true;
  const computed = computeDefense({
    baseDefense: base,
    attack: profile,
    reaction: reactionCounts ? reaction : "none",
    dodgeBonus: target.dodgeBonus,
    blockBonus: target.blockBonus,
    calledShot: area ? null : options.calledShot ?? null,
    deadeye: attacker.deadeye,
    cover: effectiveCover,
    sniper: attacker.sniper,
    parryWeapons: target.parryWeapons,
    forceField: target.forceField,
    unaware,
    evasion: target.evasion,
  });
  // A blind attacker treats every target as 75 % cover: the larger of that and the real cover.
  const blindBonus = attacker.blind && !area && !unaware ? Math.max(0, (COVER_BONUS[BLIND_COVER] ?? 0) - computed.parts.cover) : 0;
  const defense: AttackDefense = {
    total: computed.total + blindBonus,
    targetable: computed.targetable,
    parts: { ...computed.parts, blind: blindBonus },
  };

  let automaticMiss: AutomaticMiss | null = range.miss ?? reach.miss;
  if (!automaticMiss && target.stealthed) automaticMiss = area ? "concealed" : "untargetable";
  if (!automaticMiss && !defense.targetable) automaticMiss = "untargetable";
  if (!automaticMiss && attacker.prone && weapon.kind === "melee") automaticMiss = "proneMelee";
  if (!automaticMiss && pool.automaticFailure) automaticMiss = "noDice";

  const calledShot = area ? null : options.calledShot ?? null;
  const powerAttack = requireInteger(options.powerAttack ?? 0, "Power Attack counters", "each extra counter adds +1 critical", 0);
  if (powerAttack > 0 && ranged) ruleError("Power Attack", "applies to melee attacks only", "Power Attack (§3.2)", powerAttack);
  const pointBlank = attacker.pointBlank === true && ranged && weapon.rangeIncrement !== undefined
    && targetDistance !== undefined && targetDistance <= weapon.rangeIncrement;
  const flatCriticals = (pointBlank ? 1 : 0) + powerAttack + requireInteger(options.extraCriticals ?? 0, "extra criticals", "critical bonuses are whole points", 0);

  requireInteger(weapon.damageDice, "damage dice", "a damage roll has 0 to 12 dice", 0, 12);
  return {
    id: target.id,
    area,
    pool,
    threshold,
    rangePenalty: range.penalty,
    defense,
    reactions,
    reaction,
    automaticMiss,
    criticalThreshold: criticalThreshold({ headShot: calledShot === "head", improvedCritical: attacker.improvedCritical }),
    flatCriticals,
    damageTarget: damageTargetOf(input, target),
    ignoreResistance: weapon.unavoidable === true,
    missDealsNothing: area && (target.forceField ?? 0) > 0,
  };
}

// ---------------------------------------------------------------- exact odds

/**
 * Joint distribution of floored gains and critical dice for one pool. `atLeast[d][c]` is the
 * probability of max(0, gains) ≥ d with exactly c critical dice, for d = 0..2·dice + 1.
 */
interface AttackModel {
  dice: number;
  atLeast: Float64Array;
}

function attackModel(dice: number, threshold: number, critThreshold: number, hexed: boolean): AttackModel {
  const width = dice + 1;
  // Group the 12 faces into classes of (gain, critical).
  const classes = new Map<string, { gain: number; crit: number; weight: number }>();
  for (let face = 1; face <= DIE_FACES; face++) {
    const gain = dieGain(face, threshold, { hexed });
    const crit = gain !== -1 && face >= critThreshold ? 1 : 0;
    const key = `${gain}:${crit}`;
    const entry = classes.get(key);
    if (entry) entry.weight++;
    else classes.set(key, { gain, crit, weight: 1 });
  }
  const list = [...classes.values()];
  // counts[(net + dice) * width + crits]; net runs −dice..2·dice.
  const rows = 3 * dice + 1;
  let counts = new Float64Array(rows * width);
  counts[dice * width] = 1;
  for (let d = 0; d < dice; d++) {
    const next = new Float64Array(rows * width);
    for (let row = 0; row < rows; row++) {
      for (let c = 0; c <= d; c++) {
        const value = counts[row * width + c];
        if (value === 0) continue;
        for (const cls of list) next[(row + cls.gain) * width + c + cls.crit] += value * cls.weight;
      }
    }
    counts = next;
  }
  const total = DIE_FACES ** dice;
  const levels = 2 * dice + 2;
  const atLeast = new Float64Array(levels * width);
  // Suffix sums over gains from the top; level 0 takes everything (floored gains ≥ 0).
  for (let g = 2 * dice; g >= 1; g--) {
    for (let c = 0; c <= dice; c++) atLeast[g * width + c] = atLeast[(g + 1) * width + c] + counts[(g + dice) * width + c] / total;
  }
  for (let c = 0; c <= dice; c++) {
    let sum = 0;
    for (let row = 0; row <= dice; row++) sum += counts[row * width + c];
    atLeast[c] = atLeast[width + c] + sum / total;
  }
  return { dice, atLeast };
}

/** Distribution of damage points (after the floor at 0) of one roll against one target. */
function damageModel(dice: number, target: DamageTarget, armorPiercing: boolean, ignoreResistance: boolean): number[] {
  if (ignoreResistance) return gainDistribution(dice, 0);
  const species = requireInteger(target.species, "species resistance", "resistance shares are whole numbers from 0 to 12", 0, MAX_RESISTANCE);
  const armor = requireInteger(target.armor, "armor resistance", "resistance shares are whole numbers from 0 to 12", 0, MAX_RESISTANCE);
  if (!armorPiercing || armor === 0) return gainDistribution(dice, Math.min(MAX_RESISTANCE, species + armor));
  // Armor piercing: condition on the number of 12s, which sets the resistance for the other dice.
  const result = new Array<number>(2 * dice + 1).fill(0);
  const total = DIE_FACES ** dice;
  let binomial = 1;
  for (let twelves = 0; twelves <= dice; twelves++) {
    if (twelves > 0) binomial = (binomial * (dice - twelves + 1)) / twelves;
    const pierced = Math.min(armor, Math.max(0, twelves - (target.reinforced ? 1 : 0)));
    const resistance = Math.min(MAX_RESISTANCE, species + armor - pierced);
    // Faces 1–11 of the other dice: 1 takes a point away, faces at or above the resistance add one.
    const up = resistance <= 2 ? 10 : Math.max(0, DIE_FACES - resistance);
    const zero = 10 - up;
    const others = dice - twelves;
    let counts = [1];
    for (let d = 0; d < others; d++) {
      const next = new Array<number>(counts.length + 2).fill(0);
      for (let i = 0; i < counts.length; i++) {
        next[i] += counts[i];
        next[i + 1] += counts[i] * zero;
        next[i + 2] += counts[i] * up;
      }
      counts = next;
    }
    // counts[i]: net = i − others from the other dice.
    for (let i = 0; i < counts.length; i++) {
      if (counts[i] === 0) continue;
      const points = Math.max(0, 2 * twelves + i - others);
      result[points] += (binomial * counts[i]) / total;
    }
  }
  return result;
}

/** Exact odds of one attack against one target. */
export interface TargetOdds {
  id: string;
  setup: TargetSetup;
  /** P(hit): gains ≥ defense; 0 on an automatic miss. */
  chanceToHit: number;
  /** Expected damage dealt (before any barrier), misses included. */
  expectedDamage: number;
  /** Expected damage given a hit, and given a miss (area attacks only). */
  expectedDamageOnHit: number;
  expectedDamageOnMiss: number;
  /** `[n]` = P(exactly n damage dealt), misses included. */
  damage: number[];
  /** Expected damage that reaches the health track after the target's barrier absorbs first (RULING 85). */
  expectedTrackDamage: number;
  /** P(at least one wound), when the target's grit is known (barrier absorbs first). */
  chanceToWound: number | null;
  /** The same odds if the target dodges or blocks, where it may. */
  ifReaction: Partial<Record<"dodge" | "block", { defense: number; chanceToHit: number; expectedDamage: number }>>;
}

interface Caches {
  attack: Map<string, AttackModel>;
  damage: Map<string, number[]>;
}

function cachedAttackModel(caches: Caches, setup: TargetSetup, hexed: boolean): AttackModel {
  const key = `${setup.pool.dice}:${setup.threshold}:${setup.criticalThreshold}:${hexed}`;
  let model = caches.attack.get(key);
  if (!model) {
    model = attackModel(setup.pool.dice, setup.threshold, setup.criticalThreshold, hexed);
    caches.attack.set(key, model);
  }
  return model;
}

function cachedDamageModel(caches: Caches, dice: number, setup: TargetSetup, armorPiercing: boolean): number[] {
  const t = setup.damageTarget;
  const key = `${dice}:${t.species}:${t.armor}:${t.reinforced === true}:${armorPiercing}:${setup.ignoreResistance}`;
  let model = caches.damage.get(key);
  if (!model) {
    model = damageModel(dice, t, armorPiercing, setup.ignoreResistance);
    caches.damage.set(key, model);
  }
  return model;
}

/** Hit chance and the critical-dice distribution on a hit, against a defense. */
function hitSlice(model: AttackModel, defense: number, automaticMiss: boolean): { hit: number; crits: Float64Array } {
  const width = model.dice + 1;
  const crits = new Float64Array(width);
  if (automaticMiss || model.dice === 0 || defense > 2 * model.dice) return { hit: 0, crits };
  let hit = 0;
  for (let c = 0; c < width; c++) {
    crits[c] = model.atLeast[defense * width + c];
    hit += crits[c];
  }
  return { hit: Math.min(1, hit), crits };
}

function mean(distribution: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < distribution.length; i++) sum += i * distribution[i];
  return sum;
}

function oddsFor(setup: TargetSetup, model: AttackModel, points: readonly number[], defense: number): {
  chanceToHit: number; expectedDamage: number; onHit: number; onMiss: number; damage: number[];
} {
  const blocked = setup.automaticMiss !== null && setup.automaticMiss !== "noDice" && setup.automaticMiss !== "concealed";
  const { hit, crits } = hitSlice(model, defense, setup.automaticMiss !== null);
  const missMass = blocked ? 0 : 1 - hit;
  const size = points.length + crits.length + setup.flatCriticals;
  const damage = new Array<number>(size).fill(0);
  let onHit = 0;
  if (hit > 0) {
    for (let c = 0; c < crits.length; c++) {
      if (crits[c] === 0) continue;
      for (let p = 0; p < points.length; p++) damage[p + c + setup.flatCriticals] += crits[c] * points[p];
    }
    let critMean = 0;
    for (let c = 0; c < crits.length; c++) critMean += c * crits[c];
    onHit = mean(points) + setup.flatCriticals + critMean / hit;
  }
  let onMiss = 0;
  if (setup.area && !setup.missDealsNothing) {
    for (let p = 0; p < points.length; p++) onMiss += Math.floor(p / 2) * points[p];
    for (let p = 0; p < points.length; p++) damage[Math.floor(p / 2)] += missMass * points[p];
  } else {
    damage[0] += missMass;
  }
  if (blocked) damage[0] += 1;
  return { chanceToHit: hit, expectedDamage: hit * onHit + missMass * onMiss, onHit, onMiss, damage: trim(damage) };
}

function trim(distribution: number[]): number[] {
  let end = distribution.length;
  while (end > 1 && distribution[end - 1] === 0) end--;
  return distribution.slice(0, end);
}

/**
 * Exact odds for every target (§4.9): the defense each faces, P(gains ≥ defense) from the
 * exact joint distribution of gains and critical dice, and the expected damage against that
 * target's own resistance — armor piercing per 12 (Reinforced −1), criticals on hits only,
 * Point Blank and Power Attack, half the points and no criticals on an area miss (RULING 61).
 * Targets sharing a pool or a resistance share the computation.
 */
export function attackOdds(input: AttackInput, targets: readonly AttackTarget[]): TargetOdds[] {
  const caches: Caches = { attack: new Map(), damage: new Map() };
  const hexed = input.attacker.hexed === true;
  return targets.map((target) => {
    const setup = setupTarget(input, target);
    const model = cachedAttackModel(caches, setup, hexed);
    const points = cachedDamageModel(caches, input.weapon.damageDice, setup, input.weapon.armorPiercing === true);
    const main = oddsFor(setup, model, points, setup.defense.total);
    const barrier = requireInteger(target.barrier ?? 0, "barrier", "barrier is whole hits of 0 or more", 0);
    let expectedTrackDamage = 0;
    for (let n = barrier + 1; n < main.damage.length; n++) expectedTrackDamage += (n - barrier) * main.damage[n];
    let chanceToWound: number | null = null;
    if (target.grit !== undefined) {
      const grit = requireInteger(target.grit, "grit", "grit is a whole number of 1 or more", 1);
      chanceToWound = 0;
      for (let n = grit + barrier; n < main.damage.length; n++) chanceToWound += main.damage[n];
    }
    const ifReaction: TargetOdds["ifReaction"] = {};
    for (const reaction of ["dodge", "block"] as const) {
      if (setup.reactions[reaction] !== null || reaction === setup.reaction) continue;
      const alternative = setupTarget(input, { ...target, reaction });
      const odds = oddsFor(alternative, model, points, alternative.defense.total);
      ifReaction[reaction] = { defense: alternative.defense.total, chanceToHit: odds.chanceToHit, expectedDamage: odds.expectedDamage };
    }
    return {
      id: target.id,
      setup,
      chanceToHit: main.chanceToHit,
      expectedDamage: main.expectedDamage,
      expectedDamageOnHit: main.onHit,
      expectedDamageOnMiss: setup.area ? main.onMiss : 0,
      damage: main.damage,
      expectedTrackDamage,
      chanceToWound,
      ifReaction,
    };
  });
}

// ---------------------------------------------------------------- resolution

/** A weapon property or payload effect that a proc can apply (RULING 13). */
export interface ProcEffect {
  /** Weapon property (`stunning`, `wounding`) or the effect's own key. */
  key: string;
  /** The condition it applies. */
  condition: ConditionKey;
  /** Only when this damage type was dealt ("Stunning (L)"). */
  damageType?: DamageType;
}

/** Conditions weapon properties apply through procs (§1.27, RULING 13). */
export const PROC_PROPERTY_CONDITIONS: Readonly<Record<string, ConditionKey>> = { stunning: "stunned", wounding: "bleeding" };

/** Procs of one target: how many, which effects they applied, and how many went unused. */
export interface ProcResult {
  procs: number;
  applied: ProcEffect[];
  unused: number;
}

/**
 * Applies procs (RULING 13): each natural 12 of a hit that dealt ≥ 1 damage is one proc, and
 * each proc applies one eligible effect, in the attacker's order of choice (default: as listed),
 * each effect once. Against an Orc the first 12 of a Stunning proc is ignored, so Stunning
 * needs two procs there (§3.3).
 */
export function assignProcs(
  procs: number,
  effects: readonly ProcEffect[],
  options: { damageType?: DamageType; orc?: boolean; order?: readonly string[] } = {},
): ProcResult {
  requireInteger(procs, "procs", "each natural 12 of a damaging hit is one proc", 0);
  const eligible = effects.filter((e) => !e.damageType || e.damageType === options.damageType);
  const order = options.order;
  const ranked = order ? [...eligible].sort((a, b) => rank(order, a.key) - rank(order, b.key)) : eligible;
  const applied: ProcEffect[] = [];
  const seen = new Set<string>();
  let left = procs;
  for (const effect of ranked) {
    if (seen.has(effect.key)) continue;
    const needed = options.orc && effect.condition === "stunned" ? 2 : 1;
    if (left < needed) continue;
    left -= needed;
    seen.add(effect.key);
    applied.push(effect);
  }
  return { procs, applied, unused: left };
}

function rank(order: readonly string[], key: string): number {
  const index = order.indexOf(key);
  return index === -1 ? order.length : index;
}

/** Conditions an attack applies by trigger (§4.9 step 10, RULING 80). */
export interface AttackConditions {
  /** Applied to every target the attack hits ("Burning on hit", flashbang). */
  onHit?: readonly ConditionKey[];
  /** Applied to everyone the attack reaches, hit or not (incendiary payload). */
  always?: readonly ConditionKey[];
  /** Effects procs may apply. */
  procs?: readonly ProcEffect[];
  /** The attacker's proc order of choice. */
  procOrder?: readonly string[];
}

/** One target's result. */
export interface TargetResult {
  id: string;
  setup: TargetSetup;
  hit: boolean;
  gains: number;
  damage: DamageResult;
  procs: ProcResult;
  /** Conditions to apply, in order: on-hit, always, procs (no duplicates). */
  conditions: ConditionKey[];
  /** A prepared interrupt that hit and dealt damage cancels the target's action (§4.9 step 11). */
  interrupts: boolean;
}

/** The dice of one attack: the attack roll and one damage roll for every target. */
export interface AttackRolls {
  attack: readonly number[];
  damage: readonly number[];
}

/**
 * Resolves rolled dice against the targets (§4.9 steps 5–11). Area attacks roll once for all
 * targets; a single attack takes exactly one target. The attack dice must match the pool.
 * Criticals come from the attack roll on a hit only; the one damage roll is counted against
 * each target's own resistance; missed area targets take half and no criticals (RULING 61).
 */
export function resolveAttack(
  input: AttackInput,
  targets: readonly AttackTarget[],
  rolls: AttackRolls,
  extras: AttackConditions & { interrupt?: boolean } = {},
): TargetResult[] {
  const area = isAreaMode(mode(input));
  if (!area && targets.length !== 1) ruleError("targets", "must be exactly one for a single attack", "each single attack rolls against one target (§4.9)", targets.length);
  requireFaces(rolls.attack, "attack die");
  requireFaces(rolls.damage, "damage die");
  if (rolls.damage.length !== input.weapon.damageDice) {
    ruleError("damage roll", `must have the weapon's ${input.weapon.damageDice} dice`, "the damage roll uses the listed dice (§4.9 step 7)", rolls.damage.length);
  }
  const hexed = input.attacker.hexed === true;
  return targets.map((target) => {
    const setup = setupTarget(input, target);
    if (rolls.attack.length !== setup.pool.dice) {
      ruleError("attack roll", `must have the pool's ${setup.pool.dice} dice`, "roll the pool the attack builds (§4.1)", rolls.attack.length);
    }
    let gains = 0;
    for (const face of rolls.attack) gains += dieGain(face, setup.threshold, { hexed });
    gains = Math.max(0, gains);
    const hit = setup.automaticMiss === null && (input.weapon.alwaysHits ? !saveHalves(target.saveGains, gains) : gains >= setup.defense.total);
    const outOfPlay = setup.automaticMiss !== null && setup.automaticMiss !== "noDice" && setup.automaticMiss !== "concealed";
    const criticals = hit
      ? criticalDamage(rolls.attack, { headShot: !area && input.options?.calledShot === "head", improvedCritical: input.attacker.improvedCritical, extra: setup.flatCriticals })
      : 0;
    let damage: DamageResult;
    if (outOfPlay || (!hit && (!area || setup.missDealsNothing))) {
      damage = { resistance: 0, armorPierced: 0, points: 0, criticals: 0, total: 0 };
    } else {
      damage = resolveDamage(rolls.damage, setup.damageTarget, {
        armorPiercing: input.weapon.armorPiercing,
        aoeMiss: !hit,
        criticals,
        ignoreResistance: setup.ignoreResistance,
      });
    }
    const procs = assignProcs(procCount(rolls.damage, { hit, damageDealt: damage.total }), extras.procs ?? [], {
      damageType: input.options?.damageType, orc: target.orc, order: extras.procOrder,
    });
    const conditions: ConditionKey[] = [];
    const push = (key: ConditionKey): void => {
      if (!conditions.includes(key)) conditions.push(key);
    };
    if (hit) for (const key of extras.onHit ?? []) push(key);
    if (!outOfPlay) for (const key of extras.always ?? []) push(key);
    for (const effect of procs.applied) push(effect.condition);
    return { id: target.id, setup, hit, gains, damage, procs, conditions, interrupts: extras.interrupt === true && hit && damage.total >= 1 };
  });
}

/**
 * A save against an attack that always hits (the lightning breath, L253): the target's Body /
 * Stamina reaction must beat the attack's gains, a tie going to the attacker (L707; no ruling
 * excepts the breath, docs/rulings.md #164); it halves the damage (an area miss: half, no criticals).
 */
export function saveHalves(saveGains: number | undefined, attackGains: number): boolean {
  if (saveGains === undefined) return false;
  return Math.max(0, saveGains) > Math.max(0, attackGains);
}

/** Dice to roll for an attack against a target (the pool after every modifier). */
export function attackPool(input: AttackInput, target: AttackTarget): PoolBreakdown {
  return setupTarget(input, target).pool;
}

/** Maximum distance an attack can reach: reach for melee, 3 increments or the flat range for ranged. */
export function attackRange(weapon: AttackWeapon): number | null {
  if (weapon.kind === "melee") return weapon.reach ?? null;
  if (weapon.rangeIncrement !== undefined) return RANGE_INCREMENTS_MAX * weapon.rangeIncrement;
  return weapon.maxRange ?? null;
}
