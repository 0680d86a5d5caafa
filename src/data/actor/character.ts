/** Player character system data. */
import type { EmptyObject } from "fvtt-types/utils";
import { FIELD_LOCALIZATION_PREFIXES } from "../item/base";
import { creatureSchema, validateCreature, type PreparedCreatureData } from "./creature";
import { prepareCreature } from "./prepare";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

function defineCharacterSchema() {
  return creatureSchema();
}

export type CharacterSchema = ReturnType<typeof defineCharacterSchema>;
type CharacterSource = foundry.data.fields.SchemaField.SourceData<CharacterSchema>;

export class CharacterData extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation, EmptyObject, PreparedCreatureData> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): CharacterSchema {
    return defineCharacterSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Actor.character", source));
  }

  static override validateJoint(data: CharacterSource): void {
    validateCreature(data);
  }

  override prepareDerivedData(): void {
    prepareCreature(this, this.parent, { kind: "character" });
  }
}
