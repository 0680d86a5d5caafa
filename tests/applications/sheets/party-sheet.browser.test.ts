/**
 * The party sheet in headless Chromium (Debian's /usr/bin/chromium through playwright-core), in
 * Foundry's light and dark themes, as the GM sees it (tools, every member, the stash editable)
 * and as a player who only observes the party: nothing overflows at 600 and 640 px (the sheet's
 * width), every control has an accessible name, axe-core finds no serious or critical violation.
 * Screenshots go to artifacts/screenshots/party-*.png.
 */
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATES } from "../../../src/applications/handlebars";
import { createRenderer } from "../render-harness";
import { axeFindings, preparePageDir, SHOT_DIR, writePage, type Theme } from "../browser-pages";
import { partyContext } from "./party-fixtures";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const THEMES: Theme[] = ["light", "dark"];
const renderer = createRenderer();

let browser: Browser;
let page: Page;

beforeAll(async () => {
  preparePageDir();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 664, height: 900 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

interface Report { overflowing: string[]; unnamed: string[]; cards: number; barWidths: string[] }

async function inspect(): Promise<Report> {
  return page.evaluate(() => {
    const app = document.getElementById("app")!;
    const describe = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    const overflowing = [document.documentElement, app, ...app.querySelectorAll(".window-content, .cw-party-member, .cw-party-tools")]
      .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${describe(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    const nameOf = (el: HTMLElement) => (el.getAttribute("aria-label") || el.getAttribute("title") || el.textContent || "").trim();
    const unnamed = [...app.querySelectorAll<HTMLElement>("button, select, input")]
      .filter((el) => !nameOf(el) && !el.closest("label") && !el.getAttribute("aria-labelledby")).map((el) => el.outerHTML.slice(0, 120));
    const barWidths = [...app.querySelectorAll<HTMLElement>(".cw-party-bar > span")].map((el) => `${Math.round((el.getBoundingClientRect().width / el.parentElement!.clientWidth) * 100)}%`);
    return { overflowing, unnamed, cards: app.querySelectorAll(".cw-party-member").length, barWidths };
  });
}

async function check(label: string): Promise<Report> {
  let report!: Report;
  for (const width of [600, 640]) {
    await page.setViewportSize({ width: width + 24, height: 900 });
    report = await inspect();
    expect(report.overflowing, `${label} at ${width}px overflows`).toEqual([]);
    expect(report.unnamed, `${label}: controls without an accessible name`).toEqual([]);
  }
  expect(await axeFindings(page), `${label}: axe-core serious or critical violations`).toEqual([]);
  return report;
}

describe.each(THEMES)("%s theme", (theme) => {
  it("the GM's party sheet: tools, every member's numbers, the stash", async () => {
    const url = writePage({ name: "party-gm", title: "The Company", theme, classes: "sheet clockwork actor party", body: renderer.render(TEMPLATES.party.party, partyContext()), styles: ["styles/party.css"] });
    await page.goto(url);
    const report = await check(`party (GM, ${theme})`);
    expect(report.cards).toBe(3);
    // Vitals bars: full for Ada, a quarter for Bram, empty for the dying companion.
    expect(report.barWidths).toEqual(["100%", "25%", "0%"]);
    await page.screenshot({ path: join(SHOT_DIR, `party-gm-${theme}.png`), fullPage: true });
  });

  it("a player's view: the members they observe, no tools, the stash read-only", async () => {
    const url = writePage({ name: "party-player", title: "The Company", theme, classes: "sheet clockwork actor party", body: renderer.render(TEMPLATES.party.party, partyContext({ gm: false, editable: false })), styles: ["styles/party.css"] });
    await page.goto(url);
    const report = await check(`party (player, ${theme})`);
    expect(report.cards).toBe(3);
    expect(await page.locator(".cw-party-tools").count()).toBe(0);
    await page.screenshot({ path: join(SHOT_DIR, `party-player-${theme}.png`), fullPage: true });
  });
});
