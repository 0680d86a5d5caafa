/**
 * A fake of the part of Item Piles the system meets, written from the module's documentation
 * and source (fantasycalendar/FoundryVTT-ItemPiles; never copied):
 *
 * - `game.itempiles.API` and the `item-piles-ready` hook, called with no arguments once the
 *   module is ready (docs/hooks.md "item-piles-ready"; src/module.js `Hooks.callAll(HOOKS.READY)`);
 * - `addSystemIntegration(data, version)`: the checks its data must pass (docs/api.md
 *   "addSystemIntegration"; src/API/api.js: VERSION, ACTOR_CLASS_TYPE, the quantity and price
 *   paths are strings, ITEM_FILTERS `{ path, filters }` strings, ITEM_TRANSFORMER a function
 *   that returns an object when called with `{}`, CURRENCIES entries with primary, name,
 *   abbreviation, exchangeRate and data.path);
 * - `transferItems(source, target, items)` (docs/api.md "transferItems"), run on the GM's client
 *   (src/API/api.js: `ItemPileSocket.executeAsGM`) as src/API/private-api.js `_transferItems`
 *   and src/helpers/transaction.js do it: each item goes through ITEM_TRANSFORMER, a similar item
 *   on the target (ITEM_SIMILARITIES: same name and type) gets its quantity raised (an update
 *   holding the whole item, `toObject()` with the new quantity), else it is created; the giver's
 *   quantity drops, the item is deleted at 0; `item-piles-preTransferItems(source, sourceUpdates,
 *   target, targetUpdates, interactionId)` may return false to stop it; then the source's writes
 *   are committed, then the target's.
 */
import type { World, WorldClient } from "../world";

type Source = Record<string, unknown> & { _id?: string; name?: string; type?: string; system?: Record<string, unknown> };

interface ItemDoc {
  id: string;
  name: string;
  type: string;
  toObject(): Source;
}

export interface ActorDoc {
  id: string;
  uuid: string;
  items: { get(id: string): ItemDoc | undefined; contents: ItemDoc[] };
  createEmbeddedDocuments(name: "Item", data: object[]): Promise<unknown>;
  updateEmbeddedDocuments(name: "Item", data: object[]): Promise<unknown>;
  deleteEmbeddedDocuments(name: "Item", ids: string[]): Promise<unknown>;
}

export interface SystemIntegration extends Record<string, unknown> {
  VERSION: string;
  ACTOR_CLASS_TYPE: string;
  ITEM_QUANTITY_ATTRIBUTE: string;
  ITEM_PRICE_ATTRIBUTE: string;
  ITEM_FILTERS: { path: string; filters: string }[];
  ITEM_SIMILARITIES: string[];
  CURRENCIES: { type: string; name: string; abbreviation: string; primary: boolean; exchangeRate: number; data: { path?: string } }[];
  ITEM_TRANSFORMER?: (item: Source) => Source;
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(`addSystemIntegration | ${message}`);
}

const get = (object: unknown, path: string): unknown => path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], object);

export class FakeItemPiles {
  readonly integrations: { data: SystemIntegration; version: string }[] = [];

  constructor(private readonly world: World) {}

  get config(): SystemIntegration {
    const last = this.integrations.at(-1);
    if (!last) throw new Error("Item Piles has no system integration");
    return last.data;
  }

  addSystemIntegration(data: SystemIntegration, version = "latest"): void {
    check(typeof data.VERSION === "string", "data.VERSION must be of type string");
    check(typeof data.ACTOR_CLASS_TYPE === "string", "data.ACTOR_CLASS_TYPE must be of type string");
    check(typeof data.ITEM_QUANTITY_ATTRIBUTE === "string", "data.ITEM_QUANTITY_ATTRIBUTE must be of type string");
    check(typeof data.ITEM_PRICE_ATTRIBUTE === "string", "data.ITEM_PRICE_ATTRIBUTE must be of type string");
    check(Array.isArray(data.ITEM_FILTERS) && data.ITEM_FILTERS.every((f) => typeof f?.path === "string" && typeof f?.filters === "string"), "data.ITEM_FILTERS");
    check(Array.isArray(data.ITEM_SIMILARITIES) && data.ITEM_SIMILARITIES.every((p) => typeof p === "string"), "data.ITEM_SIMILARITIES");
    if (data.ITEM_TRANSFORMER) {
      check(typeof data.ITEM_TRANSFORMER === "function", "data.ITEM_TRANSFORMER must be of type function");
      check(typeof data.ITEM_TRANSFORMER({}) === "object", "data.ITEM_TRANSFORMER's return value must be of type object");
    }
    check(Array.isArray(data.CURRENCIES), "data.CURRENCIES must be an array");
    for (const c of data.CURRENCIES) {
      check(typeof c.primary === "boolean" && typeof c.name === "string" && typeof c.abbreviation === "string" && typeof c.exchangeRate === "number", "CURRENCIES entry");
      check(typeof c.data === "object" && typeof c.data.path === "string", "CURRENCIES data.path");
    }
    this.integrations.push({ data, version });
  }

  /** Whether Item Piles would offer this item at all (the ITEM_FILTERS). */
  isItemInvalid(item: Source): boolean {
    return this.config.ITEM_FILTERS.some((filter) => filter.filters.split(",").map((f) => f.trim()).includes(String(get(item, filter.path))));
  }

  /** `transferItems`: resolves false when a pre-hook stopped it. */
  async transferItems(source: ActorDoc, target: ActorDoc, items: { _id: string; quantity: number }[], options: { interactionId?: string | false } = {}): Promise<unknown> {
    const gm = this.world.gm;
    return this.world.as(gm, async () => {
      const config = this.config;
      const qty = config.ITEM_QUANTITY_ATTRIBUTE.replace(/^system\./, "");
      const quantityOf = (data: Source) => Number(get(data, config.ITEM_QUANTITY_ATTRIBUTE) ?? 1);
      const sourceUpdates = { itemsToUpdate: [] as Source[], itemsToDelete: [] as string[] };
      const targetUpdates = { itemsToCreate: [] as Source[], itemsToUpdate: [] as Source[] };
      for (const { _id, quantity } of items) {
        const item = source.items.get(_id);
        if (!item) throw new Error(`transferItems | Could not find item with id "${_id}"`);
        const left = quantityOf(item.toObject()) - quantity;
        if (left <= 0) sourceUpdates.itemsToDelete.push(_id);
        else sourceUpdates.itemsToUpdate.push({ _id, system: { [qty]: left } });
        const data = config.ITEM_TRANSFORMER ? config.ITEM_TRANSFORMER(item.toObject()) : item.toObject();
        const similar = target.items.contents.find((other) => config.ITEM_SIMILARITIES.every((path) => get(other.toObject(), path) === get(data, path)));
        if (similar) {
          const update = similar.toObject();
          (update.system as Record<string, unknown>)[qty] = quantityOf(update) + quantity;
          targetUpdates.itemsToUpdate.push(update);
        } else {
          const { _id: _dropped, ...created } = data;
          (created.system as Record<string, unknown>)[qty] = quantity;
          targetUpdates.itemsToCreate.push(created);
        }
      }
      const proceed = (gm.Hooks as unknown as { call(name: string, ...args: unknown[]): boolean }).call("item-piles-preTransferItems", source, sourceUpdates, target, targetUpdates, options.interactionId ?? false);
      if (proceed === false) return false;
      if (sourceUpdates.itemsToUpdate.length) await source.updateEmbeddedDocuments("Item", sourceUpdates.itemsToUpdate);
      if (sourceUpdates.itemsToDelete.length) await source.deleteEmbeddedDocuments("Item", sourceUpdates.itemsToDelete);
      if (targetUpdates.itemsToCreate.length) await target.createEmbeddedDocuments("Item", targetUpdates.itemsToCreate);
      if (targetUpdates.itemsToUpdate.length) await target.updateEmbeddedDocuments("Item", targetUpdates.itemsToUpdate);
      return targetUpdates;
    });
  }
}

/** Makes the module active on `client` (`game.modules`, `game.itempiles.API`) and calls its ready hook there. */
export function activateItemPiles(world: World, client: WorldClient = world.gm): FakeItemPiles {
  const fake = new FakeItemPiles(world);
  client.run(() => {
    const game = client.game as unknown as { modules: Map<string, unknown>; itempiles?: { API: FakeItemPiles } };
    game.modules.set("item-piles", { id: "item-piles", active: true });
    game.itempiles = { API: fake };
    (client.Hooks as unknown as { callAll(name: string): boolean }).callAll("item-piles-ready");
  });
  return fake;
}
