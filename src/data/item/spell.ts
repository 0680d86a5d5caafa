/** Spell: casting skill and school, cost, roll, range, area, damage, conditions, duration. */
import { choices } from "../../config";
import {
  ArrayField, SchemaField, areaField, booleanField, choiceField, choiceListField, conditionRefsField, identifierField,
  integerField, nullableIntegerField, optionalChoiceField, requireThat,
} from "../fields";
import { AUTOMATION_LEVELS, FIXED_DURATION_UNITS, SPELL_EFFECT_KINDS, SPELL_TABLE_KEYS, SPELL_TARGET_KINDS } from "../../rules/spells-constants";
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
    /** What the casting workflow automates (src/rules/spells.ts `SpellAutomation`; docs/spells.md). */
    automation: automationField(),
  };
}

/** Requirements a target may have to meet: a condition or state, or being wounded. */
const requirementKeys = (): string[] => [...choices.conditions(), "wounded"];

/** Structured automation data (issue 11); every field has a default, so older spells read as narrative. */
function automationField() {
  return new SchemaField({
    level: choiceField(() => [...AUTOMATION_LEVELS], "narrative"),
    harmful: booleanField(),
    dispellable: booleanField(true),
    targets: new SchemaField({
      kind: choiceField(() => [...SPELL_TARGET_KINDS], "one"),
      /** Most targets; 0 = any number. */
      max: integerField(1, 0, 99),
    }),
    minGains: integerField(0, 0, 24),
    effect: new SchemaField({
      kind: choiceField(() => [...SPELL_EFFECT_KINDS], "none"),
      amount: integerField(0, -99, 99),
      perGain: booleanField(),
      /** Cap on the amount; 0 = none. */
      max: integerField(0, 0, 99),
    }),
    requires: choiceListField(requirementKeys),
    removes: choiceListField(choices.conditions),
    attack: new SchemaField({ arcShot: booleanField(), ignoresCover: booleanField(), voidBolt: booleanField() }),
    against: optionalChoiceField(() => ["casting", "effect"]),
    margin: integerField(0, 0, 12),
    table: optionalChoiceField(() => [...SPELL_TABLE_KEYS]),
    fixedDuration: new SchemaField({ value: integerField(0, 0), unit: choiceField(() => [...FIXED_DURATION_UNITS], "rounds") }),
    /** Other ways to cast it (Heal at range or on an area): their own counters, mana, range and area. */
    modes: new ArrayField(new SchemaField({
      key: identifierField(),
      counters: integerField(0, 0, 12),
      mana: integerField(0, 0, 36),
      rangeSpaces: integerField(12, 0),
      areaShape: choiceField(choices.areaShapes, "none"),
      areaSize: integerField(0, 0),
    }), { required: true, initial: () => [] }),
  });
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
    // A spell from before issue 11 has no automation, or a broken one from an import: dropping a
    // non-object lets the schema's defaults (a narrative spell) fill it in; anything else stays.
    if ("automation" in source && (source.automation === null || typeof source.automation !== "object" || Array.isArray(source.automation))) {
      delete source.automation;
    }
    return super.migrateData(migrateModelData("Item.spell", source));
  }

  static override validateJoint(data: SpellSource): void {
    requireSchoolOfSkill(data.school, data.skill);
    const dealsDamage = data.damage.dice > 0 || data.damage.perGain;
    requireThat(!dealsDamage || data.damage.types.length > 0, "CLOCKWORK.Error.DamageWithoutType");
  }
}
