/**
 * Pieces shared by the character and NPC sheets: skills by attribute, the resistance grid,
 * the health track, the derived numbers and the item rows. Everything is read from the
 * actor's derived system data; nothing is computed here beyond picking and labelling.
 */
import { blockBonus, chanceOfGains, RANGE_INCREMENTS_MAX, type ArmorWeight } from "../../rules";
import type { SheetChoices } from "./choices";
import { armorBurdenView, type ArmorBurdenView } from "./encumbrance";
import {
  fieldLabel, numberField, selectField, textField, type FieldScope, type NumberFieldView,
  type SelectFieldView, type TextFieldView,
} from "./fields";
import {
  bySortThenName, damageView, DEFAULT_ACTOR_IMG, DEFAULT_ITEM_IMG, itemId, percent, rangeNotation, type DamageView,
} from "./format";
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
  /** Chance of at least one gain with the plain pool, and with a focus ("87%"). */
  odds: string;
  oddsWithFocus: string;
  /** The vitals penalty lowers this skill's pool (Body skills). */
  penalized: boolean;
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
  /** The species' share: the base and its +1, without the points a character's player added. */
  species: number;
  /** Points a character's player added (0 for an NPC). */
  placed: number;
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
  /** Dice lost on physical rolls; 0 hides the line. */
  penalty: number;
  dying: boolean;
  dead: boolean;
  /**
   * Edit mode: Dying and Dead as toggles. The rules set them from the health track; a GM may
   * override them (after a confirmation), a player only sees them. In play they are badges.
   */
  editStatus: boolean;
  statusToggles: HealthStatusToggleView[];
  boxes: HealthBoxView[];
  /** Pips can be clicked: the user may edit the actor. */
  interactive: boolean;
  woundsField: NumberFieldView;
  barrierField: NumberFieldView;
}

/** One of Dying and Dead in edit mode: a GM's toggle, or a player's read-only state. */
export interface HealthStatusToggleView {
  key: "dying" | "dead";
  label: string;
  active: boolean;
  /** Only a GM sets these by hand; the data layer refuses a player's that the track disagrees with. */
  canSet: boolean;
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
  /** Worn armor over the Strength limit: the builder's warning, with the rules core's numbers. */
  armorBurden: ArmorBurdenView | null;
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
  damage: DamageView;
  range: string;
  handsLabel: string;
  groupLabel: string;
  /** `qualifier`: the damage type a property is tied to, as a label key ("" for none). */
  properties: { label: string; qualifier: string }[];
  quantity: number;
  mainHand: boolean;
  offHand: boolean;
}

export interface SpellRowView extends ItemRowView {
  level: number;
  /** Action counters; null for a ritual cast out of combat. */
  counters: number | null;
  mana: number;
  damage: DamageView | null;
  schoolLabel: string;
  ritual: boolean;
}

/** What both actor sheets' headers and every render share (no per-tab lists). */
export interface ActorBaseView {
  actor: { id: string; uuid: string; name: string; img: string; type: string };
  editable: boolean;
  editMode: boolean;
  nameField: TextFieldView;
  resistances: ResistanceRowView[];
  health: HealthView;
  stats: StatsView;
  mana: PoolView;
  luck: PoolView;
  /** NPCs show luck never and mana only when they use magic. */
  showMana: boolean;
  showLuck: boolean;
  speciesName: string;
  personalBonusField: SelectFieldView;
}

/** Everything both actor sheets share: the base plus the skill table and the weapon and spell rows. */
export interface ActorCoreView extends ActorBaseView {
  attributes: AttributeView[];
  weapons: WeaponRowView[];
  spells: SpellRowView[];
}

/** Whether a render draws `part` (`options.parts` missing: every part). */
export function drawsPart(options: SheetOptions, part: string): boolean {
  return !options.parts || options.parts.includes(part);
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

/** The skill table (per attribute, its skills with dice, odds and rank field). */
export function actorAttributes(actor: ActorLike, options: SheetOptions, c: SheetChoices): AttributeView[] {
  return attributeViews(actor.system, scopes(itemId(actor), options).build, c);
}

export function actorWeapons(actor: ActorLike, items: readonly ItemLike[], c: SheetChoices): WeaponRowView[] {
  return itemsOfType(items, "weapon").map((w) => weaponRow(w, actor.system, c));
}

export function actorSpells(items: readonly ItemLike[], c: SheetChoices): SpellRowView[] {
  return itemsOfType(items, "spell").map((s) => spellRow(s, c));
}

export function buildActorBase(actor: ActorLike, items: readonly ItemLike[], options: SheetOptions, c: SheetChoices): ActorBaseView {
  const system = actor.system;
  const id = itemId(actor);
  const { play, build } = scopes(id, options);
  const isNpc = actor.type === "npc";
  return {
    actor: { id, uuid: actor.uuid ?? "", name: actor.name, img: actor.img || DEFAULT_ACTOR_IMG, type: actor.type },
    editable: options.editable ?? false,
    editMode: (options.editable ?? false) && (options.editMode ?? false),
    nameField: textField(build, "name", label.sheet("Name"), actor.name),
    resistances: c.damageTypes.map((type) => {
      const r = system.resistances?.[type as keyof ActorSystem["resistances"]] ?? { species: 0, armor: 0, total: 0 };
      const field = isNpc
        ? numberField(build, `system.resistanceOverride.${type}`, c.label.damageType(type),
          system.resistanceOverride?.[type as keyof ActorSystem["resistances"]] ?? null, { min: 0, max: 12, nullable: true })
        : numberField(build, `system.resistanceAllocation.${type}`, c.label.damageType(type),
          system.resistanceAllocation?.[type as keyof ActorSystem["resistances"]] ?? 0, { min: 0, max: 3 });
      // A character's species share is shown without the points its player added (their own column).
      const placed = isNpc ? 0 : Math.max(0, Math.min(r.species, system.resistanceAllocation?.[type as keyof ActorSystem["resistances"]] ?? 0));
      return { key: type, label: c.label.damageType(type), ...r, species: r.species - placed, placed, field };
    }),
    health: healthView(system, play, (options.editable ?? false) && (options.editMode ?? false), options.gm ?? false),
    stats: statsView(system, c),
    mana: { value: system.mana.value, max: system.mana.max, field: numberField(play, "system.mana.value", fieldLabel("system.mana.value"), system.mana.value, { min: 0, max: system.mana.max }) },
    luck: { value: system.luck.value, max: system.luck.max, field: numberField(play, "system.luck.value", fieldLabel("system.luck.value"), system.luck.value, { min: 0, max: system.luck.max }) },
    showMana: !isNpc || usesMagic(items, system),
    showLuck: !isNpc,
    speciesName: system.species?.name ?? "",
    personalBonusField: selectField(build, "system.personalBonusSkill", fieldLabel("system.personalBonusSkill"),
      system.personalBonusSkill, c.skills.filter((s) => !(system.speciesBonusSkills ?? []).includes(s)),
      c.label.skill, label.sheet("None")),
  };
}

/** An NPC uses magic when it knows a spell or has already spent mana. */
function usesMagic(items: readonly ItemLike[], system: ActorSystem): boolean {
  return items.some((i) => i.type === "spell") || system.mana.value < system.mana.max;
}

const oddsCache = new Map<string, string>();

/** "87%": the chance of at least one gain, from the rules core (cached: 13 × 9 pools at most). */
export function oddsOfAGain(dice: number, rank: number): string {
  const key = `${dice}:${rank}`;
  let text = oddsCache.get(key);
  if (text === undefined) {
    text = dice > 0 ? percent(chanceOfGains(dice, rank, 1)) : "0%";
    oddsCache.set(key, text);
  }
  return text;
}

function attributeViews(system: ActorSystem, scope: FieldScope, c: SheetChoices): AttributeView[] {
  const penalized = (system.health?.penalty ?? 0) > 0;
  return Object.entries(c.attributeSkills).map(([attribute, skills]) => ({
    key: attribute,
    label: c.label.attribute(attribute),
    value: system.attributes?.[attribute as keyof ActorSystem["attributes"]] ?? 0,
    skills: skills.map((key) => {
      const skill = system.skills?.[key as keyof ActorSystem["skills"]];
      const rank = skill?.rank ?? 12;
      const dice = skill?.dice ?? 0;
      const diceWithFocus = skill?.diceWithFocus ?? 0;
      return {
        key, label: c.label.skill(key), rank, dice, diceWithFocus,
        odds: oddsOfAGain(dice, rank), oddsWithFocus: oddsOfAGain(diceWithFocus, rank),
        penalized: penalized && attribute === "body",
        bonus: skill?.bonus ?? false, focus: skill?.focus ?? false,
        foci: (skill?.foci ?? []).join(", "),
        rankField: numberField(scope, `system.skills.${key}.rank`, c.label.skill(key), rank, { min: 4, max: 12 }),
      };
    }),
  }));
}

function healthView(system: ActorSystem, scope: FieldScope, editMode: boolean, gm: boolean): HealthView {
  const h = system.health;
  return {
    grit: h.grit, capacity: h.capacity, wounds: h.wounds, hits: h.hits, barrier: h.barrier ?? 0,
    vitalsMax: h.vitalsMax, vitalsLost: h.vitalsLost, vitalsRemaining: h.vitalsRemaining, penalty: h.penalty,
    dying: h.dying ?? false, dead: h.dead ?? false, editStatus: editMode,
    boxes: healthBoxes(h),
    interactive: !scope.disabled,
    woundsField: numberField(scope, "system.health.wounds", fieldLabel("system.health.wounds"), h.wounds, { min: 0 }),
    barrierField: numberField(scope, "system.health.barrier", fieldLabel("system.health.barrier"), h.barrier ?? 0, { min: 0 }),
    statusToggles: (["dying", "dead"] as const).map((key) => ({
      key, label: fieldLabel(`system.health.${key}`), active: h[key] ?? false, canSet: gm && !scope.disabled,
    })),
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
    armorBurden: system.armorBurden ? armorBurdenView(system.armorBurden, c) : null,
  };
}

export function weaponRow(item: ItemLike, system: ActorSystem, c: SheetChoices): WeaponRowView {
  const s = item.system;
  const id = itemId(item);
  return {
    ...itemRow(item),
    counters: s.counters ?? 0,
    damage: damageView(s.damage?.dice, s.damage?.types, c),
    range: s.rangeIncrement ? rangeNotation(s.rangeIncrement, RANGE_INCREMENTS_MAX) : "",
    handsLabel: c.label.hands(s.hands ?? "main"),
    groupLabel: c.label.weaponGroup(s.group ?? ""),
    properties: (s.properties ?? []).map((p) => ({
      label: c.label.weaponProperty(p.key ?? ""),
      qualifier: p.damageType ? c.label.damageType(p.damageType) : "",
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
    counters: s.counters ?? null,
    mana: s.mana ?? 0,
    damage: s.damage?.dice ? damageView(s.damage.dice, s.damage.types, c) : null,
    schoolLabel: c.label.school(s.school ?? ""),
    ritual: s.counters === null,
  };
}

/** The block bonus a shield of this weight gives (RULING: +1 / +3 / +5); 0 for an unknown weight. */
export function shieldBlock(weight: string | undefined): number {
  const known: readonly string[] = ["light", "medium", "heavy"];
  return known.includes(weight ?? "") ? blockBonus(weight as ArmorWeight) : 0;
}
