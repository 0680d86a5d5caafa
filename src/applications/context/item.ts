/**
 * Context for the item sheets: a header, a summary line of the numbers that matter at the
 * table, the editable fields grouped per item type, and the description.
 */
import { ARMOR_CONSTRUCTION, RANGE_INCREMENTS_MAX, type WornWeight } from "../../rules";
import { shieldBlock } from "./actor";
import { DEFAULT_CHOICES, type SheetChoices } from "./choices";
import {
  checkboxField, fieldLabel, multiField, numberField, rowsField, selectField, textField,
  type FieldGroupView, type FieldScope, type FieldView,
} from "./fields";
import { damageNotation, DEFAULT_ITEM_IMG, itemId, NONE, rangeNotation } from "./format";
import { label } from "./labels";
import {
  ITEM_TYPES, type ItemLike, type ItemSystemSource, type ItemType, type OwnerItem, type SheetOptions,
} from "./source-types";

/** One number or word in the summary line under the item name. */
export interface SummaryView {
  label: string;
  /** Notation shown as is. */
  value?: string;
  /** A localization key shown instead of `value`. */
  valueLabel?: string;
}

export interface ItemSheetContext {
  item: { id: string; name: string; img: string; type: string; typeLabel: string };
  editable: boolean;
  /** Localization key of the name input's label. */
  nameLabel: string;
  summary: SummaryView[];
  groups: FieldGroupView[];
  /** Problems the user should fix (localization keys with data). */
  warnings: { key: string; data: Record<string, string | number> }[];
  description: { name: string; value: string; enriched: string };
  cssClass: string;
}

/** The data model's label key of a field path (`damage.dice` → `CLOCKWORK.Field.damage.dice.label`). */
const F = (path: string): string => `CLOCKWORK.Field.${path}.label`;

/** Builds the item sheet context from plain item data. */
export function buildItemContext(
  item: ItemLike, options: SheetOptions = {}, choices: SheetChoices = DEFAULT_CHOICES,
): ItemSheetContext {
  const type = item.type as ItemType;
  if (!ITEM_TYPES.includes(type)) {
    throw new RangeError(`buildItemContext: unknown item type "${item.type}"; expected one of ${ITEM_TYPES.join(", ")}`);
  }
  const editable = options.editable ?? false;
  const id = itemId(item);
  const scope: FieldScope = { idPrefix: `cw-item-${id || "new"}`, disabled: !editable };
  const system = item.system ?? {};
  const description = system.description ?? "";
  const build = BUILDERS[type];
  return {
    item: { id, name: item.name, img: item.img || DEFAULT_ITEM_IMG, type, typeLabel: label.itemType(type) },
    editable,
    nameLabel: label.sheet("Name"),
    summary: build.summary(system, choices),
    groups: [
      ...build.groups(scope, system, choices, options.ownerItems),
      { legend: label.sheet("Identity"), fields: [textField(scope, "system.identifier", fieldLabel("system.identifier"), system.identifier)] },
    ],
    warnings: build.warnings?.(system) ?? [],
    description: { name: "system.description", value: description, enriched: options.enrichedDescription ?? description },
    cssClass: `cw-item-${type}`,
  };
}

interface TypeBuilder {
  summary(system: ItemSystemSource, choices: SheetChoices): SummaryView[];
  groups(scope: FieldScope, system: ItemSystemSource, choices: SheetChoices, owner?: readonly OwnerItem[]): FieldGroupView[];
  warnings?(system: ItemSystemSource): ItemSheetContext["warnings"];
}

const word = (fieldKey: string, valueLabel: string): SummaryView => ({ label: F(fieldKey), valueLabel });
const num = (fieldKey: string, value: string | number): SummaryView => ({ label: F(fieldKey), value: String(value) });
const sheetNum = (key: string, value: string | number): SummaryView => ({ label: label.sheet(key), value: String(value) });

const schoolsOf = (c: SheetChoices, skill: string | undefined): readonly string[] =>
  (skill && c.schools[skill]) || c.allSchools;

function areaFields(scope: FieldScope, system: ItemSystemSource, shapes: readonly string[], c: SheetChoices): FieldView[] {
  return [
    selectField(scope, "system.area.shape", fieldLabel("system.area.shape"), system.area?.shape ?? "none", shapes, c.label.areaShape),
    numberField(scope, "system.area.size", fieldLabel("system.area.size"), system.area?.size ?? 0, { min: 0 }),
  ];
}

function conditionRows(scope: FieldScope, system: ItemSystemSource, c: SheetChoices, triggers: readonly string[]): FieldView {
  return rowsField(scope, "system.conditions", fieldLabel("system.conditions"), system.conditions,
    [F("conditions.element.key"), F("conditions.element.trigger")],
    (row, rowName) => [
      selectField(scope, `${rowName}.key`, fieldLabel(`${rowName}.key`), row.key, c.conditions, c.label.condition),
      selectField(scope, `${rowName}.trigger`, fieldLabel(`${rowName}.trigger`), row.trigger, triggers, c.label.trigger),
    ]);
}

const species: TypeBuilder = {
  summary: (s, c) => [
    word("size", (s.sizeChoices?.length ?? 0) > 0 ? label.sheet("SizeChoice") : c.label.size(s.size ?? "medium")),
    word("resistanceBonus", s.resistanceBonus === "any" ? label.sheet("AnyType") : c.label.damageType(s.resistanceBonus ?? "")),
    s.anyBonusSkills
      ? word("bonusSkills", label.sheet("AnyTwoSkills"))
      : num("bonusSkills", (s.bonusSkills ?? []).length),
  ],
  groups: (scope, s, c) => [
    {
      legend: label.sheet("SpeciesTraits"),
      fields: [
        selectField(scope, "system.size", fieldLabel("system.size"), s.size, c.sizes, c.label.size),
        multiField(scope, "system.sizeChoices", fieldLabel("system.sizeChoices"), s.sizeChoices, c.sizes, c.label.size),
        selectField(scope, "system.resistanceBonus", fieldLabel("system.resistanceBonus"), s.resistanceBonus, [...c.damageTypes, "any"],
          (v) => (v === "any" ? label.sheet("AnyType") : c.label.damageType(v))),
        multiField(scope, "system.resistanceExcluded", fieldLabel("system.resistanceExcluded"), s.resistanceExcluded, c.damageTypes, c.label.damageType),
        checkboxField(scope, "system.anyBonusSkills", fieldLabel("system.anyBonusSkills"), s.anyBonusSkills),
        multiField(scope, "system.bonusSkills", fieldLabel("system.bonusSkills"), s.bonusSkills, c.skills, c.label.skill),
      ],
    },
    {
      legend: label.sheet("SpeciesGrants"),
      fields: [
        rowsField(scope, "system.grants", fieldLabel("system.grants"), s.grants, [F("grants.element.kind"), F("grants.element.choose"), F("grants.element.options")],
          (row, rowName) => [
            selectField(scope, `${rowName}.kind`, fieldLabel(`${rowName}.kind`), row.kind, c.grantKinds, c.label.grantKind),
            numberField(scope, `${rowName}.choose`, fieldLabel(`${rowName}.choose`), row.choose ?? 1, { min: 1 }),
            textField(scope, `${rowName}.options`, fieldLabel(`${rowName}.options`), (row.options ?? []).join(", ")),
          ]),
        numberField(scope, "system.extraFoci", fieldLabel("system.extraFoci"), s.extraFoci, { min: 0, max: 4 }),
        numberField(scope, "system.extraCustomizationPoints", fieldLabel("system.extraCustomizationPoints"), s.extraCustomizationPoints, { min: 0, max: 12 }),
      ],
    },
    {
      legend: label.sheet("SpeciesAbilities"),
      fields: [
        numberField(scope, "system.runBonus", fieldLabel("system.runBonus"), s.runBonus, { min: 0, max: 4 }),
        checkboxField(scope, "system.lighterArmorForMovement", fieldLabel("system.lighterArmorForMovement"), s.lighterArmorForMovement),
        numberField(scope, "system.dodgePenaltyReduction", fieldLabel("system.dodgePenaltyReduction"), s.dodgePenaltyReduction, { min: 0, max: 2 }),
        selectField(scope, "system.unarmedDamageType", fieldLabel("system.unarmedDamageType"), s.unarmedDamageType, c.damageTypes, c.label.damageType, label.sheet("Default")),
        multiField(scope, "system.conditionRerolls", fieldLabel("system.conditionRerolls"), s.conditionRerolls, c.conditions, c.label.condition),
        numberField(scope, "system.restHealing", fieldLabel("system.restHealing"), s.restHealing ?? 1, { min: 1, max: 4 }),
        checkboxField(scope, "system.luckKeepBest", fieldLabel("system.luckKeepBest"), s.luckKeepBest),
      ],
    },
  ],
};

const focus: TypeBuilder = {
  summary: (s, c) => [
    word("skill", c.label.skill(s.skill ?? "")),
    ...(s.school ? [word("school", c.label.school(s.school))] : []),
    ...(s.weaponGroup ? [word("weaponGroup", c.label.weaponGroup(s.weaponGroup))] : []),
  ],
  groups: (scope, s, c) => [{
    legend: label.sheet("Details"),
    fields: [
      selectField(scope, "system.skill", fieldLabel("system.skill"), s.skill, c.skills, c.label.skill),
      selectField(scope, "system.weaponGroup", fieldLabel("system.weaponGroup"), s.weaponGroup, c.weaponGroups, c.label.weaponGroup, label.sheet("None")),
      selectField(scope, "system.school", fieldLabel("system.school"), s.school, schoolsOf(c, s.skill), c.label.school, label.sheet("None")),
    ],
  }],
};

const feature: TypeBuilder = {
  summary: (s) => [num("level", s.level ?? 1)],
  groups: (scope, s) => [{
    legend: label.sheet("Details"),
    fields: [
      numberField(scope, "system.level", fieldLabel("system.level"), s.level ?? 1, { min: 1, max: 4 }),
      textField(scope, "system.prerequisites", fieldLabel("system.prerequisites"), (s.prerequisites ?? []).join(", ")),
      checkboxField(scope, "system.repeatable", fieldLabel("system.repeatable"), s.repeatable),
      checkboxField(scope, "system.allowedAtCreation", fieldLabel("system.allowedAtCreation"), s.allowedAtCreation ?? true),
    ],
  }],
};

const spell: TypeBuilder = {
  summary: (s, c) => [
    word("school", c.label.school(s.school ?? "")),
    num("level", s.level ?? 1),
    num("counters", s.counters ?? NONE),
    num("mana", s.mana ?? 0),
    num("damage", damageNotation(s.damage?.dice, s.damage?.types, c.abbreviation)),
  ],
  groups: (scope, s, c) => [
    {
      legend: label.sheet("Casting"),
      fields: [
        selectField(scope, "system.skill", fieldLabel("system.skill"), s.skill, c.magicSkills, c.label.skill),
        selectField(scope, "system.school", fieldLabel("system.school"), s.school, schoolsOf(c, s.skill), c.label.school),
        numberField(scope, "system.level", fieldLabel("system.level"), s.level ?? 1, { min: 1, max: 4 }),
        numberField(scope, "system.counters", fieldLabel("system.counters"), s.counters ?? null, { min: 0, max: 12, nullable: true }),
        numberField(scope, "system.mana", fieldLabel("system.mana"), s.mana, { min: 0, max: 36 }),
        numberField(scope, "system.manaPerExtraTarget", fieldLabel("system.manaPerExtraTarget"), s.manaPerExtraTarget, { min: 0, max: 12 }),
        textField(scope, "system.pair", fieldLabel("system.pair"), s.pair),
      ],
    },
    {
      legend: label.sheet("Roll"),
      fields: [
        selectField(scope, "system.roll.kind", fieldLabel("system.roll.kind"), s.roll?.kind ?? "none", c.spellRollKinds, c.label.spellRoll),
        selectField(scope, "system.roll.opposedSkill", fieldLabel("system.roll.opposedSkill"), s.roll?.opposedSkill, c.skills, c.label.skill, label.sheet("None")),
        checkboxField(scope, "system.roll.mustExceed", fieldLabel("system.roll.mustExceed"), s.roll?.mustExceed),
      ],
    },
    {
      legend: label.sheet("Targeting"),
      fields: [
        selectField(scope, "system.range.kind", fieldLabel("system.range.kind"), s.range?.kind ?? "self", c.spellRangeKinds, c.label.spellRange),
        numberField(scope, "system.range.spaces", fieldLabel("system.range.spaces"), s.range?.spaces ?? 0, { min: 0 }),
        ...areaFields(scope, s, c.areaShapes, c),
        selectField(scope, "system.duration.kind", fieldLabel("system.duration.kind"), s.duration?.kind ?? "instant", c.durationKinds, c.label.durationKind),
        numberField(scope, "system.duration.value", fieldLabel("system.duration.value"), s.duration?.value ?? 0, { min: 0 }),
      ],
    },
    {
      legend: label.sheet("Effect"),
      fields: [
        numberField(scope, "system.damage.dice", fieldLabel("system.damage.dice"), s.damage?.dice ?? 0, { min: 0, max: 12 }),
        multiField(scope, "system.damage.types", fieldLabel("system.damage.types"), s.damage?.types, c.damageTypes, c.label.damageType),
        checkboxField(scope, "system.damage.unavoidable", fieldLabel("system.damage.unavoidable"), s.damage?.unavoidable),
        checkboxField(scope, "system.damage.perGain", fieldLabel("system.damage.perGain"), s.damage?.perGain),
        conditionRows(scope, s, c, c.spellTriggers),
      ],
    },
  ],
};

const weapon: TypeBuilder = {
  summary: (s, c) => [
    num("damage", damageNotation(s.damage?.dice, s.damage?.types, c.abbreviation)),
    num("counters", s.counters ?? 0),
    sheetNum("Range", rangeNotation(s.rangeIncrement, RANGE_INCREMENTS_MAX)),
    word("hands", c.label.hands(s.hands ?? "main")),
  ],
  groups: (scope, s, c) => [
    {
      legend: label.sheet("Details"),
      fields: [
        selectField(scope, "system.category", fieldLabel("system.category"), s.category, c.weaponCategories, c.label.weaponCategory),
        selectField(scope, "system.group", fieldLabel("system.group"), s.group, c.weaponGroups, c.label.weaponGroup),
        selectField(scope, "system.hands", fieldLabel("system.hands"), s.hands, c.hands, c.label.hands),
        numberField(scope, "system.counters", fieldLabel("system.counters"), s.counters, { min: 0, max: 6 }),
        numberField(scope, "system.rangeIncrement", fieldLabel("system.rangeIncrement"), s.rangeIncrement, { min: 0 }),
        numberField(scope, "system.quantity", fieldLabel("system.quantity"), s.quantity ?? 1, { min: 0 }),
        numberField(scope, "system.price", fieldLabel("system.price"), s.price, { min: 0 }),
        selectField(scope, "system.container", fieldLabel("system.container"), s.container ?? "backpack", c.containers, c.label.container),
      ],
    },
    {
      legend: label.sheet("Damage"),
      fields: [
        numberField(scope, "system.damage.dice", fieldLabel("system.damage.dice"), s.damage?.dice ?? 0, { min: 0, max: 12 }),
        multiField(scope, "system.damage.types", fieldLabel("system.damage.types"), s.damage?.types, c.damageTypes, c.label.damageType),
        rowsField(scope, "system.properties", fieldLabel("system.properties"), s.properties, [F("properties.element.key"), F("properties.element.damageType")],
          (row, rowName) => [
            selectField(scope, `${rowName}.key`, fieldLabel(`${rowName}.key`), row.key, c.weaponProperties, c.label.weaponProperty),
            selectField(scope, `${rowName}.damageType`, fieldLabel(`${rowName}.damageType`), row.damageType, c.damageTypes, c.label.damageType, label.sheet("AnyType")),
          ]),
        ...areaFields(scope, s, c.weaponAreaShapes, c),
        conditionRows(scope, s, c, c.weaponTriggers),
        textField(scope, "system.magicProperty", fieldLabel("system.magicProperty"), s.magicProperty),
      ],
    },
    ...(s.group === "missile"
      ? [{
        legend: label.sheet("Missile"),
        fields: [
          selectField(scope, "system.missile.guidance", fieldLabel("system.missile.guidance"), s.missile?.guidance, c.missileGuidance, c.label.missileGuidance, label.sheet("None")),
          selectField(scope, "system.missile.propulsion", fieldLabel("system.missile.propulsion"), s.missile?.propulsion, c.missilePropulsion, c.label.missilePropulsion, label.sheet("None")),
          selectField(scope, "system.missile.payload", fieldLabel("system.missile.payload"), s.missile?.payload, c.missilePayloads, c.label.missilePayload, label.sheet("None")),
        ],
      }]
      : []),
  ],
};

function armorPoints(s: ItemSystemSource): number {
  return Object.values(s.resistances ?? {}).reduce<number>((sum, v) => sum + (v ?? 0), 0);
}

const armor: TypeBuilder = {
  summary: (s, c) => [
    word("weight", c.label.weight(s.weight ?? "light")),
    sheetNum("ArmorPoints", `${armorPoints(s)} / ${ARMOR_CONSTRUCTION[(s.weight ?? "light") as WornWeight]?.points ?? NONE}`),
  ],
  groups: (scope, s, c) => [
    {
      legend: label.sheet("Details"),
      fields: [
        selectField(scope, "system.weight", fieldLabel("system.weight"), s.weight, c.wornWeights, c.label.weight),
        numberField(scope, "system.price", fieldLabel("system.price"), s.price, { min: 0 }),
      ],
    },
    {
      legend: label.sheet("Resistances"),
      fields: c.damageTypes.map((type) => numberField(scope, `system.resistances.${type}`, c.label.damageType(type),
        s.resistances?.[type as keyof typeof s.resistances] ?? 0, { min: 0, max: ARMOR_CONSTRUCTION.heavy.maxPerType })),
    },
  ],
  warnings: (s) => {
    const construction = ARMOR_CONSTRUCTION[(s.weight ?? "") as WornWeight];
    if (!construction) return [];
    const spent = armorPoints(s);
    const overCap = Object.values(s.resistances ?? {}).some((v) => (v ?? 0) > construction.maxPerType);
    const warnings: ItemSheetContext["warnings"] = [];
    if (spent !== construction.points) warnings.push({ key: label.sheet("Warning.ArmorBudget"), data: { spent, budget: construction.points } });
    if (overCap) warnings.push({ key: label.sheet("Warning.ArmorCap"), data: { cap: construction.maxPerType } });
    return warnings;
  },
};

const shield: TypeBuilder = {
  summary: (s, c) => [
    word("weight", c.label.weight(s.weight ?? "light")),
    sheetNum("Block", `+${shieldBlock(s.weight)}`),
  ],
  groups: (scope, s, c) => [{
    legend: label.sheet("Details"),
    fields: [
      selectField(scope, "system.weight", fieldLabel("system.weight"), s.weight, c.wornWeights, c.label.weight),
      checkboxField(scope, "system.canBash", fieldLabel("system.canBash"), s.canBash),
      numberField(scope, "system.price", fieldLabel("system.price"), s.price, { min: 0 }),
    ],
  }],
};

const equipment: TypeBuilder = {
  summary: (s, c) => [
    word("category", c.label.equipmentCategory(s.category ?? "gear")),
    word("container", c.label.container(s.container ?? "backpack")),
    num("quantity", s.quantity ?? 1),
  ],
  groups: (scope, s, c) => [
    {
      legend: label.sheet("Details"),
      fields: [
        selectField(scope, "system.category", fieldLabel("system.category"), s.category, c.equipmentCategories, c.label.equipmentCategory),
        selectField(scope, "system.container", fieldLabel("system.container"), s.container, c.containers, c.label.container),
        numberField(scope, "system.quantity", fieldLabel("system.quantity"), s.quantity ?? 1, { min: 0 }),
        numberField(scope, "system.price", fieldLabel("system.price"), s.price, { min: 0 }),
        numberField(scope, "system.level", fieldLabel("system.level"), s.level, { min: 0, max: 4 }),
      ],
    },
    {
      legend: label.sheet("Effect"),
      fields: [
        checkboxField(scope, "system.thrown", fieldLabel("system.thrown"), s.thrown),
        ...areaFields(scope, s, c.weaponAreaShapes, c),
        selectField(scope, "system.restores.resource", fieldLabel("system.restores.resource"), s.restores?.resource, c.restoreResources, c.label.restoreResource, label.sheet("None")),
        numberField(scope, "system.restores.dice", fieldLabel("system.restores.dice"), s.restores?.dice ?? 0, { min: 0, max: 12 }),
        multiField(scope, "system.removesConditions", fieldLabel("system.removesConditions"), s.removesConditions, c.conditions, c.label.condition),
        multiField(scope, "system.appliesConditions", fieldLabel("system.appliesConditions"), s.appliesConditions, c.conditions, c.label.condition),
        textField(scope, "system.castsSpell", fieldLabel("system.castsSpell"), s.castsSpell),
      ],
    },
  ],
};

const artifact: TypeBuilder = {
  summary: (s, c) => [word("slot", c.label.artifactSlot(s.slot ?? "amulet")), num("gains", s.gains ?? 1)],
  groups: (scope, s, c) => [
    {
      legend: label.sheet("Details"),
      fields: [
        selectField(scope, "system.slot", fieldLabel("system.slot"), s.slot, c.artifactSlots, c.label.artifactSlot),
        numberField(scope, "system.gains", fieldLabel("system.gains"), s.gains ?? 1, { min: 1, max: 12 }),
        checkboxField(scope, "system.equipped", fieldLabel("system.equipped"), s.equipped),
      ],
    },
    {
      legend: label.sheet("Effect"),
      fields: [
        numberField(scope, "system.effects.vitals", fieldLabel("system.effects.vitals"), s.effects?.vitals ?? 0),
        numberField(scope, "system.effects.mana", fieldLabel("system.effects.mana"), s.effects?.mana ?? 0),
        selectField(scope, "system.effects.focusSkill", fieldLabel("system.effects.focusSkill"), s.effects?.focusSkill, c.skills, c.label.skill, label.sheet("None")),
        selectField(scope, "system.effects.rerollSkill", fieldLabel("system.effects.rerollSkill"), s.effects?.rerollSkill, c.skills, c.label.skill, label.sheet("None")),
        selectField(scope, "system.effects.criticalSchool", fieldLabel("system.effects.criticalSchool"), s.effects?.criticalSchool, c.allSchools, c.label.school, label.sheet("None")),
        selectField(scope, "system.effects.conditionReroll", fieldLabel("system.effects.conditionReroll"), s.effects?.conditionReroll, c.conditions, c.label.condition, label.sheet("None")),
        checkboxField(scope, "system.effects.noFallingDamage", fieldLabel("system.effects.noFallingDamage"), s.effects?.noFallingDamage),
        textField(scope, "system.effects.castsSpell", fieldLabel("system.effects.castsSpell"), s.effects?.castsSpell),
      ],
    },
  ],
};

/** Armor enchantments sit on armor or shields; weapon properties on weapons. */
const ENCHANTABLE: Record<string, readonly string[]> = { armor: ["armor", "shield"], weapon: ["weapon"] };

function appliedToField(scope: FieldScope, s: ItemSystemSource, owner: readonly OwnerItem[]): FieldView {
  const allowed = ENCHANTABLE[s.target ?? "armor"] ?? [];
  const candidates = owner.filter((i) => allowed.includes(i.type));
  const field = selectField(scope, "system.appliedTo", fieldLabel("system.appliedTo"), s.appliedTo, candidates.map((i) => i.id), () => "", label.sheet("None"));
  // Item names are user text, not localization keys.
  for (const option of field.options) {
    const match = candidates.find((i) => i.id === option.value);
    if (match) { delete option.label; option.text = match.name; }
  }
  return field;
}

const enchantment: TypeBuilder = {
  summary: (s, c) => [word("target", c.label.enchantmentTarget(s.target ?? "armor")), num("gains", s.gains ?? 0)],
  groups: (scope, s, c, owner) => [
    {
      legend: label.sheet("Details"),
      fields: [
        selectField(scope, "system.target", fieldLabel("system.target"), s.target, c.enchantmentTargets, c.label.enchantmentTarget),
        numberField(scope, "system.gains", fieldLabel("system.gains"), s.gains ?? 0, { min: 0, max: 12 }),
        ...(owner ? [appliedToField(scope, s, owner)] : []),
      ],
    },
    {
      legend: label.sheet("Effect"),
      fields: [
        selectField(scope, "system.effects.resistance.type", fieldLabel("system.effects.resistance.type"), s.effects?.resistance?.type, c.damageTypes, c.label.damageType, label.sheet("None")),
        numberField(scope, "system.effects.resistance.value", fieldLabel("system.effects.resistance.value"), s.effects?.resistance?.value ?? 0),
        numberField(scope, "system.effects.vitals", fieldLabel("system.effects.vitals"), s.effects?.vitals ?? 0),
        checkboxField(scope, "system.effects.lighterArmor", fieldLabel("system.effects.lighterArmor"), s.effects?.lighterArmor),
        checkboxField(scope, "system.effects.reinforced", fieldLabel("system.effects.reinforced"), s.effects?.reinforced),
        selectField(scope, "system.effects.conditionReroll", fieldLabel("system.effects.conditionReroll"), s.effects?.conditionReroll, c.conditions, c.label.condition, label.sheet("None")),
        numberField(scope, "system.effects.extraAttackDice", fieldLabel("system.effects.extraAttackDice"), s.effects?.extraAttackDice ?? 0),
        numberField(scope, "system.effects.extraDamageDice", fieldLabel("system.effects.extraDamageDice"), s.effects?.extraDamageDice ?? 0),
        selectField(scope, "system.effects.damageType", fieldLabel("system.effects.damageType"), s.effects?.damageType, c.damageTypes, c.label.damageType, label.sheet("None")),
        selectField(scope, "system.effects.appliesCondition", fieldLabel("system.effects.appliesCondition"), s.effects?.appliesCondition, c.conditions, c.label.condition, label.sheet("None")),
        textField(scope, "system.effects.castsSpell", fieldLabel("system.effects.castsSpell"), s.effects?.castsSpell),
      ],
    },
  ],
};

const BUILDERS: Record<ItemType, TypeBuilder> = {
  species, focus, feature, spell, weapon, armor, shield, equipment, artifact, enchantment,
};
