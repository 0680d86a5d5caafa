/** Weapon: melee, ranged, thrown or explosive; damage, properties, area, missile parts. */
import { choices } from "../../config";
import {
  ArrayField, SchemaField, areaField, choiceField, choiceListField, conditionRefsField, identifierField,
  integerField, labelOf, optionalChoiceField, requireThat,
} from "../fields";
import { FIELD_LOCALIZATION_PREFIXES, itemBaseSchema } from "./base";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";

/** Containers a weapon may sit in (grenades ride on the belt or bandolier). */
const COMBAT_CONTAINER_CATEGORIES: readonly string[] = ["explosive"];

function defineWeaponSchema() {
  return {
    ...itemBaseSchema(),
    category: choiceField(choices.weaponCategories, "melee"),
    group: choiceField(choices.weaponGroups, "unarmed"),
    /** main / off / two: the book's M / O / T. */
    hands: choiceField(choices.hands, "main"),
    counters: integerField(2, 0, 6),
    // The default is the unarmed strike of RULING 33: 6 blunt for 2 counters.
    damage: new SchemaField({
      dice: integerField(6, 0, 12),
      types: choiceListField(choices.damageTypes, { initial: ["blunt"] }),
    }),
    /** Spaces per range increment; 0 for melee (effective range is 3 increments). */
    rangeIncrement: integerField(0, 0),
    properties: new ArrayField(
      new SchemaField({
        key: choiceField(choices.weaponProperties, "reach"),
        /** The damage type the property is tied to ("Stunning (L)"), or "" for any. */
        damageType: optionalChoiceField(choices.damageTypes),
      }),
      { required: true, initial: () => [] },
    ),
    area: areaField(choices.weaponAreaShapes),
    conditions: conditionRefsField(choices.weaponTriggers),
    /** Missile parts; dice, range and conditions then come from the rules tables. */
    missile: new SchemaField({
      guidance: optionalChoiceField(choices.missileGuidance),
      propulsion: optionalChoiceField(choices.missilePropulsion),
      payload: optionalChoiceField(choices.missilePayloads),
    }),
    /** Identifier of the one magic weapon property, or "". */
    magicProperty: identifierField(),
    price: integerField(0, 0),
    quantity: integerField(1, 0),
    /** Where it is carried; only explosives use the belt or bandolier. */
    container: choiceField(choices.containers, "backpack"),
  };
}

export type WeaponSchema = ReturnType<typeof defineWeaponSchema>;
type WeaponSource = foundry.data.fields.SchemaField.SourceData<WeaponSchema>;

export class WeaponData extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): WeaponSchema {
    return defineWeaponSchema();
  }

  /** Older shapes of this model's data (src/migrations/steps.ts). */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Item.weapon", source));
  }

  static override validateJoint(data: WeaponSource): void {
    requireThat(data.damage.dice === 0 || data.damage.types.length > 0, "CLOCKWORK.Error.DamageWithoutType");
    requireThat(data.category !== "melee" || data.rangeIncrement === 0, "CLOCKWORK.Error.Weapon.MeleeRange");
    const { guidance, propulsion, payload } = data.missile;
    requireThat(data.group === "missile" || (!guidance && !propulsion && !payload), "CLOCKWORK.Error.Weapon.MissilePartsOnly");
    for (const property of data.properties) {
      requireThat(!property.damageType || data.damage.types.includes(property.damageType), "CLOCKWORK.Error.Weapon.PropertyType", {
        property: labelOf("weaponProperties", property.key),
        type: labelOf("damageTypes", property.damageType),
      });
    }
    requireThat(data.container === "backpack" || COMBAT_CONTAINER_CATEGORIES.includes(data.category), "CLOCKWORK.Error.Container", {
      container: labelOf("containers", data.container),
    });
  }
}
