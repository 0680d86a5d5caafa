/**
 * Spell range (issue 19 items 1 and 4): which targets a spell reaches, Heal's modes by distance,
 * area spells by their aim point, and resolveSpell never affecting a target its range excludes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { named } from "../packs/load-sources";
import {
  defaultAutomation, inRadiusArea, modeThatReaches, resolveSpell, spellInMode, spellRangeLimit, spellReaches,
  type Caster, type SpellAutomation, type SpellPlace, type SpellProfile, type SpellTarget,
} from "../../src/rules";

type Overrides = Omit<Partial<SpellProfile>, "automation"> & { automation?: Partial<SpellAutomation> };

function spell(over: Overrides = {}): SpellProfile {
  const { automation, ...rest } = over;
  return {
    identifier: "test", skill: "soul", school: "life", level: 2, counters: 2, mana: 4, manaPerExtraTarget: 0,
    roll: { kind: "unopposed", opposedSkill: "", mustExceed: false },
    range: { kind: "spaces", spaces: 12 }, area: { shape: "none", size: 0 },
    damage: { dice: 0, types: [], unavoidable: false, perGain: false },
    conditions: [], duration: { kind: "instant", value: 0 },
    ...rest,
    automation: { ...defaultAutomation(), level: "full", ...automation },
  };
}

// The pack's own data for these spells (packs/_source/spells).
const CHARM = spell({ identifier: "charm", counters: 4, mana: 6, range: { kind: "adjacent", spaces: 0 }, roll: { kind: "opposed", opposedSkill: "will", mustExceed: false }, conditions: [{ key: "charmed", trigger: "hit" }], automation: { harmful: true } });
const HEAL = spell({
  identifier: "heal", range: { kind: "touch", spaces: 0 },
  automation: {
    effect: { kind: "heal", amount: 2, perGain: true, max: 0 },
    modes: [
      { key: "target", counters: 3, mana: 8, rangeSpaces: 12, areaShape: "none", areaSize: 0 },
      { key: "area", counters: 4, mana: 12, rangeSpaces: 12, areaShape: "radius", areaSize: 2 },
    ],
  },
});
const FEAR = spell({ identifier: "fear", counters: 4, mana: 6, roll: { kind: "opposed", opposedSkill: "will", mustExceed: false }, conditions: [{ key: "feared", trigger: "hit" }], automation: { harmful: true } });
const FIREBALL = spell({ identifier: "fireball", skill: "elemental", school: "fire", counters: 4, mana: 12, roll: { kind: "area", opposedSkill: "", mustExceed: false }, area: { shape: "radius", size: 2 }, damage: { dice: 12, types: ["energy"], unavoidable: false, perGain: false }, automation: { harmful: true, targets: { kind: "area", max: 0 } } });
const QUAKE = spell({ identifier: "quake", skill: "elemental", school: "earth", counters: 4, mana: 6, roll: { kind: "opposed", opposedSkill: "strength", mustExceed: false }, area: { shape: "radius", size: 3 }, conditions: [{ key: "prone", trigger: "hit" }], automation: { harmful: true, targets: { kind: "area", max: 0 } } });
const SHOCK = spell({ identifier: "shock", skill: "elemental", school: "air", counters: 4, mana: 6, range: { kind: "self", spaces: 0 }, roll: { kind: "area", opposedSkill: "", mustExceed: false }, area: { shape: "cone", size: 3 }, damage: { dice: 6, types: ["energy"], unavoidable: false, perGain: false }, automation: { harmful: true, targets: { kind: "area", max: 0 } } });
const VOID_BOLT = spell({ identifier: "void-bolt", range: { kind: "sight", spaces: 0 }, roll: { kind: "attack", opposedSkill: "", mustExceed: false }, damage: { dice: 6, types: ["energy"], unavoidable: false, perGain: false }, automation: { harmful: true } });
const FLY = spell({ identifier: "fly", range: { kind: "self", spaces: 0 }, automation: { targets: { kind: "self", max: 0 } } });

describe("spell range (issue 19 item 1)", () => {
  it("Charm reaches an adjacent target only (book L1281): refused at 2 and 4 spaces", () => {
    expect(spellRangeLimit(CHARM)).toBe(1);
    expect(spellReaches(CHARM, { distance: 1 })).toEqual({ reaches: true, problem: null, limit: 1 });
    expect(spellReaches(CHARM, { distance: 2 })).toMatchObject({ reaches: false, problem: "notAdjacent" });
    expect(spellReaches(CHARM, { distance: 4 })).toMatchObject({ reaches: false, problem: "notAdjacent" });
  });

  it("Fear and Polymorph reach 12 spaces and no further (book L1355, L1592)", () => {
    expect(spellReaches(FEAR, { distance: 12 }).reaches).toBe(true);
    expect(spellReaches(FEAR, { distance: 13 })).toMatchObject({ reaches: false, problem: "tooFar", limit: 12 });
  });

  it("Heal's touch mode reaches 1 space; beyond it the ranged mode is the one that reaches (book L1467)", () => {
    expect(modeThatReaches(HEAL, [{ distance: 1 }])).toBeUndefined();
    expect(spellReaches(HEAL, { distance: 2 })).toMatchObject({ reaches: false, problem: "notAdjacent" });
    expect(modeThatReaches(HEAL, [{ distance: 2 }])).toBe("target");
    expect(modeThatReaches(HEAL, [{ distance: 6 }])).toBe("target");
    expect(modeThatReaches(HEAL, [{ distance: 13 }])).toBeNull();
    const ranged = spellInMode(HEAL, "target");
    expect({ counters: ranged.counters, mana: ranged.mana, range: ranged.range }).toEqual({ counters: 3, mana: 8, range: { kind: "spaces", spaces: 12 } });
  });

  it("a self spell reaches its caster only; sight reaches what the caster sees", () => {
    expect(spellReaches(FLY, { self: true }).reaches).toBe(true);
    expect(spellReaches(FLY, { distance: 1 })).toMatchObject({ reaches: false, problem: "notSelf" });
    expect(spellReaches(VOID_BOLT, { distance: 40 }).reaches).toBe(true);
    expect(spellReaches(VOID_BOLT, { distance: 3, seen: false })).toMatchObject({ reaches: false, problem: "unseen" });
  });

  it("a distance nobody measured is not held against the cast", () => {
    expect(spellReaches(CHARM, {}).reaches).toBe(true);
  });
});

describe("the pack's spells reach as far as the book says (issue 19 item 1)", () => {
  // [spell, spaces it reaches, book line]
  const BOOK: [string, number, number][] = [
    ["Charm", 1, 1281], ["Petrify", 1, 1578], ["Ward", 1, 1721], ["Transfer Life", 1, 1689], ["Heal", 1, 1467], ["Cure Wounds", 1, 1301],
    ["Hemorrhage", 12, 1471], ["Regenerate", 12, 1608], ["Polymorph", 12, 1592], ["Stabilize", 12, 1667], ["Haste", 12, 1461],
    ["Mind Blast", 12, 1558], ["Fear", 12, 1355], ["Quake", 12, 1598], ["Fireball", 12, 1367],
  ];
  it.each(BOOK)("%s reaches %i spaces (book L%i)", (name, spaces) => {
    const data = named("spells", name).system as unknown as SpellProfile;
    const profile = spell({ range: data.range, area: data.area, automation: { targets: data.automation.targets } });
    expect(spellRangeLimit(profile)).toBe(spaces);
    const at = (distance: number): SpellPlace => (profile.automation.targets.kind === "area" ? { distance, aimDistance: distance, inArea: true } : { distance });
    expect(spellReaches(profile, at(spaces)).reaches).toBe(true);
    expect(spellReaches(profile, at(spaces + 1)).reaches).toBe(false);
  });
});

describe("area spells by their aim point (issue 19 items 1 and 4)", () => {
  it("Fireball's centre within 12 spaces (book L1367): a target at 13 in the radius is reached, a centre at 13 is not", () => {
    expect(spellReaches(FIREBALL, { distance: 13, aimDistance: 11, inArea: true }).reaches).toBe(true);
    expect(spellReaches(FIREBALL, { distance: 13, aimDistance: 13, inArea: true })).toMatchObject({ reaches: false, problem: "aimTooFar" });
    expect(spellReaches(FIREBALL, { distance: 5, aimDistance: 11, inArea: false })).toMatchObject({ reaches: false, problem: "outsideArea" });
  });

  it("Quake's centre is range-checked too (book L1598: a central space within 12 spaces)", () => {
    expect(spellReaches(QUAKE, { distance: 14, aimDistance: 12, inArea: true }).reaches).toBe(true);
    expect(spellReaches(QUAKE, { distance: 10, aimDistance: 13, inArea: true })).toMatchObject({ reaches: false, problem: "aimTooFar" });
    // Unplaced and unaimed: within range plus radius at most.
    expect(spellReaches(QUAKE, { distance: 15 }).reaches).toBe(true);
    expect(spellReaches(QUAKE, { distance: 16 })).toMatchObject({ reaches: false, problem: "tooFar" });
  });

  it("Shock's cone starts at the caster (book L1655): 3 spaces", () => {
    expect(spellReaches(SHOCK, { distance: 3 }).reaches).toBe(true);
    expect(spellReaches(SHOCK, { distance: 4 })).toMatchObject({ reaches: false, problem: "outsideArea" });
    expect(spellReaches(SHOCK, { distance: 2, inArea: false }).reaches).toBe(false);
  });

  it("a radius covers the template's spaces (RULING 62): 2 straight and 1+1 diagonal, not 2+2", () => {
    expect(inRadiusArea(2, { x: 11, y: 0 }, { x: 13, y: 0 })).toBe(true);
    expect(inRadiusArea(2, { x: 11, y: 0 }, { x: 12, y: 1 })).toBe(true);
    expect(inRadiusArea(2, { x: 11, y: 0 }, { x: 13, y: 2 })).toBe(false);
    expect(inRadiusArea(2, { x: 11, y: 0 }, { x: 14, y: 0 })).toBe(false);
    // A Large token is in when any of its spaces is.
    expect(inRadiusArea(2, { x: 11, y: 0 }, { x: 14, y: -1, size: 2 })).toBe(false);
    expect(inRadiusArea(2, { x: 11, y: 0 }, { x: 13, y: -1, size: 2 })).toBe(true);
  });

  it("resolveSpell checks the area's one roll at the aim point: a Fireball centred 11 away hits a target at 13", () => {
    const caster: Caster = { magic: 6, rank: 6 };
    const target: SpellTarget = { id: "far", baseDefense: 3, distance: 13, inArea: true, resistance: { species: 0, armor: 0 } };
    const rolls = { casting: [12, 12, 12, 12, 2, 2], damage: Array.from({ length: 12 }, () => 9) };
    const aimed = resolveSpell(FIREBALL, caster, [target], rolls, { distance: 11 });
    expect(aimed.targets[0]).toMatchObject({ success: true, failure: null });
    expect(aimed.targets[0].damageTotal).toBeGreaterThan(0);
    // Without the aim point, the target's own 13 spaces were compared with the range: nothing.
    const unaimed = resolveSpell(FIREBALL, caster, [{ ...target, inArea: undefined }], rolls, {});
    expect(unaimed.targets[0].damageTotal).toBe(0);
  });
});

describe("property: no spell ever affects a target its range excludes (issue 19 acceptance)", () => {
  const kinds = ["self", "touch", "adjacent", "spaces", "sight", "special"] as const;
  const rollKinds = ["attack", "area", "opposed", "unopposed"] as const;
  it("for any range, roll kind, place and roll", () => {
    fc.assert(fc.property(
      fc.constantFrom(...kinds), fc.integer({ min: 0, max: 14 }), fc.constantFrom(...rollKinds), fc.boolean(), fc.constantFrom("none", "radius", "cone"),
      fc.record({ distance: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }), aimDistance: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }), inArea: fc.option(fc.boolean(), { nil: undefined }), self: fc.boolean() }),
      fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 6, maxLength: 6 }), fc.integer({ min: 0, max: 6 }),
      (rangeKind, spaces, rollKind, areaTargets, shape, place: SpellPlace, casting, reaction) => {
        const s = spell({
          range: { kind: rangeKind, spaces }, roll: { kind: rollKind, opposedSkill: rollKind === "opposed" ? "will" : "", mustExceed: false },
          area: { shape, size: shape === "none" ? 0 : 2 },
          damage: { dice: rollKind === "attack" || rollKind === "area" ? 6 : 0, types: ["energy"], unavoidable: false, perGain: false },
          conditions: [{ key: "charmed", trigger: "hit" }],
          automation: { targets: areaTargets ? { kind: "area", max: 0 } : { kind: "one", max: 1 }, effect: { kind: "heal", amount: 2, perGain: true, max: 0 } },
        });
        const target: SpellTarget = { id: "t", baseDefense: 3, resistance: { species: 0, armor: 0 }, reactionGains: reaction, ...place };
        const outcome = resolveSpell(s, { magic: 6, rank: 6 }, [target], { casting, damage: [9, 9, 9, 9, 9, 9] }, { distance: place.aimDistance });
        const reach = spellReaches(s, place);
        const t = outcome.targets[0];
        if (!reach.reaches) {
          expect(t.success).toBe(false);
          expect(t.failure).toBe("range");
          expect({ damage: t.damageTotal, heal: t.heal, conditions: t.conditions, lasting: t.lasting }).toEqual({ damage: 0, heal: 0, conditions: [], lasting: null });
        }
      },
    ), { numRuns: 400 });
  });
});
