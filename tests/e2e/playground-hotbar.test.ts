/**
 * The playground's own macro bar (tests/world/browser/hotbar.ts; issue 32), in the built
 * playground: Alice (her one character, Grosh Ashfang, is her character) drags a skill row and a
 * weapon from her sheet onto the bar with the mouse; each slot fills with the system's macro,
 * named after what was dragged; a Shift-click on the skill's slot rolls it and the card appears in
 * the chat. Screenshots: artifacts/screenshots/playground-hotbar-{dark,light}.png.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, SHOT_DIR, stopServer, startPlayground, type PlaygroundServer } from "./harness";

const HERO = "Grosh Ashfang";
const SHEET = ".application.sheet.character";

describe("the playground's macro bar", () => {
  let server: PlaygroundServer;
  let browser: Browser;
  let page: Page;
  let stateDir = "";

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), "cw-hotbar-"));
    server = await startPlayground(join(stateDir, "world.json"));
    browser = await launch();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopServer(server?.child);
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("a skill row and a weapon dragged from the sheet become macros; a Shift-click rolls the skill", async () => {
    await page.goto(`${server.url}/?user=Alice&fresh=1&theme=dark`);
    await page.waitForFunction(() => window.clockworkWorld?.ready === true || window.clockworkWorld?.error !== undefined, null, { timeout: 60_000 });
    expect(await page.evaluate(() => window.clockworkWorld?.error)).toBeUndefined();
    expect(await page.locator("#hotbar").getAttribute("aria-label")).toBe("Macro bar (the playground's, not Foundry's)");
    expect(await page.locator("#hotbar .hotbar-slot").count()).toBe(10);
    await page.waitForFunction(() => window.clockworkWorld!.run(() => (game.user as unknown as { character?: { name: string } }).character?.name) !== undefined);
    expect(await page.evaluate(() => window.clockworkWorld!.run(() => (game.user as unknown as { character: { name: string } }).character.name))).toBe(HERO);

    await page.click(`#world-toolbar .actors button[title="Open ${HERO}"]`);
    const sheet = page.locator(SHEET).first();
    await sheet.waitFor();
    // The sheet opens over the bottom of the board: the player moves it up to reach the bar.
    await page.evaluate((name) => window.clockworkWorld!.run(() => {
      const actor = (game.actors as unknown as { getName(n: string): { sheet: { setPosition(p: object): unknown } } }).getName(name);
      actor.sheet.setPosition({ top: 50, height: 640 });
    }), HERO);
    await page.dragAndDrop(`${SHEET} tr[data-skill="perception"]`, '#hotbar li[data-slot="1"]');
    await page.locator('#hotbar .hotbar-slot.filled[data-slot="1"]').waitFor();
    expect(await page.locator('#hotbar .hotbar-slot[data-slot="1"]').getAttribute("aria-label")).toBe("Slot 1: Perception roll");

    await page.click(`${SHEET} .cw-tab-link[data-tab="equipment"]`);
    const weapon = `${SHEET} .cw-weapons .cw-item-row[data-type="weapon"] >> nth=0`;
    const weaponName = (await page.locator(`${SHEET} .cw-weapons .cw-item-row[data-type="weapon"] .cw-item-name`).first().textContent())?.trim() ?? "";
    await page.dragAndDrop(weapon, '#hotbar li[data-slot="2"]');
    await page.locator('#hotbar .hotbar-slot.filled[data-slot="2"]').waitFor();
    expect(await page.locator('#hotbar .hotbar-slot[data-slot="2"]').getAttribute("aria-label")).toBe(`Slot 2: ${weaponName}`);

    const before = await page.locator("#chat-log .chat-message").count();
    await page.click('#hotbar .hotbar-slot[data-slot="1"]', { modifiers: ["Shift"] });
    await page.waitForFunction((n) => document.querySelectorAll("#chat-log .chat-message").length > n, before);
    await page.screenshot({ path: join(SHOT_DIR, "playground-hotbar-dark.png") });
    await page.evaluate(() => document.querySelector<HTMLButtonElement>("#world-toolbar .theme-toggle")?.click());
    await page.screenshot({ path: join(SHOT_DIR, "playground-hotbar-light.png") });
    // The bar sits above the board, clear of the players list and the sidebar.
    const [bar, players, sidebar] = await Promise.all(["#hotbar", "#players", "#sidebar"].map((s) => page.locator(s).boundingBox()));
    expect(bar!.x).toBeGreaterThan(players!.x + players!.width);
    expect(bar!.x + bar!.width).toBeLessThan(sidebar!.x);
  }, 120_000);
});
