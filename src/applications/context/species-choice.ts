/**
 * The dialog for the choices a species asks for when it is dropped on an actor: two of its
 * three bonus skills (Humans: any two), the resistance type of an "any" bonus (Humans,
 * Changelings), the size when the species offers several (Mycorreans), and its granted foci
 * and spells. Context and form parsing are pure; validating and applying the picks is the
 * actor's job (`resolveSpeciesPicks`, `ClockworkActor#applySpecies`).
 */
import { SPECIES_BONUS_SKILL_PICKS, type SpeciesPicks } from "../../documents/species-picks";
import { DEFAULT_CHOICES, type SheetChoices } from "./choices";
import { multiField, selectField, type FieldScope, type MultiFieldView, type SelectFieldView } from "./fields";
import { label } from "./labels";
import type { ItemLike } from "./source-types";

export interface SpeciesChoice {
  bonusSkills: string[];
  resistance: string;
  size: string;
  /** Chosen option UUIDs per grant, in the species' grant order. */
  grants: string[][];
}

/** A grant option's name as the shell found it: from the compendium index, and whether the document itself loads. */
export type OptionName = string | { name: string; img?: string | null; resolved: boolean };

export interface GrantView extends MultiFieldView {
  choose: number;
  kind: string;
  /** "Spells: pick 1" / "Foci: pick 1" (a label key that takes `count`). */
  titleLabel: string;
  /** Options whose document did not load: still named, marked, and listed in a warning. */
  unresolved: string[];
}

export interface SpeciesChoiceContext {
  speciesName: string;
  skills: MultiFieldView;
  picks: number;
  resistance: SelectFieldView | null;
  size: SelectFieldView | null;
  grants: GrantView[];
  /** Already localized sentences (from `describePickProblem`). */
  problems: string[];
  /** Names of options that did not resolve, for one warning above the grants. */
  unresolved: string[];
}

/** Shown for a UUID neither the index nor the world knows: the last part of the UUID, never the whole id. */
function fallbackName(uuid: string): string {
  return uuid.split(".").at(-1) ?? uuid;
}

const dialog = (key: string) => label.dialog(`Species.${key}`);

/** The skills a player may pick: the species' list, or every skill when it allows any. */
export function bonusSkillOptions(species: ItemLike, choices: SheetChoices = DEFAULT_CHOICES): readonly string[] {
  return species.system.anyBonusSkills ? choices.skills : (species.system.bonusSkills ?? []);
}

/** Damage types an "any" resistance bonus may take; empty when the species fixes the type. */
export function resistanceOptions(species: ItemLike, choices: SheetChoices = DEFAULT_CHOICES): readonly string[] {
  if (species.system.resistanceBonus !== "any") return [];
  const excluded = new Set(species.system.resistanceExcluded ?? []);
  return choices.damageTypes.filter((t) => !excluded.has(t));
}

/** A first suggestion: the first two listed skills, the first allowed type and size, the first options. */
export function defaultSpeciesChoice(species: ItemLike, choices: SheetChoices = DEFAULT_CHOICES): SpeciesChoice {
  const sizes = species.system.sizeChoices ?? [];
  return {
    bonusSkills: species.system.anyBonusSkills ? [] : bonusSkillOptions(species, choices).slice(0, SPECIES_BONUS_SKILL_PICKS),
    resistance: "",
    size: sizes.includes(species.system.size ?? "") ? (species.system.size ?? "") : (sizes[0] ?? ""),
    grants: (species.system.grants ?? []).map(() => []),
  };
}

export function buildSpeciesChoiceContext(
  species: ItemLike, current: SpeciesChoice, optionNames: Readonly<Record<string, OptionName | undefined>>,
  problems: readonly string[] = [], c: SheetChoices = DEFAULT_CHOICES,
): SpeciesChoiceContext {
  const scope: FieldScope = { idPrefix: "cw-species-choice", disabled: false };
  const types = resistanceOptions(species, c);
  const grants = grantViews(species, current, optionNames, scope);
  const sizes = species.system.sizeChoices ?? [];
  return {
    speciesName: species.name,
    picks: SPECIES_BONUS_SKILL_PICKS,
    skills: multiField(scope, "bonusSkills", dialog("BonusSkills"), current.bonusSkills, bonusSkillOptions(species, c), c.label.skill),
    resistance: types.length > 0
      ? selectField(scope, "resistance", dialog("Resistance"), current.resistance, types, c.label.damageType, dialog("ChooseOne"))
      : null,
    size: sizes.length > 0 ? selectField(scope, "size", dialog("Size"), current.size, sizes, c.label.size) : null,
    grants,
    problems: [...problems],
    unresolved: grants.flatMap((g) => g.unresolved),
  };
}

function grantViews(
  species: ItemLike, current: SpeciesChoice, optionNames: Readonly<Record<string, OptionName | undefined>>, scope: FieldScope,
): GrantView[] {
  return (species.system.grants ?? []).map((grant, index) => {
    const kind = grant.kind === "spell" ? "spell" : "focus";
    const field = multiField(scope, `grants.${index}`, dialog(`GrantTitle.${kind}`), current.grants[index], grant.options ?? [], () => "");
    const unresolved: string[] = [];
    for (const option of field.options) {
      const found = optionNames[option.value];
      // A plain string equal to the UUID is what a lookup that found nothing hands back.
      const known = typeof found === "string" ? (found === option.value ? undefined : { name: found, resolved: true }) : found;
      const name = known?.name ?? fallbackName(option.value);
      const resolved = known?.resolved === true;
      delete option.label;
      option.text = name;
      if (!resolved) unresolved.push(name);
      Object.assign(option, { unresolved: !resolved });
      // UUIDs contain dots; the box name keeps them apart from the grant index with a separator the parser splits on.
      option.boxName = `grants.${index}|${option.value}`;
    }
    return { ...field, choose: grant.choose ?? 1, kind, titleLabel: dialog(`GrantTitle.${kind}`), unresolved };
  });
}

/** Reads the dialog's flat form data (`bonusSkills.will: true`, `grants.0|<uuid>: true`, …). */
export function parseSpeciesForm(species: ItemLike, form: Readonly<Record<string, unknown>>): SpeciesChoice {
  const grants: string[][] = (species.system.grants ?? []).map(() => []);
  const bonusSkills: string[] = [];
  for (const [name, value] of Object.entries(form)) {
    if (value !== true) continue;
    if (name.startsWith("bonusSkills.")) bonusSkills.push(name.slice("bonusSkills.".length));
    const grant = /^grants\.(\d+)\|(.+)$/.exec(name);
    if (grant && grants[Number(grant[1])]) grants[Number(grant[1])].push(grant[2]);
  }
  return {
    bonusSkills,
    resistance: typeof form.resistance === "string" ? form.resistance : "",
    size: typeof form.size === "string" ? form.size : "",
    grants,
  };
}

/** The actor's pick format (`ClockworkActor#applySpecies`). */
export function toSpeciesPicks(choice: SpeciesChoice): SpeciesPicks {
  return {
    bonusSkills: [...choice.bonusSkills],
    resistanceType: choice.resistance,
    sizeChoice: choice.size,
    grants: choice.grants.flat(),
  };
}
