/**
 * Loot: a chest, a corpse's pouch or a shop's stock. It holds items (with their quantities) and
 * coin, and nothing of a creature: no skills, health or turns. Item Piles uses it as the actor
 * type of the piles it creates (src/integrations/item-piles.ts).
 */
import { htmlField, integerField } from "../fields";
import { FIELD_LOCALIZATION_PREFIXES } from "../item/base";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

function defineLootSchema() {
  return {
    /** Coin in the chest: the same currency path as characters', so Item Piles moves it as one. */
    currency: integerField(0, 0),
    /** What the GM wants said about it (a shop's sign, where the chest stands). */
    description: htmlField(),
  };
}

export type LootSchema = ReturnType<typeof defineLootSchema>;

export class LootData extends foundry.abstract.TypeDataModel<LootSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): LootSchema {
    return defineLootSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Actor.loot", source));
  }
}
