/**
 * Small display formatters shared by the builders. They produce game notation (numbers and
 * the book's damage letters), never prose, so they need no localization.
 */
import type { ItemLike } from "./source-types";

/** "—" marks a value the item does not have (no counters, no range). */
export const NONE = "—";

/** Book notation for a damage roll: `8 S`, `7 S/P`; empty when there are no dice. */
export function damageNotation(
  dice: number | undefined, types: readonly string[] | undefined, abbreviation: (type: string) => string,
): string {
  if (!dice) return NONE;
  const letters = (types ?? []).map(abbreviation).join("/");
  return letters ? `${dice} ${letters}` : String(dice);
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
