/**
 * The system's real sheet classes, driven end to end in Chromium through the test world's
 * browser host: a page per user (Alice owns Ada, Bob observes her, the GM sees all), the
 * server's state shared between the pages through the host's saved snapshot.
 *
 * The tests run in order and share one world: later steps build on earlier ones.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA_ID, WEAPON_ID } from "../world/browser/seed";
import { launch, openClient, shot, type ClientPage } from "./harness";

let browser: Browser;
let context: BrowserContext;
let alice: ClientPage;

beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1400, height: 940 }, deviceScaleFactor: 1 });
  alice = await openClient(context, { user: "Alice", fresh: true });
});

afterAll(async () => {
  await browser?.close();
});

const SHEET = `.application.sheet.character`;


async function openAda(page: Page): Promise<Locator> {
  await page.click(`#world-toolbar button[data-actor-id="${ADA_ID}"]`);
  const sheet = page.locator(SHEET);
  await sheet.waitFor({ state: "visible" });
  return sheet;
}

/** What the server holds for Ada (the canonical source, not a client's copy). */
async function serverAda(page: Page): Promise<{ system: Record<string, unknown>; items: { _id: string; name: string; type: string }[] }> {
  return page.evaluate((id) => {
    const world = window.clockworkWorld!.world as unknown as { server: { sources: { Actor: Map<string, unknown> } } };
    return JSON.parse(JSON.stringify(world.server.sources.Actor.get(id)));
  }, ADA_ID);
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await window.clockworkWorld!.settle();
    window.clockworkWorld!.persist();
  });
}

/**
 * Clicks a tab button on its padding: core switches tabs only when the click's target is the
 * button itself (see the tab-label test below).
 */
async function clickTab(sheet: Locator, tab: string): Promise<void> {
  await sheet.locator(`[data-action=tab][data-tab=${tab}]`).click({ position: { x: 3, y: 3 } });
  await expect.poll(() => sheet.locator(`section.tab[data-tab=${tab}]`).getAttribute("class"), { timeout: 2_000 }).toContain("active");
}

async function toasts(page: Page): Promise<string[]> {
  return page.locator("#notifications li").allTextContents();
}

describe("a character sheet in Chromium", () => {
  it("opens for its owner, editable, with the system's look", async () => {
    const sheet = await openAda(alice.page);
    await expect.poll(() => sheet.locator(".window-title").textContent()).toContain("Ada");
    const inputs = sheet.locator(".window-content input:not([type=hidden])");
    expect(await inputs.count()).toBeGreaterThan(0);
    expect(await sheet.locator(".window-content input:disabled").count()).toBe(0);
    expect(await sheet.locator("[data-action=rollSkill]").count()).toBe(16);
    await shot(alice.page, "owner-sheet");
    expect(alice.errors).toEqual([]);
  });

  it("opens read-only for an observer", async () => {
    const bob = await openClient(context, { user: "Bob" });
    const sheet = await openAda(bob.page);
    const fields = sheet.locator(".window-content :is(input, select, textarea)");
    expect(await fields.count()).toBeGreaterThan(0);
    expect(await sheet.locator(".window-content :is(input, select, textarea):enabled").count()).toBe(0);
    expect(await sheet.locator("[data-action=rollSkill]").count()).toBe(0);
    await shot(bob.page, "observer-sheet");
    await bob.page.close();
  });

  it("sends an edited field to the server; another user's page shows it", async () => {
    const sheet = alice.page.locator(SHEET);
    const luck = sheet.locator("input[name='system.luck.value']");
    const before = Number(await luck.inputValue());
    await luck.fill(String(before - 1));
    await luck.press("Tab");
    await expect.poll(async () => ((await serverAda(alice.page)).system.luck as { value: number }).value).toBe(before - 1);
    await settle(alice.page);
    const bob = await openClient(context, { user: "Bob" });
    const bobSheet = await openAda(bob.page);
    expect(await bobSheet.locator("input[name='system.luck.value']").inputValue()).toBe(String(before - 1));
    await bob.page.close();
  });

  // Core v13's ApplicationV2#_onClickTab reads `event.target`, so a click that lands on the
  // label inside the tab button must still reach the button (styles: pointer-events on children).
  it("switches tabs when the tab button is clicked anywhere, label included", async () => {
    const sheet = alice.page.locator(SHEET);
    const label = await sheet.locator("[data-action=tab][data-tab=biography] span").boundingBox();
    if (!label) throw new Error("no tab label");
    await alice.page.mouse.click(label.x + label.width / 2, label.y + label.height / 2);
    await expect.poll(() => sheet.locator("section.tab[data-tab=biography]").getAttribute("class"), { timeout: 1_000 }).toContain("active");
    await sheet.locator("[data-action=tab][data-tab=main]").click();
    await expect.poll(() => sheet.locator("section.tab[data-tab=main]").getAttribute("class"), { timeout: 1_000 }).toContain("active");
  });

  it("refuses an out-of-range value with the sheet's own message and shows the stored value", async () => {
    const sheet = alice.page.locator(SHEET);
    await sheet.locator("[data-action=toggleMode]").click();
    const rank = sheet.locator("input[name='system.skills.strength.rank']");
    await rank.waitFor();
    const stored = await rank.inputValue();
    const luckBefore = await sheet.locator("input[name='system.luck.value']").inputValue();
    await rank.fill("99");
    await rank.press("Tab");
    await expect.poll(() => toasts(alice.page)).toContainEqual(expect.stringMatching(/^Change not saved: .*Strength/));
    await shot(alice.page, "refused-value");
    expect(await sheet.locator("input[name='system.skills.strength.rank']").inputValue()).toBe(stored);
    expect(await sheet.locator("input[name='system.luck.value']").inputValue()).toBe(luckBefore);
    expect(((await serverAda(alice.page)).system.skills as Record<string, { rank: number }>).strength.rank).toBe(Number(stored));
  });

  it("rolls a skill: the roll dialog opens, the roll posts its chat card", async () => {
    const sheet = alice.page.locator(SHEET);
    if (await sheet.locator("[data-action=toggleMode][aria-pressed=true]").count()) await sheet.locator("[data-action=toggleMode]").click();
    await sheet.locator("[data-action=rollSkill][data-skill=strength]").click();
    const dialog = alice.page.locator(".application.cw-roll-dialog-app");
    await dialog.waitFor({ state: "visible" });
    await shot(alice.page, "roll-dialog");
    await dialog.locator("button[type=submit]").click();
    await dialog.waitFor({ state: "detached" });
    const card = alice.page.locator("#chat-log .chat-message").last();
    await card.waitFor({ state: "visible" });
    expect(await card.locator(".message-content").innerHTML()).toMatch(/cw-/);
    await shot(alice.page, "roll-card");
    await settle(alice.page);
    const gm = await openClient(context, { user: "Gamemaster", theme: "light" });
    expect(await gm.page.locator("#chat-log .chat-message").count()).toBeGreaterThan(0);
    await openAda(gm.page);
    await shot(gm.page, "gm-sees-roll-light");
    await gm.page.close();
  });

  it("takes a weapon dragged from the compendium", async () => {
    const page = alice.page;
    const before = (await serverAda(page)).items.length;
    await page.locator("#compendium details[data-pack='clockwork.weapons'] summary").click();
    const entry = page.locator("#compendium details[data-pack='clockwork.weapons'] li").first();
    const name = await entry.getAttribute("data-name");
    await entry.dragTo(page.locator(`${SHEET} .window-content`));
    await expect.poll(async () => (await serverAda(page)).items.length).toBe(before + 1);
    expect((await serverAda(page)).items.map((i) => i.name)).toContain(name);
    await clickTab(page.locator(SHEET), "equipment");
    await shot(page, "dropped-weapon");
    await clickTab(page.locator(SHEET), "main");
  });

  it("asks for a dropped species' choices, then applies it", async () => {
    const page = alice.page;
    await page.locator("#compendium details[data-pack='clockwork.species'] summary").click();
    const entry = page.locator("#compendium details[data-pack='clockwork.species'] li").first();
    const name = (await entry.getAttribute("data-name")) as string;
    await entry.dragTo(page.locator(`${SHEET} .window-content`));
    const dialog = page.locator("dialog.application.dialog:not(.minimizing)");
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.locator(".window-title").textContent()).toContain(name);
    await shot(page, "species-dialog");
    // Pick what the dialog leaves open, as a player would: the first choice of each select.
    for (const select of await dialog.locator("select").all()) {
      const value = await select.locator("option:not([value=''])").first().getAttribute("value");
      if (value) await select.selectOption(value);
    }
    await dialog.locator("button[data-action=apply]").click();
    await expect.poll(async () => (await serverAda(page)).items.some((i) => i.type === "species" && i.name === name), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.locator(`${SHEET} .cw-species-name`).textContent()).toBe(name);
    await shot(page, "species-applied");
  });

  it("deletes an equipped item after confirmation and frees its slot", async () => {
    const page = alice.page;
    const sheet = page.locator(SHEET);
    if (!(await sheet.locator("[data-action=toggleMode][aria-pressed=true]").count())) await sheet.locator("[data-action=toggleMode]").click();
    await clickTab(sheet, "equipment");
    await sheet.locator(`section.tab.active [data-action=deleteItem][data-item-id="${WEAPON_ID}"]`).click();
    // A window closing plays its transition (up to a second, as core): the one opening is the one not minimizing.
    const confirm = page.locator("dialog.application.dialog:not(.minimizing)");
    await confirm.waitFor({ state: "visible" });
    await shot(page, "delete-confirm");
    await confirm.locator("button[data-action=yes]").click();
    await expect.poll(async () => (await serverAda(page)).items.some((i) => i._id === WEAPON_ID)).toBe(false);
    expect(((await serverAda(page)).system.equipped as Record<string, string>).mainHand).toBe("");
    await shot(page, "deleted-item");
  });

  it("left no console errors", () => {
    expect(alice.errors).toEqual([]);
  });
});
