/**
 * Reading what a roll needs from an actor: pools, ranks, foci, vitals, features and species.
 * Pure: a Foundry actor (after `prepareDerivedData`) and a plain test fixture both fit
 * `RollActor`, and anything Foundry-only (roll mode, combat) comes in through `RollEnvironment`.
 */
import { conditionDice } from "../rules/conditions";
import {
  MISSILE_GUIDANCE_TABLE, SKILL_ATTRIBUTE, SKILL_KEYS, ruleError,
  type AttributeKey, type CriticalOptions, type DamageType, type MissileGuidance, type SkillKey,
} from "../rules";
import type { GainRollRequest } from "./pool";
import type { DifficultyChoice, FocusChoice, RollModeKey } from "./types";
import { DIFFICULTY_CHOICES } from "./types";

/** The item fields rolls read (docs/data-model.md). */
export interface RollItemSystem {
  identifier?: string;
  skill?: string;
  weaponGroup?: string;
  school?: string;
  luckKeepBest?: boolean;
  category?: string;
  group?: string;
  properties?: readonly { key?: string; damageType?: string }[];
  damage?: { dice?: number; types?: readonly string[] };
  area?: { shape?: string };
  missile?: { guidance?: string };
  effects?: { focusSkill?: string };
  equipped?: boolean;
}

export interface RollItem {
  id?: string | null;
  uuid?: string;
  name: string;
  type: string;
  system: RollItemSystem;
}

/** The actor fields rolls read: stored ranks and luck, derived attributes and health. */
export interface RollActorSystem {
  skills: Partial<Record<SkillKey, { rank: number; bonus?: boolean }>>;
  attributes: Partial<Record<AttributeKey, number>>;
  health?: {
    grit?: number; wounds?: number; hits?: number; vitalsMax?: number; vitalsLost?: number; vitalsRemaining?: number;
    dying?: boolean; dead?: boolean;
  };
  luck?: { value: number; max?: number };
  resistances?: Partial<Record<DamageType, { species: number; armor: number }>>;
}

export interface RollActor {
  id?: string | null;
  uuid?: string;
  name: string;
  type?: string;
  system: RollActorSystem;
  items: Iterable<RollItem>;
  /** Active status effects (v13 `Actor#statuses`); "hexed" hexes the dice. */
  statuses?: Iterable<string>;
}

/** What only Foundry knows: the user's roll mode and whether the actor is in a running combat. */
export interface RollEnvironment {
  rollMode: RollModeKey;
  inCombat: boolean;
}

/** Options of `actor.rollSkill` and `actor.rollAttack`. */
export interface GainRollCallOptions {
  /** A focus to apply: its item id or name, or true for the skill's first focus. */
  focus?: string | boolean;
  /** Situational dice, ±. */
  situational?: number;
  /** A difficulty of table 1.19, "custom", "opposed" or "none"; a number means that many gains. */
  difficulty?: DifficultyChoice | number;
  /** Shorthand for `difficulty: "opposed"`. */
  opposed?: boolean;
  /** The target's defense, for attacks (compared as "defense"). */
  defense?: number;
  rollMode?: RollModeKey;
  /** Roll without the dialog (shift-click does the same). */
  skipDialog?: boolean;
  /** The triggering click; shift skips the dialog. */
  event?: { shiftKey?: boolean } | null;
  critical?: CriticalOptions;
  /** Override the combat check for dramatic results. */
  outOfCombat?: boolean;
  /** For attacks: the skill to roll (finesse weapons may use Agility). */
  skill?: SkillKey;
  /** More `flags.clockwork` for the roll's message (a roll request's answer names its card). */
  messageFlags?: Record<string, unknown>;
}

function itemsOf(actor: RollActor, type: string): RollItem[] {
  return [...actor.items].filter((item) => item.type === type);
}

function itemId(item: RollItem): string {
  return item.id ?? item.name;
}

/** Whether the actor has a feature with this identifier ("diehard"). */
export function hasFeature(actor: RollActor, identifier: string): boolean {
  return itemsOf(actor, "feature").some((item) => item.system.identifier === identifier);
}

/** Halflings may spend several lucks on one roll and keep the best (species `luckKeepBest`). */
export function luckKeepsBest(actor: RollActor): boolean {
  return itemsOf(actor, "species").some((item) => item.system.luckKeepBest === true);
}

/**
 * Foci that may add a die to a roll of this skill: the actor's focus items of the skill, or,
 * when it has none, an equipped staff that grants one (RULING 82).
 */
export function fociFor(actor: RollActor, skill: SkillKey): FocusChoice[] {
  const foci = itemsOf(actor, "focus").filter((item) => item.system.skill === skill);
  if (foci.length) return foci.map((item) => ({ id: itemId(item), name: item.name }));
  return itemsOf(actor, "artifact")
    .filter((item) => item.system.equipped === true && item.system.effects?.focusSkill === skill)
    .map((item) => ({ id: itemId(item), name: item.name }));
}

function requireSkill(skill: string): SkillKey {
  if (!(SKILL_KEYS as readonly string[]).includes(skill)) {
    ruleError("skill", `must be one of ${SKILL_KEYS.join(", ")}`, "ClockWork has sixteen skills", skill);
  }
  return skill as SkillKey;
}

function skillRank(actor: RollActor, skill: SkillKey): number {
  const rank = actor.system.skills[skill]?.rank;
  if (typeof rank !== "number") ruleError(`${actor.name}'s ${skill} rank`, "is missing", "every actor has a rank in each skill", rank);
  return rank;
}

function attributeDice(actor: RollActor, attribute: AttributeKey): number {
  const dice = actor.system.attributes?.[attribute];
  if (typeof dice !== "number") ruleError(`${actor.name}'s ${attribute}`, "is missing", "attributes are derived before rolling", dice);
  return dice;
}

function pickFocus(foci: readonly FocusChoice[], wanted: string | boolean | undefined, preferred?: string): string {
  if (wanted === true) return foci[0]?.id ?? "";
  if (typeof wanted === "string") return foci.find((f) => f.id === wanted || f.name === wanted)?.id ?? "";
  return preferred ?? "";
}

function difficultyOf(options: GainRollCallOptions): { difficulty: DifficultyChoice; customDifficulty: number } {
  if (options.opposed) return { difficulty: "opposed", customDifficulty: 0 };
  if (typeof options.defense === "number") return { difficulty: "defense", customDifficulty: options.defense };
  const d = options.difficulty;
  if (typeof d === "number") return { difficulty: "custom", customDifficulty: d };
  if (d === undefined) return { difficulty: "none", customDifficulty: 0 };
  if (!DIFFICULTY_CHOICES.includes(d)) ruleError("difficulty", `must be a number or one of ${DIFFICULTY_CHOICES.join(", ")}`, "table 1.19", d);
  return { difficulty: d, customDifficulty: 0 };
}

function isHexed(actor: RollActor): boolean {
  return actor.statuses ? [...actor.statuses].includes("hexed") : false;
}

/**
 * The request with the dice the actor's conditions take (Exhausted −1 on every roll, RULING 26),
 * for the roll API's own rolls. The attack and casting workflows count conditions themselves
 * (the rules core's attacker and caster), so the plain requests above leave them out.
 */
export function withConditionDice(actor: RollActor, request: GainRollRequest): GainRollRequest {
  const dice = conditionDice(actor.statuses ?? []);
  return dice ? { ...request, conditionDice: dice } : request;
}

/** A gain-roll request for one skill of the actor, before the dialog. */
export function skillRollRequest(actor: RollActor, skillKey: string, options: GainRollCallOptions, env: RollEnvironment): GainRollRequest {
  const skill = requireSkill(skillKey);
  const attribute = SKILL_ATTRIBUTE[skill];
  const foci = fociFor(actor, skill);
  return {
    actorName: actor.name,
    subject: { kind: "skill", skill, attribute },
    attributeDice: attributeDice(actor, attribute),
    threshold: skillRank(actor, skill),
    bonusSkill: actor.system.skills[skill]?.bonus === true,
    foci,
    focusId: pickFocus(foci, options.focus),
    situational: options.situational ?? 0,
    physical: attribute === "body",
    vitalsRemaining: actor.system.health?.vitalsRemaining ?? 6,
    hexed: isHexed(actor),
    ...difficultyOf(options),
    outOfCombat: options.outOfCombat ?? !env.inCombat,
    critical: options.critical ?? {},
    rollMode: options.rollMode ?? env.rollMode,
  };
}

function hasProperty(item: RollItem, key: string): boolean {
  return (item.system.properties ?? []).some((p) => p.key === key);
}

/** The skill a weapon attacks with (§4.9 step 4); finesse and unarmed take the better of Strength and Agility. */
export function attackSkill(actor: RollActor, item: RollItem): SkillKey {
  if (item.type === "spell") return requireSkill(item.system.skill ?? "");
  const category = item.system.category ?? "melee";
  if (category !== "melee") return "accuracy";
  if (item.system.group === "unarmed" || hasProperty(item, "finesse")) {
    return skillRank(actor, "agility") < skillRank(actor, "strength") ? "agility" : "strength";
  }
  return "strength";
}

/** A guided missile's own pool (Dumb 6 at 8+, Guided 8 at 6+, Smart 10 at 4+), or null. */
function missilePool(item: RollItem): { dice: number; threshold: number } | null {
  if (item.type !== "weapon" || item.system.group !== "missile") return null;
  const guidance = item.system.missile?.guidance as MissileGuidance | undefined;
  return guidance ? MISSILE_GUIDANCE_TABLE[guidance] ?? null : null;
}

/** A gain-roll request for a weapon's or spell's attack pool, before the dialog. */
export function attackRollRequest(actor: RollActor, item: RollItem, options: GainRollCallOptions, env: RollEnvironment): GainRollRequest {
  if (item.type !== "weapon" && item.type !== "spell") {
    ruleError("attack item", "must be a weapon or a spell", "only weapons and spells have an attack pool", item.type);
  }
  const base = skillRollRequest(actor, options.skill ?? attackSkill(actor, item), options, env);
  const subject = { ...base.subject, kind: item.type === "spell" ? "spell" as const : "attack" as const, itemName: item.name, itemUuid: item.uuid };
  const fixed = missilePool(item);
  if (fixed) {
    return {
      ...base, subject: { kind: "attack", itemName: item.name, itemUuid: item.uuid }, fixedPool: true,
      attributeDice: fixed.dice, threshold: fixed.threshold, foci: [], focusId: "", bonusSkill: false, physical: false,
    };
  }
  // A focus of the weapon's group or the spell's school is the one that usually applies.
  const matching = [...actor.items].find((f) => f.type === "focus" && f.system.skill === base.subject.skill
    && ((item.type === "weapon" && !!item.system.group && f.system.weaponGroup === item.system.group)
      || (item.type === "spell" && !!item.system.school && f.system.school === item.system.school)));
  const focusId = options.focus === undefined && matching ? itemId(matching) : base.focusId;
  return { ...base, subject, focusId };
}
