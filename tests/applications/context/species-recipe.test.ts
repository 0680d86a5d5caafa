/**
 * The recipe window's pure parts (src/applications/context/species-recipe.ts): ticking a kind
 * fills in the premade number and unticking clears it (in the same change, whatever number box
 * the form still holds), one changed box changes one list entry, and Save writes a custom
 * species the data model accepts.
 */
import { describe, expect, it } from "vitest";
import { readRecipeForm, recipeDraft, recipeFormObject, recipeUpdate } from "../../../src/applications/context/species-recipe";
import { createClockworkConfig } from "../../../src/config";
import { checkSpeciesRecipe, CONDITION_KEYS, DAMAGE_TYPES, SKILL_KEYS, SPECIES_ABILITY_KINDS } from "../../../src/rules";

const lists = { skills: SKILL_KEYS, damageTypes: DAMAGE_TYPES, conditions: CONDITION_KEYS, abilityKinds: SPECIES_ABILITY_KINDS };
const blank = recipeDraft({});
const change = (d: ReturnType<typeof recipeDraft>, flat: Record<string, unknown>) => readRecipeForm(d, recipeFormObject(flat, d));

describe("the recipe form", () => {
  it("builds the book's Satyr one control at a time, and Save writes it as a custom species", () => {
    let d = blank;
    for (const [name, value] of [["resistanceBonus", "blunt"], ["skill.creativity", true], ["skill.charisma", true], ["skill.manipulation", true],
      ["ability.name", "Headbutt"], ["ability.text", "Horns, 6 piercing dice; +1 Run."], ["kind.unarmedAttack", true], ["kind.runBonus", true]] as const) {
      d = change(d, { [name]: value });
    }
    expect(d.bonusSkills).toEqual(["creativity", "charisma", "manipulation"]);
    expect(d.ability.attack).toEqual({ dice: 6, type: "piercing" });
    expect(d.runBonus).toBe(1);
    expect(checkSpeciesRecipe(d, lists)).toEqual([]);
    expect(recipeUpdate(d)).toMatchObject({ custom: true, anyBonusSkills: false, runBonus: 1, ability: { kinds: ["unarmedAttack", "runBonus"], attack: { dice: 6 } } });
    expect(recipeUpdate(d)).not.toHaveProperty("approved");
  });

  it("unticking a kind clears its number even when the form still shows the old box", () => {
    let d = change(blank, { "kind.restHealing": true });
    expect(d.restHealing).toBe(2);
    d = change(d, { "kind.restHealing": false, restHealing: 2 });
    expect(d.restHealing).toBe(1);
    expect(d.ability.kinds).toEqual([]);
  });

  it("reads a number only for a kind already named, and one box changes one skill", () => {
    const d = change(blank, { runBonus: 3 });
    expect(d.runBonus).toBe(0);
    const two = change(change(blank, { "skill.will": true }), { "skill.soul": true });
    expect(change(two, { "skill.will": false }).bonusSkills).toEqual(["soul"]);
  });

  it("keeps the data model's joint rules: an excluded list only with 'any', a size among its choices", () => {
    const changeling = recipeDraft({ resistanceBonus: "any", resistanceExcluded: ["ballistic", "explosive"], size: "small", sizeChoices: ["small", "medium"] });
    const d = change(changeling, { resistanceBonus: "energy" });
    expect(d.resistanceExcluded).toEqual([]);
    expect(change(changeling, { size: "large" }).sizeChoices).toEqual([]);
  });
});

describe("CONFIG.CLOCKWORK.speciesAbilityKinds", () => {
  it("lists every kind with numbers, each with its label and hint keys, for setting modules to add to", () => {
    const kinds = createClockworkConfig().speciesAbilityKinds;
    expect(Object.keys(kinds)).toEqual([...SPECIES_ABILITY_KINDS]);
    expect(kinds.runBonus).toEqual({ label: "CLOCKWORK.SpeciesAbilityKind.runBonus", hint: "CLOCKWORK.SpeciesAbilityKind.Hint.runBonus", mechanical: true });
  });
});
