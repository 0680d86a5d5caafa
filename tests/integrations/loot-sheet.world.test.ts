// @vitest-environment happy-dom
/**
 * The loot sheet in the DOM world (the real templates and ApplicationV2): it lists a chest's
 * items with quantities and prices, its owners change a quantity in place, and it takes only
 * physical items. Also the module-facing `data-item-id` on a chat card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { ClockworkLootSheet } from "../../src/applications/sheets/loot-sheet";
import { markCardItem } from "../../src/integrations/card-data";

const CHEST = "lootSheetChest01";
const OWNER = 3;

interface SheetLike { element: HTMLElement; render(options?: object): Promise<unknown> }
interface ActorDoc {
  uuid: string;
  sheet: SheetLike;
  items: { contents: { id: string; name: string; system: { quantity: number } }[] };
}

let world: World;
let alice: WorldClient;

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  alice = world.player("Alice");
  await world.seed("Actor", [{
    _id: CHEST, name: "Merchant's Stall", type: "loot", system: { currency: 12 },
    items: [
      { _id: "lootSheetSword01", name: "Longsword", type: "weapon", system: { category: "melee", group: "sword", damage: { dice: 8, types: ["slashing"] }, quantity: 2, price: 150 } },
      { _id: "lootSheetArmor01", name: "Graphene Armor", type: "armor", system: { quantity: 1 } },
    ],
  }], { ownership: { [alice.userId]: OWNER } });
  await world.settle();
}, 30_000);

const chest = (client: WorldClient) => client.game.actors.get(CHEST) as unknown as ActorDoc;

async function open(client: WorldClient): Promise<SheetLike> {
  const sheet = chest(client).sheet;
  await world.as(client, () => sheet.render({ force: true }));
  await world.settle();
  return sheet;
}

describe("the loot sheet", { timeout: 40_000 }, () => {
  it("is the loot actor's sheet and lists every item with its quantity, price and the total", async () => {
    const sheet = await open(alice);
    expect(sheet).toBeInstanceOf(ClockworkLootSheet);
    const rows = [...sheet.element.querySelectorAll<HTMLElement>(".cw-loot-item")].map((row) => ({
      name: row.querySelector(".cw-item-name")?.textContent,
      quantity: row.querySelector<HTMLInputElement>("input[data-item-quantity]")?.value,
    }));
    // Same sort: by name.
    expect(rows).toEqual([{ name: "Graphene Armor", quantity: "1" }, { name: "Longsword", quantity: "2" }]);
    // Longsword 2 × 150, armor 1 × 250 (the armor's default price).
    expect(sheet.element.querySelector(".cw-loot-value")?.textContent).toBe("Worth 550 in all");
    expect(sheet.element.querySelector<HTMLInputElement>("input[name='system.currency']")?.value).toBe("12");
    expect(alice.errors).toEqual([]);
  });

  it("writes a changed quantity to its item", async () => {
    const sheet = await open(alice);
    const input = sheet.element.querySelector<HTMLInputElement>("input[data-item-quantity='lootSheetSword01']")!;
    await world.as(alice, async () => {
      input.value = "5";
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await world.settle();
    expect(chest(world.gm).items.contents.find((i) => i.name === "Longsword")?.system.quantity).toBe(5);
    expect(alice.errors).toEqual([]);
  });

  it("takes only physical items: a spell dropped on it is refused with a notice", async () => {
    const sheet = await open(alice) as SheetLike & { _onDropItem(event: unknown, item: unknown): Promise<unknown> };
    const [spellId] = await world.seed("Item", [{ name: "Fire Bolt", type: "spell" }]);
    const spell = alice.game.items.get(spellId);
    const created = await world.as(alice, () => sheet._onDropItem({}, spell));
    await world.settle();
    expect(created).toBeNull();
    expect(chest(world.gm).items.contents).toHaveLength(2);
    expect(alice.notifications.at(-1)).toMatchObject({ type: "warn", message: expect.stringContaining("Fire Bolt is a Spell") });
  });
});

describe("data-item-id on a card", () => {
  it("marks the message element and its card, and marks a card drawn again later", async () => {
    const html = document.createElement("li");
    html.innerHTML = `<div class="message-content"><article class="clockwork cw-card"></article></div>`;
    markCardItem({ flags: { clockwork: { itemUuid: "Actor.abc.Item.sword0000000001" } } }, html);
    expect(html.dataset.itemId).toBe("sword0000000001");
    expect(html.querySelector<HTMLElement>(".cw-card")?.dataset).toMatchObject({ itemId: "sword0000000001", itemUuid: "Actor.abc.Item.sword0000000001" });
    // The attack card is rendered again for each viewer after its template loads.
    html.querySelector(".message-content")!.innerHTML = `<article class="clockwork cw-card cw-attack"></article>`;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(html.querySelector<HTMLElement>(".cw-attack")?.dataset.itemId).toBe("sword0000000001");
    // A message without an item is left alone.
    const plain = document.createElement("li");
    markCardItem({ flags: { clockwork: {} } }, plain);
    expect(plain.dataset.itemId).toBeUndefined();
  });
});
