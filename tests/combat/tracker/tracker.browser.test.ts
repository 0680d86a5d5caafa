/**
 * Combat turns in headless Chromium with the system's CSS, light and dark: the combat tracker
 * with counter pips (decorated by the real `decorateTracker` over an imitation of v13's tracker
 * rows), the end-of-turn condition prompt, a dying token with its overlay and pips laid out
 * by `tokenPipLayout`, and the initiative card with a roll Boots of Alacrity set aside. Nothing
 * overflows, pip states differ in shape, controls have names.
 * Screenshots go to artifacts/screenshots/.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initiativeCardContext, planInitiative } from "../../../src/combat/initiative";
import { endChecksContext } from "../../../src/combat/prompts";
import { TURN_TEMPLATES } from "../../../src/combat/templates";
import { tokenPipLayout, trackerCountersContext, type CountersView } from "../../../src/combat/tracker/context";
import { beginTurn, endOfTurnChecks, newCounters, passTurn, spendCounters } from "../../../src/rules";
import { createRenderer, ROOT } from "../../applications/render-harness";
import { axeFindings, PAGE_DIR, preparePageDir, SHOT_DIR, visibleKeys, writePage, type Theme } from "../../applications/browser-pages";
import { inPseudoLocale, pseudoLocale } from "../../i18n/pseudo-locale";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const THEMES: Theme[] = ["light", "dark"];
const css = (file: string) => `<link rel="stylesheet" href="${pathToFileURL(join(ROOT, "styles", file)).href}">`;
// Swapped for a pseudo-locale renderer by the last block.
let renderer = createRenderer();

let browser: Browser;
let page: Page;

beforeAll(async () => {
  preparePageDir();
  // Stand-ins for the core icons the pages use (Foundry serves the real ones).
  const icon = (name: string, path: string) => writeFileSync(join(PAGE_DIR, "icons", "svg", `${name}.svg`), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${path}</svg>`);
  icon("unconscious", `<circle cx="16" cy="16" r="14" fill="#8b1a1a" opacity="0.85"/><path d="M9 12l4 4m0-4l-4 4M19 12l4 4m0-4l-4 4M10 23h12" stroke="#fff" stroke-width="2.2" fill="none"/>`);
  icon("blood", `<path d="M16 3c5 8 8 12 8 17a8 8 0 0 1-16 0c0-5 3-9 8-17z" fill="#b01818"/>`);
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 340, height: 900 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

async function open(url: string, width: number): Promise<void> {
  await page.setViewportSize({ width: width + 24, height: 900 });
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
}

/** The rows of v13's tracker (templates/sidebar/tabs/combat/tracker.hbs), decorated as renderCombatTracker does. */
function trackerBody(): string {
  const rows: { name: string; gains: number; view: Omit<CountersView, "name" | "started"> }[] = [
    { name: "Ada Lovelace", gains: 4, view: { counters: spendCounters(beginTurn(newCounters()), 2), current: true, owner: true } },
    { name: "Grusha Ironjaw", gains: 3, view: { counters: passTurn(spendCounters(beginTurn(newCounters()), 4)), current: false, owner: false } },
    { name: "Goblin Sneak ×3", gains: 2, view: { counters: { available: 0, reserved: 0, hadTurn: true, passed: true }, current: false, owner: false, band: { members: 3, standing: 2, vitals: 2, vitalsMax: 3 } } },
    { name: "Ogre Brute", gains: 1, view: { counters: newCounters(), current: false, owner: false } },
  ];
  const items = rows.map((row) => {
    const counters = renderer.render(TURN_TEMPLATES.tracker, trackerCountersContext({ ...row.view, started: true, name: row.name }));
    return `<li class="combatant${row.view.current ? " active" : ""}"${row.view.band ? ' data-band="true"' : ""}>
      <img class="token-image" src="icons/svg/mystery-man.svg" alt="">
      <div class="token-name"><strong class="name">${row.name}</strong>${counters}</div>
      <div class="token-initiative"><span class="initiative">${row.gains}</span></div>
    </li>`;
  }).join("");
  const style = `<style>
    .combat-tracker { list-style: none; margin: 0; padding: 0; display: grid; gap: 2px; }
    .combatant { display: flex; align-items: center; gap: 6px; padding: 4px 6px; border: 1px solid transparent; }
    .combatant.active { border-color: #ff6400; background: rgb(255 100 0 / 0.1); }
    .token-image { inline-size: 36px; block-size: 36px; flex: none; }
    .token-name { flex: 1; min-inline-size: 0; display: flex; flex-direction: column; }
    .token-initiative { flex: none; inline-size: 2rem; text-align: center; font-weight: 700; }
  </style>`;
  return `${css("rolls.css")}${css("combat.css")}${style}<ol class="combat-tracker plain">${items}</ol>`;
}

function promptBody(): string {
  const checks = endOfTurnChecks([{ id: "burning" }, { id: "frozen" }, { id: "poisoned", difficulty: 2 }], { rerolls: ["burning"] });
  const content = renderer.render(TURN_TEMPLATES.endChecks, endChecksContext("Grusha Ironjaw", checks));
  return `${css("combat.css")}<div class="dialog-content standard-form">${content}</div>
    <footer class="form-footer"><button type="button" data-action="roll"><i class="fa-solid fa-dice-d20"></i> Roll</button></footer>`;
}

/** The initiative card in the chat log: Ada wears Boots of Alacrity (1 gain, then 3, kept), Bo rolls once. */
function initiativeCardBody(): string {
  const faces = [8, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 8, 9, 12, 1, 2, 2, 2, 2, 2, 2, 2, 2, 11, 11, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
  const boots = { type: "artifact", system: { equipped: true }, flags: { clockwork: { magicItem: { initiative: { rerolls: 1, keep: "better" } } } } };
  const skills = { agility: { rank: 8 }, intuition: { rank: 10 } };
  const ada = { id: "ada", name: "Ada Lovelace", initiative: null, system: {}, actor: { system: { skills }, items: [boots] } };
  const bo = { id: "bo", name: "Bo", initiative: null, system: {}, actor: { system: { skills } } };
  const plan = planInitiative([ada, bo], ["ada", "bo"], (n) => faces.splice(0, n));
  const card = renderer.render(TURN_TEMPLATES.initiativeCard, initiativeCardContext(plan, { ada: "Ada Lovelace", bo: "Bo" }, { ada: 3, bo: 2 }));
  return `${css("rolls.css")}${css("combat.css")}<ol class="chat-log" style="list-style:none;margin:0;padding:0"><li class="chat-message message"><div class="message-content">${card}</div></li></ol>`;
}

function dyingTokenBody(): string {
  const size = 200;
  const pips = tokenPipLayout({ available: 0, reserved: 0, hadTurn: true, passed: true }, { width: size, height: size });
  const colours = { available: "#f2c14e", reserved: "#5aa9e6", spent: "#3a3a3a" };
  const circles = pips.map((p) => `<circle class="pip pip--${p.state}" cx="${p.x}" cy="${p.y}" r="${p.radius}" fill="${colours[p.state]}" fill-opacity="${p.state === "spent" ? 0.5 : 1}" stroke="#000" stroke-opacity="0.8"/>`).join("");
  // As Foundry draws it: the token, its small status icons, and the overlay effect over the whole token, tinted.
  return `<figure class="token-figure" style="margin:0">
    <svg role="img" aria-label="Ada Lovelace, dying" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
      <rect width="${size}" height="${size}" fill="#3d5a3c"/>
      <image href="icons/svg/mystery-man.svg" x="10" y="10" width="${size - 20}" height="${size - 20}"/>
      <image class="status-icon" href="icons/svg/blood.svg" x="4" y="4" width="22" height="22"/>
      <image class="overlay" href="icons/svg/unconscious.svg" x="${size * 0.2}" y="${size * 0.2}" width="${size * 0.6}" height="${size * 0.6}" opacity="0.85"/>
      ${circles}
    </svg>
    <figcaption>Ada Lovelace — dying, Bleeding; her turn is lost</figcaption>
  </figure>`;
}

interface TrackerReport { overflowing: string[]; unnamed: string[]; pipShapes: string[]; pipsPerRow: number[]; defenseless: number }

async function inspectTracker(): Promise<TrackerReport> {
  return page.evaluate(() => {
    const app = document.getElementById("app")!;
    const appBox = app.getBoundingClientRect();
    const overflowing: string[] = [];
    for (const el of app.querySelectorAll(".window-content *")) {
      const box = el.getBoundingClientRect();
      if (box.width && box.right > appBox.right + 1) overflowing.push(`${el.className} sticks out ${Math.round(box.right - appBox.right)}px`);
    }
    const unnamed = [...app.querySelectorAll<HTMLElement>("button")].filter((b) => !(b.getAttribute("aria-label") || b.textContent || "").trim()).map((b) => b.outerHTML);
    const shape = (sel: string) => {
      const el = app.querySelector(sel);
      if (!el) return "";
      const s = getComputedStyle(el);
      return `${s.borderStyle}|${s.backgroundImage !== "none"}|${s.backgroundColor}`;
    };
    return {
      overflowing,
      unnamed,
      pipShapes: [shape(".cw-counter-pip--available"), shape(".cw-counter-pip--reserved"), shape(".cw-counter-pip--spent")],
      pipsPerRow: [...app.querySelectorAll(".combatant")].map((row) => row.querySelectorAll(".cw-counter-pip").length),
      defenseless: app.querySelectorAll(".cw-counters__defenseless").length,
    };
  });
}

describe.each(THEMES)("%s theme", (theme) => {
  it("combat tracker: pips per combatant, reserved and spent drawn differently, pass button, defenseless", async () => {
    await open(writePage({ name: "combat-tracker", title: "Combat Tracker", theme, classes: "sidebar-tab combat-sidebar", body: trackerBody(), tag: "div" }), 300);
    const report = await inspectTracker();
    expect(report.overflowing).toEqual([]);
    expect(report.unnamed).toEqual([]);
    expect(report.pipsPerRow).toEqual([6, 6, 6, 0]);
    expect(report.defenseless).toBe(1);
    expect(new Set(report.pipShapes).size).toBe(3);
    expect(await page.textContent(".cw-counters__pass")).toBe("Pass");
    expect(await axeFindings(page), "tracker: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `combat-tracker-${theme}.png`), fullPage: true });
  });

  it("minion band row: the band's shared vitals in words, with a tooltip", async () => {
    await open(writePage({ name: "combat-tracker-band", title: "Combat Tracker", theme, classes: "sidebar-tab combat-sidebar", body: trackerBody(), tag: "div" }), 300);
    expect((await inspectTracker()).overflowing).toEqual([]);
    const band = page.locator(".combatant[data-band] .cw-band-vitals");
    expect((await band.textContent())?.trim()).toBe("Vitals 2/3");
    expect(await band.getAttribute("data-tooltip")).toBe("The band's shared vitals: 2 of 3 left, one per member; 2 of 3 members still stand.");
    expect(await axeFindings(page), "band row: axe-core serious or critical violations").toEqual([]);
    await page.locator(".combatant[data-band]").screenshot({ path: join(SHOT_DIR, `combat-band-row-${theme}.png`) });
  });

  it("condition prompt: each check with its odds, nothing overflows a 400 px dialog", async () => {
    await open(writePage({ name: "condition-prompt", title: "Grusha Ironjaw: end of turn", theme, classes: "dialog clockwork cw-condition-prompt", body: promptBody(), tag: "div" }), 400);
    const report = await inspectTracker();
    expect(report.overflowing).toEqual([]);
    expect(await page.locator(".cw-condition-check").count()).toBe(3);
    expect(await page.textContent(".cw-condition-checks")).toContain("75%");
    expect(await axeFindings(page), "prompt: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `combat-condition-prompt-${theme}.png`), fullPage: true });
  });

  it("initiative card: the roll set aside is struck through under the kept one and fits the chat log", async () => {
    await open(writePage({ name: "initiative-card", title: "Chat", theme, classes: "clockwork-chat", body: initiativeCardBody(), tag: "div" }), 300);
    const report = await inspectTracker();
    expect(report.overflowing).toEqual([]);
    expect(await page.locator(".cw-initiative-roll").count()).toBe(2);
    expect(await page.locator(".cw-initiative-roll").first().locator(".cw-initiative-reroll .cw-roll-die--discarded").count()).toBe(12);
    expect(await page.locator(".cw-initiative-roll").nth(1).locator(".cw-initiative-reroll").count()).toBe(0);
    const struck = await page.locator(".cw-roll-die--discarded s").first().evaluate((el) => getComputedStyle(el).textDecorationLine);
    expect(struck).toContain("line-through");
    expect(await page.textContent(".cw-initiative-reroll__gains")).toBe("1");
    expect(await axeFindings(page), "initiative card: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `combat-initiative-card-${theme}.png`), fullPage: true });
  });

  it("dying token: the overlay over the token and six spent pips along its bottom edge", async () => {
    await open(writePage({ name: "dying-token", title: "Token", theme, classes: "token-preview", body: dyingTokenBody(), tag: "div" }), 240);
    const inside = await page.evaluate(() => {
      const svg = document.querySelector("svg")!.getBoundingClientRect();
      return [...document.querySelectorAll("circle.pip")].every((c) => {
        const b = c.getBoundingClientRect();
        return b.left >= svg.left - 0.5 && b.right <= svg.right + 0.5 && b.bottom <= svg.bottom + 0.5;
      });
    });
    expect(inside).toBe(true);
    expect(await page.locator("circle.pip--spent").count()).toBe(6);
    expect(await page.locator("image.overlay").count()).toBe(1);
    await page.screenshot({ path: join(SHOT_DIR, `combat-dying-token-${theme}.png`), fullPage: true });
  });
});

describe("pseudo-locale: every string wrapped and 40 % longer", () => {
  const english = renderer;
  beforeAll(() => { renderer = createRenderer(pseudoLocale()); });
  afterAll(() => { renderer = english; });

  it("tracker, condition prompt and initiative card: nothing overflows, no key shows", async () => {
    const pages = [
      { name: "combat-tracker", classes: "sidebar-tab combat-sidebar", body: trackerBody, width: 300 },
      { name: "condition-prompt", classes: "dialog clockwork cw-condition-prompt", body: promptBody, width: 400 },
      { name: "initiative-card", classes: "clockwork-chat", body: initiativeCardBody, width: 300 },
    ];
    for (const p of pages) {
      await open(writePage({ name: `pseudo-${p.name}`, title: p.name, theme: "light", classes: p.classes, body: inPseudoLocale(p.body), tag: "div" }), p.width);
      expect((await inspectTracker()).overflowing, p.name).toEqual([]);
      expect(await visibleKeys(page), p.name).toEqual([]);
      await page.screenshot({ path: join(SHOT_DIR, `pseudo-${p.name}.png`), fullPage: true });
    }
    expect([...renderer.missingKeys]).toEqual([]);
  });
});
