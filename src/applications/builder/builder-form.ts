/**
 * Reads the builder's form into changes: only the fields whose value differs from the draft
 * become changes, so one edited select yields one change (and one possible refusal). Filters
 * of the spell list and the shop are window state, returned beside the changes. Pure.
 */
import { SKILL_KEYS, type DamageType } from "../../rules";
import { configKeys } from "../../config";
import { filtersFromForm, type BrowserFilters } from "./browser-core";
import type { BuilderChange, BuilderDraft, CatalogEntry } from "./draft";

export interface ParsedBuilderForm {
  changes: BuilderChange[];
  /** The filter fields the form held (merged over the window's filters), or null. */
  spellFilters: Partial<BrowserFilters> | null;
  gearFilters: Partial<BrowserFilters> | null;
}

/** `{ a: { b: 1 } }` → `{ "a.b": 1 }`; flat input is returned as it is. */
export function flattenForm(value: Record<string, unknown>, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, entry] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (entry && typeof entry === "object" && !Array.isArray(entry)) flattenForm(entry as Record<string, unknown>, path, out);
    else out[path] = entry;
  }
  return out;
}

const has = (form: Record<string, unknown>, key: string): boolean => Object.hasOwn(form, key) && form[key] !== undefined && form[key] !== null;
const text = (value: unknown): string => (value === undefined || value === null ? "" : String(value));

/** The changes a submitted form asks for, against the draft it was rendered from. */
export function parseBuilderForm(raw: Record<string, unknown>, draft: BuilderDraft, gearEntry: (uuid: string) => CatalogEntry | undefined): ParsedBuilderForm {
  const form = flattenForm(raw);
  const b = draft.build;
  const changes: BuilderChange[] = [];
  if (has(form, "name") && text(form.name) !== b.name) changes.push({ kind: "name", value: text(form.name) });
  if (has(form, "biography") && text(form.biography) !== draft.biography) changes.push({ kind: "biography", value: text(form.biography) });
  if (has(form, "mode")) {
    const mode = text(form.mode);
    const option = mode === "free" ? null : Number(mode);
    if (option !== b.premadeOption) changes.push({ kind: "premade", option: option !== null && Number.isInteger(option) ? option : null });
  }
  for (const skill of SKILL_KEYS) {
    const rank = form[`rank.${skill}`];
    if (rank !== undefined && Number(rank) !== b.skills[skill]) changes.push({ kind: "rank", skill, rank: Number(rank) });
    const custom = form[`custom.${skill}`];
    const current = b.customizedSkills[skill] ?? b.skills[skill];
    if (custom !== undefined && Number(custom) !== current) changes.push({ kind: "customRank", skill, rank: Number(custom) });
  }
  if (has(form, "speciesResistance") && text(form.speciesResistance) !== b.speciesResistance) changes.push({ kind: "speciesResistance", value: text(form.speciesResistance) });
  if (has(form, "sizeChoice") && text(form.sizeChoice) !== b.sizeChoice) changes.push({ kind: "size", value: text(form.sizeChoice) });
  if (has(form, "personalBonus") && text(form.personalBonus) !== b.personalBonusSkill) changes.push({ kind: "personalBonus", value: text(form.personalBonus) });
  for (const type of configKeys("damageTypes") as DamageType[]) {
    const value = form[`allocation.${type}`];
    if (value !== undefined && Number(value) !== b.resistanceAllocation[type]) changes.push({ kind: "allocation", type, value: Number(value) });
  }
  b.equipment.forEach((gear, index) => {
    const value = form[`quantity.${index}`];
    const entry = gearEntry(gear.id);
    if (value !== undefined && entry && Number(value) !== gear.quantity) changes.push({ kind: "gear", entry, quantity: Math.max(1, Math.trunc(Number(value)) || 1) });
  });
  const spellKeys = Object.keys(form).some((k) => k.startsWith("spellFilter."));
  const gearKeys = Object.keys(form).some((k) => k.startsWith("gearFilter."));
  return {
    changes,
    spellFilters: spellKeys ? filtersFromForm(form, "spellFilter.") : null,
    gearFilters: gearKeys ? filtersFromForm(form, "gearFilter.") : null,
  };
}
