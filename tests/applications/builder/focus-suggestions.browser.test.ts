/**
 * A setting module's focus suggestions as a player sees them, in headless Chromium with the
 * system's CSS, light and dark: the builder's foci step with Frostmarch's "Ice axes" under
 * Strength (marked, with its hint), and a Strength focus's sheet offering it for the name.
 * axe-core finds nothing serious. Screenshots: artifacts/screenshots/focus-suggestions-*.png.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClockworkConfig } from "../../../src/config";
import { mergeDeclaration } from "../../../src/setting-modules/load";
import { sheetChoices } from "../../../src/applications/context/choices";
import { buildItemContext } from "../../../src/applications/context/item";
import { buildBuilderContext, EMPTY_VIEW } from "../../../src/applications/builder/builder-context";
import { catalogFrom } from "../../../src/applications/builder/catalog";
import { suggestedFocusEntries } from "../../../src/applications/builder/focus-suggestions";
import type { BrowserEntry } from "../../../src/applications/builder/browser-core";
import { frostDeclaration } from "../../setting-modules/fixture";
import { dwarfDraft, renderBuilder, sourceEntries, translator } from "./fixtures";
import { ROOT, createRenderer } from "../render-harness";
import { renderItemSheet } from "../sheets/sheets";
import { axeFindings, preparePageDir, SHOT_DIR, writePage, type Theme } from "../browser-pages";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const THEMES: Theme[] = ["light", "dark"];

/** lang/en.json with the texts registerSettingLabels fills in for Frostmarch's keys. */
const lang = JSON.parse(readFileSync(join(ROOT, "lang", "en.json"), "utf8"));
lang.CLOCKWORK.SettingModules.Generated = { frostmarch: { foci: { strength: { iceAxes: { label: "Ice axes", hint: "Axes forged for the cold." } } } } };
const renderer = createRenderer(lang);
const en = translator();
const t = (key: string, data?: Record<string, unknown>) =>
  key.startsWith("CLOCKWORK.SettingModules.Generated.") ? (key.endsWith("label") ? "Ice axes" : "Axes forged for the cold.") : en(key, data);

const config = createClockworkConfig();
mergeDeclaration(config, "frostmarch", frostDeclaration as never);
const choices = sheetChoices(config);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  preparePageDir();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 984, height: 820 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

function builderPage(theme: Theme): string {
  const entries = sourceEntries();
  const suggested = suggestedFocusEntries(choices, entries, t, () => "Frostmarch").map((e): BrowserEntry => ({ ...e, pack: "", packLabel: "" }));
  const context = buildBuilderContext({ ...dwarfDraft(entries), step: "foci" }, catalogFrom([...entries, ...suggested]), EMPTY_VIEW, choices, t);
  const body = `<link rel="stylesheet" href="${pathToFileURL(join(ROOT, "styles/builder.css")).href}">
<style>#app { height: 780px; display: flex; flex-direction: column; } #app > .window-content { flex: 1; min-height: 0; }</style>
${renderBuilder(renderer, context)}`;
  return writePage({ name: "focus-suggestions-builder", title: "Character Builder: Brokka Stonesong", classes: "clockwork cw-builder", body, theme });
}

describe.each(THEMES)("%s theme", (theme) => {
  it("the builder's foci step shows the suggestion under its skill, marked, with its hint", async () => {
    await page.goto(builderPage(theme));
    await page.evaluate(() => document.fonts.ready);
    const row = page.locator('[data-uuid="clockwork-suggestion:strength:iceAxes"]');
    await row.scrollIntoViewIfNeeded();
    expect(await row.evaluate((el) => el.closest("fieldset")!.querySelector("legend")!.textContent)).toBe("Strength");
    expect(await page.locator(".cw-builder-suggested").textContent()).toBe("suggested by Frostmarch");
    expect(await page.locator(".cw-builder-suggestion-hint").isVisible()).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `focus-suggestions-builder-${theme}.png`), fullPage: true });
  });

  it("a Strength focus's sheet offers the suggestion for its name", async () => {
    const item = { _id: "focus000000000001", name: "New Focus", type: "focus", img: "", system: { skill: "strength" } };
    const context = buildItemContext(item as never, { editable: true, editMode: true }, choices);
    await page.goto(writePage({ name: "focus-suggestions-item", title: "New Focus", theme, classes: `sheet clockwork item ${context.cssClass}`, body: renderItemSheet(renderer, context) }));
    await page.evaluate(() => document.fonts.ready);
    const options = await page.locator("datalist option").evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, (o as HTMLOptionElement).label]));
    expect(options).toEqual([["Ice axes", "Axes forged for the cold."]]);
    expect((await page.locator(".cw-focus-suggestions").innerText()).replace(/\s+/g, " ")).toBe("A setting suggests for Strength: Ice axes");
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `focus-suggestions-item-${theme}.png`), fullPage: true });
  });
});
