/** Magic artifact: a body slot, crafting gains and its effects while equipped. */
import { choices } from "../../config";
import { SchemaField, booleanField, choiceField, integerField, optionalChoiceField, uuidField } from "../fields";
import { FIELD_LOCALIZATION_PREFIXES, itemBaseSchema } from "./base";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

function defineArtifactSchema() {
  return {
    ...itemBaseSchema(),
    slot: choiceField(choices.artifactSlots, "amulet"),
    gains: integerField(5, 1, 12),
    effects: new SchemaField({
      /** Extra vitals (Amulet of Vitality). */
      vitals: integerField(0, 0, 6),
      /** Extra maximum mana (Amulet of Wizardry). */
      mana: integerField(0, 0, 36),
      /** Focus in this skill when the wielder has none (staffs), or "". */
      focusSkill: optionalChoiceField(choices.skills),
      castsSpell: uuidField(),
      rerollSkill: optionalChoiceField(choices.skills),
      criticalSchool: optionalChoiceField(choices.schools),
      conditionReroll: optionalChoiceField(choices.conditions),
      noFallingDamage: booleanField(),
    }),
    equipped: booleanField(),
    /** The book prices no artifact; the GM sets one (RULING 27). */
    price: integerField(0, 0),
    /** How many are carried (every physical item has one; Item Piles stacks by it). */
    quantity: integerField(1, 0),
  };
}

export type ArtifactSchema = ReturnType<typeof defineArtifactSchema>;

export class ArtifactData extends foundry.abstract.TypeDataModel<ArtifactSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): ArtifactSchema {
    return defineArtifactSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Item.artifact", source));
  }
}
