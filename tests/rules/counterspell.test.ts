import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { castingGainsDistribution, counterspellSucceeds, defaultAutomation, resolveSpell } from "../../src/rules";
import { canBeCounterspelled, castingRollVisible, counterspellChance, counterspellProblem, type CounterspellCandidate } from "../../src/rules/counterspell";
import type { SpellProfile } from "../../src/rules";

const COUNTERSPELL: SpellProfile = {
  identifier: "counterspell", skill: "spellcraft", school: "arcane", level: 2, counters: 2, mana: 4, manaPerExtraTarget: 0,
  roll: { kind: "opposed", opposedSkill: "", mustExceed: true }, range: { kind: "spaces", spaces: 12 }, area: { shape: "none", size: 0 },
  damage: { dice: 0, types: [], unavoidable: false, perGain: false }, conditions: [], duration: { kind: "instant", value: 0 },
  automation: { ...defaultAutomation(), effect: { kind: "counterspell", amount: 0, perGain: false, max: 0 }, against: "casting" },
};
const FIRE_BOLT: SpellProfile = {
  ...COUNTERSPELL, identifier: "fire-bolt", skill: "elemental", school: "fire", roll: { kind: "attack", opposedSkill: "", mustExceed: false },
  damage: { dice: 6, types: ["energy"], unavoidable: false, perGain: false },
  automation: { ...defaultAutomation(), harmful: true },
};

function candidate(over: Partial<CounterspellCandidate> = {}): CounterspellCandidate {
  return {
    self: false, spell: COUNTERSPELL, hands: { main: null, off: null }, mana: 4,
    counters: { available: 0, reserved: 2, hadTurn: true, passed: true }, distance: 5, answerable: true, ...over,
  };
}

describe("who may be offered Counterspell (§3.1, docs/rulings.md 132)", () => {
  it("a combatant that passed with 2 reserved counters, 4 mana, a free hand and the caster in range may", () => {
    expect(counterspellProblem(candidate())).toBeNull();
  });

  it("on its own turn (not passed) it pays from the turn's counters", () => {
    expect(counterspellProblem(candidate({ counters: { available: 3, reserved: 0, hadTurn: true, passed: false } }))).toBeNull();
  });

  it.each([
    ["self", { self: true }],
    ["unknown", { spell: null }],
    ["notCombatant", { counters: null }],
    ["unanswered", { answerable: false }],
    ["range", { distance: 13 }],
    ["noFreeHand", { hands: { main: { twoHanded: true }, off: null } }],
    ["berserk", { berserk: true }],
    ["noMana", { mana: 3 }],
    ["insufficient", { counters: { available: 0, reserved: 1, hadTurn: true, passed: true } }],
    ["defenseless", { counters: { available: 6, reserved: 0, hadTurn: false, passed: false } }],
  ] as const)("refuses: %s", (problem, over) => {
    expect(counterspellProblem(candidate(over as Partial<CounterspellCandidate>))).toBe(problem);
  });

  it("a Stunned combatant pays one counter more", () => {
    expect(counterspellProblem(candidate({ stunned: true }))).toBe("insufficient");
    expect(counterspellProblem(candidate({ stunned: true, counters: { available: 0, reserved: 3, hadTurn: true, passed: true } }))).toBeNull();
  });

  it("no token, no range check", () => {
    expect(counterspellProblem(candidate({ distance: undefined }))).toBeNull();
  });
});

describe("what can be counterspelled", () => {
  it("every cast but Counterspell itself and spells that cannot be dispelled (Shapeshift)", () => {
    expect(canBeCounterspelled(FIRE_BOLT)).toBe(true);
    expect(canBeCounterspelled(COUNTERSPELL)).toBe(false);
    expect(canBeCounterspelled({ identifier: "shapeshift", automation: { ...defaultAutomation(), dispellable: false } })).toBe(false);
  });
});

describe("the counterspeller's chance and the comparison", () => {
  it("the chance is P(gains > casting gains): a tie fails", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 10 }), (magic, rank, gains) => {
      const caster = { magic, rank };
      const dist = castingGainsDistribution(caster);
      const above = dist.slice(gains + 1).reduce((a, b) => a + b, 0);
      expect(counterspellChance(caster, gains)).toBeCloseTo(above, 9);
    }));
  });

  it("the chance falls as the casting gains rise", () => {
    const caster = { magic: 9, rank: 6 };
    expect(counterspellChance(caster, 0)).toBeGreaterThan(counterspellChance(caster, 3));
    expect(counterspellChance(caster, 3)).toBeGreaterThan(counterspellChance(caster, 8));
  });

  it("must exceed", () => {
    expect(counterspellSucceeds(5, 5)).toBe(false);
    expect(counterspellSucceeds(6, 5)).toBe(true);
  });

  it("a counterspelled cast has no effect on any target and rolls nothing more", () => {
    const out = resolveSpell(FIRE_BOLT, { magic: 6, rank: 6 }, [{ id: "orc", baseDefense: 3, resistance: { ballistic: 0, blunt: 0, energy: 0, piercing: 0, slashing: 0, explosive: 0 } } as never], { casting: [12, 12, 12, 12, 12, 12], counterspelled: true });
    expect(out.countered).toBe(true);
    expect(out.targets[0]).toMatchObject({ success: false, failure: "countered", damageTotal: 0, conditions: [] });
  });
});

describe("who may be told the casting gains (docs/rulings.md 136)", () => {
  const player = { isGM: false, author: false };
  it("a GM always; a player when the card's roll mode shows the card to them", () => {
    for (const mode of ["publicroll", "gmroll", "blindroll", "selfroll"]) expect(castingRollVisible(mode, { isGM: true, author: false })).toBe(true);
    expect(castingRollVisible("publicroll", player)).toBe(true);
    expect(castingRollVisible("gmroll", player)).toBe(false);
    expect(castingRollVisible("selfroll", player)).toBe(false);
    expect(castingRollVisible("gmroll", { ...player, author: true })).toBe(true);
    expect(castingRollVisible("blindroll", { ...player, author: true })).toBe(false);
  });

  it("a player is told exactly what the card would show: public to all, GM and self rolls to their author, blind to nobody", () => {
    fc.assert(fc.property(fc.constantFrom("publicroll", "gmroll", "blindroll", "selfroll"), fc.boolean(), (mode, author) =>
      castingRollVisible(mode, { isGM: false, author }) === (mode === "publicroll" || (author && mode !== "blindroll"))));
  });
});
