/**
 * "Build by the recipe" and a custom species in the builder, in headless Chromium with the
 * system's CSS, light and dark: the book's Satyr as its player sees it (built by the recipe,
 * waiting for approval), a species off the recipe as the GM sees it (each broken limit beside
 * its part, the approval toggle), and the builder's species step with a custom species card.
 * Nothing overflows sideways, every control has a name, axe-core finds nothing serious.
 * Screenshots: artifacts/screenshots/recipe-*.png.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECIPE_TEMPLATE, buildRecipeContext, recipeDraft, type RecipeKind } from "../../../src/applications/context/species-recipe";
import { DEFAULT_CHOICES } from "../../../src/applications/context/choices";
import { buildBuilderContext, EMPTY_VIEW } from "../../../src/applications/builder/builder-context";
import { applyChange } from "../../../src/applications/builder/draft";
import { browserEntry } from "../../../src/applications/builder/browser-core";
import { catalogFrom } from "../../../src/applications/builder/catalog";
import { SPECIES_ABILITY_KINDS } from "../../../src/rules";
import { dwarfDraft, renderBuilder, sourceEntries, translator } from "../builder/fixtures";
import { ROOT, createRenderer } from "../render-harness";
import { axeFindings, preparePageDir, SHOT_DIR, writePage, type Theme } from "../browser-pages";

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const renderer = createRenderer();
const t = translator();
const KINDS: RecipeKind[] = SPECIES_ABILITY_KINDS.map((key) => ({ key, label: `CLOCKWORK.SpeciesAbilityKind.${key}`, hint: `CLOCKWORK.SpeciesAbilityKind.Hint.${key}`, mechanical: true }));

/** The book's worked example (L275–L277). */
const SATYR = {
  custom: true, approved: false, size: "medium", resistanceBonus: "blunt", bonusSkills: ["creativity", "charisma", "manipulation"], runBonus: 1,
  ability: { name: "Headbutt", text: "Horned heads butt for 6 piercing dice; reverse joints make them quicker: +1 Run.", kinds: ["unarmedAttack", "runBonus"], attack: { dice: 6, type: "piercing" } },
};
/** Off the recipe in every part. */
const BROKEN = {
  ...SATYR, size: "huge", resistanceBonus: "explosive", bonusSkills: ["charisma"], runBonus: 3, restHealing: 2,
  ability: { name: "Everything", text: "", kinds: ["unarmedAttack", "runBonus", "restHealing"], attack: { dice: 9, type: "piercing" } },
};

let browser: Browser;
let page: Page;

beforeAll(async () => {
  preparePageDir();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 644, height: 900 }, deviceScaleFactor: 1 });
});

afterAll(async () => {
  await browser?.close();
});

describe("words", () => {
  it("every key the window and the builder ask for is in lang/en.json, the configured kinds' labels and hints too", () => {
    recipeBody(BROKEN, true);
    recipeBody(SATYR, false);
    for (const kind of KINDS) [kind.label, kind.hint!].forEach((key) => t(key));
    expect([...t.missing]).toEqual([]);
    expect([...renderer.missingKeys]).toEqual([]);
  });
});

function recipeBody(system: Record<string, unknown>, isGM: boolean): string {
  const context = buildRecipeContext("Satyrs", recipeDraft(system), system.approved === true, KINDS, DEFAULT_CHOICES, t, { isGM, editable: true });
  return renderer.render(RECIPE_TEMPLATE, context);
}

async function show(name: string, title: string, classes: string, body: string, theme: Theme, width: number): Promise<void> {
  const styles = `<link rel="stylesheet" href="${pathToFileURL(join(ROOT, "styles/builder.css")).href}">`;
  const url = writePage({ name, title, classes, body: styles + body, theme });
  await page.setViewportSize({ width: width + 24, height: 900 });
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
}

async function check(label: string): Promise<void> {
  const report = await page.evaluate(() => {
    const app = document.getElementById("app")!;
    const overflowing = [document.documentElement, app, ...app.querySelectorAll(".window-content, .window-content > *, fieldset, .cw-builder-species-list")]
      .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => `${el.tagName}.${[...el.classList].join(".")} ${el.scrollWidth} > ${el.clientWidth}`);
    const nameOf = (el: HTMLElement) => (el.getAttribute("aria-label") || el.textContent || "").trim()
      || (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent?.trim() : "") || el.closest("label")?.textContent?.trim() || "";
    const unnamed = [...app.querySelectorAll<HTMLElement>("button, input, select, textarea")].filter((el) => el.getClientRects().length > 0 && !nameOf(el)).map((el) => el.outerHTML.slice(0, 120));
    return { overflowing, unnamed };
  });
  expect(report.overflowing, `${label}: overflows`).toEqual([]);
  expect(report.unnamed, `${label}: controls without a name`).toEqual([]);
  expect(await axeFindings(page), `${label}: axe-core`).toEqual([]);
}

const shoot = (name: string) => page.screenshot({ path: join(SHOT_DIR, `${name}.png`), fullPage: true });

describe.each(["light", "dark"] as Theme[])("%s theme", (theme) => {
  it("the recipe window: the book's Satyr as its player sees it, then a species off the recipe as the GM sees it", async () => {
    await show("recipe-satyr", "Satyrs: build by the recipe", "clockwork cw-recipe", recipeBody(SATYR, false), theme, 620);
    expect(await page.textContent(".cw-recipe-fits")).toContain("Built by the recipe.");
    expect(await page.textContent(".cw-recipe-approval")).toContain("Waiting for the GM's approval");
    expect(await page.locator(".cw-recipe-approve").count()).toBe(0);
    expect(await page.locator(".cw-problem").count()).toBe(0);
    await check(`satyr ${theme}`);
    await shoot(`recipe-satyr-${theme}`);

    await show("recipe-broken", "Satyrs: build by the recipe", "clockwork cw-recipe", recipeBody(BROKEN, true), theme, 620);
    // Each broken limit is explained in its own part.
    const parts = await page.evaluate(() => [...document.querySelectorAll("fieldset.cw-recipe-part")].map((f) => [f.querySelector("legend")!.textContent!.trim().split(/\s+/)[0], f.querySelectorAll(".cw-problem").length]));
    expect(parts).toEqual([["Size", 1], ["+1", 1], ["Bonus", 1], ["Special", 4]]);
    expect(await page.textContent("fieldset.cw-recipe-part:nth-of-type(4)")).toContain("A natural attack deals 1 to 6 dice (horns and beaks deal 6); this one deals 9.");
    expect(await page.textContent(".cw-recipe-approve")).toContain("Approved by the GM");
    expect(await page.isChecked(".cw-recipe-approve input")).toBe(false);
    await check(`broken ${theme}`);
    await shoot(`recipe-broken-${theme}`);
  });

  it("the builder's species step with a custom species waiting for approval", async () => {
    const entries = [...sourceEntries(), browserEntry({ uuid: "Item.goatfolk00000001", name: "Goatfolk", type: "species", system: SATYR }, { id: "world", label: "" })];
    const catalog = catalogFrom(entries);
    const start = { ...dwarfDraft(entries), step: "species" as const };
    const picked = applyChange(start, { kind: "species", entry: entries.at(-1)! }).draft;
    const body = renderBuilder(renderer, buildBuilderContext(picked, catalog, EMPTY_VIEW, DEFAULT_CHOICES, t, () => "", { isGM: false }));
    await show("recipe-builder", "Character Builder: Brokka Stonesong", "clockwork cw-builder", `<style>#app{height:1300px;display:flex;flex-direction:column}</style>${body}`, theme, 960);
    expect(await page.textContent(".cw-builder-approval.is-pending")).toContain("Waiting for the GM's approval");
    expect(await page.textContent(".cw-builder-unapproved")).toContain("Goatfolk is a custom species the GM has not approved yet.");
    await check(`builder ${theme}`);
    await page.locator(".cw-builder-species.selected").scrollIntoViewIfNeeded();
    await shoot(`recipe-builder-${theme}`);
  });
});
