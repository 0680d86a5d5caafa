/** Focus: +1 die when a narrow situation of its skill applies. */
import { choices } from "../../config";
import { choiceField, optionalChoiceField } from "../fields";
import { FIELD_LOCALIZATION_PREFIXES, itemBaseSchema } from "./base";
import { requireSchoolOfSkill } from "./magic";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

function defineFocusSchema() {
  return {
    ...itemBaseSchema(),
    skill: choiceField(choices.skills, "accuracy"),
    /** A weapon-group focus (Long Guns, an Orc's free focus), or "". */
    weaponGroup: optionalChoiceField(choices.weaponGroups),
    /** A school focus (Pyromancer: fire), or "". */
    school: optionalChoiceField(choices.schools),
  };
}

export type FocusSchema = ReturnType<typeof defineFocusSchema>;
type FocusSource = foundry.data.fields.SchemaField.SourceData<FocusSchema>;

export class FocusData extends foundry.abstract.TypeDataModel<FocusSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): FocusSchema {
    return defineFocusSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Item.focus", source));
  }

  static override validateJoint(data: FocusSource): void {
    if (data.school) requireSchoolOfSkill(data.school, data.skill);
  }
}
