/**
 * Reading a cast from the documents (pure): the spell item as the rules core's `SpellProfile`,
 * the caster's pool (through the dice layer's `attackRollRequest`, so the sheet's roll and the
 * cast agree), its hands, and each target's defense, resistance, health, statuses and spell
 * resistance (a Ward on it, Null Magic, a Gnome, golem runes). Foundry actors after
 * `prepareDerivedData` and plain test fixtures both fit these shapes.
 */
import { choices } from "../config";
import {
  SKILL_ATTRIBUTE, defaultAutomation, spellInMode,
  type Caster, type DamageType, type Hands, type HeldThing, type SkillKey, type SpellAutomation, type SpellProfile,
  type SpellResistance, type SpellTarget,
} from "../rules";
import { attackRollRequest, hasFeature, type RollActor, type RollItem } from "../dice/actor-source";
import type { GainRollRequest } from "../dice/pool";
import { spellDefenseOf } from "../combat/attack/source";

/** The flag a spell's lasting effect carries (`flags.clockwork.spell`). */
export interface SpellEffectFlag {
  identifier: string;
  /** The spell's school (Soothing Gel ends the Emotion ones); absent on effects made before it was stored. */
  school?: string;
  name: string;
  /** The casting gains, compared by Dispel, Melt and Soften (§4.18 step 4). */
  gains: number;
  dispellable: boolean;
  casterUuid: string | null;
  itemUuid: string | null;
  /** The effect's number (defense, speed, Ward gains …). */
  effect: string;
  amount: number;
  /** End-of-turn Flat that ends it, or null. */
  endFlat: number | null;
  /** When it runs out: a combat position, or a world time in seconds. */
  expires: { combat: string; round: number; turn: number } | { time: number } | null;
}

/** An item as the cast reads it. */
export interface SpellItem extends RollItem {
  img?: string | null;
  system: RollItem["system"] & Partial<Omit<SpellProfile, "automation">> & { automation?: Partial<SpellAutomation> };
}

/** An Active Effect as the cast reads it. */
export interface EffectLike {
  id?: string | null;
  uuid?: string;
  name?: string;
  disabled?: boolean;
  statuses?: Iterable<string>;
  flags?: Record<string, unknown>;
}

/** Actor fields beyond the roll's: defense, resistances, health, gear, mana, effects. */
export interface CastActor extends RollActor {
  img?: string | null;
  isOwner?: boolean;
  system: RollActor["system"] & {
    defense?: { base?: number };
    resistances?: Partial<Record<DamageType, { species: number; armor: number }>>;
    health?: RollActor["system"]["health"] & { barrier?: number };
    mana?: { value?: number; max?: number };
    equipped?: { mainHand?: string; offHand?: string; shield?: string };
    species?: { identifier?: string } | null;
  };
  items: Iterable<RollItem & { id?: string | null; system: RollItem["system"] & { hands?: string; category?: string; weight?: string } }>;
  effects?: Iterable<EffectLike>;
  flags?: Record<string, unknown>;
}

/** The rules core's spell from the item, with defaults for anything missing. */
export function spellProfileOf(item: SpellItem): SpellProfile {
  const s = item.system;
  const defaults = defaultAutomation();
  const automation = { ...defaults, ...(s.automation ?? {}) } as SpellAutomation;
  return {
    identifier: String(s.identifier ?? ""),
    skill: (s.skill ?? "spellcraft") as SpellProfile["skill"],
    school: (s.school ?? "arcane") as SpellProfile["school"],
    level: s.level ?? 1,
    counters: s.counters === undefined ? 2 : s.counters,
    mana: s.mana ?? 0,
    manaPerExtraTarget: s.manaPerExtraTarget ?? 0,
    roll: { kind: "unopposed", opposedSkill: "", mustExceed: false, ...(s.roll ?? {}) },
    range: { kind: "spaces", spaces: 12, ...(s.range ?? {}) },
    area: { shape: "none", size: 0, ...(s.area ?? {}) },
    damage: { dice: 0, types: [], unavoidable: false, perGain: false, ...(s.damage ?? {}) },
    conditions: s.conditions ?? [],
    duration: { kind: "instant", value: 0, ...(s.duration ?? {}) },
    automation,
  };
}

/** A mode of the spell (Heal at range or on an area) applied over its base cost and reach (the rules core's `spellInMode`). */
export function withMode(spell: SpellProfile, key: string | undefined): SpellProfile {
  return spellInMode(spell, key);
}

/** The caster's pool for this spell, as the roll dialog would build it (school focus included). */
export function casterOf(actor: CastActor, item: SpellItem, options: { situational?: number; focus?: string | boolean } = {}): { caster: Caster; request: GainRollRequest } {
  const request = attackRollRequest(actor, item, { situational: options.situational ?? 0, focus: options.focus }, { rollMode: "publicroll", inCombat: true });
  const statuses = new Set(actor.statuses ?? []);
  const spell = spellProfileOf(item);
  const affinity = [...actor.items].some((i) => i.type === "artifact" && i.system.equipped === true && affinityOf(i) === spell.school)
    || (spell.identifier === "blizzard" && [...actor.items].some((i) => i.type === "artifact" && i.system.equipped === true && affinityOf(i) === "water"));
  return {
    request,
    caster: {
      magic: request.attributeDice,
      rank: request.threshold,
      bonusSkill: request.bonusSkill,
      focus: request.focusId !== "",
      situational: request.situational,
      hexed: statuses.has("hexed"),
      exhausted: statuses.has("exhausted"),
      blind: statuses.has("blind"),
      affinity,
    },
  };
}

/** The school an Affinity ring adds a critical to ("ring-of-fire-affinity" → fire; Cold → water). */
function affinityOf(item: RollItem): string | null {
  const match = /^ring-of-(\w+)-affinity$/.exec(String(item.system.identifier ?? ""));
  if (!match) return null;
  return match[1] === "cold" ? "water" : match[1];
}

function itemById(actor: CastActor, id: string | undefined): (CastActor["items"] extends Iterable<infer I> ? I : never) | null {
  if (!id) return null;
  for (const item of actor.items) if (item.id === id) return item;
  return null;
}

/** What the caster's hands hold (§4.18 step 1): weapons by their grip, a medium or heavy shield in the off hand. */
export function handsOf(actor: CastActor): Hands {
  const equipped = actor.system.equipped ?? {};
  const held = (id: string | undefined): HeldThing | null => {
    const item = itemById(actor, id);
    if (!item) return null;
    if (item.type === "shield") return { shield: true };
    // Unarmed strikes need no hand (docs/rulings.md 92).
    if (item.system.hands === "none") return null;
    const category = item.system.category;
    return { twoHanded: item.system.hands === "two", ranged: category === "ranged" || category === "explosive" };
  };
  const main = held(equipped.mainHand);
  let off = equipped.offHand && equipped.offHand === equipped.mainHand ? main : held(equipped.offHand);
  const shield = itemById(actor, equipped.shield);
  // The buckler is worn on the shoulder (docs/rulings.md 49); heavier shields fill the off hand.
  if (!off && shield && shield.system.weight !== "light") off = { shield: true };
  return { main, off };
}

/**
 * The names of what fills the caster's hands (for the free-hand refusal, issue 34 item 4): the
 * weapons in either hand (a two-handed one once) and a shield that takes the off hand.
 */
export function heldNamesOf(actor: CastActor): string {
  const equipped = actor.system.equipped ?? {};
  const names: string[] = [];
  for (const id of [equipped.mainHand, equipped.offHand]) {
    const item = itemById(actor, id);
    if (item && item.system.hands !== "none" && !names.includes(item.name)) names.push(item.name);
  }
  const shield = itemById(actor, equipped.shield);
  if (shield && shield.system.weight !== "light" && !names.includes(shield.name)) names.push(shield.name);
  return names.join(", ");
}

/** Whether the actor knows the spell: it owns it (learned, or granted by a worn artifact, §1.35 RULING). */
export function knowsSpell(actor: CastActor, item: SpellItem): boolean {
  const identifier = item.system.identifier;
  return [...actor.items].some((i) => i === item || (i.type === "spell" && identifier && i.system.identifier === identifier));
}

/** The caster's Berserk, Stunned and the like. */
export function statusesOf(actor: { statuses?: Iterable<string> }): Set<string> {
  return new Set(actor.statuses ?? []);
}

/** Spell effects on an actor, with their stored flags. */
export function spellEffectsOf(actor: Pick<CastActor, "effects">): { effect: EffectLike; spell: SpellEffectFlag }[] {
  const found: { effect: EffectLike; spell: SpellEffectFlag }[] = [];
  for (const effect of actor.effects ?? []) {
    if (effect.disabled) continue;
    const spell = (effect.flags?.clockwork as { spell?: SpellEffectFlag } | undefined)?.spell;
    if (spell && typeof spell === "object" && typeof spell.gains === "number") found.push({ effect, spell });
  }
  return found;
}

/** A creature's spell resistance (§4.18 step 9): its Ward's gains, Null Magic, a Gnome, golem runes. */
export function spellResistanceOf(actor: CastActor): SpellResistance {
  const ward = spellEffectsOf(actor).find((e) => e.spell.effect === "ward");
  const runes = (actor.flags?.clockwork as { golemRunes?: string } | undefined)?.golemRunes;
  return {
    ward: ward ? Math.min(12, Math.max(0, ward.spell.amount || ward.spell.gains)) : 0,
    nullMagic: hasFeature(actor, "null-magic"),
    gnome: actor.system.species?.identifier === "gnomes",
    runes: runes === "minor" || runes === "standard" || runes === "major" ? runes : null,
  };
}

/** The skill pool a target resists with (its attribute's dice against the skill's rank). */
export function reactionPoolOf(actor: CastActor, skill: string): { dice: number; threshold: number; hexed: boolean } | null {
  if (!skill) return null;
  const attribute = SKILL_ATTRIBUTE[skill as SkillKey];
  const dice = attribute ? actor.system.attributes?.[attribute] : undefined;
  const rank = actor.system.skills?.[skill as SkillKey]?.rank;
  if (typeof dice !== "number" || typeof rank !== "number") return null;
  return { dice: Math.max(0, Math.min(12, dice + (actor.system.skills[skill as SkillKey]?.bonus ? 1 : 0))), threshold: rank, hexed: statusesOf(actor).has("hexed") };
}

/** What the canvas and the combat know about a target. */
export interface TargetPlace {
  id: string;
  distance?: number;
  defenseless?: boolean;
  self?: boolean;
  unwilling?: boolean;
  reactionGains?: number;
}

/** The rules core's target for one actor. */
export function spellTargetOf(actor: CastActor, damageType: DamageType | undefined, place: TargetPlace): SpellTarget {
  const type = damageType ?? "energy";
  const resistance = actor.system.resistances?.[type] ?? { species: 0, armor: 0 };
  const health = actor.system.health ?? {};
  const statuses = [...statusesOf(actor)];
  return {
    id: place.id,
    // Blur's +5 stands against attack and area spells as against weapons (docs/rulings.md 127).
    baseDefense: (actor.system.defense?.base ?? 3) + spellDefenseOf(actor).blur,
    distance: place.distance,
    defenseless: place.defenseless,
    resistance: { species: resistance.species, armor: resistance.armor },
    petrified: statuses.includes("petrified"),
    grit: health.grit,
    barrier: (health as { barrier?: number }).barrier ?? 0,
    statuses,
    wounds: health.wounds ?? 0,
    hits: health.hits ?? 0,
    vitalsLost: health.vitalsLost ?? 0,
    vitalsMax: health.vitalsMax,
    dying: health.dying === true,
    dead: health.dead === true,
    spellResistance: spellResistanceOf(actor),
    self: place.self,
    unwilling: place.unwilling,
    reactionGains: place.reactionGains,
  };
}

/** The damage types the spell may deal; the first is the default (Shard lets the caster pick). */
export function spellDamageTypes(spell: SpellProfile): DamageType[] {
  const known = choices.damageTypes() as string[];
  return spell.damage.types.filter((t): t is DamageType => known.includes(t));
}
