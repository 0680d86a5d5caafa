/** The choices made when applying a species (digest §4.19 step 3), as a pure function. */
import { describe, expect, it } from "vitest";
import { describePickProblem, resolveSpeciesPicks, type SpeciesRules } from "../../src/documents/species-picks";

const base: SpeciesRules = { bonusSkills: ["stamina", "strength", "will"], anyBonusSkills: false, resistanceBonus: "slashing", resistanceExcluded: [], sizeChoices: [], grants: [] };
const keys = (species: SpeciesRules, picks: Parameters<typeof resolveSpeciesPicks>[1], personal = "") =>
  resolveSpeciesPicks(species, picks, personal).problems.map((p) => p.key);

describe("resolveSpeciesPicks", () => {
  it("accepts two of the offered skills and normalizes the rest", () => {
    expect(resolveSpeciesPicks(base, { bonusSkills: ["strength", "will"], resistanceType: "energy", sizeChoice: "large" })).toEqual({
      problems: [],
      speciesBonusSkills: ["strength", "will"],
      speciesResistance: "",
      sizeChoice: "",
      grants: [],
    });
  });

  it("needs exactly two different skills, all offered, none the personal bonus skill", () => {
    expect(keys(base, { bonusSkills: ["strength"] })).toEqual(["CLOCKWORK.Error.Species.PickCount"]);
    expect(keys(base, { bonusSkills: ["strength", "strength"] })).toEqual(["CLOCKWORK.Error.Species.PickCount"]);
    expect(keys(base, { bonusSkills: ["strength", "agility"] })).toEqual(["CLOCKWORK.Error.Species.SkillNotOffered"]);
    expect(keys(base, { bonusSkills: ["strength", "will"] }, "will")).toEqual(["CLOCKWORK.Error.PersonalBonusSkillTaken"]);
  });

  it("lets a species with any two skills take any", () => {
    expect(keys({ ...base, bonusSkills: [], anyBonusSkills: true, resistanceBonus: "any" }, { bonusSkills: ["agility", "soul"], resistanceType: "blunt" })).toEqual([]);
  });

  it("requires an allowed resistance type for an 'any' bonus", () => {
    const changeling = { ...base, resistanceBonus: "any", resistanceExcluded: ["ballistic", "explosive"] };
    const picks = { bonusSkills: ["strength", "will"] };
    expect(keys(changeling, picks)).toEqual(["CLOCKWORK.Error.Species.ResistanceChoice"]);
    expect(keys(changeling, { ...picks, resistanceType: "explosive" })).toEqual(["CLOCKWORK.Error.Species.ResistanceChoice"]);
    expect(keys(changeling, { ...picks, resistanceType: "fire" })).toEqual(["CLOCKWORK.Error.Species.ResistanceChoice"]);
    expect(resolveSpeciesPicks(changeling, { ...picks, resistanceType: "energy" }).speciesResistance).toBe("energy");
  });

  it("requires one of the offered sizes when there is a choice", () => {
    const mycorrean = { ...base, sizeChoices: ["small", "medium", "large"] };
    expect(keys(mycorrean, { bonusSkills: ["strength", "will"] })).toEqual(["CLOCKWORK.Error.Species.SizeChoice"]);
    expect(keys(mycorrean, { bonusSkills: ["strength", "will"], sizeChoice: "huge" })).toEqual(["CLOCKWORK.Error.Species.SizeChoice"]);
    expect(resolveSpeciesPicks(mycorrean, { bonusSkills: ["strength", "will"], sizeChoice: "small" }).sizeChoice).toBe("small");
  });

  it("takes grants that leave no choice, and checks the count of chosen ones", () => {
    const djinn = {
      ...base,
      grants: [
        { kind: "spell", choose: 1, options: ["Item.a", "Item.b"] },
        { kind: "focus", choose: 1, options: ["Item.c"] },
      ],
    };
    const picks = { bonusSkills: ["strength", "will"] };
    expect(keys(djinn, picks)).toEqual(["CLOCKWORK.Error.Species.GrantCount"]);
    expect(resolveSpeciesPicks(djinn, { ...picks, grants: ["Item.b", "Item.c"] }).grants).toEqual([
      { uuid: "Item.b", kind: "spell" },
      { uuid: "Item.c", kind: "focus" },
    ]);
    expect(keys(djinn, { ...picks, grants: ["Item.a", "Item.b", "Item.c"] })).toEqual(["CLOCKWORK.Error.Species.GrantCount"]);
    expect(keys(djinn, { ...picks, grants: ["Item.b", "Item.c", "Item.z"] })).toEqual(["CLOCKWORK.Error.Species.GrantNotOffered"]);
    const goblin = { ...base, grants: [{ kind: "focus", choose: 2, options: ["Item.x", "Item.y"] }] };
    expect(resolveSpeciesPicks(goblin, picks).grants.map((g) => g.uuid)).toEqual(["Item.x", "Item.y"]);
  });

  it("describes a problem with the key when no translation is loaded", () => {
    expect(describePickProblem({ key: "CLOCKWORK.Error.Species.SkillNotOffered", data: { skill: "agility" } })).toBe("CLOCKWORK.Error.Species.SkillNotOffered");
  });
});
