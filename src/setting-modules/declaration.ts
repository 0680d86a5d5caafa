/**
 * The validator of a setting module's declaration (declaration-types.ts, docs/settings.md).
 * Pure: no Foundry globals, so `npm run setting:check` (a node script) runs the same checks the
 * system runs at `init`. Every bad entry is reported with its JSON path inside the declaration
 * and skipped; the valid entries are kept.
 */
import type { DeclaredEntry, DeclaredLabel, SettingDeclaration } from "./declaration-types";

/** One problem: where in the declaration, and a localization key with its data. */
export interface DeclarationProblem {
  path: (string | number)[];
  /** `CLOCKWORK.SettingModules.Problem.*` */
  key: string;
  data: Record<string, string | number>;
  /** Informational: the entry was kept (a currency renamed again). Everything else skipped something. */
  warning?: true;
}

/** The lists as they stand before this module's entries are added (the system's and earlier modules'). */
export interface ExistingLists {
  skills: readonly string[];
  /** Existing focus suggestions per skill. */
  foci: Readonly<Record<string, readonly string[]>>;
  weaponGroups: readonly string[];
  weaponProperties: readonly string[];
  damageTypes: readonly string[];
  /** Abbreviations already used by damage types. */
  damageAbbreviations: readonly string[];
  conditions: readonly string[];
  /** Conditions whose mechanics a declared condition may reuse (`rulesAs`); default: `conditions`. */
  rulesConditions?: readonly string[];
  speciesAbilityKinds: readonly string[];
  /** The module that renamed the currency before this one, if any. */
  currencyFrom?: string;
}

export interface DeclarationContext {
  moduleId: string;
  existing: ExistingLists;
}

export interface DeclarationResult {
  declaration: SettingDeclaration;
  problems: DeclarationProblem[];
}

export const DECLARATION_VERSION = 1;
export const DECLARATION_KEY = /^[a-z][a-zA-Z0-9]*$/;
const ABBREVIATION = /^[A-Z][A-Za-z]{0,2}$/;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const WEAPON_GROUP_KINDS = ["melee", "ranged", "other"] as const;

/** The lists a declaration may name (`foci` … `speciesAbilityKinds`), with `version`. */
export const DECLARATION_FIELDS = [
  "version", "foci", "weaponGroups", "weaponProperties", "damageTypes", "conditions", "currency", "speciesAbilityKinds",
] as const;

const P = "CLOCKWORK.SettingModules.Problem";
type Path = (string | number)[];
type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);

/** A short name of what was found, for messages ("array", "null", "number"). */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

class Checker {
  readonly problems: DeclarationProblem[] = [];

  report(path: Path, key: string, data: Record<string, string | number> = {}, warning = false): false {
    this.problems.push({ path, key: `${P}.${key}`, data, ...(warning ? { warning: true as const } : {}) });
    return false;
  }

  object(value: unknown, path: Path): value is Plain {
    return isPlain(value) || this.report(path, "NotAnObject", { found: kindOf(value) });
  }

  /** A label: a non-empty localization key, or texts per language with an English one. */
  label(value: unknown, path: Path, missingKey = "LabelMissing"): value is DeclaredLabel {
    if (value === undefined || value === "") return this.report(path, missingKey);
    if (typeof value === "string") return value.trim() !== "" || this.report(path, "LabelInvalid");
    if (!isPlain(value)) return this.report(path, "LabelInvalid");
    let ok = true;
    for (const [lang, text] of Object.entries(value)) {
      if (!LANGUAGE.test(lang)) ok = this.report([...path, lang], "LabelLanguage", { lang });
      else if (typeof text !== "string" || text.trim() === "") ok = this.report([...path, lang], "LabelInvalid");
    }
    if (typeof value.en !== "string") ok = this.report(path, "LabelEnglish");
    return ok;
  }

  /** The fields an entry may have; any other is reported. */
  fields(entry: Plain, allowed: readonly string[], path: Path): boolean {
    let ok = true;
    for (const field of Object.keys(entry)) {
      if (!allowed.includes(field)) ok = this.report([...path, field], "UnknownField", { field, fields: allowed.join(", ") });
    }
    return ok;
  }

  /** A new key: well-formed and not already in the list. */
  key(key: string, taken: readonly string[], list: string, path: Path): boolean {
    if (!DECLARATION_KEY.test(key)) return this.report(path, "BadKey", { entry: key });
    if (taken.includes(key)) return this.report(path, "Clash", { entry: key, list });
    return true;
  }

  /** label and optional hint, the fields every entry shares. */
  entry(entry: Plain, path: Path): boolean {
    const label = this.label(entry.label, [...path, "label"]);
    const hint = entry.hint === undefined || this.label(entry.hint, [...path, "hint"], "LabelInvalid");
    return label && hint;
  }
}

const picked = (entry: Plain, extra: Record<string, unknown> = {}): DeclaredEntry => ({
  label: entry.label as DeclaredLabel,
  ...(entry.hint === undefined ? {} : { hint: entry.hint as DeclaredLabel }),
  ...extra,
});

/** Each entry of a keyed list, checked by `accept` (which reports and returns null to skip it). */
function list<T>(
  check: Checker, raw: unknown, path: Path, taken: readonly string[], listName: string,
  accept: (entry: Plain, path: Path) => T | null,
): Record<string, T> | undefined {
  if (!check.object(raw, path)) return undefined;
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(raw)) {
    const at = [...path, key];
    if (!check.key(key, taken, listName, at)) continue;
    if (!check.object(value, at)) continue;
    const accepted = accept(value, at);
    if (accepted !== null) out[key] = accepted;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * Validate a declaration against the lists as they stand. Never throws: a declaration that is not
 * an object or has another version is reported and yields an empty declaration.
 */
export function validateDeclaration(raw: unknown, context: DeclarationContext): DeclarationResult {
  const check = new Checker();
  const declaration: SettingDeclaration = { version: 1 };
  const { existing } = context;
  if (!check.object(raw, [])) return { declaration, problems: check.problems };
  if (raw.version !== DECLARATION_VERSION) {
    check.report(["version"], "Version", { found: raw.version === undefined ? "—" : JSON.stringify(raw.version) ?? String(raw.version), expected: DECLARATION_VERSION });
    return { declaration, problems: check.problems };
  }
  for (const field of Object.keys(raw)) {
    if (!(DECLARATION_FIELDS as readonly string[]).includes(field)) check.report([field], "UnknownList", { field, lists: DECLARATION_FIELDS.slice(1).join(", ") });
  }
  const plainEntry = (allowed: readonly string[]) => (entry: Plain, path: Path) =>
    check.fields(entry, allowed, path) && check.entry(entry, path) ? picked(entry) : null;

  if (raw.foci !== undefined && check.object(raw.foci, ["foci"])) {
    const foci: NonNullable<SettingDeclaration["foci"]> = {};
    for (const [skill, perSkill] of Object.entries(raw.foci)) {
      if (!existing.skills.includes(skill)) {
        check.report(["foci", skill], "UnknownSkill", { skill, skills: existing.skills.join(", ") });
        continue;
      }
      const accepted = list(check, perSkill, ["foci", skill], existing.foci[skill] ?? [], "foci", plainEntry(["label", "hint"]));
      if (accepted) foci[skill] = accepted;
    }
    if (Object.keys(foci).length) declaration.foci = foci;
  }

  if (raw.weaponGroups !== undefined) {
    const groups = list(check, raw.weaponGroups, ["weaponGroups"], existing.weaponGroups, "weaponGroups", (entry, path) => {
      if (!check.fields(entry, ["label", "hint", "kind"], path)) return null;
      const kindOk = (WEAPON_GROUP_KINDS as readonly unknown[]).includes(entry.kind)
        || check.report([...path, "kind"], "BadKind", { found: String(entry.kind ?? "—"), kinds: WEAPON_GROUP_KINDS.join(", ") });
      if (!check.entry(entry, path) || !kindOk) return null;
      return { ...picked(entry), kind: entry.kind as (typeof WEAPON_GROUP_KINDS)[number] };
    });
    if (groups) declaration.weaponGroups = groups;
  }

  if (raw.weaponProperties !== undefined) {
    const properties = list(check, raw.weaponProperties, ["weaponProperties"], existing.weaponProperties, "weaponProperties", plainEntry(["label", "hint"]));
    if (properties) declaration.weaponProperties = properties;
  }

  if (raw.damageTypes !== undefined) {
    const abbreviations = new Set(existing.damageAbbreviations);
    const types = list(check, raw.damageTypes, ["damageTypes"], existing.damageTypes, "damageTypes", (entry, path) => {
      if (!check.fields(entry, ["label", "hint", "abbreviation"], path)) return null;
      const abbreviation = entry.abbreviation;
      const abbreviationOk = (typeof abbreviation === "string" && ABBREVIATION.test(abbreviation) && !abbreviations.has(abbreviation))
        || check.report([...path, "abbreviation"], "BadAbbreviation", { found: typeof abbreviation === "string" ? abbreviation : kindOf(abbreviation) });
      if (!check.entry(entry, path) || !abbreviationOk) return null;
      abbreviations.add(abbreviation as string);
      return { ...picked(entry), abbreviation: abbreviation as string };
    });
    if (types) declaration.damageTypes = types;
  }

  if (raw.conditions !== undefined) {
    const reusable = existing.rulesConditions ?? existing.conditions;
    const conditions = list(check, raw.conditions, ["conditions"], existing.conditions, "conditions", (entry, path) => {
      if (!check.fields(entry, ["label", "hint", "description", "rulesAs"], path)) return null;
      const base = check.entry(entry, path);
      const description = check.label(entry.description, [...path, "description"], "DescriptionMissing");
      const rulesAs = entry.rulesAs;
      const rulesOk = rulesAs === undefined || rulesAs === "" || (typeof rulesAs === "string" && reusable.includes(rulesAs))
        || check.report([...path, "rulesAs"], "UnknownRulesAs", { found: typeof rulesAs === "string" ? rulesAs : kindOf(rulesAs), conditions: reusable.join(", ") });
      if (!base || !description || !rulesOk) return null;
      return { ...picked(entry), description: entry.description as DeclaredLabel, ...(rulesAs === undefined ? {} : { rulesAs: rulesAs as string }) };
    });
    if (conditions) declaration.conditions = conditions;
  }

  if (raw.currency !== undefined && check.object(raw.currency, ["currency"])) {
    const entry = raw.currency;
    const fieldsOk = check.fields(entry, ["label", "hint", "abbreviation"], ["currency"]);
    const base = check.entry(entry, ["currency"]);
    const abbreviation = check.label(entry.abbreviation, ["currency", "abbreviation"], "AbbreviationMissing");
    if (fieldsOk && base && abbreviation) {
      declaration.currency = { ...picked(entry), abbreviation: entry.abbreviation as DeclaredLabel };
      // Not an error: the last active module's name wins, and the GM is told which one it replaced.
      if (existing.currencyFrom) check.report(["currency"], "CurrencyReplaced", { other: existing.currencyFrom }, true);
    }
  }

  if (raw.speciesAbilityKinds !== undefined) {
    const kinds = list(check, raw.speciesAbilityKinds, ["speciesAbilityKinds"], existing.speciesAbilityKinds, "speciesAbilityKinds", plainEntry(["label", "hint"]));
    if (kinds) declaration.speciesAbilityKinds = kinds;
  }

  return { declaration, problems: check.problems };
}

/** A path as the console shows it: `weaponGroups.frostLance.kind`, `[]` for the whole declaration. */
export function formatPath(path: readonly (string | number)[]): string {
  return path.length ? path.map(String).join(".") : "(declaration)";
}
