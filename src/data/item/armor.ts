/** Armor: a weight class and resistance per damage type, built by the construction table. */
import { choices } from "../../config";
import { armorConstructionProblems } from "../../rules";
import type { DamageType, WornWeight } from "../../rules";
import { choiceField, integerField, labelOf, perDamageTypeField, requireThat } from "../fields";
import { FIELD_LOCALIZATION_PREFIXES, itemBaseSchema } from "./base";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

function defineArmorSchema() {
  return {
    ...itemBaseSchema(),
    weight: choiceField(choices.wornWeights, "light"),
    // 2 in every type spends a light armor's 12 points (Graphene Armor), so a new item is valid.
    resistances: perDamageTypeField(() => integerField(2, 0, 6)),
    price: integerField(250, 0),
    /** How many are carried (every physical item has one; Item Piles stacks by it). */
    quantity: integerField(1, 0),
  };
}

export type ArmorSchema = ReturnType<typeof defineArmorSchema>;
type ArmorSource = foundry.data.fields.SchemaField.SourceData<ArmorSchema>;

export class ArmorData extends foundry.abstract.TypeDataModel<ArmorSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): ArmorSchema {
    return defineArmorSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Item.armor", source));
  }

  /** Custom armor must follow the construction table (budget spent exactly, per-type cap). */
  static override validateJoint(data: ArmorSource): void {
    const problem = armorConstructionProblems(data.weight as WornWeight, data.resistances as Record<DamageType, number>)[0];
    if (!problem) return;
    const weight = labelOf("weights", data.weight);
    const type = problem.subject ? labelOf("damageTypes", problem.subject) : "";
    requireThat(false, `CLOCKWORK.Error.Armor.${problem.code}`, { weight, type, value: problem.value, limit: problem.limit });
  }
}
