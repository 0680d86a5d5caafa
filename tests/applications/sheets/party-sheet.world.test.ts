// @vitest-environment happy-dom
/**
 * The party sheet in the DOM world (issue 32; the real templates, ApplicationV2 and the system's
 * hooks): each member's vitals, wounds, mana, luck, counters and conditions, redrawn when a member
 * changes; players see only the members they observe (in the page and in the context data);
 * members join by drag (characters and companions, others refused with the reason) and leave by a
 * button; a deleted member vanishes; the GM's Award XP opens the award window with the members
 * chosen and writes each one's log, Request a roll posts the request card; the stash gives and
 * takes by drag under the write rules.
 */
import { describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { markupIdle } from "../../world/wait";
import { ADA, BRAM, GRUSHA, SWORD, seedFight } from "../../combat/attack/world-fixtures";
import { ClockworkPartySheet } from "../../../src/applications/sheets/party-sheet";

const PARTY = "sheetPartyActor1";
const ROPE = "sheetPartyRope01";
const PET = "sheetPartyPetNpc";

interface Sheet {
  element: HTMLElement;
  rendered: boolean;
  render(options?: object): Promise<unknown>;
  _prepareContext(options: object): Promise<{ members: { name: string; uuid: string }[] }>;
}
interface Doc {
  id: string;
  uuid: string;
  name: string;
  sheet: Sheet;
  system: Record<string, unknown> & { health: { vitalsLost: number; vitalsRemaining: number; wounds: number } };
  items: { contents: { id: string; name: string }[]; get(id: string): { uuid: string } | undefined };
  update(changes: object): Promise<unknown>;
  delete(): Promise<unknown>;
  toggleStatusEffect(id: string, options?: object): Promise<unknown>;
  getFlag(scope: string, key: string): unknown;
}

let world: World;

const flush = () => world.settle();
const doc = (c: WorldClient, id: string) => (c.game.actors as unknown as { get(id: string): Doc }).get(id);
const warnings = (c: WorldClient) => c.notifications.filter((n) => n.type === "warn").map((n) => n.message);

async function setup(options: { combat?: boolean } = {}) {
  document.body.innerHTML = "";
  world = await createDomWorld();
  const fight = await seedFight(world, { combat: options.combat ?? false });
  const { alice, bob } = fight;
  await world.seed("Actor", [
    { _id: PET, name: "Rusty", type: "npc", ownership: { default: 0, [bob.userId]: 3 } },
    { _id: PARTY, name: "The Company", type: "party", ownership: { default: 0, [alice.userId]: 3, [bob.userId]: 2 },
      system: { members: [`Actor.${ADA}`, `Actor.${BRAM}`] },
      items: [{ _id: ROPE, name: "Rope", type: "equipment", system: { quantity: 3 } }] },
  ]);
  await flush();
  return fight;
}

async function open(c: WorldClient, id = PARTY): Promise<Sheet> {
  const sheet = doc(c, id).sheet;
  await world.as(c, () => sheet.render({ force: true }));
  await flush();
  return sheet;
}

const cards = (sheet: Sheet) => [...sheet.element.querySelectorAll<HTMLElement>(".cw-party-member")];
const card = (sheet: Sheet, name: string) => cards(sheet).find((el) => el.querySelector(".cw-party-member__name")?.textContent === name);
const names = (sheet: Sheet) => cards(sheet).map((el) => el.querySelector(".cw-party-member__name")?.textContent);
const stat = (sheet: Sheet, name: string, key: string) => card(sheet, name)?.querySelector(`[data-stat="${key}"] .cw-party-value`)?.textContent?.trim();

async function click(c: WorldClient, el: HTMLElement | null | undefined): Promise<void> {
  expect(el).toBeTruthy();
  await world.as(c, async () => {
    el!.click();
    await flush();
  });
  await flush();
}

/** A browser's drag data store (text/plain JSON), as core's drag and drop reads it. */
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

async function dropData(c: WorldClient, sheet: Sheet, data: object): Promise<void> {
  await world.as(c, async () => {
    const t = transfer();
    t.setData("text/plain", JSON.stringify(data));
    sheet.element.querySelector(".window-content")!.dispatchEvent(dragEvent("drop", t));
    await flush();
  });
  await flush();
}

async function dragAndDrop(c: WorldClient, row: HTMLElement, target: Sheet): Promise<void> {
  await world.as(c, async () => {
    const data = transfer();
    row.dispatchEvent(dragEvent("dragstart", data));
    target.element.querySelector(".window-content")!.dispatchEvent(dragEvent("drop", data));
    await flush();
  });
  await flush();
}

describe("the party sheet", { timeout: 60_000 }, () => {
  it("shows each member's vitals, wounds, hits, mana and luck; a player sees only the members they observe, in the page and the context", async () => {
    const { gm, alice, bob } = await setup();
    const gmSheet = await open(gm);
    expect(gmSheet).toBeInstanceOf(ClockworkPartySheet);
    expect(names(gmSheet)).toEqual(["Ada", "Bram"]);
    const ada = doc(gm, ADA).system as unknown as { health: { vitalsRemaining: number; vitalsMax: number }; mana: { value: number; max: number }; luck: { value: number; max: number } };
    expect(stat(gmSheet, "Ada", "vitals")).toBe(`${ada.health.vitalsRemaining} / ${ada.health.vitalsMax}`);
    expect(stat(gmSheet, "Ada", "wounds")).toBe("0");
    expect(stat(gmSheet, "Ada", "mana")).toBe(`${ada.mana.value} / ${ada.mana.max}`);
    expect(stat(gmSheet, "Ada", "luck")).toBe(`${ada.luck.value} / ${ada.luck.max}`);
    expect(gmSheet.element.querySelector(".cw-party-tools")).not.toBeNull();

    // Alice owns Ada and cannot see Bram (Bob's): not in her page, not in her context data.
    const aliceSheet = await open(alice);
    expect(names(aliceSheet)).toEqual(["Ada"]);
    expect(aliceSheet.element.innerHTML).not.toContain("Bram");
    expect(aliceSheet.element.innerHTML).not.toContain(BRAM);
    const context = await world.as(alice, () => aliceSheet._prepareContext({})) as Awaited<ReturnType<Sheet["_prepareContext"]>> & { characterIds: string[] };
    expect(JSON.stringify({ members: context.members, characterIds: context.characterIds })).not.toContain(BRAM);
    expect(context.members.map((m) => m.name)).toEqual(["Ada"]);
    // No GM tools for a player.
    expect(aliceSheet.element.querySelector(".cw-party-tools")).toBeNull();
    // Bob observes Ada and owns Bram: both.
    expect(names(await open(bob))).toEqual(["Ada", "Bram"]);
    for (const c of [gm, alice, bob]) expect(c.errors).toEqual([]);
  });

  it("updates live on every open sheet when a member is damaged, wounded or gains a condition", async () => {
    const { gm, bob } = await setup();
    const gmSheet = await open(gm);
    const bobSheet = await open(bob);
    const before = doc(gm, ADA).system.health.vitalsRemaining;
    await world.as(gm, () => doc(gm, ADA).update({ "system.health.vitalsLost": 1, "system.health.wounds": 2 }));
    await flush();
    for (const sheet of [gmSheet, bobSheet]) {
      expect(stat(sheet, "Ada", "vitals")?.startsWith(`${before - 1} /`)).toBe(true);
      expect(stat(sheet, "Ada", "wounds")).toBe("2");
    }
    await world.as(gm, () => doc(gm, ADA).toggleStatusEffect("prone", { active: true }));
    await flush();
    for (const sheet of [gmSheet, bobSheet]) expect(card(sheet, "Ada")?.querySelector("[data-stat=conditions]")?.textContent).toContain("Prone");
    expect(card(gmSheet, "Bram")?.querySelector("[data-stat=conditions]")?.textContent).toContain("No conditions");
  });

  it("shows each member's counters in the running combat", async () => {
    const { gm } = await setup({ combat: true });
    const sheet = await open(gm);
    expect(card(sheet, "Ada")?.querySelector("[data-stat=counters] .cw-party-value")?.textContent).toContain("6 free, 0 held");
  });

  it("takes members by drag: a companion joins, a foe and a chest are refused with the reason", async () => {
    const { gm } = await setup();
    const sheet = await open(gm);
    await dropData(gm, sheet, { type: "Actor", uuid: `Actor.${GRUSHA}` });
    expect(warnings(gm)).toEqual(["Grusha is an NPC nobody plays: only NPC companions (a player's, or a summoned one) join a party."]);
    const [chest] = await world.seed("Actor", [{ name: "Chest", type: "loot" }]);
    await dropData(gm, sheet, { type: "Actor", uuid: `Actor.${chest}` });
    expect(warnings(gm).at(-1)).toBe("Chest is a Loot: only characters and their NPC companions join a party.");
    await dropData(gm, sheet, { type: "Actor", uuid: `Actor.${PET}` });
    expect(names(sheet)).toEqual(["Ada", "Bram", "Rusty"]);
    expect(gm.errors).toEqual([]);
  });

  it("drops a member deleted from the world without an error, and removes one by its button", async () => {
    const { gm, alice } = await setup();
    const sheet = await open(gm);
    const aliceSheet = await open(alice);
    await world.as(gm, () => doc(gm, BRAM).delete());
    await flush();
    expect(names(sheet)).toEqual(["Ada"]);
    await click(gm, card(sheet, "Ada")?.querySelector<HTMLElement>("[data-action=removeMember]"));
    expect(names(sheet)).toEqual([]);
    expect(names(aliceSheet)).toEqual([]);
    expect(sheet.element.querySelector(".cw-party-members .cw-empty")?.textContent).toContain("No members yet");
    for (const c of [gm, alice]) expect(c.errors).toEqual([]);
  });

  it("opens a member's sheet from its card", async () => {
    const { gm } = await setup();
    const sheet = await open(gm);
    await click(gm, card(sheet, "Bram")?.querySelector<HTMLElement>("[data-action=openMember]"));
    expect(doc(gm, BRAM).sheet.rendered).toBe(true);
  });

  it("awards XP to all: the award window opens with the members chosen, and each member's log gets the award", async () => {
    const { gm, alice } = await setup();
    const sheet = await open(gm);
    await click(gm, sheet.element.querySelector<HTMLElement>("[data-action=awardXp]"));
    const dialog = document.getElementById("clockwork-xp-award")!;
    await markupIdle(() => dialog, flush);
    const checked = [...dialog.querySelectorAll<HTMLInputElement>("input[name^='actor.']")].filter((b) => b.checked).map((b) => b.name);
    expect(checked.sort()).toEqual([`actor.${ADA}`, `actor.${BRAM}`].sort());
    await world.as(gm, async () => {
      dialog.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
      await markupIdle(() => dialog, flush);
    });
    await flush();
    for (const id of [ADA, BRAM]) {
      expect(doc(alice, ADA).getFlag("clockwork", "xpLog")).toBeDefined();
      expect(doc(gm, id).getFlag("clockwork", "xpLog")).toEqual([expect.objectContaining({ kind: "award", xp: 1, user: gm.user.id })]);
    }
  });

  it("requests a roll of the chosen skill from everyone", async () => {
    const { gm, alice } = await setup();
    const sheet = await open(gm);
    sheet.element.querySelector<HTMLSelectElement>("select[data-request-skill]")!.value = "perception";
    await click(gm, sheet.element.querySelector<HTMLElement>("[data-action=requestRoll]"));
    const flags = alice.game.messages.contents.map((m) => (m.flags as { clockwork?: { rollRequest?: { skill: string } } }).clockwork?.rollRequest?.skill);
    expect(flags).toEqual(["perception"]);
  });

  it("the stash: a member's owner gives by drag from her sheet and takes back; a player who cannot write the party is refused and nothing moves", async () => {
    const { gm, alice, bob } = await setup();
    const party = await open(alice);
    const adaSheet = await open(alice, ADA);
    const swordRow = adaSheet.element.querySelector<HTMLElement>(`.draggable[data-item-id="${SWORD}"]`)!;
    await dragAndDrop(alice, swordRow, party);
    const stash = (c: WorldClient) => doc(c, PARTY).items.contents.map((i) => i.name).sort();
    expect(stash(gm)).toEqual(["Longsword", "Rope"]);
    expect(doc(gm, ADA).items.contents.map((i) => i.name)).not.toContain("Longsword");
    expect(party.element.querySelectorAll(".cw-loot-item")).toHaveLength(2);

    // Bob observes the party: no drag handle, and a forged drop of the rope on Bram's sheet is refused.
    const bobParty = await open(bob);
    expect(bobParty.element.querySelector(".cw-loot-item.draggable")).toBeNull();
    const bramSheet = await open(bob, BRAM);
    await dropData(bob, bramSheet, { type: "Item", uuid: doc(bob, PARTY).items.get(ROPE)!.uuid });
    expect(warnings(bob)).toEqual(["You cannot take Rope from The Company's stash: only the party's owners may. Ask the GM to make you one, or to hand it over."]);
    expect(doc(gm, BRAM).items.contents.map((i) => i.name)).not.toContain("Rope");
    expect(stash(gm)).toContain("Rope");

    // Alice takes the rope for Ada: it moves.
    const ropeRow = party.element.querySelector<HTMLElement>(`.draggable[data-item-id="${ROPE}"]`)!;
    await dragAndDrop(alice, ropeRow, adaSheet);
    expect(stash(gm)).toEqual(["Longsword"]);
    expect(doc(gm, ADA).items.contents.map((i) => i.name)).toContain("Rope");
    for (const c of [gm, alice, bob]) expect(c.errors).toEqual([]);
  });
});
