/**
 * The GM's approval of a custom species (issue 31 item 3; the book: "with the approval of your
 * game master", L272). Only a GM sets or withdraws `system.approved`, on every write path:
 * ClockworkItem calls these from `_preCreate` and `_preUpdate`, which run on the writing client
 * for the sheet, the recipe dialog, drag and drop, a macro or the console alike.
 *
 * - an update by a player that touches `approved` is refused, with a localized message;
 * - a player's change to the rules of an approved species takes the approval back (the GM
 *   approved what it was), and the player is told;
 * - a player may create a species already marked approved only as a copy of an approved one
 *   (a character taking an approved species): the copy names its origin, which must be a
 *   compendium entry (compendia are the GM's) or a loaded approved species with the same data.
 */
import { localize, notify, resolveUuidSync } from "../foundry";
import { SPECIES_ORIGIN_FLAG } from "./species-origin";

type Changes = Record<string, unknown>;

interface UserLike {
  isGM: boolean;
}

interface SpeciesLike {
  name: string;
  type: string;
  _source: { system: Changes; flags?: Changes; _stats?: Changes };
}


const isObject = (value: unknown): value is Changes => value !== null && typeof value === "object" && !Array.isArray(value);

/** Fields whose change does not alter what the GM approved (words for the table, not rules). */
const NOT_RULES = new Set(["description"]);

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same(a[k], b[k]));
  }
  return a === b;
}

const differs = (a: unknown, b: unknown): boolean => !same(a, b);

/** Whether a change (possibly partial: `{ ability: { text } }`) alters the stored value. */
function alters(value: unknown, stored: unknown): boolean {
  if (isObject(value) && isObject(stored)) return Object.entries(value).some(([k, v]) => alters(v, stored[k]));
  return differs(value, stored);
}

/** ClockworkItem#_preUpdate for a species: false refuses the write (the user was told why). */
export function guardSpeciesUpdate(item: SpeciesLike, changes: Changes, user: UserLike): boolean {
  if (item.type !== "species" || user.isGM) return true;
  const changed = changes.system;
  if (!isObject(changed)) return true;
  const stored = item._source.system;
  if ("approved" in changed && changed.approved !== stored.approved) {
    notify("error", "CLOCKWORK.Error.Species.ApprovalGM", { name: item.name });
    return false;
  }
  if (stored.approved !== true) return true;
  const rulesChanged = Object.entries(changed).some(([key, value]) => !NOT_RULES.has(key) && alters(value, stored[key]));
  if (rulesChanged) {
    changed.approved = false;
    notify("info", "CLOCKWORK.Recipe.Approval.Lapsed", { name: item.name });
  }
  return true;
}

/** Where a new species says it was copied from. */
function originOf(source: SpeciesLike["_source"]): string {
  const flags = isObject(source.flags?.clockwork) ? source.flags.clockwork : {};
  const origin = flags[SPECIES_ORIGIN_FLAG] ?? source._stats?.compendiumSource;
  return typeof origin === "string" ? origin : "";
}

/** Whether a player's new species that claims approval is a faithful copy of an approved one. */
function approvedOrigin(item: SpeciesLike): boolean {
  const origin = originOf(item._source);
  if (origin.startsWith("Compendium.")) return true;
  const original = resolveUuidSync<SpeciesLike>(origin);
  if (original?.type !== "species" || original._source.system.approved !== true) return false;
  return !differs(original._source.system, item._source.system);
}

/** ClockworkItem#_preCreate for a species: false refuses the creation (the user was told why). */
export function guardSpeciesCreate(item: SpeciesLike, user: UserLike): boolean {
  if (item.type !== "species" || user.isGM || item._source.system.approved !== true) return true;
  if (approvedOrigin(item)) return true;
  notify("error", "CLOCKWORK.Error.Species.ApprovalGM", { name: item.name });
  return false;
}

/** The approval's state in words, for sheets and the builder. */
export function approvalLabel(system: { custom?: boolean; approved?: boolean }): string {
  if (!system.custom) return "";
  return localize(system.approved ? "CLOCKWORK.Recipe.Approval.Approved" : "CLOCKWORK.Recipe.Approval.Pending");
}
