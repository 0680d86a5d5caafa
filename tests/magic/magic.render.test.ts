/**
 * Magic's templates rendered with the real Handlebars and lang/en.json from the real context
 * builders: the casting card for each roll kind (attack, area with spell resistance, opposed,
 * unopposed with a duration and with a number, GM difficulty, a book table, countered), the
 * global mana HUD (with and without a pool, with and without an actor) and the scene's pool
 * fieldset. Fails on a missing key or format argument.
 */
import { describe, expect, it } from "vitest";
import { createRenderer } from "../applications/render-harness";
import { named } from "../packs/load-sources";
import { CAST_CARD_TEMPLATE, buildCastCardContext, castCardData } from "../../src/magic/card";
import { spellProfileOf, type SpellItem } from "../../src/magic/context";
import { MANA_HUD_TEMPLATE, SCENE_POOL_TEMPLATE, SPELL_EFFECTS_TEMPLATE, manaHudContext, scenePoolContext, spellEffectsContext } from "../../src/magic/views";
import { resolveSpell, type SpellRolls, type SpellTarget } from "../../src/rules";
import { COUNTERSPELL_TEMPLATE, counterspellPromptContext } from "../../src/magic/counterspell";
import { SPELL_TABLE_TEMPLATE } from "../../src/magic/constants";
import { spellTableContext } from "../../src/magic/spell-table-choice";

const renderer = createRenderer();

function expectClean(html: string): void {
  expect([...renderer.missingKeys]).toEqual([]);
  expect([...renderer.missingArgs]).toEqual([]);
  expect(html).not.toMatch(/CLOCKWORK\.[A-Z]/);
}

const caster = { magic: 6, rank: 6 };
// Adjacent: Charm and Heal's touch reach no further (book L1281, L1467).
const target = (id: string, over: Partial<SpellTarget> = {}): SpellTarget => ({ id, baseDefense: 3, distance: 1, resistance: { species: 2, armor: 1 }, ...over });

function card(name: string, targets: SpellTarget[], rolls: Partial<SpellRolls> & { casting: number[] }, options: { difficulty?: number } = {}) {
  const source = named("spells", name);
  const spell = spellProfileOf({ name, type: "spell", system: source.system } as unknown as SpellItem);
  const damage = spell.damage.dice ? Array.from({ length: spell.damage.dice }, (_, i) => ((i * 5) % 12) + 1) : [];
  const outcome = resolveSpell(spell, caster, targets, { damage, difficulty: options.difficulty, ...rolls });
  return castCardData({
    spell, name, img: source.img ?? null, caster: { name: "Ilinde", uuid: "Actor.ilinde" }, dice: 6, threshold: 6, faces: rolls.casting, hexed: false,
    damageFaces: damage, damageType: spell.damage.types[0] ?? null, difficulty: options.difficulty ?? null, outcome,
    targets: targets.map((t, i) => ({ uuid: `Actor.${t.id}`, name: t.id, chance: 0.5 + i / 10 })), paid: { mana: spell.mana, counters: spell.counters ?? 0 },
    writes: [true], chance: targets.length ? null : 0.7,
  });
}

/** The card's HTML with Handlebars' entity escapes undone, for reading its words. */
const render = (data: ReturnType<typeof card>, viewer = { isGM: true, canApply: true }) =>
  renderer.render(CAST_CARD_TEMPLATE, buildCastCardContext(data, viewer)).replace(/&#x27;/g, "'").replace(/&amp;/g, "&");

describe("casting card", () => {
  it("an attack spell: the roll, the defense for the GM, damage and the condition", () => {
    const html = render(card("Fire Bolt", [target("Grusha")], { casting: [12, 9, 6, 2, 2, 1] }));
    expectClean(html);
    expect(html).toContain("Fire Bolt");
    expect(html).toContain('data-roll-kind="attack"');
    expect(html).toContain("Defense 3");
    expect(html).toMatch(/data-damage="\d+"/);
    expect(html).toContain('data-condition="burning"');
    expect(html).toContain('data-action="applyCast"');
  });
  it("every number says what it is: the damage dice (count, type, each die) and a bare effect size (issue 20)", () => {
    const data = card("Fire Bolt", [target("Grusha")], { casting: [12, 9, 6, 2, 2, 1] });
    const html = render(data);
    expectClean(html);
    expect(html).toContain(`${data.damageFaces.length} damage dice (Energy)`);
    const dice = /class="cw-cast-card__damage"[\s\S]*?<\/ol>/.exec(html)![0];
    expect((dice.match(/data-tooltip="[^"]+"/g) ?? []).length).toBe(data.damageFaces.length);
    expect(dice).toContain('data-tooltip="1: cancels a point of damage"');
    const dispel = render({ ...data, targets: [], success: true, amount: 3, spell: { ...data.spell, effect: "dispel" } });
    expectClean(dispel);
    expect(dispel).toContain("Effect size: 3");
  });
  it("an area spell: a hit, a miss with half, a target negated by its runes", () => {
    const data = card("Fireball", [target("Grusha"), target("Pip", { baseDefense: 5 }), target("Golem", { spellResistance: { runes: "minor" } })], { casting: [12, 6, 2, 2, 2, 2], resistance: { Golem: [11] } });
    const html = render(data);
    expectClean(html);
    expect(html).toContain("Takes effect");
    expect(html).toContain("Missed");
    expect(html).toContain("Negated: Golem runes");
    expect(html).toContain("Golem runes: rolled 11");
    // Players do not see the defenses.
    expect(render(data, { isGM: false, canApply: false })).not.toContain("Defense");
    expect(render(data, { isGM: false, canApply: false })).not.toContain('data-action="applyCast"');
  });
  it("an opposed spell: the reaction's gains and the duration until a Flat", () => {
    const html = render(card("Charm", [target("Grusha", { reactionGains: 1 })], { casting: [12, 6, 6, 2, 2, 2] }));
    expectClean(html);
    expect(html).toContain("Resisted with 1 gains");
    expect(html).toContain("Until a Flat 7 at the end of the target's turn");
    expect(html).toContain('data-condition="charmed"');
  });
  it("unopposed spells: a barrier, rounds per gain, Haste ending Slow", () => {
    const barrier = render(card("Barrier", [target("Bram")], { casting: [12, 6, 6, 2, 2, 2] }));
    expectClean(barrier);
    expect(barrier).toContain("Barrier 4");
    const haste = render(card("Haste", [target("Bram")], { casting: [12, 6, 2, 2, 2, 2] }));
    expectClean(haste);
    expect(haste).toContain("Lasts 3 rounds");
    expect(renderer.render(CAST_CARD_TEMPLATE, buildCastCardContext({ ...card("Haste", [target("Bram", { statuses: ["slowed"] })], { casting: [12, 6, 2, 2, 2, 2] }) }, { isGM: true, canApply: false }))).toContain('data-ends="slowed"');
    const teleport = render(card("Teleport", [], { casting: [12, 6, 2, 2, 2, 2] }));
    expectClean(teleport);
    expect(teleport).toContain("12 spaces");
    const heal = render(card("Heal", [target("Bram")], { casting: [12, 6, 2, 2, 2, 2] }));
    expect(heal).toContain("6 hits healed");
  });
  it("a GM difficulty, a book table, too few gains, and world time", () => {
    const detect = render(card("Detect Magic", [], { casting: [12, 2, 2, 2, 2, 2] }, { difficulty: 3 }));
    expectClean(detect);
    expect(detect).toContain("against difficulty 3");
    expect(detect).toContain("Too few gains");
    const wild = render(card("Call of the Wild", [], { casting: [12, 12, 2, 2, 2, 2] }));
    expectClean(wild);
    expect(wild).toContain("A medium critter");
    const golem = render(card("Golemancy", [], { casting: [12, 6, 6, 6, 2, 2] }));
    expectClean(golem);
    expect(golem).toContain("5 gains to spend");
    const bubble = render(card("Air Bubble", [target("Bram")], { casting: [12, 6, 2, 2, 2, 2] }));
    expectClean(bubble);
    expect(bubble).toContain("Lasts 3 hours");
  });
  it("a cast countered by the caster's own Null Magic", () => {
    const html = render(card("Fire Bolt", [target("Grusha")], { casting: [12, 9, 6, 2, 2, 1], ownNullMagic: 5 }));
    expectClean(html);
    expect(html).toContain("Countered");
  });
  it("a cast countered by another combatant's Counterspell names it", () => {
    const data = { ...card("Fire Bolt", [target("Grusha")], { casting: [12, 9, 6, 2, 2, 1], counterspelled: true }), counteredBy: "Bram" };
    const html = render(data);
    expectClean(html);
    expect(html).toContain("Countered by Bram's Counterspell");
    expect(html).not.toMatch(/data-damage=/);
  });
  it("a sealed Counterspell (its caster could not see the casting roll) compares with nothing", () => {
    const data = { ...card("Counterspell", [target("Grusha")], { casting: [12, 12, 12, 12, 2, 2] }), sealed: true };
    data.targets = data.targets.map((t) => ({ ...t, opposingGains: null, success: false }));
    const html = render(data);
    expectClean(html);
    expect(html).toContain("Against a roll you cannot see");
    expect(html).not.toContain("Takes effect");
  });
});

describe("book tables on the card and in their dialog", () => {
  const tableCard = (name: string) => card(name, [], { casting: [12, 12, 12, 6, 6, 6] });
  it("the card offers its table to the caster's owner and shows what was made of it", () => {
    const wild = tableCard("Call of the Wild");
    const open = render(wild);
    expectClean(open);
    expect(open).toContain('data-action="useSpellTable"');
    expect(open).toContain("Call the animal");
    expect(render(wild, { isGM: false, canApply: false })).not.toContain('data-action="useSpellTable"');
    const made = render({ ...wild, tableUse: { companion: { name: "Grey", uuid: "Actor.grey" } } });
    expectClean(made);
    expect(made).toContain("Grey answers and acts right after its caster.");
    expect(made).not.toContain('data-action="useSpellTable"');

    const awaken = tableCard("Awaken Item");
    const rolled = render({ ...awaken, tableUse: { personalities: ["evil", "wise"] } });
    expectClean(rolled);
    expect(rolled).toContain("Personality roll 2: Wise");
    expect(rolled).toContain("Roll Item Personality");
    const image = render({ ...tableCard("Illusion"), tableUse: { illusion: { size: "small", movement: "pattern", complexity: "color", cost: 5 } } });
    expectClean(image);
    expect(image).toMatch(/Illusion: Small, Moves in a loop, Full colour; 5 of \d+ gains spent/);
    const shift = render({ ...tableCard("Shapeshift"), tableUse: { aspect: "shark" } });
    expectClean(shift);
    expect(shift).toContain("Aspect: Shark");
    expect(render(tableCard("Golemancy"))).toContain("Build the golem");
  });

  it.each(["Call of the Wild", "Golemancy", "Illusion", "Shapeshift"])("the %s dialog lists its table's rows with their costs", (name) => {
    const data = card(name, [], { casting: [12, 12, 12, 6, 6, 6] });
    const html = renderer.render(SPELL_TABLE_TEMPLATE, spellTableContext(data)).replace(/&#x27;/g, "'");
    expectClean(html);
    if (name === "Call of the Wild") {
      expect(html).toContain('name="animal"');
      expect(html).toContain("Wolf (Medium; Bite 6)");
      expect(html).toContain('name="name"');
      // The biggest row the gains reach comes first: one animal of it is picked.
      expect(html.match(/<option value="\w+" selected>/g)).toHaveLength(1);
    }
    if (name === "Golemancy") {
      expect(html).toContain("Iron (heavy armor) (cost 4)");
      expect(html).toMatch(/<option value="medium" selected>/);
      expect(html).toContain("Major runes (Flat 4) (cost 3)");
    }
    if (name === "Illusion") {
      expect(html).toContain('name="complexity"');
      expect(html).toContain("Moves as it wills (cost 3)");
      expect(html).not.toContain('name="name"');
    }
    if (name === "Shapeshift") {
      expect(html).toContain('value="bear"');
      expect(html).toContain("cannot be knocked back or knocked down");
    }
  });
});

describe("the Counterspell offer", () => {
  it("names the cast, the gains to beat, the chance and the cost", () => {
    const html = renderer.render(COUNTERSPELL_TEMPLATE, counterspellPromptContext({ reactor: "Bram", caster: "Ilinde", spell: "Fire Bolt", gains: 5, chance: 0.004, mana: 4, counters: 2, timeout: 30_000 }));
    expectClean(html);
    expect(html).toContain("Ilinde is casting Fire Bolt with 5 gains");
    expect(html).toContain("&lt;1%");
    expect(html).toContain("4 mana, 2 counters");
    expect(html).toContain("30");
  });
  it("a reactor who may not see the casting roll is shown no gains and no odds (docs/rulings.md 136)", () => {
    const html = renderer.render(COUNTERSPELL_TEMPLATE, counterspellPromptContext({ reactor: "Bram", caster: "Grusha", spell: "Fire Bolt", gains: null, chance: null, mana: 4, counters: 2, timeout: 30_000 }));
    expectClean(html);
    expect(html).toContain("you cannot see the roll");
    expect(html).toMatch(/data-chance>Unknown</);
    expect(html).not.toMatch(/\d+%|gains\./);
  });
});

describe("mana HUD and scene pool", () => {
  const pool = { connection: "middling" as const, max: 48, value: 30, refilledAt: 0 };
  it("shows the pool, the actor's mana and the channel control", () => {
    const html = renderer.render(MANA_HUD_TEMPLATE, manaHudContext({ pool, sceneName: "Tower", isGM: false, actor: { name: "Ilinde", mana: { value: 10, max: 30 } } }));
    expectClean(html);
    expect(html).toContain("30 / 48");
    expect(html).toContain("Tower · Middling");
    expect(html).toContain("Ilinde: 10 / 30 mana");
    expect(html).toContain('max="20"');
    expect(html).not.toMatch(/data-action="channel"\s+disabled/);
  });
  it("disables channeling at full and says when the scene has no pool", () => {
    const full = renderer.render(MANA_HUD_TEMPLATE, manaHudContext({ pool, sceneName: "Tower", isGM: false, actor: { name: "Ilinde", mana: { value: 30, max: 30 } } }));
    expect(full).toMatch(/data-action="channel"\s+disabled/);
    const none = renderer.render(MANA_HUD_TEMPLATE, manaHudContext({ pool: null, sceneName: "Tower", isGM: true, actor: null }));
    expectClean(none);
    expect(none).toContain("No global mana pool in this scene.");
  });
  it("the scene configuration's pool fieldset lists the presets with their sizes", () => {
    const html = renderer.render(SCENE_POOL_TEMPLATE, scenePoolContext({ flags: { clockwork: { manaPool: pool } } }));
    expectClean(html);
    expect(html).toContain('name="flags.clockwork.manaPoolConfig.connection"');
    expect(html).toContain("Strong (60)");
    expect(html).toMatch(/<option value="middling" selected>/);
    expect(renderer.render(SCENE_POOL_TEMPLATE, scenePoolContext({ flags: {} }))).toMatch(/<option value="" selected>No pool/);
  });
});

describe("the magic tab's lasting spells", () => {
  const spell = (over: object) => ({ clockwork: { spell: { name: "x", gains: 3, amount: 3, dispellable: true, endFlat: null, expires: null, ...over } } });
  it("lists each spell effect with its gains and what is left: rounds, minutes, a Flat", () => {
    const context = spellEffectsContext([
      { uuid: "A.1", name: "Haste", flags: spell({ gains: 2, expires: { combat: "c1", round: 4, turn: 0 } }) },
      { uuid: "A.2", name: "Levitate", flags: spell({ gains: 4, expires: { time: 1300 } }) },
      { uuid: "A.3", name: "Charm", flags: spell({ gains: 5, endFlat: 7 }) },
      { uuid: "A.4", name: "Ironskin Potion", flags: spell({ gains: 0, dispellable: false, expires: { time: 4100 } }) },
      { uuid: "A.5", name: "Burning", flags: {} },
      { uuid: "A.6", name: "Off", disabled: true, flags: spell({}) },
    ], { combat: { id: "c1", round: 2 }, worldTime: 1000 });
    expect(context.effects.map((e) => e.name)).toEqual(["Haste", "Levitate", "Charm", "Ironskin Potion"]);
    const html = renderer.render(SPELL_EFFECTS_TEMPLATE, context);
    expectClean(html);
    expect(html).toContain("2 rounds left");
    expect(html).toContain("5 minutes left");
    expect(html).toContain("until a Flat 7");
    expect(html).toContain("5 gains");
    expect(html).toContain("cannot be dispelled");
    expect(html).toContain("52 minutes left");
  });
  it("says when no spell lasts", () => {
    const html = renderer.render(SPELL_EFFECTS_TEMPLATE, spellEffectsContext([], { worldTime: 0 }));
    expectClean(html);
    expect(html).toContain("No spell lasts on this creature.");
  });
});
