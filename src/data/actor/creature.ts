/** Stored fields shared by characters and NPCs (docs/data-model.md, "character"). */
import { choices } from "../../config";
import { MAX_CURRENCY, STARTING_CURRENCY } from "../../rules";
import type { SkillKey } from "../../rules";
import {
  SchemaField, booleanField, choiceField, choiceListField, htmlField, integerField, itemIdField, labelOf,
  optionalChoiceField, perDamageTypeField, requireThat,
} from "../fields";
import { LUCK_PER_SESSION } from "./derive";
import type { ActorDerivedData, DerivedHealth } from "./derived";
import { MAX_BARRIER, healthBoundProblem, type HealthBoundSource } from "../../rules/health-bounds";

/** Skill ranks run from 12 (untrained, the default) down to 4. */
function skillField() {
  return new SchemaField({ rank: integerField(12, 4, 12) });
}

function skillsField() {
  const shape = {} as Record<SkillKey, ReturnType<typeof skillField>>;
  for (const key of choices.skills()) shape[key] = skillField();
  return new SchemaField(shape);
}

export function creatureSchema() {
  return {
    skills: skillsField(),
    /** The two skills picked from the species' three (any two for Humans). */
    speciesBonusSkills: choiceListField(choices.skills, { max: 2 }),
    /** One more bonus skill, never one of the species picks. */
    personalBonusSkill: optionalChoiceField(choices.skills),
    /** Where a Human or Changeling put the species +1, or "". */
    speciesResistance: optionalChoiceField(choices.damageTypes),
    /** The size picked for a species with a size choice (Mycorreans), or "". */
    sizeChoice: optionalChoiceField(choices.sizes),
    /** Creation points over the fixed base 2 per type: at most 3, so a type reaches 5 (RULING 22). */
    resistanceAllocation: perDamageTypeField(() => integerField(0, 0, 3)),
    health: new SchemaField({
      /** Hits in the box of the current vital. */
      hits: integerField(0, 0),
      wounds: integerField(0, 0),
      vitalsLost: integerField(0, 0),
      /** Barrier points that absorb damage first. */
      barrier: integerField(0, 0, MAX_BARRIER),
      dying: booleanField(),
      dead: booleanField(),
    }),
    mana: new SchemaField({ value: integerField(0, 0) }),
    luck: new SchemaField({ value: integerField(LUCK_PER_SESSION, 0, LUCK_PER_SESSION) }),
    xp: new SchemaField({ earned: integerField(0, 0), spent: integerField(0, 0) }),
    campaignSpeed: choiceField(choices.campaignSpeeds, "normal"),
    currency: integerField(STARTING_CURRENCY, 0, MAX_CURRENCY),
    /** Ids of owned items in use; a two-handed weapon fills both hands. */
    equipped: new SchemaField({
      mainHand: itemIdField(),
      offHand: itemIdField(),
      armor: itemIdField(),
      shield: itemIdField(),
    }),
    biography: htmlField(),
  };
}

export type CreatureSchema = ReturnType<typeof creatureSchema>;

type StoredCreature = foundry.data.fields.SchemaField.InitializedData<CreatureSchema>;

/**
 * The derived data as the prepared `system` carries it: where derived values join a stored
 * object (`health`, `mana`, `luck`), both sets of fields are present.
 */
export type PreparedCreatureData = Omit<ActorDerivedData, "health" | "mana" | "luck"> & {
  health: StoredCreature["health"] & DerivedHealth;
  mana: StoredCreature["mana"] & ActorDerivedData["mana"];
  luck: StoredCreature["luck"] & ActorDerivedData["luck"];
};

interface CreatureJointSource extends HealthBoundSource {
  speciesBonusSkills: readonly string[];
  personalBonusSkill: string;
  xp: { earned: number; spent: number };
}

/**
 * Rules across fields that hold for characters and NPCs alike. The health bounds are what the
 * stored data alone allows (see ./health.ts); the exact limits are checked on each write.
 */
export function validateCreature(data: CreatureJointSource): void {
  const health = healthBoundProblem(data);
  if (health) requireThat(false, health.key, health.data);
  requireThat(!data.personalBonusSkill || !data.speciesBonusSkills.includes(data.personalBonusSkill), "CLOCKWORK.Error.PersonalBonusSkillTaken", {
    skill: labelOf("skills", data.personalBonusSkill),
  });
  requireThat(data.xp.spent <= data.xp.earned, "CLOCKWORK.Error.XpOverspent", { spent: data.xp.spent, earned: data.xp.earned });
}
