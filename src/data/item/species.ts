/** Species: size, resistance bonus, bonus skills to pick from, grants and special traits. */
import { choices } from "../../config";
import {
  ArrayField, SchemaField, booleanField, choiceField, choiceListField, integerField, keyListField, optionalChoiceField,
  requireThat, stringField, uuidListField,
} from "../fields";
import { FIELD_LOCALIZATION_PREFIXES, itemBaseSchema } from "./base";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

/** Marks a species whose resistance bonus the player places (Humans, Changelings). */
export const ANY_RESISTANCE = "any";

function defineSpeciesSchema() {
  return {
    ...itemBaseSchema(),
    size: choiceField(choices.sizes, "medium"),
    /** Sizes the player picks from (Mycorreans); empty when the size is fixed. */
    sizeChoices: choiceListField(choices.sizes),
    resistanceBonus: choiceField(() => [...choices.damageTypes(), ANY_RESISTANCE], ANY_RESISTANCE),
    /** Types the "any" bonus may not take (Changelings: ballistic, explosive). */
    resistanceExcluded: choiceListField(choices.damageTypes),
    /** The three skills the player picks two of; empty when `anyBonusSkills`. */
    bonusSkills: choiceListField(choices.skills, { max: 3 }),
    anyBonusSkills: booleanField(),
    /** Foci or spells granted on top: pick `choose` of `options`. */
    grants: new ArrayField(
      new SchemaField({
        kind: choiceField(choices.grantKinds, "focus"),
        choose: integerField(1, 1),
        options: uuidListField(),
      }),
      { required: true, initial: () => [] },
    ),
    extraFoci: integerField(0, 0, 4),
    extraCustomizationPoints: integerField(0, 0, 12),
    runBonus: integerField(0, 0, 4),
    lighterArmorForMovement: booleanField(),
    dodgePenaltyReduction: integerField(0, 0, 2),
    unarmedDamageType: optionalChoiceField(choices.damageTypes),
    conditionRerolls: choiceListField(choices.conditions),
    restHealing: integerField(1, 1, 4),
    luckKeepBest: booleanField(),
    /** Made by a player or the GM by the book's recipe (issue 31 item 3), not a premade species. */
    custom: booleanField(),
    /** The GM approved this custom species; only a GM may set it (species-approval.ts). */
    approved: booleanField(),
    /** The species' minor special ability, as the recipe describes it (src/rules/species-recipe.ts). */
    ability: new SchemaField({
      /** A short name ("Headbutt"); names the natural attack when it has one. */
      name: stringField(),
      /** What it does, in a few plain sentences. */
      text: stringField(),
      /**
       * Its kinds (`CONFIG.CLOCKWORK.speciesAbilityKinds`). Kept as keys, not a closed choice, so a
       * species naming a setting module's kind stays valid when that module is switched off.
       */
      kinds: keyListField({ max: 4 }),
      /** A natural attack (kind `unarmedAttack`): dice 0 = none; rolled with Body / Strength or Body / Agility for 2 counters. */
      attack: new SchemaField({
        dice: integerField(0, 0, 12),
        type: choiceField(choices.damageTypes, "piercing"),
      }),
    }),
  };
}

export type SpeciesSchema = ReturnType<typeof defineSpeciesSchema>;
type SpeciesSource = foundry.data.fields.SchemaField.SourceData<SpeciesSchema>;

export class SpeciesData extends foundry.abstract.TypeDataModel<SpeciesSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): SpeciesSchema {
    return defineSpeciesSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Item.species", source));
  }

  static override validateJoint(data: SpeciesSource): void {
    requireThat(!data.anyBonusSkills || data.bonusSkills.length === 0, "CLOCKWORK.Error.Species.AnySkillsWithList");
    requireThat(data.sizeChoices.length === 0 || data.sizeChoices.includes(data.size), "CLOCKWORK.Error.Species.SizeNotChoice", { size: data.size });
    requireThat(data.resistanceExcluded.length === 0 || data.resistanceBonus === ANY_RESISTANCE, "CLOCKWORK.Error.Species.ExcludedWithoutAny");
    for (const grant of data.grants) {
      requireThat(grant.options.length === 0 || grant.choose <= grant.options.length, "CLOCKWORK.Error.Species.GrantTooFewOptions", {
        choose: grant.choose,
        count: grant.options.length,
      });
    }
  }
}
