/**
 * Item Piles (optional). Since June 2025 Item Piles ships no configuration for systems
 * (ItemPiles #731): each system hands over its own. When the module is active it calls the
 * `item-piles-ready` hook (docs/hooks.md; src/module.js), and this answers with
 * `game.itempiles.API.addSystemIntegration(config)` (docs/api.md, "addSystemIntegration").
 * Without the module the hook never fires and nothing here runs.
 *
 * Transfers keep the system's write rules. Item Piles takes the items off the giver before it
 * writes them to the receiver (src/API/private-api.js `_transferItems`: the source's
 * transaction commits first), so a receiver that refuses the write would lose them on the way.
 * The `item-piles-preTransferItems`, `-preTransferAllItems`, `-preTradeItems` (a merchant's sale)
 * and `-preAddItems` hooks (false interrupts the action, docs/hooks.md) therefore run the
 * receiver's write rules on the quantity updates first: a full belt refuses, as it does when the
 * owner stows by hand.
 */
import { FIELD_LOCALIZATION_PREFIXES } from "../data/item/base";
import { NON_PHYSICAL_ITEM_TYPES, setDownSource } from "../data/item/physical";
import { guardItemUpdate } from "../documents/write-rules";
import { hooks, localize, maybeGame } from "../foundry";
import { CLOCKWORK } from "../config";

/** "{#}", or "{#} sh" when a setting module renamed the money (src/setting-modules/). */
function currencyAbbreviation(): string {
  const currency = CLOCKWORK.currency;
  return currency.module ? `{#} ${localize(currency.abbreviation)}` : "{#}";
}

export const ITEM_PILES_READY = "item-piles-ready";

/** The pre-hooks whose `false` interrupts a write to an actor (docs/hooks.md, "Items"). */
export const ITEM_PILES_GUARDED_HOOKS = {
  transfer: "item-piles-preTransferItems",
  transferAll: "item-piles-preTransferAllItems",
  /** (sellingActor, sellerUpdates, buyingActor, buyerUpdates, userId, interactionId): private-api.js `_tradeItems`. */
  trade: "item-piles-preTradeItems",
  add: "item-piles-preAddItems",
} as const;

/** The configuration's version: Item Piles replaces a user's edited settings only when it rises. */
export const ITEM_PILES_CONFIG_VERSION = "1.0.0";

type Source = Record<string, unknown>;

/** What the system tells Item Piles (docs/api.md, addSystemIntegration's `data`). */
export interface ItemPilesSystemConfig {
  VERSION: string;
  ACTOR_CLASS_TYPE: string;
  ITEM_CLASS_LOOT_TYPE: string;
  ITEM_CLASS_WEAPON_TYPE: string;
  ITEM_CLASS_EQUIPMENT_TYPE: string;
  ITEM_QUANTITY_ATTRIBUTE: string;
  ITEM_PRICE_ATTRIBUTE: string;
  ITEM_FILTERS: { path: string; filters: string }[];
  ITEM_SIMILARITIES: string[];
  CURRENCIES: {
    type: "attribute";
    name: string;
    img: string;
    abbreviation: string;
    data: { path: string };
    primary: boolean;
    exchangeRate: number;
  }[];
  CURRENCY_DECIMAL_DIGITS: number;
  ITEM_TRANSFORMER: (itemData: Source) => Source;
}

/** The part of `game.itempiles.API` used here. */
export interface ItemPilesApi {
  addSystemIntegration(data: ItemPilesSystemConfig, version?: string): unknown;
}

/** ClockWork's Item Piles configuration. */
export function itemPilesConfig(): ItemPilesSystemConfig {
  return {
    VERSION: ITEM_PILES_CONFIG_VERSION,
    // Piles Item Piles creates are loot actors: items and coin, no skills or health.
    ACTOR_CLASS_TYPE: "loot",
    ITEM_CLASS_LOOT_TYPE: "equipment",
    ITEM_CLASS_WEAPON_TYPE: "weapon",
    ITEM_CLASS_EQUIPMENT_TYPE: "equipment",
    ITEM_QUANTITY_ATTRIBUTE: "system.quantity",
    ITEM_PRICE_ATTRIBUTE: "system.price",
    ITEM_FILTERS: [{ path: "type", filters: NON_PHYSICAL_ITEM_TYPES.join(",") }],
    ITEM_SIMILARITIES: ["name", "type"],
    CURRENCIES: [{
      type: "attribute",
      // Item Piles localizes the name; characters, NPCs and loot keep coin at the same path.
      name: `${FIELD_LOCALIZATION_PREFIXES[0]}.currency.label`,
      img: "icons/commodities/currency/coins-assorted-mix-copper.webp",
      abbreviation: currencyAbbreviation(),
      data: { path: "system.currency" },
      primary: true,
      exchangeRate: 1,
    }],
    CURRENCY_DECIMAL_DIGITS: 0,
    // Picked up, traded or bought: set down (unequipped, in the backpack) before it lands.
    ITEM_TRANSFORMER: (itemData) => setDownSource(itemData ?? {}),
  };
}

interface ActorLike {
  items: { get(id: string): unknown };
}

/** Item Piles' planned writes to one actor (src/helpers/transaction.js `prepare`). */
interface PlannedWrites {
  itemsToUpdate?: Source[];
}

/**
 * Whether the receiver's write rules take every quantity update Item Piles plans; false (and
 * the rules' own notice) when one is refused. The updates are checked as one batch, so two
 * stacks headed for the same belt count together.
 */
export function receiverAccepts(target: unknown, itemsToUpdate: readonly Source[] | undefined): boolean {
  const actor = target as ActorLike | null;
  if (!actor?.items || !itemsToUpdate?.length) return true;
  const batch = {};
  for (const update of itemsToUpdate) {
    const item = typeof update._id === "string" ? actor.items.get(update._id) : undefined;
    const system = update.system as Source | undefined;
    if (!item || !system || !("quantity" in system)) continue;
    if (!guardItemUpdate(item as never, { system: { quantity: system.quantity } }, batch)) return false;
  }
  return true;
}

/** Hands the configuration to Item Piles and guards its writes (on `item-piles-ready`). */
export function configureItemPiles(api: ItemPilesApi | undefined = itemPilesApi()): boolean {
  if (!api) return false;
  api.addSystemIntegration(itemPilesConfig(), "latest");
  return true;
}

/** `game.itempiles.API` when the module is active. */
function itemPilesApi(): ItemPilesApi | undefined {
  return (maybeGame() as { itempiles?: { API?: ItemPilesApi } } | undefined)?.itempiles?.API;
}

/** Registers the ready answer and the write guards (during `init`); inert without the module. */
export function registerItemPiles(): void {
  const registry = hooks();
  registry.once(ITEM_PILES_READY, () => {
    configureItemPiles();
  });
  const guardTransfer = (_source: unknown, _sourceUpdates: unknown, target: unknown, targetUpdates: PlannedWrites | undefined) =>
    receiverAccepts(target, targetUpdates?.itemsToUpdate) ? undefined : false;
  registry.on(ITEM_PILES_GUARDED_HOOKS.transfer, guardTransfer as never);
  registry.on(ITEM_PILES_GUARDED_HOOKS.transferAll, guardTransfer as never);
  registry.on(ITEM_PILES_GUARDED_HOOKS.trade, guardTransfer as never);
  registry.on(ITEM_PILES_GUARDED_HOOKS.add, ((target: unknown, _itemsToCreate: unknown, itemsToUpdate: Source[] | undefined) =>
    receiverAccepts(target, itemsToUpdate) ? undefined : false) as never);
}
