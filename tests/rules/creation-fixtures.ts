/**
 * Plain creation data for the creation tests: species shaped like the pack's species items,
 * features and spells with the book's levels, and one legal build to break rule by rule.
 */
import { applyPremadeOption, emptyAllocation } from "../../src/rules";
import type { CreationBuild, CreationFeature, CreationSpecies, CreationSpell, SkillKey } from "../../src/rules";

function species(identifier: string, overrides: Partial<CreationSpecies>): CreationSpecies {
  return {
    identifier, size: "medium", sizeChoices: [], resistanceBonus: "blunt", resistanceExcluded: [], bonusSkills: [],
    anyBonusSkills: false, grants: [], extraFoci: 0, extraCustomizationPoints: 0, ...overrides,
  };
}

export const DWARVES = species("dwarves", { resistanceBonus: "blunt", bonusSkills: ["creativity", "strength", "ingenuity"], lighterArmorForMovement: true, dodgePenaltyReduction: 1 });
export const HUMANS = species("humans", { resistanceBonus: "any", anyBonusSkills: true, extraFoci: 1 });
export const HIGH_ELVES = species("high-elves", { resistanceBonus: "energy", bonusSkills: ["celestial", "knowledge", "spellcraft"], extraCustomizationPoints: 4 });
export const CHANGELINGS = species("changelings", { resistanceBonus: "any", resistanceExcluded: ["ballistic", "explosive"], bonusSkills: ["charisma", "intuition", "manipulation"] });
export const MYCOREANS = species("mycorreans", { resistanceBonus: "piercing", bonusSkills: ["charisma", "soul", "knowledge"], size: "medium", sizeChoices: ["small", "medium", "large"] });
export const GOBLINS = species("goblins", {
  size: "small", resistanceBonus: "slashing", bonusSkills: ["agility", "intuition", "manipulation"],
  grants: [{ kind: "focus", choose: 2, options: ["focus.barter", "focus.natural-liar"] }],
});
export const DJINN = species("djinn", {
  resistanceBonus: "energy", bonusSkills: ["agility", "charisma", "elemental"],
  grants: [
    { kind: "spell", choose: 1, options: ["spell.icicle", "spell.fire-bolt", "spell.shock", "spell.shard"] },
    { kind: "focus", choose: 1, options: ["focus.pyromancer", "focus.hydromancer"] },
  ],
});
export const GNOLLS = species("gnolls", { resistanceBonus: "slashing", bonusSkills: ["accuracy", "perception", "stamina"], runBonus: 1 });

export function feature(identifier: string, level: number, extra: Partial<CreationFeature> = {}): CreationFeature {
  return { id: `feature.${identifier}`, identifier, level, prerequisites: [], repeatable: false, allowedAtCreation: true, ...extra };
}
export function spell(identifier: string, level: number, pair?: string): CreationSpell {
  return { id: `spell.${identifier}`, identifier, level, ...(pair ? { pair } : {}) };
}
export const focus = (identifier: string, skill = "knowledge") => ({ id: `focus.${identifier}`, identifier, skill });

/** A fighter's priority: the best ranks go to Body skills first. */
export const FIGHTER_ORDER: SkillKey[] = [
  "strength", "stamina", "agility", "accuracy", "will", "perception", "knowledge", "intuition",
  "charisma", "manipulation", "elemental", "ingenuity", "celestial", "soul", "spellcraft", "creativity",
];

/**
 * A legal Dwarf: premade option 1, Strength lowered to 6 (2 CP) and Stamina to 7 (1 CP),
 * 9 CP of features; Body 6 + 7 = 13 → 8, so 4 + 3 (Medium) = 7 resistance points.
 */
export function legalDwarf(): CreationBuild {
  return {
    name: "Brokk",
    premadeOption: 1,
    skills: applyPremadeOption(1, FIGHTER_ORDER),
    species: DWARVES,
    speciesBonusSkills: ["strength", "creativity"],
    speciesResistance: "",
    sizeChoice: "",
    grants: [],
    personalBonusSkill: "will",
    foci: [focus("mauler", "strength"), focus("juggernaut", "strength"), focus("medicine")],
    customizedSkills: { strength: 6, stamina: 7 },
    features: [feature("diehard", 1), feature("power-attack", 2), feature("attack-of-opportunity", 2), feature("titan-grip", 3), feature("far-shot", 1)],
    spells: [],
    resistanceAllocation: { ...emptyAllocation(), slashing: 3, piercing: 2, blunt: 2 },
    equipment: [
      { id: "armor.breastplate", type: "armor", price: 500, quantity: 1, weight: "medium", equipped: true,
        resistances: { ballistic: 2, blunt: 3, energy: 3, piercing: 5, slashing: 3, explosive: 2 } },
      { id: "weapon.battleaxe", type: "weapon", price: 0, quantity: 1, equipped: true },
      { id: "shield.kite", type: "shield", price: 150, quantity: 1, weight: "medium", equipped: false },
    ],
  };
}
