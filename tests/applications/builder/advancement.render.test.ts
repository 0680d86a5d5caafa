/**
 * The advancement window (XP totals, ranks for sale, placing new Body points, the XP log and
 * the refund), the GM's award dialog and the compendium browser, rendered with the real
 * Handlebars from their pure contexts.
 */
import { describe, expect, it } from "vitest";
import { buildAdvancementContext, buildAwardContext, logXp } from "../../../src/applications/builder/advancement-context";
import { buildBrowserContext, BROWSER_LIMIT, entryDetails } from "../../../src/applications/builder/browser-context";
import { filterEntries, filterValues } from "../../../src/applications/builder/browser-core";
import { ADVANCEMENT_TEMPLATES, BROWSER_TEMPLATES } from "../../../src/applications/builder/templates";
import { DEFAULT_CHOICES } from "../../../src/applications/context/choices";
import { emptyAllocation } from "../../../src/rules";
import { entry, sourceEntries, translator, xpHistory } from "./fixtures";
import { count, createRenderer } from "../render-harness";
import { renderParts } from "../sheets/sheets";

const renderer = createRenderer();
const date = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

describe("advancement window", () => {
  const { state, skills } = xpHistory();
  const context = (pending: Parameters<typeof buildAdvancementContext>[0]["pending"] = null, refused: string[] = []) =>
    buildAdvancementContext({ name: "Ada", skills, allocation: { ...emptyAllocation(), slashing: 3 }, state, speed: "normal", pending, refused, editable: true }, DEFAULT_CHOICES, translator(), date);

  it("shows totals, ranks for sale with their price, and the log newest first", () => {
    const html = renderParts(renderer, { body: ADVANCEMENT_TEMPLATES.advancement }, context());
    expect(html).toMatch(/data-total="earned"><dt>Earned<\/dt><dd>8<\/dd>/);
    expect(html).toMatch(/data-total="spent"><dt>Spent<\/dt><dd>4<\/dd>/);
    expect(html).toMatch(/data-total="available"><dt>Available<\/dt><dd>4<\/dd>/);
    expect(html).toContain("Campaign speed: Normal");
    // Knowledge 10 → 9 costs 6 XP at normal speed: not affordable with 4 XP; Will 12 → 11 costs 2.
    expect(html).toMatch(/data-action="buyRank" data-skill="knowledge" disabled title="Lower Knowledge to 9 for 6 XP"><span class="cw-visually-hidden">Knowledge:<\/span> 9 · 6 XP/);
    expect(html).toMatch(/data-action="buyRank" data-skill="will" {2}title="Lower Will to 11 for 2 XP">/);
    expect(count(html, 'data-action="buyRank"')).toBe(16);
    const rows = [...html.matchAll(/<tr data-entry="(log\d+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(["log6", "log5", "log4", "log3", "log2", "log1"]);
    expect(html).toMatch(/<td>2026-11-01 18:01<\/td>\s*<td>Award: Essential to the success \(held the bridge\)<\/td>\s*<td class="xp">\+3<\/td>/);
    expect(html).toMatch(/class="refunded">[\s\S]*?Spell: Fire Bolt <em>\(refunded\)<\/em>[\s\S]*?\u22124/);
    expect(html).toContain("Refund: Fire Bolt");
    expect(html).toContain("Knowledge 11 → 10");
  });

  it("offers the refund of the last purchase only", () => {
    const html = renderParts(renderer, { body: ADVANCEMENT_TEMPLATES.advancement }, context());
    expect(html).toMatch(/data-action="refund">Refund the last purchase: Knowledge 11 → 10 \(\+4 XP\)/);
  });

  it("asks for the placement of new Body points before a rank that raises Body", () => {
    const html = renderParts(renderer, { body: ADVANCEMENT_TEMPLATES.advancement }, context({ skill: "strength", placement: { blunt: 1 } }));
    expect(html).toContain("Lowering Strength to 7 raises Body: place 1 new resistance point(s) now");
    expect(count(html, /name="place\.\w+"/)).toBe(6);
    // Slashing already holds 3 placed points (5 in all): no room left.
    expect(html).toMatch(/name="place\.slashing">\s*<option value="0" selected>\+0<\/option><\/select>/);
    expect(html).toMatch(/name="place\.blunt"><option value="0" >\+0<\/option><option value="1" selected>\+1<\/option>/);
    expect(html).toMatch(/data-skill="perception" disabled/);
  });

  it("shows a refusal in words", () => {
    const html = renderParts(renderer, { body: ADVANCEMENT_TEMPLATES.advancement }, context(null, ["That costs 8 XP; 1 XP are available."]));
    expect(html).toMatch(/role="alert">[\s\S]*That costs 8 XP; 1 XP are available\./);
  });

  it("uses only known keys", () => {
    expect([...renderer.missingKeys]).toEqual([]);
    expect([...renderer.missingArgs]).toEqual([]);
  });

  it("signs XP: awards and refunds add, purchases take", () => {
    expect(xpHistory().state.log.map(logXp)).toEqual(["+3", "+4", "+1", "\u22124", "\u22124", "+4"]);
  });
});

describe("award dialog", () => {
  const characters = [{ id: "a1", name: "Ada", checked: true }, { id: "b2", name: "Brom", checked: false }];

  it("offers 1–4 XP, the reasons of the chosen size and 'other', and the characters", () => {
    const t = translator();
    const html = renderParts(renderer, { body: ADVANCEMENT_TEMPLATES.award }, buildAwardContext({ characters, amount: 4, reason: "majorQuest", note: "", refused: [] }, t));
    expect(count(html, /name="amount"/)).toBe(4);
    expect(html).toMatch(/value="4" checked/);
    expect(html).toMatch(/<option value="majorQuest" selected>Completed a major quest or arc<\/option>/);
    expect(count(html, /<option value=/)).toBe(4);
    expect(html).toMatch(/name="actor\.a1" checked/);
    expect(html).not.toMatch(/name="actor\.b2" checked/);
    expect(html).toMatch(/class="cw-primary" >/);
    expect([...t.missing]).toEqual([]);
  });

  it("falls back to the first reason of the size and disables Award without characters", () => {
    const context = buildAwardContext({ characters: characters.map((c) => ({ ...c, checked: false })), amount: 2, reason: "majorQuest", note: "x", refused: [] }, translator());
    expect(context.reason).toBe("reasonableChallenge");
    expect(context.canAward).toBe(false);
  });
});

describe("compendium browser", () => {
  const entries = sourceEntries();

  it("reads every item of every Item pack", () => {
    expect(entries.length).toBeGreaterThan(390);
    expect(new Set(entries.map((e) => e.type))).toEqual(new Set(["species", "focus", "feature", "spell", "weapon", "armor", "shield", "equipment", "artifact", "enchantment"]));
  });

  it("filters by type, school, level, mana, counters, group, hands, damage type, weight and price, and searches by name", () => {
    expect(filterEntries(entries, { type: "spell", school: "fire" }).map((e) => e.name)).toEqual(["Breath of Fire", "Disintegrate", "Fire Bolt", "Fire Wall", "Fireball", "Flaming Sphere"]);
    expect(filterEntries(entries, { type: "spell", level: "4", mana: "8", counters: "0" }).map((e) => e.name)).toEqual(["Teleport"]);
    expect(filterEntries(entries, { type: "weapon", group: "sword", hands: "two" }).map((e) => e.name)).toEqual(["Longsword"]);
    expect(filterEntries(entries, { damageType: "ballistic", hands: "off" }).map((e) => e.name)).toEqual(expect.arrayContaining(["Pistol"]));
    expect(filterEntries(entries, { type: "armor", weight: "heavy", price: "750" })).toHaveLength(7);
    expect(filterEntries(entries, { type: "armor", price: "250" }).every((e) => e.system.weight === "light")).toBe(true);
    expect(filterEntries(entries, { search: "fire bolt" }).map((e) => e.name)).toEqual(["Fire Bolt"]);
    expect(filterEntries(entries, { search: "bolt fire" }).map((e) => e.name)).toEqual(["Fire Bolt"]);
    expect(filterEntries(entries, { search: "FÎRE bolt" }).map((e) => e.name)).toEqual(["Fire Bolt"]);
    expect(filterValues(entries, "level")).toEqual(["1", "2", "3", "4"]);
  });

  it("renders rows that drag like compendium entries, with a line of numbers", () => {
    const t = translator();
    const context = buildBrowserContext(entries, { type: "spell", school: "fire" }, DEFAULT_CHOICES, t);
    const html = renderParts(renderer, BROWSER_TEMPLATES, context);
    expect(count(html, '<li draggable="true"')).toBe(6);
    expect(html).toContain("6 of 6 shown");
    // Costs and damage in words, the sheet's notation: no "AC", no damage letters (issue 20).
    expect(entryDetails(entry(entries, "spell", "Fireball"), DEFAULT_CHOICES, t)).toBe("Level 4 · Fire · 12 mana · 4 action counters");
    expect(entryDetails(entry(entries, "weapon", "Longsword"), DEFAULT_CHOICES, t)).toMatch(/^Sword · Two-handed · \d+ damage dice: Slashing/);
    expect([...t.missing]).toEqual([]);
  });

  it("says when nothing matches, and caps a long list", () => {
    const none = renderParts(renderer, BROWSER_TEMPLATES, buildBrowserContext(entries, { search: "zzzz" }, DEFAULT_CHOICES, translator()));
    expect(none).toContain("Nothing matches these filters.");
    const all = buildBrowserContext(entries, {}, DEFAULT_CHOICES, translator());
    expect(all.rows).toHaveLength(Math.min(BROWSER_LIMIT, entries.length));
    expect(all.count.total).toBe(entries.length);
  });

  it("builds and renders 450 entries in well under 300 ms", () => {
    // The packs hold about 400 items; a fork's extra pack brings it past 450.
    const many = [...entries, ...entries.slice(0, 460 - entries.length).map((e) => ({ ...e, uuid: `${e.uuid}x`, pack: "fork.items" }))];
    expect(many.length).toBeGreaterThanOrEqual(450);
    const start = performance.now();
    const html = renderParts(renderer, BROWSER_TEMPLATES, buildBrowserContext(many, {}, DEFAULT_CHOICES, translator()));
    const elapsed = performance.now() - start;
    expect(html.length).toBeGreaterThan(10_000);
    expect(elapsed).toBeLessThan(300);
  });
});
