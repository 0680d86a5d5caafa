/**
 * The character sheet's Experience section (issue 12: "an XP log on the sheet lists every award
 * and purchase with its date and cost; the last purchase can be refunded") and its Builder and
 * Spend XP buttons, rendered with the real Handlebars from the real context builder.
 */
import { describe, expect, it } from "vitest";
import { buildCharacterContext } from "../../../src/applications/context/character";
import { DEFAULT_CHOICES } from "../../../src/applications/context/choices";
import type { ActorLike } from "../../../src/applications/context/source-types";
import { TEMPLATES } from "../../../src/applications/handlebars";
import { CHARACTER_SOURCE, FULL_CHARACTER, fixtureActor } from "../../fixtures/sheets/actors";
import { translator, xpHistory } from "../builder/fixtures";
import { count, createRenderer } from "../render-harness";
import { renderCharacterSheet } from "../sheets/sheets";

const renderer = createRenderer();
const date = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

function withXp(actor: ActorLike, earned: number, spent: number): ActorLike {
  return { ...actor, system: { ...actor.system, xp: { earned, spent } } };
}

describe("Experience section of the character sheet", () => {
  const { state } = xpHistory();
  const hero = withXp(FULL_CHARACTER, state.earned, state.spent);
  const xp = { log: state.log, speed: "normal" as const, translate: translator(), formatDate: date };

  it("lists every award and purchase newest first, with its date and XP, and offers the refund of the last purchase", () => {
    const context = buildCharacterContext(hero, { editable: true, editMode: false, activeTab: "features", xp }, DEFAULT_CHOICES);
    const html = renderer.render(TEMPLATES.character.features, context);
    expect(html).toMatch(/data-total="earned"><dt>Earned<\/dt><dd>8<\/dd>/);
    expect(html).toMatch(/data-total="available"><dt>Available<\/dt><dd>4<\/dd>/);
    const rows = [...html.matchAll(/<tr data-entry="(log\d+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(["log6", "log5", "log4", "log3", "log2", "log1"]);
    expect(html).toMatch(/<td>2026-11-01 18:01<\/td>\s*<td>Award: Essential to the success \(held the bridge\)<\/td>\s*<td class="xp">\+3<\/td>/);
    expect(html).toMatch(/<td>[^<]+<\/td>\s*<td>Knowledge 11 → 10<\/td>\s*<td class="xp">\u22124<\/td>/);
    expect(html).toMatch(/class="refunded">[\s\S]*?Spell: Fire Bolt <em>\(refunded\)<\/em>/);
    expect(html).toMatch(/data-action="refund">Refund the last purchase: Knowledge 11 → 10 \(\+4 XP\)/);
    expect(count(html, 'data-action="openAdvancement"')).toBe(1);
    expect([...renderer.missingKeys]).toEqual([]);
  });

  it("shows the log but no refund and no buttons to someone who cannot edit", () => {
    const html = renderCharacterSheet(renderer, buildCharacterContext(hero, { editable: false, activeTab: "features", xp }, DEFAULT_CHOICES));
    expect(count(html, /<tr data-entry=/)).toBe(6);
    expect(count(html, /data-action="(refund|openAdvancement|openBuilder)"/)).toBe(0);
  });

  it("says the log is empty for a character with no XP yet", () => {
    const html = renderer.render(TEMPLATES.character.features, buildCharacterContext(FULL_CHARACTER, { editable: true, xp: { ...xp, log: [] } }, DEFAULT_CHOICES));
    expect(html).toContain("No awards or purchases yet.");
    expect(count(html, 'data-action="refund"')).toBe(0);
  });

  it("puts Spend XP in the header for the owner, and Builder only while the character has nothing", () => {
    const header = (actor: ActorLike, editable: boolean) => renderer.render(TEMPLATES.character.header, buildCharacterContext(actor, { editable, xp }, DEFAULT_CHOICES));
    const built = header(hero, true);
    expect(count(built, 'data-action="openAdvancement"')).toBe(1);
    expect(count(built, 'data-action="openBuilder"')).toBe(0);
    const empty = fixtureActor("New Hero", "character", CHARACTER_SOURCE, [], "actNewHero000001");
    const fresh = header(empty, true);
    expect(fresh).toMatch(/data-action="openBuilder"[^>]*>.*Character Builder<\/button>/);
    expect(count(header(empty, false), /data-action="(openBuilder|openAdvancement)"/)).toBe(0);
    expect([...renderer.missingKeys]).toEqual([]);
  });
});
