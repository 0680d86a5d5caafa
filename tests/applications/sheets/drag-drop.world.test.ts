// @vitest-environment happy-dom
/**
 * The sheets on the test world's core behaviours (issue 21 item 4): DragDrop bound on
 * `.draggable` rows (moving gear between characters, sorting among siblings), effects and
 * statuses dropped from another actor (through the conditions, ruling 156), `_onDrop` of an
 * unresolvable drop, `editImage` with `img[data-edit]`, and the re-render core gives every
 * combatant's sheet on a Combat change.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createSeededDomWorld } from "../../world/applications/dom-world";
import { FilePicker } from "../../world/applications";
import { ADA_ID, GRUSHA_ID, WEAPON_ID } from "../../world/browser/seed";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;
let cyId: string;

interface SheetLike {
  element: HTMLElement;
  rendered: boolean;
  render(options?: object): Promise<unknown>;
  addEventListener(type: string, listener: () => void): void;
  _onDrop(event: DragEvent): Promise<unknown>;
}
interface EffectDoc { id: string; uuid: string; name: string; statuses: Set<string>; flags: Record<string, unknown> }
interface Doc {
  id: string;
  uuid: string;
  name: string;
  img: string;
  type: string;
  sort: number;
  system: Record<string, unknown>;
  sheet: SheetLike;
  statuses: Set<string>;
  items: { contents: Doc[]; get(id: string): Doc | undefined };
  effects: { contents: EffectDoc[]; get(id: string): EffectDoc | undefined };
  createEmbeddedDocuments(name: string, data: object[]): Promise<Doc[]>;
  toggleStatusEffect(id: string, options?: object): Promise<unknown>;
}

const flush = () => world.settle();
const actor = (client: WorldClient, id: string) => (client.game.actors as unknown as { get(id: string): Doc }).get(id);

beforeEach(async () => {
  world = await createSeededDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
  [cyId] = await world.seed("Actor", [{ name: "Cy", type: "character", items: [
    { name: "Axe", type: "weapon", sort: 100_000, system: {} },
    { name: "Mace", type: "weapon", sort: 200_000, system: {} },
  ] }], { ownership: { [alice.userId]: 3 } });
  await flush();
}, 60_000);

async function open(client: WorldClient, doc: Doc): Promise<SheetLike> {
  return world.as(client, async () => {
    await doc.sheet.render({ force: true });
    return doc.sheet;
  });
}

/** A browser's drag data store, enough for core's drag and drop (text/plain JSON). */
function transfer(): DataTransfer {
  const data = new Map<string, string>();
  return {
    get types() { return [...data.keys()]; },
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? "",
  } as unknown as DataTransfer;
}

function dragEvent(type: string, dataTransfer: DataTransfer): DragEvent {
  const event = new Event(type, { bubbles: true, cancelable: true }) as DragEvent;
  Object.defineProperty(event, "dataTransfer", { value: dataTransfer });
  return event;
}

/** Drags `row` and drops it on `target`, as that client. */
async function dragAndDrop(client: WorldClient, row: HTMLElement, target: HTMLElement): Promise<void> {
  await world.as(client, async () => {
    const data = transfer();
    row.dispatchEvent(dragEvent("dragstart", data));
    target.dispatchEvent(dragEvent("drop", data));
    await flush();
  });
  await flush();
}

async function dropData(client: WorldClient, sheet: SheetLike, data: object): Promise<void> {
  await world.as(client, async () => {
    const t = transfer();
    t.setData("text/plain", JSON.stringify(data));
    sheet.element.querySelector(".window-content")!.dispatchEvent(dragEvent("drop", t));
    await flush();
  });
  await flush();
}

const itemRow = (sheet: SheetLike, id: string) => sheet.element.querySelector<HTMLElement>(`.draggable[data-item-id="${id}"]`) as HTMLElement;

describe("item rows on a sheet", { timeout: 30_000 }, () => {
  it("are draggable for the owner only: the drag carries the item", async () => {
    const own = await open(alice, actor(alice, ADA_ID));
    const row = itemRow(own, WEAPON_ID);
    expect(row.getAttribute("draggable")).toBe("true");
    const data = transfer();
    await world.as(alice, async () => row.dispatchEvent(dragEvent("dragstart", data)));
    expect(JSON.parse(data.getData("text/plain"))).toEqual({ type: "Item", uuid: `Actor.${ADA_ID}.Item.${WEAPON_ID}` });
    const observed = await open(bob, actor(bob, ADA_ID));
    expect(observed.element.querySelector("[draggable=true]")).toBeNull();
  });

  it("a weapon dragged from one character's sheet to another's moves there, freeing its slot", async () => {
    const ada = await open(alice, actor(alice, ADA_ID));
    const cy = await open(alice, actor(alice, cyId));
    await dragAndDrop(alice, itemRow(ada, WEAPON_ID), cy.element.querySelector(".window-content") as HTMLElement);
    for (const client of [gm, alice, bob]) {
      expect(actor(client, ADA_ID).items.get(WEAPON_ID)).toBeUndefined();
      expect(actor(client, cyId).items.contents.map((i) => i.name).sort()).toEqual(["Axe", "Longsword", "Mace"]);
    }
    expect((actor(gm, ADA_ID).system.equipped as Record<string, string>).mainHand).toBe("");
    expect(alice.errors).toEqual([]);
  });

  it("a row dropped on a sibling sorts before it", async () => {
    const cy = actor(alice, cyId);
    const [axe, mace] = ["Axe", "Mace"].map((n) => cy.items.contents.find((i) => i.name === n) as Doc);
    const sheet = await open(alice, cy);
    await dragAndDrop(alice, itemRow(sheet, mace.id), itemRow(sheet, axe.id));
    for (const client of [gm, alice]) {
      const items = actor(client, cyId).items;
      expect(items.get(mace.id)!.sort).toBeLessThan(items.get(axe.id)!.sort);
    }
    expect(actor(alice, cyId).items.contents).toHaveLength(2);
  });
});

describe("an effect dropped from another actor", { timeout: 30_000 }, () => {
  it("a status goes through the conditions: the actor gets it as a condition, with its data", async () => {
    const grusha = actor(gm, GRUSHA_ID);
    await world.as(gm, () => grusha.toggleStatusEffect("poisoned", { active: true }));
    await flush();
    const source = grusha.effects.contents.find((e) => e.statuses.has("poisoned")) as EffectDoc & { update(c: object): Promise<unknown> };
    await world.as(gm, () => source.update({ name: "Spider venom", "flags.clockwork.status": { difficulty: 10 } }));
    await flush();
    const sheet = await open(gm, actor(gm, ADA_ID));
    await dropData(gm, sheet, { type: "ActiveEffect", uuid: source.uuid });
    for (const client of [gm, alice]) {
      const ada = actor(client, ADA_ID);
      expect(ada.statuses.has("poisoned")).toBe(true);
      const effects = ada.effects.contents.filter((e) => e.statuses.has("poisoned"));
      expect(effects).toHaveLength(1);
      // The condition's own effect (its localized name), carrying the dropped status's data: not a copy.
      expect(effects[0].name).toBe(client.game.i18n.localize("CLOCKWORK.Condition.poisoned"));
      expect((effects[0].flags.clockwork as { status?: object }).status).toEqual({ difficulty: 10 });
    }
    expect(gm.errors).toEqual([]);
  });

  it("an effect with no condition is refused with a warning, and nothing is created", async () => {
    const grusha = actor(gm, GRUSHA_ID);
    const [effect] = await world.as(gm, () => grusha.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessing" }])) as unknown as EffectDoc[];
    await flush();
    const sheet = await open(gm, actor(gm, ADA_ID));
    const before = actor(gm, ADA_ID).effects.contents.length;
    await dropData(gm, sheet, { type: "ActiveEffect", uuid: effect.uuid });
    expect(actor(gm, ADA_ID).effects.contents).toHaveLength(before);
    expect(gm.notifications.at(-1)).toMatchObject({ type: "warn", message: gm.game.i18n.format("CLOCKWORK.Conditions.Drop.NotStatus", { name: "Blessing", actor: "Ada" }) });
  });

  it("a drop that resolves to nothing throws in _onDrop, as core's does", async () => {
    const sheet = await open(gm, actor(gm, ADA_ID));
    const t = transfer();
    t.setData("text/plain", JSON.stringify({ type: "Item", uuid: `Actor.${ADA_ID}.Item.missing0000000a` }));
    await expect(world.as(gm, () => sheet._onDrop(dragEvent("drop", t)))).rejects.toThrow(TypeError);
  });
});

describe("the portrait", { timeout: 30_000 }, () => {
  it("editImage opens a file picker at the current image; the chosen file is stored on every client", async () => {
    const sheet = await open(alice, actor(alice, ADA_ID));
    const img = sheet.element.querySelector<HTMLImageElement>("img[data-edit=img]")!;
    await world.as(alice, async () => {
      img.click();
      await flush();
    });
    const picker = await world.as(alice, () => FilePicker.opened.at(-1));
    expect(picker?.current).toBe("icons/svg/mystery-man.svg");
    expect(picker?.type).toBe("image");
    await world.as(alice, async () => {
      await picker!.choose("icons/svg/cowled.svg");
      await flush();
    });
    await flush();
    for (const client of [gm, alice, bob]) expect(actor(client, ADA_ID).img).toBe("icons/svg/cowled.svg");
  });
});

describe("a Combat change", { timeout: 30_000 }, () => {
  it("re-renders the sheets of its combatants' actors, and they keep working", async () => {
    const sheet = await open(alice, actor(alice, ADA_ID));
    let renders = 0;
    sheet.addEventListener("render", () => renders++);
    const [combatId] = await world.seed("Combat", [{ active: true, combatants: [{ actorId: ADA_ID, name: "Ada", initiative: 10 }] }]);
    await flush();
    const combat = gm.game.combats.get(combatId) as unknown as { update(c: object, o?: object): Promise<unknown> };
    const before = renders;
    await world.as(gm, () => combat.update({ round: 1 }, { turnEvents: false }));
    await flush();
    expect(renders).toBeGreaterThan(before);
    expect(sheet.rendered).toBe(true);
    expect(alice.errors).toEqual([]);
  });
});
