/**
 * Pieces shared by the character and NPC sheets: skills by attribute, the resistance grid,
 * the health track, the derived numbers and the item rows. Everything is read from the
 * actor's derived system data; nothing is computed here beyond picking and labelling.
 */
import { blockBonus, RANGE_INCREMENTS_MAX, type ArmorWeight } from "../../rules";
import type { SheetChoices } from "./choices";
import {
  checkboxField, fieldLabel, numberField, selectField, textField, type FieldScope, type NumberFieldView,
  type SelectFieldView, type TextFieldView, type CheckboxFieldView,
} from "./fields";
import { bySortThenName, damageNotation, DEFAULT_ACTOR_IMG, DEFAULT_ITEM_IMG, itemId, NONE, rangeNotation } from "./format";
import { healthBoxes, type HealthBoxView } from "./health";
import { label } from "./labels";
import type { ActorLike, ActorSystem, ItemLike, SheetOptions } from "./source-types";

export interface SkillRowView {
  key: string;
  label: string;
  rank: number;
  dice: number;
  diceWithFocus: number;
  bonus: boolean;
  focus: boolean;
  /** Names of the foci in this skill (user text), joined for a tooltip. */
  foci: string;
  rankField: NumberFieldView;
}

export interface AttributeView {
  key: string;
  label: string;
  value: number;
  skills: SkillRowView[];
}

export interface ResistanceRowView {
  key: string;
  label: string;
  abbreviation: string;
  species: number;
  armor: number;
  total: number;
  /** Character: points allocated over the base; NPC: the override. */
  field: NumberFieldView;
}

export interface HealthView {
  grit: number;
  capacity: number;
  wounds: number;
  hits: number;
  barrier: number;
  vitalsMax: number;
  vitalsLost: number;
  vitalsRemaining: number;
  penalty: number;
  dying: boolean;
  dead: boolean;
  boxes: HealthBoxView[];
  /** Pips can be clicked: the user may edit the actor. */
  interactive: boolean;
  woundsField: NumberFieldView;
  barrierField: NumberFieldView;
  dyingField: CheckboxFieldView;
  deadField: CheckboxFieldView;
}

export interface StatsView {
  defense: number;
  dodge: number;
  block: number;
  walk: number;
  run: number;
  movementScore: number;
  reach: number;
  sizeLabel: string;
  encumbrance: string;
  encumbranceLabel: string;
  encumbered: boolean;
  maxArmorLabel: string;
  armorWeightLabel: string;
}

export interface PoolView {
  value: number;
  max: number;
  field: NumberFieldView;
}

export interface ItemRowView {
  id: string;
  name: string;
  img: string;
  type: string;
}

export interface WeaponRowView extends ItemRowView {
  counters: number;
  damage: string;
  range: string;
  handsLabel: string;
  groupLabel: string;
  properties: { label: string; qualifier: string }[];
  quantity: number;
  mainHand: boolean;
  offHand: boolean;
}

export interface SpellRowView extends ItemRowView {
  level: number;
  counters: string;
  mana: number;
  damage: string;
  schoolLabel: string;
  ritual: boolean;
}

/** Everything both actor sheets share. */
export interface ActorCoreView {
  actor: { id: string; uuid: string; name: string; img: string; type: string };
  editable: boolean;
  editMode: boolean;
  nameField: TextFieldView;
  attributes: AttributeView[];
  resistances: ResistanceRowView[];
  health: HealthView;
  stats: StatsView;
  mana: PoolView;
  luck: PoolView;
  speciesName: string;
  personalBonusField: SelectFieldView;
  weapons: WeaponRowView[];
  spells: SpellRowView[];
}

/** Field scopes: play values stay editable in play mode, build choices only in edit mode. */
export function scopes(actorId: string, options: SheetOptions): { play: FieldScope; build: FieldScope } {
  const editable = options.editable ?? false;
  const idPrefix = `cw-actor-${actorId || "new"}`;
  return {
    play: { idPrefix, disabled: !editable },
    build: { idPrefix, disabled: !(editable && (options.editMode ?? false)) },
  };
}

export function itemsOfType(items: readonly ItemLike[], type: string): ItemLike[] {
  return items.filter((i) => i.type === type).sort(bySortThenName);
}

export function itemRow(item: ItemLike): ItemRowView {
  return { id: itemId(item), name: item.name, img: item.img || DEFAULT_ITEM_IMG, type: item.type };
}

export function buildActorCore(actor: ActorLike, items: readonly ItemLike[], options: SheetOptions, c: SheetChoices): ActorCoreView {
  const system = actor.system;
  const id = itemId(actor);
  const { play, build } = scopes(id, options);
  const isNpc = actor.type === "npc";
  return {
    actor: { id, uuid: actor.uuid ?? "", name: actor.name, img: actor.img || DEFAULT_ACTOR_IMG, type: actor.type },
    editable: options.editable ?? false,
    editMode: (options.editable ?? false) && (options.editMode ?? false),
    nameField: textField(build, "name", label.sheet("Name"), actor.name),
    attributes: attributeViews(system, build, c),
    resistances: c.damageTypes.map((type) => {
      const r = system.resistances?.[type as keyof ActorSystem["resistances"]] ?? { species: 0, armor: 0, total: 0 };
      const field = isNpc
        ? numberField(build, `system.resistanceOverride.${type}`, c.label.damageType(type),
          system.resistanceOverride?.[type as keyof ActorSystem["resistances"]] ?? null, { min: 0, max: 12, nullable: true })
        : numberField(build, `system.resistanceAllocation.${type}`, c.label.damageType(type),
          system.resistanceAllocation?.[type as keyof ActorSystem["resistances"]] ?? 0, { min: 0, max: 3 });
      return { key: type, label: c.label.damageType(type), abbreviation: c.abbreviation(type), ...r, field };
    }),
    health: healthView(system, play),
    stats: statsView(system, c),
    mana: { value: system.mana.value, max: system.mana.max, field: numberField(play, "system.mana.value", fieldLabel("system.mana.value"), system.mana.value, { min: 0, max: system.mana.max }) },
    luck: { value: system.luck.value, max: system.luck.max, field: numberField(play, "system.luck.value", fieldLabel("system.luck.value"), system.luck.value, { min: 0, max: system.luck.max }) },
    speciesName: system.species?.name ?? "",
    personalBonusField: selectField(build, "system.personalBonusSkill", fieldLabel("system.personalBonusSkill"),
      system.personalBonusSkill, c.skills.filter((s) => !(system.speciesBonusSkills ?? []).includes(s)),
      c.label.skill, label.sheet("None")),
    weapons: itemsOfType(items, "weapon").map((w) => weaponRow(w, system, c)),
    spells: itemsOfType(items, "spell").map((s) => spellRow(s, c)),
  };
}

function attributeViews(system: ActorSystem, scope: FieldScope, c: SheetChoices): AttributeView[] {
  return Object.entries(c.attributeSkills).map(([attribute, skills]) => ({
    key: attribute,
    label: c.label.attribute(attribute),
    value: system.attributes?.[attribute as keyof ActorSystem["attributes"]] ?? 0,
    skills: skills.map((key) => {
      const skill = system.skills?.[key as keyof ActorSystem["skills"]];
      const rank = skill?.rank ?? 12;
      return {
        key, label: c.label.skill(key), rank,
        dice: skill?.dice ?? 0, diceWithFocus: skill?.diceWithFocus ?? 0,
        bonus: skill?.bonus ?? false, focus: skill?.focus ?? false,
        foci: (skill?.foci ?? []).join(", "),
        rankField: numberField(scope, `system.skills.${key}.rank`, c.label.skill(key), rank, { min: 4, max: 12 }),
      };
    }),
  }));
}

function healthView(system: ActorSystem, scope: FieldScope): HealthView {
  const h = system.health;
  return {
    grit: h.grit, capacity: h.capacity, wounds: h.wounds, hits: h.hits, barrier: h.barrier ?? 0,
    vitalsMax: h.vitalsMax, vitalsLost: h.vitalsLost, vitalsRemaining: h.vitalsRemaining, penalty: h.penalty,
    dying: h.dying ?? false, dead: h.dead ?? false,
    boxes: healthBoxes(h),
    interactive: !scope.disabled,
    woundsField: numberField(scope, "system.health.wounds", fieldLabel("system.health.wounds"), h.wounds, { min: 0 }),
    barrierField: numberField(scope, "system.health.barrier", fieldLabel("system.health.barrier"), h.barrier ?? 0, { min: 0 }),
    dyingField: checkboxField(scope, "system.health.dying", fieldLabel("system.health.dying"), h.dying),
    deadField: checkboxField(scope, "system.health.dead", fieldLabel("system.health.dead"), h.dead),
  };
}

function statsView(system: ActorSystem, c: SheetChoices): StatsView {
  return {
    defense: system.defense.base, dodge: system.defense.dodge, block: system.defense.block,
    walk: system.movement.walk, run: system.movement.run, movementScore: system.movement.score,
    reach: system.reach,
    sizeLabel: c.label.size(system.size),
    encumbrance: system.encumbrance,
    encumbranceLabel: label.encumbrance(system.encumbrance),
    encumbered: system.encumbrance !== "none",
    maxArmorLabel: c.label.weight(system.maxArmor),
    armorWeightLabel: c.label.weight(system.armorWeight),
  };
}

export function weaponRow(item: ItemLike, system: ActorSystem, c: SheetChoices): WeaponRowView {
  const s = item.system;
  const id = itemId(item);
  return {
    ...itemRow(item),
    counters: s.counters ?? 0,
    damage: damageNotation(s.damage?.dice, s.damage?.types, c.abbreviation),
    range: s.rangeIncrement ? rangeNotation(s.rangeIncrement, RANGE_INCREMENTS_MAX) : "",
    handsLabel: c.label.hands(s.hands ?? "main"),
    groupLabel: c.label.weaponGroup(s.group ?? ""),
    properties: (s.properties ?? []).map((p) => ({
      label: c.label.weaponProperty(p.key ?? ""),
      qualifier: p.damageType ? c.abbreviation(p.damageType) : "",
    })),
    quantity: s.quantity ?? 1,
    mainHand: id !== "" && system.equipped?.mainHand === id,
    offHand: id !== "" && system.equipped?.offHand === id,
  };
}

export function spellRow(item: ItemLike, c: SheetChoices): SpellRowView {
  const s = item.system;
  return {
    ...itemRow(item),
    level: s.level ?? 1,
    counters: s.counters === null || s.counters === undefined ? NONE : String(s.counters),
    mana: s.mana ?? 0,
    damage: s.damage?.dice ? damageNotation(s.damage.dice, s.damage.types, c.abbreviation) : "",
    schoolLabel: c.label.school(s.school ?? ""),
    ritual: s.counters === null,
  };
}

/** The block bonus a shield of this weight gives (RULING: +1 / +3 / +5); 0 for an unknown weight. */
export function shieldBlock(weight: string | undefined): number {
  const known: readonly string[] = ["light", "medium", "heavy"];
  return known.includes(weight ?? "") ? blockBonus(weight as ArmorWeight) : 0;
}
