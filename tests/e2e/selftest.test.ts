/**
 * The self-test's settings window in Chromium (issue 30 item 4), on the browser host as the GM:
 * the button runs the self-test, the window shows a progress bar with the step under way while
 * the played paths run (screenshot mid-run, light and dark), then closes, and the report card
 * is whispered to the GM with every step passed or skipped.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, openClient, shot, type ClientPage } from "./harness";

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

const WINDOW = "#clockwork-self-test";

/** Opens the settings menu's window as core does for a menu button: `new type().render({ force: true })`. */
async function openMenu(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const handle = window.clockworkWorld!;
    await handle.run(async () => {
      const menus = (game as unknown as { settings: { menus: Map<string, { type: new () => { render(o: object): Promise<unknown> } }> } }).settings.menus;
      await new (menus.get("clockwork.selfTest")!.type)().render({ force: true });
    });
  });
  await page.locator(WINDOW).waitFor({ state: "visible" });
}

async function runOnce(client: ClientPage, theme: string): Promise<void> {
  const { page } = client;
  await openMenu(page);
  await shot(page, `selftest-menu-${theme}`);
  await page.locator(`${WINDOW} [data-action=run]`).click();
  // A sheet step takes a moment: the bar stands at it, mid-run.
  await page.locator(`${WINDOW} .cw-selftest-progress[data-step=editSheet]`).waitFor({ state: "visible", timeout: 30_000 });
  const bar = await page.evaluate((selector) => {
    const progress = document.querySelector<HTMLProgressElement>(`${selector} progress`)!;
    return { value: progress.value, max: progress.max, text: document.querySelector(`${selector} [role=status]`)?.textContent };
  }, WINDOW);
  await page.locator(WINDOW).screenshot({ path: await shot(page, `selftest-progress-${theme}`).then((p) => p.replace(/\.png$/, "-window.png")) });
  expect(bar.max).toBeGreaterThan(bar.value);
  expect(bar.value).toBeGreaterThan(0);
  expect(bar.text).toBe(`Step ${bar.value + 1} of ${bar.max}: Open its sheet and edit a field`);
  await page.locator(WINDOW).waitFor({ state: "detached", timeout: 120_000 });
  const card = await page.evaluate(async () => {
    await window.clockworkWorld!.settle();
    const messages = (game as unknown as { messages: { contents: { content: string; flags: { clockwork?: { selfTestReport?: boolean } } }[] } }).messages.contents;
    const report = messages.filter((m) => m.flags.clockwork?.selfTestReport === true).at(-1)!;
    const html = new DOMParser().parseFromString(report.content, "text/html");
    return [...html.querySelectorAll<HTMLElement>("[data-step]")].map((li) => `${li.dataset.step}:${li.dataset.status}${li.dataset.status === "fail" ? ` ${li.querySelector(".cw-selftest__detail")?.textContent}` : ""}`);
  });
  expect(card.filter((s) => s.includes(":fail"))).toEqual([]);
  expect(card).toContain("attackDamage:pass");
  await shot(page, `selftest-report-${theme}`);
  expect(client.errors).toEqual([]);
  // One page per user at a time, as Foundry keeps one session per user.
  await page.close();
}

describe("the self-test's window", () => {
  it("shows a progress bar with the step under way, then the report (dark)", async () => {
    await runOnce(await openClient(context, { user: "Gamemaster", theme: "dark", fresh: true }), "dark");
  }, 180_000);

  it("and in the light theme", async () => {
    await runOnce(await openClient(context, { user: "Gamemaster", theme: "light" }), "light");
  }, 180_000);
});
