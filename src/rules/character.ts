/**
 * Character derivation: attributes from skills, grit, vitals, mana, movement, defense,
 * encumbrance, reach and creation resistance points (digest §1.4–§1.16, §4.19).
 */
import { requireInteger, requireKey, requireSkillRank, ruleError } from "./errors";
import { bandValue } from "./lookup";
import {
  ATTRIBUTE_FROM_RANK_SUM, BASE_VITALS, BLOCK_BONUS, BODY_RESISTANCE_POINTS,
  DODGE_ARMOR_PENALTY, DODGE_BONUS, ENCUMBRANCE_BY_STEPS_OVER, MANA_BY_MAGIC, MAX_ARMOR_BY_STRENGTH,
  MOVEMENT_BASE, SIZE_TABLE, STAMINA_GRIT_BONUS,
} from "./tables";
import { ARMOR_WEIGHTS, SIZES, SKILL_KEYS } from "./types";
import type { ArmorWeight, AttributeKey, Encumbrance, Size, SkillKey, WornWeight } from "./types";

/** Attribute by the sum of the two lowest ranks (index 0..24), precomputed from the §1.4 bands. */
const ATTRIBUTE_BY_SUM: readonly number[] = Array.from({ length: 25 }, (_, sum) => bandValue(ATTRIBUTE_FROM_RANK_SUM, sum) ?? 0);

/** Attribute from already-validated ranks; no allocation, for the hot path. */
function attributeOfFour(a: number, b: number, c: number, d: number): number {
  // Sum of the two smallest of four numbers.
  const low1 = Math.min(a, b);
  const high1 = Math.max(a, b);
  const low2 = Math.min(c, d);
  const high2 = Math.max(c, d);
  const sum = Math.min(low1, low2) + Math.min(Math.max(low1, low2), Math.min(high1, high2));
  return ATTRIBUTE_BY_SUM[sum];
}

/** Attribute (5–10) from the two lowest (best) skill ranks of its skills (§1.4). */
export function attributeRank(skillRanks: readonly number[]): number {
  if (!Array.isArray(skillRanks) || skillRanks.length < 2) {
    ruleError("attribute skills", "must list at least two skill ranks", "an attribute adds its two lowest skill ranks", skillRanks);
  }
  let lowest = Number.POSITIVE_INFINITY;
  let second = Number.POSITIVE_INFINITY;
  for (const rank of skillRanks) {
    requireSkillRank(rank);
    if (rank < lowest) {
      second = lowest;
      lowest = rank;
    } else if (rank < second) {
      second = rank;
    }
  }
  return ATTRIBUTE_BY_SUM[lowest + second];
}

function requireSkills(skills: Readonly<Record<SkillKey, number>>): void {
  if (skills === null || typeof skills !== "object") {
    ruleError("skills", "must be a record of the 16 skill ranks", "every character has all 16 skills", skills);
  }
  for (const key of SKILL_KEYS) {
    const rank = skills[key];
    // Fast path for the common valid case; the guard builds the message otherwise.
    if (!(Number.isInteger(rank) && rank >= 4 && rank <= 12)) requireSkillRank(rank, `${key} rank`);
  }
}

function attributesUnchecked(skills: Readonly<Record<SkillKey, number>>): Record<AttributeKey, number> {
  return {
    body: attributeOfFour(skills.accuracy, skills.agility, skills.strength, skills.stamina),
    magic: attributeOfFour(skills.celestial, skills.elemental, skills.soul, skills.spellcraft),
    mind: attributeOfFour(skills.intuition, skills.ingenuity, skills.knowledge, skills.perception),
    spirit: attributeOfFour(skills.creativity, skills.charisma, skills.manipulation, skills.will),
  };
}

/** All four attributes from a full set of skill ranks. */
export function attributesFromSkills(skills: Readonly<Record<SkillKey, number>>): Record<AttributeKey, number> {
  requireSkills(skills);
  return attributesUnchecked(skills);
}

const WEIGHT_STEP: Record<ArmorWeight, number> = { none: 0, light: 1, medium: 2, heavy: 3 };
const SIZE_STEP: Record<Size, number> = { tiny: 0, small: 1, medium: 2, large: 3, huge: 4 };
/** Heaviest armor without penalty, by Strength rank (index 0..12). */
const MAX_ARMOR_BY_RANK: readonly WornWeight[] = Array.from({ length: 13 }, (_, rank) => bandValue(MAX_ARMOR_BY_STRENGTH, rank) ?? "light");

function heavier(a: ArmorWeight, b: ArmorWeight): ArmorWeight {
  return WEIGHT_STEP[a] >= WEIGHT_STEP[b] ? a : b;
}

/** The armor weight `steps` classes lighter, never below "none" (Gravity Reduction, Dwarves). */
export function lighterBy(weight: ArmorWeight, steps: number): ArmorWeight {
  return ARMOR_WEIGHTS[Math.max(0, WEIGHT_STEP[weight] - steps)];
}

function shiftSize(size: Size, shift: number): Size {
  const index = SIZE_STEP[size] + shift;
  return SIZES[Math.min(SIZES.length - 1, Math.max(0, index))];
}

/** Heaviest armor worn without penalty for a Strength rank (§1.11, RULING 1). */
export function maxArmorForStrength(strengthRank: number): WornWeight {
  return MAX_ARMOR_BY_RANK[requireSkillRank(strengthRank, "Strength rank")];
}

/**
 * Encumbrance from armor against the Strength limit (§1.11): one step over = encumbered
 * (no running), two or more = step only. `extraSteps` adds burdens such as carrying an ally.
 */
export function encumbranceFor(armor: ArmorWeight, maxArmor: ArmorWeight, extraSteps = 0): Encumbrance {
  requireInteger(extraSteps, "extra encumbrance steps", "each burden adds one whole step", 0);
  return encumbranceUnchecked(armor, maxArmor, extraSteps);
}

function encumbranceUnchecked(armor: ArmorWeight, maxArmor: ArmorWeight, extraSteps: number): Encumbrance {
  const over = Math.max(0, WEIGHT_STEP[armor] - WEIGHT_STEP[maxArmor]) + extraSteps;
  return ENCUMBRANCE_BY_STEPS_OVER[Math.min(over, ENCUMBRANCE_BY_STEPS_OVER.length - 1)];
}

/** Grit bonus from the Stamina rank (§1.7). */
export function staminaGritBonus(staminaRank: number): number {
  return STAMINA_GRIT_BONUS[requireSkillRank(staminaRank, "Stamina rank")];
}

/** Dodge bonus after the armor penalty of RULING 3 (reduced by `penaltyReduction`), never below 0. */
export function dodgeBonus(agilityRank: number, armor: ArmorWeight = "none", penaltyReduction = 0): number {
  requireSkillRank(agilityRank, "Agility rank");
  requireInteger(penaltyReduction, "dodge penalty reduction", "Dwarves reduce the armor dodge penalty by 1 (RULING 3)", 0);
  return dodgeUnchecked(agilityRank, armor, penaltyReduction);
}

function dodgeUnchecked(agilityRank: number, armor: ArmorWeight, penaltyReduction: number): number {
  const penalty = Math.max(0, DODGE_ARMOR_PENALTY[armor] - penaltyReduction);
  return Math.max(0, DODGE_BONUS[agilityRank] - penalty);
}

/** Block bonus of a shield weight (RULING 2); no shield blocks for 0. */
export function blockBonus(shield: ArmorWeight): number {
  return BLOCK_BONUS[shield];
}

/** Personal mana for a Magic attribute (§1.9). */
export function manaForMagic(magic: number): number {
  requireAttribute(magic, "Magic");
  return MANA_BY_MAGIC[magic];
}

/** Extra resistance points from the Body attribute (§1.5). */
export function bodyResistancePoints(body: number): number {
  requireAttribute(body, "Body");
  return BODY_RESISTANCE_POINTS[body];
}

function requireAttribute(value: number, name: string): number {
  return requireInteger(value, `${name} attribute`, "attributes run from 5 to 10", 5, 10);
}

/** Walk and run from a movement score plus a run bonus (§1.13): Run = 4 + floor(score / 4). */
export function speedFromScore(score: number, runBonus = 0): { walk: number; run: number } {
  requireInteger(score, "movement score", "a movement score is a whole number of 0 or more", 0);
  requireInteger(runBonus, "run bonus", "run bonuses are whole spaces");
  return speedUnchecked(score, runBonus);
}

function speedUnchecked(score: number, runBonus: number): { walk: number; run: number } {
  const run = Math.max(0, 4 + Math.floor(score / 4) + runBonus);
  return { walk: Math.floor(run / 2), run };
}

/**
 * Movement score (§1.12): the armor row's base plus (12 − Agility) and the size adjustment.
 * Choose the row with {@link movementWeightFor}.
 */
export function movementScore(agilityRank: number, size: Size, movementWeight: ArmorWeight): number {
  requireSkillRank(agilityRank, "Agility rank");
  return movementScoreUnchecked(agilityRank, size, movementWeight);
}

function movementScoreUnchecked(agilityRank: number, size: Size, movementWeight: ArmorWeight): number {
  return Math.max(0, MOVEMENT_BASE[movementWeight] + (12 - agilityRank) + SIZE_TABLE[size].movementAdjustment);
}

/** Inputs of {@link deriveCharacter}; everything past `runBonus` is an optional extra. */
export interface CharacterInput {
  skills: Readonly<Record<SkillKey, number>>;
  size: Size;
  /** Body armor worn (default none). */
  armor?: ArmorWeight;
  /** Shield carried (default none). */
  shield?: ArmorWeight;
  /** Extra Run spaces (Gnolls, Satyrs +1; Haste +2, Slow −2). */
  runBonus?: number;
  /** Armor and shield count one class lighter for movement (Dwarves). */
  lighterArmorForMovement?: boolean;
  /** Reduction of the armor dodge penalty (Dwarves 1, RULING 3). */
  dodgePenaltyReduction?: number;
  /** Vitals before bonuses (default 6; NPCs may have fewer or more). */
  baseVitals?: number;
  /** Extra vitals (Bulwark, Amulet of Vitality). */
  vitalsBonus?: number;
  /** Extra maximum mana (Amulet of Wizardry +6). */
  manaBonus?: number;
  /** Flat grit modifier from effects. */
  gritBonus?: number;
  /** Enlarge (+1) or Shrink (−1): grit, reach, base defense, dodge and block (§3.1). */
  sizeShift?: number;
  /** Burdens beyond armor, each one encumbrance step (carrying an ally). */
  extraEncumbranceSteps?: number;
}

/** Everything a sheet derives from skills, size and gear. */
export interface DerivedCharacter {
  attributes: Record<AttributeKey, number>;
  grit: number;
  vitals: number;
  mana: number;
  movementScore: number;
  walk: number;
  run: number;
  /** Base defense, used against AoE, unaware and defenseless targets. */
  baseDefense: number;
  /** Bonus added to base defense on a dodge, after the armor penalty. */
  dodge: number;
  /** Bonus added to base defense on a block (0 without a shield). */
  block: number;
  maxArmor: WornWeight;
  encumbrance: Encumbrance;
  /** Body + size points to allocate over the base 2 per type at creation. */
  resistancePoints: number;
  bodyResistancePoints: number;
  sizeResistancePoints: number;
  /** Melee reach in spaces, before weapon Reach. */
  reach: number;
  /** The armor row used for movement. */
  movementWeight: ArmorWeight;
  canRun: boolean;
  canWalk: boolean;
}

/** Derives every number the book derives for a character (§4.19 steps 7–17). */
export function deriveCharacter(input: CharacterInput): DerivedCharacter {
  const { skills } = input;
  requireSkills(skills);
  const size = Object.hasOwn(SIZE_TABLE, input.size) ? input.size : requireKey(input.size, SIZES, "size", "sizes are tiny, small, medium, large, huge");
  const armor = weightInput(input.armor, "armor weight");
  const shield = weightInput(input.shield, "shield weight");
  const sizeShift = optionalInteger(input.sizeShift, 0, "size shift", "Enlarge and Shrink change size by one step", -1, 1);
  const vitalsBase = optionalInteger(input.baseVitals, BASE_VITALS, "base vitals", "a creature has at least 1 vital", 1);
  const vitalsBonus = optionalInteger(input.vitalsBonus, 0, "vitals bonus", "vitals bonuses are whole vitals");
  const manaBonus = optionalInteger(input.manaBonus, 0, "mana bonus", "mana bonuses are whole points");
  const gritBonus = optionalInteger(input.gritBonus, 0, "grit bonus", "grit modifiers are whole points");
  const runBonus = optionalInteger(input.runBonus, 0, "run bonus", "run bonuses are whole spaces");
  const penaltyReduction = optionalInteger(input.dodgePenaltyReduction, 0, "dodge penalty reduction", "Dwarves reduce the armor dodge penalty by 1 (RULING 3)", 0);
  const extraSteps = optionalInteger(input.extraEncumbranceSteps, 0, "extra encumbrance steps", "each burden adds one whole step", 0);

  const attributes = attributesUnchecked(skills);
  const sizeRow = SIZE_TABLE[size];
  const effectiveSize = shiftSize(size, sizeShift);
  // Enlarge on Huge and Shrink on Tiny have no effect (§3.1).
  const appliedShift = SIZE_STEP[effectiveSize] - SIZE_STEP[size];
  const effectiveRow = SIZE_TABLE[effectiveSize];

  const grit = Math.max(0, sizeRow.baseGrit + STAMINA_GRIT_BONUS[skills.stamina] + gritBonus + appliedShift);

  const movementWeight = movementWeightFor(armor, shield, input.lighterArmorForMovement === true);
  const score = movementScoreUnchecked(skills.agility, size, movementWeight);
  const { walk, run } = speedUnchecked(score, runBonus);

  const maxArmor = MAX_ARMOR_BY_RANK[skills.strength];
  const encumbrance = encumbranceUnchecked(armor, maxArmor, extraSteps);

  const bodyPoints = BODY_RESISTANCE_POINTS[attributes.body];
  return {
    attributes,
    grit,
    vitals: Math.max(0, vitalsBase + vitalsBonus),
    mana: Math.max(0, MANA_BY_MAGIC[attributes.magic] + manaBonus),
    movementScore: score,
    walk,
    run,
    baseDefense: effectiveRow.baseDefense,
    dodge: Math.max(0, dodgeUnchecked(skills.agility, armor, penaltyReduction) - appliedShift),
    block: shield === "none" ? 0 : Math.max(0, BLOCK_BONUS[shield] - appliedShift),
    maxArmor,
    encumbrance,
    resistancePoints: bodyPoints + sizeRow.resistancePoints,
    bodyResistancePoints: bodyPoints,
    sizeResistancePoints: sizeRow.resistancePoints,
    reach: shiftedReach(size, sizeShift),
    movementWeight,
    canRun: encumbrance === "none" && run > 0,
    canWalk: encumbrance !== "step-only" && walk > 0,
  };
}

/** Walk, run and dodge as one side of {@link ArmorBurden} shows them. */
export interface BurdenNumbers {
  walk: number;
  run: number;
  dodge: number;
  canRun: boolean;
  canWalk: boolean;
}

/** Armor over the Strength limit: the state it puts the wearer in and the numbers with and without it. */
export interface ArmorBurden {
  armor: ArmorWeight;
  maxArmor: WornWeight;
  /** "encumbered" (no running) or "step-only" (§1.11). */
  encumbrance: Encumbrance;
  worn: BurdenNumbers;
  without: BurdenNumbers;
}

function burdenNumbers(c: DerivedCharacter): BurdenNumbers {
  return { walk: c.walk, run: c.run, dodge: c.dodge, canRun: c.canRun, canWalk: c.canWalk };
}

/**
 * What wearing `input.armor` costs when it is heavier than the Strength limit (§1.11), or null
 * when it is not: both sides come from {@link deriveCharacter}, once as given and once without
 * the body armor (the shield stays), so the builder and the sheet show the sheet's own numbers.
 */
export function armorBurden(input: CharacterInput): ArmorBurden | null {
  const worn = deriveCharacter(input);
  const armor = input.armor ?? "none";
  if (WEIGHT_STEP[armor] <= WEIGHT_STEP[worn.maxArmor]) return null;
  const without = deriveCharacter({ ...input, armor: "none" });
  return { armor, maxArmor: worn.maxArmor, encumbrance: worn.encumbrance, worn: burdenNumbers(worn), without: burdenNumbers(without) };
}

function weightInput(value: ArmorWeight | undefined, what: string): ArmorWeight {
  if (value === undefined) return "none";
  return Object.hasOwn(WEIGHT_STEP, value) ? value : requireKey(value, ARMOR_WEIGHTS, what, "weights are none, light, medium, heavy");
}

function optionalInteger(value: number | undefined, fallback: number, what: string, rule: string, min?: number, max?: number): number {
  return value === undefined ? fallback : requireInteger(value, what, rule, min, max);
}

/**
 * Melee reach (§4.9): by size, +1 for the Reach property. Enlarge and Shrink move the creature's
 * own reach by 1 (minimum 1, L1339, L1341), not to the new size's row: an enlarged Small reaches 2.
 */
export function reachFor(size: Size, options: { reachProperty?: boolean; sizeShift?: number } = {}): number {
  requireKey(size, SIZES, "size", "sizes are tiny, small, medium, large, huge");
  const shift = requireInteger(options.sizeShift ?? 0, "size shift", "Enlarge and Shrink change size by one step", -1, 1);
  return shiftedReach(size, shift) + (options.reachProperty ? 1 : 0);
}

/** The size row's reach moved by the size step that applies (none on Huge up or Tiny down), at least 1. */
function shiftedReach(size: Size, shift: number): number {
  const applied = SIZE_STEP[shiftSize(size, shift)] - SIZE_STEP[size];
  return Math.max(1, SIZE_TABLE[size].reach + applied);
}

/**
 * The armor row used for movement: the heavier of armor and shield (RULING 78), one class
 * lighter for Dwarves.
 */
export function movementWeightFor(armor: ArmorWeight, shield: ArmorWeight = "none", lighter = false): ArmorWeight {
  return lighterBy(heavier(armor, shield), lighter ? 1 : 0);
}
