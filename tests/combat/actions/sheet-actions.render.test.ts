/**
 * The character and NPC sheets in play mode include the combat actions (issue 10 item 4): the
 * sheet templates rendered with the real Handlebars, lang/en.json and the real context builders,
 * with the `combatActions` the sheet class adds. In combat: costs, disabled actions with their
 * reason; outside combat: every cost 0. Edit mode shows no action list.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildCharacterContext } from "../../../src/applications/context/character";
import { buildNpcContext } from "../../../src/applications/context/npc";
import { buildCombatActionsContext, type ActionsActor } from "../../../src/combat/actions/context";
import { registerSpellActions } from "../../../src/magic/actions";
import { FULL_CHARACTER, NPC } from "../../fixtures/sheets/actors";
import { count, createRenderer } from "../../applications/render-harness";
import { renderCharacterSheet, renderNpcSheet } from "../../applications/sheets/sheets";

const renderer = createRenderer();

function lookup(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), renderer.translations);
}

beforeAll(() => {
  // The context builders localize through game.i18n, as in Foundry.
  const i18n = {
    localize: (key: string) => (typeof lookup(key) === "string" ? lookup(key) as string : key),
    format: (key: string, data: Record<string, unknown> = {}) => i18n.localize(key).replace(/\{(\w+)\}/g, (w, a: string) => (a in data ? String(data[a]) : w)),
  };
  (globalThis as unknown as { game: object }).game = { i18n };
});

const asActor = (a: unknown) => a as ActionsActor;
const IN_COMBAT = { inCombat: true, counters: { available: 1, reserved: 2, hadTurn: true, passed: false } };
const OUT_OF_COMBAT = { inCombat: false, counters: null };

/** No missing key or format argument; the action list shows no raw key (the localizing builders). */
function expectClean(section: string): void {
  expect([...renderer.missingKeys]).toEqual([]);
  expect([...renderer.missingArgs]).toEqual([]);
  expect(section.match(/CLOCKWORK\.[A-Z][\w.]*/g) ?? []).toEqual([]);
}

/** The action section of a rendered sheet. */
function actionsSection(html: string): string {
  const start = html.indexOf('<section class="clockwork cw-combat-actions');
  if (start < 0) return "";
  return html.slice(start, html.indexOf("</section>", start));
}

describe("the sheets' combat actions", () => {
  it("character, play mode in combat: the list with costs, what cannot be paid disabled with the reason", () => {
    const context = { ...buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false }), combatActions: buildCombatActionsContext(asActor(FULL_CHARACTER), IN_COMBAT) };
    const html = renderCharacterSheet(renderer, context);
    const section = actionsSection(html);
    expectClean(section);
    expect(section).toContain("1 counters this turn, 2 reserved.");
    // A step (1) is affordable, a walk (2) is not: disabled, with the reason as text and tooltip.
    expect(section).toMatch(/data-key="step"(?![^>]*disabled)[^>]*>/);
    expect(section).toMatch(/data-key="walk"[^>]*disabled aria-disabled="true"[^>]*data-tooltip="Not enough counters"/);
    expect(section).toContain('<span class="cw-combat-action__reason">Not enough counters</span>');
    // Every weapon of the character has its attack, with the weapon's id for the click.
    const weapons = [...FULL_CHARACTER.items].filter((i) => i.type === "weapon");
    for (const weapon of weapons) expect(section).toContain(`data-weapon-id="${weapon.id}"`);
    expect(count(section, 'data-action="combatAction"')).toBeGreaterThan(10);
  });

  it("a registered provider's group (magic's Spells) renders with data-provider and the item id", () => {
    const remove = registerSpellActions();
    try {
      const spells = [...FULL_CHARACTER.items].filter((i) => i.type === "spell");
      expect(spells.length).toBeGreaterThan(0);
      const context = { ...buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false }), combatActions: buildCombatActionsContext(asActor(FULL_CHARACTER), IN_COMBAT) };
      const section = actionsSection(renderCharacterSheet(renderer, context));
      expectClean(section);
      expect(section).toContain('data-group="magic"');
      for (const spell of spells) expect(section).toMatch(new RegExp(`data-key="castSpell"[^>]*data-provider="magic" data-item-id="${spell.id}"`));
      // Weapon and shield in hand: every spell is disabled with the cast's own reason, and shows its mana.
      expect(section).toMatch(/data-item-id="splFireBolt00001"\s+disabled aria-disabled="true" data-tooltip="Fire Bolt cannot be cast: casting needs a free hand, and the hands hold Warhammer, Kite Shield\. Stow something first \(the Stow action\)\."/);
      expect(section).toContain('<span class="cw-combat-action__label">Fire Bolt (4 mana)</span>');
    } finally {
      remove();
    }
    const without = actionsSection(renderCharacterSheet(renderer, { ...buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false }), combatActions: buildCombatActionsContext(asActor(FULL_CHARACTER), IN_COMBAT) }));
    expect(without).not.toContain("data-provider");
  });

  it("NPC, play mode outside combat: nothing is charged", () => {
    const context = { ...buildNpcContext(NPC, { editable: true, editMode: false }), combatActions: buildCombatActionsContext(asActor(NPC), OUT_OF_COMBAT) };
    const html = renderNpcSheet(renderer, context);
    const section = actionsSection(html);
    expectClean(section);
    expect(section).toContain("Not in a running combat: nothing is charged.");
    expect(section).toContain("is-out-of-combat");
    const costs = [...section.matchAll(/data-cost="(\d+)"/g)].map((m) => Number(m[1]));
    expect(costs.length).toBeGreaterThan(5);
    expect(costs.every((c) => c === 0)).toBe(true);
  });

  // Issue 20: "Attack: Axe ◎0" read as free; the list sat below everything on a player's turn.
  it("costs read as costs: counters in words in combat, the cost in a combat outside one", () => {
    const inCombat = renderCharacterSheet(renderer, { ...buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false }), combatActions: buildCombatActionsContext(asActor(FULL_CHARACTER), IN_COMBAT) });
    const section = actionsSection(inCombat);
    const COST = '<span class="cw-combat-action__cost"[^>]*><span[^>]*></span>([^<]*)</span>';
    const cost = (html: string, key: string) => html.match(new RegExp(`data-key="${key}"[\\s\\S]*?${COST}`))?.[1];
    expect(cost(section, "step")).toBe("1 counter");
    expect(cost(section, "walk")).toBe("2 counters");
    expect(cost(section, "skillRoll")).toBe("at least 2 counters");
    // On a turn the actions come first in the Main tab, before the skills.
    const main = inCombat.slice(inCombat.indexOf("cw-tab-main"));
    expect(main.indexOf("cw-combat-actions")).toBeGreaterThan(0);
    expect(main.indexOf("cw-combat-actions")).toBeLessThan(main.indexOf("cw-skill-table"));

    const outside = renderNpcSheet(renderer, { ...buildNpcContext(NPC, { editable: true, editMode: false }), combatActions: buildCombatActionsContext(asActor(NPC), OUT_OF_COMBAT) });
    const out = actionsSection(outside);
    expectClean(out);
    expect(cost(out, "step")).toBe("1 counter in combat");
    expect(cost(out, "walk")).toBe("2 counters in combat");
    // Nothing reads as a bare 0.
    const costs = [...out.matchAll(new RegExp(COST, "g"))].map((m) => m[1]);
    expect(costs.length).toBeGreaterThan(5);
    expect(costs.filter((t) => !/counters? in combat$/.test(t))).toEqual([]);
    // Out of combat the list follows the stats.
    const npcMain = outside.slice(outside.indexOf("cw-tab-main"));
    expect(npcMain.indexOf("cw-combat-actions")).toBeGreaterThan(npcMain.indexOf("cw-combat-stats"));
  });

  it("edit mode (the sheet adds no combatActions) shows no action list", () => {
    for (const html of [
      renderCharacterSheet(renderer, buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: true })),
      renderNpcSheet(renderer, buildNpcContext(NPC, { editable: true, editMode: true })),
    ]) {
      expect(html).toContain("cw-tab-main");
      expect(actionsSection(html)).toBe("");
    }
  });
});
