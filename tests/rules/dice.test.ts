import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  OPPOSED_RULES, chanceOfGains, countGains, deathRollDistribution, deathRollFatalWounds, flatChance,
  flatSucceeds, gainDistribution, gainDistributionsUpTo, markDice, netGains, oddsTable, opposedWinChance,
  poolBreakdown, poolSize, resolveOpposed, resolveUnopposed,
} from "../../src/rules";
import { allRolls } from "./helpers";

const face = fc.integer({ min: 1, max: 12 });
const threshold = fc.integer({ min: 0, max: 12 });

describe("poolSize (§4.1)", () => {
  it("E2: a bonus skill and a focus add one die each", () => {
    expect(poolSize({ attribute: 8, bonusSkill: true, focus: true })).toBe(10);
  });
  it("adds situational dice and clamps at 12 after summing", () => {
    expect(poolSize({ attribute: 10, bonusSkill: true, focus: true, situational: 3 })).toBe(12);
    expect(poolSize({ attribute: 10, bonusSkill: true, focus: true, situational: 2, physical: true, vitalsRemaining: 1 })).toBe(11);
    expect(poolSize({ attribute: 6, situational: -2 })).toBe(4);
  });
  it("E22 / RULING 58: the vitals penalty applies to physical rolls only", () => {
    expect(poolSize({ attribute: 8, vitalsRemaining: 3, physical: true })).toBe(7);
    expect(poolSize({ attribute: 8, vitalsRemaining: 3, physical: false })).toBe(8);
    expect(poolSize({ attribute: 8, vitalsRemaining: 1, physical: true })).toBe(5);
    expect(poolSize({ attribute: 8, vitalsRemaining: 4, physical: true })).toBe(8);
  });
  it("a pool at or below 0 dice is an automatic failure", () => {
    expect(poolBreakdown({ attribute: 5, situational: -6 })).toEqual({ raw: -1, vitalsPenalty: 0, dice: 0, automaticFailure: true });
    expect(poolSize({ attribute: 5, situational: -6 })).toBe(0);
  });
});

describe("countGains (§4.1)", () => {
  it("E1: Body 8, Strength 7 → 3 gains (missing eighth die treated as a non-gain, RULING 20)", () => {
    expect(countGains([1, 5, 12, 6, 5, 8, 7], 7)).toBe(3);
    expect(countGains([1, 5, 12, 6, 5, 8, 7, 2], 7)).toBe(3);
  });
  it("12 gives 2, 1 takes one away, at-or-above the rank gives 1", () => {
    expect(countGains([12], 12)).toBe(2);
    expect(countGains([11], 12)).toBe(0);
    expect(countGains([4], 4)).toBe(1);
    expect(countGains([12, 1], 4)).toBe(1);
  });
  it("RULING 56: a negative total counts as 0, but netGains keeps it", () => {
    expect(countGains([1, 1, 5], 7)).toBe(0);
    expect(netGains([1, 1, 5], 7)).toBe(-2);
  });
  it("hex: 2s and 3s count as 1s", () => {
    expect(netGains([2, 3, 8], 2)).toBe(3);
    expect(netGains([2, 3, 8], 2, { hexed: true })).toBe(-1);
  });
  it("marks each die for the chat card", () => {
    expect(markDice([12, 8, 1, 5], 7)).toEqual(["double", "gain", "cancel", "none"]);
  });
  it("property: gains are never negative and never above 2 × dice", () => {
    fc.assert(fc.property(fc.array(face, { maxLength: 12 }), threshold, fc.boolean(), (faces, t, hexed) => {
      const gains = countGains(faces, t, { hexed });
      return gains >= 0 && gains <= 2 * faces.length;
    }));
  });
});

describe("gainDistribution (exact odds)", () => {
  it("a 0-dice pool rolls nothing: [1]", () => {
    expect(gainDistribution(0, 7)).toEqual([1]);
  });
  it("one die at rank 7: 1 → 0, 2–6 → 0, 7–11 → 1, 12 → 2", () => {
    const d = gainDistribution(1, 7);
    expect(d[0]).toBeCloseTo(6 / 12, 15);
    expect(d[1]).toBeCloseTo(5 / 12, 15);
    expect(d[2]).toBeCloseTo(1 / 12, 15);
  });
  it("property: sums to 1 and has length 2·dice + 1", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 12 }), threshold, fc.boolean(), (dice, t, hexed) => {
      const d = gainDistribution(dice, t, { hexed });
      const sum = d.reduce((a, b) => a + b, 0);
      return d.length === 2 * dice + 1 && Math.abs(sum - 1) < 1e-12 && d.every((p) => p >= 0);
    }));
  });
  it("equals brute-force enumeration for pools up to 4 dice at every threshold, hexed or not", () => {
    for (let dice = 0; dice <= 4; dice++) {
      for (let t = 0; t <= 12; t++) {
        for (const hexed of [false, true]) {
          const counts = new Array<number>(2 * dice + 1).fill(0);
          for (const roll of allRolls(dice)) counts[countGains(roll, t, { hexed })]++;
          const expected = counts.map((c) => c / 12 ** dice);
          const actual = gainDistribution(dice, t, { hexed });
          expected.forEach((p, g) => expect(actual[g]).toBeCloseTo(p, 14));
        }
      }
    }
  });
  it("incremental distributions and the odds table match single computations", () => {
    const byDice = gainDistributionsUpTo(12, 6);
    for (let dice = 0; dice <= 12; dice++) expect(byDice[dice]).toEqual(gainDistribution(dice, 6));
    const table = oddsTable();
    expect(table[9][7]).toEqual(gainDistribution(9, 7));
    expect(table[12][2]).toEqual(gainDistribution(12, 2));
  });
  it("12 dice at rank 12: P(0 gains) = P(no 12 outweighs the 1s)", () => {
    // With threshold 12 every die is −1 (a 1), +2 (a 12) or 0; check P(≥ 24 gains) = (1/12)^12.
    expect(gainDistribution(12, 12)[24]).toBeCloseTo(12 ** -12, 25);
  });
});

describe("chanceOfGains", () => {
  it("P(≥ needed) from the distribution; 0 needed is certain for a real pool", () => {
    expect(chanceOfGains(1, 7, 1)).toBeCloseTo(6 / 12, 15);
    expect(chanceOfGains(1, 7, 2)).toBeCloseTo(1 / 12, 15);
    expect(chanceOfGains(1, 7, 3)).toBe(0);
    expect(chanceOfGains(3, 7, 0)).toBe(1);
  });
  it("a 0-dice pool fails automatically, even against 0 needed", () => {
    expect(chanceOfGains(0, 7, 0)).toBe(0);
  });
  it("property: more dice never lower the chance; a better rank never lowers it", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 11 }), fc.integer({ min: 3, max: 12 }), fc.integer({ min: 0, max: 10 }), (dice, t, needed) =>
      chanceOfGains(dice + 1, t, needed) >= chanceOfGains(dice, t, needed) - 1e-12
      && chanceOfGains(dice, t - 1, needed) >= chanceOfGains(dice, t, needed) - 1e-12));
  });
});

describe("opposed rolls (§4.4)", () => {
  it("E3: more gains wins", () => {
    expect(resolveOpposed(4, 2)).toBe("active");
    expect(resolveOpposed(2, 4)).toBe("passive");
  });
  it("ties go to the active party by default", () => {
    expect(resolveOpposed(3, 3)).toBe("active");
  });
  it("Counterspell must exceed; Ground lets the target escape on a tie", () => {
    expect(resolveOpposed(3, 3, OPPOSED_RULES.counterspell)).toBe("passive");
    expect(resolveOpposed(4, 3, OPPOSED_RULES.counterspell)).toBe("active");
    expect(resolveOpposed(3, 3, OPPOSED_RULES.ground)).toBe("passive");
  });
  it("Quake: a tie knocks the target down (the caster wins)", () => {
    expect(resolveOpposed(3, 3, OPPOSED_RULES.quake)).toBe("active");
  });
  it("Ogre grapple: the victim must beat the Ogre's gains + 1", () => {
    expect(resolveOpposed(4, 3, OPPOSED_RULES.ogreGrapple)).toBe("passive");
    expect(resolveOpposed(5, 3, OPPOSED_RULES.ogreGrapple)).toBe("active");
  });
  it("Petrify: the caster needs the target's gains + 2, a tie at +2 goes to the caster", () => {
    expect(resolveOpposed(4, 3, OPPOSED_RULES.petrify)).toBe("passive");
    expect(resolveOpposed(5, 3, OPPOSED_RULES.petrify)).toBe("active");
  });
  it("negative totals count as 0 (RULING 56)", () => {
    expect(resolveOpposed(-2, 0)).toBe("active");
    expect(resolveOpposed(0, -3, { mustExceed: true })).toBe("passive");
  });
  it("win chance equals brute force over both pools", () => {
    for (const opts of [{}, OPPOSED_RULES.counterspell, OPPOSED_RULES.petrify]) {
      let wins = 0;
      for (const a of allRolls(2)) for (const b of allRolls(2)) if (resolveOpposed(countGains(a, 7), countGains(b, 9), opts) === "active") wins++;
      expect(opposedWinChance({ dice: 2, threshold: 7 }, { dice: 2, threshold: 9 }, opts)).toBeCloseTo(wins / 12 ** 4, 14);
    }
  });
  it("equal pools: the active side wins more than half by the tie rule, less when it must exceed", () => {
    const pool = { dice: 8, threshold: 7 };
    const standard = opposedWinChance(pool, pool);
    const exceed = opposedWinChance(pool, pool, { mustExceed: true });
    expect(standard).toBeGreaterThan(0.5);
    expect(exceed).toBeLessThan(0.5);
    expect(standard + exceed).toBeCloseTo(1, 12);
  });
  it("a 0-dice active pool never wins", () => {
    expect(opposedWinChance({ dice: 0, threshold: 7 }, { dice: 0, threshold: 7 })).toBe(0);
  });
});

describe("unopposed and Flat rolls (§4.2–§4.3)", () => {
  it("succeeds at gains ≥ difficulty; dramatic only out of combat", () => {
    expect(resolveUnopposed(3, 3)).toEqual({ success: true, dramatic: null });
    expect(resolveUnopposed(6, 3, { outOfCombat: true })).toEqual({ success: true, dramatic: "success" });
    expect(resolveUnopposed(0, 3, { outOfCombat: true })).toEqual({ success: false, dramatic: "failure" });
    expect(resolveUnopposed(6, 3)).toEqual({ success: true, dramatic: null });
  });
  it("E4: Flat 7 succeeds on 7+", () => {
    expect(flatSucceeds(7, 7)).toBe(true);
    expect(flatSucceeds(6, 7)).toBe(false);
    expect(flatChance(7)).toBeCloseTo(6 / 12, 15);
    expect(flatChance(7, { rolls: 2 })).toBeCloseTo(1 - (6 / 12) ** 2, 15);
    expect(flatChance(1)).toBe(1);
  });
});

describe("death roll (§4.14)", () => {
  it("E27: two fatal wounds and one 12 → 1", () => {
    expect(deathRollFatalWounds([3, 5, 12, 8, 9, 10])).toBe(1);
  });
  it("a 1 counts twice; Diehard counts it once and cancels 2 per 12", () => {
    expect(deathRollFatalWounds([1, 7, 8, 9, 10, 11])).toBe(2);
    expect(deathRollFatalWounds([1, 7, 8, 9, 10, 11], { diehard: true })).toBe(1);
    expect(deathRollFatalWounds([2, 3, 12, 8, 9, 10], { diehard: true })).toBe(0);
    expect(deathRollFatalWounds([2, 3, 4, 12, 9, 10], { diehard: true })).toBe(1);
  });
  it("never below 0", () => {
    expect(deathRollFatalWounds([12, 12, 12, 12, 12, 2])).toBe(0);
  });
  it("the exact distribution matches enumeration of all 6d12", () => {
    for (const diehard of [false, true]) {
      const counts = new Array<number>(13).fill(0);
      for (const roll of allRolls(6)) counts[deathRollFatalWounds(roll, { diehard })]++;
      const dist = deathRollDistribution({ diehard });
      counts.forEach((c, w) => expect(dist[w]).toBeCloseTo(c / 12 ** 6, 14));
    }
  }, 60_000);
});
