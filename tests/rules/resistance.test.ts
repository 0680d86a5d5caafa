import { describe, expect, it } from "vitest";
import { armorConstructionProblems, resistanceAllocationProblems, resistanceProfile, speciesBonusProblems } from "../../src/rules";
import type { Resistances } from "../../src/rules";

const res = (ballistic: number, blunt: number, energy: number, piercing: number, slashing: number, explosive: number): Resistances =>
  ({ ballistic, blunt, energy, piercing, slashing, explosive });

describe("creation allocation (RULING 22)", () => {
  it("E30: the Orc spreads 7 points over the base 2s, then +1 slashing → B2 L4 N3 P3 S6 X2", () => {
    const allocation = res(0, 2, 1, 1, 3, 0);
    expect(resistanceAllocationProblems(allocation, 7)).toEqual([]);
    const profile = resistanceProfile({ allocation, speciesBonusType: "slashing" });
    expect(Object.values(profile).map((r) => r.species)).toEqual([2, 4, 3, 3, 6, 2]);
  });
  it("caps a type at 5 and requires spending exactly the points", () => {
    expect(resistanceAllocationProblems(res(4, 0, 0, 0, 0, 0), 4)).toEqual([{ code: "overCap", subject: "ballistic", value: 6, limit: 5 }]);
    expect(resistanceAllocationProblems(res(1, 1, 0, 0, 0, 0), 3)).toEqual([{ code: "unspent", value: 2, limit: 3 }]);
    expect(resistanceAllocationProblems(res(3, 3, 0, 0, 0, 0), 5)).toEqual([{ code: "overspent", value: 6, limit: 5 }]);
    expect(resistanceAllocationProblems(res(-1, 0, 0, 0, 0, 0), 0)[0]).toMatchObject({ code: "invalid", subject: "ballistic" });
  });
  it("Changelings may not choose ballistic or explosive (RULING 14)", () => {
    expect(speciesBonusProblems("ballistic", { changeling: true })).toEqual([{ code: "excludedType", subject: "ballistic" }]);
    expect(speciesBonusProblems("ballistic")).toEqual([]);
    expect(speciesBonusProblems("energy", { changeling: true })).toEqual([]);
  });
});

describe("totals (§4.12)", () => {
  it("E31: the Human (B2 L5 N3 P4 S4 X2) in Scalemail → B5 L9 N7 P8 S10 X5", () => {
    const profile = resistanceProfile({ allocation: res(0, 3, 1, 2, 1, 0), speciesBonusType: "slashing", armor: res(3, 4, 4, 4, 6, 3) });
    expect(Object.values(profile).map((r) => r.species)).toEqual([2, 5, 3, 4, 4, 2]);
    expect(Object.values(profile).map((r) => r.total)).toEqual([5, 9, 7, 8, 10, 5]);
  });
  it("species caps at 6, armor (with enchantments) at 6, total at 12", () => {
    const profile = resistanceProfile({ allocation: res(3, 0, 0, 0, 0, 0), speciesBonusType: "ballistic", armor: res(6, 4, 4, 4, 4, 2), armorBonuses: [{ type: "ballistic", value: 1 }, { type: "blunt", value: 1 }] });
    expect(profile.ballistic).toEqual({ species: 6, armor: 6, total: 12 });
    expect(profile.blunt).toEqual({ species: 2, armor: 5, total: 7 });
  });
  it("petrified: 12 against blunt, slashing, piercing and ballistic only", () => {
    const profile = resistanceProfile({ allocation: res(0, 0, 0, 0, 0, 0), petrified: true });
    expect(Object.values(profile).map((r) => r.total)).toEqual([12, 12, 2, 12, 12, 2]);
  });
});

describe("armor construction (§1.24)", () => {
  it("accepts an exact budget within the cap", () => {
    expect(armorConstructionProblems("light", res(2, 2, 2, 2, 2, 2))).toEqual([]);
    expect(armorConstructionProblems("heavy", res(6, 6, 6, 6, 0, 0))).toEqual([]);
  });
  it("reports a type over the cap and a wrong budget", () => {
    expect(armorConstructionProblems("light", res(5, 2, 2, 2, 1, 0))).toEqual([{ code: "overCap", subject: "ballistic", value: 5, limit: 4 }]);
    expect(armorConstructionProblems("medium", res(3, 3, 3, 3, 3, 2))).toEqual([{ code: "budget", value: 17, limit: 18 }]);
    expect(armorConstructionProblems("light", res(1.5, 2, 2, 2, 2, 2.5))).toEqual([
      { code: "invalid", subject: "ballistic", value: 1.5 }, { code: "invalid", subject: "explosive", value: 2.5 }, { code: "budget", value: 8, limit: 12 },
    ]);
  });
});

describe("a setting's extra damage types (issue 31)", () => {
  const types = ["ballistic", "blunt", "energy", "piercing", "slashing", "explosive", "frost"];

  it("counts an extra type like the book's: base 2, its points, the species +1, the armor, capped at 12", () => {
    const allocation = { ...res(0, 0, 0, 0, 0, 0), frost: 2 } as Resistances;
    const armor = { ...res(2, 2, 2, 2, 2, 2), frost: 4 } as Resistances;
    const profile = resistanceProfile({ allocation, armor, types, speciesBonusType: "frost" as never }) as Record<string, { species: number; armor: number; total: number }>;
    expect(profile.frost).toEqual({ species: 5, armor: 4, total: 9 });
    expect(profile.blunt).toEqual({ species: 2, armor: 2, total: 4 });
  });

  it("reads an extra type missing from older data as no points and no armor; a book type must be there", () => {
    const profile = resistanceProfile({ allocation: res(1, 0, 0, 0, 0, 0), armor: res(1, 1, 1, 1, 1, 1), types }) as Record<string, { total: number }>;
    expect(profile.frost.total).toBe(2);
    expect(() => resistanceProfile({ allocation: { frost: 0 } as unknown as Resistances, types })).toThrow();
  });

  it("leaves the book's six as they were when no types are given", () => {
    expect(Object.keys(resistanceProfile({ allocation: res(0, 0, 0, 0, 0, 0) }))).toEqual(types.slice(0, 6));
  });
});
