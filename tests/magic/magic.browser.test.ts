/**
 * Magic in headless Chromium with the system's CSS, light and dark: a casting card for each roll
 * kind (attack, area with spell resistance, opposed, unopposed with a duration, GM difficulty)
 * in a 300 px chat log, and the global mana HUD at its 240 px width. Nothing overflows, every
 * control has an accessible name, axe-core finds nothing serious. The character sheet's magic
 * tab with what src/magic adds when it renders (the scene's global pool beside the personal one,
 * the channel button, the lasting spells list with a Haste effect) at 600 and 800 px. The
 * Counterspell offer (with the gains to beat, and blind), the book tables' dialogs (Call of the
 * Wild, Golemancy, Illusion, Shapeshift) at Foundry's 400 px dialog width, and cards with what
 * their tables made, a countered cast and a sealed Counterspell. Screenshots go to
 * artifacts/screenshots/magic-*.png.
 */
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { named } from "../packs/load-sources";
import { CAST_CARD_TEMPLATE, buildCastCardContext, castCardData, type CastCardData } from "../../src/magic/card";
import { COUNTERSPELL_TEMPLATE, counterspellPromptContext } from "../../src/magic/counterspell";
import { SPELL_TABLE_TEMPLATE } from "../../src/magic/constants";
import { spellTableContext } from "../../src/magic/spell-table-choice";
import { spellProfileOf, type SpellItem } from "../../src/magic/context";
import { MANA_HUD_TEMPLATE, SPELL_EFFECTS_TEMPLATE, manaHudContext, spellEffectsContext } from "../../src/magic/views";
import { buildCharacterContext } from "../../src/applications/context/character";
import { FULL_CHARACTER } from "../fixtures/sheets/actors";
import { renderCharacterSheet } from "../applications/sheets/sheets";
import { resolveSpell, type SpellRolls, type SpellTarget } from "../../src/rules";
import { createRenderer } from "../applications/render-harness";
import { axeFindings, dialogMarkup, overflowing, preparePageDir, SHOT_DIR, stylesheetLinks, type Theme, unnamedControls, visibleKeys, writePage } from "../applications/browser-pages";
import { inPseudoLocale, pseudoLocale } from "../i18n/pseudo-locale";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const THEMES: Theme[] = ["light", "dark"];
const CSS = stylesheetLinks(["rolls.css", "magic.css"]);
// Swapped for a pseudo-locale renderer by the last block.
let renderer = createRenderer();

let browser: Browser;
let page: Page;

beforeAll(async () => {
  preparePageDir();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 600, height: 900 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

const target = (id: string, over: Partial<SpellTarget> = {}): SpellTarget => ({ id, baseDefense: 3, distance: 3, resistance: { species: 2, armor: 1 }, ...over });

function card(name: string, targets: SpellTarget[], rolls: Partial<SpellRolls> & { casting: number[] }, difficulty?: number, extra: Partial<CastCardData> = {}): string {
  const source = named("spells", name);
  const spell = spellProfileOf({ name, type: "spell", system: source.system } as unknown as SpellItem);
  const damage = spell.damage.dice ? Array.from({ length: spell.damage.dice }, (_, i) => ((i * 5) % 12) + 1) : [];
  const outcome = resolveSpell(spell, { magic: 6, rank: 6 }, targets, { damage, difficulty, ...rolls });
  const data = castCardData({
    spell, name, img: null, caster: { name: "Ilinde", uuid: "Actor.i" }, dice: 6, threshold: 6, faces: rolls.casting, hexed: false,
    damageFaces: damage, damageType: spell.damage.types[0] ?? null, difficulty: difficulty ?? null, outcome,
    targets: targets.map((t, i) => ({ uuid: `Actor.${t.id}`, name: t.id, chance: 0.55 + i / 10 })), paid: { mana: spell.mana, counters: spell.counters ?? 0 },
    writes: [true], chance: targets.length ? null : 0.7, counteredBy: extra.counteredBy, sealed: extra.sealed,
  });
  return renderer.render(CAST_CARD_TEMPLATE, buildCastCardContext({ ...data, ...extra }, { isGM: true, canApply: true }));
}

const CARDS: Record<string, () => string> = {
  attack: () => card("Fire Bolt", [target("Grusha")], { casting: [12, 9, 6, 2, 2, 1] }),
  area: () => card("Fireball", [target("Grusha"), target("Pip the Gnome", { baseDefense: 5, spellResistance: { gnome: true } }), target("Clay Golem", { spellResistance: { runes: "minor" } })], { casting: [12, 6, 2, 2, 2, 2], resistance: { "Pip the Gnome": [4], "Clay Golem": [11] } }),
  opposed: () => card("Charm", [target("Grusha", { reactionGains: 1 })], { casting: [12, 6, 6, 2, 2, 2] }),
  unopposed: () => card("Barrier", [target("Bram")], { casting: [12, 6, 6, 2, 2, 2] }),
  difficulty: () => card("Detect Magic", [], { casting: [12, 6, 6, 2, 2, 2] }, 3),
  countered: () => card("Fire Bolt", [target("Grusha")], { casting: [12, 9, 6, 2, 2, 1], counterspelled: true }, undefined, { counteredBy: "Bram" }),
  sealed: () => card("Counterspell", [target("Grusha", { reactionGains: 0 })], { casting: [12, 12, 9, 6, 2, 2] }, undefined, { sealed: true }),
  tables: () => [
    card("Call of the Wild", [], { casting: [12, 12, 6, 6, 2, 2] }),
    card("Golemancy", [], { casting: [12, 12, 6, 6, 2, 2] }, undefined, { tableUse: { companion: { name: "Clay Guard", uuid: "Actor.g" } } }),
    card("Awaken Item", [], { casting: [12, 12, 6, 2, 2, 2] }, undefined, { tableUse: { personalities: ["valor", "jester"] } }),
    card("Illusion", [], { casting: [12, 12, 12, 6, 6, 2] }, undefined, { tableUse: { illusion: { size: "medium", movement: "pattern", complexity: "color", cost: 6 } } }),
    card("Shapeshift", [target("Ilinde")], { casting: [12, 12, 6, 2, 2, 2] }, undefined, { tableUse: { aspect: "bear" } }),
  ].join("</div></li><li class=\"chat-message message\" style=\"margin-block-start:0.5rem\"><div class=\"message-content\">"),
};

/** A DialogV2 as Foundry v13 draws it: the content, then a footer of buttons. */
const PROMPTS: Record<string, { title: string; body: () => string }> = {
  known: {
    title: "Counterspell: Bram",
    body: () => dialogMarkup(CSS, renderer.render(COUNTERSPELL_TEMPLATE, counterspellPromptContext({ reactor: "Bram", caster: "Ilinde", spell: "Fire Bolt", gains: 5, chance: 0.42, mana: 4, counters: 2, timeout: 30_000 })),
      [{ label: "Counterspell" }, { label: "Let it pass", default: true }]),
  },
  hidden: {
    title: "Counterspell: Bram",
    body: () => dialogMarkup(CSS, renderer.render(COUNTERSPELL_TEMPLATE, counterspellPromptContext({ reactor: "Bram", caster: "Grusha Ironjaw", spell: "Fire Bolt", gains: null, chance: null, mana: 4, counters: 2, timeout: 30_000 })),
      [{ label: "Counterspell" }, { label: "Let it pass", default: true }]),
  },
};

const TABLES: Record<string, { spell: string; gains: number }> = {
  callOfTheWild: { spell: "Call of the Wild", gains: 5 },
  golemancy: { spell: "Golemancy", gains: 7 },
  illusion: { spell: "Illusion", gains: 6 },
  shapeshift: { spell: "Shapeshift", gains: 3 },
};

function tableDialog(table: string): string {
  const { gains } = TABLES[table];
  const context = spellTableContext({ gains, spell: { name: TABLES[table].spell, img: null, identifier: table, rollKind: "unopposed", effect: "special", table } });
  return dialogMarkup(CSS, renderer.render(SPELL_TABLE_TEMPLATE, context), [{ label: "Choose", default: true }, { label: "Cancel" }]);
}

async function open(url: string, width: number): Promise<void> {
  await page.setViewportSize({ width: width + 24, height: 900 });
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
}

describe.each(THEMES)("%s theme", (theme) => {
  it.each(Object.keys(CARDS))("casting card: %s", async (kind) => {
    const body = `${CSS}<ol class="chat-log" style="list-style:none;margin:0;padding:0"><li class="chat-message message"><div class="message-content">${CARDS[kind]()}</div></li></ol>`;
    await open(writePage({ name: `magic-card-${kind}`, title: "Chat", theme, classes: "clockwork-chat", body, tag: "div" }), 300);
    expect(await page.locator(".cw-cast-card").count()).toBe(kind === "tables" ? 5 : 1);
    expect(await page.textContent("#app")).not.toMatch(/CLOCKWORK\./);
    expect(await overflowing(page, ".cw-card, .cw-mana-hud__body")).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), `${kind} card: axe-core serious or critical violations`).toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `magic-card-${kind}-${theme}.png`), fullPage: true });
  });

  it.each(Object.keys(PROMPTS))("Counterspell offer: %s", async (kind) => {
    await open(writePage({ name: `magic-counterspell-${kind}`, title: PROMPTS[kind].title, theme, classes: "dialog clockwork", body: PROMPTS[kind].body(), tag: "div" }), 400);
    expect(await page.locator(".cw-counterspell-prompt").count()).toBe(1);
    expect(await overflowing(page, ".cw-card, .cw-mana-hud__body")).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), `Counterspell ${kind}: axe-core serious or critical violations`).toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `magic-counterspell-${kind}-${theme}.png`), fullPage: true });
  });

  it.each(Object.keys(TABLES))("book table dialog: %s", async (table) => {
    await open(writePage({ name: `magic-table-${table}`, title: TABLES[table].spell, theme, classes: "dialog clockwork", body: tableDialog(table), tag: "div" }), 400);
    expect(await page.locator(".cw-spell-table").count()).toBe(1);
    expect(await page.textContent("#app")).not.toMatch(/CLOCKWORK\./);
    expect(await overflowing(page, ".cw-card, .cw-mana-hud__body")).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), `${table} table: axe-core serious or critical violations`).toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `magic-table-${table}-${theme}.png`), fullPage: true });
  });

  it("global mana HUD with a channel control", async () => {
    const body = `${CSS}<section class="clockwork cw-mana-hud">${renderer.render(MANA_HUD_TEMPLATE, manaHudContext({
      pool: { connection: "middling", max: 48, value: 31, refilledAt: 0 }, sceneName: "The Tower", isGM: false, actor: { name: "Ilinde", mana: { value: 12, max: 30 } },
    }))}</section>`;
    await open(writePage({ name: "magic-hud", title: "Global Mana", theme, classes: "clockwork cw-mana-hud", body, tag: "div" }), 240);
    expect(await page.textContent(".cw-mana-hud__value")).toContain("31 / 48");
    expect(await overflowing(page, ".cw-card, .cw-mana-hud__body")).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), "mana HUD: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `magic-hud-${theme}.png`), fullPage: true });
  });

  it("magic tab: global pool, channel button and a spell's Active Effect", async () => {
    const context = buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false });
    const effects = renderer.render(SPELL_EFFECTS_TEMPLATE, spellEffectsContext([
      { uuid: "Actor.i.ActiveEffect.h", name: "Haste", img: null, flags: { clockwork: { spell: { name: "Haste", gains: 3, amount: 2, dispellable: true, endFlat: null, expires: { combat: "c1", round: 5, turn: 0 } } } } },
      { uuid: "Actor.i.ActiveEffect.c", name: "Charm", img: null, flags: { clockwork: { spell: { name: "Charm", gains: 5, amount: 0, dispellable: true, endFlat: 7, expires: null } } } },
    ], { combat: { id: "c1", round: 2 }, worldTime: 0 }));
    const sheet = renderCharacterSheet(renderer, context);
    await open(writePage({ name: "magic-tab", title: FULL_CHARACTER.name, theme, classes: `sheet clockwork actor character ${context.cssClass}`, body: `${CSS}${sheet}` }), 800);
    // What src/magic/index.ts does on renderActorSheetV2: the pool text and the effects list.
    await page.evaluate((html) => {
      for (const el of document.querySelectorAll<HTMLElement>("[data-group='primary'][data-tab]")) {
        el.classList.toggle("active", el.dataset.tab === "magic");
        if (el.getAttribute("role") === "tab") el.setAttribute("aria-selected", String(el.dataset.tab === "magic"));
      }
      const slot = document.querySelector<HTMLElement>("[data-cw-global-pool]")!;
      slot.hidden = false;
      slot.textContent = "Global pool 31 / 48";
      document.querySelector(".cw-tab-magic > .cw-section-header")!.insertAdjacentHTML("afterend", html);
    }, effects);
    expect(await page.locator(".cw-tab-magic.active [data-cw-global-pool]").isVisible()).toBe(true);
    expect(await page.locator(".cw-tab-magic.active .cw-channel").getAttribute("aria-label")).toBeTruthy();
    expect(await page.locator(".cw-tab-magic.active .cw-spell-effect").count()).toBe(2);
    expect(await page.textContent(".cw-spell-effects")).toContain("3 rounds left");
    for (const width of [600, 800]) {
      await page.setViewportSize({ width: width + 24, height: 900 });
      expect(await overflowing(page, ".cw-card, .cw-mana-hud__body"), `magic tab at ${width}px`).toEqual([]);
    }
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), "magic tab: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `magic-tab-${theme}.png`), fullPage: true });
  });
});

describe("pseudo-locale: every string wrapped and 40 % longer", () => {
  const english = renderer;
  beforeAll(() => { renderer = createRenderer(pseudoLocale()); });
  afterAll(() => { renderer = english; });

  it("every casting card, Counterspell offer and book table: nothing overflows, no key shows", async () => {
    const chat = (html: string) => `${CSS}<ol class="chat-log" style="list-style:none;margin:0;padding:0"><li class="chat-message message"><div class="message-content">${html}</div></li></ol>`;
    const pages = [
      ...Object.keys(CARDS).map((kind) => ({ name: `card-${kind}`, classes: "clockwork-chat", body: () => chat(CARDS[kind]()), width: 300 })),
      ...Object.keys(PROMPTS).map((kind) => ({ name: `counterspell-${kind}`, classes: "dialog clockwork", body: PROMPTS[kind].body, width: 400 })),
      ...Object.keys(TABLES).map((table) => ({ name: `table-${table}`, classes: "dialog clockwork", body: () => tableDialog(table), width: 400 })),
    ];
    for (const p of pages) {
      await open(writePage({ name: `pseudo-magic-${p.name}`, title: p.name, theme: "light", classes: p.classes, body: inPseudoLocale(p.body), tag: "div" }), p.width);
      expect(await overflowing(page, ".cw-card, .cw-mana-hud__body"), p.name).toEqual([]);
      expect(await visibleKeys(page), p.name).toEqual([]);
      await page.screenshot({ path: join(SHOT_DIR, `pseudo-magic-${p.name}.png`), fullPage: true });
    }
    expect([...renderer.missingKeys]).toEqual([]);
  });
});
