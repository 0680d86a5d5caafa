/**
 * Physical items: the five types a character carries, which a chest, a shop or Item Piles can
 * hold. Species, foci, features, spells and enchantments are part of who a character is (or of
 * an item), never a thing to hand over.
 */
export const PHYSICAL_ITEM_TYPES = ["weapon", "armor", "shield", "equipment", "artifact"] as const;
export const NON_PHYSICAL_ITEM_TYPES = ["species", "focus", "feature", "spell", "enchantment"] as const;

export function isPhysicalItemType(type: unknown): boolean {
  return (PHYSICAL_ITEM_TYPES as readonly unknown[]).includes(type);
}

type Source = Record<string, unknown>;

/**
 * A copy of an item source as it lies in a chest or a pile: not worn (an artifact's `equipped`)
 * and in no belt or bandolier (`container` back to the backpack). Slots of weapons, armor and
 * shields live on the actor, which frees them when the item leaves. Anything else is kept.
 */
export function setDownSource<T extends Source>(source: T): T {
  const copy = structuredClone(source);
  const system = copy.system;
  if (system && typeof system === "object" && !Array.isArray(system)) {
    const data = system as Source;
    if ("equipped" in data) data.equipped = false;
    if ("container" in data) data.container = "backpack";
  }
  return copy;
}
