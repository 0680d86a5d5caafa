import { describe, expect, it } from "vitest";
import { conditionKey, LINK_ENRICHER, parseCheck, parseDamage, parseFlat, ROLL_ENRICHER, ruleUuid } from "../../src/enrichers/syntax";

describe("enricher syntax", () => {
  it("reads a check's skill and difficulty, or a number of gains", () => {
    expect(parseCheck("perception hard")).toEqual({ kind: "check", skill: "perception", difficulty: "hard", gains: null });
    expect(parseCheck("Perception")).toEqual({ kind: "check", skill: "perception", difficulty: "none", gains: null });
    expect(parseCheck("will 3")).toEqual({ kind: "check", skill: "will", difficulty: "custom", gains: 3 });
    for (const bad of ["juggling hard", "perception impossible", "perception hard now", "perception opposed", "perception 25"]) expect(parseCheck(bad), bad).toBeNull();
  });

  it("reads a Flat target of 1 to 12 and damage of 1 to 12 dice of a damage type", () => {
    expect(parseFlat("7")).toEqual({ kind: "flat", target: 7 });
    expect(parseFlat("13")).toBeNull();
    expect(parseFlat("seven")).toBeNull();
    expect(parseDamage("6 piercing")).toEqual({ kind: "damage", dice: 6, damageType: "piercing" });
    expect(parseDamage("13 piercing")).toBeNull();
    expect(parseDamage("6 psychic")).toBeNull();
  });

  it("finds the roll and link forms in text, with their labels", () => {
    const text = "Roll [[/check perception hard]]{Spot the trap}, then [[/flat 7]] and [[/damage 6 piercing]]; see @Condition[prone] and @Rule[dice]{dice}.";
    expect([...text.matchAll(ROLL_ENRICHER)].map((m) => [m[1], m[2], m[3]])).toEqual([
      ["check", "perception hard", "Spot the trap"], ["flat", "7", undefined], ["damage", "6 piercing", undefined],
    ]);
    expect([...text.matchAll(LINK_ENRICHER)].map((m) => [m[1], m[2], m[3]])).toEqual([["Condition", "prone", undefined], ["Rule", "dice", "dice"]]);
    expect(conditionKey("Prone")).toBe("prone");
    expect(conditionKey("persistent")).toBeNull();
    expect(ruleUuid("health")).toBe("Compendium.clockwork.rules.JournalEntry.PpO7cce5ngbuEVNm.JournalEntryPage.8l5NkHQPtfh58xZ0");
    expect(ruleUuid("nope")).toBeNull();
  });
});
