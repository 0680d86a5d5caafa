// @vitest-environment happy-dom
/**
 * The casting dialog in the happy-dom test world (issue 29 items 1–2): the sheet's spell button
 * opens it; Force Missiles cast in each of its patterns (cone, square, line) from the sheet;
 * Heal's way picked by the target's distance; Transfer Life moving fewer hits than its gains;
 * an unwilling Shrink asked of the NPC's side (the GM's tab) and resisted; closing it casts
 * nothing and pays nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { queueFaces, type World, type WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { appear, eventually } from "../world/wait";
import { BRAM, GRUSHA, ILINDE, SCENE_ID, actorUuid, combatantUuid, doc, flush, moveToken, seedArena, setCounters, spellItem, tokenId } from "./world-fixtures";
import { castData, type CastMessage } from "../../src/magic/cast";
import type { CastCardData } from "../../src/magic/card";

const FORCE_MISSILES = "castDlgForceMis1";
const HEAL = "castDlgHealSpel1";
const TRANSFER = "castDlgTransfer1";
const SHRINK = "castDlgShrinkSp1";

let world: World;
let gm: WorldClient;
let alice: WorldClient;

interface SheetLike {
  element: HTMLElement;
  render(options?: object): Promise<unknown>;
  close(): Promise<unknown>;
}
type ActorDoc = { sheet: SheetLike; system: { mana: { value: number }; health: { hits: number } }; items: { get(id: string): unknown }; castSpell(item: unknown, options?: object): Promise<unknown> };
const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc;
const root = (client: WorldClient): HTMLElement => document.querySelector<HTMLElement>(`.world-client[data-user-id="${client.user.id}"]`) ?? document.body;
const token = (client: WorldClient, actorId: string) => (client.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(actorId));
const counters = () => doc<{ system: { counters: { available: number } } }>(gm, combatantUuid(ILINDE)).system.counters.available;

function target(client: WorldClient, ...actorIds: string[]): void {
  (client.user as unknown as { targets: Set<unknown> }).targets = new Set(actorIds.map((id) => token(client, id)));
}

/** The newest cast card's data. */
function lastCast(): CastCardData {
  const message = (gm.game.messages.contents as unknown as CastMessage[]).filter((m) => castData(m)).at(-1);
  return castData(message)!;
}

async function change(client: WorldClient, input: HTMLInputElement | HTMLSelectElement, value: string): Promise<void> {
  await world.as(client, async () => {
    input.value = value;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await world.settle();
  });
}

/** Clicks the spell's cast button on the caster's sheet; resolves the dialog it opens. */
async function openFromSheet(client: WorldClient, actorId: string, itemId: string): Promise<HTMLElement> {
  const sheet = await world.as(client, async () => {
    const s = actor(client, actorId).sheet;
    await s.render({ force: true });
    return s;
  });
  const button = await appear(`[data-action="castSpell"][data-item-id="${itemId}"]`, sheet.element);
  await world.as(client, () => (button as HTMLButtonElement).click());
  return appear(".cw-cast-dialog-app", root(client));
}

async function submit(client: WorldClient, dialog: HTMLElement): Promise<void> {
  await world.as(client, async () => {
    dialog.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
    await world.settle();
  });
  await flush(world);
}

/** Waits for a new cast card (the cast runs behind the dialog's click, not awaited by it). */
async function nextCard(before: number): Promise<CardRecord> {
  for (let i = 0; i < 200 && (gm.game.messages.contents as unknown as CastMessage[]).filter((m) => castData(m)).length <= before; i++) await flush(world);
  return lastCast();
}
type CardRecord = CastCardData;
const castCount = () => (gm.game.messages.contents as unknown as CastMessage[]).filter((m) => castData(m)).length;

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  ({ gm, alice } = await seedArena(world));
  await world.as(gm, () => (gm.game.actors.get(ILINDE) as unknown as { createEmbeddedDocuments(t: string, d: object[], o: object): Promise<unknown> })
    .createEmbeddedDocuments("Item", [spellItem("Force Missiles", FORCE_MISSILES), spellItem("Heal", HEAL), spellItem("Transfer Life", TRANSFER), spellItem("Shrink", SHRINK)], { keepId: true }));
  await flush(world);
}, 60_000);

// A world with the sheet, the dialog and their templates takes seconds to build on a loaded machine.
describe("the casting dialog", { timeout: 30_000 }, () => {
  it.each([["cone", ""], ["square", "square"], ["line", "line"]])("Force Missiles from the sheet in its %s pattern: the dialog lists the area's targets, the cast uses the pattern", async (shape, mode) => {
    await moveToken(world, GRUSHA, 2, 0);
    target(alice, GRUSHA);
    const dialog = await openFromSheet(alice, ILINDE, FORCE_MISSILES);
    const select = dialog.querySelector<HTMLSelectElement>("select[name=mode]")!;
    // The three patterns of its pack data: the spell's own cone, then its square and line modes.
    expect([...select.options].map((o) => o.value)).toEqual(["", "square", "line"]);
    expect(select.options[0].textContent).toContain("Cone");
    if (mode) await change(alice, select, mode);
    // The controls are drawn again for the new pattern (the render is not awaited by the change).
    await eventually(() => expect(dialog.querySelector("select[name=mode] option[selected]")?.getAttribute("value") ?? "").toBe(mode));
    expect(dialog.querySelector("select[name=mode] option[selected]")!.textContent!.toLowerCase()).toContain(shape);
    const names = [...dialog.querySelectorAll(".cw-cast-row__name")].map((n) => n.textContent);
    expect(names).toContain("Grusha");
    // Every number labelled: the cost line names counters and mana.
    expect(dialog.querySelector(".cw-attack-dialog__cost")!.textContent).toBe("Costs 3 counters (6 left) and 6 mana (30 left)");
    // happy-dom reads a redrawn select's value from its earlier state: the value the page shows is set again.
    dialog.querySelector<HTMLSelectElement>("select[name=mode]")!.value = mode;
    const before = castCount();
    await submit(alice, dialog);
    const card = await nextCard(before);
    expect(card.spell.identifier).toBe("force-missiles");
    expect(card.request?.mode ?? "").toBe(mode);
    expect(card.targets.map((t) => t.uuid)).toContain(actorUuid(GRUSHA));
    expect(card.paid).toEqual({ mana: 6, counters: 3 });
    expect(alice.errors).toEqual([]);
  });

  it("Heal's way is picked by distance: touch beside the target, its ranged mode (8 mana) beyond", async () => {
    target(alice, BRAM);
    let dialog = await openFromSheet(alice, ILINDE, HEAL);
    expect(dialog.querySelector<HTMLSelectElement>("select[name=mode]")!.value).toBe("");
    expect(dialog.querySelector(".cw-cast-row__reach")!.textContent).toBe("In range");
    await world.as(alice, async () => dialog.querySelector<HTMLElement>("[data-action=close]")!.click());
    await flush(world);
    await moveToken(world, BRAM, 5, 0);
    dialog = await openFromSheet(alice, ILINDE, HEAL);
    expect(dialog.querySelector<HTMLSelectElement>("select[name=mode]")!.value).toBe("target");
    expect(dialog.querySelector(".cw-attack-row__distance")!.textContent).toContain("5");
    // Back to touch: out of range, refused before anything is paid.
    await change(alice, dialog.querySelector<HTMLSelectElement>("select[name=mode]")!, "");
    expect(dialog.querySelector(".cw-cast-row__reach")!.textContent).toContain("adjacent");
    expect(dialog.querySelector<HTMLButtonElement>("button[type=submit]")!.disabled).toBe(true);
    await change(alice, dialog.querySelector<HTMLSelectElement>("select[name=mode]")!, "target");
    const before = castCount();
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12);
    await submit(alice, dialog);
    const card = await nextCard(before);
    expect(card.request?.mode).toBe("target");
    expect(card.paid).toEqual({ mana: 8, counters: 3 });
  });

  it("Transfer Life moves the hits chosen, fewer than its gains allow; the caster takes as many", async () => {
    await world.as(gm, () => doc<{ update(c: object): Promise<unknown> }>(gm, actorUuid(BRAM)).update({ "system.health.hits": 6 }));
    await flush(world);
    target(alice, BRAM);
    const dialog = await openFromSheet(alice, ILINDE, TRANSFER);
    const hits = dialog.querySelector<HTMLInputElement>("input[name=hits]")!;
    expect(hits).not.toBeNull();
    await change(alice, hits, "2");
    const before = castCount();
    // Every casting die a 12 (two gains each): far more than 2.
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12);
    await submit(alice, dialog);
    const card = await nextCard(before);
    expect(card.gains).toBeGreaterThan(2);
    expect(card.targets[0].heal).toBe(2);
    expect(card.request?.hits).toBe(2);
    await flush(world);
    expect(actor(gm, BRAM).system.health.hits).toBe(4);
    expect(actor(gm, ILINDE).system.health.hits).toBe(2);
  });

  it("an unwilling Shrink on an NPC is asked in the GM's tab, and Grusha resists with her roll", async () => {
    target(alice, GRUSHA);
    const dialog = await openFromSheet(alice, ILINDE, SHRINK);
    // Grusha is not Alice's: her side answers, and the dialog says who wins a tie.
    expect(dialog.querySelector(".cw-cast-row__willing")!.textContent).toContain("Asked of Grusha's side");
    expect(dialog.querySelector("select[name^=unwilling]")).toBeNull();
    expect(dialog.querySelector(".cw-cast-row__tie")!.textContent).toMatch(/A tie goes to (Ilinde|Grusha)/);
    expect(dialog.querySelector(".cw-cast-row__reaction")!.textContent).toContain("Resists with Stamina");
    const before = castCount();
    await world.as(alice, () => dialog.querySelector<HTMLButtonElement>("button[type=submit]")!.click());
    // The question opens in the GM's tab behind a query the cast awaits.
    const prompt = (await appear(".cw-willing-prompt", root(gm))).closest("dialog") ?? await appear(".cw-willing-prompt", root(gm));
    expect(prompt.textContent).toContain("Ilinde casts Shrink on Grusha");
    await world.as(gm, async () => prompt.querySelector<HTMLButtonElement>("button[data-action=unwilling]")!.click());
    const card = await nextCard(before);
    expect(card.request?.unwilling).toEqual([true]);
    // She rolled her Stamina against the cast (the reaction roll on the card).
    expect(card.request?.rolls.reaction[0]).not.toBeNull();
    expect(card.targets[0].opposingGains).not.toBeNull();
  });

  it("closing the dialog casts nothing and pays nothing", async () => {
    target(alice, GRUSHA);
    const dialog = await openFromSheet(alice, ILINDE, FORCE_MISSILES);
    const before = castCount();
    await world.as(alice, async () => dialog.querySelector<HTMLElement>("[data-action=close]")!.click());
    await flush(world);
    expect(castCount()).toBe(before);
    expect(actor(gm, ILINDE).system.mana.value).toBe(30);
    expect(counters()).toBe(6);
  });

  it("a shift-click on the sheet casts with the last choices, without the dialog", async () => {
    await moveToken(world, GRUSHA, 2, 0);
    target(alice, GRUSHA);
    const dialog = await openFromSheet(alice, ILINDE, FORCE_MISSILES);
    await change(alice, dialog.querySelector<HTMLSelectElement>("select[name=mode]")!, "line");
    await eventually(() => expect(dialog.querySelector("select[name=mode] option[selected]")?.getAttribute("value")).toBe("line"));
    dialog.querySelector<HTMLSelectElement>("select[name=mode]")!.value = "line";
    let before = castCount();
    await submit(alice, dialog);
    expect((await nextCard(before)).request?.mode).toBe("line");
    await setCounters(world, ILINDE, 6);
    before = castCount();
    const button = actor(alice, ILINDE).sheet.element.querySelector<HTMLElement>(`[data-action="castSpell"][data-item-id="${FORCE_MISSILES}"]`)!;
    await world.as(alice, () => button.dispatchEvent(new MouseEvent("click", { bubbles: true, shiftKey: true })));
    const card = await nextCard(before);
    expect(card.request?.mode).toBe("line");
    expect(root(alice).querySelector(".cw-cast-dialog-app")).toBeNull();
  });
});
