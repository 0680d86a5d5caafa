/**
 * Issue 29 items 1, 2 and 9 in the rules core: who resists Enlarge and Shrink when nobody says,
 * what a Medicine check needs to stabilize, and who wins a tie against each spell a target resists. Book lines cite clockwork-rulebook.txt.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestScribedRoll, countGains, defaultAutomation, isMedicalEquipment, scribeRollCount, medicineProblem, resolveSpell, spellTieWinner, unwillingByDefault, UNWILLING_SIZE_END_FLAT } from "../../src/rules";
import type { Caster, SpellAutomation, SpellProfile, SpellTarget } from "../../src/rules";

type SpellOverrides = Omit<Partial<SpellProfile>, "automation"> & { automation?: Partial<SpellAutomation> };

function spell(over: SpellOverrides = {}): SpellProfile {
  const { automation, ...rest } = over;
  return {
    identifier: "test", skill: "spellcraft", school: "alchemy", level: 3, counters: 4, mana: 6, manaPerExtraTarget: 0,
    roll: { kind: "unopposed", opposedSkill: "", mustExceed: false },
    range: { kind: "spaces", spaces: 12 }, area: { shape: "none", size: 0 },
    damage: { dice: 0, types: [], unavoidable: false, perGain: false },
    conditions: [], duration: { kind: "roundsPerGain", value: 1 },
    ...rest,
    automation: { ...defaultAutomation(), level: "partial", ...automation },
  };
}

// As the pack has them (packs/_source/spells/...).
const size = (amount: number) => ({ kind: "size" as const, amount, perGain: false, max: 0 });
const SHRINK = spell({ identifier: "shrink", roll: { kind: "unopposed", opposedSkill: "stamina", mustExceed: false }, automation: { effect: size(-1) } });
const ENLARGE = spell({ identifier: "enlarge", roll: { kind: "unopposed", opposedSkill: "stamina", mustExceed: false }, automation: { effect: size(1) } });
const SLOW = spell({ identifier: "slow", skill: "celestial", school: "time", roll: { kind: "unopposed", opposedSkill: "stamina", mustExceed: true }, automation: { harmful: true } });
const BURDEN = spell({ identifier: "burden", skill: "celestial", school: "force", roll: { kind: "opposed", opposedSkill: "stamina", mustExceed: false }, automation: { harmful: true } });
const HEAL = spell({ identifier: "heal", skill: "soul", school: "life", automation: { effect: { kind: "heal", amount: 2, perGain: true, max: 0 } } });
const COUNTERSPELL = spell({ identifier: "counterspell", roll: { kind: "opposed", opposedSkill: "", mustExceed: true }, automation: { against: "casting" } });

const CASTER: Caster = { magic: 6, rank: 6 };
const faces = (gains: number): number[] => Array.from({ length: 6 }, (_, i) => (i < gains ? 6 : 2));
const target = (over: Partial<SpellTarget> = {}): SpellTarget => ({ id: "t", baseDefense: 3, distance: 1, resistance: { species: 0, armor: 0 }, ...over });

describe("Enlarge and Shrink on a creature the caster's side does not own (issue 29 item 1; L1339, L1341, L258)", () => {
  it("is unwilling by default: Shrink on an enemy rolls its resistance; an own creature and the caster are willing", () => {
    expect(unwillingByDefault(SHRINK, { self: false, owned: false })).toBe(true);
    expect(unwillingByDefault(ENLARGE, { self: false, owned: false })).toBe(true);
    expect(unwillingByDefault(SHRINK, { self: false, owned: true })).toBe(false);
    expect(unwillingByDefault(ENLARGE, { self: true, owned: false })).toBe(false);
    // Harmful spells keep today's default; a helping spell is never forced on anyone.
    expect(unwillingByDefault(SLOW, { self: false, owned: false })).toBe(true);
    expect(unwillingByDefault(HEAL, { self: false, owned: false })).toBe(false);
  });

  it("an enemy whose Body / Stamina reaction only ties the cast is shrunk (L707); one that beats it resists (L1341)", () => {
    const enemy = target({ unwilling: unwillingByDefault(SHRINK, { self: false, owned: false }), reactionGains: 3 });
    expect(resolveSpell(SHRINK, CASTER, [enemy], { casting: faces(3) }).targets[0].success).toBe(true);
    const beats = target({ unwilling: true, reactionGains: 4 });
    expect(resolveSpell(SHRINK, CASTER, [beats], { casting: faces(3) }).targets[0].success).toBe(false);
  });

  it("a Shrink that lands on an unwilling enemy lasts until its Flat 7 (L1341)", () => {
    const enemy = target({ unwilling: unwillingByDefault(SHRINK, { self: false, owned: false }), reactionGains: 0 });
    const outcome = resolveSpell(SHRINK, CASTER, [enemy], { casting: faces(2) });
    expect(JSON.stringify(outcome.targets[0])).toContain(`"flat":${UNWILLING_SIZE_END_FLAT}`);
  });

  it("property: only a spell that harms or that a target may resist is ever unwilling by default, and never on one's own", () => {
    const spells = [SHRINK, ENLARGE, SLOW, BURDEN, HEAL, COUNTERSPELL];
    fc.assert(fc.property(fc.constantFrom(...spells), fc.boolean(), fc.boolean(), (s, self, owned) => {
      const unwilling = unwillingByDefault(s, { self, owned });
      if (self || owned) expect(unwilling).toBe(false);
      else expect(unwilling).toBe(s.automation.harmful || (s.roll.kind === "unopposed" && s.roll.opposedSkill !== ""));
    }));
  });
});

describe("who wins a tie against each resisted spell (issue 29 item 9)", () => {
  it("Slow and Mass Slow: the target (RULING 63); Burden: the caster (L1524 with L707); Enlarge and Shrink: the caster (docs/rulings.md #163)", () => {
    expect(spellTieWinner(SLOW)).toBe("target");
    expect(spellTieWinner(BURDEN)).toBe("caster");
    expect(spellTieWinner(ENLARGE)).toBe("caster");
    expect(spellTieWinner(SHRINK)).toBe("caster");
    expect(spellTieWinner(COUNTERSPELL)).toBe("target");
    expect(spellTieWinner(HEAL)).toBeNull();
  });

  it("property: the exported winner is the one resolveSpell lets through on a tie", () => {
    fc.assert(fc.property(fc.constantFrom(SLOW, BURDEN, ENLARGE, SHRINK), fc.integer({ min: 1, max: 6 }), (s, gains) => {
      const tied = target({ unwilling: true, reactionGains: gains });
      const success = resolveSpell(s, CASTER, [tied], { casting: faces(gains) }).targets[0].success;
      expect(success).toBe(spellTieWinner(s) === "caster");
    }));
  });
});

describe("Medicine stabilizes only with medical equipment, within reach (issue 29 item 2; L968)", () => {
  const kit = { type: "equipment", category: "kit", identifier: "medical-kit", quantity: 1 };
  const longsword = { type: "weapon", identifier: "longsword" };

  it("a healer 4 spaces away holding only a longsword cannot; one with a kit next to the creature can", () => {
    expect(medicineProblem({ items: [longsword], distance: 4, reach: 1 })).toBe("noEquipment");
    expect(medicineProblem({ items: [longsword, kit], distance: 4, reach: 1 })).toBe("outOfReach");
    expect(medicineProblem({ items: [longsword, kit], distance: 1, reach: 1 })).toBeNull();
    // A Large healer reaches 2; with no tokens on a map, the distance is the table's.
    expect(medicineProblem({ items: [kit], distance: 2, reach: 2 })).toBeNull();
    expect(medicineProblem({ items: [kit], reach: 1 })).toBeNull();
  });

  it("medical equipment: a Kit whose identifier names medicine, at least one of it", () => {
    expect(isMedicalEquipment(kit)).toBe(true);
    expect(isMedicalEquipment({ ...kit, identifier: "medic-bag" })).toBe(true);
    expect(isMedicalEquipment({ ...kit, identifier: "thieves-tools" })).toBe(false);
    expect(isMedicalEquipment({ ...kit, quantity: 0 })).toBe(false);
    expect(isMedicalEquipment({ ...kit, category: "gear" })).toBe(false);
    expect(isMedicalEquipment({ type: "focus", identifier: "medicine" })).toBe(false);
  });

  it("property: never allowed without equipment, nor beyond reach on a map", () => {
    fc.assert(fc.property(fc.boolean(), fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }), fc.integer({ min: 1, max: 4 }), (equipped, distance, reach) => {
      const problem = medicineProblem({ items: equipped ? [kit] : [longsword], distance, reach });
      if (!equipped) expect(problem).toBe("noEquipment");
      else expect(problem).toBe(distance !== undefined && distance > reach ? "outOfReach" : null);
    }));
  });
});

describe("Scribe Scroll keeps the best of its rolls (issue 29 item 8; L1618)", () => {
  it("one roll of the written spell, and one more per gain; the one with the most gains is stored", () => {
    expect(scribeRollCount(0)).toBe(1);
    expect(scribeRollCount(3)).toBe(4);
    expect(bestScribedRoll([[2, 2, 7], [12, 6, 2], [7, 7, 2]], 6)).toEqual({ faces: [12, 6, 2], gains: 3 });
    expect(bestScribedRoll([], 6)).toBeNull();
  });

  it("property: the stored roll has the most gains of all rolls, and is one of them", () => {
    const roll = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 });
    fc.assert(fc.property(fc.array(roll, { minLength: 1, maxLength: 6 }), fc.integer({ min: 4, max: 12 }), (rolls, rank) => {
      const best = bestScribedRoll(rolls, rank)!;
      expect(rolls.some((r) => r.length === best.faces.length && r.every((f, i) => f === best.faces[i]))).toBe(true);
      for (const r of rolls) expect(countGains(r, rank)).toBeLessThanOrEqual(best.gains);
    }));
  });
});
