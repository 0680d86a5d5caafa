/**
 * Alchemy in the rules core (src/rules/alchemy.ts): every pack item's profile, the checks in
 * order, the cost, and the dice sum (fast-check properties).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { alchemyProfile, alchemySum, alchemyUseCost, alchemyUseProblem, type AlchemyFlag, type AlchemyItemData } from "../../src/rules";
import { documents } from "../packs/load-sources";

const items = documents("alchemy").filter((d) => d.type === "equipment") as unknown as { name: string; system: AlchemyItemData; flags?: { clockwork?: { alchemy?: AlchemyFlag } } }[];
const byName = (name: string) => {
  const item = items.find((i) => i.name === name);
  if (!item) throw new Error(`no ${name}`);
  return alchemyProfile(item.system, item.flags?.clockwork?.alchemy);
};
const base = { category: "alchemy", quantity: 1, container: "belt", inCombat: true, distance: 0, targetArmored: false };

describe("alchemy profiles from the pack's structured data", () => {
  it("reads restores, removed conditions and the flag's effects", () => {
    expect(byName("Health Potion").effects).toEqual([{ kind: "restore", resource: "hits", dice: 2 }]);
    expect(byName("Health Potion").target).toBe("touch");
    expect(byName("Mana Potion, Major")).toMatchObject({ target: "self", effects: [{ kind: "restore", resource: "mana", dice: 3 }] });
    expect(byName("Anti-toxin")).toMatchObject({ target: "touch", effects: [{ kind: "removeConditions", conditions: ["poisoned"] }] });
    expect(byName("Soothing Gel")).toMatchObject({ target: "touch", effects: [{ kind: "endSchool", school: "emotion" }] });
    expect(byName("Ironskin Potion")).toMatchObject({ target: "self", effects: [{ kind: "armor", resistance: 2, hours: 1 }] });
    expect(byName("Fire Flask").thrown).toBe(true);
  });

  it("every pack item has a profile (bad dice would throw)", () => {
    expect(items.length).toBeGreaterThan(20);
    for (const item of items) expect(() => alchemyProfile(item.system, item.flags?.clockwork?.alchemy)).not.toThrow();
  });
});

describe("using an alchemy item", () => {
  it("checks in order: category, quantity, thrown, belt in combat, reach, armor", () => {
    const gel = byName("Soothing Gel");
    const ironskin = byName("Ironskin Potion");
    expect(alchemyUseProblem({ ...base, profile: gel, category: "tool" })).toBe("notAlchemy");
    expect(alchemyUseProblem({ ...base, profile: gel, quantity: 0 })).toBe("empty");
    expect(alchemyUseProblem({ ...base, profile: byName("Fire Flask") })).toBe("thrown");
    expect(alchemyUseProblem({ ...base, profile: gel, container: "backpack" })).toBe("notOnBelt");
    expect(alchemyUseProblem({ ...base, profile: gel, container: "backpack", inCombat: false })).toBeNull();
    expect(alchemyUseProblem({ ...base, profile: gel, container: "bandolier", distance: 1 })).toBeNull();
    expect(alchemyUseProblem({ ...base, profile: gel, distance: 2 })).toBe("tooFar");
    expect(alchemyUseProblem({ ...base, profile: ironskin, distance: 1 })).toBe("tooFar");
    expect(alchemyUseProblem({ ...base, profile: ironskin, targetArmored: true })).toBe("wearingArmor");
    expect(alchemyUseProblem({ ...base, profile: ironskin })).toBeNull();
  });

  it("costs draw 1 + use 2 in combat, nothing out of it", () => {
    expect(alchemyUseCost(true)).toEqual({ draw: 1, use: 2, total: 3 });
    expect(alchemyUseCost(false).total).toBe(0);
  });

  it("sums its d12s (RULING 84) and refuses faces that are not d12 faces", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 12 }), (faces) => {
      const sum = alchemySum(faces);
      expect(sum).toBe(faces.reduce((a, b) => a + b, 0));
      expect(sum).toBeGreaterThanOrEqual(faces.length);
      expect(sum).toBeLessThanOrEqual(12 * faces.length);
    }));
    fc.assert(fc.property(fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 13 })), (bad) => {
      expect(() => alchemySum([3, bad])).toThrow(RangeError);
    }));
  });

  it("refuses restore dice outside 0–12", () => {
    fc.assert(fc.property(fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 13 })), (dice) => {
      expect(() => alchemyProfile({ restores: { resource: "hits", dice } })).toThrow();
    }));
  });
});
