/** Spell: casting skill and school, cost, roll, range, area, damage, conditions, duration. */
import { choices } from "../../config";
import {
  SchemaField, areaField, booleanField, choiceField, choiceListField, conditionRefsField, identifierField,
  integerField, nullableIntegerField, optionalChoiceField, requireThat,
} from "../fields";
import { FIELD_LOCALIZATION_PREFIXES, itemBaseSchema } from "./base";
import { requireSchoolOfSkill } from "./magic";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

function defineSpellSchema() {
  return {
    ...itemBaseSchema(),
    skill: choiceField(choices.magicSkills, "celestial"),
    school: choiceField(choices.schools, "fate"),
    level: integerField(1, 1, 4),
    /** Action counters; null for spells cast out of combat only (rituals). */
    counters: nullableIntegerField(0, 12),
    mana: integerField(2, 0, 36),
    manaPerExtraTarget: integerField(0, 0, 12),
    roll: new SchemaField({
      kind: choiceField(choices.spellRollKinds, "unopposed"),
      /** The target's resisting skill for opposed rolls, or "". */
      opposedSkill: optionalChoiceField(choices.skills),
      /** The caster must exceed, not meet, the opposing roll (Counterspell). */
      mustExceed: booleanField(),
    }),
    range: new SchemaField({
      kind: choiceField(choices.spellRangeKinds, "spaces"),
      spaces: integerField(12, 0),
    }),
    area: areaField(choices.areaShapes),
    damage: new SchemaField({
      /** 0 = no damage dice. */
      dice: integerField(0, 0, 12),
      types: choiceListField(choices.damageTypes),
      unavoidable: booleanField(),
      /** One point per gain instead of dice (Disintegrate). */
      perGain: booleanField(),
    }),
    conditions: conditionRefsField(choices.spellTriggers),
    duration: new SchemaField({
      kind: choiceField(choices.durationKinds, "instant"),
      value: integerField(0, 0),
    }),
    /** Identifier of the other half of a paired heading (Haste ↔ Slow), or "". */
    pair: identifierField(),
  };
}

export type SpellSchema = ReturnType<typeof defineSpellSchema>;
type SpellSource = foundry.data.fields.SchemaField.SourceData<SpellSchema>;

export class SpellData extends foundry.abstract.TypeDataModel<SpellSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): SpellSchema {
    return defineSpellSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Item.spell", source));
  }

  static override validateJoint(data: SpellSource): void {
    requireSchoolOfSkill(data.school, data.skill);
    const dealsDamage = data.damage.dice > 0 || data.damage.perGain;
    requireThat(!dealsDamage || data.damage.types.length > 0, "CLOCKWORK.Error.DamageWithoutType");
  }
}
