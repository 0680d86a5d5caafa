/**
 * Context for the item sheets. Play mode reads like a card: the numbers that matter at the
 * table as stat boxes, then every other setting the item has as a short list, then the
 * description. Edit mode is the form: the fields grouped per item type, UUID fields as drop
 * zones, long lists as compact multi-selects.
 */
import { ARMOR_CONSTRUCTION, RANGE_INCREMENTS_MAX, type WornWeight } from "../../rules";
import { shieldBlock } from "./actor";
import { DEFAULT_CHOICES, type SheetChoices } from "./choices";
import {
  checkboxField, fieldLabel, linkField, multiField, numberField, rowsField, selectField, textField,
  type FieldGroupView, type FieldScope, type FieldView, type LinkIndex, type LinkView,
} from "./fields";
import { damageTypeView, damageView, DEFAULT_ITEM_IMG, itemId, NONE, rangeNotation, type DamageView } from "./format";
import { label } from "./labels";
import {
  ITEM_TYPES, type ItemLike, type ItemSystemSource, type ItemType, type OwnerItem, type SheetOptions,
} from "./source-types";

/** One number or word that matters at the table: a stat box in play mode, a summary entry in edit mode. */
export interface SummaryView {
  label: string;
  /** Notation shown as is. */
  value?: string;
  /** A localization key shown instead of `value`. */
  valueLabel?: string;
  /** A damage roll: dice and type names. */
  damage?: DamageView;
  /** The value is a number of action counters (drawn with the counter icon). */
  counters?: boolean;
  /** The label is a damage type (drawn with its icon). */
  damageType?: string;
}

/** One part of a play-mode detail: a label key or user text, an optional qualifier, or a linked item. */
export interface DetailPart {
  label?: string;
  text?: string;
  qualifier?: { label?: string; text?: string };
  links?: LinkView[];
}

/** A line of the play-mode list: a field's label and what the item has there. */
export interface DetailView {
  label: string;
  /** Arguments of the label (a grant's "pick {count}"). */
  labelData?: Record<string, string | number>;
  parts: DetailPart[];
}

export interface ItemPlayView {
  stats: SummaryView[];
  details: DetailView[];
  /** Yes/no settings that are on, as short tags (label keys). */
  tags: string[];
}

export interface ItemSheetContext {
  item: { id: string; name: string; img: string; type: string; typeLabel: string };
  editable: boolean;
  /** The form (edit) or the card (play); read-only sheets always show the card. */
  editMode: boolean;
  play: ItemPlayView;
  /** Localization key of the name input's label. */
  nameLabel: string;
  /** A focus's name suggestions for its skill from setting modules (keys); null when there are none. */
  nameSuggestions: { listId: string; skill: string; options: { label: string; hint: string }[] } | null;
  summary: SummaryView[];
  groups: FieldGroupView[];
  /** Problems the user should fix (localization keys with data). */
  warnings: { key: string; data: Record<string, string | number> }[];
  description: { name: string; value: string; enriched: string; editable: boolean };
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
  // A sheet class that does not pass a mode keeps the form it always had.
  const editMode = editable && (options.editMode ?? true);
  const id = itemId(item);
  const scope: FieldScope = { idPrefix: `cw-item-${id || "new"}`, disabled: !editable };
  const system = item.system ?? {};
  const description = system.description ?? "";
  const build = BUILDERS[type];
  const links = options.links ?? {};
  const summary = build.summary(system, choices);
  const groups = build.groups(scope, system, choices, options.ownerItems, links);
  return {
    item: { id, name: item.name, img: item.img || DEFAULT_ITEM_IMG, type, typeLabel: label.itemType(type) },
    editable,
    editMode,
    play: playView(groups, build.stats?.(system, choices) ?? summary, new Set(build.headline)),
    nameLabel: label.sheet("Name"),
    nameSuggestions: type === "focus" ? focusNameSuggestions(scope, String(system.skill ?? ""), choices) : null,
    summary,
    groups: [
      ...groups,
      { legend: label.sheet("Identity"), fields: [textField(scope, "system.identifier", fieldLabel("system.identifier"), system.identifier)] },
    ],
    warnings: build.warnings?.(system) ?? [],
    description: { name: "system.description", value: description, enriched: options.enrichedDescription ?? description, editable: editMode },
    cssClass: `cw-item-${type}`,
  };
}

/** The suggestions a setting module declared for a focus's skill, for the name's datalist. */
function focusNameSuggestions(scope: FieldScope, skill: string, choices: SheetChoices): ItemSheetContext["nameSuggestions"] {
  const list = choices.focusSuggestions[skill] ?? [];
  if (list.length === 0) return null;
  return { listId: `${scope.idPrefix}-name-suggestions`, skill: choices.label.skill(skill), options: list.map((s) => ({ label: s.label, hint: s.hint })) };
}

interface TypeBuilder {
  summary(system: ItemSystemSource, choices: SheetChoices): SummaryView[];
  /** Play-mode stat boxes when they differ from the summary. */
  stats?(system: ItemSystemSource, choices: SheetChoices): SummaryView[];
  /** Fields the stat boxes already show, left out of the play-mode list. */
  headline: readonly string[];
  groups(scope: FieldScope, system: ItemSystemSource, choices: SheetChoices, owner: readonly OwnerItem[] | undefined, links: LinkIndex): FieldGroupView[];
  warnings?(system: ItemSystemSource): ItemSheetContext["warnings"];
}

/** Every UUID an item points at (granted foci and spells, paired and stored spells), for the shell to resolve. */
export function linkedUuids(item: ItemLike): string[] {
  const s = item.system ?? {};
  const all = [
    ...(s.grants ?? []).flatMap((g) => g.options ?? []),
    s.pair, s.castsSpell, s.effects?.castsSpell,
  ];
  return [...new Set(all.filter((u): u is string => typeof u === "string" && u.length > 0))];
}

/* ------------------------------------------------------------------ play view */

type Shown = { label?: string; text?: string };

/** What a select, number or text field shows as a value; null when it holds nothing worth a line. */
function shownValue(field: FieldView): Shown | null {
  switch (field.partial) {
    case "cw-field-number":
      return field.value === null || field.value === 0 ? null : { text: String(field.value) };
    case "cw-field-text":
      return field.value ? { text: field.value } : null;
    case "cw-field-select": {
      const chosen = field.options.find((o) => o.selected);
      if (!chosen || chosen.value === "" || chosen.value === "none") return null;
      return chosen.label ? { label: chosen.label } : { text: chosen.text ?? chosen.value };
    }
    default:
      return null;
  }
}

/** A species' grants, one line each: "Spells: pick 1" and the linked items. */
function grantDetails(field: FieldView & { partial: "cw-field-rows" }): DetailView[] {
  return field.rows.flatMap((row) => {
    const [kind, choose, options] = row.cells;
    if (kind?.partial !== "cw-field-select" || options?.partial !== "cw-field-link" || options.empty) return [];
    const isSpell = kind.options.find((o) => o.selected)?.value === "spell";
    return [{
      label: label.dialog(`Species.GrantTitle.${isSpell ? "spell" : "focus"}`),
      labelData: { count: choose?.partial === "cw-field-number" ? (choose.value ?? 1) : 1 },
      parts: [{ links: options.links }],
    }];
  });
}

function detailOf(field: FieldView, tags: string[]): DetailView | DetailView[] | null {
  switch (field.partial) {
    case "cw-field-checkbox":
      if (field.checked) tags.push(field.label);
      return null;
    case "cw-field-multi": {
      const parts = field.options.filter((o) => o.checked).map((o) => (o.label ? { label: o.label } : { text: o.text ?? o.value }));
      return parts.length ? { label: field.label, parts } : null;
    }
    case "cw-field-link":
      return field.empty ? null : { label: field.label, parts: [{ links: field.links }] };
    case "cw-field-rows": {
      if (field.name === "system.grants") return grantDetails(field);
      const parts = field.rows.map((row): DetailPart => {
        const [first, second, ...rest] = row.cells;
        const linkCell = rest.find((c) => c.partial === "cw-field-link");
        const head = first ? shownValue(first) : null;
        const qualifier = second ? shownValue(second) : null;
        return {
          ...(head ?? {}),
          ...(qualifier ? { qualifier } : {}),
          ...(linkCell && linkCell.partial === "cw-field-link" ? { links: linkCell.links } : {}),
        };
      }).filter((p) => p.label || p.text);
      return parts.length ? { label: field.label, parts } : null;
    }
    default: {
      const shown = shownValue(field);
      return shown ? { label: field.label, parts: [shown] } : null;
    }
  }
}

/** The card: stat boxes, then a line for every other field that holds something, then yes/no tags. */
function playView(groups: readonly FieldGroupView[], stats: SummaryView[], headline: ReadonlySet<string>): ItemPlayView {
  const tags: string[] = [];
  const details = groups
    .flatMap((g) => g.fields)
    .filter((f) => !headline.has(f.name))
    .flatMap((f) => detailOf(f, tags) ?? []);
  return { stats, details, tags };
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
  stats: (s, c) => [
    word("size", (s.sizeChoices?.length ?? 0) > 0 ? label.sheet("SizeChoice") : c.label.size(s.size ?? "medium")),
    word("resistanceBonus", s.resistanceBonus === "any" ? label.sheet("AnyType") : c.label.damageType(s.resistanceBonus ?? "")),
    ...(s.anyBonusSkills ? [word("bonusSkills", label.sheet("AnyTwoSkills"))] : []),
  ],
  headline: ["system.size", "system.resistanceBonus", "system.anyBonusSkills"],
  groups: (scope, s, c, _owner, links) => [
    {
      legend: label.sheet("SpeciesTraits"),
      fields: [
        selectField(scope, "system.size", fieldLabel("system.size"), s.size, c.sizes, c.label.size),
        multiField(scope, "system.sizeChoices", fieldLabel("system.sizeChoices"), s.sizeChoices, c.sizes, c.label.size),
        selectField(scope, "system.resistanceBonus", fieldLabel("system.resistanceBonus"), s.resistanceBonus, [...c.damageTypes, "any"],
          (v) => (v === "any" ? label.sheet("AnyType") : c.label.damageType(v))),
        multiField(scope, "system.resistanceExcluded", fieldLabel("system.resistanceExcluded"), s.resistanceExcluded, c.damageTypes, c.label.damageType),
        checkboxField(scope, "system.anyBonusSkills", fieldLabel("system.anyBonusSkills"), s.anyBonusSkills),
        multiField(scope, "system.bonusSkills", fieldLabel("system.bonusSkills"), s.bonusSkills, c.skills, c.label.skill, { compact: true }),
      ],
    },
    {
      legend: label.sheet("SpeciesGrants"),
      fields: [
        rowsField(scope, "system.grants", fieldLabel("system.grants"), s.grants, [F("grants.element.kind"), F("grants.element.choose"), F("grants.element.options")],
          (row, rowName) => [
            selectField(scope, `${rowName}.kind`, fieldLabel(`${rowName}.kind`), row.kind, c.grantKinds, c.label.grantKind),
            numberField(scope, `${rowName}.choose`, fieldLabel(`${rowName}.choose`), row.choose ?? 1, { min: 1 }),
            linkField(scope, `${rowName}.options`, fieldLabel(`${rowName}.options`), row.options ?? [], links, {
              itemType: row.kind ?? "focus", dropHint: label.sheet(`DropHint.${row.kind === "spell" ? "Spells" : "Foci"}`),
            }),
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
        multiField(scope, "system.conditionRerolls", fieldLabel("system.conditionRerolls"), s.conditionRerolls, c.conditions, c.label.condition, { compact: true }),
        numberField(scope, "system.restHealing", fieldLabel("system.restHealing"), s.restHealing ?? 1, { min: 1, max: 4 }),
        checkboxField(scope, "system.luckKeepBest", fieldLabel("system.luckKeepBest"), s.luckKeepBest),
        // A custom species' ability in words (issue 31 item 3); its kinds and numbers: "Build by the recipe".
        textField(scope, "system.ability.name", fieldLabel("system.ability.name"), s.ability?.name),
        textField(scope, "system.ability.text", fieldLabel("system.ability.text"), s.ability?.text),
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
  headline: ["system.skill", "system.weaponGroup", "system.school"],
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
  headline: ["system.level"],
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
    s.counters === null || s.counters === undefined
      ? word("counters", label.sheet("Ritual"))
      : { ...num("counters", s.counters), counters: true },
    num("mana", s.mana ?? 0),
    ...(s.damage?.dice ? [{ label: F("damage"), damage: damageView(s.damage.dice, s.damage.types, c) }] : []),
  ],
  headline: ["system.school", "system.level", "system.counters", "system.mana", "system.damage.dice", "system.damage.types"],
  groups: (scope, s, c, _owner, links) => [
    {
      legend: label.sheet("Casting"),
      fields: [
        selectField(scope, "system.skill", fieldLabel("system.skill"), s.skill, c.magicSkills, c.label.skill),
        selectField(scope, "system.school", fieldLabel("system.school"), s.school, schoolsOf(c, s.skill), c.label.school),
        numberField(scope, "system.level", fieldLabel("system.level"), s.level ?? 1, { min: 1, max: 4 }),
        numberField(scope, "system.counters", fieldLabel("system.counters"), s.counters ?? null, { min: 0, max: 12, nullable: true }),
        numberField(scope, "system.mana", fieldLabel("system.mana"), s.mana, { min: 0, max: 36 }),
        numberField(scope, "system.manaPerExtraTarget", fieldLabel("system.manaPerExtraTarget"), s.manaPerExtraTarget, { min: 0, max: 12 }),
        linkField(scope, "system.pair", fieldLabel("system.pair"), s.pair ?? "", links, { itemType: "spell", dropHint: label.sheet("DropHint.Spell") }),
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
    { label: F("damage"), damage: damageView(s.damage?.dice, s.damage?.types, c) },
    { ...num("counters", s.counters ?? 0), counters: true },
    sheetNum("Range", rangeNotation(s.rangeIncrement, RANGE_INCREMENTS_MAX)),
    word("hands", c.label.hands(s.hands ?? "main")),
  ],
  headline: ["system.damage.dice", "system.damage.types", "system.counters", "system.rangeIncrement", "system.hands"],
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
        selectField(scope, "system.container", fieldLabel("system.container"), s.container ?? "backpack", c.containers, c.label.containerTitle),
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
  stats: (s, c) => [
    word("weight", c.label.weight(s.weight ?? "light")),
    ...c.damageTypes.map((type) => ({
      label: damageTypeView(type, c).label, damageType: type,
      value: String(s.resistances?.[type as keyof NonNullable<typeof s.resistances>] ?? 0),
    })),
  ],
  headline: ["system.weight", "system.resistances.ballistic", "system.resistances.blunt", "system.resistances.energy",
    "system.resistances.piercing", "system.resistances.slashing", "system.resistances.explosive"],
  groups: (scope, s, c) => [
    {
      legend: label.sheet("Details"),
      fields: [
        selectField(scope, "system.weight", fieldLabel("system.weight"), s.weight, c.wornWeights, c.label.weight),
        numberField(scope, "system.quantity", fieldLabel("system.quantity"), s.quantity ?? 1, { min: 0 }),
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
  headline: ["system.weight"],
  groups: (scope, s, c) => [{
    legend: label.sheet("Details"),
    fields: [
      selectField(scope, "system.weight", fieldLabel("system.weight"), s.weight, c.wornWeights, c.label.weight),
      checkboxField(scope, "system.canBash", fieldLabel("system.canBash"), s.canBash),
      numberField(scope, "system.quantity", fieldLabel("system.quantity"), s.quantity ?? 1, { min: 0 }),
      numberField(scope, "system.price", fieldLabel("system.price"), s.price, { min: 0 }),
    ],
  }],
};

const equipment: TypeBuilder = {
  summary: (s, c) => [
    word("category", c.label.equipmentCategory(s.category ?? "gear")),
    word("container", c.label.containerTitle(s.container ?? "backpack")),
    num("quantity", s.quantity ?? 1),
  ],
  headline: ["system.category", "system.container", "system.quantity"],
  groups: (scope, s, c, _owner, links) => [
    {
      legend: label.sheet("Details"),
      fields: [
        selectField(scope, "system.category", fieldLabel("system.category"), s.category, c.equipmentCategories, c.label.equipmentCategory),
        selectField(scope, "system.container", fieldLabel("system.container"), s.container, c.containers, c.label.containerTitle),
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
        multiField(scope, "system.removesConditions", fieldLabel("system.removesConditions"), s.removesConditions, c.conditions, c.label.condition, { compact: true }),
        multiField(scope, "system.appliesConditions", fieldLabel("system.appliesConditions"), s.appliesConditions, c.conditions, c.label.condition, { compact: true }),
        linkField(scope, "system.castsSpell", fieldLabel("system.castsSpell"), s.castsSpell ?? "", links, { itemType: "spell", dropHint: label.sheet("DropHint.Spell") }),
      ],
    },
  ],
};

const artifact: TypeBuilder = {
  summary: (s, c) => [word("slot", c.label.artifactSlot(s.slot ?? "amulet")), num("gains", s.gains ?? 1)],
  headline: ["system.slot", "system.gains"],
  groups: (scope, s, c, _owner, links) => [
    {
      legend: label.sheet("Details"),
      fields: [
        selectField(scope, "system.slot", fieldLabel("system.slot"), s.slot, c.artifactSlots, c.label.artifactSlot),
        numberField(scope, "system.gains", fieldLabel("system.gains"), s.gains ?? 1, { min: 1, max: 12 }),
        checkboxField(scope, "system.equipped", fieldLabel("system.equipped"), s.equipped),
        numberField(scope, "system.quantity", fieldLabel("system.quantity"), s.quantity ?? 1, { min: 0 }),
        numberField(scope, "system.price", fieldLabel("system.price"), s.price ?? 0, { min: 0 }),
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
        linkField(scope, "system.effects.castsSpell", fieldLabel("system.effects.castsSpell"), s.effects?.castsSpell ?? "", links, { itemType: "spell", dropHint: label.sheet("DropHint.Spell") }),
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
  headline: ["system.target", "system.gains"],
  groups: (scope, s, c, owner, links) => [
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
        linkField(scope, "system.effects.castsSpell", fieldLabel("system.effects.castsSpell"), s.effects?.castsSpell ?? "", links, { itemType: "spell", dropHint: label.sheet("DropHint.Spell") }),
      ],
    },
  ],
};

const BUILDERS: Record<ItemType, TypeBuilder> = {
  species, focus, feature, spell, weapon, armor, shield, equipment, artifact, enchantment,
};
