// @vitest-environment happy-dom
/**
 * The system's real sheet and dialog classes, run by the test world's ApplicationV2 in a
 * GM + two players world: who may open and edit what, form routing to the server, refused
 * values, drag and drop, rolls, and the re-render every client does after a write.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../index";
import { createSeededDomWorld } from "./dom-world";
import { appear } from "../wait";
import { ADA_ID, GRUSHA_ID, WEAPON_ID } from "../browser/seed";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

/** Waits for the work the world tracks: writes, their broadcasts, renders and form submits. */
const flush = () => world.settle();

interface SheetLike {
  id: string;
  element: HTMLElement;
  rendered: boolean;
  isEditable: boolean;
  render(options?: object): Promise<unknown>;
  close(): Promise<unknown>;
  submit(): Promise<unknown>;
  tabGroups: Record<string, string | null>;
}

interface DocLike {
  id: string;
  uuid: string;
  name: string;
  system: Record<string, unknown>;
  apps: Record<string, unknown>;
  items: { size: number; contents: DocLike[]; get(id: string): DocLike | undefined };
  sheet: SheetLike;
}

function actorOf(client: WorldClient, id = ADA_ID): DocLike {
  return (client.game as unknown as { actors: { get(id: string): DocLike } }).actors.get(id);
}

async function openSheet(client: WorldClient, id = ADA_ID): Promise<SheetLike> {
  return world.as(client, async () => {
    const sheet = actorOf(client, id).sheet;
    await sheet.render({ force: true });
    return sheet;
  });
}

function root(client: WorldClient): HTMLElement {
  return document.querySelector<HTMLElement>(`.world-client[data-user-id="${client.user.id}"]`) ?? document.body;
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

beforeEach(async () => {
  world = await createSeededDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
});

describe("opening a character sheet", () => {
  it("as its owner: an editable form in that client's window, registered in the actor's apps", async () => {
    const sheet = await openSheet(alice);
    expect(sheet.rendered).toBe(true);
    expect(await world.as(alice, () => sheet.isEditable)).toBe(true);
    expect(root(alice).contains(sheet.element)).toBe(true);
    expect(sheet.element.tagName).toBe("FORM");
    expect(sheet.element.classList).toContain("clockwork");
    expect(Object.keys(actorOf(alice).apps)).toEqual([sheet.id]);
    const inputs = [...sheet.element.querySelectorAll<HTMLInputElement>(".window-content input")];
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.every((i) => !i.disabled)).toBe(true);
    expect(sheet.element.querySelectorAll("[data-action=rollSkill]").length).toBe(16);
  });

  it("as an observer: every field disabled, no roll buttons, and a submit changes nothing", async () => {
    const sheet = await openSheet(bob);
    // isEditable reads game.user: ask as Bob (outside as() the GM's client answers).
    expect(await world.as(bob, () => sheet.isEditable)).toBe(false);
    expect(await world.as(alice, () => sheet.isEditable)).toBe(true);
    const inputs = [...sheet.element.querySelectorAll<HTMLInputElement>(".window-content input, .window-content select")];
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.every((i) => i.disabled)).toBe(true);
    expect(sheet.element.querySelectorAll("[data-action=rollSkill]").length).toBe(0);
    const before = JSON.stringify(actorOf(gm).system);
    await world.as(bob, async () => {
      sheet.element.dispatchEvent(new Event("submit", { cancelable: true }));
      // The same handler run once more, awaited: the sync point after which a write would be stored.
      await sheet.submit();
      await flush();
    });
    expect(JSON.stringify(actorOf(gm).system)).toBe(before);
    expect(bob.notifications.filter((n) => n.type === "error")).toEqual([]);
  });

  it("as a player without permission: refused with a warning, nothing rendered", async () => {
    const sheet = await world.as(alice, async () => {
      const s = actorOf(alice, GRUSHA_ID).sheet;
      await s.render({ force: true });
      return s;
    });
    expect(sheet.rendered).toBe(false);
    expect(alice.notifications.map((n) => n.type)).toContain("warn");
  });
});

describe("editing", () => {
  it("a field change goes to the server, reaches the other clients and re-renders every open sheet", async () => {
    const mine = await openSheet(alice);
    const theirs = await openSheet(bob);
    const luck = mine.element.querySelector<HTMLInputElement>("input[name='system.luck.value']")!;
    expect(luck).not.toBeNull();
    const start = Number(luck.value);
    await change(alice, luck, String(start - 1));
    await world.settle();
    for (const client of [gm, alice, bob]) expect((actorOf(client).system.luck as { value: number }).value).toBe(start - 1);
    expect(theirs.element.querySelector<HTMLInputElement>("input[name='system.luck.value']")!.value).toBe(String(start - 1));
    expect(mine.element.querySelector<HTMLInputElement>("input[name='system.luck.value']")!.value).toBe(String(start - 1));
  });

  // Core v13 validates partial changes against the type's model before update(), so the
  // sheet's own guard reports the refusal (DocumentSheetV2#_prepareSubmitData).
  it("a refused value: the sheet's localized message naming the field, the stored value shown again, the rest kept", async () => {
    const sheet = await openSheet(alice);
    await click(alice, sheet.element.querySelector("[data-action=toggleMode]"));
    const rank = await appear<HTMLInputElement>("input[name='system.skills.strength.rank']", sheet.element);
    const before = actorOf(gm).system;
    await change(alice, rank, "99");
    await flush();
    expect(alice.notifications.some((n) => n.type === "error")).toBe(true);
    await world.settle();
    const errors = alice.notifications.filter((n) => n.type === "error").map((n) => n.message);
    expect(actorOf(gm).system).toEqual(before);
    const shown = sheet.element.querySelector<HTMLInputElement>("input[name='system.skills.strength.rank']")!;
    expect(shown.value).toBe(String((before.skills as Record<string, { rank: number }>).strength.rank));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Change not saved: /);
  });

  it("tabs switch on a click of the tab button", async () => {
    const sheet = await openSheet(alice);
    expect(sheet.tabGroups.primary).toBe("main");
    await click(alice, sheet.element.querySelector("[data-action=tab][data-tab=equipment]"));
    await flush();
    expect(sheet.tabGroups.primary).toBe("equipment");
    expect(sheet.element.querySelector("section.tab[data-tab=equipment]")?.classList).toContain("active");
  });
});

describe("drag and drop", () => {
  function drop(sheet: SheetLike, data: object): DragEvent {
    const event = new Event("drop", { bubbles: true, cancelable: true }) as DragEvent;
    Object.defineProperty(event, "dataTransfer", { value: { getData: (t: string) => (t === "text/plain" ? JSON.stringify(data) : "") } });
    sheet.element.querySelector(".window-content")!.dispatchEvent(event);
    return event;
  }

  it("a compendium item dropped by the owner is created on the actor", async () => {
    const sheet = await openSheet(alice);
    const before = actorOf(gm).items.size;
    const uuid = await world.as(alice, async () => {
      const pack = (alice.game as unknown as { packs: { get(id: string): { getIndex(): Promise<Iterable<{ uuid: string; name: string; type: string }>> } } }).packs.get("clockwork.weapons");
      const index = [...await pack.getIndex()];
      return index[0].uuid;
    });
    await world.as(alice, async () => {
      expect(drop(sheet, { type: "Item", uuid }).defaultPrevented).toBe(true);
      await flush();
    });
    await flush();
    expect(actorOf(gm).items.size).toBe(before + 1);
    await flush();
    expect(actorOf(bob).items.size).toBe(before + 1);
  });

  it("an observer's drop does nothing", async () => {
    const sheet = await openSheet(bob);
    const before = actorOf(gm).items.size;
    await world.as(bob, async () => {
      // Refused at once: an observer's sheet is no drop zone, so no handler starts.
      expect(drop(sheet, { type: "Item", uuid: `Actor.${ADA_ID}.Item.${WEAPON_ID}` }).defaultPrevented).toBe(false);
      await flush();
    });
    expect(actorOf(gm).items.size).toBe(before);
  });
});

describe("deleting an equipped item", () => {
  it("asks, then deletes the item and frees the slot on every client", async () => {
    const sheet = await openSheet(alice);
    expect((actorOf(gm).system.equipped as Record<string, string>).mainHand).toBe(WEAPON_ID);
    await click(alice, sheet.element.querySelector("[data-action=toggleMode]"));
    await click(alice, await appear(`[data-action=deleteItem][data-item-id="${WEAPON_ID}"]`, sheet.element));
    await click(alice, await appear("dialog button[data-action=yes]", root(alice)));
    await flush();
    expect(actorOf(gm).items.get(WEAPON_ID)).toBeUndefined();
    await flush();
    expect((actorOf(bob).system.equipped as Record<string, string>).mainHand).toBe("");
    expect(alice.errors).toEqual([]);
  });
});

describe("rolling a skill", () => {
  it("opens the roll dialog; rolling posts the chat card every client sees", async () => {
    const sheet = await openSheet(alice);
    await click(alice, sheet.element.querySelector("[data-action=rollSkill][data-skill=strength]"));
    const dialog = await appear(".cw-roll-dialog-app", root(alice));
    const messages = (c: WorldClient) => (c.game as unknown as { messages: { size: number; contents: { content: string }[] } }).messages;
    const before = messages(gm).size;
    const submit = dialog!.querySelector<HTMLButtonElement>("button[type=submit]");
    await world.as(alice, async () => {
      if (submit) submit.click();
      else dialog!.dispatchEvent(new Event("submit", { cancelable: true }));
      await flush();
    });
    await flush();
    expect(messages(gm).size).toBe(before + 1);
    await flush();
    expect(messages(bob).size).toBe(before + 1);
    expect(messages(gm).contents.at(-1)!.content).toContain("cw-");
    await flush();
    expect(root(alice).querySelector(".cw-roll-dialog-app")).toBeNull();
  });
});

describe("the roll dialog", () => {
  it("re-renders only the parts a change alters: the Roll button stays the same element under the pointer", async () => {
    const sheet = await openSheet(alice);
    await click(alice, sheet.element.querySelector("[data-action=rollSkill][data-skill=strength]"));
    const dialog = await appear(".cw-roll-dialog-app", root(alice));
    const footer = dialog.querySelector("[data-application-part=footer]");
    const button = dialog.querySelector("button[type=submit]");
    const pool = dialog.querySelector("[data-application-part=pool]")!.textContent;
    const situational = dialog.querySelector<HTMLInputElement>("input[name=situational]")!;
    await change(alice, situational, "2");
    await flush();
    expect(dialog.querySelector("[data-application-part=pool]")!.textContent).not.toBe(pool);
    expect(dialog.querySelector("[data-application-part=footer]")).toBe(footer);
    expect(dialog.querySelector("button[type=submit]")).toBe(button);
    await click(alice, dialog.querySelector("[data-action=close]"));
    await flush();
    expect(root(alice).querySelector(".cw-roll-dialog-app")).toBeNull();
  });
});

describe("a species dropped from the compendium", () => {
  it("opens the choice dialog; applying the picks creates the species on every client", async () => {
    const sheet = await openSheet(alice);
    const species = await world.as(alice, async () => {
      const pack = (game as unknown as { packs: { get(id: string): { getIndex(): Promise<Iterable<{ uuid: string; name: string }>> } } }).packs.get("clockwork.species");
      return [...await pack.getIndex()].find((e) => e.name === "Humans") ?? [...await pack.getIndex()][0];
    });
    await world.as(alice, async () => {
      const event = new Event("drop", { bubbles: true, cancelable: true });
      Object.defineProperty(event, "dataTransfer", { value: { getData: () => JSON.stringify({ type: "Item", uuid: species.uuid }) } });
      sheet.element.querySelector(".window-content")!.dispatchEvent(event);
      await flush();
    });
    const dialog = await appear("dialog.dialog", root(alice));
    expect(dialog.querySelector(".window-title")?.textContent).toContain(species.name);
    await world.as(alice, async () => {
      for (const select of dialog.querySelectorAll<HTMLSelectElement>("select")) {
        const option = [...select.options].find((o) => o.value);
        if (option) select.value = option.value;
      }
      const picks = [...dialog.querySelectorAll<HTMLFieldSetElement>("fieldset.cw-pick")];
      for (const fieldset of picks) {
        const need = Number(/\d+/.exec(fieldset.querySelector("legend")?.textContent ?? "")?.[0] ?? 0);
        const boxes = [...fieldset.querySelectorAll<HTMLInputElement>("input[type=checkbox]")];
        boxes.forEach((box, i) => { box.checked = i < need; });
      }
      dialog.querySelector<HTMLElement>("button[data-action=apply]")!.click();
      await flush();
    });
    await flush();
    for (const client of [gm, alice, bob]) {
      expect(actorOf(client).items.contents.filter((i) => (i as unknown as { type: string }).type === "species").map((i) => i.name)).toEqual([species.name]);
    }
    expect(sheet.element.querySelector(".cw-species-name")?.textContent).toBe(species.name);
    expect(alice.notifications.filter((n) => n.type === "error")).toEqual([]);
  });
});

describe("the item sheet", () => {
  it("edits an owned item for its actor's owner and is read-only for an observer", async () => {
    const sword = (c: WorldClient) => actorOf(c).items.get(WEAPON_ID)!;
    const mine = await world.as(alice, async () => {
      const s = sword(alice).sheet;
      await s.render({ force: true });
      return s;
    });
    expect(mine.element.classList).toContain("item");
    // Item sheets open as a play card; the owner switches to the edit form.
    if (!mine.element.querySelector("input[name=name]")) await click(alice, mine.element.querySelector("[data-action=toggleMode]"));
    const name = await appear<HTMLInputElement>("input[name=name]", mine.element);
    expect(name.disabled).toBe(false);
    await change(alice, name, "Bastard sword");
    await flush();
    expect(sword(gm).name).toBe("Bastard sword");
    await flush();
    expect(sword(bob).name).toBe("Bastard sword");
    const theirs = await world.as(bob, async () => {
      const s = sword(bob).sheet;
      await s.render({ force: true });
      return s;
    });
    expect(theirs.element.querySelector("[data-action=toggleMode]")).toBeNull();
    const fields = [...theirs.element.querySelectorAll<HTMLInputElement>(".window-content input, .window-content select")];
    expect(fields.every((f) => f.disabled)).toBe(true);
    expect(theirs.element.textContent).toContain("Bastard sword");
  });
});

describe("the NPC sheet", () => {
  it("opens for the GM", async () => {
    const sheet = await openSheet(gm, GRUSHA_ID);
    expect(sheet.rendered).toBe(true);
    expect(sheet.element.classList).toContain("npc");
    expect(sheet.element.querySelectorAll("[data-action=rollSkill]").length).toBeGreaterThan(0);
    expect(gm.errors).toEqual([]);
  });
});
