// @vitest-environment happy-dom
/**
 * Hotbar macros in the multi-user world (issue 32): Alice drops Ilinde's weapon, spell, alchemy
 * item, Returning enchantment, a skill row and a combat action from her sheet on the hotbar
 * (core's drop: the `hotbarDrop` hook first); each macro, run by her, does what the sheet does
 * (a card, counters paid, mana spent); it still works after a rename; a second drop reuses it;
 * run with no creature, someone else's or one without the item, it says why and changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, queueFaces, type World, type WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { eventually } from "../world/wait";
import { canvasOf } from "../world/canvas";
import { named } from "../packs/load-sources";
import { setReactionPrompt } from "../../src/combat/attack/reactions";
import { BRAM, GREATSWORD, GRUSHA, ILINDE, SCENE_ID, SPELL_IDS, SWORD, actorUuid, combatantUuid, doc, flush, moveToken, seedArena, setCounters, tokenId } from "../magic/world-fixtures";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

const POTION = "macroHealthPot01";
const AXE = "macroThrowAxe001";
const RETURNING = "macroReturning01";

interface ItemDoc { id: string; name: string; img: string; uuid: string; toDragData(): object; update(c: object): Promise<unknown> }
interface ActorDoc {
  name: string; statuses: Set<string>;
  system: { mana: { value: number }; health: { hits: number }; equipped: { mainHand: string } };
  items: { get(id: string): ItemDoc | undefined; size: number };
  sheet: { element: HTMLElement; render(o?: object): Promise<unknown>; close(): Promise<unknown> };
  update(c: object): Promise<unknown>;
}
interface MacroDoc { id: string; name: string; img: string; command: string; type: string; flags: Record<string, Record<string, unknown>>; execute(scope?: object): Promise<unknown> | unknown }
type UserDoc = { hotbar: Record<string, string>; targets: Set<unknown>; update(c: object): Promise<unknown> };

const actor = (client: WorldClient, id: string) => doc<ActorDoc>(client, actorUuid(id));
const macros = (client: WorldClient) => (client.game as unknown as { macros: { get(id: string): MacroDoc | undefined; contents: MacroDoc[] } }).macros;
const userOf = (client: WorldClient) => client.user as unknown as UserDoc;
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: { available: number } } }>(client, combatantUuid(id)).system.counters.available;
const messages = (client: WorldClient) => client.game.messages.contents as unknown as { author: { id: string } | null; rolls: unknown[]; flags: Record<string, Record<string, unknown>> }[];
const token = (client: WorldClient, actorId: string) => (client.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(actorId));
const hotbar = (client: WorldClient) => (client.ui as unknown as { hotbar: { drop(data: object, slot: number): Promise<unknown> } }).hotbar;
const warnings = (client: WorldClient, from: number) => client.notifications.slice(from).filter((n) => n.type === "warn").map((n) => n.message);
const SHIFT = { event: { shiftKey: true } };

/** Alice drops `data` on her slot; the macro is made by the system's hook (not awaited by core), so wait for the slot. */
async function drop(client: WorldClient, data: object, slot: number): Promise<MacroDoc> {
  await world.as(client, () => hotbar(client).drop(data, slot));
  const id = await eventually(() => {
    const found = userOf(client).hotbar?.[slot];
    if (!found) throw new Error(`slot ${slot} is still empty`);
    return found;
  });
  await world.settle();
  return macros(client).get(id)!;
}

/** The drag data the sheet puts on a row's drag start (ActorSheetV2's DragDrop calls `_onDragStart`). */
async function dragData(client: WorldClient, actorId: string, selector: string): Promise<Record<string, unknown>> {
  const sheet = actor(client, actorId).sheet;
  await world.as(client, () => sheet.render({ force: true }));
  const row = sheet.element.querySelector<HTMLElement>(selector);
  if (!row) throw new Error(`no ${selector} on the sheet`);
  expect(row.classList.contains("draggable")).toBe(true);
  let data = "";
  const event = { currentTarget: row, target: row, dataTransfer: { setData: (_type: string, value: string) => { data = value; } } };
  await world.as(client, () => (sheet as unknown as { _onDragStart(e: object): Promise<void> })._onDragStart(event));
  return JSON.parse(data) as Record<string, unknown>;
}

/** Runs a macro as `client`, then lets the world apply what it wrote. */
async function run(client: WorldClient, macro: MacroDoc, scope: object = SHIFT): Promise<unknown> {
  const result = await world.as(client, () => macro.execute(scope));
  await flush(world);
  return result;
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  ({ gm, alice, bob } = await seedArena(world));
  const potion = named("alchemy", "Health Potion");
  await world.as(gm, () => doc<{ createEmbeddedDocuments(n: string, d: object[], o: object): Promise<unknown> }>(gm, actorUuid(ILINDE)).createEmbeddedDocuments("Item", [
    { _id: POTION, name: potion.name, type: potion.type, img: potion.img, system: { ...structuredClone(potion.system), quantity: 2, container: "belt" }, flags: structuredClone(potion.flags ?? {}) },
    { _id: AXE, name: "Throwing Axe", type: "weapon", system: { category: "thrown", group: "axe", hands: "main", counters: 2, damage: { dice: 6, types: ["slashing"] } } },
    { _id: RETURNING, name: "Returning", type: "enchantment", system: { target: "weapon", appliedTo: AXE }, flags: { clockwork: { magicItem: { action: { key: "recallWeapon", counters: 1 } } } } },
  ], { keepId: true }));
  // Alice plays Ilinde: her character, so a macro acts for Ilinde without a selected token.
  await world.as(gm, () => (gm.game.users.get(alice.userId) as unknown as UserDoc).update({ character: ILINDE }));
  await moveToken(world, GRUSHA, 1, 0);
  await setCounters(world, ILINDE, 12);
  setReactionPrompt(async () => "none");
  // Boots a three-client world with packs and the DOM: seconds on a loaded machine.
}, 30_000);

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
});

// Plays several actions in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("macros from drops", { timeout: 30_000 }, () => {
  it("a weapon: named and pictured after it; run by its owner it attacks the target, paying counters; a second drop reuses it; a rename keeps it working", async () => {
    const sword = actor(alice, ILINDE).items.get(GREATSWORD)!;
    const macro = await drop(alice, sword.toDragData(), 1);
    expect([macro.name, macro.type, macro.img]).toEqual(["Greatsword", "script", sword.img ?? "icons/svg/item-bag.svg"]);
    expect(macro.flags.clockwork.macro).toEqual({ kind: "attack", itemId: GREATSWORD, name: "Greatsword" });
    expect(macro.command).toBe(`return game.clockwork.macros.run({"kind":"attack","itemId":"${GREATSWORD}","name":"Greatsword"}, { event: scope?.event });`);

    userOf(alice).targets = new Set([token(alice, GRUSHA)]);
    const before = messages(gm).length;
    queueFaces(...Array(12).fill(8));
    await run(alice, macro);
    const card = messages(gm).slice(before).find((m) => m.flags.clockwork?.attack);
    expect(card?.author?.id).toBe(alice.userId);
    expect(counters(gm, ILINDE)).toBe(12 - 3);

    // The same drop again, on another slot: the same macro, nothing new made.
    const count = macros(gm).contents.length;
    const again = await drop(alice, sword.toDragData(), 9);
    expect(again.id).toBe(macro.id);
    expect(macros(gm).contents.length).toBe(count);

    // Renamed on the sheet: the macro finds it by id.
    await world.as(alice, () => sword.update({ name: "Ilinde's Blade" }));
    await world.settle();
    const next = messages(gm).length;
    await run(alice, macro);
    expect(messages(gm).slice(next).some((m) => m.flags.clockwork?.attack)).toBe(true);
    expect(counters(gm, ILINDE)).toBe(12 - 6);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("a spell: the cast spends its mana and posts its card", async () => {
    const bolt = actor(alice, ILINDE).items.get(SPELL_IDS["Fire Bolt"])!;
    const macro = await drop(alice, bolt.toDragData(), 2);
    expect(macro.name).toBe("Fire Bolt");
    userOf(alice).targets = new Set([token(alice, GRUSHA)]);
    const mana = actor(gm, ILINDE).system.mana.value;
    const before = messages(gm).length;
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9);
    await run(alice, macro);
    expect(messages(gm).slice(before).some((m) => m.flags.clockwork?.cast)).toBe(true);
    expect(actor(gm, ILINDE).system.mana.value).toBeLessThan(mana);
    expect(counters(gm, ILINDE)).toBeLessThan(12);
  });

  it("an alchemy item: used from the belt for draw 1 + use 2 counters, one fewer left", async () => {
    await world.as(gm, () => actor(gm, ILINDE).update({ "system.health.hits": 5 }));
    await world.settle();
    const macro = await drop(alice, actor(alice, ILINDE).items.get(POTION)!.toDragData(), 3);
    expect(macro.flags.clockwork.macro).toEqual({ kind: "alchemy", itemId: POTION, name: "Health Potion" });
    queueFaces(3, 2);
    await run(alice, macro);
    expect(actor(gm, ILINDE).system.health.hits).toBeLessThan(5);
    expect(counters(gm, ILINDE)).toBe(12 - 3);
  });

  it("a magic item with an action: Returning recalls its weapon for 1 counter", async () => {
    const macro = await drop(alice, actor(alice, ILINDE).items.get(RETURNING)!.toDragData(), 4);
    expect(macro.name).toBe("Recall a returning weapon: Returning");
    expect(macro.flags.clockwork.macro).toEqual({ kind: "action", key: "recallWeapon", itemId: AXE, name: "Returning" });
    await run(alice, macro);
    expect(actor(gm, ILINDE).system.equipped.mainHand).toBe(AXE);
    expect(counters(gm, ILINDE)).toBe(12 - 1);
  });

  it("a skill row: its drag data makes a skill macro that rolls the skill", async () => {
    const data = await dragData(alice, ILINDE, 'tr[data-skill="perception"]');
    expect(data).toEqual({ type: "ClockworkMacro", actorUuid: actorUuid(ILINDE), spec: { kind: "skill", skill: "perception" } });
    const macro = await drop(alice, data, 5);
    expect(macro.name).toBe("Perception roll");
    const before = messages(gm).length;
    await run(alice, macro);
    const rolled = messages(gm).slice(before);
    expect(rolled).toHaveLength(1);
    expect(rolled[0].rolls).toHaveLength(1);
    expect(rolled[0].author?.id).toBe(alice.userId);
  });

  it("a combat action: Drop prone from the list pays 1 counter and adds Prone", async () => {
    const data = await dragData(alice, ILINDE, 'li[data-macro="action"]:has(button[data-key="dropProne"])');
    expect(data.spec).toEqual({ kind: "action", key: "dropProne" });
    const macro = await drop(alice, data, 6);
    await run(alice, macro);
    expect(actor(gm, ILINDE).statuses.has("prone")).toBe(true);
    expect(counters(gm, ILINDE)).toBe(12 - 1);
  });

  it("the row's context menu adds the same macro to the first free slot", async () => {
    const sheet = actor(alice, ILINDE).sheet;
    await world.as(alice, () => sheet.render({ force: true }));
    const row = sheet.element.querySelector<HTMLElement>(`.cw-item-row[data-item-id="${GREATSWORD}"]`)!;
    await world.as(alice, () => row.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true })));
    const entry = document.querySelector<HTMLElement>('#context-menu li.context-item[data-name="CLOCKWORK.Macros.AddToHotbar"]');
    expect(entry?.textContent).toBe("Add to hotbar");
    await world.as(alice, () => entry!.click());
    const id = await eventually(() => userOf(alice).hotbar?.[1] ?? (() => { throw new Error("no macro yet"); })());
    await world.settle();
    expect(macros(alice).get(id)?.flags.clockwork.macro).toEqual({ kind: "attack", itemId: GREATSWORD, name: "Greatsword" });
    expect(alice.notifications.at(-1)).toEqual({ type: "info", message: "Greatsword is on your hotbar." });
    // A skill row offers it too.
    const other = sheet.element.querySelector<HTMLElement>('tr[data-skill="will"]')!;
    await world.as(alice, () => other.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true })));
    expect(document.querySelector('#context-menu li.context-item[data-name="CLOCKWORK.Macros.AddToHotbar"]')).not.toBeNull();
  });
});

describe("macros that cannot act say why and change nothing", { timeout: 30_000 }, () => {
  it("no selected token and no character; a creature without the item; someone else's creature; a forged spec", async () => {
    const macro = await drop(alice, actor(alice, ILINDE).items.get(GREATSWORD)!.toDragData(), 1);
    // Bob runs a copy of Alice's command (he may run a macro he can see): he has no character.
    const bobMacro = await world.as(bob, () => (globalThis as unknown as { Macro: { create(d: object): Promise<MacroDoc> } }).Macro.create({ name: "Copy", type: "script", command: macro.command }));
    await world.settle();
    let from = bob.notifications.length;
    const messageCount = messages(gm).length;
    const bramCounters = counters(gm, BRAM);
    expect(await run(bob, bobMacro)).toBeNull();
    expect(warnings(bob, from)).toEqual(["Select a token of your creature, or have the GM assign you a character, before you run this macro."]);

    // Bram is his character: Bram has no Greatsword.
    await world.as(gm, () => (gm.game.users.get(bob.userId) as unknown as UserDoc).update({ character: BRAM }));
    await world.settle();
    from = bob.notifications.length;
    expect(await run(bob, bobMacro)).toBeNull();
    expect(warnings(bob, from)).toEqual(["Bram has no Greatsword: select a creature that has it."]);

    // Ilinde's token selected by Bob, who does not own her (core's canvas.tokens.controlled, client/canvas/layers/tokens.mjs).
    Object.defineProperty(canvasOf(bob), "tokens", { value: { controlled: [{ actor: actor(bob, ILINDE) }] }, configurable: true });
    from = bob.notifications.length;
    expect(await run(bob, bobMacro)).toBeNull();
    expect(warnings(bob, from)).toEqual(["Ilinde is not yours: a macro acts only for creatures you own."]);
    Object.defineProperty(canvasOf(bob), "tokens", { value: undefined, configurable: true });

    // A command edited by hand to name nothing the system knows.
    from = alice.notifications.length;
    expect(await world.as(alice, () => (alice.game as unknown as { clockwork: { macros: { run(d: unknown): Promise<unknown> } } }).clockwork.macros.run({ kind: "attack", itemId: "../../etc" }))).toBeNull();
    expect(warnings(alice, from)).toEqual(["This macro is malformed: it names no skill, item or combat action the system knows. Drag the row from the sheet again."]);

    expect(messages(gm).length).toBe(messageCount);
    expect(counters(gm, ILINDE)).toBe(12);
    expect(counters(gm, BRAM)).toBe(bramCounters);
  });

  it("a player whose role may not write script macros is told so; no macro is made", async () => {
    await world.as(gm, () => (gm.game.users.get(bob.userId) as unknown as UserDoc).update({ permissions: { MACRO_SCRIPT: false } }));
    await world.settle();
    const from = bob.notifications.length;
    const count = macros(gm).contents.length;
    await world.as(bob, () => hotbar(bob).drop(actor(bob, BRAM).items.get(SWORD)!.toDragData(), 1));
    await eventually(() => expect(warnings(bob, from)).toEqual(["Your role may not create script macros: ask the GM for the \"Use Script Macros\" permission."]));
    await world.settle();
    expect(macros(gm).contents.length).toBe(count);
    expect(userOf(bob).hotbar ?? {}).toEqual({});
  });

  it("an action the creature's sheet does not offer now is refused with its name", async () => {
    await world.as(gm, () => actor(gm, ILINDE).update({ "system.equipped.mainHand": AXE }));
    await world.settle();
    const macro = await drop(alice, actor(alice, ILINDE).items.get(RETURNING)!.toDragData(), 2);
    const from = alice.notifications.length;
    expect(await run(alice, macro)).toBeNull();
    expect(warnings(alice, from)).toEqual(["Ilinde cannot take \"Recall a returning weapon\" now: its sheet does not offer that action."]);
    expect(counters(gm, ILINDE)).toBe(12);
  });
});
