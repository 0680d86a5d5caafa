/**
 * Character creation as one pure check (digest §4.19, tables 1.1, 1.5–1.9, 1.23, 1.42,
 * RULINGS 14, 16, 22): a whole build in, every broken rule out, each tagged with the step
 * that owns it. The builder shows the problems next to its fields, the pack tests run it on
 * every pregenerated character, and `creationSummary` gives the live numbers. Nothing here
 * throws on bad input: a build typed by a person is reported, not rejected.
 */
import { customizationPointBudget, matchingPremadeOption, powerCpCost, premadeOptionRanks, skillCpCost } from "./advancement";
import { armorBurden, deriveCharacter, type ArmorBurden, type CharacterInput, type DerivedCharacter } from "./character";
import { allocationTypes, resistanceAllocationProblems, resistanceProfile, type ResistanceRow } from "./resistance";
import {
  BASE_RESISTANCE, CHANGELING_EXCLUDED_TYPES, CREATION_SKILL_FLOOR, CREATION_SKILL_POINTS, MAX_POWER_LEVEL, MAX_SKILL_RANK,
  MIN_POWER_LEVEL, MIN_SKILL_RANK, PREMADE_SKILL_OPTIONS, SPECIES_RESISTANCE_BONUS, STARTING_CURRENCY, WEALTHY_BONUS,
} from "./tables";
import { ARMOR_WEIGHTS, DAMAGE_TYPES, SIZES, SKILL_KEYS } from "./types";
import type { ArmorWeight, DamageType, Resistances, RuleProblem, Size, SkillKey } from "./types";

/** The builder's steps, in the book's order (§4.19); `review` has no rules of its own. */
export const CREATION_STEPS = [
  "concept", "skills", "species", "bonusSkill", "foci", "customization", "resistance", "equipment", "review",
] as const;
export type CreationStep = (typeof CREATION_STEPS)[number];

/** Foci picked at creation before species extras (§2.3); Humans get one more through `extraFoci`. */
export const CREATION_FOCI = 3;
/** Species bonus skills picked at creation (§4.19 step 3). */
export const CREATION_SPECIES_SKILLS = 2;
/** Features no character may take at creation, whatever its data says (§3.2). */
export const FEATURES_BANNED_AT_CREATION: readonly string[] = ["legendary-animal-companion"];
/** Identifier of the feature that adds starting currency (§1.42). */
export const WEALTHY_FEATURE = "wealthy";
/** Species whose "any" resistance bonus may not take ballistic or explosive (RULING 14). */
export const CHANGELING_SPECIES = "changelings";

/** The species rules the build needs (a plain copy of the species item's system data). */
export interface CreationSpecies {
  /** The species document's id (a UUID in the builder); not read by the rules. */
  id?: string;
  identifier: string;
  size: Size;
  /** Sizes to pick from (Mycorreans); empty when the size is fixed. */
  sizeChoices: readonly Size[];
  /** A damage type, or "any" when the player places it (Humans, Changelings). */
  resistanceBonus: DamageType | "any";
  resistanceExcluded: readonly DamageType[];
  bonusSkills: readonly SkillKey[];
  /** Humans: any two skills. */
  anyBonusSkills: boolean;
  /** Free foci or spells: pick `choose` of `options` (ids, usually UUIDs). */
  grants: readonly { kind: string; choose: number; options: readonly string[] }[];
  /** Humans 1. */
  extraFoci: number;
  /** High Elves 4. */
  extraCustomizationPoints: number;
  runBonus?: number;
  lighterArmorForMovement?: boolean;
  dodgePenaltyReduction?: number;
}

export interface CreationFocus {
  id: string;
  identifier: string;
  skill?: string;
}

/** A spell or feature bought with customization points. */
export interface CreationPower {
  id: string;
  identifier: string;
  level: number;
}

export interface CreationFeature extends CreationPower {
  prerequisites: readonly string[];
  repeatable: boolean;
  allowedAtCreation: boolean;
}

export interface CreationSpell extends CreationPower {
  /** The other half of a paired heading; a pair costs its level once (RULING in §3.1). */
  pair?: string;
}

/** A bought piece of equipment; armor and shields carry what the summary needs. */
export interface CreationGear {
  id: string;
  type: string;
  price: number;
  quantity: number;
  /** Armor or shield weight. */
  weight?: ArmorWeight;
  /** Armor resistances. */
  resistances?: Readonly<Resistances>;
  /** Worn or held at the end of creation. */
  equipped?: boolean;
}

/** Everything a player decides during creation. */
export interface CreationBuild {
  name: string;
  /** The premade option taken in step 2, or null for a free 36-point spend. */
  premadeOption: number | null;
  /** Ranks after step 2 (the 36 points). */
  skills: Readonly<Record<SkillKey, number>>;
  species: CreationSpecies | null;
  speciesBonusSkills: readonly string[];
  /** Where an "any" species bonus goes, or "". */
  speciesResistance: string;
  /** The size picked for a species with size choices, or "". */
  sizeChoice: string;
  /** Chosen grant options (ids of the species' `grants[].options`). */
  grants: readonly string[];
  /** Identifiers of the granted foci and spells, where ids alone cannot show a repeat. */
  grantedIdentifiers?: readonly string[];
  personalBonusSkill: string;
  foci: readonly CreationFocus[];
  /** Final ranks of the skills lowered with customization points (step 6). */
  customizedSkills: Readonly<Partial<Record<SkillKey, number>>>;
  features: readonly CreationFeature[];
  spells: readonly CreationSpell[];
  /** Points over the fixed base 2 per type (RULING 22). */
  resistanceAllocation: Readonly<Resistances>;
  equipment: readonly CreationGear[];
}

/** A broken creation rule: the rules core's problem, plus the step that owns it. */
export interface CreationProblem extends RuleProblem {
  step: CreationStep;
  /** A second name where one is needed (the missing prerequisite of a feature). */
  detail?: string;
}

const isRank = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= MIN_SKILL_RANK && (value as number) <= MAX_SKILL_RANK;
const isLevel = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= MIN_POWER_LEVEL && (value as number) <= MAX_POWER_LEVEL;
const isSkill = (value: unknown): value is SkillKey => (SKILL_KEYS as readonly unknown[]).includes(value);
const isType = (value: unknown): value is DamageType => (DAMAGE_TYPES as readonly unknown[]).includes(value);
const isSize = (value: unknown): value is Size => (SIZES as readonly unknown[]).includes(value);

/** 16 skills at 12, as every character starts (§4.19 step 2). */
export function untrainedSkills(): Record<SkillKey, number> {
  const skills = {} as Record<SkillKey, number>;
  for (const key of SKILL_KEYS) skills[key] = MAX_SKILL_RANK;
  return skills;
}

/** No resistance points allocated (in the book's six types, and any other `types` a setting adds). */
export function emptyAllocation(types: readonly string[] = DAMAGE_TYPES): Resistances {
  const allocation = {} as Resistances;
  for (const type of [...DAMAGE_TYPES, ...types] as DamageType[]) allocation[type] = 0;
  return allocation;
}

/** A build with nothing chosen yet. */
export function emptyBuild(name = ""): CreationBuild {
  return {
    name, premadeOption: null, skills: untrainedSkills(), species: null, speciesBonusSkills: [], speciesResistance: "",
    sizeChoice: "", grants: [], personalBonusSkill: "", foci: [], customizedSkills: {}, features: [], spells: [],
    resistanceAllocation: emptyAllocation(), equipment: [],
  };
}

/**
 * The ranks of premade option 1–8 handed out along `order` (best rank to the first skill);
 * skills not in `order` stay at 12. Throws on an unknown option or an order that repeats a skill.
 */
export function applyPremadeOption(option: number, order: readonly SkillKey[]): Record<SkillKey, number> {
  const ranks = premadeOptionRanks(option);
  if (new Set(order).size !== order.length || order.some((key) => !isSkill(key))) {
    throw new RangeError(`premade order must list distinct skills (a premade option hands out its ranks in an order); got ${JSON.stringify(order)}`);
  }
  const skills = untrainedSkills();
  order.slice(0, ranks.length).forEach((key, i) => {
    skills[key] = ranks[i];
  });
  return skills;
}

/** Final ranks: the step-2 ranks with valid customization applied; anything invalid is ignored. */
export function finalSkills(build: Pick<CreationBuild, "skills" | "customizedSkills">): Record<SkillKey, number> {
  const skills = {} as Record<SkillKey, number>;
  for (const key of SKILL_KEYS) {
    const base = isRank(build.skills?.[key]) ? build.skills[key] : MAX_SKILL_RANK;
    const custom = build.customizedSkills?.[key];
    skills[key] = isRank(custom) && custom <= base ? custom : base;
  }
  return skills;
}

/**
 * The creature's size: the species' (or its picked size choice). Without a species (beasts,
 * undead) the stored size choice stands, else Medium, as the actor's derived data does.
 */
export function buildSize(build: Pick<CreationBuild, "species" | "sizeChoice">): Size {
  const species = build.species;
  if (!species) return isSize(build.sizeChoice) ? build.sizeChoice : "medium";
  if (species.sizeChoices.length > 0 && isSize(build.sizeChoice) && species.sizeChoices.includes(build.sizeChoice)) return build.sizeChoice;
  return isSize(species.size) ? species.size : "medium";
}

/** Foci the player picks: 3, plus the species' extra (Humans 4). Species grants come on top. */
export function fociRequired(species: Pick<CreationSpecies, "extraFoci"> | null): number {
  const extra = species?.extraFoci;
  return CREATION_FOCI + (Number.isInteger(extra) && (extra as number) > 0 ? (extra as number) : 0);
}

/** Customization points at creation: 12, High Elves 16. */
export function buildCpBudget(species: Pick<CreationSpecies, "extraCustomizationPoints"> | null): number {
  const extra = species?.extraCustomizationPoints;
  return customizationPointBudget(Number.isInteger(extra) && (extra as number) > 0 ? (extra as number) : 0);
}

/** Starting currency: 2000 plus 250 for each Wealthy bought (§1.42). */
export function currencyBudget(features: readonly Pick<CreationFeature, "identifier">[]): number {
  return STARTING_CURRENCY + WEALTHY_BONUS * features.filter((f) => f.identifier === WEALTHY_FEATURE).length;
}

/** What one piece of gear costs in total; invalid prices or quantities count as 0. */
function gearCost(gear: CreationGear): number {
  const price = Number.isInteger(gear.price) && gear.price >= 0 ? gear.price : 0;
  const quantity = Number.isInteger(gear.quantity) && gear.quantity > 0 ? gear.quantity : 0;
  return price * quantity;
}

/** A spell pair is one purchase: its key is both identifiers, sorted. */
function spellPurchaseKey(spell: CreationSpell): string {
  return spell.pair ? [spell.identifier, spell.pair].sort().join("|") : spell.identifier || spell.id;
}

/** Customization points spent on ranks, features and spells (a spell pair counts once). */
export function cpSpent(build: Pick<CreationBuild, "skills" | "customizedSkills" | "features" | "spells">): number {
  const base = finalSkills({ skills: build.skills, customizedSkills: {} });
  const final = finalSkills(build);
  let spent = 0;
  for (const key of SKILL_KEYS) spent += skillCpCost(base[key], final[key]);
  for (const feature of build.features) spent += isLevel(feature.level) ? powerCpCost(feature.level) : 0;
  const pairs = new Set<string>();
  for (const spell of build.spells) {
    const key = spellPurchaseKey(spell);
    if (pairs.has(key)) continue;
    pairs.add(key);
    spent += isLevel(spell.level) ? powerCpCost(spell.level) : 0;
  }
  return spent;
}

/** Points of the 36-point step spent so far (invalid ranks count as untrained). */
export function skillPointsSpent(skills: Readonly<Record<SkillKey, number>>): number {
  let spent = 0;
  for (const key of SKILL_KEYS) spent += MAX_SKILL_RANK - (isRank(skills?.[key]) ? skills[key] : MAX_SKILL_RANK);
  return spent;
}

function conceptProblems(build: CreationBuild): CreationProblem[] {
  return typeof build.name === "string" && build.name.trim() ? [] : [{ step: "concept", code: "nameMissing" }];
}

function skillStepProblems(build: CreationBuild): CreationProblem[] {
  const problems: CreationProblem[] = [];
  for (const key of SKILL_KEYS) {
    const rank = build.skills?.[key];
    if (!isRank(rank)) problems.push({ step: "skills", code: "invalidRank", subject: key, value: rank as number });
  }
  if (problems.length) return problems;
  if (build.premadeOption !== null && build.premadeOption !== undefined) {
    const known = PREMADE_SKILL_OPTIONS.some((o) => o.option === build.premadeOption);
    if (!known) return [{ step: "skills", code: "premadeUnknown", value: build.premadeOption }];
    if (matchingPremadeOption(build.skills) !== build.premadeOption) {
      return [{ step: "skills", code: "premadeMismatch", value: build.premadeOption }];
    }
    return [];
  }
  for (const key of SKILL_KEYS) {
    if (build.skills[key] < CREATION_SKILL_FLOOR) problems.push({ step: "skills", code: "belowFloor", subject: key, value: build.skills[key], limit: CREATION_SKILL_FLOOR });
  }
  const spent = skillPointsSpent(build.skills);
  if (spent !== CREATION_SKILL_POINTS) problems.push({ step: "skills", code: "pointsSpent", value: spent, limit: CREATION_SKILL_POINTS });
  return problems;
}

function speciesExcluded(species: CreationSpecies): readonly string[] {
  return species.identifier === CHANGELING_SPECIES ? [...new Set([...species.resistanceExcluded, ...CHANGELING_EXCLUDED_TYPES])] : species.resistanceExcluded;
}

function speciesStepProblems(build: CreationBuild): CreationProblem[] {
  const species = build.species;
  if (!species) return [{ step: "species", code: "speciesMissing" }];
  const problems: CreationProblem[] = [];
  const picks = build.speciesBonusSkills ?? [];
  const distinct = new Set(picks);
  if (picks.length !== CREATION_SPECIES_SKILLS || distinct.size !== picks.length) {
    problems.push({ step: "species", code: "speciesSkillCount", value: distinct.size, limit: CREATION_SPECIES_SKILLS });
  }
  for (const skill of distinct) {
    const offered = species.anyBonusSkills ? isSkill(skill) : species.bonusSkills.includes(skill as SkillKey);
    if (!offered) problems.push({ step: "species", code: "speciesSkillNotOffered", subject: skill });
  }
  if (species.resistanceBonus === "any") {
    const type = build.speciesResistance;
    // A setting's type counts when the build allocates it (the builder lists every configured type).
    if (!isType(type) && !(allocationTypes(build.resistanceAllocation) as string[]).includes(type)) problems.push({ step: "species", code: "speciesResistanceMissing" });
    else if (speciesExcluded(species).includes(type)) problems.push({ step: "species", code: "speciesResistanceExcluded", subject: type });
  }
  if (species.sizeChoices.length > 0 && !species.sizeChoices.includes(build.sizeChoice as Size)) {
    problems.push({ step: "species", code: "sizeChoiceMissing" });
  }
  const chosen = new Set(build.grants ?? []);
  const offered = new Set<string>();
  for (const grant of species.grants) {
    grant.options.forEach((id) => offered.add(id));
    const taken = grant.options.filter((id) => chosen.has(id)).length;
    const needed = Math.min(grant.choose, grant.options.length);
    if (taken !== needed) problems.push({ step: "species", code: "grantCount", subject: grant.kind, value: taken, limit: needed });
  }
  for (const id of chosen) if (!offered.has(id)) problems.push({ step: "species", code: "grantNotOffered", subject: id });
  return problems;
}

function bonusSkillProblems(build: CreationBuild): CreationProblem[] {
  const skill = build.personalBonusSkill;
  if (!skill) return [{ step: "bonusSkill", code: "personalBonusMissing" }];
  if (!isSkill(skill)) return [{ step: "bonusSkill", code: "invalidSkill", subject: skill }];
  if ((build.speciesBonusSkills ?? []).includes(skill)) return [{ step: "bonusSkill", code: "personalBonusTaken", subject: skill }];
  return [];
}

function fociProblems(build: CreationBuild): CreationProblem[] {
  const problems: CreationProblem[] = [];
  const required = fociRequired(build.species);
  if (build.foci.length !== required) problems.push({ step: "foci", code: "fociCount", value: build.foci.length, limit: required });
  const seen = new Set<string>(build.grants ?? []);
  const seenIdentifiers = new Set<string>(build.grantedIdentifiers ?? []);
  for (const focus of build.foci) {
    const identifier = focus.identifier || focus.id;
    if (seen.has(focus.id) || seenIdentifiers.has(identifier)) problems.push({ step: "foci", code: "focusDuplicate", subject: identifier });
    seen.add(focus.id);
    seenIdentifiers.add(identifier);
  }
  return problems;
}

function customizationProblems(build: CreationBuild): CreationProblem[] {
  const problems: CreationProblem[] = [];
  const base = finalSkills({ skills: build.skills, customizedSkills: {} });
  for (const [key, rank] of Object.entries(build.customizedSkills ?? {})) {
    if (!isSkill(key)) problems.push({ step: "customization", code: "invalidSkill", subject: key });
    else if (!isRank(rank)) problems.push({ step: "customization", code: "invalidRank", subject: key, value: rank });
    else if (rank > base[key]) problems.push({ step: "customization", code: "rankRaised", subject: key, value: rank, limit: base[key] });
  }
  const owned = new Set(build.features.map((f) => f.identifier));
  const counted = new Map<string, number>();
  for (const feature of build.features) {
    counted.set(feature.identifier, (counted.get(feature.identifier) ?? 0) + 1);
    if (!isLevel(feature.level)) problems.push({ step: "customization", code: "invalidLevel", subject: feature.identifier, value: feature.level });
    if (!feature.allowedAtCreation || FEATURES_BANNED_AT_CREATION.includes(feature.identifier)) {
      problems.push({ step: "customization", code: "featureBanned", subject: feature.identifier });
    }
    for (const required of feature.prerequisites) {
      if (!owned.has(required)) problems.push({ step: "customization", code: "featurePrerequisite", subject: feature.identifier, detail: required });
    }
  }
  for (const feature of build.features) {
    if (!feature.repeatable && (counted.get(feature.identifier) ?? 0) > 1) {
      problems.push({ step: "customization", code: "featureDuplicate", subject: feature.identifier });
      counted.set(feature.identifier, 0);
    }
  }
  const granted = new Set(build.grants ?? []);
  const identifiers = new Set<string>(build.grantedIdentifiers ?? []);
  for (const spell of build.spells) {
    if (!isLevel(spell.level)) problems.push({ step: "customization", code: "invalidLevel", subject: spell.identifier, value: spell.level });
    // The other half of a pair already bought is part of that purchase, not a duplicate.
    const duplicate = granted.has(spell.id) || identifiers.has(spell.identifier);
    if (duplicate) problems.push({ step: "customization", code: "spellDuplicate", subject: spell.identifier });
    identifiers.add(spell.identifier);
  }
  const budget = buildCpBudget(build.species);
  const spent = cpSpent(build);
  if (spent > budget) problems.push({ step: "customization", code: "cpOverspent", value: spent, limit: budget });
  return problems;
}

/** Body + size points to allocate over the base 2 (§4.19 step 8), from the final ranks. */
export function creationResistancePoints(build: Pick<CreationBuild, "skills" | "customizedSkills" | "species" | "sizeChoice">): number {
  return deriveCharacter({ skills: finalSkills(build), size: buildSize(build) }).resistancePoints;
}

const RESISTANCE_CODES: Record<string, string> = {
  invalid: "resistanceInvalid", overCap: "resistanceOverCap", overspent: "resistanceOverspent", unspent: "resistanceUnspent",
};

function resistanceProblems(build: CreationBuild): CreationProblem[] {
  const types = allocationTypes(build.resistanceAllocation);
  const allocation = emptyAllocation(types);
  for (const type of types) allocation[type] = build.resistanceAllocation?.[type] as number;
  return resistanceAllocationProblems(allocation, creationResistancePoints(build))
    .map((p) => ({ ...p, step: "resistance" as const, code: RESISTANCE_CODES[p.code] ?? p.code }));
}

function equipmentProblems(build: CreationBuild): CreationProblem[] {
  const problems: CreationProblem[] = [];
  for (const gear of build.equipment) {
    if (!Number.isInteger(gear.price) || gear.price < 0) problems.push({ step: "equipment", code: "gearPrice", subject: gear.id, value: gear.price });
    if (!Number.isInteger(gear.quantity) || gear.quantity < 1) problems.push({ step: "equipment", code: "gearQuantity", subject: gear.id, value: gear.quantity });
  }
  const budget = currencyBudget(build.features);
  const spent = build.equipment.reduce((sum, gear) => sum + gearCost(gear), 0);
  if (spent > budget) problems.push({ step: "equipment", code: "overBudget", value: spent, limit: budget });
  for (const slot of ["armor", "shield"] as const) {
    const worn = build.equipment.filter((g) => g.type === slot && g.equipped).length;
    if (worn > 1) problems.push({ step: "equipment", code: "tooManyWorn", subject: slot, value: worn, limit: 1 });
  }
  return problems;
}

/** Every broken creation rule of a build, in step order. Empty means the character is legal. */
export function creationProblems(build: CreationBuild): CreationProblem[] {
  return [
    ...conceptProblems(build),
    ...skillStepProblems(build),
    ...speciesStepProblems(build),
    ...bonusSkillProblems(build),
    ...fociProblems(build),
    ...customizationProblems(build),
    ...resistanceProblems(build),
    ...equipmentProblems(build),
  ];
}

/** The problems of one step. */
export function stepProblems(build: CreationBuild, step: CreationStep): CreationProblem[] {
  return creationProblems(build).filter((p) => p.step === step);
}

/** The live numbers of a build, safe on incomplete input. */
export interface CreationSummary {
  skillPoints: { spent: number; left: number };
  premadeMatch: number | null;
  cp: { budget: number; spent: number; left: number };
  foci: { required: number; chosen: number };
  skills: Record<SkillKey, number>;
  size: Size;
  derived: DerivedCharacter;
  resistancePoints: { available: number; allocated: number; left: number };
  resistances: Record<DamageType, ResistanceRow>;
  /**
   * The same resistances split for the player: `species` is the base 2 and the species' +1,
   * `placed` the points the player put there (as counted under the species cap), then armor and total.
   */
  resistanceShares: Record<DamageType, ResistanceShares>;
  currency: { budget: number; spent: number; left: number };
  /** Every bonus skill: the species' two and the personal one. */
  bonusSkills: SkillKey[];
  armor: ArmorWeight;
  shield: ArmorWeight;
}

/** One damage type's resistance as the builder shows it: species, placed, armor, total. */
export interface ResistanceShares {
  species: number;
  placed: number;
  armor: number;
  total: number;
}

function wornWeight(build: CreationBuild, type: "armor" | "shield"): { weight: ArmorWeight; resistances?: Readonly<Resistances> } {
  const worn = build.equipment.find((g) => g.type === type && g.equipped);
  const weight = worn?.weight && (ARMOR_WEIGHTS as readonly string[]).includes(worn.weight) ? worn.weight : "none";
  return { weight, resistances: worn?.resistances };
}

/** The rules core's character input for a build, wearing `armor` (and the build's worn shield). */
function characterInput(build: CreationBuild, armor: ArmorWeight): CharacterInput {
  const species = build.species;
  return {
    skills: finalSkills(build), size: buildSize(build), armor, shield: wornWeight(build, "shield").weight,
    runBonus: Number.isInteger(species?.runBonus) ? species?.runBonus : 0,
    lighterArmorForMovement: species?.lighterArmorForMovement === true,
    dodgePenaltyReduction: Number.isInteger(species?.dodgePenaltyReduction) && (species?.dodgePenaltyReduction ?? 0) >= 0 ? species?.dodgePenaltyReduction : 0,
  };
}

/**
 * What armor of `weight` would cost this build (its worn armor by default), or null when the
 * build's Strength carries it: the same {@link armorBurden} the character sheet shows.
 */
export function creationArmorBurden(build: CreationBuild, weight: ArmorWeight = wornWeight(build, "armor").weight): ArmorBurden | null {
  return armorBurden(characterInput(build, weight));
}

/**
 * What a legal build may still want the player to hear before finishing: worn armor over the
 * Strength limit (§1.11) and customization points left unspent, which creation does not keep.
 */
export type CreationWarning =
  | { step: "equipment"; code: "armorTooHeavy"; subject: string; burden: ArmorBurden }
  | { step: "customization"; code: "unspentCp"; value: number; limit: number };

/** The warnings of a build, in step order; they never block finishing. */
export function creationWarnings(build: CreationBuild): CreationWarning[] {
  const warnings: CreationWarning[] = [];
  const cp = buildCpBudget(build.species) - cpSpent(build);
  if (cp > 0) warnings.push({ step: "customization", code: "unspentCp", value: cp, limit: buildCpBudget(build.species) });
  const armor = build.equipment.find((g) => g.type === "armor" && g.equipped);
  const burden = armor ? creationArmorBurden(build) : null;
  if (armor && burden) warnings.push({ step: "equipment", code: "armorTooHeavy", subject: armor.id, burden });
  return warnings;
}

/** Derived numbers of a build for the builder's live panel. */
export function creationSummary(build: CreationBuild): CreationSummary {
  const skills = finalSkills(build);
  const size = buildSize(build);
  const species = build.species;
  const armor = wornWeight(build, "armor");
  const shield = wornWeight(build, "shield");
  const derived = deriveCharacter(characterInput(build, armor.weight));
  const types = allocationTypes(build.resistanceAllocation);
  const allocation = emptyAllocation(types);
  let allocated = 0;
  for (const type of types) {
    const value = build.resistanceAllocation?.[type];
    allocation[type] = Number.isInteger(value) && value >= 0 ? value : 0;
    allocated += allocation[type];
  }
  const speciesType = species?.resistanceBonus === "any" ? build.speciesResistance : species?.resistanceBonus;
  const validArmor = armor.resistances && DAMAGE_TYPES.every((t) => Number.isInteger(armor.resistances?.[t]) && (armor.resistances?.[t] ?? -1) >= 0 && (armor.resistances?.[t] ?? 7) <= 6);
  const resistances = resistanceProfile({
    allocation,
    speciesBonusType: (types as readonly unknown[]).includes(speciesType) ? speciesType as DamageType : undefined,
    armor: validArmor ? armor.resistances : undefined,
    types,
  });
  const resistanceShares = {} as Record<DamageType, ResistanceShares>;
  for (const type of types) {
    const base = BASE_RESISTANCE + (speciesType === type ? SPECIES_RESISTANCE_BONUS : 0);
    const row = resistances[type];
    resistanceShares[type] = { species: base, placed: row.species - base, armor: row.armor, total: row.total };
  }
  const cpBudget = buildCpBudget(species);
  const spentCp = cpSpent(build);
  const budget = currencyBudget(build.features);
  const spentCurrency = build.equipment.reduce((sum, gear) => sum + gearCost(gear), 0);
  const points = skillPointsSpent(build.skills);
  const validRanks = SKILL_KEYS.every((k) => isRank(build.skills?.[k]));
  const bonusSkills = [...new Set([...(build.speciesBonusSkills ?? []), build.personalBonusSkill].filter(isSkill))];
  return {
    skillPoints: { spent: points, left: CREATION_SKILL_POINTS - points },
    premadeMatch: validRanks ? matchingPremadeOption(build.skills) : null,
    cp: { budget: cpBudget, spent: spentCp, left: cpBudget - spentCp },
    foci: { required: fociRequired(species), chosen: build.foci.length },
    skills,
    size,
    derived,
    resistancePoints: { available: derived.resistancePoints, allocated, left: derived.resistancePoints - allocated },
    resistances,
    resistanceShares,
    currency: { budget, spent: spentCurrency, left: budget - spentCurrency },
    bonusSkills,
    armor: armor.weight,
    shield: shield.weight,
  };
}
