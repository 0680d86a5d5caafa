/** Feature: a purchasable ability with a level and prerequisites. */
import { booleanField, identifierListField, integerField } from "../fields";
import { FIELD_LOCALIZATION_PREFIXES, itemBaseSchema } from "./base";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

function defineFeatureSchema() {
  return {
    ...itemBaseSchema(),
    level: integerField(1, 1, 4),
    /** Identifiers of features this one requires. */
    prerequisites: identifierListField(),
    /** May be bought more than once (Wealthy, Improved Critical). */
    repeatable: booleanField(),
    /** False for features banned at creation (Legendary Animal Companion). */
    allowedAtCreation: booleanField(true),
  };
}

export type FeatureSchema = ReturnType<typeof defineFeatureSchema>;

export class FeatureData extends foundry.abstract.TypeDataModel<FeatureSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): FeatureSchema {
    return defineFeatureSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Item.feature", source));
  }
}
