import { describe, expect, it } from "vitest";
import {
  actionCost, attackHits, channelCounters, computeDefense, coneOffsets, effectiveRange, initiativeGains, lineOffsets,
  lowerOneCoverStep, orderInitiative, radiusOffsets, rangePenalty, sniperCover, sumDice, wardNegateChance, wardNegates,
} from "../../src/rules";

const ranged = { kind: "ranged" } as const;
const melee = { kind: "melee" } as const;

describe("initiative (§4.6)", () => {
  it("12 dice against the chosen rank, no bonus dice", () => {
    expect(initiativeGains([12, 1, 7, 8, 3, 4, 5, 6, 9, 10, 11, 2], 8)).toBe(2 - 1 + 4);
    expect(() => initiativeGains([12, 8], 8)).toThrow(/exactly 12 dice/);
  });
  it("orders by gains, then by tie-break d12s round by round", () => {
    const result = orderInitiative([
      { id: "a", gains: 3 },
      { id: "b", gains: 5, tieBreaks: [4] },
      { id: "c", gains: 5, tieBreaks: [9] },
      { id: "d", gains: 6 },
    ]);
    expect(result).toEqual({ order: ["d", "c", "b", "a"], ties: [] });
  });
  it("repeats tie-breaks among those still tied", () => {
    const result = orderInitiative([
      { id: "a", gains: 4, tieBreaks: [7, 2] },
      { id: "b", gains: 4, tieBreaks: [7, 10] },
      { id: "c", gains: 4, tieBreaks: [3] },
    ]);
    expect(result.order).toEqual(["b", "a", "c"]);
  });
  it("reports groups that still need a tie-break roll", () => {
    const result = orderInitiative([
      { id: "a", gains: 4 }, { id: "b", gains: 4 }, { id: "c", gains: 2 },
      { id: "d", gains: 1, tieBreaks: [5] }, { id: "e", gains: 1, tieBreaks: [5] },
    ]);
    expect(result).toEqual({ order: ["a", "b", "c", "d", "e"], ties: [["a", "b"], ["d", "e"]] });
  });
  it("rejects duplicate ids", () => {
    expect(() => orderInitiative([{ id: "a", gains: 1 }, { id: "a", gains: 2 }])).toThrow(RangeError);
  });
});

describe("range (§4.9 step 4)", () => {
  it("ceil(distance / increment) − 1 dice; null beyond 3 increments", () => {
    expect(rangePenalty(0, 6)).toBe(0);
    expect(rangePenalty(6, 6)).toBe(0);
    expect(rangePenalty(7, 6)).toBe(1);
    expect(rangePenalty(13, 6)).toBe(2);
    expect(rangePenalty(18, 6)).toBe(2);
    expect(rangePenalty(19, 6)).toBeNull();
    expect(effectiveRange(3)).toBe(9);
  });
});

describe("defense (§4.9 step 3)", () => {
  it("E14: a stationary target with base 5 needs 5 gains", () => {
    expect(computeDefense({ baseDefense: 5, attack: ranged, unaware: true, reaction: "dodge", dodgeBonus: 3, cover: 75 }).total).toBe(5);
  });
  it("E15: base 3 + dodge 2 = 5; E16 (ruled): block with a medium shield = 3 + 3", () => {
    expect(computeDefense({ baseDefense: 3, attack: melee, reaction: "dodge", dodgeBonus: 2 }).total).toBe(5);
    expect(computeDefense({ baseDefense: 3, attack: melee, reaction: "block", blockBonus: 3 }).total).toBe(6);
  });
  it("E11: a called shot adds 2, Deadeye 1", () => {
    expect(computeDefense({ baseDefense: 3, attack: ranged, calledShot: "head" }).total).toBe(5);
    expect(computeDefense({ baseDefense: 3, attack: ranged, calledShot: "head", deadeye: true }).total).toBe(4);
  });
  it("E12: base 3 behind 75 % cover → 8; Sniper lowers one step → 6", () => {
    expect(computeDefense({ baseDefense: 3, attack: ranged, cover: 75 }).total).toBe(8);
    expect(computeDefense({ baseDefense: 3, attack: ranged, cover: 75, sniper: true }).total).toBe(6);
  });
  it("cover does not apply to melee, arc shots or cover-ignoring attacks", () => {
    expect(computeDefense({ baseDefense: 3, attack: melee, cover: 75 }).total).toBe(3);
    expect(computeDefense({ baseDefense: 3, attack: { kind: "ranged", arcShot: true }, cover: 75 }).total).toBe(3);
    expect(computeDefense({ baseDefense: 3, attack: { kind: "ranged", ignoresCover: true }, cover: 100 })).toMatchObject({ total: 3, targetable: true });
  });
  it("100 % cover cannot be targeted, even by a Sniper", () => {
    expect(computeDefense({ baseDefense: 3, attack: ranged, cover: 100, sniper: true }).targetable).toBe(false);
  });
  it("Sniper counts a shield one cover step lower", () => {
    expect(computeDefense({ baseDefense: 3, attack: ranged, reaction: "block", blockBonus: 5, sniper: true }).total).toBe(6);
    expect([0, 1, 2, 3, 4, 5, 6].map(lowerOneCoverStep)).toEqual([0, 0, 1, 1, 2, 3, 4]);
    expect([0, 25, 50, 75, 100].map((c) => sniperCover(c as 0))).toEqual([0, 0, 25, 50, 100]);
  });
  it("parry: +1 per parry weapon, at most 2, melee only", () => {
    expect(computeDefense({ baseDefense: 3, attack: melee, parryWeapons: 1 }).total).toBe(4);
    expect(computeDefense({ baseDefense: 3, attack: melee, parryWeapons: 3 }).total).toBe(5);
    expect(computeDefense({ baseDefense: 3, attack: ranged, parryWeapons: 2 }).total).toBe(3);
  });
  it("area attacks: base only, plus Force Field, plus a dodge with Evasion (RULING 4)", () => {
    const aoe = { kind: "ranged", aoe: true } as const;
    expect(computeDefense({ baseDefense: 3, attack: aoe, reaction: "dodge", dodgeBonus: 4, cover: 75, calledShot: "head" }).total).toBe(3);
    expect(computeDefense({ baseDefense: 3, attack: aoe, forceField: 2 }).total).toBe(5);
    expect(computeDefense({ baseDefense: 3, attack: aoe, reaction: "dodge", dodgeBonus: 4, evasion: true }).total).toBe(7);
  });
  it("a hit needs gains ≥ defense", () => {
    expect(attackHits(5, 5)).toBe(true);
    expect(attackHits(4, 5)).toBe(false);
  });
});

describe("counters and magic (§4.7, §4.18)", () => {
  it("Stunned: +1 to every action that costs counters", () => {
    expect(actionCost(3, { stunned: true })).toBe(4);
    expect(actionCost(1, { stunned: true })).toBe(2);
    expect(actionCost(0, { stunned: true })).toBe(0);
    expect(actionCost(3)).toBe(3);
  });
  it("channeling costs 1 AC per 2 mana", () => {
    expect(channelCounters(4)).toBe(2);
    expect(channelCounters(5)).toBe(3);
  });
  it("Ward negates on a d12 ≤ its gains (RULING 10); potions sum their dice (RULING 84)", () => {
    expect(wardNegates(4, 4)).toBe(true);
    expect(wardNegates(5, 4)).toBe(false);
    expect(wardNegateChance(4)).toBeCloseTo(1 / 3, 15);
    expect(sumDice([3, 9])).toBe(12);
  });
});

describe("area templates (§4.9)", () => {
  it("E10: a cone 3 covers 1 + 3 + 5 spaces in front", () => {
    const cone = coneOffsets(3, "east");
    expect(cone).toHaveLength(9);
    expect(cone.every((o) => o.dx >= 1 && Math.abs(o.dy) < o.dx)).toBe(true);
  });
  it("radius uses centres within r + 0.5", () => {
    expect(radiusOffsets(0)).toEqual([{ dx: 0, dy: 0 }]);
    expect(radiusOffsets(1)).toHaveLength(9);
    expect(radiusOffsets(2)).toHaveLength(21);
    expect(radiusOffsets(3).some((o) => o.dx === 3 && o.dy === 0)).toBe(true);
    expect(radiusOffsets(3).some((o) => o.dx === 3 && o.dy === 3)).toBe(false);
  });
  it("E10: a line 5 runs straight or diagonal, each diagonal square counting 1", () => {
    expect(lineOffsets(5, { dx: 1, dy: 1 }).at(-1)).toEqual({ dx: 5, dy: 5 });
    expect(() => lineOffsets(5, { dx: 2, dy: 0 })).toThrow(RangeError);
  });
});
