/**
 * The book's "Creating Your Own Species" (L272–L279, digest §3.3 "Guidance for custom
 * species"): a size, one +1 resistance bonus that fits, three bonus skills and one minor
 * special ability, with the GM's approval. Where the book gives no number, the limits below
 * are the premade species' own (docs/rulings.md 172–175): a custom species may do what a
 * premade one does, never more.
 *
 * Pure: the recipe dialog calls it for live feedback, the builder to say why a species is off
 * the recipe. Lists the caller knows from its configuration (a setting module's damage types,
 * conditions and ability kinds) come in as arguments.
 */

/** Every key of an ability kind with numbers: the mechanics the premade species use. */
export const SPECIES_ABILITY_KINDS = [
  "unarmedAttack", "unarmedDamage", "runBonus", "conditionReroll", "restHealing", "extraFocus",
  "customizationPoints", "luck", "armorTraining", "grantedFocus", "grantedSpell",
] as const;
export type SpeciesAbilityKind = (typeof SPECIES_ABILITY_KINDS)[number];

/**
 * How much of the "minor" ability each kind takes. The budget is 2: the book's Satyr pairs its
 * 6 P headbutt with +1 Run because the headbutt "isn't much on its own" (L277), and every
 * premade species built from these parts stays within 2 (Gnolls: a focus and +1 Run; Trolls:
 * faster healing and a condition reroll; High Elves: 4 customization points, nothing else).
 * A kind a setting module declares (no numbers, described in the text) weighs 1.
 */
export const SPECIES_ABILITY_WEIGHT: Record<SpeciesAbilityKind, number> = {
  unarmedAttack: 1, unarmedDamage: 1, runBonus: 1, conditionReroll: 1, restHealing: 1, extraFocus: 1,
  customizationPoints: 2, luck: 2, armorTraining: 2, grantedFocus: 1, grantedSpell: 1,
};

/** The recipe's numbers (docs/rulings.md 172–175). */
export const SPECIES_RECIPE = {
  /** Small to Large, the premade range (Mycorreans may be any of them). */
  sizes: ["small", "medium", "large"],
  /** No premade species has these, and the Changeling's movable bonus may never take them. */
  excludedResistances: ["ballistic", "explosive"],
  bonusSkills: 3,
  /** The ability's text: a short paragraph (the premade abilities run 150–600 characters). */
  textMax: 600,
  nameMax: 40,
  budget: 2,
  /** A natural attack: up to 6 dice (Satyr horns, Rook beak; the basic unarmed strike deals 6 L). */
  attackDice: { min: 1, max: 6 },
  /** Natural weapons and unarmed strikes deal physical damage. */
  unarmedTypes: ["blunt", "piercing", "slashing"],
  runBonus: 1,
  restHealing: 2,
  extraFoci: 1,
  customizationPoints: { min: 1, max: 4 },
  conditionRerolls: 1,
  dodgePenaltyReduction: 1,
  /** Foci a species grants (Goblins: two), spells (Djinn: one). */
  grantedFoci: 2,
  grantedSpells: 1,
} as const;

/** A species' data as the recipe reads it (the species item's `system`). */
export interface RecipeSpecies {
  size: string;
  sizeChoices: readonly string[];
  resistanceBonus: string;
  resistanceExcluded: readonly string[];
  bonusSkills: readonly string[];
  anyBonusSkills: boolean;
  grants: readonly { kind: string; choose: number; options: readonly string[] }[];
  extraFoci: number;
  extraCustomizationPoints: number;
  runBonus: number;
  lighterArmorForMovement: boolean;
  dodgePenaltyReduction: number;
  unarmedDamageType: string;
  conditionRerolls: readonly string[];
  restHealing: number;
  luckKeepBest: boolean;
  ability: {
    name: string;
    text: string;
    kinds: readonly string[];
    attack: { dice: number; type: string };
  };
}

/** The lists the recipe checks keys against (the configuration's, setting modules included). */
export interface RecipeLists {
  skills: readonly string[];
  damageTypes: readonly string[];
  conditions: readonly string[];
  /** Every ability kind: the mechanical ones above and any a setting module declares. */
  abilityKinds: readonly string[];
}

/** One broken limit: which part of the recipe, a localization key and its data. */
export interface RecipeProblem {
  part: "size" | "resistance" | "skills" | "ability";
  code: string;
  key: string;
  data?: Record<string, string | number>;
}

const K = "CLOCKWORK.Recipe.Problem";

function problem(part: RecipeProblem["part"], code: string, data?: RecipeProblem["data"]): RecipeProblem {
  return { part, code, key: `${K}.${code}`, ...(data ? { data } : {}) };
}

const isMechanical = (kind: string): kind is SpeciesAbilityKind => (SPECIES_ABILITY_KINDS as readonly string[]).includes(kind);

/** The weight a kind takes from the budget (1 for a declared kind without numbers). */
export function abilityKindWeight(kind: string): number {
  return isMechanical(kind) ? SPECIES_ABILITY_WEIGHT[kind] : 1;
}

/** Plain text of the ability (tags stripped), as counted against `textMax`. */
export function abilityPlainText(text: string): string {
  return text.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/\s+/g, " ").trim();
}

function checkSize(s: RecipeSpecies, out: RecipeProblem[]): void {
  const sizes: readonly string[] = SPECIES_RECIPE.sizes;
  for (const size of new Set([s.size, ...s.sizeChoices])) {
    if (!sizes.includes(size)) out.push(problem("size", "Size", { size }));
  }
}

function checkResistance(s: RecipeSpecies, lists: RecipeLists, out: RecipeProblem[]): void {
  const excluded: readonly string[] = SPECIES_RECIPE.excludedResistances;
  if (s.resistanceBonus === "any" || !lists.damageTypes.includes(s.resistanceBonus)) out.push(problem("resistance", "ResistanceAny"));
  else if (excluded.includes(s.resistanceBonus)) out.push(problem("resistance", "ResistanceType", { type: s.resistanceBonus }));
  if (s.resistanceExcluded.length) out.push(problem("resistance", "ResistanceExcluded"));
}

function checkSkills(s: RecipeSpecies, lists: RecipeLists, out: RecipeProblem[]): void {
  if (s.anyBonusSkills) out.push(problem("skills", "SkillsAny"));
  const distinct = new Set(s.bonusSkills);
  if (distinct.size !== SPECIES_RECIPE.bonusSkills || s.bonusSkills.length !== distinct.size) {
    out.push(problem("skills", "SkillCount", { count: distinct.size, needed: SPECIES_RECIPE.bonusSkills }));
  }
  for (const skill of distinct) if (!lists.skills.includes(skill)) out.push(problem("skills", "SkillUnknown", { skill }));
}

/** Which kinds the species' numbers use (a number away from its "none" value). */
export function kindsInUse(s: RecipeSpecies): SpeciesAbilityKind[] {
  const used: SpeciesAbilityKind[] = [];
  if (s.ability.attack.dice > 0) used.push("unarmedAttack");
  if (s.unarmedDamageType) used.push("unarmedDamage");
  if (s.runBonus > 0) used.push("runBonus");
  if (s.conditionRerolls.length) used.push("conditionReroll");
  if (s.restHealing > 1) used.push("restHealing");
  if (s.extraFoci > 0) used.push("extraFocus");
  if (s.extraCustomizationPoints > 0) used.push("customizationPoints");
  if (s.luckKeepBest) used.push("luck");
  if (s.lighterArmorForMovement || s.dodgePenaltyReduction > 0) used.push("armorTraining");
  if (s.grants.some((g) => g.kind === "focus")) used.push("grantedFocus");
  if (s.grants.some((g) => g.kind !== "focus")) used.push("grantedSpell");
  return used;
}

const granted = (s: RecipeSpecies, focus: boolean) =>
  s.grants.filter((g) => (g.kind === "focus") === focus).reduce((sum, g) => sum + Math.min(g.choose, g.options.length || g.choose), 0);

/** The numbers of one kind, against the premade species' own. */
function checkNumbers(kind: SpeciesAbilityKind, s: RecipeSpecies, lists: RecipeLists, out: RecipeProblem[]): void {
  const R = SPECIES_RECIPE;
  const physical: readonly string[] = R.unarmedTypes;
  switch (kind) {
    case "unarmedAttack": {
      const { dice, type } = s.ability.attack;
      if (dice < R.attackDice.min || dice > R.attackDice.max) out.push(problem("ability", "AttackDice", { dice, min: R.attackDice.min, max: R.attackDice.max }));
      if (!physical.includes(type)) out.push(problem("ability", "AttackType", { type }));
      if (!s.ability.name.trim()) out.push(problem("ability", "AttackName"));
      break;
    }
    case "unarmedDamage":
      if (!physical.includes(s.unarmedDamageType) || s.unarmedDamageType === "blunt") out.push(problem("ability", "UnarmedType", { type: s.unarmedDamageType || "blunt" }));
      break;
    case "runBonus":
      if (s.runBonus !== R.runBonus) out.push(problem("ability", "RunBonus", { value: s.runBonus, max: R.runBonus }));
      break;
    case "conditionReroll":
      if (s.conditionRerolls.length !== R.conditionRerolls) out.push(problem("ability", "ConditionRerolls", { count: s.conditionRerolls.length, max: R.conditionRerolls }));
      for (const c of s.conditionRerolls) if (!lists.conditions.includes(c)) out.push(problem("ability", "ConditionUnknown", { condition: c }));
      break;
    case "restHealing":
      if (s.restHealing !== R.restHealing) out.push(problem("ability", "RestHealing", { value: s.restHealing, max: R.restHealing }));
      break;
    case "extraFocus":
      if (s.extraFoci !== R.extraFoci) out.push(problem("ability", "ExtraFoci", { value: s.extraFoci, max: R.extraFoci }));
      break;
    case "customizationPoints": {
      const { min, max } = R.customizationPoints;
      if (s.extraCustomizationPoints < min || s.extraCustomizationPoints > max) out.push(problem("ability", "CustomizationPoints", { value: s.extraCustomizationPoints, max }));
      break;
    }
    case "luck":
      if (!s.luckKeepBest) out.push(problem("ability", "KindWithoutNumbers", { kind }));
      break;
    case "armorTraining":
      if (s.dodgePenaltyReduction > R.dodgePenaltyReduction) out.push(problem("ability", "DodgeReduction", { value: s.dodgePenaltyReduction, max: R.dodgePenaltyReduction }));
      if (!s.lighterArmorForMovement && s.dodgePenaltyReduction === 0) out.push(problem("ability", "KindWithoutNumbers", { kind }));
      break;
    case "grantedFocus": {
      const count = granted(s, true);
      if (count < 1 || count > R.grantedFoci) out.push(problem("ability", "GrantedFoci", { count, max: R.grantedFoci }));
      break;
    }
    case "grantedSpell": {
      const count = granted(s, false);
      if (count < 1 || count > R.grantedSpells) out.push(problem("ability", "GrantedSpells", { count, max: R.grantedSpells }));
      break;
    }
  }
}

/** The weight the species' ability takes: its kinds, a granted focus counting once per focus. */
export function abilityWeight(s: RecipeSpecies): number {
  return [...new Set(s.ability.kinds)].reduce((sum, kind) => sum + (kind === "grantedFocus" ? Math.max(1, granted(s, true)) : abilityKindWeight(kind)), 0);
}

function checkAbility(s: RecipeSpecies, lists: RecipeLists, out: RecipeProblem[]): void {
  const text = abilityPlainText(s.ability.text);
  if (!text) out.push(problem("ability", "TextMissing"));
  else if (text.length > SPECIES_RECIPE.textMax) out.push(problem("ability", "TextLong", { length: text.length, max: SPECIES_RECIPE.textMax }));
  if (s.ability.name.length > SPECIES_RECIPE.nameMax) out.push(problem("ability", "NameLong", { max: SPECIES_RECIPE.nameMax }));
  const kinds = [...new Set(s.ability.kinds)];
  for (const kind of kinds) if (!lists.abilityKinds.includes(kind)) out.push(problem("ability", "KindUnknown", { kind }));
  // Numbers set for a kind the ability does not name would act unseen: each must be named.
  for (const kind of kindsInUse(s)) if (!kinds.includes(kind)) out.push(problem("ability", "KindNotNamed", { kind }));
  for (const kind of kinds) if (isMechanical(kind)) checkNumbers(kind, s, lists, out);
  const weight = abilityWeight(s);
  if (weight > SPECIES_RECIPE.budget) out.push(problem("ability", "TooStrong", { weight, budget: SPECIES_RECIPE.budget }));
}

/** Every limit of the recipe the species breaks; empty when it is built by the recipe. */
export function checkSpeciesRecipe(species: RecipeSpecies, lists: RecipeLists): RecipeProblem[] {
  const out: RecipeProblem[] = [];
  checkSize(species, out);
  checkResistance(species, lists, out);
  checkSkills(species, lists, out);
  checkAbility(species, lists, out);
  return out;
}
