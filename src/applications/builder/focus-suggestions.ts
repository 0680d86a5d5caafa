/**
 * Focus names a setting module suggests per skill (issue 31, `CONFIG.CLOCKWORK.foci`) in the
 * builder's foci step. A suggestion has no document behind it: it is offered as a catalog entry
 * with an id of its own (`SUGGESTION_PREFIX`), picked like a compendium focus, and only at the
 * review becomes a new focus item of that skill, named and described by the declaration.
 * Pure: the choices (read from the configuration) and the translator are passed in.
 */
import type { SheetChoices } from "../context/choices";
import type { ItemSourceLike } from "./build-data";
import type { CatalogEntry } from "./draft";

/** `t(key)`: localize (builder-context's Translate, kept here to import nothing back). */
type Translate = (key: string, data?: Record<string, unknown>) => string;

/** Ids of suggested foci; never a Foundry UUID (those start with a document or pack name). */
export const SUGGESTION_PREFIX = "clockwork-suggestion:";

// No dot in the id: a stored draft's labels are keyed by id, and Foundry expands dotted keys in updates.
export const suggestionId = (skill: string, key: string): string => `${SUGGESTION_PREFIX}${skill}:${key}`;

export const isSuggestionId = (id: string): boolean => id.startsWith(SUGGESTION_PREFIX);

/** The skill and key of a suggestion id, or null for any other id. */
export function parseSuggestionId(id: string): { skill: string; key: string } | null {
  if (!isSuggestionId(id)) return null;
  const rest = id.slice(SUGGESTION_PREFIX.length);
  const dot = rest.indexOf(":");
  return dot > 0 && dot < rest.length - 1 ? { skill: rest.slice(0, dot), key: rest.slice(dot + 1) } : null;
}

/** `iceAxes` → `ice-axes`: the identifier style of the system's packs. */
const kebab = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/[\s_]+/g, "-").toLowerCase();

/** Names compared loosely, so "Ice axes", "ice-axes" and "iceAxes" are one focus. */
const loose = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The item a suggestion becomes; null when no active module suggests it (any more). */
export function suggestionSource(id: string, choices: SheetChoices, t: Translate): ItemSourceLike | null {
  const parsed = parseSuggestionId(id);
  if (!parsed || !choices.skills.includes(parsed.skill)) return null;
  const found = choices.focusSuggestions[parsed.skill]?.find((s) => s.key === parsed.key);
  if (!found) return null;
  const hint = found.hint ? t(found.hint) : "";
  return {
    name: t(found.label),
    type: "focus",
    system: { identifier: kebab(found.key), skill: parsed.skill, description: hint ? `<p>${escapeHtml(hint)}</p>` : "" },
  };
}

/**
 * The suggested foci as builder catalog entries, every skill's in declaration order, leaving out
 * a suggestion a pack already has as a focus of the same skill (same name or identifier).
 * `system.suggestedBy` names the module (its title) for the step's mark.
 */
export function suggestedFocusEntries(choices: SheetChoices, existing: readonly CatalogEntry[], t: Translate, moduleTitle: (id: string) => string = (id) => id): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  for (const skill of choices.skills) {
    const taken = new Set(existing.filter((e) => e.type === "focus" && e.system.skill === skill)
      .flatMap((e) => [loose(e.name), loose(String(e.system.identifier ?? ""))]).filter(Boolean));
    for (const s of choices.focusSuggestions[skill] ?? []) {
      const uuid = suggestionId(skill, s.key);
      const source = suggestionSource(uuid, choices, t)!;
      if (taken.has(loose(source.name)) || taken.has(loose(s.key))) continue;
      entries.push({ uuid, name: source.name, type: "focus", system: { ...source.system, suggestedBy: moduleTitle(s.module), hint: s.hint ? t(s.hint) : "" } });
    }
  }
  return entries;
}
