// @vitest-environment happy-dom
/**
 * The sheet classes' wiring in a GM + Alice + Bob test world with the real ApplicationV2:
 * which parts a document change redraws (and that a tab left out is redrawn when shown), the
 * item sheet's play/edit modes and link drop zones, busy controls, and equip refusals.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createSeededDomWorld } from "../../world/applications/dom-world";
import { appear } from "../../world/wait";
import { ADA_ID, ARMOR_ID, GRUSHA_ID, WEAPON_ID } from "../../world/browser/seed";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

interface SheetLike {
  element: HTMLElement;
  rendered: boolean;
  parts: Record<string, HTMLElement>;
  tabGroups: Record<string, string | null>;
  render(options?: object): Promise<unknown>;
}
interface Doc {
  id: string;
  uuid: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  sheet: SheetLike;
  items: { size: number; contents: Doc[]; get(id: string): Doc | undefined };
  update(changes: object): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[]): Promise<Doc[]>;
}
interface IndexEntry { _id: string; uuid: string; name: string; img: string; type: string }

/** Waits for the work the world tracks: writes, their broadcasts, renders and form submits. */
const flush = () => world.settle();
const actor = (client: WorldClient, id = ADA_ID) => (client.game.actors as unknown as { get(id: string): Doc }).get(id);
const worldItem = (client: WorldClient, id: string) => (client.game.items as unknown as { get(id: string): Doc }).get(id);

async function open(client: WorldClient, doc: Doc, options: object = {}): Promise<SheetLike> {
  return world.as(client, async () => {
    await doc.sheet.render({ force: true, ...options });
    return doc.sheet;
  });
}

async function change(client: WorldClient, input: HTMLInputElement | HTMLSelectElement, value: string): Promise<void> {
  await world.as(client, async () => {
    input.value = value;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await flush();
  });
}

async function click(client: WorldClient, el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await world.as(client, async () => {
    (el as HTMLElement).click();
    await flush();
  });
}

/** The part elements on screen now, by part id. */
function partElements(sheet: SheetLike): Record<string, Element> {
  const found: Record<string, Element> = {};
  for (const el of sheet.element.querySelectorAll("[data-application-part]")) found[(el as HTMLElement).dataset.applicationPart as string] = el;
  return found;
}

/** Part ids whose element was replaced between two snapshots. */
function redrawn(before: Record<string, Element>, after: Record<string, Element>): string[] {
  return Object.keys(after).filter((part) => before[part] !== after[part]).sort();
}

/** The `parts` option of every render of this sheet class on the client. */
function renderedParts(client: WorldClient, hook: string): string[][] {
  const seen: string[][] = [];
  client.Hooks.on(hook, ((_app: unknown, _el: unknown, _ctx: unknown, options: { parts?: string[] }) => { seen.push([...(options.parts ?? [])].sort()); }) as never);
  return seen;
}

/** The context of every render of this sheet class on the client. */
function renderedContexts(client: WorldClient, hook: string): Record<string, unknown>[] {
  const seen: Record<string, unknown>[] = [];
  client.Hooks.on(hook, ((_app: unknown, _el: unknown, context: Record<string, unknown>) => { seen.push(context); }) as never);
  return seen;
}

async function packIndex(client: WorldClient, pack: string): Promise<IndexEntry[]> {
  return world.as(client, async () => {
    const p = (client.game as unknown as { packs: { get(id: string): { getIndex(): Promise<Iterable<IndexEntry>> } } }).packs.get(pack);
    return [...await p.getIndex()];
  });
}

function dragEvent(type: string, data?: object): DragEvent {
  const event = new Event(type, { bubbles: true, cancelable: true }) as DragEvent;
  Object.defineProperty(event, "dataTransfer", {
    value: { getData: (t: string) => (t === "text/plain" && data ? JSON.stringify(data) : ""), dropEffect: "none" },
  });
  return event;
}

async function dropOn(client: WorldClient, zone: Element | null, data: object): Promise<void> {
  if (!zone) throw new Error("no drop zone");
  await world.as(client, async () => {
    zone.dispatchEvent(dragEvent("drop", data));
    await flush();
  });
}

beforeEach(async () => {
  world = await createSeededDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
});

describe("partial re-renders", () => {
  it("one field edit on the character sheet redraws the header and the active tab, nothing else", async () => {
    const sheet = await open(alice, actor(alice));
    const renders = renderedParts(alice, "renderClockworkCharacterSheet");
    const before = partElements(sheet);
    expect(Object.keys(before).sort()).toEqual(["biography", "equipment", "features", "header", "magic", "main", "tabs"]);
    const luck = sheet.element.querySelector<HTMLInputElement>("input[name='system.luck.value']")!;
    await change(alice, luck, String(Number(luck.value) - 1));
    await flush();
    expect(renders).toEqual([["header", "main"]]);
    expect(redrawn(before, partElements(sheet))).toEqual(["header", "main"]);
  });

  it("a field edit builds the context of the header and the active tab only, not the other tabs'", async () => {
    const sheet = await open(alice, actor(alice));
    const contexts = renderedContexts(alice, "renderClockworkCharacterSheet");
    const luck = sheet.element.querySelector<HTMLInputElement>("input[name='system.luck.value']")!;
    await change(alice, luck, String(Number(luck.value) - 1));
    await flush();
    expect(contexts).toHaveLength(1);
    // main's skill table is built; the equipment, magic and features tabs' lists are not.
    expect(contexts[0]).toHaveProperty("attributes");
    expect(contexts[0]).toHaveProperty("luck.value", Number(luck.value));
    for (const key of ["weapons", "equipment", "spells", "magic", "species", "foci", "features", "advancement"]) expect(contexts[0]).not.toHaveProperty(key);
    // On the equipment tab, the same edit builds that tab's lists and not main's skill table.
    await click(alice, sheet.element.querySelector("[data-action=tab][data-tab=equipment]"));
    await flush();
    expect(sheet.tabGroups.primary).toBe("equipment");
    await flush();
    expect(contexts).toHaveLength(2);
    await world.as(alice, () => actor(alice).update({ "system.currency": 77 }));
    await flush();
    expect(contexts).toHaveLength(3);
    expect(contexts[2]).toHaveProperty("equipment.currency.value", 77);
    for (const key of ["attributes", "spells", "magic", "advancement"]) expect(contexts[2]).not.toHaveProperty(key);
  });

  it("on another tab, the edit redraws that tab instead", async () => {
    const sheet = await open(alice, actor(alice));
    await click(alice, sheet.element.querySelector("[data-action=tab][data-tab=equipment]"));
    await flush();
    expect(sheet.tabGroups.primary).toBe("equipment");
    const renders = renderedParts(alice, "renderClockworkCharacterSheet");
    const before = partElements(sheet);
    await world.as(alice, () => actor(alice).update({ "system.currency": 1234 }));
    await flush();
    expect(renders).toEqual([["equipment", "header"]]);
    expect(redrawn(before, partElements(sheet))).toEqual(["equipment", "header"]);
    expect(sheet.element.querySelector("section.tab[data-tab=equipment]")?.classList).toContain("active");
  });

  it("a tab left out is drawn from the current data when it is shown, and only once", async () => {
    const sheet = await open(alice, actor(alice));
    const stale = sheet.element.querySelector("section.tab[data-tab=equipment]")!;
    // Another user renames the sword: Alice's sheet redraws the header and the main tab.
    const redraws = renderedParts(alice, "renderClockworkCharacterSheet");
    await world.as(gm, () => actor(gm).items.get(WEAPON_ID)!.update({ name: "Bastard sword" }));
    await flush();
    expect(redraws).toEqual([["header", "main"]]);
    expect(sheet.element.querySelector("section.tab[data-tab=equipment]")).toBe(stale);
    const renders = renderedParts(alice, "renderClockworkCharacterSheet");
    await click(alice, sheet.element.querySelector("[data-action=tab][data-tab=equipment]"));
    await flush();
    expect(renders).toEqual([["equipment"]]);
    const shown = sheet.element.querySelector("section.tab[data-tab=equipment]")!;
    expect(shown).not.toBe(stale);
    expect(shown.classList).toContain("active");
    expect(shown.textContent).toContain("Bastard sword");
    // Back and forth again: nothing is stale any more, so nothing is drawn.
    await click(alice, sheet.element.querySelector("[data-action=tab][data-tab=main]"));
    await flush();
    expect(sheet.tabGroups.primary).toBe("main");
    await click(alice, sheet.element.querySelector("[data-action=tab][data-tab=equipment]"));
    await flush();
    expect(sheet.tabGroups.primary).toBe("equipment");
    await flush();
    expect(renders).toEqual([["equipment"]]);
  });

  it("explicit renders (mode toggle, a refused write's redraw) still draw every part", async () => {
    const sheet = await open(alice, actor(alice));
    const renders = renderedParts(alice, "renderClockworkCharacterSheet");
    await click(alice, sheet.element.querySelector("[data-action=toggleMode]"));
    await flush();
    expect(renders).toEqual([["biography", "equipment", "features", "header", "magic", "main", "tabs"]]);
  });

  it("the NPC sheet redraws its header and active tab", async () => {
    const sheet = await open(gm, actor(gm, GRUSHA_ID));
    const renders = renderedParts(gm, "renderClockworkNpcSheet");
    const before = partElements(sheet);
    expect(Object.keys(before).sort()).toEqual(["header", "main", "notes", "skills", "tabs"]);
    await world.as(gm, () => actor(gm, GRUSHA_ID).update({ name: "Grusha the Loud" }));
    await flush();
    expect(renders).toEqual([["header", "main"]]);
    expect(redrawn(before, partElements(sheet))).toEqual(["header", "main"]);
    const header = sheet.element.querySelector("[data-application-part=header]")!;
    expect(header.querySelector<HTMLInputElement>("input[name=name]")?.value ?? header.textContent).toContain("Grusha the Loud");
  });

  it("the item sheet redraws header and details; the description only when it changed", async () => {
    const sword = actor(alice).items.get(WEAPON_ID)!;
    const sheet = await open(alice, sword, { mode: "edit" });
    const renders = renderedParts(alice, "renderClockworkItemSheet");
    const before = partElements(sheet);
    await change(alice, sheet.element.querySelector<HTMLInputElement>("input[name=name]")!, "Bastard sword");
    await flush();
    expect(actor(gm).items.get(WEAPON_ID)!.name).toBe("Bastard sword");
    await flush();
    expect(renders).toEqual([["details", "header"]]);
    expect(redrawn(before, partElements(sheet))).toEqual(["details", "header"]);
    await world.as(alice, () => sword.update({ "system.description": "<p>Heavy.</p>" }));
    await flush();
    expect(renders.slice(1)).toEqual([["description", "details", "header"]]);
  });
});

describe("item sheet modes", () => {
  it("opens as the card for its owner; the toggle switches to the form and back", async () => {
    const sheet = await open(alice, actor(alice).items.get(WEAPON_ID)!);
    expect(sheet.element.querySelector("input[name=name]")).toBeNull();
    expect(sheet.element.querySelector(".cw-item-title")?.textContent).toBe("Longsword");
    const toggle = sheet.element.querySelector("[data-action=toggleMode]");
    expect(toggle?.getAttribute("aria-pressed")).toBe("false");
    await click(alice, toggle);
    expect((await appear<HTMLInputElement>("input[name=name]", sheet.element)).disabled).toBe(false);
    expect(sheet.element.querySelector("[data-action=toggleMode]")?.getAttribute("aria-pressed")).toBe("true");
    await click(alice, sheet.element.querySelector("[data-action=toggleMode]"));
    await flush();
    expect(sheet.element.querySelector("input[name=name]")).toBeNull();
    expect(sheet.element.querySelector(".cw-item-title")?.textContent).toBe("Longsword");
  });

  it("an observer gets the card and no toggle, even when asked for the form", async () => {
    const sheet = await open(bob, actor(bob).items.get(WEAPON_ID)!, { mode: "edit" });
    expect(sheet.element.querySelector("[data-action=toggleMode]")).toBeNull();
    expect(sheet.element.querySelector("input[name=name]")).toBeNull();
  });

  it("an item created from the actor sheet opens as the form", async () => {
    const sheet = await open(alice, actor(alice));
    await click(alice, sheet.element.querySelector("[data-action=toggleMode]"));
    await click(alice, await appear("[data-action=createItem][data-type=weapon]", sheet.element));
    const created = actor(alice).items.contents.find((i) => i.type === "weapon" && i.id !== WEAPON_ID)!;
    expect(created?.sheet.rendered).toBe(true);
    expect((await appear<HTMLInputElement>("input[name=name]", created.sheet.element)).value).toBe(created.name);
  });
});

describe("link drop zones", () => {
  async function spellSheet(): Promise<{ spell: Doc; sheet: SheetLike }> {
    const [spell] = await world.as(alice, () => actor(alice).createEmbeddedDocuments("Item", [{ name: "Glimmer", type: "spell" }]));
    await flush();
    const mine = actor(alice).items.get(spell.id)!;
    return { spell: mine, sheet: await open(alice, mine, { mode: "edit" }) };
  }

  it("a spell dropped on the pair field is stored by its identifier and shown with its name and icon", async () => {
    const { spell, sheet } = await spellSheet();
    const slow = (await packIndex(alice, "clockwork.spells")).find((e) => e.name === "Slow")!;
    await dropOn(alice, sheet.element.querySelector("[data-drop-field='system.pair']"), { type: "Item", uuid: slow.uuid });
    await flush();
    expect(actor(gm).items.get(spell.id)!.system.pair).toBe("slow");
    const link = await appear("[data-drop-field='system.pair'] .cw-link", sheet.element);
    expect(link.querySelector(".cw-link-name")?.textContent).toBe("Slow");
    expect(link.querySelector("img")?.getAttribute("src")).toBe(slow.img);
    expect(link.classList).not.toContain("is-missing");
    expect(alice.notifications.filter((n) => n.type !== "info")).toEqual([]);
  });

  it("a compendium spell dropped on a scroll's spell field is stored by UUID, named from the index", async () => {
    const [id] = await world.seed("Item", [{ name: "Scroll", type: "equipment" }]);
    await flush();
    const sheet = await open(gm, worldItem(gm, id), { mode: "edit" });
    const target = (await packIndex(gm, "clockwork.spells")).find((e) => e.type === "spell")!;
    await dropOn(gm, sheet.element.querySelector("[data-drop-field='system.castsSpell']"), { type: "Item", uuid: target.uuid });
    await flush();
    expect(worldItem(gm, id).system.castsSpell).toBe(target.uuid);
    const link = await appear("[data-drop-field='system.castsSpell'] .cw-link", sheet.element);
    expect(link.querySelector(".cw-link-name")?.textContent).toBe(target.name);
    expect(link.querySelector("img")?.getAttribute("src")).toBe(target.img);
    // The play-mode card names it too.
    await click(gm, sheet.element.querySelector("[data-action=toggleMode]"));
    await flush();
    expect(sheet.element.querySelector("[data-drop-field]")).toBeNull();
    expect(sheet.element.textContent).toContain(target.name);
    expect(sheet.element.textContent).not.toContain(target.uuid);
  });

  it("a paired spell's card names its pair, not its identifier", async () => {
    const [id] = await world.seed("Item", [{ name: "Hasty", type: "spell", system: { identifier: "hasty", pair: "slow" } }]);
    await flush();
    const sheet = await open(gm, worldItem(gm, id));
    expect(sheet.element.querySelector(".cw-item-card .cw-link")?.textContent?.trim()).toBe("Slow");
    expect(sheet.element.querySelector(".cw-link.is-missing")).toBeNull();
  });

  it("a drop of the wrong type is refused with a warning naming the item and the type", async () => {
    const { spell, sheet } = await spellSheet();
    const focus = (await packIndex(alice, "clockwork.foci"))[0];
    await dropOn(alice, sheet.element.querySelector("[data-drop-field='system.pair']"), { type: "Item", uuid: focus.uuid });
    const warning = alice.notifications.find((n) => n.type === "warn")!.message;
    expect(actor(gm).items.get(spell.id)!.system.pair ?? "").toBe("");
    expect(warning).toContain(focus.name);
    expect(warning).toMatch(/spell/i);
    expect(warning).not.toMatch(/CLOCKWORK\./);
  });

  it("the remove button clears the link", async () => {
    const { spell, sheet } = await spellSheet();
    const slow = (await packIndex(alice, "clockwork.spells")).find((e) => e.name === "Slow")!;
    await dropOn(alice, sheet.element.querySelector("[data-drop-field='system.pair']"), { type: "Item", uuid: slow.uuid });
    await click(alice, await appear("[data-action=removeLink][data-field='system.pair'][data-uuid='slow']", sheet.element));
    await flush();
    expect(actor(gm).items.get(spell.id)!.system.pair ?? "").toBe("");
    await flush();
    expect(sheet.element.querySelector("[data-drop-field='system.pair'] .cw-link")).toBeNull();
  });

  it("a list field (a species' granted foci) appends, ignores a repeat, and removes one entry", async () => {
    const [id] = await world.seed("Item", [{ name: "Test folk", type: "species", system: { grants: [{ kind: "focus", choose: 1, options: [] }] } }]);
    await flush();
    const sheet = await open(gm, worldItem(gm, id), { mode: "edit" });
    const [first, second, third] = await packIndex(gm, "clockwork.foci");
    const zone = () => sheet.element.querySelector("[data-drop-field='system.grants.0.options']");
    expect(zone()?.getAttribute("data-drop-multiple")).toBe("true");
    const grants = () => worldItem(gm, id).system.grants as { kind: string; options: string[] }[];
    const names = () => [...zone()!.querySelectorAll(".cw-link-name")].map((n) => n.textContent);
    await dropOn(gm, zone(), { type: "Item", uuid: first.uuid });
    await flush();
    expect(names()).toEqual([first.name]);
    await dropOn(gm, zone(), { type: "Item", uuid: second.uuid });
    await flush();
    expect(names()).toEqual([first.name, second.name]);
    // The repeat is ignored silently; a new entry dropped after it is the sync point.
    await dropOn(gm, zone(), { type: "Item", uuid: first.uuid });
    await dropOn(gm, zone(), { type: "Item", uuid: third.uuid });
    await flush();
    expect(names()).toEqual([first.name, second.name, third.name]);
    await flush();
    expect(grants()).toEqual([expect.objectContaining({ kind: "focus", options: [first.uuid, second.uuid, third.uuid] })]);
    await click(gm, zone()!.querySelector(`[data-action=removeLink][data-uuid='${first.uuid}']`));
    await flush();
    expect(grants()[0].options).toEqual([second.uuid, third.uuid]);
  });

  it("the zone under a drag is highlighted until the drag leaves or drops", async () => {
    const { sheet } = await spellSheet();
    const zone = sheet.element.querySelector<HTMLElement>("[data-drop-field='system.pair']")!;
    zone.dispatchEvent(dragEvent("dragenter"));
    expect(zone.classList).toContain("is-drop-target");
    zone.dispatchEvent(dragEvent("dragleave"));
    expect(zone.classList).not.toContain("is-drop-target");
    const over = dragEvent("dragover");
    zone.dispatchEvent(over);
    expect(over.defaultPrevented).toBe(true);
    expect(zone.classList).toContain("is-drop-target");
  });

  it("a render that keeps the zone in place does not make one drop write twice", async () => {
    const [id] = await world.seed("Item", [{ name: "Test folk", type: "species", system: { grants: [{ kind: "focus", choose: 1, options: [] }] } }]);
    await flush();
    const sheet = await open(gm, worldItem(gm, id), { mode: "edit" });
    await world.as(gm, () => sheet.render({ parts: ["description"] }));
    await world.as(gm, () => sheet.render({ parts: ["header"] }));
    const writes: unknown[] = [];
    gm.Hooks.on("preUpdateItem", ((_doc: unknown, changes: unknown) => { writes.push(changes); }) as never);
    const [focus] = await packIndex(gm, "clockwork.foci");
    await dropOn(gm, sheet.element.querySelector("[data-drop-field='system.grants.0.options']"), { type: "Item", uuid: focus.uuid });
    await flush();
    expect(writes).toHaveLength(1);
  });

  it("an observer's sheet has no zone to drop on: nothing changes", async () => {
    const { spell } = await spellSheet();
    const sheet = await open(bob, actor(bob).items.get(spell.id)!);
    const target = (await packIndex(bob, "clockwork.spells")).find((e) => e.type === "spell")!;
    const zone = sheet.element.querySelector("[data-drop-field]");
    if (zone) await dropOn(bob, zone, { type: "Item", uuid: target.uuid });
    expect(actor(gm).items.get(spell.id)!.system.pair ?? "").toBe("");
  });
});

describe("busy controls", () => {
  it("a pending action marks its control busy and disabled; a second click does nothing", async () => {
    const sheet = await open(alice, actor(alice));
    await click(alice, sheet.element.querySelector("[data-action=toggleMode]"));
    const before = actor(gm).items.size;
    const button = sheet.element.querySelector<HTMLButtonElement>("[data-action=createItem][data-type=equipment]")!;
    await world.as(alice, async () => {
      button.click();
      expect(button.getAttribute("aria-busy")).toBe("true");
      expect(button.disabled).toBe(true);
      // The disabled state would stop a real pointer; the guard also stops a scripted click.
      button.disabled = false;
      button.click();
      await flush();
    });
    await flush();
    expect(button.getAttribute("aria-busy")).toBeNull();
    await flush();
    expect(actor(gm).items.size).toBe(before + 1);
    expect(button.disabled).toBe(false);
  });

  it("the drop zone is busy while its write is pending", async () => {
    const [spell] = await world.as(alice, () => actor(alice).createEmbeddedDocuments("Item", [{ name: "Glimmer", type: "spell" }]));
    await flush();
    const sheet = await open(alice, actor(alice).items.get(spell.id)!, { mode: "edit" });
    const target = (await packIndex(alice, "clockwork.spells")).find((e) => e.name === "Slow")!;
    const zone = sheet.element.querySelector<HTMLElement>("[data-drop-field='system.pair']")!;
    let busyDuringWrite: string | null = null;
    alice.Hooks.on("preUpdateItem", (() => { busyDuringWrite = zone.getAttribute("aria-busy"); }) as never);
    await dropOn(alice, zone, { type: "Item", uuid: target.uuid });
    await flush();
    expect(busyDuringWrite).toBe("true");
  });
});

describe("equip refusals", () => {
  it("a vetoed equip leaves the slots as they were and redraws the sheet from them", async () => {
    const sheet = await open(alice, actor(alice));
    const before = structuredClone(actor(gm).system.equipped);
    const renders = renderedParts(alice, "renderClockworkCharacterSheet");
    alice.Hooks.on("preUpdateActor", (() => false) as never);
    await click(alice, sheet.element.querySelector("[data-tab=equipment][data-action=tab]"));
    await flush();
    expect(sheet.tabGroups.primary).toBe("equipment");
    await flush();
    renders.length = 0;
    const unequip = sheet.element.querySelector(`[data-item-id="${ARMOR_ID}"] [data-action=equipArmor], [data-action=equipArmor][data-item-id="${ARMOR_ID}"]`);
    await click(alice, unequip);
    await flush();
    expect(renders).toHaveLength(1);
    expect(actor(gm).system.equipped).toEqual(before);
    expect(alice.errors).toEqual([]);
  });

  it("a vetoed equip into a free hand is redrawn too", async () => {
    const pistol = (await packIndex(alice, "clockwork.weapons")).find((e) => e.name === "Flintlock Pistol")!;
    const [dagger] = await world.as(alice, async () => {
      const source = ((await fromUuid(pistol.uuid as never)) as unknown as { toObject(): Record<string, unknown> }).toObject();
      expect((source.system as { hands: string }).hands).toBe("off");
      return actor(alice).createEmbeddedDocuments("Item", [source]);
    });
    await flush();
    const sheet = await open(alice, actor(alice));
    const before = structuredClone(actor(gm).system.equipped);
    expect((before as Record<string, string>).offHand).toBe("");
    const renders = renderedParts(alice, "renderClockworkCharacterSheet");
    alice.Hooks.on("preUpdateActor", (() => false) as never);
    await click(alice, sheet.element.querySelector(`[data-action=equipWeapon][data-item-id="${dagger.id}"][data-slot=offHand]`));
    await flush();
    expect(renders).toHaveLength(1);
    expect(actor(gm).system.equipped).toEqual(before);
  });

  it("an accepted unequip is stored and not redrawn twice", async () => {
    const sheet = await open(alice, actor(alice));
    await click(alice, sheet.element.querySelector("[data-tab=equipment][data-action=tab]"));
    await flush();
    expect(sheet.tabGroups.primary).toBe("equipment");
    await flush();
    const renders = renderedParts(alice, "renderClockworkCharacterSheet");
    const unequip = sheet.element.querySelector(`[data-item-id="${ARMOR_ID}"] [data-action=equipArmor], [data-action=equipArmor][data-item-id="${ARMOR_ID}"]`);
    await click(alice, unequip);
    await flush();
    expect((actor(gm).system.equipped as Record<string, string>).armor).toBe("");
    await flush();
    expect(renders).toHaveLength(1);
  });
});
