import { describe, expect, it } from "vitest";
import { createClockworkConfig } from "../../../src/config";
import { DEFAULT_CHOICES, sheetChoices } from "../../../src/applications/context/choices";

describe("sheetChoices", () => {
  it("groups the 16 skills under their attributes and the schools under their magic skills", () => {
    expect(DEFAULT_CHOICES.skills).toHaveLength(16);
    expect(DEFAULT_CHOICES.attributeSkills.body).toEqual(["accuracy", "agility", "strength", "stamina"]);
    expect(DEFAULT_CHOICES.magicSkills).toEqual(["celestial", "elemental", "soul", "spellcraft"]);
    expect(DEFAULT_CHOICES.schools.elemental).toEqual(["air", "earth", "fire", "water"]);
    expect(DEFAULT_CHOICES.wornWeights).toEqual(["light", "medium", "heavy"]);
  });

  it("uses the configuration's label keys and the book's damage letters", () => {
    expect(DEFAULT_CHOICES.label.skill("will")).toBe("CLOCKWORK.Skill.will");
    expect(DEFAULT_CHOICES.label.weight("heavy")).toBe("CLOCKWORK.Weight.heavy");
    expect(DEFAULT_CHOICES.damageTypes.map(DEFAULT_CHOICES.abbreviation).join("")).toBe("BLNPSX");
  });

  it("names a value no list has (a removed setting module's entry) with the shell's unknown label, and offers it nowhere", () => {
    const choices = sheetChoices(createClockworkConfig(), { unknown: (key) => `Unknown (${key})` });
    expect(choices.label.weaponGroup("iceLances")).toBe("Unknown (iceLances)");
    expect(choices.abbreviation("frost")).toBe("Unknown (frost)");
    expect(choices.label.weaponGroup("sword")).toBe("CLOCKWORK.WeaponGroup.sword");
    expect(choices.label.weaponGroup("")).toBe("");
    expect(choices.weaponGroups).not.toContain("iceLances");
    // Without a shell (pure tests), the key itself, as before.
    expect(DEFAULT_CHOICES.label.weaponGroup("iceLances")).toBe("iceLances");
  });

  it("offers what a fork adds to the configuration, with the fork's label", () => {
    const config = createClockworkConfig();
    config.conditions.dazed = { label: "MYFORK.Dazed", spellState: false };
    config.skills.piloting = { label: "MYFORK.Piloting", attribute: "mind" };
    const choices = sheetChoices(config);
    expect(choices.conditions).toContain("dazed");
    expect(choices.label.condition("dazed")).toBe("MYFORK.Dazed");
    expect(choices.attributeSkills.mind).toContain("piloting");
    expect(DEFAULT_CHOICES.conditions).not.toContain("dazed");
  });

  it("shows a value no list knows as itself", () => {
    expect(DEFAULT_CHOICES.label.school("cold")).toBe("cold");
  });
});
