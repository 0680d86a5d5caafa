/**
 * Gain pools: building the pool, counting gains, exact odds, opposed and unopposed results,
 * Flat rolls and the death roll (digest §4.1–§4.4, §4.14).
 */
import { requireFaces, requireInteger, ruleError } from "./errors";
import { bandValue } from "./lookup";
import { DEATH_ROLL_DICE, DIE_FACES, MAX_DICE, VITALS_PENALTY } from "./tables";

const THRESHOLD_RULE = "a die at or above the skill rank or resistance is a gain; thresholds run 0–12";
const DICE_RULE = "a pool holds 0 to 12 dice";

/** Options shared by every gain count. */
export interface GainOptions {
  /** Hexed: each rolled 2 and 3 counts as a 1 (digest §4.1 step 7, docs/rulings.md #36). */
  hexed?: boolean;
}

function requireThreshold(threshold: number): number {
  return requireInteger(threshold, "threshold", THRESHOLD_RULE, 0, 12);
}

function requireDice(dice: number): number {
  return requireInteger(dice, "dice", DICE_RULE, 0, MAX_DICE);
}

// ---------------------------------------------------------------- pool

/** Inputs of an "Attribute / Skill" pool. */
export interface PoolInput {
  /** The attribute's dice (or a fixed pool such as a missile's guidance dice). */
  attribute: number;
  /** The skill is a bonus skill: +1 die (at most one, RULING 55). */
  bonusSkill?: boolean;
  /** A focus applies: +1 die (at most one, RULING 55). */
  focus?: boolean;
  /** Sum of situational dice, positive or negative (range, autofire, prone…). */
  situational?: number;
  /** Remaining vitals; the vitals penalty applies to physical rolls only. */
  vitalsRemaining?: number;
  /** A Body-attribute roll, which suffers the vitals penalty (RULING 58). */
  physical?: boolean;
}

/** How a pool was built, for the roll dialog. */
export interface PoolBreakdown {
  /** Sum of every part before clamping. */
  raw: number;
  vitalsPenalty: number;
  /** Dice actually rolled: `raw` clamped to 0..12. */
  dice: number;
  /** A pool of 0 or fewer dice fails without rolling (§4.1 step 4). */
  automaticFailure: boolean;
}

/** Dice lost on physical rolls for the given remaining vitals (§1.8). */
export function vitalsPenalty(vitalsRemaining: number): number {
  requireInteger(vitalsRemaining, "remaining vitals", "a creature has 0 or more vitals left", 0);
  return bandValue(VITALS_PENALTY, vitalsRemaining) ?? 0;
}

/** Builds a pool and explains it (§4.1 steps 1–4). */
export function poolBreakdown(input: PoolInput): PoolBreakdown {
  requireInteger(input.attribute, "attribute dice", "an attribute is a whole number of dice", 0);
  const situational = input.situational ?? 0;
  requireInteger(situational, "situational dice", "situational modifiers are whole dice", -MAX_DICE * 4, MAX_DICE * 4);
  const penalty = input.physical && input.vitalsRemaining !== undefined ? vitalsPenalty(input.vitalsRemaining) : 0;
  const raw = input.attribute + (input.bonusSkill ? 1 : 0) + (input.focus ? 1 : 0) + situational - penalty;
  const dice = Math.min(MAX_DICE, Math.max(0, raw));
  return { raw, vitalsPenalty: penalty, dice, automaticFailure: dice === 0 };
}

/** Number of dice to roll, clamped to 0..12 (0 means the roll fails automatically). */
export function poolSize(input: PoolInput): number {
  return poolBreakdown(input).dice;
}

// ---------------------------------------------------------------- counting

/** Gains one die contributes: 12 → +2, 1 → −1 (also 2 and 3 while hexed), ≥ threshold → +1, else 0. */
export function dieGain(face: number, threshold: number, options: GainOptions = {}): -1 | 0 | 1 | 2 {
  if (face === 12) return 2;
  if (face === 1 || (options.hexed === true && (face === 2 || face === 3))) return -1;
  return face >= threshold ? 1 : 0;
}

/** Net gains before the floor at 0; negative totals matter only for display. */
export function netGains(faces: readonly number[], threshold: number, options: GainOptions = {}): number {
  requireFaces(faces);
  requireThreshold(threshold);
  let total = 0;
  for (const face of faces) total += dieGain(face, threshold, options);
  return total;
}

/** Net gains, floored at 0 (§4.1, RULING 56). */
export function countGains(faces: readonly number[], threshold: number, options: GainOptions = {}): number {
  return Math.max(0, netGains(faces, threshold, options));
}

/** Per-die outcome for chat cards. */
export type DieMark = "double" | "gain" | "cancel" | "none";

/** Marks each die: double gain (12), gain, cancelled (a 1, or a hexed 2/3), or nothing. */
export function markDice(faces: readonly number[], threshold: number, options: GainOptions = {}): DieMark[] {
  requireFaces(faces);
  requireThreshold(threshold);
  return faces.map((face) => {
    const gain = dieGain(face, threshold, options);
    return gain === 2 ? "double" : gain === 1 ? "gain" : gain === -1 ? "cancel" : "none";
  });
}

// ---------------------------------------------------------------- exact odds

/** How many of the 12 faces give −1, 0, +1 and +2 gains. */
function faceCounts(threshold: number, hexed: boolean): [number, number, number, number] {
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  for (let face = 1; face <= DIE_FACES; face++) counts[dieGain(face, threshold, { hexed }) + 1]++;
  return counts;
}

/** Adds one die to a table of outcome counts indexed by net gains + dice so far. */
function addDie(counts: readonly number[], perFace: readonly number[]): number[] {
  const next = new Array<number>(counts.length + 3).fill(0);
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i];
    if (c === 0) continue;
    next[i] += c * perFace[0];
    next[i + 1] += c * perFace[1];
    next[i + 2] += c * perFace[2];
    next[i + 3] += c * perFace[3];
  }
  return next;
}

/** Floors net outcome counts at 0 gains and turns them into probabilities. */
function floorAndNormalize(counts: readonly number[], dice: number): number[] {
  const total = DIE_FACES ** dice;
  const result = new Array<number>(2 * dice + 1).fill(0);
  let notPositive = 0;
  for (let i = 0; i <= dice; i++) notPositive += counts[i];
  result[0] = notPositive / total;
  for (let g = 1; g <= 2 * dice; g++) result[g] = counts[g + dice] / total;
  return result;
}

/**
 * Exact distribution of gains: `[g]` = P(exactly g gains after the floor at 0), length 2·dice + 1.
 * Computed by convolving one die's outcome counts; all counts are integers below 12^12, so they
 * are exact in floating point. A 0-dice pool returns `[1]` (nothing rolled, zero gains;
 * docs/rulings.md #23).
 */
export function gainDistribution(dice: number, threshold: number, options: GainOptions = {}): number[] {
  requireDice(dice);
  requireThreshold(threshold);
  const perFace = faceCounts(threshold, options.hexed === true);
  let counts: number[] = [1];
  for (let d = 0; d < dice; d++) counts = addDie(counts, perFace);
  return floorAndNormalize(counts, dice);
}

/** Exact distributions for every pool 1..maxDice at one threshold, built incrementally. */
export function gainDistributionsUpTo(maxDice: number, threshold: number, options: GainOptions = {}): number[][] {
  requireDice(maxDice);
  requireThreshold(threshold);
  const perFace = faceCounts(threshold, options.hexed === true);
  const result: number[][] = [[1]];
  let counts: number[] = [1];
  for (let d = 1; d <= maxDice; d++) {
    counts = addDie(counts, perFace);
    result.push(floorAndNormalize(counts, d));
  }
  return result;
}

/** P(gains ≥ needed) from a distribution. */
export function chanceAtLeast(distribution: readonly number[], needed: number): number {
  if (needed <= 0) return 1;
  let sum = 0;
  for (let g = needed; g < distribution.length; g++) sum += distribution[g];
  return Math.min(1, sum);
}

/**
 * P(gains ≥ needed). A pool of 0 dice fails automatically (§4.1 step 4), so it returns 0
 * even when 0 gains are needed.
 */
export function chanceOfGains(dice: number, threshold: number, needed: number, options: GainOptions = {}): number {
  requireInteger(needed, "gains needed", "a difficulty or defense is a whole number of gains", 0);
  const distribution = gainDistribution(dice, threshold, options);
  if (dice === 0) return 0;
  return chanceAtLeast(distribution, needed);
}

/** Odds table for the roll dialog: `[dice][rank]` = distribution, pools 0..12 × thresholds 2..12. */
export function oddsTable(options: GainOptions = {}): number[][][] {
  const table: number[][][] = [];
  for (let dice = 0; dice <= MAX_DICE; dice++) table.push([]);
  for (let threshold = 2; threshold <= 12; threshold++) {
    const byDice = gainDistributionsUpTo(MAX_DICE, threshold, options);
    for (let dice = 0; dice <= MAX_DICE; dice++) table[dice][threshold] = byDice[dice];
  }
  return table;
}

// ---------------------------------------------------------------- opposed and unopposed

/**
 * Tie rules of an opposed roll (§4.4). By default the active party (the one acting) wins ties.
 * - `mustExceed`: the active party must beat the other strictly (Counterspell, Ground).
 * - `margin`: the active party needs this many gains over the other (Ogre grapple 1, Petrify 2).
 */
export interface OpposedOptions {
  margin?: number;
  mustExceed?: boolean;
}

/** Named tie rules of the explicit exceptions in §4.4, from the active party's side (docs/rulings.md #35). */
export const OPPOSED_RULES = {
  standard: {},
  counterspell: { mustExceed: true },
  /** The caster is active; the target stays standing only by exceeding, so ties knock it down. */
  quake: {},
  /** The caster is active; an unwilling target escapes on meeting the cast. */
  ground: { mustExceed: true },
  /** The victim is active and must beat the Ogre's gains + 1. */
  ogreGrapple: { margin: 1, mustExceed: true },
  /** The caster needs the target's gains + 2; a tie at +2 goes to the caster. */
  petrify: { margin: 2 },
  dispel: {},
  disarm: {},
  trip: {},
} as const satisfies Record<string, OpposedOptions>;

function requireOpposedOptions(options: OpposedOptions): { margin: number; mustExceed: boolean } {
  const margin = options.margin ?? 0;
  requireInteger(margin, "opposed margin", "a margin is a whole number of gains", 0, 24);
  return { margin, mustExceed: options.mustExceed === true };
}

/** Whether the active party wins; both totals are floored at 0 first (RULING 56). */
export function activeWins(activeGains: number, passiveGains: number, options: OpposedOptions = {}): boolean {
  requireInteger(activeGains, "active gains", "gains are whole numbers");
  requireInteger(passiveGains, "passive gains", "gains are whole numbers");
  const { margin, mustExceed } = requireOpposedOptions(options);
  const needed = Math.max(0, passiveGains) + margin + (mustExceed ? 1 : 0);
  return Math.max(0, activeGains) >= needed;
}

/** Winner of an opposed roll with §4.4's tie rules. */
export function resolveOpposed(activeGains: number, passiveGains: number, options: OpposedOptions = {}): "active" | "passive" {
  return activeWins(activeGains, passiveGains, options) ? "active" : "passive";
}

/** One side of an opposed roll for odds. */
export interface PoolSpec extends GainOptions {
  dice: number;
  threshold: number;
}

/**
 * Exact probability that the active party wins an opposed roll. A 0-dice active pool fails
 * automatically; a 0-dice passive pool counts as 0 gains.
 */
export function opposedWinChance(active: PoolSpec, passive: PoolSpec, options: OpposedOptions = {}): number {
  const { margin, mustExceed } = requireOpposedOptions(options);
  const a = gainDistribution(active.dice, active.threshold, active);
  const p = gainDistribution(passive.dice, passive.threshold, passive);
  if (active.dice === 0) return 0;
  // atLeast[k] = P(active ≥ k)
  const atLeast = new Array<number>(a.length + 1).fill(0);
  for (let k = a.length - 1; k >= 0; k--) atLeast[k] = atLeast[k + 1] + a[k];
  let chance = 0;
  for (let b = 0; b < p.length; b++) {
    const needed = b + margin + (mustExceed ? 1 : 0);
    if (needed < atLeast.length) chance += p[b] * atLeast[needed];
  }
  return Math.min(1, chance);
}

/** Result of an unopposed roll against a difficulty (§4.3). */
export interface UnopposedResult {
  success: boolean;
  /** Out of combat the GM may call a dramatic result 3 or more away from the difficulty. */
  dramatic: "success" | "failure" | null;
}

/** Compares gains with a difficulty; dramatic results only out of combat (§4.3). */
export function resolveUnopposed(gains: number, difficulty: number, options: { outOfCombat?: boolean } = {}): UnopposedResult {
  requireInteger(gains, "gains", "gains are whole numbers");
  requireInteger(difficulty, "difficulty", "a difficulty is a whole number of gains", 0);
  const g = Math.max(0, gains);
  const success = g >= difficulty;
  let dramatic: UnopposedResult["dramatic"] = null;
  if (options.outOfCombat) {
    if (g >= difficulty + 3) dramatic = "success";
    else if (g <= difficulty - 3) dramatic = "failure";
  }
  return { success, dramatic };
}

// ---------------------------------------------------------------- Flat rolls

const FLAT_RULE = "a Flat N succeeds on a d12 of N or more, N from 1 to 12";

/** A Flat N roll succeeds on a d12 ≥ N (§4.2). */
export function flatSucceeds(face: number, target: number): boolean {
  requireFaces([face]);
  requireInteger(target, "Flat target", FLAT_RULE, 1, 12);
  return face >= target;
}

/** Chance of a Flat N; `rolls: 2` models "roll twice, keep the better". */
export function flatChance(target: number, options: { rolls?: number } = {}): number {
  requireInteger(target, "Flat target", FLAT_RULE, 1, 12);
  const rolls = requireInteger(options.rolls ?? 1, "Flat rolls", "a Flat is rolled once, or twice keeping the better", 1, 12);
  const fail = (target - 1) / DIE_FACES;
  return 1 - fail ** rolls;
}

// ---------------------------------------------------------------- death roll

/** Fatal wounds one death-roll die adds (a negative value cancels). */
function deathDieValue(face: number, diehard: boolean): number {
  if (face === 12) return diehard ? -2 : -1;
  if (face === 1) return diehard ? 1 : 2;
  return face < 7 ? 1 : 0;
}

/**
 * Fatal wounds from a 6d12 death roll (§4.14): below 7 = 1, a 1 = 2, each 12 cancels 1;
 * with Diehard a 1 = 1 and each 12 cancels 2. Never below 0.
 */
export function deathRollFatalWounds(faces: readonly number[], options: { diehard?: boolean } = {}): number {
  requireFaces(faces);
  if (faces.length !== DEATH_ROLL_DICE) {
    ruleError("death roll", `must have exactly ${DEATH_ROLL_DICE} dice`, "the death roll is always 6d12 (RULING 59)", faces.length);
  }
  let fatal = 0;
  for (const face of faces) fatal += deathDieValue(face, options.diehard === true);
  return Math.max(0, fatal);
}

/** Exact distribution of fatal wounds from one death roll: `[w]` = P(w fatal wounds). */
export function deathRollDistribution(options: { diehard?: boolean } = {}): number[] {
  const diehard = options.diehard === true;
  // value range per die is −2..2; index = value + 2
  const perFace = [0, 0, 0, 0, 0];
  for (let face = 1; face <= DIE_FACES; face++) perFace[deathDieValue(face, diehard) + 2]++;
  let counts: number[] = [1];
  for (let d = 0; d < DEATH_ROLL_DICE; d++) {
    const next = new Array<number>(counts.length + 4).fill(0);
    for (let i = 0; i < counts.length; i++) {
      for (let v = 0; v < 5; v++) next[i + v] += counts[i] * perFace[v];
    }
    counts = next;
  }
  const offset = 2 * DEATH_ROLL_DICE;
  const total = DIE_FACES ** DEATH_ROLL_DICE;
  const result = new Array<number>(2 * DEATH_ROLL_DICE + 1).fill(0);
  for (let i = 0; i < counts.length; i++) result[Math.max(0, i - offset)] += counts[i] / total;
  return result;
}
