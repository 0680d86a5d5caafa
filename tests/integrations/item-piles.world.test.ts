/**
 * Issue 22 item 1 in the test world: Item Piles gets ClockWork's configuration on its ready
 * hook, its transfers keep the system's write rules (a full belt refuses, nothing lost on the
 * way), a loot actor holds items, and nothing changes when the module is absent.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { activateItemPiles, type ActorDoc } from "./item-piles-fake";
import { configureItemPiles, itemPilesConfig } from "../../src/integrations/item-piles";

const OWNER = 3;
const ADA = "pilesAdaChar0001";
const CHEST = "pilesChestLoot01";
const BELT_GRENADES = "pilesAdaGrenade1";
const CHEST_GRENADES = "pilesChestGrena1";
const CHEST_RING = "pilesChestRing01";
const CHEST_SWORD = "pilesChestSword1";

const grenade = (id: string, quantity: number, container: string) => ({
  _id: id, name: "Frag Grenade", type: "weapon",
  system: { category: "explosive", group: "grenade", counters: 4, damage: { dice: 10, types: ["explosive"] }, rangeIncrement: 3, quantity, container },
});

let world: World;
let alice: WorldClient;

beforeEach(async () => {
  world = await createWorld({ packs: false });
  alice = world.player("Alice");
  await world.seed("Actor", [{
    _id: ADA, name: "Ada", type: "character",
    // The belt holds three: it is full.
    items: [grenade(BELT_GRENADES, 3, "belt")],
  }], { ownership: { [alice.userId]: OWNER } });
  await world.seed("Actor", [{
    _id: CHEST, name: "Iron Chest", type: "loot", system: { currency: 40 },
    items: [
      grenade(CHEST_GRENADES, 2, "backpack"),
      { _id: CHEST_RING, name: "Ring of Force", type: "artifact", system: { slot: "ring", equipped: true, quantity: 1 } },
      { _id: CHEST_SWORD, name: "Longsword", type: "weapon", system: { category: "melee", group: "sword", damage: { dice: 8, types: ["slashing"] }, quantity: 2, price: 150 } },
    ],
  }]);
}, 30_000);

const actorOn = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc & { system: Record<string, unknown>; type: string };
const quantities = (client: WorldClient, id: string) => Object.fromEntries(actorOn(client, id).items.contents.map((i) => [i.name, (i as unknown as { system: { quantity: number } }).system.quantity]));

// Each test boots a three-client world: seconds on a loaded machine.
describe("Item Piles", { timeout: 20_000 }, () => {
  it("receives ClockWork's configuration on its ready hook", () => {
    const piles = activateItemPiles(world);
    expect(piles.integrations).toHaveLength(1);
    const config = piles.config;
    expect(config).toMatchObject({
      ACTOR_CLASS_TYPE: "loot",
      ITEM_QUANTITY_ATTRIBUTE: "system.quantity",
      ITEM_PRICE_ATTRIBUTE: "system.price",
      ITEM_SIMILARITIES: ["name", "type"],
    });
    expect(config.CURRENCIES).toEqual([expect.objectContaining({ type: "attribute", primary: true, exchangeRate: 1, data: { path: "system.currency" } })]);
    // The currency path is a number on every actor type Item Piles moves coin between.
    for (const type of ["character", "npc", "loot"]) expect(world.gm.run(() => CONFIG.Actor.dataModels[type].schema.getField("currency")), type).toBeTruthy();
    // Species, foci, features, spells and enchantments never pile; the five physical types do.
    for (const type of ["species", "focus", "feature", "spell", "enchantment"]) expect(piles.isItemInvalid({ type }), type).toBe(true);
    for (const type of ["weapon", "armor", "shield", "equipment", "artifact"]) expect(piles.isItemInvalid({ type }), type).toBe(false);
    // The quantity path exists on every physical item type.
    for (const type of ["weapon", "armor", "shield", "equipment", "artifact"]) {
      expect(world.gm.run(() => CONFIG.Item.dataModels[type].schema.getField("quantity")), type).toBeTruthy();
    }
  });

  it("sets items down as they are picked up: unequipped, out of belt and bandolier, the rest kept", () => {
    const transform = itemPilesConfig().ITEM_TRANSFORMER;
    const ring = { name: "Ring", type: "artifact", system: { slot: "ring", equipped: true, quantity: 1, gains: 5 } };
    expect(transform(ring)).toEqual({ name: "Ring", type: "artifact", system: { slot: "ring", equipped: false, quantity: 1, gains: 5 } });
    expect(ring.system.equipped).toBe(true);
    expect(transform(grenade("x", 2, "belt"))).toEqual(grenade("x", 2, "backpack"));
    expect(transform({})).toEqual({});
  });

  it("refuses a transfer onto a full belt, and both actors keep what they had", async () => {
    const piles = activateItemPiles(world);
    const result = await piles.transferItems(actorOn(world.gm, CHEST), actorOn(world.gm, ADA), [{ _id: CHEST_GRENADES, quantity: 1 }]);
    await world.settle();
    expect(result).toBe(false);
    expect(quantities(world.gm, ADA)).toEqual({ "Frag Grenade": 3 });
    expect(quantities(alice, CHEST)).toEqual({ "Frag Grenade": 2, "Ring of Force": 1, Longsword: 2 });
    expect(world.gm.notifications.at(-1)).toEqual({ type: "error", message: "The belt holds at most 3 items." });
    expect([...world.gm.errors, ...alice.errors]).toEqual([]);
  });

  it("refuses a merchant's sale and an add that would overfill the belt, through the same pre-hooks", () => {
    activateItemPiles(world);
    const ada = actorOn(world.gm, ADA);
    const overfill = { itemsToUpdate: [{ ...ada.items.get(BELT_GRENADES)!.toObject(), system: { quantity: 4 } }] };
    const call = (name: string, ...args: unknown[]) => world.gm.run(() => (world.gm.Hooks as unknown as { call(n: string, ...a: unknown[]): boolean }).call(name, ...args));
    // docs/hooks.md: preTradeItems(sellingActor, sellerUpdates, buyingActor, buyerUpdates, userId, interactionId); preAddItems(target, itemsToCreate, itemsToUpdate, interactionId).
    expect(call("item-piles-preTradeItems", actorOn(world.gm, CHEST), {}, ada, overfill, world.gm.userId, false)).toBe(false);
    expect(call("item-piles-preAddItems", ada, [], overfill.itemsToUpdate, false)).toBe(false);
    // Within the belt's three, both pass.
    const fits = [{ ...ada.items.get(BELT_GRENADES)!.toObject(), system: { quantity: 2 } }];
    expect(call("item-piles-preTradeItems", actorOn(world.gm, CHEST), {}, ada, { itemsToUpdate: fits }, world.gm.userId, false)).toBe(true);
    expect(call("item-piles-preAddItems", ada, [], fits, false)).toBe(true);
    expect(quantities(world.gm, ADA)).toEqual({ "Frag Grenade": 3 });
  });

  it("moves what fits: an equipped ring arrives unequipped, part of a stack leaves the rest behind", async () => {
    const piles = activateItemPiles(world);
    await piles.transferItems(actorOn(world.gm, CHEST), actorOn(world.gm, ADA), [{ _id: CHEST_RING, quantity: 1 }, { _id: CHEST_SWORD, quantity: 1 }]);
    await world.settle();
    const ada = actorOn(alice, ADA);
    const ring = ada.items.contents.find((i) => i.name === "Ring of Force") as unknown as { system: { equipped: boolean; quantity: number } };
    expect(ring.system).toMatchObject({ equipped: false, quantity: 1 });
    expect(quantities(alice, ADA)).toEqual({ "Frag Grenade": 3, "Ring of Force": 1, Longsword: 1 });
    expect(quantities(alice, CHEST)).toEqual({ "Frag Grenade": 2, Longsword: 1 });
    expect([...world.gm.errors, ...alice.errors]).toEqual([]);
  });

  it("does nothing when the module is absent: the hook may fire, no API is called, nothing breaks", async () => {
    expect((world.gm.game as unknown as { itempiles?: unknown }).itempiles).toBeUndefined();
    world.gm.run(() => (world.gm.Hooks as unknown as { callAll(name: string): boolean }).callAll("item-piles-ready"));
    expect(world.gm.run(() => configureItemPiles())).toBe(false);
    // Item Piles' pre-hooks are plain hooks: without the module nobody calls them, and a call with nothing to check passes.
    expect(world.gm.run(() => (world.gm.Hooks as unknown as { call(name: string, ...a: unknown[]): boolean }).call("item-piles-preTransferItems", null, {}, null, {}))).toBe(true);
    expect(world.gm.errors).toEqual([]);
  });
});

describe("the loot actor", { timeout: 20_000 }, () => {
  it("holds items with their quantities and coin, and nothing of a creature", async () => {
    const chest = actorOn(alice, CHEST);
    expect(chest.type).toBe("loot");
    expect(quantities(alice, CHEST)).toEqual({ "Frag Grenade": 2, "Ring of Force": 1, Longsword: 2 });
    expect(chest.system).toEqual({ currency: 40, description: "" });
    // The GM adds an armor and a shield: both take a quantity now.
    await world.as(world.gm, () => actorOn(world.gm, CHEST).createEmbeddedDocuments("Item", [
      { name: "Graphene Armor", type: "armor", system: { quantity: 2 } }, { name: "Buckler", type: "shield" },
    ]));
    await world.settle();
    expect(quantities(alice, CHEST)).toMatchObject({ "Graphene Armor": 2, Buckler: 1 });
    // Item Piles moves coin by writing the currency path.
    await world.as(world.gm, () => (actorOn(world.gm, CHEST) as unknown as { update(c: object): Promise<unknown> }).update({ "system.currency": 55 }));
    await world.settle();
    expect(actorOn(alice, CHEST).system.currency).toBe(55);
    expect([...world.gm.errors, ...alice.errors]).toEqual([]);
  });
});
