/** NPC system data: the character core plus stat-block shortcuts. */
import type { EmptyObject } from "fvtt-types/utils";
import { FIELD_LOCALIZATION_PREFIXES } from "../item/base";
import { booleanField, integerField, nullableIntegerField, perDamageTypeField } from "../fields";
import { creatureSchema, validateCreature, type PreparedCreatureData } from "./creature";
import { prepareCreature } from "./prepare";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

function defineNpcSchema() {
  return {
    ...creatureSchema(),
    /** Weak NPCs have fewer vitals, important ones more. */
    vitalsMax: integerField(6, 1, 12),
    /** A minion has one vital. */
    minion: booleanField(),
    /** Direct resistance totals for creatures with no species or armor; null = derive. */
    resistanceOverride: perDamageTypeField(() => nullableIntegerField(0, 12)),
    /** Direct base defense; null = from size. */
    defenseOverride: nullableIntegerField(0, 12),
  };
}

export type NpcSchema = ReturnType<typeof defineNpcSchema>;
type NpcSource = foundry.data.fields.SchemaField.SourceData<NpcSchema>;

export class NpcData extends foundry.abstract.TypeDataModel<NpcSchema, Actor.Implementation, EmptyObject, PreparedCreatureData> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): NpcSchema {
    return defineNpcSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Actor.npc", source));
  }

  static override validateJoint(data: NpcSource): void {
    validateCreature(data);
  }

  override prepareDerivedData(): void {
    prepareCreature(this, this.parent, { kind: "npc" });
  }
}
