/**
 * The compendium browser's context: the filter controls (only values present in the packs),
 * and one row per matching entry with a short line of its numbers. Pure. A pack label is
 * localized here: system.json gives lang keys, and core's `pack.title` returns them as they are.
 */
import type { SheetChoices } from "../context/choices";
import { filterEntries, type BrowserEntry, type BrowserFilters } from "./browser-core";
import { filterView, type Translate } from "./builder-context";

/** Rows rendered at once; the filters narrow the rest. */
export const BROWSER_LIMIT = 150;

const B = "CLOCKWORK.Builder";
const N = "CLOCKWORK.Notation";
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** A short line of the numbers that matter for an entry's type, each with its unit in words (issue 20). */
export function entryDetails(entry: BrowserEntry, choices: SheetChoices, t: Translate): string {
  const s = entry.system;
  const parts: string[] = [];
  const level = typeof s.level === "number" ? t(`${B}.Custom.Level`, { level: s.level }) : "";
  switch (entry.type) {
    case "spell":
      parts.push(level, t(choices.label.school(str(s.school))));
      if (typeof s.mana === "number") parts.push(t(`${N}.Mana`, { count: s.mana }));
      if (typeof s.counters === "number") parts.push(s.counters === 1 ? t(`${N}.Counter`) : t(`${N}.Counters`, { count: s.counters }));
      break;
    case "feature": parts.push(level); break;
    case "focus": parts.push(t(choices.label.skill(str(s.skill)))); break;
    case "species": parts.push(t(choices.label.size(str(s.size)))); break;
    case "weapon": {
      const damage = s.damage as { dice?: number; types?: string[] } | undefined;
      parts.push(t(choices.label.weaponGroup(str(s.group))), t(choices.label.hands(str(s.hands))));
      // The damage types by name, never the book's letters; with the dice when the weapon rolls any.
      const types = (damage?.types ?? []).map((type) => t(choices.label.damageType(type))).join(t(`${N}.Or`));
      if (types && typeof damage?.dice === "number" && damage.dice > 0) parts.push(t(`${N}.DamageDice`, { dice: damage.dice, types }));
      else if (types) parts.push(types);
      break;
    }
    case "armor": case "shield": parts.push(t(choices.label.weight(str(s.weight)))); break;
    default: if (level && entry.type === "equipment") parts.push(level);
  }
  if (typeof s.price === "number" && s.price > 0) parts.push(t(`${N}.Price`, { price: s.price }));
  return parts.filter(Boolean).join(" · ");
}

export function buildBrowserContext(entries: readonly BrowserEntry[], filters: Partial<BrowserFilters>, choices: SheetChoices, t: Translate) {
  const shown = filterEntries(entries, filters);
  const controls = filterView(entries, filters, ["type", "school", "level", "mana", "counters", "group", "hands", "damageType", "weight", "price"], choices, t);
  return {
    filters: controls,
    count: { shown: Math.min(shown.length, BROWSER_LIMIT), total: shown.length },
    rows: shown.slice(0, BROWSER_LIMIT).map((e) => ({
      uuid: e.uuid, name: e.name, img: e.img ?? "icons/svg/item-bag.svg", type: t(`TYPES.Item.${e.type}`), pack: t(e.packLabel),
      details: entryDetails(e, choices, t),
    })),
    empty: shown.length === 0,
  };
}
