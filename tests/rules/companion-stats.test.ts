import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ANIMAL_ROWS, CALL_OF_THE_WILD_ANIMALS, CALL_OF_THE_WILD_STATS, NATURAL_ATTACKS, animalCompanion, animalRow, animalRowsFor, golemCompanion,
} from "../../src/rules/companion-stats";
import { golemCost, type GolemDesign } from "../../src/rules";

describe("Call of the Wild's animals (table 1.37, docs/rulings.md 134)", () => {
  it("the rows within reach of the gains: none below 3, the rolled row and lower, every row from 8", () => {
    expect(animalRowsFor(0)).toEqual([]);
    expect(animalRowsFor(2)).toEqual([]);
    expect(animalRowsFor(3)).toEqual(["small"]);
    expect(animalRowsFor(5)).toEqual(["small", "medium", "large"]);
    expect(animalRowsFor(7)).toEqual([...ANIMAL_ROWS]);
    expect(animalRowsFor(11)).toEqual([...ANIMAL_ROWS]);
  });

  it("every animal belongs to one row and its attack has a damage type", () => {
    const all = ANIMAL_ROWS.flatMap((row) => Object.keys(CALL_OF_THE_WILD_ANIMALS[row]).map((animal) => [row, animal] as const));
    expect(new Set(all.map(([, a]) => a)).size).toBe(all.length);
    for (const [row, animal] of all) {
      expect(animalRow(animal)).toBe(row);
      expect(NATURAL_ATTACKS[CALL_OF_THE_WILD_ANIMALS[row][animal]]).toBeTruthy();
    }
    expect(animalRow("unicorn")).toBeNull();
  });

  it("a wolf at 5 gains: the large row's block with a piercing bite", () => {
    expect(animalCompanion("wolf", 5)).toEqual({
      size: "medium", ranks: CALL_OF_THE_WILD_STATS.large.ranks, vitalsMax: 5, resistance: 1, mana: 0,
      attack: { key: "bite", dice: 6, type: "piercing" }, runes: "none",
    });
  });

  it("8+ gains: any animal, smarter than usual", () => {
    const dragon = animalCompanion("adultDragon", 8);
    expect(dragon.size).toBe("huge");
    expect(dragon.ranks).toMatchObject({ intuition: 8, knowledge: 8 });
    expect(animalCompanion("rabbit", 8).ranks.knowledge).toBe(8);
  });

  it("refuses an animal beyond the rolled row or not in the table", () => {
    expect(() => animalCompanion("elephant", 5)).toThrow(RangeError);
    expect(() => animalCompanion("wolf", 2)).toThrow(RangeError);
    expect(() => animalCompanion("unicorn", 9)).toThrow(RangeError);
  });

  it("bigger rows hit harder and last longer", () => {
    for (let i = 1; i < ANIMAL_ROWS.length; i++) {
      const [a, b] = [CALL_OF_THE_WILD_STATS[ANIMAL_ROWS[i - 1]], CALL_OF_THE_WILD_STATS[ANIMAL_ROWS[i]]];
      expect(b.dice).toBeGreaterThan(a.dice);
      expect(b.vitalsMax).toBeGreaterThan(a.vitalsMax);
    }
  });
});

describe("Golemancy's golem (table 1.39, §4.20, docs/rulings.md 135)", () => {
  it("a stone medium golem with minor runes costs 5 and counts as medium armor", () => {
    expect(golemCompanion({ material: "stone", size: "medium", runes: "minor" }, 5)).toEqual({
      size: "medium", ranks: {}, vitalsMax: 6, resistance: 3, mana: 0, attack: null, runes: "minor",
    });
  });

  it("materials give the balanced armor of their class: clay none, clockwork 2, iron 4", () => {
    expect(golemCompanion({ material: "clay", size: "medium" }, 2).resistance).toBe(0);
    expect(golemCompanion({ material: "clockwork", size: "medium" }, 3).resistance).toBe(2);
    expect(golemCompanion({ material: "iron", size: "huge", runes: "major" }, 10).resistance).toBe(4);
  });

  it("is built exactly when the gains buy it", () => {
    const design = fc.record({
      material: fc.constantFrom("clay", "clockwork", "stone", "iron"),
      size: fc.constantFrom("tiny", "small", "medium", "large", "huge"),
      runes: fc.constantFrom("none", "minor", "standard", "major"),
    }) as fc.Arbitrary<GolemDesign>;
    fc.assert(fc.property(design, fc.integer({ min: 0, max: 12 }), (d, gains) => {
      if (golemCost(d) <= gains) expect(golemCompanion(d, gains).size).toBe(d.size);
      else expect(() => golemCompanion(d, gains)).toThrow(RangeError);
    }));
  });
});
