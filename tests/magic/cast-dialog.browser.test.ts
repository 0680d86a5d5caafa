/**
 * The casting dialog (issue 29) in headless Chromium with the system's CSS, light and dark: Force
 * Missiles in its square pattern against three targets (one the player may not observe), and
 * Shrink on the caster's own creature (a willing/unwilling choice) and on an NPC whose side is
 * asked, with the tie line and a refusal. Nothing overflows the dialog (620 px), every control has
 * an accessible name, no number stands without a label, axe-core finds nothing serious.
 * Screenshots go to artifacts/screenshots/cast-dialog-*.png.
 */
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRenderer, installGameI18n } from "../applications/render-harness";
import { axeFindings, overflowing, preparePageDir, SHOT_DIR, stylesheetLinks, type Theme, unlabelledNumbers, unnamedControls, writePage } from "../applications/browser-pages";
import { named } from "../packs/load-sources";
import { spellProfileOf, withMode, type SpellItem } from "../../src/magic/context";
import { CAST_DIALOG_PARTS } from "../../src/magic/cast-dialog-parts";
import { buildCastDialogContext, defaultCastChoices, type CastChoices, type CastDialogInput, type CastDialogTarget } from "../../src/magic/cast-dialog-context";
import type { SpellTarget } from "../../src/rules";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const THEMES: Theme[] = ["light", "dark"];
const CSS = stylesheetLinks(["rolls.css", "combat.css", "attack.css", "magic.css"]);
const renderer = createRenderer();

let browser: Browser;
let page: Page;

beforeAll(async () => {
  installGameI18n(renderer);
  preparePageDir();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 660, height: 900 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

const IMG = "icons/svg/mystery-man.svg";
const ruleTarget = (id: string, over: Partial<SpellTarget & { reactionPool: { dice: number; threshold: number } }> = {}) => ({ id, baseDefense: 3, resistance: { species: 2, armor: 1 }, ...over });
const row = (name: string, over: Partial<CastDialogTarget> = {}): CastDialogTarget => ({ key: name, name, img: IMG, self: false, place: { distance: 3 }, answeredBy: null, observable: true, target: ruleTarget(name), ...over });

function dialogHtml(name: string, targets: CastDialogTarget[], choices: Partial<CastChoices>, over: Partial<CastDialogInput> = {}): string {
  const profile = spellProfileOf({ name, type: "spell", system: named("spells", name).system } as unknown as SpellItem);
  const all = { ...defaultCastChoices(profile, "publicroll"), ...choices };
  const context = buildCastDialogContext({
    actorName: "Ilinde", itemName: name, profile, spell: withMode(profile, all.mode || undefined), caster: { magic: 9, rank: 7 }, targets, aimDistance: 4,
    choices: all, scrolls: [], mana: { have: 20, max: 30 }, channel: { pool: 40, counters: 0, problem: null }, cost: { mana: profile.mana, counters: profile.counters ?? 0 },
    counters: { available: 5 }, refusal: null, viewer: { isGM: false, hiddenInfo: "percentages" }, idPrefix: "cw-cast-test", ...over,
  });
  return `${CSS}<div class="clockwork cw-attack-dialog cw-cast-dialog standard-form">${Object.values(CAST_DIALOG_PARTS).map((t) => renderer.render(t, context)).join("\n")}</div>`;
}

async function open(url: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
}

describe.each(THEMES)("%s theme", (theme) => {
  it("Force Missiles, square: three targets with range, chance and the cost", async () => {
    const targets = [
      row("Grusha Ironjaw", { place: { distance: 4, aimDistance: 4, inArea: true } }),
      row("Pip", { place: { distance: 5, aimDistance: 4, inArea: true }, observable: false, target: ruleTarget("Pip", { spellResistance: { gnome: true } }) }),
      row("Clay Golem", { place: { distance: 5, aimDistance: 4, inArea: true }, target: ruleTarget("Clay Golem", { spellResistance: { runes: "minor" } }) }),
    ];
    await open(writePage({ name: "cast-dialog", title: "Ilinde casts Force Missiles", theme, classes: "clockwork cw-cast-dialog-app", body: dialogHtml("Force Missiles", targets, { mode: "square" }) }));
    expect(await page.locator(".cw-cast-row").count()).toBe(3);
    expect(await page.textContent(".cw-attack-dialog__cost")).toBe("Costs 3 counters (5 left) and 6 mana (20 left)");
    expect(await page.locator("select[name=mode]").inputValue()).toBe("square");
    // Every number with its word: no cell, not even a table cell, may hold a bare number.
    expect(await unlabelledNumbers(page, "")).toEqual([]);
    expect(await overflowing(page, ".cw-cast-dialog")).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), "casting dialog: axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `cast-dialog-${theme}.png`), fullPage: true });
  });

  it("Shrink: willing or not for her own creature, asked of the NPC's side, who wins a tie, a refusal", async () => {
    const pool = { dice: 8, threshold: 8 };
    const targets = [
      row("Bram", { answeredBy: "caster", target: ruleTarget("Bram", { unwilling: true, reactionPool: pool }) }),
      row("Grusha Ironjaw", { place: { distance: 14 }, answeredBy: "owner", target: ruleTarget("Grusha Ironjaw", { unwilling: true, reactionPool: pool }) }),
    ];
    const refusal = "Shrink cannot reach Grusha Ironjaw (14 spaces away; the spell reaches 12). Nothing was spent.";
    await open(writePage({ name: "cast-dialog-shrink", title: "Ilinde casts Shrink", theme, classes: "clockwork cw-cast-dialog-app", body: dialogHtml("Shrink", targets, { unwilling: { Bram: true } }, { refusal }) }));
    expect(await page.locator("select[name='unwilling.Bram']").inputValue()).toBe("unwilling");
    expect(await page.locator(".cw-cast-row__tie").count()).toBe(2);
    expect(await page.locator("[data-reaches=false]").count()).toBe(1);
    expect(await page.locator("button[type=submit]").isDisabled()).toBe(true);
    // Every number with its word: no cell, not even a table cell, may hold a bare number.
    expect(await unlabelledNumbers(page, "")).toEqual([]);
    expect(await overflowing(page, ".cw-cast-dialog")).toEqual([]);
    expect(await unnamedControls(page)).toEqual([]);
    expect(await axeFindings(page), "casting dialog (Shrink): axe-core serious or critical violations").toEqual([]);
    await page.screenshot({ path: join(SHOT_DIR, `cast-dialog-shrink-${theme}.png`), fullPage: true });
  });
});
