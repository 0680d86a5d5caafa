/** Shield: a weight class (block +1 / +3 / +5) and whether it can bash. */
import { choices } from "../../config";
import { booleanField, choiceField, integerField } from "../fields";
import { FIELD_LOCALIZATION_PREFIXES, itemBaseSchema } from "./base";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

function defineShieldSchema() {
  return {
    ...itemBaseSchema(),
    weight: choiceField(choices.wornWeights, "light"),
    /** Kite and round shields can bash (RULING 34). */
    canBash: booleanField(),
    price: integerField(100, 0),
    /** How many are carried (every physical item has one; Item Piles stacks by it). */
    quantity: integerField(1, 0),
  };
}

export type ShieldSchema = ReturnType<typeof defineShieldSchema>;

export class ShieldData extends foundry.abstract.TypeDataModel<ShieldSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): ShieldSchema {
    return defineShieldSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Item.shield", source));
  }
}
