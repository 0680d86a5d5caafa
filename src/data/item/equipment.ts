/** Equipment: gear, alchemy, scrolls, kits and ammunition. */
import { choices } from "../../config";
import {
  SchemaField, areaField, booleanField, choiceField, choiceListField, integerField, optionalChoiceField,
  labelOf, requireThat, uuidField,
} from "../fields";
import { FIELD_LOCALIZATION_PREFIXES, itemBaseSchema } from "./base";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

/** Only alchemy items and scrolls fit belt and bandolier slots (digest §1.11). */
const COMBAT_CONTAINER_CATEGORIES: readonly string[] = ["alchemy", "scroll"];

function defineEquipmentSchema() {
  return {
    ...itemBaseSchema(),
    category: choiceField(choices.equipmentCategories, "gear"),
    /** Alchemy: the item's gains for the Alchemical Item spell. */
    level: integerField(0, 0, 4),
    thrown: booleanField(),
    area: areaField(choices.weaponAreaShapes),
    /** Hits or mana restored by summing `dice` d12 (RULING 84). */
    restores: new SchemaField({
      resource: optionalChoiceField(choices.restoreResources),
      dice: integerField(0, 0, 12),
    }),
    removesConditions: choiceListField(choices.conditions),
    appliesConditions: choiceListField(choices.conditions),
    castsSpell: uuidField(),
    quantity: integerField(1, 0),
    price: integerField(0, 0),
    container: choiceField(choices.containers, "backpack"),
  };
}

export type EquipmentSchema = ReturnType<typeof defineEquipmentSchema>;
type EquipmentSource = foundry.data.fields.SchemaField.SourceData<EquipmentSchema>;

export class EquipmentData extends foundry.abstract.TypeDataModel<EquipmentSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): EquipmentSchema {
    return defineEquipmentSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Item.equipment", source));
  }

  static override validateJoint(data: EquipmentSource): void {
    requireThat(data.restores.dice === 0 || data.restores.resource !== "", "CLOCKWORK.Error.Equipment.RestoreWithoutResource");
    requireThat(data.container === "backpack" || COMBAT_CONTAINER_CATEGORIES.includes(data.category), "CLOCKWORK.Error.Container", {
      container: labelOf("containers", data.container),
    });
  }
}
