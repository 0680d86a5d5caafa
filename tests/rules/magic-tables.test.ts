import { describe, expect, it } from "vitest";
import {
  ITEM_PERSONALITIES, SHAPESHIFT_ASPECTS, callOfTheWildChoices, callOfTheWildRow, golemAffordable, golemCost, illusionCost,
  itemPersonality,
} from "../../src/rules";

describe("spell tables (1.37–1.41)", () => {
  it("Call of the Wild by gains; the caster may take a lower answering row (RULING 79)", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 11].map(callOfTheWildRow)).toEqual(["hostile", "nobody", "nobody", "small", "medium", "large", "giant", "huge", "any", "any"]);
    expect(callOfTheWildRow(-2)).toBe("hostile");
    expect(callOfTheWildChoices(5)).toEqual(["small", "medium", "large"]);
    expect(callOfTheWildChoices(1)).toEqual(["nobody"]);
    expect(callOfTheWildChoices(0)).toEqual(["hostile"]);
  });
  it("Item Personality by d12", () => {
    expect(itemPersonality(1)).toBe("evil");
    expect(itemPersonality(12)).toBe("good");
    expect(ITEM_PERSONALITIES).toHaveLength(12);
    expect(() => itemPersonality(0)).toThrow(RangeError);
  });
  it("Golemancy: material + size + runes, within the gains (§4.20)", () => {
    expect(golemCost({ material: "clay", size: "medium" })).toBe(2);
    expect(golemCost({ material: "iron", size: "huge", runes: "major" })).toBe(10);
    expect(golemCost({ material: "stone", size: "tiny", runes: "minor" })).toBe(7);
    expect(golemAffordable({ material: "clockwork", size: "small" }, 4)).toBe(true);
    expect(golemAffordable({ material: "clockwork", size: "small" }, 3)).toBe(false);
    expect(() => golemCost({ material: "gold" as never, size: "medium" })).toThrow(/clay, clockwork, stone or iron/);
  });
  it("Illusion spends gains across size, movement and complexity", () => {
    expect(illusionCost({ size: "auditory", movement: "sounds", complexity: "monochrome" })).toBe(1);
    expect(illusionCost({ size: "huge", movement: "volition", complexity: "reactive" })).toBe(10);
  });
  it("Shapeshift has seven aspects", () => expect(SHAPESHIFT_ASPECTS).toHaveLength(7));
});
