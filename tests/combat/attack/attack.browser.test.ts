/**
 * The attack dialog with three targets and the attack card with per-target results in headless
 * Chromium with the system's CSS, light and dark: nothing overflows the dialog (560 px) or the
 * chat log (300 px), every control has an accessible name, axe-core finds nothing serious.
 * The magic items on the attack card (a Spiked Shield's line, Redirect, a redirected roll), the
 * Redirect and fall prompts at Foundry's 400 px dialog width and the fall card in the chat log.
 * Screenshots go to artifacts/screenshots/attack-dialog-*.png, attack-card-*.png,
 * attack-card-items-*.png, attack-redirect-prompt-*.png, combat-fall-prompt-*.png and combat-fall-card-*.png.
 */
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACK_CARD_TEMPLATE, buildAttackCardContext, type AttackCardData, type CardTarget } from "../../../src/combat/attack/card";
import { ATTACK_DIALOG_PARTS } from "../../../src/combat/attack/dialog-parts";
import { buildAttackDialogContext } from "../../../src/combat/attack/dialog-context";
import { attackPreview } from "../../../src/combat/attack/preview";
import { defaultDeclaration } from "../../../src/combat/attack/source";
import { REDIRECT_PROMPT_TEMPLATE } from "../../../src/combat/attack/constants";
import { FALL_CARD_TEMPLATE, FALL_PROMPT_TEMPLATE, fallCardContext, fallPromptContext } from "../../../src/combat/fall-card";
import { createRenderer } from "../../applications/render-harness";
import { creature, targetInfo, weapon } from "./fixtures";
import { axeFindings, dialogMarkup, overflowing, preparePageDir, SHOT_DIR, stylesheetLinks, type Theme, unnamedControls, visibleKeys, unlabelledNumbers as unlabelledNumbersOn, writePage } from "../../applications/browser-pages";
import { pseudoLocale } from "../../i18n/pseudo-locale";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const THEMES: Theme[] = ["light", "dark"];
const CSS = stylesheetLinks(["rolls.css", "combat.css", "attack.css"]);
// Swapped for a pseudo-locale renderer (and so game.i18n below) by the last block.
let renderer = createRenderer();

function lookup(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), renderer.translations);
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const i18n = {
    localize: (key: string) => (typeof lookup(key) === "string" ? lookup(key) as string : key),
    format: (key: string, data: Record<string, unknown> = {}) => i18n.localize(key).replace(/\{(\w+)\}/g, (w, a: string) => (a in data ? String(data[a]) : w)),
  };
  (globalThis as unknown as { game: object }).game = { i18n };
  preparePageDir();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 600, height: 900 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

/** Ada with an assault rifle against Grusha (seen), a shielded Bram (unseen) and a far Goblin. */
function dialogHtml(): string {
  const ada = creature("Ada", { ranks: { accuracy: 7 }, body: 9 });
  const rifle = weapon("Assault Rifle", { category: "ranged", group: "rifle", damage: { dice: 8, types: ["ballistic"] }, rangeIncrement: 9, properties: [{ key: "autofire", damageType: "" }] });
  const targets = [
    targetInfo(creature("Grusha", { armor: 3 }), { observable: true, img: "icons/svg/mystery-man.svg", situation: { distance: 5, cover: 25 } }),
    targetInfo(creature("Bram", { shield: true, defense: { base: 3, dodge: 3, block: 3 } }), { key: "b", observable: false, img: "icons/svg/mystery-man.svg", situation: { distance: 12 } }),
    targetInfo(creature("Goblin Sneak", { armor: 0, species: 2 }), { key: "g", observable: false, img: "icons/svg/mystery-man.svg", situation: { distance: 30, defenseless: true } }),
  ];
  const declaration = { ...defaultDeclaration(ada, rifle, "publicroll"), calledShot: "head" as const };
  const context = buildAttackDialogContext({
    actorName: "Ada", itemName: "Assault Rifle", declaration, targets,
    preview: attackPreview({ actor: ada, item: rifle, declaration, targets, counters: { available: 6, reserved: 0, hadTurn: true, passed: false } }),
    choices: { modes: ["single", "autofire", "strafe", "spray"], damageTypes: ["ballistic"], skills: [] }, foci: [{ id: "f", name: "Rifles" }],
    powerAttack: false, counters: { available: 6, reserved: 0 }, viewer: { isGM: false, hiddenInfo: "percentages" }, idPrefix: "cw-attack-test",
  });
  return `${CSS}<div class="clockwork cw-attack-dialog standard-form">${Object.values(ATTACK_DIALOG_PARTS).map((t) => renderer.render(t, context)).join("\n")}</div>`;
}

function target(name: string, options: Partial<CardTarget> = {}): CardTarget {
  return {
    key: `Scene_s_Token_${name.replace(/\W/g, "")}`, name, img: "icons/svg/mystery-man.svg", actorUuid: `Actor.${name}`, attack: 0, hit: true, gains: 6, defense: 4,
    reaction: "none", automaticMiss: null, damage: { total: 9, points: 7, criticals: 2, resistance: 5, armorPierced: 0 },
    health: { absorbed: 0, woundsAdded: 1, vitalsLost: 2, dying: false, dead: false }, conditions: [], procs: 0, ...options,
  };
}

function cardHtml(): string {
  const data: AttackCardData = {
    version: 1, actorUuid: "Actor.Ada", actorName: "Ada", itemName: "Concussion Grenade", mode: "area", damageType: "explosive", calledShot: null, counters: 4,
    attacks: [{ attackRoll: 0, damageRoll: 1, dice: 9, threshold: 7, criticals: 1, attackFaces: [12, 9, 8, 4, 1, 7, 3, 10, 6], damageFaces: [12, 6, 3, 1, 9, 10, 2, 5, 7, 8] }],
    targets: [
      target("Grusha", { conditions: ["stunned"], procs: 1, reaction: "dodge", reactionBy: "player" }),
      target("Bram", { hit: false, defense: 3, reaction: "none", reactionBy: "timeout", damage: { total: 3, points: 3, criticals: 0, resistance: 4, armorPierced: 0 }, health: { absorbed: 0, woundsAdded: 0, vitalsLost: 0, dying: false, dead: false } }),
      target("Goblin Minion", { reaction: "block", reactionBy: "gm", health: { absorbed: 0, woundsAdded: 2, vitalsLost: 1, dying: false, dead: true } }),
    ],
    applied: {},
  };
  const card = renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(data, { isGM: true, isAuthor: true, canObserve: () => true, exists: () => true }));
  return `${CSS}<ol class="chat-log" style="list-style:none;margin:0;padding:0"><li class="chat-message message"><div class="message-content">${card}</div></li></ol>`;
}

function chatLog(...cards: string[]): string {
  return `${CSS}<ol class="chat-log" style="list-style:none;margin:0;padding:0">${cards.map((c) => `<li class="chat-message message" style="margin-block-end:0.5rem"><div class="message-content">${c}</div></li>`).join("")}</ol>`;
}

/** Grusha's axe against Bram's spiked, reflective shield (Redirect open), and a roll already turned from Bram onto a Goblin. */
function itemsCardHtml(): string {
  const hurt = { absorbed: 0, woundsAdded: 1, vitalsLost: 0, dying: false, dead: false };
  const base: AttackCardData = {
    version: 1, actorUuid: "Actor.Grusha", actorName: "Grusha Ironjaw", itemName: "Battle Axe", mode: "single", damageType: "slashing", calledShot: null, counters: 2,
    attacks: [{ attackRoll: 0, damageRoll: 1, dice: 8, threshold: 7, criticals: 0, attackFaces: [12, 9, 8, 4, 1, 7, 3, 10], damageFaces: [12, 6, 3, 1, 9, 10, 2, 5] }],
    targets: [target("Bram", { retaliation: { damage: 4, resistance: 2, health: hurt }, redirectable: true })],
    applied: {},
  };
  const turned: AttackCardData = {
    ...base, targets: [
      target("Bram", { redirectedTo: "Goblin Sneak", damage: { total: 0, points: 0, criticals: 0, resistance: 5, armorPierced: 0 }, health: { absorbed: 0, woundsAdded: 0, vitalsLost: 0, dying: false, dead: false } }),
      target("Goblin Sneak", { redirectedFrom: "Bram" }),
    ],
  };
  const viewer = { isGM: true, isAuthor: true, canObserve: () => true, exists: () => true };
  return chatLog(renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(base, viewer)), renderer.render(ATTACK_CARD_TEMPLATE, buildAttackCardContext(turned, viewer)));
}

/** Numbers on the cards with nothing to say what they are (issue 20; the shared check of ../applications/browser-pages). */
const unlabelledNumbers = (): Promise<string[]> => unlabelledNumbersOn(page);

/** A DialogV2 as Foundry v13 draws it: the content, then a footer of buttons. */
async function open(url: string, width: number): Promise<void> {
  await page.setViewportSize({ width: width + 24, height: 900 });
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
}

describe.each(THEMES)("%s theme", (theme) => {
  it("attack dialog with 3 targets: odds per target, hidden numbers, cost", async () => {
    // Grusha (observed): base 3 + head shot 2 + 25 % cover 1 = 6; the others are hidden from this player.
    await open(writePage({ name: "attack-dialog", title: "Ada: attack with Assault Rifle", theme, classes: "clockwork cw-attack-dialog-app", body: dialogHtml() }), 560);
    expect(await page.locator(".cw-attack-row").count()).toBe(3);
    expect(await page.locator("[data-defense]").evaluateAll((els) => els.map((e) => e.getAttribute("data-defense")))).toEqual(["6", "", ""]);
    expect(await page.textContent(".cw-attack-dialog__cost")).toContain("3 attacks × 2 = 6 counters");
    expect(await overflowing(page, ".cw-card, .cw-attack-dialog")).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), "attack dialog: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `attack-dialog-${theme}.png`), fullPage: true });
  });

  it("attack card: per-target hit or miss, defense, damage, wounds and vitals, Apply", async () => {
    await open(writePage({ name: "attack-card", title: "Chat", theme, classes: "clockwork-chat", body: cardHtml(), tag: "div" }), 300);
    expect(await page.locator(".cw-attack-target").count()).toBe(3);
    expect(await page.locator("[data-outcome=hit]").count()).toBe(2);
    expect(await page.locator("[data-cw-attack=apply]").count()).toBe(1);
    // Each target says what it did and who decided; the second row of dice says it is the damage roll (issue 20).
    expect(await page.locator(".cw-attack-target__reaction dd").allTextContents()).toEqual([
      "Dodged (its player decided)", "Did not react (no answer in time)", "Blocked (the GM decided)",
    ]);
    expect(await page.locator("[data-roll=damage] .cw-attack-card__roll-label").textContent()).toBe("Damage dice (10)");
    expect(await unlabelledNumbers()).toEqual([]);
    expect(await overflowing(page, ".cw-card, .cw-attack-dialog")).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), "attack card: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `attack-card-${theme}.png`), fullPage: true });
  });

  it("attack card with magic items: the Spiked Shield's line, Redirect, a redirected roll", async () => {
    await open(writePage({ name: "attack-card-items", title: "Chat", theme, classes: "clockwork-chat", body: itemsCardHtml(), tag: "div" }), 300);
    expect(await page.locator("[data-spiked]").count()).toBe(1);
    expect(await page.locator("[data-cw-attack=redirect]").count()).toBe(1);
    expect(await page.locator("[data-redirected-to], [data-redirected-from]").count()).toBe(2);
    expect(await page.textContent("#app")).not.toMatch(/CLOCKWORK\./);
    expect(await overflowing(page, ".cw-card, .cw-attack-dialog")).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), "attack card with items: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `attack-card-items-${theme}.png`), fullPage: true });
  });

  const PROMPTS: Record<string, { title: string; body: () => string }> = {
    "attack-redirect-prompt": {
      title: "Turn the damage onto",
      body: () => dialogMarkup(CSS, renderer.render(REDIRECT_PROMPT_TEMPLATE, { wearer: "Bram" }), [{ label: "Goblin Sneak", default: true }, { label: "Grusha Ironjaw" }]),
    },
    "combat-fall-prompt": {
      title: "Fall",
      body: () => dialogMarkup(CSS, renderer.render(FALL_PROMPT_TEMPLATE, fallPromptContext("Bram")), [{ label: "Confirm", default: true }]),
    },
  };

  it.each(Object.keys(PROMPTS))("%s", async (name) => {
    await open(writePage({ name, title: PROMPTS[name].title, theme, classes: "dialog clockwork", body: PROMPTS[name].body(), tag: "div" }), 400);
    expect(await page.textContent("#app")).not.toMatch(/CLOCKWORK\./);
    expect(await overflowing(page, ".cw-card, .cw-attack-dialog")).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), `${name}: axe-core serious or critical violations`).toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `${name}-${theme}.png`), fullPage: true });
  });

  it("fall cards: the hits and a death, and a fall Feather Fall prevented", async () => {
    const body = chatLog(
      renderer.render(FALL_CARD_TEMPLATE, fallCardContext("Goblin Sneak", { spaces: 5, damage: 20, prevented: null, application: null }, true)),
      renderer.render(FALL_CARD_TEMPLATE, fallCardContext("Bram", { spaces: 3, damage: 0, prevented: "featherFall", application: null }, false)),
    );
    await open(writePage({ name: "combat-fall-card", title: "Chat", theme, classes: "clockwork-chat", body, tag: "div" }), 300);
    expect(await page.locator(".cw-card--fall").count()).toBe(2);
    expect(await page.locator("[data-fall-died]").count()).toBe(1);
    expect(await unlabelledNumbers()).toEqual([]);
    expect(await overflowing(page, ".cw-card, .cw-attack-dialog")).toEqual([]);
    expect(await axeFindings(page), "fall card: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `combat-fall-card-${theme}.png`), fullPage: true });
  });
});

describe("pseudo-locale: every string wrapped and 40 % longer", () => {
  const english = renderer;
  beforeAll(() => { renderer = createRenderer(pseudoLocale()); });
  afterAll(() => { renderer = english; });

  it("attack dialog and cards: nothing overflows, no key shows", async () => {
    const pages = [
      { name: "attack-dialog", classes: "clockwork cw-attack-dialog-app", body: dialogHtml, width: 560, tag: "form" as const },
      { name: "attack-card", classes: "clockwork-chat", body: cardHtml, width: 300, tag: "div" as const },
      { name: "attack-card-items", classes: "clockwork-chat", body: itemsCardHtml, width: 300, tag: "div" as const },
    ];
    for (const p of pages) {
      await open(writePage({ name: `pseudo-${p.name}`, title: p.name, theme: "light", classes: p.classes, body: p.body(), tag: p.tag }), p.width);
      expect(await overflowing(page, ".cw-card, .cw-attack-dialog"), p.name).toEqual([]);
      expect(await visibleKeys(page), p.name).toEqual([]);
      await page.screenshot({ path: join(SHOT_DIR, `pseudo-${p.name}.png`), fullPage: true });
    }
    expect([...renderer.missingKeys]).toEqual([]);
  });
});
