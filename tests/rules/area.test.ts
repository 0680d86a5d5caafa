import { describe, expect, it } from "vitest";
import { areaOdds, areaOffsets, fireModeArea, resolveAreaAttack, tokensInArea } from "../../src/rules";
import type { AreaAttackTarget, AttackInput } from "../../src/rules";

const grenade: AttackInput = {
  attacker: { attribute: 4, rank: 7 },
  weapon: { kind: "ranged", damageDice: 6, rangeIncrement: 3, arcShot: true },
  options: { distance: 3, damageType: "explosive" },
};
const target = (id: string, extra: Partial<AreaAttackTarget> = {}): AreaAttackTarget => ({
  id, baseDefense: 3, resistance: { species: 2, armor: 1 }, ...extra,
});

describe("template spaces (§4.9)", () => {
  it("E10: radius, cone 3 (1 + 3 + 5), line 5", () => {
    expect(areaOffsets({ shape: "radius", radius: 0 })).toEqual([{ dx: 0, dy: 0 }]);
    expect(areaOffsets({ shape: "radius", radius: 2 })).toHaveLength(21);
    expect(areaOffsets({ shape: "cone", length: 3, facing: "east" })).toHaveLength(9);
    expect(areaOffsets({ shape: "line", length: 5, direction: { dx: 1, dy: 1 } })).toHaveLength(5);
  });
  it("autofire 2×2, strafe 4×1 from its origin, spray cone 3", () => {
    expect(areaOffsets(fireModeArea("autofire"))).toEqual([{ dx: 0, dy: 0 }, { dx: 1, dy: 0 }, { dx: 0, dy: 1 }, { dx: 1, dy: 1 }]);
    expect(areaOffsets(fireModeArea("strafe", { direction: { dx: 0, dy: 1 } }))).toEqual([0, 1, 2, 3].map((dy) => ({ dx: 0, dy })));
    expect(areaOffsets(fireModeArea("spray", { facing: "south" }))).toHaveLength(9);
    expect(() => areaOffsets({ shape: "square", size: 0 })).toThrow(RangeError);
    expect(() => areaOffsets({ shape: "hex" } as never)).toThrow(RangeError);
  });
});

describe("tokensInArea", () => {
  const tokens = [
    { id: "in", x: 10, y: 10 },
    { id: "edge", x: 12, y: 10 },
    { id: "corner", x: 12, y: 12 },
    { id: "large", x: 7, y: 9, size: 2 },
    { id: "far", x: 20, y: 20 },
  ];
  it("a token is inside when any of its spaces is", () => {
    expect(tokensInArea({ shape: "radius", radius: 2 }, { x: 10, y: 10 }, tokens)).toEqual(["in", "edge", "large"]);
    expect(tokensInArea(fireModeArea("autofire"), { x: 9, y: 9 }, tokens)).toEqual(["in"]);
    expect(tokensInArea({ shape: "radius", radius: 0 }, { x: 0, y: 0 }, tokens)).toEqual([]);
  });
});

describe("area attacks (RULINGS 4, 61, 80)", () => {
  it("one roll against each base defense; dodge and cover ignored unless Evasion or Force Field", () => {
    const targets = [
      target("a", { reaction: "dodge", dodgeBonus: 4, cover: 75, distance: 9 }),
      target("b", { baseDefense: 2, forceField: 2 }),
      target("c", { evasion: true, reaction: "dodge", dodgeBonus: 1 }),
    ];
    const results = resolveAreaAttack(grenade, targets, { attack: [12, 7, 8, 1], damage: [12, 6, 4, 3, 2, 1] });
    expect(results.map((r) => r.setup.defense.total)).toEqual([3, 4, 4]);
    expect(results.map((r) => r.hit)).toEqual([true, false, false]);
    expect(results[0].damage).toMatchObject({ points: 4, criticals: 1, total: 5 }); // 12 6 4 3 2 1 against 3: 2+1+1+1+0−1
    expect(results[1].damage.total).toBe(0); // a Force Field makes a missed area deal nothing
    expect(results[2].damage).toMatchObject({ points: 2, criticals: 0, total: 2 }); // missed: half of 4, no criticals
  });
  it("the range penalty comes from the target point, not each target", () => {
    const odds = areaOdds(grenade, [target("near", { distance: 1 }), target("far", { distance: 11 })]);
    expect(odds.map((o) => o.setup.pool.dice)).toEqual([4, 4]);
  });
  it("an Evasion dodger that leaves the area takes nothing", () => {
    const [result] = resolveAreaAttack(grenade, [target("e", { evadedOut: true, evasion: true })], { attack: [1, 1, 1, 1], damage: [12, 12, 12, 12, 12, 12] }, { always: ["burning"] });
    expect([result.damage.total, result.conditions]).toEqual([0, []]);
  });
  it("odds: a miss still deals half, so expected damage beats hit chance × damage on a hit", () => {
    const [odds] = areaOdds(grenade, [target("t", { baseDefense: 5 })]);
    expect(odds.expectedDamageOnMiss).toBeGreaterThan(0);
    expect(odds.expectedDamage).toBeGreaterThan(odds.chanceToHit * odds.expectedDamageOnHit);
  });
});
