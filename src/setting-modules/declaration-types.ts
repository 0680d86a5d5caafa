/**
 * What a setting module declares it adds to ClockWork's lists (docs/settings.md): the shape of
 * `flags.clockwork` in its module.json, or of the JSON file `flags.clockwork.declaration` names
 * (a path inside the module). Pure types: the validator (declaration.ts) and the setting:check
 * script read the same shape.
 *
 * Every list is keyed by the new entry's key. A key must be new (clashing with the system's or
 * another module's entry is an error) and match /^[a-z][a-zA-Z0-9]*$/. A label is either a
 * localization key the module's own language files provide, or a text per language
 * (`{ "en": "Frost", "de": "Frost" }`, English required).
 */

export type DeclaredLabel = string | Record<string, string>;

export interface DeclaredEntry {
  label: DeclaredLabel;
  /** A short rules or flavour text, shown as a tooltip where the list is shown. */
  hint?: DeclaredLabel;
}

export interface SettingDeclaration {
  /** The declaration's format version; this is 1. */
  version: 1;
  /** Extra focus suggestions per skill (skill key → focus key → entry). */
  foci?: Record<string, Record<string, DeclaredEntry>>;
  weaponGroups?: Record<string, DeclaredEntry & { kind: "melee" | "ranged" | "other" }>;
  weaponProperties?: Record<string, DeclaredEntry>;
  /** Damage and resistance types (a resistance of each type is tracked like the book's). */
  damageTypes?: Record<string, DeclaredEntry & { abbreviation: string }>;
  /** Conditions: their rules text, and the existing condition whose mechanics they reuse ("" for narrative only). */
  conditions?: Record<string, DeclaredEntry & { description: DeclaredLabel; rulesAs?: string }>;
  /** The setting's name for money: the system keeps one currency amount, this renames it (last active module wins, reported). */
  currency?: DeclaredEntry & { abbreviation: DeclaredLabel };
  /** Kinds of species special abilities (for custom species and the builder). */
  speciesAbilityKinds?: Record<string, DeclaredEntry>;
}
