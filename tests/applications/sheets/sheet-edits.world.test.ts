// @vitest-environment happy-dom
/**
 * A player's sheet edit racing a GM write (issue 18, deliverable 5): the form sends only the
 * fields the player changed, so a value the GM wrote after the form was drawn is not sent back
 * stale, and a redraw for the GM's write keeps what the player is typing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createSeededDomWorld } from "../../world/applications/dom-world";
import { ADA_ID, GRUSHA_ID, WEAPON_ID } from "../../world/browser/seed";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

interface SheetLike { element: HTMLElement; render(options?: object): Promise<unknown> }
interface Doc {
  name: string;
  system: Record<string, unknown>;
  sheet: SheetLike;
  items: { get(id: string): Doc | undefined };
  update(changes: object): Promise<unknown>;
}

const flush = () => world.settle();
const ada = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): Doc }).get(ADA_ID);
const sword = (client: WorldClient) => ada(client).items.get(WEAPON_ID)!;
const wounds = (doc: Doc) => (doc.system.health as { wounds: number }).wounds;

async function open(client: WorldClient, doc: Doc, options: object = {}): Promise<SheetLike> {
  return world.as(client, async () => {
    await doc.sheet.render({ force: true, ...options });
    return doc.sheet;
  });
}

async function click(client: WorldClient, el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await world.as(client, async () => {
    (el as HTMLElement).click();
    await flush();
  });
}

const field = (sheet: SheetLike, name: string) => {
  const input = sheet.element.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!input) throw new Error(`no field ${name}`);
  return input;
};

/** The player types into a field (input events only: the change event comes when they leave it). */
async function type(client: WorldClient, input: HTMLInputElement, value: string): Promise<void> {
  await world.as(client, async () => {
    input.focus();
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** The player leaves the field: its change submits the form. */
async function leave(client: WorldClient, input: HTMLInputElement): Promise<void> {
  await world.as(client, async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await flush();
  });
}

/** The changes each update of `type` on the client carried, flattened, without the id. */
function sentChanges(client: WorldClient, type: "Actor" | "Item"): string[][] {
  const sent: string[][] = [];
  const flat = (value: unknown, prefix = ""): string[] =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.entries(value).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];
  client.Hooks.on(`preUpdate${type}`, ((_doc: unknown, changes: object) => { sent.push(flat(changes).filter((k) => k !== "_id").sort()); }) as never);
  return sent;
}

/** The GM applies damage: wounds go up by two. */
async function gmDamage(): Promise<number> {
  const next = wounds(ada(gm)) + 2;
  await world.as(gm, () => ada(gm).update({ "system.health.wounds": next }));
  await flush();
  return next;
}

async function editMode(sheet: SheetLike): Promise<void> {
  if (!sheet.element.querySelector("input[name=name]")) await click(alice, sheet.element.querySelector("[data-action=toggleMode]"));
  await flush();
  expect(sheet.element.querySelector("input[name=name]")).not.toBeNull();
}

beforeEach(async () => {
  world = await createSeededDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
});

describe("a player's sheet edit and a GM write", () => {
  it("the GM's damage lands on a tab the sheet did not redraw; the player's name edit keeps it, and sends the name only", async () => {
    const sheet = await open(alice, ada(alice));
    await editMode(sheet);
    const drawnWounds = field(sheet, "system.health.wounds").value;
    await click(alice, sheet.element.querySelector("[data-action=tab][data-tab=biography]"));
    await flush();
    const damaged = await gmDamage();
    // The race is real: the main tab still shows the wounds as drawn before the damage.
    expect(field(sheet, "system.health.wounds").value).toBe(drawnWounds);
    expect(Number(drawnWounds)).not.toBe(damaged);
    const sent = sentChanges(alice, "Actor");
    const name = field(sheet, "name");
    await type(alice, name, "Ada Lovelace");
    await leave(alice, name);
    expect(sent).toEqual([["name"]]);
    for (const client of [gm, alice, bob]) {
      expect(ada(client).name).toBe("Ada Lovelace");
      expect(wounds(ada(client))).toBe(damaged);
    }
  });

  it("a redraw for the GM's damage keeps the name the player is typing and shows the GM's wounds; both are stored", async () => {
    const sheet = await open(alice, ada(alice));
    await editMode(sheet);
    await type(alice, field(sheet, "name"), "Ada L.");
    const damaged = await gmDamage();
    // Header and main were redrawn: the typed name survives, the field not being edited shows the GM's value.
    expect(field(sheet, "name").value).toBe("Ada L.");
    expect(field(sheet, "system.health.wounds").value).toBe(String(damaged));
    const sent = sentChanges(alice, "Actor");
    await leave(alice, field(sheet, "name"));
    expect(sent).toEqual([["name"]]);
    for (const client of [gm, alice, bob]) {
      expect(ada(client).name).toBe("Ada L.");
      expect(wounds(ada(client))).toBe(damaged);
    }
  });

  it("editing one field sends a diff of one field", async () => {
    const sheet = await open(alice, ada(alice));
    const sent = sentChanges(alice, "Actor");
    const luck = field(sheet, "system.luck.value");
    const next = Number(luck.value) > 0 ? Number(luck.value) - 1 : 1;
    await type(alice, luck, String(next));
    await leave(alice, luck);
    expect(sent).toEqual([["system.luck.value"]]);
    expect((ada(gm).system.luck as { value: number }).value).toBe(next);
  });

  it("the item sheet: a name typed while the GM changes the price keeps both, and sends the name only", async () => {
    const sheet = await open(alice, sword(alice), { mode: "edit" });
    await type(alice, field(sheet, "name"), "Old Faithful");
    const price = Number((sword(gm).system as { price: number }).price) + 5;
    await world.as(gm, () => sword(gm).update({ "system.price": price }));
    await flush();
    expect(field(sheet, "name").value).toBe("Old Faithful");
    expect(field(sheet, "system.price").value).toBe(String(price));
    const sent = sentChanges(alice, "Item");
    await leave(alice, field(sheet, "name"));
    expect(sent).toEqual([["name"]]);
    for (const client of [gm, alice, bob]) {
      expect(sword(client).name).toBe("Old Faithful");
      expect((sword(client).system as { price: number }).price).toBe(price);
    }
  });

  it("the item sheet: one damage-type checkbox sends the whole list, nothing else", async () => {
    const sheet = await open(alice, sword(alice), { mode: "edit" });
    const before = [...((sword(gm).system as { damage: { types: string[] } }).damage.types)];
    const box = [...sheet.element.querySelectorAll<HTMLInputElement>("input[type=checkbox][name^='system.damage.types.']")].find((b) => !b.checked)!;
    const key = box.name.split(".").pop()!;
    const sent = sentChanges(alice, "Item");
    await world.as(alice, async () => {
      box.checked = true;
      box.dispatchEvent(new Event("change", { bubbles: true }));
      await flush();
    });
    expect(sent).toEqual([["system.damage.types"]]);
    for (const client of [gm, alice, bob]) expect([...(sword(client).system as { damage: { types: string[] } }).damage.types].sort()).toEqual([...before, key].sort());
  });
});

describe("every sheet sends only the field edited", () => {
  const ITEM_TYPES = ["species", "focus", "feature", "spell", "weapon", "armor", "shield", "equipment", "artifact", "enchantment"];

  it("the NPC sheet", async () => {
    const grusha = (gm.game.actors as unknown as { get(id: string): Doc }).get(GRUSHA_ID);
    const sheet = await open(gm, grusha);
    if (!sheet.element.querySelector("input[name=name]")) await click(gm, sheet.element.querySelector("[data-action=toggleMode]"));
    const sent = sentChanges(gm, "Actor");
    await type(gm, field(sheet, "name"), "Grusha the Bold");
    await leave(gm, field(sheet, "name"));
    expect(sent).toEqual([["name"]]);
    expect(grusha.name).toBe("Grusha the Bold");
  });

  it("the item sheet of every item type", async () => {
    const Item = gm.CONFIG.Item as { documentClass: { createDocuments(data: object[]): Promise<Doc[]> } };
    const items = await world.as(gm, () => Item.documentClass.createDocuments(ITEM_TYPES.map((type) => ({ name: `A ${type}`, type }))));
    expect(items.map((i) => i.name)).toEqual(ITEM_TYPES.map((type) => `A ${type}`));
    const sent = sentChanges(gm, "Item");
    for (const item of items) {
      const sheet = await open(gm, item, { mode: "edit" });
      await type(gm, field(sheet, "name"), `${item.name}, renamed`);
      await leave(gm, field(sheet, "name"));
      expect(item.name).toMatch(/renamed$/);
    }
    expect(sent).toEqual(ITEM_TYPES.map(() => ["name"]));
  });
});
