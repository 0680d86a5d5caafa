/**
 * The "Build by the recipe" dialog of a species (issue 31 item 3), as pure functions: the
 * species' data as a draft, the dialog's form read back into it (ticking a kind fills in the
 * premade number, unticking clears it, so nothing acts unseen), the context the template shows
 * with every broken limit explained next to its part (src/rules/species-recipe.ts), and the
 * system update that Save writes.
 */
import { SPECIES_RECIPE, abilityPlainText, abilityWeight, checkSpeciesRecipe, type RecipeLists, type RecipeProblem, type RecipeSpecies } from "../../rules";
import type { SheetChoices } from "./choices";

/** The recipe window's template. */
export const RECIPE_TEMPLATE = "systems/clockwork/templates/dialogs/species-recipe.hbs";

type Translate = (key: string, data?: Record<string, unknown>) => string;
type Loose = Record<string, unknown>;

/** A kind in the dialog: its label and hint keys, and whether the rules apply numbers for it. */
export interface RecipeKind {
  key: string;
  label: string;
  hint?: string;
  mechanical: boolean;
}

const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : fallback);
const num = (v: unknown, fallback = 0): number => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** A species item's system data as the recipe reads it. */
export function recipeDraft(system: Loose): RecipeSpecies {
  const ability = (system.ability ?? {}) as Loose;
  const attack = (ability.attack ?? {}) as Loose;
  const grants = Array.isArray(system.grants) ? (system.grants as Loose[]) : [];
  return {
    size: str(system.size, "medium"), sizeChoices: strings(system.sizeChoices),
    resistanceBonus: str(system.resistanceBonus, "any"), resistanceExcluded: strings(system.resistanceExcluded),
    bonusSkills: strings(system.bonusSkills), anyBonusSkills: system.anyBonusSkills === true,
    grants: grants.map((g) => ({ kind: str(g.kind, "focus"), choose: num(g.choose, 1), options: strings(g.options) })),
    extraFoci: num(system.extraFoci), extraCustomizationPoints: num(system.extraCustomizationPoints), runBonus: num(system.runBonus),
    lighterArmorForMovement: system.lighterArmorForMovement === true, dodgePenaltyReduction: num(system.dodgePenaltyReduction),
    unarmedDamageType: str(system.unarmedDamageType), conditionRerolls: strings(system.conditionRerolls), restHealing: num(system.restHealing, 1),
    luckKeepBest: system.luckKeepBest === true,
    ability: { name: str(ability.name), text: str(ability.text), kinds: strings(ability.kinds), attack: { dice: num(attack.dice), type: str(attack.type, "piercing") } },
  };
}

/** The numbers of a kind ticked on (the premade species' own) or off (none). */
function withKind(d: RecipeSpecies, kind: string, on: boolean): RecipeSpecies {
  const R = SPECIES_RECIPE;
  switch (kind) {
    case "unarmedAttack": return { ...d, ability: { ...d.ability, attack: { ...d.ability.attack, dice: on ? R.attackDice.max : 0 } } };
    case "unarmedDamage": return { ...d, unarmedDamageType: on ? "slashing" : "" };
    case "runBonus": return { ...d, runBonus: on ? R.runBonus : 0 };
    case "conditionReroll": return { ...d, conditionRerolls: on ? [d.conditionRerolls[0] ?? "poisoned"] : [] };
    case "restHealing": return { ...d, restHealing: on ? R.restHealing : 1 };
    case "extraFocus": return { ...d, extraFoci: on ? R.extraFoci : 0 };
    case "customizationPoints": return { ...d, extraCustomizationPoints: on ? R.customizationPoints.max : 0 };
    case "luck": return { ...d, luckKeepBest: on };
    case "armorTraining": return { ...d, lighterArmorForMovement: on, dodgePenaltyReduction: on ? R.dodgePenaltyReduction : 0 };
    // Granted foci and spells are links, edited in the sheet's Grants; unticking removes them.
    case "grantedFocus": return on ? d : { ...d, grants: d.grants.filter((g) => g.kind !== "focus") };
    case "grantedSpell": return on ? d : { ...d, grants: d.grants.filter((g) => g.kind === "focus") };
    default: return d;
  }
}

/** The dialog's form (flattened names) read into the draft. */
export function readRecipeForm(draft: RecipeSpecies, form: Loose): RecipeSpecies {
  let d: RecipeSpecies = { ...draft, ability: { ...draft.ability, attack: { ...draft.ability.attack } } };
  if (typeof form.size === "string") d.size = form.size;
  if (typeof form.resistanceBonus === "string") d.resistanceBonus = form.resistanceBonus;
  if ("skills" in form) d.bonusSkills = strings(form.skills);
  if (typeof form["ability.name"] === "string") d.ability.name = form["ability.name"];
  if (typeof form["ability.text"] === "string") d.ability.text = form["ability.text"];
  // A species by the recipe lists its skills and names its resistance (rulings 172-173).
  d.anyBonusSkills = false;
  // The data model's joint rules: a size among the size choices, excluded types only with "any".
  if (d.sizeChoices.length && !d.sizeChoices.includes(d.size)) d.sizeChoices = [];
  if (d.resistanceBonus !== "any") d.resistanceExcluded = [];
  const n = (name: string): number | null => (name in form && form[name] !== "" && Number.isFinite(Number(form[name])) ? Math.trunc(Number(form[name])) : null);
  const dice = n("attack.dice");
  // Numbers shown for the kinds named before this change; a kind just ticked or unticked sets its own below.
  const named = (kind: string) => draft.ability.kinds.includes(kind);
  if (dice !== null && named("unarmedAttack")) d.ability.attack = { ...d.ability.attack, dice };
  if (typeof form["attack.type"] === "string" && named("unarmedAttack")) d.ability.attack = { ...d.ability.attack, type: form["attack.type"] };
  if (typeof form.unarmedDamageType === "string" && named("unarmedDamage")) d.unarmedDamageType = form.unarmedDamageType;
  if (typeof form.conditionReroll === "string" && named("conditionReroll")) d.conditionRerolls = [form.conditionReroll];
  const numbers: [string, keyof RecipeSpecies, string][] = [
    ["runBonus", "runBonus", "runBonus"], ["restHealing", "restHealing", "restHealing"], ["extraFoci", "extraFoci", "extraFocus"],
    ["extraCustomizationPoints", "extraCustomizationPoints", "customizationPoints"], ["dodgePenaltyReduction", "dodgePenaltyReduction", "armorTraining"],
  ];
  for (const [name, key, kind] of numbers) {
    const value = n(name);
    if (value !== null && named(kind)) (d as unknown as Loose)[key] = value;
  }
  if ("lighterArmorForMovement" in form && named("armorTraining")) d.lighterArmorForMovement = form.lighterArmorForMovement === true;
  if ("kinds" in form) {
    const wanted = strings(form.kinds);
    for (const kind of d.ability.kinds) if (!wanted.includes(kind)) d = withKind(d, kind, false);
    for (const kind of wanted) if (!d.ability.kinds.includes(kind)) d = withKind(d, kind, true);
    d.ability = { ...d.ability, kinds: wanted };
  }
  return d;
}

/**
 * The dialog's flattened form (all of it, or the one control that changed): checkboxes are
 * named `skill.<key>` and `kind.<key>` (one boolean each); the lists keep the draft's order,
 * new ticks last.
 */
export function recipeFormObject(flat: Loose, draft: RecipeSpecies): Loose {
  // Only the boxes the form sends change (the window sends the one that changed).
  const ticked = (prefix: string, before: readonly string[]): string[] | undefined => {
    const keys = Object.keys(flat).filter((k) => k.startsWith(prefix));
    if (keys.length === 0) return undefined;
    const on = keys.filter((k) => flat[k] === true).map((k) => k.slice(prefix.length));
    const off = keys.filter((k) => flat[k] !== true).map((k) => k.slice(prefix.length));
    return [...before.filter((k) => !off.includes(k)), ...on.filter((k) => !before.includes(k))];
  };
  const out: Loose = { ...flat };
  const skills = ticked("skill.", draft.bonusSkills);
  const kinds = ticked("kind.", draft.ability.kinds);
  if (skills) out.skills = skills;
  if (kinds) out.kinds = kinds;
  return out;
}

/** What Save writes: the recipe's fields, marked custom (approval is the GM's, written apart). */
export function recipeUpdate(d: RecipeSpecies): Loose {
  return {
    custom: true, size: d.size, sizeChoices: [...d.sizeChoices], resistanceBonus: d.resistanceBonus, resistanceExcluded: [...d.resistanceExcluded],
    bonusSkills: [...new Set(d.bonusSkills)].slice(0, 3), anyBonusSkills: false,
    grants: d.grants.map((g) => ({ kind: g.kind, choose: g.choose, options: [...g.options] })),
    extraFoci: d.extraFoci, extraCustomizationPoints: d.extraCustomizationPoints, runBonus: d.runBonus,
    lighterArmorForMovement: d.lighterArmorForMovement, dodgePenaltyReduction: d.dodgePenaltyReduction,
    unarmedDamageType: d.unarmedDamageType, conditionRerolls: [...d.conditionRerolls], restHealing: d.restHealing, luckKeepBest: d.luckKeepBest,
    ability: { name: d.ability.name.trim(), text: d.ability.text.trim(), kinds: [...d.ability.kinds], attack: { ...d.ability.attack } },
  };
}

/** Labels of the values a problem's data names, so the message reads in words. */
function problemText(p: RecipeProblem, kinds: readonly RecipeKind[], choices: SheetChoices, t: Translate): string {
  const data: Loose = { ...p.data };
  const word = (key: string, label: (v: string) => string) => {
    if (typeof data[key] === "string" && data[key]) data[key] = t(label(data[key] as string));
  };
  word("size", choices.label.size);
  word("type", choices.label.damageType);
  word("skill", choices.label.skill);
  word("condition", choices.label.condition);
  if (typeof data.kind === "string") {
    const kind = kinds.find((k) => k.key === data.kind);
    if (kind) data.kind = t(kind.label);
  }
  return t(p.key, data);
}

interface Option { value: string; label: string; selected: boolean }
const options = (values: readonly string[], selected: string, label: (v: string) => string): Option[] =>
  values.map((value) => ({ value, label: label(value), selected: value === selected }));

export interface RecipeViewer {
  isGM: boolean;
  editable: boolean;
}

/** Everything the dialog's template shows. */
export function buildRecipeContext(name: string, d: RecipeSpecies, approved: boolean, kinds: readonly RecipeKind[], choices: SheetChoices, t: Translate, viewer: RecipeViewer) {
  const lists: RecipeLists = { skills: choices.skills, damageTypes: choices.damageTypes, conditions: choices.conditions, abilityKinds: kinds.map((k) => k.key) };
  const problems = checkSpeciesRecipe(d, lists);
  const of = (part: RecipeProblem["part"]) => problems.filter((p) => p.part === part).map((p) => problemText(p, kinds, choices, t));
  const has = (kind: string) => d.ability.kinds.includes(kind);
  const physical: readonly string[] = SPECIES_RECIPE.unarmedTypes;
  // Kinds the data names that this world does not know (a setting module switched off) stay listed.
  const unknown = d.ability.kinds.filter((k) => !kinds.some((x) => x.key === k)).map((key) => ({ key, label: t("CLOCKWORK.SpeciesAbilityKind.Unknown", { kind: key }), mechanical: false, unknown: true }));
  const textLength = abilityPlainText(d.ability.text).length;
  return {
    name,
    editable: viewer.editable,
    isGM: viewer.isGM,
    approved,
    approvalText: t(approved ? "CLOCKWORK.Recipe.Approval.Approved" : "CLOCKWORK.Recipe.Approval.Pending"),
    size: { options: options(choices.sizes, d.size, (v) => t(choices.label.size(v))), problems: of("size") },
    resistance: { options: options(choices.damageTypes, d.resistanceBonus, (v) => t(choices.label.damageType(v))), problems: of("resistance"), unset: d.resistanceBonus === "any" },
    skills: {
      options: choices.skills.map((key) => ({ key, label: t(choices.label.skill(key)), checked: d.bonusSkills.includes(key) })),
      problems: of("skills"), count: new Set(d.bonusSkills).size, needed: SPECIES_RECIPE.bonusSkills,
    },
    ability: {
      name: d.ability.name, text: d.ability.text, textLength, textMax: SPECIES_RECIPE.textMax, nameMax: SPECIES_RECIPE.nameMax,
      textOver: textLength > SPECIES_RECIPE.textMax,
      kinds: [...kinds.map((k) => ({ ...k, label: t(k.label), hint: k.hint ? t(k.hint) : "", unknown: false })), ...unknown].map((k) => ({ ...k, checked: has(k.key) })),
      weight: abilityWeight(d), budget: SPECIES_RECIPE.budget, overBudget: abilityWeight(d) > SPECIES_RECIPE.budget,
      attack: has("unarmedAttack") ? { dice: d.ability.attack.dice, max: SPECIES_RECIPE.attackDice.max, types: options(physical, d.ability.attack.type, (v) => t(choices.label.damageType(v))) } : null,
      unarmed: has("unarmedDamage") ? { types: options(physical.filter((v) => v !== "blunt"), d.unarmedDamageType, (v) => t(choices.label.damageType(v))) } : null,
      runBonus: has("runBonus") ? { value: d.runBonus } : null,
      restHealing: has("restHealing") ? { value: d.restHealing } : null,
      extraFoci: has("extraFocus") ? { value: d.extraFoci } : null,
      points: has("customizationPoints") ? { value: d.extraCustomizationPoints, max: SPECIES_RECIPE.customizationPoints.max } : null,
      condition: has("conditionReroll") ? { options: options(choices.conditions, d.conditionRerolls[0] ?? "", (v) => t(choices.label.condition(v))) } : null,
      armor: has("armorTraining") ? { lighter: d.lighterArmorForMovement, dodge: d.dodgePenaltyReduction } : null,
      grants: has("grantedFocus") || has("grantedSpell"),
      problems: of("ability"),
    },
    fits: problems.length === 0,
    problemCount: problems.length,
  };
}

export type RecipeContext = ReturnType<typeof buildRecipeContext>;
