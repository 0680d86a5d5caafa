/** The loot sheet's contents list, from the actor's items (pure: rendered in tests without Foundry). */
interface StoredItem {
  quantity?: number;
  price?: number;
}

/** One row of the contents list. */
export interface LootRow {
  id: string;
  name: string;
  img: string;
  typeLabel: string;
  quantity: number;
  price: number;
  value: number;
}

/** The rows, in the actor's item order (sort, then name). */
export function lootRows(items: Iterable<{ id: string | null; name: string; img: string | null; type: string; sort: number; system: unknown }>): LootRow[] {
  return [...items]
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name))
    .map((item) => {
      const system = item.system as StoredItem;
      const quantity = system.quantity ?? 1;
      const price = system.price ?? 0;
      return {
        id: item.id ?? "", name: item.name, img: item.img ?? "", typeLabel: `TYPES.Item.${item.type}`, quantity, price, value: quantity * price,
      };
    });
}
