import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DIFFICULTY_GAINS, poolSize } from "../../src/rules";
import { buildPool, gainRollSetup, neededGains } from "../../src/dice/pool";
import { request } from "./requests";

describe("buildPool", () => {
  it("lists attribute, bonus skill, focus, situational dice and the vitals penalty", () => {
    const pool = buildPool(request({
      attributeDice: 8, bonusSkill: true, foci: [{ id: "f1", name: "Mauler" }], focusId: "f1",
      situational: -2, vitalsRemaining: 2,
    }));
    expect(pool.parts).toEqual([
      { key: "attribute", dice: 8 },
      { key: "bonusSkill", dice: 1 },
      { key: "focus", dice: 1, name: "Mauler" },
      { key: "situational", dice: -2 },
      { key: "vitals", dice: -2 },
    ]);
    expect(pool.dice).toBe(6);
  });

  it("applies the vitals penalty to Body rolls only", () => {
    expect(buildPool(request({ vitalsRemaining: 1 })).dice).toBe(5);
    expect(buildPool(request({ vitalsRemaining: 1, physical: false })).dice).toBe(8);
  });

  it("caps the pool at 12 and reports the dice lost to the cap", () => {
    const pool = buildPool(request({ attributeDice: 10, bonusSkill: true, foci: [{ id: "f", name: "F" }], focusId: "f", situational: 3 }));
    expect(pool.breakdown.raw).toBe(15);
    expect(pool.dice).toBe(12);
    expect(pool.capped).toBe(true);
  });

  it("fails automatically at 0 or fewer dice", () => {
    const pool = buildPool(request({ attributeDice: 5, situational: -6 }));
    expect(pool.dice).toBe(0);
    expect(pool.automaticFailure).toBe(true);
    expect(pool.capped).toBe(false);
  });

  it("ignores a focus id that is not one of the offered foci", () => {
    expect(buildPool(request({ focusId: "nope" })).parts.map((p) => p.key)).toEqual(["attribute"]);
  });

  it("uses a fixed pool as is: no bonus skill, focus or vitals penalty (guided missiles)", () => {
    const pool = buildPool(request({
      fixedPool: true, attributeDice: 8, bonusSkill: true, foci: [{ id: "f", name: "F" }], focusId: "f", vitalsRemaining: 1,
    }));
    expect(pool.parts).toEqual([{ key: "fixed", dice: 8 }]);
    expect(pool.dice).toBe(8);
  });

  it("always agrees with the rules core's poolSize", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 10 }), fc.boolean(), fc.boolean(), fc.integer({ min: -8, max: 8 }), fc.integer({ min: 0, max: 6 }), fc.boolean(),
      (attribute, bonus, focus, situational, vitals, physical) => {
        const r = request({
          attributeDice: attribute, bonusSkill: bonus, foci: [{ id: "f", name: "F" }], focusId: focus ? "f" : "",
          situational, vitalsRemaining: vitals, physical,
        });
        expect(buildPool(r).dice).toBe(poolSize({ attribute, bonusSkill: bonus, focus, situational, vitalsRemaining: vitals, physical }));
      },
    ));
  });
});

describe("neededGains", () => {
  it("reads table 1.19 for the named difficulties", () => {
    for (const key of ["simple", "easy", "normal", "hard", "difficult", "extreme"] as const) {
      expect(neededGains({ difficulty: key, customDifficulty: 0 })).toBe(DIFFICULTY_GAINS[key]);
    }
    expect(neededGains({ difficulty: "extreme", customDifficulty: 0 })).toBe(6);
  });

  it("takes custom numbers and defenses as given, and nothing for none or opposed", () => {
    expect(neededGains({ difficulty: "custom", customDifficulty: 9 })).toBe(9);
    expect(neededGains({ difficulty: "defense", customDifficulty: 4 })).toBe(4);
    expect(neededGains({ difficulty: "none", customDifficulty: 4 })).toBeNull();
    expect(neededGains({ difficulty: "opposed", customDifficulty: 4 })).toBeNull();
  });

  it("rejects unknown difficulties and negative numbers", () => {
    expect(() => neededGains({ difficulty: "tricky" as never, customDifficulty: 0 })).toThrow(/difficulty.*got "tricky"/);
    expect(() => neededGains({ difficulty: "custom", customDifficulty: -1 })).toThrow(RangeError);
  });
});

describe("gainRollSetup", () => {
  it("carries the pool, the threshold and the comparison into the roll's options", () => {
    const setup = gainRollSetup(request({ bonusSkill: true, difficulty: "hard", hexed: true, critical: { headShot: true } }));
    expect(setup.dice).toBe(9);
    expect(setup.options).toMatchObject({
      threshold: 7, hexed: true, needed: 4, difficulty: "hard", outOfCombat: true, automaticFailure: false,
      critical: { headShot: true }, subject: { kind: "skill", skill: "strength", attribute: "body" },
    });
    expect(setup.options.parts?.map((p) => p.key)).toEqual(["attribute", "bonusSkill"]);
  });
});
