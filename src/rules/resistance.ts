/**
 * Resistances: creation allocation (§4.19 steps 8–9, RULING 22), species + armor totals
 * (§4.12), armor construction (§1.24) and magic-armor bonuses (RULING 83).
 */
import { requireInteger, requireKey } from "./errors";
import {
  ARMOR_CONSTRUCTION, BASE_RESISTANCE, CHANGELING_EXCLUDED_TYPES, MAX_ALLOCATED_RESISTANCE,
  MAX_ARMOR_RESISTANCE, MAX_RESISTANCE, MAX_SPECIES_RESISTANCE, PETRIFIED_RESISTANT_TYPES,
  SPECIES_RESISTANCE_BONUS,
} from "./tables";
import { DAMAGE_TYPES } from "./types";
import type { DamageType, Resistances, RuleProblem, WornWeight } from "./types";

const TYPE_RULE = "damage types are ballistic, blunt, energy, piercing, slashing, explosive";

/**
 * Problems with a creation allocation of resistance points over the fixed base 2 (RULING 22):
 * `invalid` (not a whole number ≥ 0), `overCap` (base + points above 5), `overspent` and
 * `unspent` (the points must match the Body + size points exactly).
 */
export function resistanceAllocationProblems(allocation: Readonly<Resistances>, points: number): RuleProblem[] {
  requireInteger(points, "resistance points", "Body + size points are a whole number of 0 or more", 0);
  const problems: RuleProblem[] = [];
  let spent = 0;
  for (const type of DAMAGE_TYPES) {
    const extra = allocation[type];
    if (!Number.isInteger(extra) || extra < 0) {
      problems.push({ code: "invalid", subject: type, value: extra });
      continue;
    }
    spent += extra;
    if (BASE_RESISTANCE + extra > MAX_ALLOCATED_RESISTANCE) {
      problems.push({ code: "overCap", subject: type, value: BASE_RESISTANCE + extra, limit: MAX_ALLOCATED_RESISTANCE });
    }
  }
  if (spent > points) problems.push({ code: "overspent", value: spent, limit: points });
  else if (spent < points) problems.push({ code: "unspent", value: spent, limit: points });
  return problems;
}

/** Problems with a species resistance choice: Changelings may not take ballistic or explosive (RULING 14). */
export function speciesBonusProblems(type: DamageType, options: { changeling?: boolean } = {}): RuleProblem[] {
  requireKey(type, DAMAGE_TYPES, "species resistance type", TYPE_RULE);
  return options.changeling && CHANGELING_EXCLUDED_TYPES.includes(type) ? [{ code: "excludedType", subject: type }] : [];
}

/**
 * Problems with a constructed armor (§1.24): `invalid` (not a whole number ≥ 0), `overCap`
 * (a type above the weight's cap), `budget` (points not spent exactly).
 */
export function armorConstructionProblems(weight: WornWeight, resistances: Readonly<Resistances>): RuleProblem[] {
  requireKey(weight, ["light", "medium", "heavy"], "armor weight", "armor is light, medium or heavy");
  const { points, maxPerType } = ARMOR_CONSTRUCTION[weight];
  const problems: RuleProblem[] = [];
  let spent = 0;
  for (const type of DAMAGE_TYPES) {
    const value = resistances[type];
    if (!Number.isInteger(value) || value < 0) {
      problems.push({ code: "invalid", subject: type, value });
      continue;
    }
    spent += value;
    if (value > maxPerType) problems.push({ code: "overCap", subject: type, value, limit: maxPerType });
  }
  if (spent !== points) problems.push({ code: "budget", value: spent, limit: points });
  return problems;
}

/** One damage type's resistance split into its shares. */
export interface ResistanceRow {
  species: number;
  armor: number;
  total: number;
}

/** Inputs of {@link resistanceProfile}. */
export interface ResistanceProfileInput {
  /** Creation points over the base 2 per type. */
  allocation: Readonly<Resistances>;
  /** The species' +1 type, if any. */
  speciesBonusType?: DamageType;
  /** The worn armor's resistances. */
  armor?: Readonly<Resistances>;
  /** Magic-armor protections, each capped with the armor's own value at 6 (RULING 83). */
  armorBonuses?: readonly { type: DamageType; value: number }[];
  /** Petrified: 12 against blunt, slashing, piercing and ballistic (§4.12). */
  petrified?: boolean;
  /**
   * Every damage type to count (default the book's six). A setting's extra type starts from the
   * same base; its missing allocation or armor value counts as 0.
   */
  types?: readonly string[];
}

/** Species, armor and total resistance per damage type (§4.12: total ≤ 12). */
export function resistanceProfile(input: ResistanceProfileInput): Record<DamageType, ResistanceRow> {
  const types = (input.types ?? DAMAGE_TYPES) as readonly DamageType[];
  const isBook = (type: string) => (DAMAGE_TYPES as readonly string[]).includes(type);
  if (input.speciesBonusType !== undefined) requireKey(input.speciesBonusType, types, "species resistance type", TYPE_RULE);
  const bonuses = {} as Record<DamageType, number>;
  for (const type of types) bonuses[type] = 0;
  for (const bonus of input.armorBonuses ?? []) {
    requireKey(bonus.type, types, "armor bonus type", TYPE_RULE);
    bonuses[bonus.type] += requireInteger(bonus.value, "armor bonus", "protection enchantments add whole points", 0);
  }
  const result = {} as Record<DamageType, ResistanceRow>;
  for (const type of types) {
    // A setting's type may be absent from older data: no points, no armor.
    const allocated = isBook(type) ? input.allocation[type] : (input.allocation[type] ?? 0);
    const extra = requireInteger(allocated, `${type} allocation`, "allocated resistance points are whole numbers of 0 or more", 0);
    const speciesBonus = input.speciesBonusType === type ? SPECIES_RESISTANCE_BONUS : 0;
    const species = Math.min(MAX_SPECIES_RESISTANCE, BASE_RESISTANCE + extra + speciesBonus);
    const armor0 = input.armor;
    const armorBase = armor0
      ? requireInteger(isBook(type) ? armor0[type] : (armor0[type] ?? 0), `${type} armor resistance`, "armor resistance is a whole number from 0 to 6", 0, MAX_ARMOR_RESISTANCE)
      : 0;
    const armor = Math.min(MAX_ARMOR_RESISTANCE, armorBase + bonuses[type]);
    const petrified = input.petrified === true && PETRIFIED_RESISTANT_TYPES.includes(type);
    result[type] = { species, armor, total: petrified ? MAX_RESISTANCE : Math.min(MAX_RESISTANCE, species + armor) };
  }
  return result;
}
