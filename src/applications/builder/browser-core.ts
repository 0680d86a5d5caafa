/**
 * The compendium browser's pure core: which index fields to ask every pack for, how an index
 * entry becomes a row, the filters (type, school, level, mana, counters, weapon group, hands,
 * damage type, armor weight, price, name search) and the view of one filtered page. The
 * browser window and the builder's spell and shopping steps share it.
 */
import type { CatalogEntry } from "./draft";

/** System fields every browsed pack's index is asked for (`pack.getIndex({ fields })`). */
export const INDEX_FIELDS: readonly string[] = [
  "system.identifier", "system.level", "system.skill", "system.school", "system.mana", "system.counters", "system.pair",
  "system.group", "system.hands", "system.category", "system.damage.types", "system.weight", "system.price",
  "system.quantity", "system.resistances", "system.prerequisites", "system.repeatable", "system.allowedAtCreation",
  "system.weaponGroup", "system.size", "system.sizeChoices", "system.resistanceBonus", "system.resistanceExcluded",
  "system.bonusSkills", "system.anyBonusSkills", "system.grants", "system.extraFoci", "system.extraCustomizationPoints",
  "system.runBonus", "system.lighterArmorForMovement", "system.dodgePenaltyReduction", "system.slot",
  // The rules text the builder shows where a species, focus, feature or spell is chosen.
  "system.description",
];

export interface BrowserEntry extends CatalogEntry {
  pack: string;
  packLabel: string;
}

export interface BrowserFilters {
  search: string;
  type: string;
  school: string;
  level: string;
  /** Highest mana cost shown; "" for any. */
  mana: string;
  /** Highest counter cost shown; "" for any. */
  counters: string;
  group: string;
  hands: string;
  damageType: string;
  weight: string;
  /** Highest price shown; "" for any. */
  price: string;
}

export const EMPTY_FILTERS: Readonly<BrowserFilters> = {
  search: "", type: "", school: "", level: "", mana: "", counters: "", group: "", hands: "", damageType: "", weight: "", price: "",
};

/** A plain index entry (as Foundry's index returns it) turned into a browser row. */
export function browserEntry(index: { _id?: string; uuid?: string; name?: string; type?: string; img?: string; system?: unknown }, pack: { id: string; label: string }): BrowserEntry {
  const uuid = index.uuid ?? `Compendium.${pack.id}.Item.${index._id ?? ""}`;
  return {
    uuid, name: String(index.name ?? ""), type: String(index.type ?? ""), img: index.img,
    system: (index.system && typeof index.system === "object" ? index.system : {}) as Record<string, unknown>,
    pack: pack.id, packLabel: pack.label,
  };
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const str = (value: unknown): string => (typeof value === "string" ? value : "");
function damageTypes(system: Record<string, unknown>): string[] {
  const damage = system.damage as { types?: unknown } | undefined;
  return Array.isArray(damage?.types) ? damage.types.filter((t): t is string => typeof t === "string") : [];
}

/** Normalized search text: case and accents ignored. */
export function searchKey(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
}

function atMost(limit: string, value: number | null): boolean {
  if (limit === "") return true;
  const max = Number(limit);
  return value !== null && Number.isFinite(max) && value <= max;
}

/** The entries that pass every filter, sorted by name. */
export function filterEntries<T extends CatalogEntry>(entries: readonly T[], filters: Partial<BrowserFilters>): T[] {
  const f = { ...EMPTY_FILTERS, ...filters };
  const words = searchKey(f.search).split(/\s+/).filter(Boolean);
  return entries.filter((e) => {
    const s = e.system;
    if (f.type && e.type !== f.type) return false;
    if (f.school && str(s.school) !== f.school) return false;
    if (f.level && String(num(s.level)) !== f.level) return false;
    if (!atMost(f.mana, num(s.mana))) return false;
    if (!atMost(f.counters, num(s.counters))) return false;
    if (f.group && str(s.group) !== f.group) return false;
    if (f.hands && str(s.hands) !== f.hands) return false;
    if (f.damageType && !damageTypes(s).includes(f.damageType)) return false;
    if (f.weight && str(s.weight) !== f.weight) return false;
    if (!atMost(f.price, num(s.price))) return false;
    if (words.length) {
      const name = searchKey(e.name);
      if (!words.every((w) => name.includes(w))) return false;
    }
    return true;
  }).sort((a, b) => a.name.localeCompare(b.name));
}

/** The distinct values one filter can take among the entries (so selects only offer what exists). */
export function filterValues(entries: readonly CatalogEntry[], filter: keyof BrowserFilters): string[] {
  const values = new Set<string>();
  for (const e of entries) {
    const s = e.system;
    switch (filter) {
      case "type": values.add(e.type); break;
      case "school": if (str(s.school)) values.add(str(s.school)); break;
      case "level": if (num(s.level) !== null && e.type !== "equipment") values.add(String(s.level)); break;
      case "mana": if (num(s.mana) !== null) values.add(String(s.mana)); break;
      case "counters": if (num(s.counters) !== null) values.add(String(s.counters)); break;
      case "group": if (str(s.group)) values.add(str(s.group)); break;
      case "hands": if (str(s.hands)) values.add(str(s.hands)); break;
      case "damageType": for (const t of damageTypes(s)) values.add(t); break;
      case "weight": if (str(s.weight)) values.add(str(s.weight)); break;
      case "price": if (num(s.price) !== null) values.add(String(s.price)); break;
      default: break;
    }
  }
  const list = [...values];
  const numeric = list.every((v) => v !== "" && Number.isFinite(Number(v)));
  return numeric ? list.sort((a, b) => Number(a) - Number(b)) : list.sort();
}

/** Reads the filter fields present in a form (names `filter.<key>`); absent ones are left out. */
export function filtersFromForm(form: Record<string, unknown>, prefix = "filter."): Partial<BrowserFilters> {
  const filters: Partial<BrowserFilters> = {};
  for (const key of Object.keys(EMPTY_FILTERS) as (keyof BrowserFilters)[]) {
    const value = form[`${prefix}${key}`];
    if (value !== undefined && value !== null) filters[key] = String(value);
  }
  return filters;
}

/** The drag data of a row: what Foundry's sheets accept from a compendium. */
export function dragData(entry: Pick<CatalogEntry, "uuid" | "type">): { type: "Item"; uuid: string } {
  return { type: "Item", uuid: entry.uuid };
}
