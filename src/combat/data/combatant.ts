/**
 * The Combatant's system data (issue 10): the counter record of the rules core
 * (`CounterState`), the counters moved between turns (`TimeShift`), the initiative roll with its
 * tie-breaks, the player's initiative skill, a companion's controller, a minion group's members,
 * and a short undo history of turn changes. Registered as `CONFIG.Combatant.dataModels.base`.
 */
import type { EmptyObject } from "fvtt-types/utils";
import { COUNTERS_PER_TURN, INITIATIVE_SKILLS } from "../../rules";
import { booleanField, integerField, nullableIntegerField, optionalChoiceField, stringField } from "../../data/fields";

const { ArrayField, NumberField, ObjectField, SchemaField, StringField } = foundry.data.fields;

function defineCombatantSchema() {
  return {
    /** The counter record (src/rules/counters.ts); the defaults are a defenseless combatant. */
    counters: new SchemaField({
      available: integerField(0, 0),
      reserved: integerField(0, 0),
      hadTurn: booleanField(),
      passed: booleanField(),
    }),
    /** Counters moved into or out of the next turn (Borrow Time, Sliding Time, Stun 1). */
    shift: new SchemaField({
      next: integerField(0, -COUNTERS_PER_TURN),
      borrowedFrom: booleanField(),
      slidInto: booleanField(),
      nextBorrowedFrom: booleanField(),
      nextSlidInto: booleanField(),
    }),
    /** This combat's initiative roll; `gains` null until rolled. */
    initiativeRoll: new SchemaField({
      gains: nullableIntegerField(0),
      skill: optionalChoiceField(() => [...INITIATIVE_SKILLS]),
      rank: nullableIntegerField(4, 12),
      faces: new ArrayField(new NumberField({ required: true, nullable: false, integer: true, min: 1, max: 12 })),
      tieBreaks: new ArrayField(new NumberField({ required: true, nullable: false, integer: true, min: 1, max: 12 })),
    }),
    /** The skill the owner picked for initiative; "" = the better of Agility and Intuition. */
    initiativeSkill: optionalChoiceField(() => [...INITIATIVE_SKILLS]),
    /** A companion's controller (a combatant id): it acts right after it and rolls nothing. */
    controllerId: stringField(),
    /** A minion group's members as token ids (one turn, one counter pool, RULING 91). */
    members: new ArrayField(new StringField({ required: true, nullable: false, blank: false })),
    /** States before recent turn changes, newest last (see src/combat/turns.ts). */
    history: new ArrayField(new ObjectField()),
  };
}

export type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

export class ClockworkCombatantData extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation, EmptyObject, EmptyObject> {
  static override LOCALIZATION_PREFIXES = ["CLOCKWORK.Combat.Turns.Field"];

  static override defineSchema(): CombatantSchema {
    return defineCombatantSchema();
  }
}

export const config = { base: ClockworkCombatantData } as const;
