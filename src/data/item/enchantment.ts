/** Magic armor enchantment or magic weapon property, applied to one owned armor or weapon. */
import { choices } from "../../config";
import {
  SchemaField, booleanField, choiceField, integerField, itemIdField, optionalChoiceField, requireThat, uuidField,
} from "../fields";
import { FIELD_LOCALIZATION_PREFIXES, itemBaseSchema } from "./base";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

function defineEnchantmentSchema() {
  return {
    ...itemBaseSchema(),
    target: choiceField(choices.enchantmentTargets, "armor"),
    /** Enchantment cost; magic weapon properties are 4 (RULING 35). */
    gains: integerField(2, 0, 12),
    /** Id of the owning actor's armor or weapon it is applied to, or "". */
    appliedTo: itemIdField(),
    effects: new SchemaField({
      resistance: new SchemaField({
        type: optionalChoiceField(choices.damageTypes),
        value: integerField(0, 0, 6),
      }),
      vitals: integerField(0, 0, 6),
      /** The armor counts one weight class lighter (Gravity Reduction). */
      lighterArmor: booleanField(),
      /** Armor-piercing effects are reduced by 1. */
      reinforced: booleanField(),
      conditionReroll: optionalChoiceField(choices.conditions),
      extraAttackDice: integerField(0, 0, 12),
      extraDamageDice: integerField(0, 0, 12),
      damageType: optionalChoiceField(choices.damageTypes),
      appliesCondition: optionalChoiceField(choices.conditions),
      castsSpell: uuidField(),
    }),
    /** The book prices no enchantment; the GM sets one (RULING 27). */
    price: integerField(0, 0),
  };
}

export type EnchantmentSchema = ReturnType<typeof defineEnchantmentSchema>;
type EnchantmentSource = foundry.data.fields.SchemaField.SourceData<EnchantmentSchema>;

export class EnchantmentData extends foundry.abstract.TypeDataModel<EnchantmentSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): EnchantmentSchema {
    return defineEnchantmentSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Item.enchantment", source));
  }

  static override validateJoint(data: EnchantmentSource): void {
    const { type, value } = data.effects.resistance;
    requireThat((type === "") === (value === 0), "CLOCKWORK.Error.Enchantment.ResistancePair");
  }
}
