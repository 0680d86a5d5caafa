/** Player character system data. */
import type { EmptyObject } from "fvtt-types/utils";
import { FIELD_LOCALIZATION_PREFIXES } from "../item/base";
import { creatureSchema, validateCreature, type PreparedCreatureData } from "./creature";
import { prepareCreature } from "./prepare";

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

  static override validateJoint(data: CharacterSource): void {
    validateCreature(data);
  }

  override prepareDerivedData(): void {
    prepareCreature(this, this.parent, { kind: "character" });
  }
}
