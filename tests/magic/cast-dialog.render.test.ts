/**
 * The casting dialog's parts rendered with the real Handlebars and lang/en.json from the real
 * context builder (issue 29): Force Missiles' patterns with its area's targets, Fire Bolt's
 * dodge and block, Shrink on the caster's own creature and on one its side answers for (who wins
 * a tie), Transfer Life's hits, Illusion's tables with the chance to pay for the design, a
 * scroll, channeling, and a refusal. Every number shown is labelled: no text in the dialog is
 * a bare number. Fails on a missing key or format argument.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createRenderer, installGameI18n } from "../applications/render-harness";
import { named } from "../packs/load-sources";
import { spellProfileOf, withMode, type SpellItem } from "../../src/magic/context";
import { CAST_DIALOG_PARTS } from "../../src/magic/cast-dialog-parts";
import { applyCastForm, buildCastDialogContext, defaultCastChoices, type CastChoices, type CastDialogInput, type CastDialogTarget } from "../../src/magic/cast-dialog-context";
import type { SpellTarget } from "../../src/rules";

const renderer = createRenderer();

// The context builder localizes through game.i18n, as in Foundry.
beforeAll(() => installGameI18n(renderer));

function spell(name: string) {
  return spellProfileOf({ name, type: "spell", system: named("spells", name).system } as unknown as SpellItem);
}

const ruleTarget = (id: string, over: Partial<SpellTarget & { reactionPool: { dice: number; threshold: number } }> = {}) => ({ id, baseDefense: 3, resistance: { species: 2, armor: 1 }, ...over });

function row(name: string, over: Partial<CastDialogTarget> & { target?: CastDialogTarget["target"] } = {}): CastDialogTarget {
  return { key: name, name, img: null, self: false, place: { distance: 3 }, answeredBy: null, observable: true, target: ruleTarget(name), ...over };
}

function input(name: string, over: Partial<Omit<CastDialogInput, "choices">> & { choices?: Partial<CastChoices> } = {}): CastDialogInput {
  const profile = spell(name);
  const choices = { ...defaultCastChoices(profile, "publicroll"), ...over.choices };
  return {
    actorName: "Ilinde", itemName: name, profile, spell: withMode(profile, choices.mode || undefined), caster: { magic: 9, rank: 7 },
    targets: [], scrolls: [], mana: { have: 20, max: 30 }, channel: null, cost: { mana: profile.mana, counters: profile.counters ?? 0 },
    counters: { available: 5 }, refusal: null, viewer: { isGM: false, hiddenInfo: "percentages" },
    ...over, choices,
  };
}

function render(context: object): string {
  return Object.values(CAST_DIALOG_PARTS).map((part) => renderer.render(part, context)).join("\n");
}

/** The text between tags, trimmed, that is nothing but a number (a number no word labels). */
function bareNumbers(html: string): string[] {
  return [...html.matchAll(/>([^<>]*)</g)].map((m) => m[1].replace(/\s+/g, " ").trim()).filter((text) => text !== "" && /^[\d\s%.,<>×+−-]+$/.test(text));
}

function expectClean(html: string): void {
  expect([...renderer.missingKeys]).toEqual([]);
  expect([...renderer.missingArgs]).toEqual([]);
  expect(html).not.toMatch(/CLOCKWORK\.[A-Z]/);
  expect(bareNumbers(html)).toEqual([]);
}

describe("casting dialog", () => {
  it("Force Missiles: its three patterns, the area's targets with distance and range, the exact chance each, the cost", () => {
    const targets = [row("Grusha", { place: { distance: 4, aimDistance: 4, inArea: true } }), row("Pip", { place: { distance: 5, aimDistance: 4, inArea: true }, observable: false })];
    const context = buildCastDialogContext(input("Force Missiles", { targets, aimDistance: 4, choices: { mode: "square" } }));
    const html = render(context);
    expectClean(html);
    expect(context.modes!.map((m) => m.label)).toEqual([
      "Cone, 3 spaces (3 counters, 6 mana)", "Square, 2×2 spaces (3 counters, 6 mana)", "Line, 4 spaces (3 counters, 6 mana)",
    ]);
    expect(context.modes!.find((m) => m.selected)!.value).toBe("square");
    expect(html).toContain("4 spaces");
    expect(html).toContain("In range");
    expect(html).toMatch(/\d+% chance/);
    // A player who may see only bands reads a word, not a number.
    const banded = buildCastDialogContext(input("Force Missiles", { targets, aimDistance: 4, viewer: { isGM: false, hiddenInfo: "bands" } }));
    expect(banded.targets[1].chance).toMatch(/^Chance: (likely|even|unlikely)$/);
    expect(banded.targets[1].chanceValue).toBeNull();
    expect(html).toContain("Costs 3 counters (5 left) and 6 mana (20 left)");
    expect(html).toContain("Casting roll: 9 dice, a gain on 7 or more");
    expect(context.canSubmit).toBe(true);
  });

  it("Fire Bolt: the dodge and block each target may make, with the chance if it does", () => {
    const target = row("Bram", { place: { distance: 2 }, target: ruleTarget("Bram", { dodgeBonus: 3, blockBonus: 2 }) });
    const context = buildCastDialogContext(input("Fire Bolt", { targets: [target] }));
    const html = render(context);
    expectClean(html);
    expect(html).toMatch(/May dodge \/ block/i);
    // Each reaction's chance, labelled ("if it dodges: …").
    expect(context.targets[0].alternatives).toHaveLength(2);
  });

  it("Shrink: the caster answers for her own creature; another's side is asked; a tie is named", () => {
    const own = row("Bram", { answeredBy: "caster", target: ruleTarget("Bram", { unwilling: true, reactionPool: { dice: 8, threshold: 8 } }) });
    const foe = row("Grusha", { answeredBy: "owner", target: ruleTarget("Grusha", { unwilling: true, reactionPool: { dice: 8, threshold: 8 } }) });
    const context = buildCastDialogContext(input("Shrink", { targets: [own, foe], choices: { unwilling: { Bram: true } } }));
    const html = render(context);
    expectClean(html);
    expect(context.targets[0].willingChoice!.find((o) => o.selected)!.value).toBe("unwilling");
    expect(context.targets[1].asked).toBe("Asked of Grusha's side when cast");
    expect(html).toContain("Resists with Stamina (8 dice)");
    expect(html).toMatch(/A tie goes to (Ilinde|Grusha)/);
    // Willing: no resisting roll, a better chance.
    const willing = buildCastDialogContext(input("Shrink", { targets: [row("Bram", { answeredBy: "caster", target: ruleTarget("Bram", { unwilling: false }) })] }));
    expect(willing.targets[0].chanceValue!).toBeGreaterThan(context.targets[0].chanceValue!);
    expect(willing.targets[0].tie).toBeNull();
  });

  it("Transfer Life's hits, a scroll, channeling and a refusal are offered and labelled", () => {
    const context = buildCastDialogContext(input("Transfer Life", {
      targets: [row("Bram", { place: { distance: 1 } })], scrolls: [{ id: "scroll1", name: "Scroll of Transfer Life", gains: 4 }],
      channel: { pool: 40, counters: 2, problem: null }, refusal: "Ilinde has only 2 mana; Transfer Life needs 4.", choices: { hits: 2, channel: 4, scroll: "scroll1" },
    }));
    const html = render(context);
    expectClean(html);
    expect(context.hits!.value).toBe(2);
    expect(html).toContain("Scroll of Transfer Life (stored roll: 4 gains)");
    expect(context.scrollNote).toBe("The scroll's stored roll stands: 4 gains; no casting roll is made.");
    // A scroll's roll is not rolled again: no chance is shown for it.
    expect(context.targets[0].chance).toBeNull();
    expect(context.channel!.hint).toBe("From the scene's pool (40 mana left); channeling it costs 2 counters more.");
    expect(html).toContain("Ilinde has only 2 mana");
    expect(context.canSubmit).toBe(false);
  });

  it("Illusion: its tables with each row's cost, and the chance to roll enough for the design", () => {
    const context = buildCastDialogContext(input("Illusion", { counters: null, choices: { illusion: { size: "medium", movement: "volition", complexity: "color" } } }));
    const html = render(context);
    expectClean(html);
    expect(html).toContain("This spell takes no target.");
    expect(context.illusion!.cost).toMatch(/^This design needs 7 gains: \d+% chance to roll them\.$/);
    expect(html).toContain("no counters out of combat");
  });

  it("the form's values come back as choices; unknown ones are ignored", () => {
    const base = defaultCastChoices(spell("Force Missiles"), "publicroll");
    const allowed = { modes: ["square", "line"], scrolls: ["s1"], targets: ["Grusha"] };
    expect(applyCastForm(base, { mode: "line", "unwilling.Grusha": "unwilling", hits: "3", channel: "5" }, allowed)).toMatchObject({ mode: "line", unwilling: { Grusha: true }, hits: 3, channel: 5 });
    expect(applyCastForm(base, { mode: "huge", scroll: "forged", "unwilling.Nobody": "unwilling", channel: "lots" }, allowed)).toEqual(base);
  });
});
