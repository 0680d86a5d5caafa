/**
 * Layout and accessibility checks in headless Chromium (Debian's /usr/bin/chromium through
 * playwright-core): the character sheet and the NPC sheet (every tab, play and edit mode),
 * every item sheet (play and edit mode) and the species dialog, in Foundry's light and dark
 * themes. At 800 px (and 600 px) nothing may overflow horizontally, every button has an
 * accessible name, and axe-core (injected into the page) finds no serious or critical
 * violation. Screenshots go to artifacts/screenshots/.
 */
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCharacterContext, CHARACTER_TABS } from "../../../src/applications/context/character";
import { buildItemContext } from "../../../src/applications/context/item";
import { buildNpcContext, NPC_TABS } from "../../../src/applications/context/npc";
import { buildSpeciesChoiceContext, defaultSpeciesChoice } from "../../../src/applications/context/species-choice";
import { FULL_CHARACTER, NPC } from "../../fixtures/sheets/actors";
import { CHARACTER_ITEMS, DJINN, HASTE, LINKS, ONE_OF_EACH, SCROLL } from "../../fixtures/sheets/items";
import { createRenderer } from "../render-harness";
import { renderCharacterSheet, renderItemSheet, renderNpcSheet, renderSpeciesDialog } from "./sheets";
import { axeFindings, preparePageDir, SHOT_DIR, visibleKeys, writePage, type Theme } from "../browser-pages";
import { inPseudoLocale, pseudoI18n, pseudoLocale } from "../../i18n/pseudo-locale";
import { buildCombatActionsContext, sheetCounters, type ActionsActor } from "../../../src/combat/actions/context";

const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync",
];
const THEMES: Theme[] = ["light", "dark"];
const MODES = ["play", "edit"] as const;
const renderer = createRenderer();
const ownerItems = CHARACTER_ITEMS.map((i) => ({ id: i.id!, name: i.name, type: i.type }));
/** Every item type once, plus the species with granted choices and the two items with UUID links. */
const ITEM_SHEETS = [...Object.values(ONE_OF_EACH).map((item) => (item.type === "species" ? DJINN : item)), SCROLL, HASTE];

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

/** Layout at 600 and 800 px, then axe at 800 px. */
async function checkSheet(label: string): Promise<LayoutReport> {
  await checkAt(600, label);
  const report = await checkAt(800, label);
  expect(await axeFindings(page), `${label}: axe-core serious or critical violations`).toEqual([]);
  return report;
}

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: join(SHOT_DIR, `${name}.png`), fullPage: true });
}

async function showTab(tab: string): Promise<void> {
  await page.evaluate((id) => {
    for (const el of document.querySelectorAll<HTMLElement>("[data-group='primary'][data-tab]")) {
      el.classList.toggle("active", el.dataset.tab === id);
      if (el.getAttribute("role") === "tab") el.setAttribute("aria-selected", String(el.dataset.tab === id));
    }
  }, tab);
}

describe.each(THEMES)("%s theme", (theme) => {
  it("character sheet: every tab in play and edit mode", async () => {
    for (const mode of MODES) {
      const context = buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: mode === "edit" });
      await open(writePage({
        name: `character-${mode}`, title: FULL_CHARACTER.name, theme,
        classes: `sheet clockwork actor character ${context.cssClass}`, body: renderCharacterSheet(renderer, context),
      }));
      for (const { id } of CHARACTER_TABS) {
        await showTab(id);
        const report = await checkSheet(`character ${mode} ${id}`);
        expect(report.buttons).toBeGreaterThan(10);
        await shoot(`character-${mode}-${id}-${theme}`);
      }
    }
  });

  it("npc sheet: every tab in play and edit mode", async () => {
    for (const mode of MODES) {
      const context = buildNpcContext(NPC, { editable: true, editMode: mode === "edit" });
      await open(writePage({
        name: `npc-${mode}`, title: NPC.name, theme, classes: `sheet clockwork actor npc ${context.cssClass}`,
        body: renderNpcSheet(renderer, context),
      }));
      for (const { id } of NPC_TABS) {
        await showTab(id);
        await checkSheet(`npc ${mode} ${id}`);
        await shoot(`npc-${mode}-${id}-${theme}`);
      }
    }
  });

  // Issue 20 item 5: on her turn a player reads her counters in the header and her actions first.
  it("character sheet in combat: the counters in the header, the actions first on Main", async () => {
    const lookup = (key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), renderer.translations);
    const localize = (key: string) => (typeof lookup(key) === "string" ? lookup(key) as string : key);
    const i18n = { localize, format: (key: string, data: Record<string, unknown> = {}) => localize(key).replace(/\{(\w+)\}/g, (w, a: string) => (a in data ? String(data[a]) : w)) };
    const global = globalThis as unknown as { game?: object };
    const saved = global.game;
    global.game = { i18n };
    let body: string;
    try {
      const counters = { available: 4, reserved: 2, hadTurn: true, passed: false };
      body = renderCharacterSheet(renderer, {
        ...buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false }),
        combatCounters: sheetCounters(counters),
        combatActions: buildCombatActionsContext(FULL_CHARACTER as unknown as ActionsActor, { inCombat: true, counters }),
      });
    } finally {
      global.game = saved;
    }
    // The action list's styles live with the attack's (system.json loads every sheet of styles).
    await open(writePage({ name: "character-combat", title: FULL_CHARACTER.name, theme, classes: "sheet clockwork actor character", body, styles: ["styles/attack.css"] }));
    await showTab("main");
    await checkSheet("character in combat");
    const seen = await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>(".cw-sheet-header .cw-sheet-counters")!;
      const main = document.querySelector(".cw-tab-main")!;
      const rect = box.getBoundingClientRect();
      return { text: box.innerText.replace(/\s+/g, " "), visible: rect.width > 0 && rect.height > 0, first: main.firstElementChild?.classList.contains("cw-combat-actions") };
    });
    expect(seen).toMatchObject({ visible: true, first: true });
    expect(seen.text).toContain("4 this turn");
    expect(seen.text).toContain("2 reserved for reactions");
    await shoot(`character-combat-${theme}`);
  });

  it("keyboard order follows the layout: down a column, then on to the next column, never back up", async () => {
    const pages = [
      ...MODES.map((mode) => ({ name: `character-${mode}`, body: renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: mode === "edit" })), tabs: CHARACTER_TABS.map((t) => t.id) })),
      ...MODES.map((mode) => ({ name: `npc-${mode}`, body: renderNpcSheet(renderer, buildNpcContext(NPC, { editable: true, editMode: mode === "edit" })), tabs: NPC_TABS.map((t) => t.id) })),
    ];
    for (const sheet of pages) {
      await open(writePage({ name: `${sheet.name}-keys`, title: "Keys", theme, classes: "sheet clockwork actor", body: sheet.body }));
      for (const tab of sheet.tabs) {
        await showTab(tab);
        const jumps = await page.evaluate(() => {
          const app = document.getElementById("app")!;
          const focusable = [...app.querySelectorAll<HTMLElement>("button, input, select, a[href], [tabindex]")]
            .filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && (el as HTMLInputElement).type !== "hidden" && el.getClientRects().length > 0);
          const backwards: string[] = [];
          for (let i = 1; i < focusable.length; i++) {
            const a = focusable[i - 1].getBoundingClientRect();
            const b = focusable[i].getBoundingClientRect();
            const down = b.top >= a.top - 4;
            const nextColumn = b.left >= a.right - 4;
            if (!down && !nextColumn) backwards.push(`${focusable[i - 1].outerHTML.slice(0, 60)} → ${focusable[i].outerHTML.slice(0, 60)}`);
          }
          return backwards;
        });
        expect(jumps, `${sheet.name} ${tab}: focus moves back up and left`).toEqual([]);
      }
    }
  });

  it("a control busy with a slow action shows a spinner and takes no second click", async () => {
    const context = buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false });
    await open(writePage({
      name: "character-busy", title: FULL_CHARACTER.name, theme, classes: `sheet clockwork actor character ${context.cssClass}`,
      body: renderCharacterSheet(renderer, context),
    }));
    const state = await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>("[data-action='rollSkill']")!;
      const idle = getComputedStyle(button).pointerEvents;
      button.setAttribute("aria-busy", "true");
      const after = getComputedStyle(button, "::after");
      return { idle, busy: getComputedStyle(button).pointerEvents, spinner: after.content !== "none" && after.animationName === "cw-spin" };
    });
    expect(state).toEqual({ idle: "auto", busy: "none", spinner: true });
  });

  it("the NPC's combat tab fits one screen in play mode", async () => {
    const context = buildNpcContext(NPC, { editable: true, editMode: false });
    await open(writePage({
      name: "npc-fit", title: NPC.name, theme, classes: `sheet clockwork actor npc ${context.cssClass}`, body: renderNpcSheet(renderer, context),
    }), 704);
    const height = await page.evaluate(() => document.getElementById("app")!.getBoundingClientRect().height);
    // The sheet opens 760 px tall; the window header takes 36 of them.
    expect(height).toBeLessThanOrEqual(760);
  });

  it("every item sheet in play and edit mode", async () => {
    for (const item of ITEM_SHEETS) {
      for (const mode of MODES) {
        const context = buildItemContext(item, { editable: true, editMode: mode === "edit", ownerItems, links: LINKS });
        await open(writePage({
          name: `item-${item.type}-${mode}`, title: item.name, theme, classes: `sheet clockwork item ${context.cssClass}`,
          body: renderItemSheet(renderer, context),
        }));
        await checkSheet(`${item.name} ${mode}`);
        const name = item === SCROLL ? "scroll" : item === HASTE ? "spell-pair" : item.type;
        await shoot(`item-${name}-${mode}-${theme}`);
      }
    }
  });

  it("species choice dialog: names from the index, unresolved options marked", async () => {
    const names = Object.fromEntries(Object.entries(LINKS).map(([uuid, { name }]) => [uuid, { name, resolved: true }]));
    // Shock is in the pack's index but did not load; Geomancer is in neither.
    const shock = Object.keys(LINKS).find((uuid) => LINKS[uuid].name === "Shock")!;
    names[shock] = { name: "Shock", resolved: false };
    const context = buildSpeciesChoiceContext(DJINN, defaultSpeciesChoice(DJINN), names);
    await open(writePage({
      name: "species-dialog", title: "Djinn: Choices", theme, tag: "div", classes: "application dialog clockwork",
      body: `<form class="dialog-form">${renderSpeciesDialog(renderer, context)}</form>`,
    }), 520);
    await checkAt(520, "species dialog");
    expect(await axeFindings(page), "species dialog: axe-core serious or critical violations").toEqual([]);
    await shoot(`dialog-species-${theme}`);
  });
});

describe("pseudo-locale: every string wrapped and 40 % longer", () => {
  const pseudo = createRenderer(pseudoLocale());
  // The words the sheet's shell hands the XP section (keys only in a bare fixture).
  const xp = { log: [], speed: "normal" as const, translate: pseudoI18n().format, formatDate: (ms: number) => new Date(ms).toISOString().slice(0, 10) };

  it("character and NPC sheets, every tab in play and edit mode: nothing overflows at 600 or 800 px, no key shows", async () => {
    const sheets = MODES.flatMap((mode) => [
      // Context code localizes some labels itself: through game.i18n in the pseudo-locale.
      { name: `character-${mode}`, title: FULL_CHARACTER.name, context: inPseudoLocale(() => buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: mode === "edit", xp })), render: renderCharacterSheet, classes: "character", tabs: CHARACTER_TABS },
      { name: `npc-${mode}`, title: NPC.name, context: inPseudoLocale(() => buildNpcContext(NPC, { editable: true, editMode: mode === "edit" })), render: renderNpcSheet, classes: "npc", tabs: NPC_TABS },
    ]);
    for (const sheet of sheets) {
      await open(writePage({
        name: `pseudo-${sheet.name}`, title: sheet.title, theme: "light",
        classes: `sheet clockwork actor ${sheet.classes} ${sheet.context.cssClass}`, body: sheet.render(pseudo, sheet.context as never),
      }));
      for (const { id } of sheet.tabs) {
        await showTab(id);
        await checkAt(600, `pseudo ${sheet.name} ${id}`);
        await checkAt(800, `pseudo ${sheet.name} ${id}`);
        expect(await visibleKeys(page), `pseudo ${sheet.name} ${id}`).toEqual([]);
        await shoot(`pseudo-${sheet.name}-${id}`);
      }
    }
  });

  it("every item sheet and the species dialog", async () => {
    for (const item of ITEM_SHEETS) {
      for (const mode of MODES) {
        const context = inPseudoLocale(() => buildItemContext(item, { editable: true, editMode: mode === "edit", ownerItems, links: LINKS }));
        await open(writePage({
          name: `pseudo-item-${item.type}-${mode}`, title: item.name, theme: "light", classes: `sheet clockwork item ${context.cssClass}`,
          body: renderItemSheet(pseudo, context),
        }));
        await checkAt(600, `pseudo ${item.name} ${mode}`);
        await checkAt(800, `pseudo ${item.name} ${mode}`);
        expect(await visibleKeys(page), `pseudo ${item.name} ${mode}`).toEqual([]);
      }
    }
    const names = Object.fromEntries(Object.entries(LINKS).map(([uuid, { name }]) => [uuid, { name, resolved: true }]));
    const context = inPseudoLocale(() => buildSpeciesChoiceContext(DJINN, defaultSpeciesChoice(DJINN), names));
    await open(writePage({
      name: "pseudo-species-dialog", title: "Djinn", theme: "light", tag: "div", classes: "application dialog clockwork",
      body: `<form class="dialog-form">${renderSpeciesDialog(pseudo, context)}</form>`,
    }), 520);
    await checkAt(520, "pseudo species dialog");
    expect(await visibleKeys(page), "pseudo species dialog").toEqual([]);
    expect([...pseudo.missingKeys]).toEqual([]);
  });
});

it("left no localization key unresolved in any page", () => {
  expect([...renderer.missingKeys]).toEqual([]);
  expect([...renderer.missingArgs]).toEqual([]);
});
