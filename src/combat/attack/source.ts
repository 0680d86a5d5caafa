/**
 * Reading an attack from the documents (pure): the attacker's pool from the actor and the
 * weapon (through the dice layer's `attackRollRequest`, so the sheet's roll and the attack
 * agree), the weapon's profile, and each target's defense, reactions and resistance, as the
 * rules core's `AttackInput` and `AttackTarget`. A Foundry actor after `prepareDerivedData` and
 * a plain test fixture both fit these shapes; everything only the canvas or the combat knows
 * (distance, defenseless) comes in as `TargetSituation`.
 */
import { choices } from "../../config";
import {
  CONDITION_KEYS, PROC_PROPERTY_CONDITIONS, attackCost, isAreaMode, ruleError,
  type Attacker, type AttackInput, type AttackMode, type AttackTarget, type AttackWeapon, type CalledShot,
  type ConditionKey, type CoverPercent, type DamageTarget, type DamageType, type ProcEffect, type SkillKey,
} from "../../rules";
import { attackRollRequest, hasFeature, type RollActor, type RollItem } from "../../dice/actor-source";
import { chosenFocus, type GainRollRequest } from "../../dice/pool";
import { magicItemEffects, type MagicItemEffects } from "../../data/item/magic-items";
import type { FocusChoice, RollModeKey } from "../../dice/types";

/** Weapon fields the attack reads (docs/data-model.md, weapon). */
export interface WeaponSystem {
  category?: string;
  group?: string;
  counters?: number;
  damage?: { dice?: number; types?: readonly string[] };
  rangeIncrement?: number;
  properties?: readonly { key?: string; damageType?: string }[];
  area?: { shape?: string; size?: number };
  conditions?: readonly { key?: string; trigger?: string }[];
  missile?: { guidance?: string };
}

/** An attack item: a weapon, or a species attack built as one. */
export interface AttackItem extends RollItem {
  system: RollItem["system"] & WeaponSystem;
  flags?: Record<string, unknown>;
}

/** Actor fields beyond the roll's: defense, resistances, health, gear and species. */
export interface AttackActorSystem {
  defense?: { base?: number; dodge?: number; block?: number };
  resistances?: Partial<Record<DamageType, { species: number; armor: number; total?: number }>>;
  health?: { grit?: number; barrier?: number; vitalsRemaining?: number };
  equipped?: { mainHand?: string; offHand?: string; shield?: string; armor?: string };
  species?: { identifier?: string } | null;
  reach?: number;
}

export interface AttackActor extends RollActor {
  system: RollActor["system"] & AttackActorSystem;
  items: Iterable<AttackItem>;
}

/** What the attacker declares (§4.9 step 1) and the dialog edits. */
export interface AttackDeclaration {
  mode: AttackMode;
  calledShot: CalledShot | null;
  damageType: DamageType;
  /** The skill rolled; finesse and unarmed weapons may pick Strength or Agility. */
  skill?: SkillKey;
  /** Chosen focus id, or "" for none. */
  focusId: string;
  situational: number;
  powerAttack: number;
  /** The attacker is stealthed against the targets: no dodge or block (§4.16). */
  stealthed: boolean;
  rollMode: RollModeKey;
}

/** What only the canvas and the combat know about a target. */
export interface TargetSituation {
  /** Spaces from the attacker, when measured. */
  distance?: number;
  /** Before its first turn in a running combat (§4.6). */
  defenseless?: boolean;
  cover?: CoverPercent;
  unaware?: boolean;
  feinted?: boolean;
  /** Its owner's declared reaction. */
  reaction?: "none" | "dodge" | "block";
  /**
   * The Force Field this very attack met and spent (the GM's recompute reads it from the
   * target's record, never from the card): it counts instead of the target's field now.
   */
  spentForceField?: number;
}

// ---------------------------------------------------------------- the weapon

function properties(item: AttackItem): readonly { key?: string; damageType?: string }[] {
  return item.system.properties ?? [];
}

function hasProperty(item: AttackItem, key: string, damageType?: DamageType): boolean {
  return properties(item).some((p) => p.key === key && (!p.damageType || !damageType || p.damageType === damageType));
}

/** The damage types the weapon may deal; the first is the default. */
export function damageTypesOf(item: AttackItem): DamageType[] {
  // The configured types: a setting module's count (and a removed module's, still stored).
  const known = choices.damageTypes() as string[];
  return (item.system.damage?.types ?? []).filter((t): t is DamageType => known.includes(t));
}

/** Whether the weapon fires autofire (switchable or only). */
export function firesAutofire(item: AttackItem): boolean {
  return hasProperty(item, "autofire") || hasProperty(item, "autofireOnly");
}

/** Whether the weapon is an area weapon (a grenade's radius, a flamethrower's cone). */
export function areaOf(item: AttackItem): { shape: "radius" | "cone" | "line"; size: number } | null {
  const shape = item.system.area?.shape;
  if (shape !== "radius" && shape !== "cone" && shape !== "line") return null;
  return { shape, size: item.system.area?.size ?? 0 };
}

/** Fire modes the weapon offers: single (unless autofire only), the three autofire modes, or its area. */
export function modesOf(item: AttackItem): AttackMode[] {
  if (areaOf(item)) return ["area"];
  const modes: AttackMode[] = hasProperty(item, "autofireOnly") ? [] : ["single"];
  if (firesAutofire(item)) modes.push("autofire", "strafe", "spray");
  return modes;
}

/** The rules core's weapon for this item and declaration (§4.9 steps 4 and 7, §1.27). */
/**
 * Magic-item effects of the enchantments applied to a weapon (`system.appliedTo` = its id;
 * `flags.clockwork.magicItem`, src/data/item/magic-items.ts): Void's ignored cover, Returning's recall.
 */
export function weaponEnchantments(actor: { items: Iterable<{ id?: string | null; type: string; system: object; flags?: Record<string, unknown> }> }, itemId: string | null | undefined): MagicItemEffects[] {
  const found: MagicItemEffects[] = [];
  if (!itemId) return found;
  for (const other of actor.items) {
    if (other.type !== "enchantment" || (other.system as { appliedTo?: string }).appliedTo !== itemId) continue;
    found.push(magicItemEffects(other));
  }
  return found;
}

/** Proc effects of the enchantments applied to a weapon (Acid's persistent damage, RULING 13; docs/rulings.md 130). */
export function enchantmentProcs(actor: Parameters<typeof weaponEnchantments>[0], itemId: string | null | undefined): ProcEffect[] {
  const procs: ProcEffect[] = [];
  for (const effects of weaponEnchantments(actor, itemId)) {
    const proc = effects.proc;
    if (proc && (CONDITION_KEYS as readonly string[]).includes(proc.condition)) procs.push({ key: proc.source, condition: proc.condition as ConditionKey });
  }
  return procs;
}

export function weaponProfile(actor: AttackActor, item: AttackItem, declaration: Pick<AttackDeclaration, "damageType">): AttackWeapon {
  const category = item.system.category ?? "melee";
  const melee = category === "melee";
  const unarmedBonus = item.system.group === "unarmed" && hasFeature(actor, "improved-unarmed-strike") ? 1 : 0;
  const increment = item.system.rangeIncrement ?? 0;
  const farShot = !melee && increment > 0 && hasFeature(actor, "far-shot") ? 1 : 0;
  return {
    kind: melee ? "melee" : "ranged",
    damageDice: Math.min(12, Math.max(0, (item.system.damage?.dice ?? 0) + unarmedBonus)),
    armorPiercing: hasProperty(item, "armorPiercing", declaration.damageType),
    ...(melee ? { reach: Math.max(1, (actor.system.reach ?? 1) + (hasProperty(item, "reach") ? 1 : 0)) } : {}),
    ...(!melee && increment > 0 ? { rangeIncrement: increment + farShot } : {}),
    arcShot: hasProperty(item, "arcShot"),
    ...(weaponEnchantments(actor, item.id).some((e) => e.attack?.ignoresCover) ? { ignoresCover: true } : {}),
    ...(saveSkillOf(item) ? { alwaysHits: true } : {}),
  };
}

/** The skill each target saves with against an attack that always hits (lightning breath), or null. */
export function saveSkillOf(item: AttackItem): string | null {
  const save = (item.flags?.clockwork as { save?: unknown } | undefined)?.save;
  return typeof save === "string" && save ? save : null;
}

/**
 * Conditions the weapon applies: on a hit, always, by proc (RULINGS 13, 80; docs/rulings.md 85),
 * and to every target it damages (a species breath: "damaged targets are Chilled").
 */
export function weaponConditions(item: AttackItem): { onHit: ConditionKey[]; always: ConditionKey[]; procs: ProcEffect[]; damaged: ConditionKey[] } {
  const onHit: ConditionKey[] = [];
  const always: ConditionKey[] = [];
  const damaged: ConditionKey[] = [];
  const procs: ProcEffect[] = [];
  for (const property of properties(item)) {
    const condition = property.key ? PROC_PROPERTY_CONDITIONS[property.key] : undefined;
    if (condition) procs.push({ key: property.key as string, condition, ...(property.damageType ? { damageType: property.damageType as DamageType } : {}) });
    if (property.key === "burningOnHit") onHit.push("burning");
  }
  for (const ref of item.system.conditions ?? []) {
    const key = ref.key as ConditionKey | undefined;
    if (!key) continue;
    if (ref.trigger === "hit" && !onHit.includes(key)) onHit.push(key);
    else if (ref.trigger === "always" && !always.includes(key)) always.push(key);
    else if (ref.trigger === "proc" && !procs.some((p) => p.condition === key)) procs.push({ key, condition: key });
    else if (ref.trigger === "damaged" && !damaged.includes(key)) damaged.push(key);
  }
  return { onHit, always, procs, damaged };
}

/** The counters one attack with this weapon costs before Stunned (§4.7): the weapon's, +1 autofire, + Power Attack. */
export function attackBaseCost(item: AttackItem, declaration: Pick<AttackDeclaration, "mode" | "powerAttack">): number {
  const category = (item.system.category ?? "melee") as "melee" | "ranged" | "thrown" | "explosive";
  const autofire = declaration.mode === "autofire" || declaration.mode === "strafe" || declaration.mode === "spray";
  return attackCost({ counters: item.system.counters ?? 2, category, autofireOnly: hasProperty(item, "autofireOnly") }, {
    autofire, powerAttack: category === "melee" ? declaration.powerAttack : 0,
  });
}

// ---------------------------------------------------------------- the attacker

function statusSet(actor: { statuses?: Iterable<string> }): Set<string> {
  return new Set(actor.statuses ?? []);
}

/** Improved Critical purchases for this weapon: each names its weapon group in `flags.clockwork.weaponGroup`, none means any. */
function improvedCriticals(actor: AttackActor, item: AttackItem): number {
  let count = 0;
  for (const feature of actor.items) {
    if (feature.type !== "feature" || feature.system.identifier !== "improved-critical") continue;
    const group = (feature.flags?.clockwork as { weaponGroup?: string } | undefined)?.weaponGroup;
    if (!group || group === item.system.group) count++;
  }
  return count;
}

/** The dice layer's pool request for this attack: attribute, rank, bonus skill, foci (RULINGS 60, 61). */
export function poolRequest(actor: AttackActor, item: AttackItem, declaration: Partial<Pick<AttackDeclaration, "skill" | "focusId" | "situational" | "rollMode">> = {}): GainRollRequest {
  const request = attackRollRequest(actor, item, {
    skill: declaration.skill ?? itemSkills(item)?.[0], focus: declaration.focusId, situational: declaration.situational ?? 0,
  }, { rollMode: declaration.rollMode ?? "publicroll", inCombat: true });
  // An explicit "" means no focus; undefined keeps the weapon group's focus the dice layer picked.
  return declaration.focusId === "" ? { ...request, focusId: "" } : request;
}

/** Skills a species attack rolls (`flags.clockwork.skills`), or null for a weapon. */
function itemSkills(item: AttackItem): SkillKey[] | null {
  const skills = (item.flags?.clockwork as { skills?: unknown } | undefined)?.skills;
  return Array.isArray(skills) && skills.length ? skills as SkillKey[] : null;
}

/** The skills the attacker may roll with this weapon: finesse and unarmed take Strength or Agility. */
export function skillChoices(item: AttackItem): SkillKey[] {
  const own = itemSkills(item);
  if (own) return own.length > 1 ? own : [];
  if (item.type !== "weapon" || (item.system.category ?? "melee") !== "melee") return [];
  return item.system.group === "unarmed" || hasProperty(item, "finesse") ? ["strength", "agility"] : [];
}

/** The rules core's attacker: the pool's parts plus conditions and features (§4.1, §4.9 step 4). */
export function attackerOf(actor: AttackActor, item: AttackItem, declaration: AttackDeclaration): { attacker: Attacker; request: GainRollRequest; foci: FocusChoice[] } {
  const request = poolRequest(actor, item, declaration);
  const statuses = statusSet(actor);
  const ranged = (item.system.category ?? "melee") !== "melee";
  const attacker: Attacker = {
    attribute: request.attributeDice,
    rank: request.threshold,
    bonusSkill: request.bonusSkill,
    focus: chosenFocus(request) !== null,
    vitalsRemaining: request.vitalsRemaining,
    physical: request.physical,
    situational: request.situational,
    hexed: request.hexed,
    exhausted: statuses.has("exhausted"),
    prone: statuses.has("prone"),
    blind: statuses.has("blind"),
    stealthed: declaration.stealthed,
    deadeye: hasFeature(actor, "deadeye"),
    sniper: ranged && hasFeature(actor, "sniper"),
    pointBlank: ranged && hasFeature(actor, "point-blank"),
    improvedCritical: improvedCriticals(actor, item),
  };
  return { attacker, request, foci: request.foci };
}

// ---------------------------------------------------------------- the targets

/**
 * A target's resistance shares against a type. An NPC's override replaces the total; it is read
 * as the creature's own resistance (no armor to pierce).
 */
export function resistanceShares(actor: Pick<AttackActor, "system" | "name">, type: DamageType): DamageTarget {
  const row = actor.system.resistances?.[type];
  if (!row) ruleError(`${actor.name}'s ${type} resistance`, "is missing", "resistances are derived before an attack", row);
  const sum = Math.min(12, row.species + row.armor);
  if (row.total !== undefined && row.total !== sum) return { species: Math.min(12, Math.max(0, row.total)), armor: 0 };
  return { species: row.species, armor: row.armor };
}

function heldWeapons(actor: AttackActor): AttackItem[] {
  const held = new Set([actor.system.equipped?.mainHand, actor.system.equipped?.offHand].filter(Boolean));
  return [...actor.items].filter((item) => item.type === "weapon" && held.has(item.id ?? ""));
}

/** The rules core's target: defense parts, reactions, resistance, health (§4.9 steps 2–3, 7–8). */
/** Blur's defense (docs/rulings.md 127: added to the base defense). */
export const BLUR_DEFENSE = 5;

/**
 * Defense from the target's lasting spells (magic stores them as effects with
 * `flags.clockwork.spell = { identifier, effect: "defense", amount }`, src/magic/effects.ts):
 * Blur's +5 and a Force Field's gains (one attack; magic ends it when an attack met it).
 */
export function spellDefenseOf(actor: unknown): { blur: number; forceField: number } {
  let blur = 0;
  let forceField = 0;
  const effects = (actor as { effects?: Iterable<{ disabled?: boolean; flags?: Record<string, unknown> }> } | null)?.effects;
  if (!effects) return { blur, forceField };
  for (const effect of effects) {
    if (effect.disabled) continue;
    const spell = (effect.flags?.clockwork as { spell?: { identifier?: unknown; effect?: unknown; amount?: unknown } } | undefined)?.spell;
    if (!spell || spell.effect !== "defense" || typeof spell.amount !== "number" || !(spell.amount > 0)) continue;
    if (spell.identifier === "blur") blur = Math.max(blur, Math.floor(spell.amount));
    else if (spell.identifier === "force-field") forceField = Math.max(forceField, Math.floor(spell.amount));
  }
  return { blur, forceField };
}

/** Where a target records the Force Field an attack card spent: `flags.clockwork.spentForceField.<messageId>`. */
export const SPENT_FIELD_FLAG = "spentForceField";

/** The Force Field the card `messageId` spent on this target (its record), else undefined. */
export function spentForceFieldOf(actor: unknown, messageId: string | null | undefined): number | undefined {
  if (!messageId) return undefined;
  const record = ((actor as { flags?: { clockwork?: Record<string, unknown> } } | null)?.flags?.clockwork?.[SPENT_FIELD_FLAG] as Record<string, unknown> | undefined)?.[messageId];
  return typeof record === "number" && Number.isInteger(record) && record > 0 ? record : undefined;
}

export function targetOf(actor: AttackActor, id: string, damageType: DamageType, situation: TargetSituation = {}): AttackTarget {
  const defense = actor.system.defense ?? {};
  const spells = spellDefenseOf(actor);
  const statuses = statusSet(actor);
  const parry = heldWeapons(actor).filter((w) => hasProperty(w, "parry")).length;
  const shield = (actor.system.equipped?.shield ?? "") !== "";
  return {
    id,
    baseDefense: (defense.base ?? 0) + spells.blur,
    ...((situation.spentForceField ?? spells.forceField) > 0 ? { forceField: situation.spentForceField ?? spells.forceField } : {}),
    ...(situation.distance !== undefined ? { distance: situation.distance } : {}),
    cover: situation.cover ?? 0,
    prone: statuses.has("prone"),
    defenseless: situation.defenseless === true,
    unaware: situation.unaware === true,
    grappled: statuses.has("grappled"),
    feinted: situation.feinted === true,
    reaction: situation.reaction ?? "none",
    dodgeBonus: defense.dodge ?? 0,
    blockBonus: defense.block ?? 0,
    shieldDrawn: shield && (defense.block ?? 0) > 0,
    parryWeapons: Math.min(2, parry),
    evasion: hasFeature(actor, "evasion"),
    resistance: resistanceShares(actor, damageType),
    petrified: statuses.has("petrified"),
    ...(actor.system.health?.grit !== undefined ? { grit: actor.system.health.grit } : {}),
    barrier: actor.system.health?.barrier ?? 0,
    orc: actor.system.species?.identifier === "orcs",
  };
}

/** The rules core's attack input for a declaration. */
export function attackInput(actor: AttackActor, item: AttackItem, declaration: AttackDeclaration, options: { areaDistance?: number } = {}): AttackInput {
  const { attacker } = attackerOf(actor, item, declaration);
  const area = isAreaMode(declaration.mode);
  return {
    attacker,
    weapon: weaponProfile(actor, item, declaration),
    options: {
      mode: declaration.mode,
      calledShot: area ? null : declaration.calledShot,
      damageType: declaration.damageType,
      powerAttack: (item.system.category ?? "melee") === "melee" ? declaration.powerAttack : 0,
      ...(area && options.areaDistance !== undefined ? { distance: options.areaDistance } : {}),
    },
  };
}

/** A declaration with the weapon's defaults: its first mode and damage type, its group's focus. */
export function defaultDeclaration(actor: AttackActor, item: AttackItem, rollMode: RollModeKey, overrides: Partial<AttackDeclaration> = {}): AttackDeclaration {
  const types = damageTypesOf(item);
  const modes = modesOf(item);
  if (!types.length || !item.system.damage?.dice) ruleError(`${item.name}'s damage`, "is missing", "an attack rolls the weapon's damage dice of one of its types (§4.9 step 7)", item.system.damage);
  const request = poolRequest(actor, item, { skill: overrides.skill, rollMode });
  const mode = overrides.mode && modes.includes(overrides.mode) ? overrides.mode : modes[0] ?? "single";
  return {
    mode,
    calledShot: overrides.calledShot ?? null,
    damageType: overrides.damageType && types.includes(overrides.damageType) ? overrides.damageType : types[0],
    ...(overrides.skill ? { skill: overrides.skill } : {}),
    focusId: overrides.focusId ?? request.focusId,
    situational: overrides.situational ?? 0,
    powerAttack: overrides.powerAttack ?? 0,
    stealthed: overrides.stealthed ?? false,
    rollMode: overrides.rollMode ?? rollMode,
  };
}
