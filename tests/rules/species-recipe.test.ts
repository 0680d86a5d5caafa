/**
 * The book's "Creating Your Own Species" recipe (src/rules/species-recipe.ts): the book's own
 * worked example (the Satyr) passes, each limit is named with its localization key and data
 * when broken, and properties over any species built inside or outside the limits.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONDITION_KEYS, DAMAGE_TYPES, SKILL_KEYS, SPECIES_ABILITY_KINDS, SPECIES_RECIPE, abilityWeight, checkSpeciesRecipe,
  kindsInUse, type RecipeLists, type RecipeSpecies,
} from "../../src/rules";

const lists: RecipeLists = { skills: SKILL_KEYS, damageTypes: DAMAGE_TYPES, conditions: CONDITION_KEYS, abilityKinds: [...SPECIES_ABILITY_KINDS, "darkvision"] };

/** The book's worked example (L275–L277): +1 Blunt, Creativity, Charisma, Manipulation; a 6 P headbutt and +1 Run. */
function satyr(over: Partial<RecipeSpecies> = {}, ability: Partial<RecipeSpecies["ability"]> = {}): RecipeSpecies {
  return {
    size: "medium", sizeChoices: [], resistanceBonus: "blunt", resistanceExcluded: [],
    bonusSkills: ["creativity", "charisma", "manipulation"], anyBonusSkills: false, grants: [],
    extraFoci: 0, extraCustomizationPoints: 0, runBonus: 1, lighterArmorForMovement: false, dodgePenaltyReduction: 0,
    unarmedDamageType: "", conditionRerolls: [], restHealing: 1, luckKeepBest: false,
    ...over,
    ability: {
      name: "Headbutt", text: "<p>Horned heads: a headbutt for 6 piercing dice. Reverse joints: +1 Run.</p>",
      kinds: ["unarmedAttack", "runBonus"], attack: { dice: 6, type: "piercing" }, ...ability,
    },
  };
}

const codes = (s: RecipeSpecies) => checkSpeciesRecipe(s, lists).map((p) => p.code);

describe("the book's example", () => {
  it("the Satyr built as in L275–L277 keeps every limit", () => {
    expect(checkSpeciesRecipe(satyr(), lists)).toEqual([]);
  });

  it("a text-only ability, or one a setting module declared, is a minor ability too", () => {
    expect(codes(satyr({ runBonus: 0 }, { kinds: [], attack: { dice: 0, type: "piercing" }, name: "" }))).toEqual([]);
    expect(codes(satyr({ runBonus: 0 }, { kinds: ["darkvision"], attack: { dice: 0, type: "piercing" } }))).toEqual([]);
  });
});

describe("each limit, with its key and data", () => {
  it("size: Small to Large, size choices included", () => {
    expect(checkSpeciesRecipe(satyr({ size: "huge" }), lists)).toEqual([
      { part: "size", code: "Size", key: "CLOCKWORK.Recipe.Problem.Size", data: { size: "huge" } },
    ]);
    expect(codes(satyr({ size: "small", sizeChoices: ["tiny", "small"] }))).toEqual(["Size"]);
    expect(codes(satyr({ size: "small", sizeChoices: ["small", "medium", "large"] }))).toEqual([]);
  });

  it("resistance: one named type, never ballistic or explosive, never the Human's 'any'", () => {
    expect(codes(satyr({ resistanceBonus: "any" }))).toEqual(["ResistanceAny"]);
    expect(checkSpeciesRecipe(satyr({ resistanceBonus: "explosive" }), lists)[0]).toEqual({
      part: "resistance", code: "ResistanceType", key: "CLOCKWORK.Recipe.Problem.ResistanceType", data: { type: "explosive" },
    });
    expect(codes(satyr({ resistanceBonus: "ballistic" }))).toEqual(["ResistanceType"]);
    expect(codes(satyr({ resistanceBonus: "frost" }))).toEqual(["ResistanceAny"]);
    expect(checkSpeciesRecipe(satyr({ resistanceBonus: "frost" }), { ...lists, damageTypes: [...DAMAGE_TYPES, "frost"] })).toEqual([]);
    expect(codes(satyr({ resistanceExcluded: ["ballistic"] }))).toEqual(["ResistanceExcluded"]);
  });

  it("skills: three distinct known skills, not the Human's 'any two'", () => {
    expect(checkSpeciesRecipe(satyr({ bonusSkills: ["charisma", "creativity"] }), lists)).toEqual([
      { part: "skills", code: "SkillCount", key: "CLOCKWORK.Recipe.Problem.SkillCount", data: { count: 2, needed: 3 } },
    ]);
    expect(codes(satyr({ bonusSkills: ["charisma", "charisma", "creativity"] }))).toEqual(["SkillCount"]);
    expect(codes(satyr({ bonusSkills: ["charisma", "creativity", "juggling"] }))).toEqual(["SkillUnknown"]);
    expect(codes(satyr({ bonusSkills: [], anyBonusSkills: true }))).toEqual(["SkillsAny", "SkillCount"]);
  });

  it("ability text: required and short", () => {
    expect(codes(satyr({}, { text: "<p> </p>" }))).toEqual(["TextMissing"]);
    const long = `<p>${"x".repeat(SPECIES_RECIPE.textMax + 1)}</p>`;
    expect(checkSpeciesRecipe(satyr({}, { text: long }), lists)[0]?.data).toEqual({ length: 601, max: 600 });
    expect(codes(satyr({}, { text: `<p>${"x".repeat(SPECIES_RECIPE.textMax)}</p>` }))).toEqual([]);
    expect(codes(satyr({}, { name: "n".repeat(41) }))).toEqual(["NameLong"]);
  });

  it("natural attack: 1–6 dice of a physical type, and a name", () => {
    expect(checkSpeciesRecipe(satyr({}, { attack: { dice: 7, type: "piercing" } }), lists)).toEqual([
      { part: "ability", code: "AttackDice", key: "CLOCKWORK.Recipe.Problem.AttackDice", data: { dice: 7, min: 1, max: 6 } },
    ]);
    expect(codes(satyr({}, { attack: { dice: 6, type: "energy" } }))).toEqual(["AttackType"]);
    expect(codes(satyr({}, { name: " " }))).toEqual(["AttackName"]);
    // Named as the ability's kind with no dice: the kind's numbers are missing.
    expect(codes(satyr({}, { attack: { dice: 0, type: "piercing" } }))).toEqual(["AttackDice"]);
  });

  it("the other kinds' numbers are the premade species' own", () => {
    const only = (over: Partial<RecipeSpecies>, kind: string) => codes(satyr({ runBonus: 0, ...over }, { kinds: [kind], attack: { dice: 0, type: "piercing" } }));
    expect(only({ runBonus: 2 }, "runBonus")).toEqual(["RunBonus"]);
    expect(only({ runBonus: 1 }, "runBonus")).toEqual([]);
    expect(only({ restHealing: 3 }, "restHealing")).toEqual(["RestHealing"]);
    expect(only({ restHealing: 2 }, "restHealing")).toEqual([]);
    expect(only({ conditionRerolls: ["burning", "poisoned"] }, "conditionReroll")).toEqual(["ConditionRerolls"]);
    expect(only({ conditionRerolls: ["burning"] }, "conditionReroll")).toEqual([]);
    expect(only({ unarmedDamageType: "energy" }, "unarmedDamage")).toEqual(["UnarmedType"]);
    expect(only({ unarmedDamageType: "slashing" }, "unarmedDamage")).toEqual([]);
    expect(only({ extraFoci: 2 }, "extraFocus")).toEqual(["ExtraFoci"]);
    expect(only({ extraCustomizationPoints: 5 }, "customizationPoints")).toEqual(["CustomizationPoints"]);
    expect(only({ extraCustomizationPoints: 4 }, "customizationPoints")).toEqual([]);
    expect(only({ dodgePenaltyReduction: 2 }, "armorTraining")).toEqual(["DodgeReduction"]);
    expect(only({ luckKeepBest: false }, "luck")).toEqual(["KindWithoutNumbers"]);
    const foci = (n: number) => [{ kind: "focus", choose: n, options: Array.from({ length: n }, (_, i) => `Item.focus${i}`) }];
    expect(only({ grants: foci(2) }, "grantedFocus")).toEqual([]);
    expect(only({ grants: foci(3) }, "grantedFocus")).toEqual(["GrantedFoci", "TooStrong"]);
    expect(only({ grants: [{ kind: "spell", choose: 2, options: ["Item.a", "Item.b"] }] }, "grantedSpell")).toEqual(["GrantedSpells"]);
  });

  it("numbers for a kind the ability does not name are refused; an unknown kind is named", () => {
    expect(checkSpeciesRecipe(satyr({ restHealing: 2 }), lists)).toContainEqual({
      part: "ability", code: "KindNotNamed", key: "CLOCKWORK.Recipe.Problem.KindNotNamed", data: { kind: "restHealing" },
    });
    expect(codes(satyr({}, { kinds: ["unarmedAttack", "runBonus", "wings"] }))).toEqual(["KindUnknown", "TooStrong"]);
  });

  it("one minor ability: at most 2 of weight (the Satyr's headbutt and +1 Run), so not a third part", () => {
    expect(checkSpeciesRecipe(satyr({ restHealing: 2 }, { kinds: ["unarmedAttack", "runBonus", "restHealing"] }), lists)).toEqual([
      { part: "ability", code: "TooStrong", key: "CLOCKWORK.Recipe.Problem.TooStrong", data: { weight: 3, budget: 2 } },
    ]);
    // 4 customization points are a whole ability (High Elves): nothing beside them.
    expect(codes(satyr({ extraCustomizationPoints: 4 }, { kinds: ["customizationPoints", "runBonus"], attack: { dice: 0, type: "piercing" } }))).toEqual(["TooStrong"]);
  });
});

/* ------------------------------------------------------------------ properties */

const physical = fc.constantFrom(...SPECIES_RECIPE.unarmedTypes);
const skillTriple = fc.uniqueArray(fc.constantFrom(...SKILL_KEYS), { minLength: 3, maxLength: 3 });

/** Any species built inside the recipe: one or two weight-1 parts, or none (text only). */
const withinRecipe: fc.Arbitrary<RecipeSpecies> = fc.record({
  size: fc.constantFrom(...SPECIES_RECIPE.sizes),
  resistance: fc.constantFrom("blunt", "energy", "piercing", "slashing"),
  skills: skillTriple,
  parts: fc.uniqueArray(fc.constantFrom("unarmedAttack", "unarmedDamage", "runBonus", "conditionReroll", "restHealing", "extraFocus"), { maxLength: 2 }),
  dice: fc.integer({ min: 1, max: 6 }),
  type: physical,
  unarmed: fc.constantFrom("piercing", "slashing"),
  condition: fc.constantFrom(...CONDITION_KEYS),
  text: fc.string({ minLength: 1, maxLength: 200 }).filter((t) => t.trim().length > 0 && !/[<>&]/.test(t)),
}).map((r) => {
  const has = (k: string) => (r.parts as string[]).includes(k);
  return satyr({
    size: r.size, resistanceBonus: r.resistance, bonusSkills: r.skills,
    runBonus: has("runBonus") ? 1 : 0, unarmedDamageType: has("unarmedDamage") ? r.unarmed : "",
    conditionRerolls: has("conditionReroll") ? [r.condition] : [], restHealing: has("restHealing") ? 2 : 1, extraFoci: has("extraFocus") ? 1 : 0,
  }, { text: r.text, kinds: r.parts, attack: has("unarmedAttack") ? { dice: r.dice, type: r.type } : { dice: 0, type: "piercing" } });
});

describe("properties", () => {
  it("every species built inside the limits passes", () => {
    fc.assert(fc.property(withinRecipe, (s) => {
      expect(checkSpeciesRecipe(s, lists)).toEqual([]);
      expect(abilityWeight(s)).toBeLessThanOrEqual(SPECIES_RECIPE.budget);
    }));
  });

  it("the kinds whose numbers are set are exactly the kinds named, for a species inside the limits", () => {
    fc.assert(fc.property(withinRecipe, (s) => {
      expect(new Set(kindsInUse(s))).toEqual(new Set(s.ability.kinds));
    }));
  });

  it("raising one number past its limit is refused with that limit's code, and only that one part", () => {
    const breaks: [string, (s: RecipeSpecies, n: number) => RecipeSpecies][] = [
      ["RunBonus", (s, n) => ({ ...s, runBonus: 1 + n })],
      ["RestHealing", (s, n) => ({ ...s, restHealing: 2 + n })],
      ["ExtraFoci", (s, n) => ({ ...s, extraFoci: 1 + n })],
      ["AttackDice", (s, n) => ({ ...s, ability: { ...s.ability, attack: { ...s.ability.attack, dice: 6 + n } } })],
    ];
    const kindOf: Record<string, string> = { RunBonus: "runBonus", RestHealing: "restHealing", ExtraFoci: "extraFocus", AttackDice: "unarmedAttack" };
    fc.assert(fc.property(withinRecipe, fc.integer({ min: 0, max: breaks.length - 1 }), fc.integer({ min: 1, max: 4 }), (s, which, n) => {
      const [code, raise] = breaks[which];
      if (!s.ability.kinds.includes(kindOf[code])) return;
      const problems = checkSpeciesRecipe(raise(s, n), lists);
      expect(problems.map((p) => p.code)).toEqual([code]);
      expect(problems[0].key).toBe(`CLOCKWORK.Recipe.Problem.${code}`);
    }));
  });

  it("never throws and always names a known part, whatever the data", () => {
    const anySpecies = fc.record({
      size: fc.string(), sizeChoices: fc.array(fc.string(), { maxLength: 3 }), resistanceBonus: fc.string(), resistanceExcluded: fc.array(fc.string(), { maxLength: 2 }),
      bonusSkills: fc.array(fc.string(), { maxLength: 5 }), anyBonusSkills: fc.boolean(),
      grants: fc.array(fc.record({ kind: fc.constantFrom("focus", "spell"), choose: fc.integer({ min: 1, max: 4 }), options: fc.array(fc.string(), { maxLength: 4 }) }), { maxLength: 2 }),
      extraFoci: fc.integer({ min: 0, max: 4 }), extraCustomizationPoints: fc.integer({ min: 0, max: 12 }), runBonus: fc.integer({ min: 0, max: 4 }),
      lighterArmorForMovement: fc.boolean(), dodgePenaltyReduction: fc.integer({ min: 0, max: 2 }), unarmedDamageType: fc.string(),
      conditionRerolls: fc.array(fc.string(), { maxLength: 3 }), restHealing: fc.integer({ min: 1, max: 4 }), luckKeepBest: fc.boolean(),
      ability: fc.record({ name: fc.string(), text: fc.string(), kinds: fc.array(fc.string(), { maxLength: 4 }), attack: fc.record({ dice: fc.integer({ min: 0, max: 12 }), type: fc.string() }) }),
    });
    fc.assert(fc.property(anySpecies, (s) => {
      for (const p of checkSpeciesRecipe(s, lists)) {
        expect(["size", "resistance", "skills", "ability"]).toContain(p.part);
        expect(p.key).toBe(`CLOCKWORK.Recipe.Problem.${p.code}`);
      }
    }));
  });
});

/* ------------------------------------------------------------------ the premade species as evidence */

import { items as packItems } from "../packs/load-sources";

describe("the premade species, read by the recipe (where its numbers come from)", () => {
  const premade = packItems("species").map((d) => ({ name: d.name, system: d.system as unknown as RecipeSpecies }));

  it("every premade ability is within the budget and the numbers; only Humans and Changelings leave the recipe, by their flexible bonus", () => {
    expect(premade).toHaveLength(20);
    const off: Record<string, string[]> = {};
    for (const { name, system } of premade) {
      // Their words are in the description, not in the ability's text.
      const problems = checkSpeciesRecipe({ ...system, ability: { ...system.ability, text: "(in the description)" } }, lists).map((p) => p.code);
      if (problems.length) off[name] = problems;
      expect(abilityWeight(system), name).toBeLessThanOrEqual(SPECIES_RECIPE.budget);
    }
    expect(off).toEqual({
      Changelings: ["ResistanceAny", "ResistanceExcluded"],
      Humans: ["ResistanceAny", "SkillsAny", "SkillCount"],
    });
  });
});
