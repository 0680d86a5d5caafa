/**
 * Layout checks in headless Chromium (Debian's /usr/bin/chromium through playwright-core):
 * the character sheet (every tab, for a character with 30+ items), the NPC sheet, every item
 * sheet and the species dialog, in Foundry's light and dark themes. At 800 px (and 600 px)
 * nothing may overflow horizontally, and every button has an accessible name. Screenshots go
 * to artifacts/screenshots/.
 */
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCharacterContext, CHARACTER_TABS } from "../../src/applications/context/character";
import { buildItemContext } from "../../src/applications/context/item";
import { buildNpcContext } from "../../src/applications/context/npc";
import { buildSpeciesChoiceContext, defaultSpeciesChoice } from "../../src/applications/context/species-choice";
import { FULL_CHARACTER, NPC } from "../fixtures/sheets/actors";
import { CHARACTER_ITEMS, DJINN, ONE_OF_EACH } from "../fixtures/sheets/items";
import { createRenderer } from "../render/harness";
import { renderCharacterSheet, renderItemSheet, renderNpcSheet, renderSpeciesDialog } from "../render/sheets";
import { preparePageDir, SHOT_DIR, writePage, type Theme } from "./pages";

const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync",
];
const THEMES: Theme[] = ["light", "dark"];
const renderer = createRenderer();
const ownerItems = CHARACTER_ITEMS.map((i) => ({ id: i.id!, name: i.name, type: i.type }));

let browser: Browser;
let page: Page;

beforeAll(async () => {
  preparePageDir();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 800, height: 900 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

interface LayoutReport {
  overflowing: string[];
  unnamed: string[];
  buttons: number;
}

/** Horizontal overflow of the window and its content, and controls without an accessible name. */
async function inspect(): Promise<LayoutReport> {
  return page.evaluate(() => {
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")}`;
    const overflowing: string[] = [];
    const app = document.getElementById("app")!;
    for (const el of [document.documentElement, app, ...app.querySelectorAll(".window-content, .tab.active, .window-content > *")]) {
      if (el.scrollWidth > el.clientWidth + 1) overflowing.push(`${describe(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    const controls = [...app.querySelectorAll<HTMLElement>("button, [role=button], a[data-action]")]
      .filter((el) => el.getClientRects().length > 0 || el.closest(".tab"));
    const nameOf = (el: HTMLElement) => {
      const labelled = el.getAttribute("aria-labelledby");
      const byId = labelled ? document.getElementById(labelled)?.textContent : "";
      return (el.getAttribute("aria-label") || byId || el.getAttribute("title") || el.textContent || "").trim();
    };
    const unnamed = controls.filter((el) => !nameOf(el)).map((el) => el.outerHTML.slice(0, 160));
    return { overflowing, unnamed, buttons: controls.length };
  });
}

async function open(url: string, width = 800): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
}

/** The app element is as wide as the viewport minus the body padding, like a sheet of that width. */
async function checkAt(width: number, label: string): Promise<LayoutReport> {
  await page.setViewportSize({ width: width + 24, height: 900 });
  const report = await inspect();
  expect(report.overflowing, `${label} at ${width}px overflows`).toEqual([]);
  expect(report.unnamed, `${label}: controls without an accessible name`).toEqual([]);
  return report;
}

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: join(SHOT_DIR, `${name}.png`), fullPage: true });
}

async function showTab(tab: string): Promise<void> {
  await page.evaluate((id) => {
    for (const el of document.querySelectorAll<HTMLElement>("[data-group='primary'][data-tab]")) {
      el.classList.toggle("active", el.dataset.tab === id);
    }
  }, tab);
}

describe.each(THEMES)("%s theme", (theme) => {
  it("character sheet: every tab in play mode, main and equipment in edit mode", async () => {
    for (const mode of ["play", "edit"] as const) {
      const context = buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: mode === "edit" });
      const url = writePage({
        name: `character-${mode}`, title: FULL_CHARACTER.name, theme,
        classes: `sheet clockwork actor character ${context.cssClass}`, body: renderCharacterSheet(renderer, context),
      });
      await open(url);
      const tabs = mode === "play" ? CHARACTER_TABS.map((t) => t.id) : ["main", "equipment"];
      for (const tab of tabs) {
        await showTab(tab);
        await checkAt(600, `character ${mode} ${tab}`);
        const report = await checkAt(800, `character ${mode} ${tab}`);
        expect(report.buttons).toBeGreaterThan(10);
        await shoot(`character-${mode}-${tab}-${theme}`);
      }
    }
  });

  it("npc sheet in play and edit mode", async () => {
    for (const mode of ["play", "edit"] as const) {
      const context = buildNpcContext(NPC, { editable: true, editMode: mode === "edit" });
      await open(writePage({
        name: `npc-${mode}`, title: NPC.name, theme, classes: `sheet clockwork actor npc ${context.cssClass}`,
        body: renderNpcSheet(renderer, context),
      }));
      await checkAt(600, `npc ${mode}`);
      await checkAt(800, `npc ${mode}`);
      await shoot(`npc-${mode}-${theme}`);
    }
  });

  it("every item sheet", async () => {
    for (const item of Object.values(ONE_OF_EACH)) {
      const context = buildItemContext(item, { editable: true, ownerItems });
      await open(writePage({
        name: `item-${item.type}`, title: item.name, theme, classes: `sheet clockwork item ${context.cssClass}`,
        body: renderItemSheet(renderer, context),
      }));
      await checkAt(600, `${item.type} sheet`);
      await checkAt(800, `${item.type} sheet`);
      await shoot(`item-${item.type}-${theme}`);
    }
  });

  it("species choice dialog", async () => {
    const names = Object.fromEntries(DJINN.system.grants!.flatMap((g) => g.options!).map((uuid) => [uuid, uuid.slice(-16, -8)]));
    const context = buildSpeciesChoiceContext(DJINN, defaultSpeciesChoice(DJINN), names);
    await open(writePage({
      name: "species-dialog", title: "Djinn", theme, tag: "div", classes: "dialog clockwork",
      body: `<form class="dialog-form">${renderSpeciesDialog(renderer, context)}</form>`,
    }), 520);
    await checkAt(520, "species dialog");
    await shoot(`dialog-species-${theme}`);
  });
});

it("left no localization key unresolved in any page", () => {
  expect([...renderer.missingKeys]).toEqual([]);
});
