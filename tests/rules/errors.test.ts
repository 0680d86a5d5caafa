import { describe, expect, it } from "vitest";
import {
  applyDamage, attributeRank, chanceOfGains, computeDefense, countGains, damageDealt, deathRollFatalWounds, deriveCharacter,
  gainDistribution, newHealthTrack, poolSize, powerXpCost, rangePenalty, skillXpCost,
} from "../../src/rules";
import type { CampaignSpeed, Size } from "../../src/rules";
import { skillsWith } from "./helpers";

describe("bad input throws a RangeError naming the value and the rule", () => {
  it.each([
    ["rank 15", () => attributeRank([15, 12]), /skill rank must be .*4 to 12.*got 15/],
    ["rank 3", () => attributeRank([3, 12]), /got 3/],
    ["one rank only", () => attributeRank([7]), /at least two/],
    ["non-integer rank", () => attributeRank([7.5, 8]), /integer.*got 7.5/],
    ["NaN rank", () => attributeRank([Number.NaN, 8]), /got NaN/],
    ["threshold 13", () => countGains([5], 13), /threshold.*0 to 12.*got 13/],
    ["face 0", () => countGains([0, 5], 7), /die face.*1 to 12.*got 0/],
    ["face 13", () => countGains([13], 7), /got 13/],
    ["non-integer face", () => countGains([6.5], 7), /got 6.5/],
    ["13 dice", () => gainDistribution(13, 7), /dice.*0 to 12.*got 13/],
    ["negative dice", () => gainDistribution(-1, 7), /got -1/],
    ["NaN dice", () => chanceOfGains(Number.NaN, 7, 2), /got NaN/],
    ["negative gains needed", () => chanceOfGains(3, 7, -1), /gains needed.*got -1/],
    ["fractional attribute", () => poolSize({ attribute: 7.5 }), /attribute dice.*got 7.5/],
    ["negative vitals", () => poolSize({ attribute: 7, vitalsRemaining: -1, physical: true }), /remaining vitals.*got -1/],
    ["negative damage", () => applyDamage(newHealthTrack(6, 6), -3), /damage.*0 or more.*got -3/],
    ["fractional damage", () => applyDamage(newHealthTrack(6, 6), 2.5), /got 2.5/],
    ["vitals lost above max", () => applyDamage({ ...newHealthTrack(6, 6), vitalsLost: 7 }, 1), /vitals lost.*got 7/],
    ["five death dice", () => deathRollFatalWounds([1, 2, 3, 4, 5]), /exactly 6 dice.*RULING 59.*got 5/],
    ["species resistance 13", () => damageDealt([5], { species: 13, armor: 0 }), /species resistance.*got 13/],
    ["rank raised with XP", () => skillXpCost(8, 9, "normal"), /new rank.*got 9/],
    ["unknown speed", () => skillXpCost(9, 8, "glacial" as CampaignSpeed), /campaign speed.*"glacial"/],
    ["level 5 power", () => powerXpCost(5, "fast"), /level.*1–4.*got 5/],
    ["zero range increment", () => rangePenalty(3, 0), /range increment.*got 0/],
    ["negative distance", () => rangePenalty(-1, 6), /distance.*got -1/],
    ["cover 30", () => computeDefense({ baseDefense: 3, attack: { kind: "ranged" }, cover: 30 as 25 }), /cover.*got 30/],
    ["unknown size", () => deriveCharacter({ skills: skillsWith(), size: "giant" as Size }), /size.*"giant"/],
    ["missing skill", () => deriveCharacter({ skills: { ...skillsWith(), will: undefined as unknown as number }, size: "medium" }), /will rank.*got undefined/],
  ])("%s", (_label, call, message) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(message);
  });
});
