import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CAMPAIGN_SPEEDS, PREMADE_SKILL_OPTIONS, creationSkillProblems, customizationPointBudget, matchingPremadeOption,
  powerCpCost, premadeOptionRanks, skillCpCost, skillXpCost,
} from "../../src/rules";
import { skillsWith } from "./helpers";

describe("XP (§1.21, §4.22)", () => {
  it("E35: 12 → 9 in a normal campaign costs 2 + 4 + 6 = 12 (the table wins, RULING 21)", () => {
    expect(skillXpCost(12, 9, "normal")).toBe(12);
    expect(skillXpCost(12, 9, "fast")).toBe(6);
    expect(skillXpCost(12, 9, "slow")).toBe(18);
  });
  it("no change costs nothing; 12 → 4 normal costs 72", () => {
    expect(skillXpCost(7, 7, "fast")).toBe(0);
    expect(skillXpCost(12, 4, "normal")).toBe(72);
  });
  it("property: additive, a → c = a → b + b → c", () => {
    const rank = fc.integer({ min: 4, max: 12 });
    fc.assert(fc.property(rank, rank, rank, (x, y, z) => {
      const [c, b, a] = [x, y, z].sort((p, q) => p - q);
      return CAMPAIGN_SPEEDS.every((speed) => skillXpCost(a, c, speed) === skillXpCost(a, b, speed) + skillXpCost(b, c, speed));
    }));
  });
  it("refuses to raise a rank", () => {
    expect(() => skillXpCost(9, 10, "normal")).toThrow(RangeError);
  });
});

describe("customization points (§1.23)", () => {
  it("1 CP per rank down to 7, 2 CP per rank below", () => {
    expect(skillCpCost(12, 7)).toBe(5);
    expect(skillCpCost(8, 6)).toBe(1 + 2);
    expect(skillCpCost(7, 4)).toBe(6);
  });
  it("spells and features cost their level; 12 CP, High Elves 16", () => {
    expect(powerCpCost(3)).toBe(3);
    expect(customizationPointBudget()).toBe(12);
    expect(customizationPointBudget(4)).toBe(16);
  });
});

describe("creation skills (§1.1, §4.19)", () => {
  it("every premade option passes the 36-point check and is recognised", () => {
    for (const { option } of PREMADE_SKILL_OPTIONS) {
      const ranks = premadeOptionRanks(option);
      const keys = Object.keys(skillsWith());
      const skills = skillsWith(Object.fromEntries(keys.map((k, i) => [k, ranks[i]])));
      expect(creationSkillProblems(skills)).toEqual([]);
      expect(matchingPremadeOption(skills)).toBe(option);
    }
  });
  it("flags a skill below 7 and a wrong total", () => {
    expect(creationSkillProblems(skillsWith({ accuracy: 6 }))).toEqual([
      { code: "belowFloor", subject: "accuracy", value: 6, limit: 7 },
      { code: "pointsSpent", value: 6, limit: 36 },
    ]);
    expect(matchingPremadeOption(skillsWith())).toBeNull();
  });
});
