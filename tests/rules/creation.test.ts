import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DAMAGE_TYPES, PREMADE_SKILL_OPTIONS, SKILL_KEYS, applyPremadeOption, buildCpBudget, cpSpent,
  creationArmorBurden, creationProblems, creationResistancePoints, creationSummary, creationWarnings, currencyBudget, emptyAllocation, emptyBuild, finalSkills,
  fociRequired, skillPointsSpent, stepProblems, untrainedSkills,
} from "../../src/rules";
import type { CreationBuild, CreationProblem } from "../../src/rules";
import {
  CHANGELINGS, DJINN, DWARVES, FIGHTER_ORDER, GNOLLS, GOBLINS, HIGH_ELVES, HUMANS, MYCOREANS, feature, focus, legalDwarf, spell,
} from "./creation-fixtures";

const codes = (problems: CreationProblem[]): string[] => problems.map((p) => p.code);
const with_ = (changes: Partial<CreationBuild>): CreationBuild => ({ ...legalDwarf(), ...changes });

describe("a legal build", () => {
  it("has no problems, and its summary shows the numbers the book derives", () => {
    const build = legalDwarf();
    expect(creationProblems(build)).toEqual([]);
    const summary = creationSummary(build);
    expect(summary.cp).toEqual({ budget: 12, spent: 12, left: 0 });
    expect(summary.skillPoints).toEqual({ spent: 36, left: 0 });
    expect(summary.premadeMatch).toBe(1);
    expect(summary.derived.attributes.body).toBe(8); // Strength 6 + Stamina 7 = 13
    expect(summary.resistancePoints).toEqual({ available: 7, allocated: 7, left: 0 });
    expect(summary.derived.grit).toBe(5 + 3); // Medium, Stamina 7
    expect(summary.resistances.blunt).toEqual({ species: 2 + 2 + 1, armor: 3, total: 8 }); // Dwarves +1 blunt
    expect(summary.resistances.slashing.species).toBe(5);
    expect(summary.currency).toEqual({ budget: 2000, spent: 650, left: 1350 });
    expect(summary.bonusSkills.sort()).toEqual(["creativity", "strength", "will"]);
    // Dwarves move in medium armor as if light: row "light", and no dodge penalty (RULING 3, −1 reduced by 1).
    expect(summary.derived.movementWeight).toBe("light");
    expect(summary.derived.dodge).toBe(3); // Agility 8 → +3
  });

  it("an empty build breaks a rule in every step but the review", () => {
    const problems = creationProblems(emptyBuild());
    const steps = new Set(problems.map((p) => p.step));
    expect([...steps]).toEqual(["concept", "skills", "species", "bonusSkill", "foci", "resistance"]);
    expect(codes(problems)).toEqual(expect.arrayContaining(["nameMissing", "pointsSpent", "speciesMissing", "personalBonusMissing", "fociCount", "resistanceUnspent"]));
  });

  it("reports problems step by step", () => {
    const build = with_({ name: " ", personalBonusSkill: "" });
    expect(codes(stepProblems(build, "concept"))).toEqual(["nameMissing"]);
    expect(codes(stepProblems(build, "bonusSkill"))).toEqual(["personalBonusMissing"]);
    expect(stepProblems(build, "skills")).toEqual([]);
  });
});

describe("step 2: the 36 points (§1.1, §4.19, RULING 16)", () => {
  it("all 8 premade options cost exactly 36 and pass with their option number", () => {
    for (const { option } of PREMADE_SKILL_OPTIONS) {
      const skills = applyPremadeOption(option, FIGHTER_ORDER);
      expect(skillPointsSpent(skills), `option ${option}`).toBe(36);
      expect(stepProblems(with_({ premadeOption: option, skills, customizedSkills: {} }), "skills"), `option ${option}`).toEqual([]);
    }
  });

  it("a premade option whose ranks were moved is refused with its number", () => {
    const skills = { ...applyPremadeOption(2, FIGHTER_ORDER), creativity: 11, spellcraft: 12 };
    expect(stepProblems(with_({ premadeOption: 2, skills }), "skills")).toEqual([{ step: "skills", code: "premadeMismatch", value: 2 }]);
    expect(codes(stepProblems(with_({ premadeOption: 9 }), "skills"))).toEqual(["premadeUnknown"]);
  });

  it("a free spend of exactly 36 with nothing below 7 passes", () => {
    // 6 skills at 7 (30 points) and 6 at 11 (6 points).
    const skills = untrainedSkills();
    SKILL_KEYS.slice(0, 6).forEach((k) => { skills[k] = 7; });
    SKILL_KEYS.slice(6, 12).forEach((k) => { skills[k] = 11; });
    expect(stepProblems(with_({ premadeOption: null, skills }), "skills")).toEqual([]);
  });

  it("35 or 37 points, and a rank of 6, are refused", () => {
    const base = applyPremadeOption(1, FIGHTER_ORDER);
    expect(stepProblems(with_({ premadeOption: null, skills: { ...base, intuition: 11, creativity: 11 } }), "skills")).toEqual([]);
    expect(stepProblems(with_({ premadeOption: null, skills: { ...base, intuition: 11 } }), "skills"))
      .toEqual([{ step: "skills", code: "pointsSpent", value: 35, limit: 36 }]);
    expect(codes(stepProblems(with_({ premadeOption: null, skills: { ...base, creativity: 11 } }), "skills"))).toEqual(["pointsSpent"]);
    expect(stepProblems(with_({ premadeOption: null, skills: { ...base, strength: 6, stamina: 9 } }), "skills"))
      .toEqual([{ step: "skills", code: "belowFloor", subject: "strength", value: 6, limit: 7 }]);
  });

  it("reports a rank that is not a rank instead of throwing", () => {
    const skills = { ...applyPremadeOption(1, FIGHTER_ORDER), will: 13, soul: 3.5 };
    expect(stepProblems(with_({ skills }), "skills").map((p) => [p.code, p.subject])).toEqual([["invalidRank", "soul"], ["invalidRank", "will"]]);
    expect(() => creationSummary(with_({ skills }))).not.toThrow();
  });

  it("property: any 36-point spend with every rank 7–12 passes step 2", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 36, maxLength: 36 }), (picks) => {
      const skills = untrainedSkills();
      // Spend one point at a time on the picked skill, or the next one that is still above 7.
      for (const pick of picks) {
        let index = pick;
        while (skills[SKILL_KEYS[index]] === 7) index = (index + 1) % 16;
        skills[SKILL_KEYS[index]] -= 1;
      }
      return stepProblems(with_({ premadeOption: null, skills }), "skills").length === 0;
    }));
  });
});

describe("step 3: species (§1.2, §3.3)", () => {
  it("needs a species", () => {
    expect(stepProblems(with_({ species: null }), "species")).toEqual([{ step: "species", code: "speciesMissing" }]);
  });

  it("takes exactly 2 of the species' 3 bonus skills", () => {
    expect(codes(stepProblems(with_({ speciesBonusSkills: ["strength"] }), "species"))).toEqual(["speciesSkillCount"]);
    expect(codes(stepProblems(with_({ speciesBonusSkills: ["strength", "creativity", "ingenuity"] }), "species"))).toEqual(["speciesSkillCount"]);
    expect(codes(stepProblems(with_({ speciesBonusSkills: ["strength", "strength"] }), "species"))).toEqual(["speciesSkillCount"]);
    expect(stepProblems(with_({ speciesBonusSkills: ["strength", "accuracy"] }), "species"))
      .toEqual([{ step: "species", code: "speciesSkillNotOffered", subject: "accuracy" }]);
  });

  it("Humans take any two skills and place their +1 themselves, any type", () => {
    const human = with_({ species: HUMANS, speciesBonusSkills: ["accuracy", "spellcraft"], speciesResistance: "ballistic", foci: [...legalDwarf().foci, focus("history")] });
    expect(creationProblems(human)).toEqual([]);
    expect(creationSummary(human).resistances.ballistic.species).toBe(3);
    expect(codes(stepProblems({ ...human, speciesResistance: "" }, "species"))).toEqual(["speciesResistanceMissing"]);
    expect(codes(stepProblems({ ...human, speciesBonusSkills: ["accuracy", "luck"] }, "species"))).toEqual(["speciesSkillNotOffered"]);
  });

  it("Changelings choose their type but never ballistic or explosive (RULING 14), even if the data forgot", () => {
    const changeling = with_({ species: CHANGELINGS, speciesBonusSkills: ["charisma", "intuition"], speciesResistance: "energy" });
    expect(stepProblems(changeling, "species")).toEqual([]);
    for (const type of ["ballistic", "explosive"]) {
      expect(stepProblems({ ...changeling, speciesResistance: type }, "species")).toEqual([{ step: "species", code: "speciesResistanceExcluded", subject: type }]);
      const careless = { ...changeling, species: { ...CHANGELINGS, resistanceExcluded: [] }, speciesResistance: type };
      expect(codes(stepProblems(careless, "species"))).toEqual(["speciesResistanceExcluded"]);
    }
  });

  it("Mycorreans pick a size, which sets the resistance points", () => {
    const myco = with_({ species: MYCOREANS, speciesBonusSkills: ["charisma", "soul"], personalBonusSkill: "will" });
    expect(codes(stepProblems(myco, "species"))).toEqual(["sizeChoiceMissing"]);
    expect(stepProblems({ ...myco, sizeChoice: "large" }, "species")).toEqual([]);
    expect(creationResistancePoints({ ...myco, sizeChoice: "large" })).toBe(4 + 4);
    expect(creationResistancePoints({ ...myco, sizeChoice: "small" })).toBe(4 + 2);
  });

  it("takes exactly the granted foci and spells the species offers", () => {
    const goblin = with_({ species: GOBLINS, speciesBonusSkills: ["agility", "intuition"], grants: ["focus.barter", "focus.natural-liar"], resistanceAllocation: { ...emptyAllocation(), slashing: 3, piercing: 3 } });
    expect(stepProblems(goblin, "species")).toEqual([]);
    expect(stepProblems({ ...goblin, grants: ["focus.barter"] }, "species")).toEqual([{ step: "species", code: "grantCount", subject: "focus", value: 1, limit: 2 }]);
    const djinn = with_({ species: DJINN, speciesBonusSkills: ["agility", "elemental"], grants: ["spell.shock", "focus.pyromancer"] });
    expect(stepProblems(djinn, "species")).toEqual([]);
    expect(codes(stepProblems({ ...djinn, grants: ["spell.shock", "spell.icicle", "focus.pyromancer"] }, "species"))).toEqual(["grantCount"]);
    expect(stepProblems({ ...djinn, grants: ["spell.shock", "focus.pyromancer", "spell.fireball"] }, "species"))
      .toEqual([{ step: "species", code: "grantNotOffered", subject: "spell.fireball" }]);
  });
});

describe("step 4: the personal bonus skill", () => {
  it("must be a skill without a species bonus", () => {
    expect(stepProblems(with_({ personalBonusSkill: "strength" }), "bonusSkill")).toEqual([{ step: "bonusSkill", code: "personalBonusTaken", subject: "strength" }]);
    expect(codes(stepProblems(with_({ personalBonusSkill: "luck" }), "bonusSkill"))).toEqual(["invalidSkill"]);
    expect(stepProblems(with_({ personalBonusSkill: "ingenuity" }), "bonusSkill")).toEqual([]);
  });
});

describe("step 5: foci (§2.3)", () => {
  it("3 foci, Humans 4; species grants come on top", () => {
    expect(fociRequired(DWARVES)).toBe(3);
    expect(fociRequired(HUMANS)).toBe(4);
    expect(fociRequired(null)).toBe(3);
    expect(stepProblems(with_({ foci: legalDwarf().foci.slice(0, 2) }), "foci")).toEqual([{ step: "foci", code: "fociCount", value: 2, limit: 3 }]);
    const human = with_({ species: HUMANS, speciesBonusSkills: ["accuracy", "agility"], speciesResistance: "energy" });
    expect(stepProblems(human, "foci")).toEqual([{ step: "foci", code: "fociCount", value: 3, limit: 4 }]);
    const goblin = with_({ species: GOBLINS, speciesBonusSkills: ["agility", "intuition"], grants: ["focus.barter", "focus.natural-liar"] });
    expect(stepProblems(goblin, "foci")).toEqual([]);
  });

  it("refuses the same focus twice, or a focus the species already grants", () => {
    const twice = with_({ foci: [focus("medicine"), focus("medicine"), focus("history")] });
    expect(stepProblems(twice, "foci")).toEqual([{ step: "foci", code: "focusDuplicate", subject: "medicine" }]);
    const goblin = with_({ species: GOBLINS, speciesBonusSkills: ["agility", "intuition"], grants: ["focus.barter", "focus.natural-liar"], foci: [focus("barter"), focus("history"), focus("medicine")] });
    expect(codes(stepProblems(goblin, "foci"))).toEqual(["focusDuplicate"]);
  });
});

describe("step 6: customization points (§1.23)", () => {
  it("ranks cost 1 CP down to 7 and 2 CP below: the 7/6 boundary", () => {
    const base = { skills: applyPremadeOption(1, FIGHTER_ORDER), features: [], spells: [] };
    // Agility is 8 in this order.
    expect(cpSpent({ ...base, customizedSkills: { agility: 7 } })).toBe(1);
    expect(cpSpent({ ...base, customizedSkills: { agility: 6 } })).toBe(1 + 2);
    expect(cpSpent({ ...base, customizedSkills: { agility: 4 } })).toBe(1 + 2 + 2 + 2);
    // Strength starts at 7: every rank below costs 2.
    expect(cpSpent({ ...base, customizedSkills: { strength: 6 } })).toBe(2);
    expect(cpSpent({ ...base, customizedSkills: { creativity: 7 } })).toBe(5);
  });

  it("12 CP exactly passes; one more is refused", () => {
    expect(stepProblems(legalDwarf(), "customization")).toEqual([]);
    const over = with_({ customizedSkills: { strength: 6, stamina: 7, agility: 7 } });
    expect(stepProblems(over, "customization")).toEqual([{ step: "customization", code: "cpOverspent", value: 13, limit: 12 }]);
  });

  it("High Elves have 16", () => {
    expect(buildCpBudget(HIGH_ELVES)).toBe(16);
    expect(buildCpBudget(DWARVES)).toBe(12);
    const big = { customizedSkills: { strength: 6, stamina: 7 }, features: [...legalDwarf().features, feature("command", 2), feature("deadeye", 2)] };
    expect(cpSpent({ ...legalDwarf(), ...big })).toBe(16);
    const elf = with_({ ...big, species: HIGH_ELVES, speciesBonusSkills: ["knowledge", "spellcraft"], resistanceAllocation: { ...emptyAllocation(), slashing: 3, piercing: 2, blunt: 2 } });
    expect(stepProblems(elf, "customization")).toEqual([]);
    expect(codes(stepProblems(with_(big), "customization"))).toEqual(["cpOverspent"]);
  });

  it("ranks may reach 4 with CP but never go up, and never below 4", () => {
    const deep = with_({ customizedSkills: { strength: 4 }, features: [feature("diehard", 1), feature("far-shot", 1)] });
    expect(stepProblems(deep, "customization")).toEqual([]); // 7 → 4 is 2 + 2 + 2, plus two level-1 features: 8 of 12
    expect(stepProblems(with_({ customizedSkills: { creativity: 13 } }), "customization")).toEqual([{ step: "customization", code: "invalidRank", subject: "creativity", value: 13 }]);
    expect(stepProblems(with_({ customizedSkills: { strength: 8 } }), "customization").filter((p) => p.code === "rankRaised")).toEqual([{ step: "customization", code: "rankRaised", subject: "strength", value: 8, limit: 7 }]);
    expect(finalSkills({ skills: applyPremadeOption(1, FIGHTER_ORDER), customizedSkills: { strength: 8, will: 3 } }).strength).toBe(7);
  });

  it("spells and features cost their level; a spell pair costs once", () => {
    const base = { skills: untrainedSkills(), customizedSkills: {}, features: [feature("evasion", 4)] };
    expect(cpSpent({ ...base, spells: [spell("fireball", 3)] })).toBe(7);
    expect(cpSpent({ ...base, spells: [spell("haste", 2, "slow"), spell("slow", 2, "haste")] })).toBe(6);
    expect(stepProblems(with_({ features: [feature("diehard", 1)], spells: [spell("haste", 2, "slow"), spell("slow", 2, "haste")] }), "customization")).toEqual([]);
  });

  it("refuses a spell bought twice or one the species grants", () => {
    expect(codes(stepProblems(with_({ features: [], spells: [spell("fireball", 3), spell("fireball", 3)] }), "customization"))).toEqual(["spellDuplicate"]);
    const djinn = with_({ species: DJINN, speciesBonusSkills: ["agility", "elemental"], grants: ["spell.shock", "focus.pyromancer"], features: [], spells: [spell("shock", 3)] });
    expect(stepProblems(djinn, "customization")).toEqual([{ step: "customization", code: "spellDuplicate", subject: "shock" }]);
  });

  it("applies prerequisites and bans Legendary Animal Companion, whatever its data says", () => {
    const dire = with_({ customizedSkills: {}, features: [feature("dire-animal-companion", 3, { prerequisites: ["animal-companion"] })] });
    expect(stepProblems(dire, "customization")).toEqual([{ step: "customization", code: "featurePrerequisite", subject: "dire-animal-companion", detail: "animal-companion" }]);
    expect(stepProblems({ ...dire, features: [feature("animal-companion", 2), ...dire.features] }, "customization")).toEqual([]);
    const legendary = [feature("animal-companion", 2), feature("dire-animal-companion", 3, { prerequisites: ["animal-companion"] }),
      feature("legendary-animal-companion", 4, { prerequisites: ["dire-animal-companion"] })];
    expect(codes(stepProblems(with_({ customizedSkills: {}, features: legendary }), "customization"))).toEqual(["featureBanned"]);
    expect(codes(stepProblems(with_({ customizedSkills: {}, features: [feature("sniper", 4, { allowedAtCreation: false })] }), "customization"))).toEqual(["featureBanned"]);
  });

  it("refuses a non-repeatable feature twice; Wealthy stacks", () => {
    expect(codes(stepProblems(with_({ customizedSkills: {}, features: [feature("diehard", 1), feature("diehard", 1)] }), "customization"))).toEqual(["featureDuplicate"]);
    const wealthy = feature("wealthy", 1, { repeatable: true });
    expect(stepProblems(with_({ customizedSkills: {}, features: [wealthy, wealthy, wealthy] }), "customization")).toEqual([]);
  });

  it("property: customization CP never go down as ranks go lower", () => {
    const base = applyPremadeOption(5, FIGHTER_ORDER);
    fc.assert(fc.property(fc.constantFrom(...SKILL_KEYS), fc.integer({ min: 4, max: 12 }), (key, rank) => {
      const target = Math.min(rank, base[key]);
      const lower = Math.max(4, target - 1);
      const costOf = (r: number) => cpSpent({ skills: base, customizedSkills: { [key]: r }, features: [], spells: [] });
      return costOf(lower) >= costOf(target) && costOf(lower) - costOf(target) === (target === lower ? 0 : target - 1 >= 7 ? 1 : 2);
    }));
  });
});

describe("steps 8–9: resistance (RULING 22)", () => {
  it("the base 2 stays; Body + size points are spent in full, at most 5 per type", () => {
    const build = legalDwarf();
    expect(creationResistancePoints(build)).toBe(7);
    expect(stepProblems(with_({ resistanceAllocation: { ...emptyAllocation(), slashing: 3, piercing: 3 } }), "resistance"))
      .toEqual([{ step: "resistance", code: "resistanceUnspent", value: 6, limit: 7 }]);
    expect(stepProblems(with_({ resistanceAllocation: { ...emptyAllocation(), slashing: 3, piercing: 3, blunt: 2 } }), "resistance"))
      .toEqual([{ step: "resistance", code: "resistanceOverspent", value: 8, limit: 7 }]);
    expect(stepProblems(with_({ resistanceAllocation: { ...emptyAllocation(), slashing: 4, piercing: 3 } }), "resistance"))
      .toEqual([{ step: "resistance", code: "resistanceOverCap", subject: "slashing", value: 6, limit: 5 }]);
    expect(codes(stepProblems(with_({ resistanceAllocation: { ...emptyAllocation(), slashing: -1, piercing: 3, blunt: 3, energy: 2 } }), "resistance"))).toEqual(["resistanceInvalid", "resistanceOverspent"]);
  });

  it("the species +1 comes after allocation and may reach 6", () => {
    const summary = creationSummary(with_({ resistanceAllocation: { ...emptyAllocation(), blunt: 3, piercing: 3, slashing: 1 } }));
    expect(summary.resistances.blunt.species).toBe(6);
    expect(summary.resistances.piercing.species).toBe(5);
    expect(stepProblems(with_({ resistanceAllocation: { ...emptyAllocation(), blunt: 3, piercing: 3, slashing: 1 } }), "resistance")).toEqual([]);
  });

  it("customization that raises Body raises the points to allocate", () => {
    const noCp = with_({ customizedSkills: {} }); // Strength 7 + Stamina 8 = 15 → Body 8 still
    expect(creationResistancePoints(noCp)).toBe(4 + 3);
    const weak = with_({ skills: applyPremadeOption(4, [...FIGHTER_ORDER].reverse()), premadeOption: 4, customizedSkills: {} });
    // Body skills get 12, 12, 12, 12 (the last four of the reversed order) → Body 5 → 1 point.
    expect(creationResistancePoints(weak)).toBe(1 + 3);
  });

  it("without a species (beasts, undead) the stored size choice sets the size", () => {
    expect(creationResistancePoints(with_({ species: null, sizeChoice: "large" }))).toBe(4 + 4);
    expect(creationResistancePoints(with_({ species: null, sizeChoice: "" }))).toBe(4 + 3);
  });

  it("Small species get 2 size points, Large 4", () => {
    const goblin = with_({ species: GOBLINS });
    expect(creationResistancePoints(goblin)).toBe(4 + 2);
    expect(creationResistancePoints(with_({ species: { ...DWARVES, size: "large" } }))).toBe(4 + 4);
  });
});

describe("step 14: equipment (§1.42)", () => {
  it("spends at most 2000, plus 250 per Wealthy", () => {
    expect(currencyBudget([])).toBe(2000);
    expect(currencyBudget([{ identifier: "wealthy" }, { identifier: "wealthy" }])).toBe(2500);
    const gear = (price: number, quantity = 1) => ({ id: `gear.${price}`, type: "equipment", price, quantity });
    expect(stepProblems(with_({ equipment: [gear(1000, 2)] }), "equipment")).toEqual([]);
    expect(stepProblems(with_({ equipment: [gear(1000, 2), gear(1)] }), "equipment")).toEqual([{ step: "equipment", code: "overBudget", value: 2001, limit: 2000 }]);
    const rich = with_({ customizedSkills: {}, features: [feature("wealthy", 1, { repeatable: true })], equipment: [gear(1125, 2)] });
    expect(stepProblems(rich, "equipment")).toEqual([]);
  });

  it("refuses bad prices and quantities, and two worn armors", () => {
    const bad = with_({ equipment: [{ id: "x", type: "equipment", price: -5, quantity: 0 }] });
    expect(codes(stepProblems(bad, "equipment"))).toEqual(["gearPrice", "gearQuantity"]);
    const armor = legalDwarf().equipment[0];
    expect(codes(stepProblems(with_({ equipment: [armor, { ...armor, id: "armor.2" }] }), "equipment"))).toEqual(["tooManyWorn"]);
  });

  it("worn armor and shield feed the summary: movement, dodge, block and totals", () => {
    const summary = creationSummary(with_({ equipment: legalDwarf().equipment.map((g) => ({ ...g, equipped: true })) }));
    expect(summary.armor).toBe("medium");
    expect(summary.shield).toBe("medium");
    expect(summary.derived.block).toBe(3);
    expect(summary.resistances.piercing).toEqual({ species: 4, armor: 5, total: 9 });
  });
});

describe("species details in the live numbers", () => {
  it("Gnolls run one further", () => {
    const gnoll = creationSummary(with_({ species: GNOLLS, equipment: [] }));
    const dwarf = creationSummary(with_({ equipment: [] }));
    expect(gnoll.derived.run).toBe(dwarf.derived.run + 1);
  });
});

describe("robustness", () => {
  const arbitraryBuild = fc.record({
    name: fc.string(),
    premadeOption: fc.option(fc.integer({ min: -2, max: 10 })),
    skills: fc.dictionary(fc.constantFrom(...SKILL_KEYS), fc.oneof(fc.integer({ min: 0, max: 14 }), fc.double())),
    species: fc.constantFrom(null, DWARVES, HUMANS, HIGH_ELVES, CHANGELINGS, MYCOREANS, GOBLINS, DJINN),
    speciesBonusSkills: fc.array(fc.constantFrom(...SKILL_KEYS, "nope")),
    speciesResistance: fc.constantFrom("", ...DAMAGE_TYPES, "acid"),
    sizeChoice: fc.constantFrom("", "small", "large", "colossal"),
    grants: fc.array(fc.constantFrom("focus.barter", "spell.shock", "x")),
    personalBonusSkill: fc.constantFrom("", ...SKILL_KEYS, "luck"),
    foci: fc.array(fc.constantFrom(focus("a"), focus("b"), focus("c"), focus("d"))),
    customizedSkills: fc.dictionary(fc.constantFrom(...SKILL_KEYS), fc.integer({ min: 0, max: 14 })),
    features: fc.array(fc.constantFrom(feature("diehard", 1), feature("evasion", 4), feature("wealthy", 1, { repeatable: true }), feature("bad", 9))),
    spells: fc.array(fc.constantFrom(spell("fireball", 3), spell("haste", 2, "slow"), spell("odd", 0))),
    resistanceAllocation: fc.dictionary(fc.constantFrom(...DAMAGE_TYPES), fc.integer({ min: -2, max: 6 })),
    equipment: fc.array(fc.record({ id: fc.string(), type: fc.constantFrom("armor", "shield", "weapon"), price: fc.integer({ min: -10, max: 3000 }), quantity: fc.integer({ min: -1, max: 3 }), equipped: fc.boolean() })),
  });

  it("property: creationProblems and creationSummary never throw on arbitrary input", () => {
    fc.assert(fc.property(arbitraryBuild, (build) => {
      const b = build as unknown as CreationBuild;
      creationProblems(b);
      creationSummary(b);
      return true;
    }), { numRuns: 300 });
  });

  it("property: a legal build's summary is within every budget", () => {
    // Random variations of the legal Dwarf: whichever pass must leave nothing overspent or unspent.
    const variation = fc.record({
      customizedSkills: fc.dictionary(fc.constantFrom(...SKILL_KEYS), fc.integer({ min: 4, max: 12 })),
      features: fc.subarray([feature("diehard", 1), feature("power-attack", 2), feature("titan-grip", 3), feature("evasion", 4), feature("wealthy", 1, { repeatable: true })]),
      resistanceAllocation: fc.record(Object.fromEntries(DAMAGE_TYPES.map((t) => [t, fc.integer({ min: 0, max: 3 })])) as Record<(typeof DAMAGE_TYPES)[number], fc.Arbitrary<number>>),
    });
    let legal = 0;
    fc.assert(fc.property(variation, (changes) => {
      const build = with_(changes);
      if (creationProblems(build).length > 0) return true;
      legal += 1;
      const summary = creationSummary(build);
      return summary.cp.left >= 0 && summary.currency.left >= 0 && summary.resistancePoints.left === 0 && summary.skillPoints.left === 0;
    }), { numRuns: 2000 });
    expect(legal).toBeGreaterThan(0);
  });

  it("applyPremadeOption refuses an order with repeats", () => {
    expect(() => applyPremadeOption(1, ["strength", "strength"])).toThrow(RangeError);
    expect(() => applyPremadeOption(0, FIGHTER_ORDER)).toThrow(RangeError);
  });
});

describe("creation warnings: legal, but the player should hear them before finishing", () => {
  const heavy = { id: "armor.plate", type: "armor" as const, price: 1000, quantity: 1, weight: "heavy" as const, equipped: true,
    resistances: { ballistic: 4, blunt: 4, energy: 4, piercing: 6, slashing: 5, explosive: 3 } };
  it("the legal Dwarf has none", () => {
    expect(creationWarnings(legalDwarf())).toEqual([]);
  });
  it("heavy armor in use at Strength 7 (max medium): the armor's burden, the sheet's numbers", () => {
    const build = with_({ customizedSkills: { stamina: 7 }, features: [...legalDwarf().features, feature("brawler", 1), feature("tough", 1)], equipment: [heavy] });
    expect(creationProblems(build)).toEqual([]);
    const warnings = creationWarnings(build);
    expect(warnings).toHaveLength(1);
    const [w] = warnings;
    expect(w.code).toBe("armorTooHeavy");
    if (w.code !== "armorTooHeavy") return;
    expect(w.subject).toBe("armor.plate");
    expect(w.burden).toEqual(creationArmorBurden(build));
    expect(w.burden.maxArmor).toBe("medium");
    expect(w.burden.encumbrance).toBe("encumbered");
    expect(w.burden.worn.run).toBe(creationSummary(build).derived.run);
    // Not worn: no warning; the shop's question "what would it cost" still has the answer.
    const unworn = with_({ ...build, equipment: [{ ...heavy, equipped: false }] });
    expect(creationWarnings(unworn)).toEqual([]);
    expect(creationArmorBurden(unworn, "heavy")).toEqual(w.burden);
    expect(creationArmorBurden(unworn, "medium")).toBeNull();
  });
  it("unspent customization points: how many of the budget", () => {
    const build = with_({ features: legalDwarf().features.slice(0, 2) });
    // 3 CP of ranks, Diehard 1 and Power Attack 2: 6 of 12 spent.
    expect(creationWarnings(build)).toEqual([{ step: "customization", code: "unspentCp", value: 6, limit: 12 }]);
  });
  it("property: unspentCp appears exactly when the summary shows CP left", () => {
    fc.assert(fc.property(fc.subarray([...legalDwarf().features]), (features) => {
      const build = with_({ features });
      const left = creationSummary(build).cp.left;
      expect(creationWarnings(build).some((w) => w.code === "unspentCp")).toBe(left > 0);
    }));
  });
});

describe("resistance shares: species, placed, armor, total", () => {
  it("a High Elf (+1 energy) placing 2 in blunt: species 2 in blunt with 2 placed, species 3 in energy", () => {
    const build = with_({ species: HIGH_ELVES, resistanceAllocation: { ...emptyAllocation(), blunt: 2, energy: 1 } });
    const shares = creationSummary(build).resistanceShares;
    expect(shares.blunt).toEqual({ species: 2, placed: 2, armor: 3, total: 7 });
    expect(shares.energy).toEqual({ species: 3, placed: 1, armor: 3, total: 7 });
  });
  it("property: species + placed is the rules' species share, and armor and total are the rules' own", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 6, maxLength: 6 }), fc.constantFrom(DWARVES, HIGH_ELVES, GNOLLS), (values, species) => {
      const allocation = Object.fromEntries(DAMAGE_TYPES.map((t, i) => [t, values[i]])) as ReturnType<typeof emptyAllocation>;
      const summary = creationSummary(with_({ species, resistanceAllocation: allocation }));
      for (const type of DAMAGE_TYPES) {
        const share = summary.resistanceShares[type];
        const row = summary.resistances[type];
        expect(share.species + share.placed).toBe(row.species);
        expect(share.species).toBe(2 + (species.resistanceBonus === type ? 1 : 0));
        expect([share.armor, share.total]).toEqual([row.armor, row.total]);
      }
    }));
  });
});
