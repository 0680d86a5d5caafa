import { describe, expect, it } from "vitest";
import {
  criticalDamage, criticalThreshold, damageAgainstTargets, damageDealt, fallingDamage, procCount, resolveDamage,
} from "../../src/rules";

describe("damage against resistance (§4.9 step 7)", () => {
  it("E18: slashing resistance 10, damage 12 10 9 7 → 3", () => {
    expect(damageDealt([12, 10, 9, 7], { species: 4, armor: 6 })).toBe(3);
  });
  it("E19: one grenade roll counted at ≥ 3 for one target and ≥ 6 for another", () => {
    const faces = [2, 3, 5, 6, 9, 12, 1, 4, 7, 11];
    const [low, high] = damageAgainstTargets(faces, [{ species: 2, armor: 1, hit: true }, { species: 3, armor: 3, hit: true }], { aoe: true });
    expect(low.total).toBe(8 - 1 + 1); // 3 5 6 9 4 7 11 = 7 gains, 12 = +2, 1 = −1 → 8
    expect(high.total).toBe(5 - 1 + 1); // 6 9 7 11 = 4, 12 = +2, 1 = −1 → 5
  });
  it("armor piercing: each 12 cuts the armor share by 1, never the species share", () => {
    const faces = [12, 12, 7, 6, 5];
    expect(resolveDamage(faces, { species: 3, armor: 4 }, { armorPiercing: true })).toMatchObject({ resistance: 5, armorPierced: 2, total: 2 + 2 + 1 + 1 + 1 });
    expect(resolveDamage(faces, { species: 3, armor: 1 }, { armorPiercing: true })).toMatchObject({ resistance: 3, armorPierced: 1 });
  });
  it("Reinforced armor cuts armor piercing by 1", () => {
    expect(resolveDamage([12, 12, 6], { species: 3, armor: 4, reinforced: true }, { armorPiercing: true })).toMatchObject({ resistance: 6, armorPierced: 1 });
    expect(resolveDamage([12, 6], { species: 3, armor: 4, reinforced: true }, { armorPiercing: true }).armorPierced).toBe(0);
  });
  it("resistance is capped at 12", () => {
    expect(resolveDamage([11, 12], { species: 7, armor: 6 }).resistance).toBe(12);
  });
  it("an area miss halves rounding down and drops criticals; a hit adds them", () => {
    const faces = [12, 9, 9, 8, 1];
    expect(damageDealt(faces, { species: 2, armor: 2 }, { criticals: 2 })).toBe(4 + 2);
    expect(damageDealt(faces, { species: 2, armor: 2 }, { criticals: 2, aoeMiss: true })).toBe(2);
  });
  it("several targets: hits, area misses and single-target misses", () => {
    const results = damageAgainstTargets([12, 8, 8, 8], [
      { species: 3, armor: 3, hit: true }, { species: 3, armor: 3, hit: false },
    ], { aoe: true, criticals: 1 });
    expect(results.map((r) => r.total)).toEqual([5 + 1, 2]);
    expect(damageAgainstTargets([12, 8], [{ species: 3, armor: 3, hit: false }])[0].total).toBe(0);
  });
  it("unavoidable damage ignores resistance", () => {
    expect(damageDealt([2, 3, 1, 12], { species: 6, armor: 6 }, { ignoreResistance: true })).toBe(1 + 1 - 1 + 2);
  });
});

describe("criticals (§4.9 step 6)", () => {
  it("E13: attack 12 5 6 7 12 → 2 critical damage", () => {
    expect(criticalDamage([12, 5, 6, 7, 12])).toBe(2);
  });
  it("E46: head shot 11–12, Improved Critical 11–12, both 10–12", () => {
    expect(criticalThreshold({ headShot: true })).toBe(11);
    expect(criticalThreshold({ improvedCritical: 1 })).toBe(11);
    expect(criticalThreshold({ headShot: true, improvedCritical: 1 })).toBe(10);
    expect(criticalDamage([10, 11, 12, 9], { headShot: true, improvedCritical: 1 })).toBe(3);
  });
  it("Point Blank, Power Attack and Affinity add flat criticals", () => {
    expect(criticalDamage([12, 3], { pointBlank: true, powerAttack: 2, extra: 1 })).toBe(1 + 1 + 2 + 1);
  });
});

describe("procs (RULING 13) and falling", () => {
  it("each 12 is a proc on a hit that dealt damage", () => {
    expect(procCount([12, 12, 5], { hit: true, damageDealt: 3 })).toBe(2);
    expect(procCount([12, 12, 5], { hit: true, damageDealt: 0 })).toBe(0);
    expect(procCount([12, 5], { hit: false, damageDealt: 2 })).toBe(0);
  });
  it("falling deals 4 hits per space", () => {
    expect(fallingDamage(3)).toBe(12);
  });
});
