/**
 * Small display formatters shared by the builders. They produce numbers and label keys,
 * never prose, so the templates localize every word.
 */
import type { SheetChoices } from "./choices";
import type { ItemLike } from "./source-types";

/** "—" marks a value the item does not have (no counters, no range). */
export const NONE = "—";

/** A damage type as the sheets show it: its key (for the icon) and its label key (never the book's letter). */
export interface DamageTypeView { key: string; label: string }

/** A damage roll: the dice and the types the attacker picks from (`none` when there are no dice). */
export interface DamageView { dice: number; types: DamageTypeView[]; none: boolean }

export function damageTypeView(type: string, c: Pick<SheetChoices, "label">): DamageTypeView {
  return { key: type, label: c.label.damageType(type) };
}

export function damageView(dice: number | undefined, types: readonly string[] | undefined, c: Pick<SheetChoices, "label">): DamageView {
  return { dice: dice ?? 0, types: (types ?? []).map((t) => damageTypeView(t, c)), none: !dice };
}

/** A probability as a whole percent ("87%"); "<1%" and ">99%" keep near-certainties honest. */
export function percent(p: number): string {
  if (p > 0 && p < 0.005) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return `${Math.round(p * 100)}%`;
}

/** A weapon's increment and its maximum (3 increments): `9 / 27`. */
export function rangeNotation(increment: number | undefined, maxIncrements: number): string {
  return increment ? `${increment} / ${increment * maxIncrements}` : NONE;
}

export function itemId(item: { id?: string | null; _id?: string | null }): string {
  return item.id ?? item._id ?? "";
}

/** Foundry's manual sort order, then name, so lists match what the user arranged. */
export function bySortThenName(a: ItemLike, b: ItemLike): number {
  return (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name);
}

export const DEFAULT_ITEM_IMG = "icons/svg/item-bag.svg";
export const DEFAULT_ACTOR_IMG = "icons/svg/mystery-man.svg";
