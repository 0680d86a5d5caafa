/**
 * The roll dialog and chat cards in headless Chromium with the system's CSS, light and dark:
 * nothing overflows the dialog (420 px) or the chat log (300 px), every control has an
 * accessible name, every die is drawn, the odds bars follow the distribution, and the marks
 * differ in more than colour. Screenshots go to artifacts/screenshots/.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildChatCardContext, type ChatCardInput, type ChatCardViewer } from "../../src/dice/context/chat-card";
import { buildRollDialogContext } from "../../src/dice/context/roll-dialog";
import { DICE_TEMPLATES, ROLL_DIALOG_PARTS } from "../../src/dice/templates";
import { createRenderer, ROOT } from "../applications/render-harness";
import { gainRoll, serialized } from "./serialized";
import { request } from "./requests";
import { axeFindings, preparePageDir, SHOT_DIR, visibleKeys, writePage, type Theme, unlabelledNumbers as unlabelledNumbersOn } from "../applications/browser-pages";
import { inPseudoLocale, pseudoLocale } from "../i18n/pseudo-locale";

const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync",
];
const THEMES: Theme[] = ["light", "dark"];
const ROLLS_CSS = `<link rel="stylesheet" href="${pathToFileURL(join(ROOT, "styles", "rolls.css")).href}">`;
// Swapped for a pseudo-locale renderer by the last block.
let renderer = createRenderer();

let browser: Browser;
let page: Page;

beforeAll(async () => {
  preparePageDir();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 444, height: 900 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

function dialogBody(): { html: string; bars: number[] } {
  const context = buildRollDialogContext({
    request: request({
      actorName: "Grusha", bonusSkill: true, foci: [{ id: "f1", name: "Axe Fighter" }, { id: "f2", name: "Mauler" }], focusId: "f1",
      difficulty: "hard", vitalsRemaining: 3, situational: -1,
    }),
    oddsVisibility: "all", isGM: true, idPrefix: "cw-roll-test",
  });
  // The dialog's parts inside its window content, which carries the dialog's classes.
  const parts = Object.values(ROLL_DIALOG_PARTS).map((template) => renderer.render(template, context)).join("\n");
  return { html: `${ROLLS_CSS}<div class="clockwork cw-roll-dialog">${parts}</div>`, bars: context.odds.bars.map((b) => b.height) };
}

const PUBLIC: ChatCardViewer = { rollMode: "publicroll", isGM: true, isAuthor: true };

function cardHtml(input: ChatCardInput, viewer: ChatCardViewer = PUBLIC): string {
  return `<li class="chat-message message"><div class="message-content">${renderer.render(DICE_TEMPLATES.chatCard, buildChatCardContext(input, viewer))}</div></li>`;
}

function chatBody(): { html: string; dice: number } {
  const subject = { kind: "skill", skill: "strength", attribute: "body" };
  const parts = [{ key: "attribute", dice: 8 }, { key: "bonusSkill", dice: 1 }, { key: "focus", dice: 1, name: "Axe Fighter" }, { key: "vitals", dice: -1 }];
  const first = gainRoll([1, 5, 12, 6, 5, 8, 7, 2, 3], { threshold: 7, needed: 4, difficulty: "hard", outOfCombat: true, parts, subject, discarded: true });
  const second = gainRoll([12, 9, 12, 7, 11, 4, 10, 1, 8], { threshold: 7, needed: 4, difficulty: "hard", outOfCombat: true, parts, subject, critical: { headShot: true } });
  const cards = [
    cardHtml({ actorName: "Grusha", rolls: [first, second], luck: { spent: 1, keepBest: true } }),
    cardHtml({ actorName: "Grusha", rolls: [serialized("FlatRoll", [{ result: 3, active: false, discarded: true }, { result: 9, active: true }], { target: 7, keepBetter: true, label: "End Burning" })] }),
    cardHtml({ actorName: "Grusha", rolls: [serialized("DamageRoll", [12, 6, 3, 1, 9, 10, 12, 5], {
      damageType: "slashing", armorPiercing: true, criticals: 2, itemName: "Battleaxe",
      targets: [{ name: "Goblin Sneak", species: 3, armor: 2, hit: true }, { name: "Ogre Brute", species: 2, armor: 5, hit: true }],
    })] }),
    cardHtml({ actorName: "Grusha", rolls: [serialized("DeathRoll", [1, 12, 4, 8, 6, 12], { diehard: true, wounds: 2, grit: 5 })] }),
    cardHtml({ actorName: "Grusha", rolls: [first] }, { rollMode: "blindroll", isGM: false, isAuthor: true }),
  ];
  return { html: `${ROLLS_CSS}<ol class="chat-log" style="list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px">${cards.join("")}</ol>`, dice: 9 + 9 + 2 + 8 + 6 };
}

interface Report {
  overflowing: string[];
  unnamed: string[];
  dice: number;
  diceBoxes: { width: number; height: number }[];
  barHeights: number[];
  marksLookDifferent: boolean;
  /** Rows the first roll's dice take up. */
  firstDiceRows: number;
}

async function inspect(): Promise<Report> {
  return page.evaluate(() => {
    const app = document.getElementById("app")!;
    const describe = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    const overflowing = [document.documentElement, app, ...app.querySelectorAll(".window-content, .cw-card, .cw-roll-dialog")]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${describe(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    const appBox = app.getBoundingClientRect();
    for (const el of app.querySelectorAll(".window-content *")) {
      const box = el.getBoundingClientRect();
      if (box.width && box.right > appBox.right + 1) overflowing.push(`${describe(el)} sticks out ${Math.round(box.right - appBox.right)}px`);
    }
    const controls = [...app.querySelectorAll<HTMLElement>("button, select, input")];
    const nameOf = (el: HTMLElement) => {
      const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : "";
      return (el.getAttribute("aria-label") || label || el.textContent || "").trim();
    };
    const unnamed = controls.filter((el) => !nameOf(el)).map((el) => el.outerHTML.slice(0, 120));
    const dice = [...app.querySelectorAll<HTMLElement>(".cw-roll-die")];
    const style = (sel: string) => {
      const el = app.querySelector(sel);
      if (!el) return "";
      const s = getComputedStyle(el);
      return `${s.borderStyle}|${s.borderWidth}|${s.textDecorationLine}`;
    };
    const kinds = [style(".cw-roll-die--gain"), style(".cw-roll-die--double"), style(".cw-roll-die--cancel"), style(".cw-roll-die--none")].filter(Boolean);
    return {
      overflowing,
      unnamed,
      dice: dice.length,
      diceBoxes: dice.map((d) => ({ width: d.getBoundingClientRect().width, height: d.getBoundingClientRect().height })),
      barHeights: [...app.querySelectorAll<HTMLElement>(".cw-odds__fill")].map((b) => b.getBoundingClientRect().height),
      marksLookDifferent: kinds.length === 4 && new Set(kinds).size === 4,
      firstDiceRows: new Set([...(app.querySelector(".cw-roll-dice")?.children ?? [])].map((d) => Math.round(d.getBoundingClientRect().top))).size,
    };
  });
}

/** Numbers on the cards with nothing to say what they are (issue 20; the shared check of ../applications/browser-pages). */
const unlabelledNumbers = (): Promise<string[]> => unlabelledNumbersOn(page);

async function open(url: string, width: number): Promise<void> {
  await page.setViewportSize({ width: width + 24, height: 900 });
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
}

describe.each(THEMES)("%s theme", (theme) => {
  it("roll dialog: pool, choices and an odds chart that follows the distribution", async () => {
    const body = dialogBody();
    await open(writePage({ name: "roll-dialog", title: "Grusha: Body / Strength", theme, classes: "clockwork cw-roll-dialog-app", body: body.html }), 420);
    const report = await inspect();
    expect(report.overflowing).toEqual([]);
    expect(report.unnamed).toEqual([]);
    expect(report.barHeights).toHaveLength(body.bars.length);
    const tallest = Math.max(...report.barHeights);
    expect(tallest).toBeGreaterThan(30);
    body.bars.forEach((height, i) => expect(Math.abs(report.barHeights[i] - (tallest * height) / 100)).toBeLessThanOrEqual(1.5));
    // The bars that meet the difficulty differ by more than colour: a hatch, a legend in words, bold gains.
    const marks = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>(".cw-odds__bar")].map((bar) =>
      `${getComputedStyle(bar.querySelector(".cw-odds__fill")!).backgroundImage !== "none"}|${getComputedStyle(bar.querySelector(".cw-odds__gains")!).fontWeight}`));
    expect(new Set(marks).size).toBe(2);
    expect(await page.textContent(".cw-odds__legend")).toContain("Hatched bars meet the difficulty");
    expect(await axeFindings(page), "roll dialog: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `roll-dialog-${theme}.png`), fullPage: true });
  });

  it("roll dialog: opens with the roll button focused, so Enter rolls", async () => {
    await open(writePage({ name: "roll-dialog-keys", title: "Grusha: Body / Strength", theme, classes: "clockwork cw-roll-dialog-app", body: dialogBody().html }), 420);
    await page.evaluate(() => {
      const form = document.getElementById("app") as HTMLFormElement;
      form.addEventListener("submit", (event) => { event.preventDefault(); form.dataset.submitted = "yes"; });
    });
    // Chromium moves focus to the autofocus control at its next rendering step.
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "roll", null, { timeout: 2000 });
    await page.keyboard.press("Enter");
    expect(await page.getAttribute("#app", "data-submitted")).toBe("yes");
  });

  it("chat cards: every die drawn and marked distinctly, nothing overflows the chat log", async () => {
    const body = chatBody();
    await open(writePage({ name: "roll-chat", title: "Chat", theme, classes: "clockwork-chat", body: body.html, tag: "div" }), 300);
    const report = await inspect();
    expect(report.overflowing).toEqual([]);
    expect(report.unnamed).toEqual([]);
    expect(report.dice).toBe(body.dice);
    for (const box of report.diceBoxes) {
      expect(box.width).toBeGreaterThanOrEqual(20);
      expect(box.height).toBeGreaterThanOrEqual(20);
    }
    expect(report.marksLookDifferent).toBe(true);
    // Every number says what it is; a skill roll's 12s promise no critical damage (issue 20).
    expect(await unlabelledNumbers()).toEqual([]);
    expect(await page.textContent("#app")).not.toContain("Critical damage on a hit");
    expect(await page.textContent("#app")).toMatch(/Rolled\s*9\s*against Flat 7/);
    // Nine dice sit side by side in the 300 px chat log, not one per line.
    expect(report.firstDiceRows).toBeLessThanOrEqual(2);
    expect(await axeFindings(page), "chat cards: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `roll-chat-card-${theme}.png`), fullPage: true });
  });
});

describe("pseudo-locale: every string wrapped and 40 % longer", () => {
  const english = renderer;
  beforeAll(() => { renderer = createRenderer(pseudoLocale()); });
  afterAll(() => { renderer = english; });

  it("roll dialog and chat cards: nothing overflows, no key shows, nine dice still share two rows", async () => {
    await open(writePage({ name: "pseudo-roll-dialog", title: "Grusha", theme: "light", classes: "clockwork cw-roll-dialog-app", body: inPseudoLocale(dialogBody).html }), 420);
    expect((await inspect()).overflowing).toEqual([]);
    expect(await visibleKeys(page)).toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, "pseudo-roll-dialog.png"), fullPage: true });
    await open(writePage({ name: "pseudo-roll-chat", title: "Chat", theme: "light", classes: "clockwork-chat", body: inPseudoLocale(chatBody).html, tag: "div" }), 300);
    const report = await inspect();
    expect(report.overflowing).toEqual([]);
    expect(report.firstDiceRows).toBeLessThanOrEqual(2);
    expect(await visibleKeys(page)).toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, "pseudo-roll-chat-card.png"), fullPage: true });
    expect([...renderer.missingKeys]).toEqual([]);
  });
});
