/**
 * Casting a spell (digest §3.1, §4.18, RULINGS 4, 9, 10, 29–31, 56, 61, 63–68, 76, 81–86): the
 * checks before a cast, its mana and counter cost, spell resistance per target in the RULING
 * order, and the resolution of the casting roll by the spell's roll kind into damage, healing,
 * barriers, conditions and lasting effects that carry their casting gains. Pure: the Foundry
 * layer rolls the dice, asks for reactions and applies what this returns.
 */
import { resolveAttack, attackOdds } from "./attack";
import type { AttackInput, AttackTarget, TargetOdds, TargetResult } from "./attack";
import { resolveAreaAttack } from "./area";
import { chargeFor } from "./counters";
import type { CounterProblem, CounterState } from "./counters";
import { resolveDamage } from "./damage";
import type { DamageResult } from "./damage";
import {
  activeWins, chanceAtLeast, countGains, flatChance, flatSucceeds, gainDistribution, opposedWinChance, poolBreakdown,
} from "./dice";
import type { PoolBreakdown, PoolSpec } from "./dice";
import { requireFaces, requireInteger, requireKey, ruleError } from "./errors";
import { spellReaches } from "./spell-range";
import { applyDamageDetailed, healableHits } from "./health";
import type { HealthTrack } from "./health";
import { stabilizeVerdict } from "./conditions";
import { BASE_VITALS, SPELL_NEGATION_FLAT } from "./tables";
import type { ConditionKey, DamageType, MagicSkill, School } from "./types";
import {
  AUTOMATION_LEVELS, FIXED_DURATION_UNITS, SPELL_EFFECT_KINDS, SPELL_TABLE_KEYS, SPELL_TARGET_KINDS,
  type AutomationLevel, type FixedDurationUnit, type SpellEffectKind, type SpellTableKey, type SpellTargetKind,
} from "./spells-constants";

// ---------------------------------------------------------------- the spell as the rules see it

/** How a spell is rolled (§3.1 "Roll" column; the item's `roll.kind`). */
export type SpellRollKind = "attack" | "area" | "opposed" | "unopposed" | "difficulty" | "none";

// The lists the item's schema needs live in ./spells-constants (the data layer needs only them).
export {
  AUTOMATION_LEVELS, FIXED_DURATION_UNITS, SPELL_EFFECT_KINDS, SPELL_TABLE_KEYS, SPELL_TARGET_KINDS,
  type AutomationLevel, type FixedDurationUnit, type SpellEffectKind, type SpellTableKey, type SpellTargetKind,
};

/** A spell's structured automation data (`system.automation` of the item). */
export interface SpellAutomation {
  level: AutomationLevel;
  /** Harmful to its target: Gnomes and golem runes may negate it (§3.3, §1.39). */
  harmful: boolean;
  /** Dispel can end it (false: Shapeshift, Reanimate, Magic Armor …). */
  dispellable: boolean;
  targets: { kind: SpellTargetKind; max: number };
  /** Fewest gains that make the spell work (Clone 1, Magic Weapon in combat 6). */
  minGains: number;
  effect: { kind: SpellEffectKind; amount: number; perGain: boolean; max: number };
  /** The target must have one of these (conditions, or `wounded`, `dying`). */
  requires: string[];
  /** Conditions or states the spell ends on a target it succeeds against (Melt, Haste ↔ Slow). */
  removes: string[];
  /** Attack spells: arcs over cover, ignores cover, Void Bolt's dodge and block rules. */
  attack: { arcShot: boolean; ignoresCover: boolean; voidBolt: boolean };
  /** Opposed against a stored roll instead of a reaction: a cast in progress or a lasting effect. */
  against: "" | "casting" | "effect";
  /** Gains the caster needs above the target's (Petrify 2). */
  margin: number;
  table: "" | SpellTableKey;
  /** The number behind a `special` duration, with its unit (0 = none). */
  fixedDuration: { value: number; unit: FixedDurationUnit };
  /** Other ways to cast it (Heal at range or on an area), each with its own cost and reach. */
  modes?: SpellMode[];
}

/** One other way to cast a spell. */
export interface SpellMode {
  key: string;
  counters: number;
  mana: number;
  rangeSpaces: number;
  areaShape: string;
  areaSize: number;
}

/** A spell's rules data: the item's `system` minus what rules never read. */
export interface SpellProfile {
  identifier: string;
  skill: MagicSkill;
  school: School;
  level: number;
  /** Action counters; `null` for a ritual cast out of combat only. */
  counters: number | null;
  mana: number;
  manaPerExtraTarget: number;
  roll: { kind: SpellRollKind; opposedSkill: string; mustExceed: boolean };
  range: { kind: string; spaces: number };
  area: { shape: string; size: number };
  damage: { dice: number; types: readonly DamageType[]; unavoidable: boolean; perGain: boolean };
  conditions: readonly { key: string; trigger: string }[];
  duration: { kind: string; value: number };
  automation: SpellAutomation;
}

/** Automation defaults: a narrative spell with one target and no structured effect. */
export function defaultAutomation(): SpellAutomation {
  return {
    level: "narrative",
    harmful: false,
    dispellable: true,
    targets: { kind: "one", max: 1 },
    minGains: 0,
    effect: { kind: "none", amount: 0, perGain: false, max: 0 },
    requires: [],
    removes: [],
    attack: { arcShot: false, ignoresCover: false, voidBolt: false },
    against: "",
    margin: 0,
    table: "",
    fixedDuration: { value: 0, unit: "rounds" },
  };
}

// ---------------------------------------------------------------- cost

/**
 * Mana a cast costs: the spell's mana plus its per-extra-target cost for each target after the
 * first ("4 + 2 per extra target"; Mass Haste 2 per target, RULING 64).
 */
export function spellManaCost(spell: Pick<SpellProfile, "mana" | "manaPerExtraTarget">, targets = 1): number {
  requireInteger(spell.mana, "spell mana", "mana is whole points of 0 or more", 0);
  requireInteger(spell.manaPerExtraTarget, "mana per extra target", "mana is whole points of 0 or more", 0);
  requireInteger(targets, "targets", "a spell has whole targets", 0);
  return spell.mana + spell.manaPerExtraTarget * Math.max(0, targets - 1);
}

// ---------------------------------------------------------------- casting checks

/** What a hand holds while casting. */
export interface HeldThing {
  /** Needs both hands (a two-handed weapon). */
  twoHanded?: boolean;
  /** A ranged weapon: a two-handed one can be held in one hand while casting (§4.18 step 1). */
  ranged?: boolean;
  /** A shield: never a free hand, though a scroll tucked into it can be read. */
  shield?: boolean;
}

/** The caster's hands: what each holds, `null` when empty. A two-handed item fills both. */
export interface Hands {
  main: HeldThing | null;
  off: HeldThing | null;
}

/**
 * Whether the caster has a hand free for casting (§4.18 step 1): an empty hand, or a two-handed
 * ranged weapon (held one-handed for the cast). A shield is not a free hand, but reading a scroll
 * tucked into it works.
 */
export function hasFreeHand(hands: Hands, options: { scroll?: boolean } = {}): boolean {
  const held = [hands.main, hands.off];
  const twoHanded = held.find((thing) => thing?.twoHanded);
  if (twoHanded) return twoHanded.ranged === true && !twoHanded.shield;
  return held.some((thing) => thing === null || (options.scroll === true && thing.shield === true));
}

/** Why a spell cannot be cast now; counter problems keep the counter contract's keys. */
export type CastingProblem =
  /** The spell is neither learned nor granted by a worn artifact (§4.18 step 1, §1.35 RULING). */
  | "unknown"
  /** No free hand (§4.18 step 1). */
  | "noFreeHand"
  /** Berserk prevents casting (§3.1 Berserk). */
  | "berserk"
  /** A ritual (no counters) cannot be cast in combat. */
  | "ritual"
  /** A target is needed and none was chosen. */
  | "noTarget"
  /** More targets than the spell reaches. */
  | "tooManyTargets"
  /** A target lacks what the spell needs (a Burning target for Disintegrate …). */
  | "badTarget"
  | CounterProblem
  /** Too little personal mana (§4.18 step 2). */
  | "noMana";

/** Everything the checks before a cast depend on. */
export interface CastingCheckInput {
  spell: Pick<SpellProfile, "counters" | "mana" | "manaPerExtraTarget" | "automation">;
  known: boolean;
  hands: Hands;
  /** Reading a scroll: a shield hand will do (§4.18 step 8). */
  scroll?: boolean;
  berserk?: boolean;
  mana: number;
  /** Targets chosen, and whether each has what the spell requires. */
  targets: number;
  targetsValid?: boolean;
  inCombat: boolean;
  counters?: CounterState;
  stunned?: boolean;
  /** Cast as a reaction (Counterspell; Force Field with a reserved counter). */
  reaction?: boolean;
  /** A different counter cost than the spell's (Heal's other modes). */
  counterCost?: number;
  /** A different mana cost (Heal's other modes). */
  manaCost?: number;
}

/** The number of targets a spell needs: [fewest, most]; most 0 = any number. */
export function targetLimits(automation: Pick<SpellAutomation, "targets">): { min: number; max: number } {
  const { kind, max } = automation.targets;
  switch (kind) {
    case "self":
    case "none":
    case "area":
      return { min: 0, max: 0 };
    case "one":
      return { min: 1, max: 1 };
    default:
      return { min: 1, max };
  }
}

/**
 * The first check a cast fails, in the order a player meets them (§4.18 steps 1–2): the spell
 * is known, a hand is free, not Berserk, not a ritual in combat, targets, counters, mana.
 * `null` when the cast may go ahead. Pure: nothing is paid.
 */
export function castingProblem(input: CastingCheckInput): CastingProblem | null {
  const { spell } = input;
  if (!input.known) return "unknown";
  if (!hasFreeHand(input.hands, { scroll: input.scroll })) return "noFreeHand";
  if (input.berserk) return "berserk";
  if (input.inCombat && spell.counters === null && input.counterCost === undefined) return "ritual";
  const limits = targetLimits(spell.automation);
  requireInteger(input.targets, "targets", "a spell has whole targets", 0);
  if (input.targets < limits.min) return "noTarget";
  if (limits.max > 0 && input.targets > limits.max) return "tooManyTargets";
  if (input.targetsValid === false) return "badTarget";
  if (input.inCombat) {
    const cost = input.counterCost ?? spell.counters ?? 0;
    const charge = chargeFor(input.counters ?? { available: 0, reserved: 0, hadTurn: false, passed: false }, cost, { stunned: input.stunned, reaction: input.reaction });
    if (charge.problem) return charge.problem;
  }
  const mana = input.manaCost ?? spellManaCost(spell, Math.max(1, input.targets));
  if (mana > input.mana) return "noMana";
  return null;
}

/** Whether a target has what the spell requires (`wounded`: at least one wound; `dying`). */
export function targetMeetsRequirement(requires: readonly string[], target: { statuses: readonly string[]; wounds?: number; dying?: boolean }): boolean {
  if (!requires.length) return true;
  return requires.some((key) => {
    if (key === "wounded") return (target.wounds ?? 0) > 0;
    if (key === "dying") return target.dying === true || target.statuses.includes("dying");
    return target.statuses.includes(key);
  });
}

// ---------------------------------------------------------------- duration

/** How long a lasting effect lasts, worked out from the gains. */
export type SpellDuration =
  | { kind: "instant" }
  | { kind: "rounds"; rounds: number }
  /** World time in seconds (minutes and hours per gain). */
  | { kind: "time"; seconds: number }
  /** Until a Flat N succeeds at the end of the target's turn. */
  | { kind: "endFlat"; flat: number }
  | { kind: "permanent" }
  /** Until used up, dispelled or ended as the spell says (Barrier, Ward, Force Field). */
  | { kind: "special" };

/** The duration a cast with these gains gives (§3.1 "Duration / scaling"; RULING 56 floors gains at 0). */
export function spellDuration(spell: Pick<SpellProfile, "duration" | "automation">, gains: number): SpellDuration {
  requireInteger(gains, "gains", "gains are whole numbers");
  const g = Math.max(0, gains);
  const { kind, value } = spell.duration;
  switch (kind) {
    case "instant":
      return { kind: "instant" };
    case "roundsPerGain":
      return { kind: "rounds", rounds: value * g };
    case "minutesPerGain":
      return { kind: "time", seconds: 60 * value * g };
    case "hoursPerGain":
      return { kind: "time", seconds: 3600 * value * g };
    case "flat":
      return { kind: "endFlat", flat: value };
    case "permanent":
      return { kind: "permanent" };
    default: {
      const fixed = spell.automation.fixedDuration;
      if (fixed.value > 0) {
        if (fixed.unit === "rounds") return { kind: "rounds", rounds: fixed.value };
        return { kind: "time", seconds: fixed.value * (fixed.unit === "minutes" ? 60 : 3600) };
      }
      return { kind: "special" };
    }
  }
}

/** Whether a duration leaves a lasting effect (and so stores its casting gains, §4.18 step 4). */
export function isLasting(duration: SpellDuration): boolean {
  if (duration.kind === "rounds") return duration.rounds > 0;
  if (duration.kind === "time") return duration.seconds > 0;
  return duration.kind !== "instant";
}

// ---------------------------------------------------------------- spell resistance

/** What may negate a spell on one target (§4.18 step 9). */
export interface SpellResistance {
  /** Gains stored by a Ward on the target (0–12). */
  ward?: number;
  /** The target has Null Magic (Flat 7 against every spell cast on it). */
  nullMagic?: boolean;
  /** A Gnome (Flat 10 against harmful spells). */
  gnome?: boolean;
  /** A golem's runes (Flat 10 / 7 / 4 against offensive spells). */
  runes?: "minor" | "standard" | "major" | null;
}

export const SPELL_RESISTANCE_SOURCES = ["ward", "nullMagic", "gnome", "runes"] as const;
export type SpellResistanceSource = (typeof SPELL_RESISTANCE_SOURCES)[number];

/** One check to make, in order: negated when the d12 meets `negatesAt` (Ward: at most). */
export interface ResistanceCheck {
  source: SpellResistanceSource;
  /** Flat N for the Flat checks; for Ward the gains, negating on d12 ≤ gains (RULING 10). */
  target: number;
  atMost: boolean;
}

const RUNE_FLAT = { minor: SPELL_NEGATION_FLAT.runesMinor, standard: SPELL_NEGATION_FLAT.runes, major: SPELL_NEGATION_FLAT.runesMajor } as const;

/**
 * The checks a target makes against a spell, in the RULING order (§4.18 step 9): Ward, Null
 * Magic, Gnome Flat 10 (harmful spells only), golem runes (offensive spells only). A Ward of 0
 * gains negates nothing and is skipped.
 */
export function resistanceChecks(target: SpellResistance, options: { harmful: boolean }): ResistanceCheck[] {
  const checks: ResistanceCheck[] = [];
  const ward = requireInteger(target.ward ?? 0, "Ward gains", "Ward stores 0 to 12 gains (RULING 10)", 0, 12);
  if (ward > 0) checks.push({ source: "ward", target: ward, atMost: true });
  if (target.nullMagic) checks.push({ source: "nullMagic", target: SPELL_NEGATION_FLAT.nullMagicIncoming, atMost: false });
  if (target.gnome && options.harmful) checks.push({ source: "gnome", target: SPELL_NEGATION_FLAT.gnome, atMost: false });
  if (target.runes && options.harmful) {
    requireKey(target.runes, ["minor", "standard", "major"], "runes", "minor, standard or major runes (§1.39)");
    checks.push({ source: "runes", target: RUNE_FLAT[target.runes], atMost: false });
  }
  return checks;
}

/** The outcome of a target's spell resistance. */
export interface ResistanceResult {
  negated: boolean;
  /** The check that negated it. */
  by: SpellResistanceSource | null;
  rolls: { source: SpellResistanceSource; face: number; success: boolean }[];
  /** The spell got through a Ward, which ends (§3.1 Ward: "until a spell gets through"). */
  wardEnds: boolean;
}

function checkSucceeds(check: ResistanceCheck, face: number): boolean {
  return check.atMost ? face <= check.target : flatSucceeds(face, check.target);
}

/**
 * Makes a target's checks in order with the given d12 faces, one per check made; the first
 * success negates the spell for that target and no further check is rolled. A spell that gets
 * past a Ward ends it.
 */
export function resolveSpellResistance(target: SpellResistance, options: { harmful: boolean }, faces: readonly number[]): ResistanceResult {
  requireFaces(faces, "resistance die");
  const checks = resistanceChecks(target, options);
  const rolls: ResistanceResult["rolls"] = [];
  for (const [i, check] of checks.entries()) {
    const face = faces[i];
    if (face === undefined) ruleError("resistance dice", `must have one d12 per check (${checks.length})`, "each resistance check rolls one d12 (§4.18 step 9)", faces.length);
    const success = checkSucceeds(check, face);
    rolls.push({ source: check.source, face, success });
    if (success) return { negated: true, by: check.source, rolls, wardEnds: false };
  }
  return { negated: false, by: null, rolls, wardEnds: rolls.some((r) => r.source === "ward") };
}

/** Chance that a target's checks negate a spell. */
export function spellResistanceChance(target: SpellResistance, options: { harmful: boolean }): number {
  let through = 1;
  for (const check of resistanceChecks(target, options)) {
    const chance = check.atMost ? check.target / 12 : flatChance(check.target);
    through *= 1 - chance;
  }
  return 1 - through;
}

/** A caster with Null Magic has its own spells countered on a Flat 4 (§3.2, RULING 76). */
export function ownNullMagicCounters(face: number): boolean {
  return flatSucceeds(face, SPELL_NEGATION_FLAT.nullMagicOwn);
}

// ---------------------------------------------------------------- against stored gains

/** Counterspell cancels a cast when its gains **exceed** the casting gains (§4.4). */
export function counterspellSucceeds(gains: number, castingGains: number): boolean {
  return activeWins(gains, castingGains, { mustExceed: true });
}

/** A lasting effect as Dispel, Soften and Melt meet it. */
export interface StoredEffect {
  /** The casting gains stored when it was made (§4.18 step 4). */
  gains: number;
  dispellable?: boolean;
  /** Seal's gains add to the difficulty of dispelling (§3.1 Seal, RULING 81). */
  seal?: number;
}

/**
 * Dispel (RULING 81): ends an effect when its gains are at or above the stored casting gains
 * (plus any Seal). An effect that cannot be dispelled stays. Against a Ward the stored gains are
 * the Ward's, so "Dispel must beat the Ward" is the same comparison.
 */
export function dispelSucceeds(gains: number, effect: StoredEffect): boolean {
  if (effect.dispellable === false) return false;
  const seal = requireInteger(effect.seal ?? 0, "Seal gains", "Seal adds whole gains", 0);
  return activeWins(gains, effect.gains + seal);
}

/** Soften ends Petrified at or above the stored Petrify gains; it persists after the caster dies (§3.1). */
export function softenSucceeds(gains: number, petrifyGains: number): boolean {
  return activeWins(gains, petrifyGains);
}

/** Melt ends Frozen and Chilled at or above the Elemental gains of whoever caused them (§3.1). */
export function meltSucceeds(gains: number, elementalGains: number): boolean {
  return activeWins(gains, elementalGains);
}

// ---------------------------------------------------------------- the casting pool

/** The caster's side of a casting roll (§4.1: Magic dice against the spell's skill). */
export interface Caster {
  /** The Magic attribute. */
  magic: number;
  /** Rank of the spell's skill. */
  rank: number;
  bonusSkill?: boolean;
  /** A school focus or a staff's focus (+1 die). */
  focus?: boolean;
  situational?: number;
  hexed?: boolean;
  exhausted?: boolean;
  blind?: boolean;
  /** +1 critical with the school's spells (the Affinity rings, §1.35). */
  affinity?: boolean;
}

/** The casting pool: Magic + bonus skill + focus, never the vitals penalty (RULING 58). */
export function castingPool(caster: Caster): PoolBreakdown {
  return poolBreakdown({
    attribute: caster.magic,
    bonusSkill: caster.bonusSkill,
    focus: caster.focus,
    situational: (caster.situational ?? 0) - (caster.exhausted ? 1 : 0),
    physical: false,
  });
}

/** The attack an attack or area spell makes (§4.9 with the spell's range, arc and cover rules). */
export function spellAttackInput(spell: SpellProfile, caster: Caster, options: { damageType?: DamageType; distance?: number } = {}): AttackInput {
  const area = spell.roll.kind === "area";
  const damageType = options.damageType ?? spell.damage.types[0];
  if (damageType !== undefined && spell.damage.types.length && !spell.damage.types.includes(damageType)) {
    ruleError("damage type", `must be one the spell deals (${spell.damage.types.join(", ")})`, "Shard's caster picks one of its types", damageType);
  }
  const maxRange = spell.range.kind === "adjacent" || spell.range.kind === "touch" ? 1 : spell.range.kind === "spaces" ? spell.range.spaces : undefined;
  return {
    attacker: {
      attribute: caster.magic,
      rank: caster.rank,
      bonusSkill: caster.bonusSkill,
      focus: caster.focus,
      physical: false,
      situational: caster.situational,
      hexed: caster.hexed,
      exhausted: caster.exhausted,
      blind: caster.blind,
    },
    weapon: {
      kind: "ranged",
      damageDice: spell.damage.dice,
      maxRange,
      arcShot: spell.automation.attack.arcShot,
      ignoresCover: spell.automation.attack.ignoresCover,
      voidBolt: spell.automation.attack.voidBolt,
      unavoidable: spell.damage.unavoidable,
    },
    options: {
      mode: area ? "area" : "single",
      damageType,
      extraCriticals: caster.affinity ? 1 : 0,
      distance: options.distance,
    },
  };
}

// ---------------------------------------------------------------- resolution

/** One target of a cast: its attack data (attack and area spells), resistances and state. */
export interface SpellTarget extends AttackTarget {
  /** Spell resistance; the faces for its checks come in the rolls. */
  spellResistance?: SpellResistance;
  /** Statuses it has (for requirements such as Burning, Chilled). */
  statuses?: readonly string[];
  wounds?: number;
  /** Hits in its current box. */
  hits?: number;
  /** Vitals lost and its maximum (Transfer Life heals across boxes; Disintegrate destroys at 0). */
  vitalsLost?: number;
  vitalsMax?: number;
  dying?: boolean;
  dead?: boolean;
  /** Opposed spells: the target's reaction gains, or the stored gains it is compared with. */
  reactionGains?: number;
  /** An unopposed spell with a resisting skill: the target resists (unwilling). */
  unwilling?: boolean;
  /** Is the caster itself (its own Null Magic is checked once for the cast instead). */
  self?: boolean;
  /** Area spells: whether it stands in the placed area (./spell-range). */
  inArea?: boolean;
}

/** Every die of a cast. */
export interface SpellRolls {
  /** The casting roll's faces. */
  casting: readonly number[];
  /** The damage roll, when the spell has damage dice. */
  damage?: readonly number[];
  /** A caster with Null Magic: the Flat 4 die for its own spells. */
  ownNullMagic?: number;
  /** Resistance faces per target id, one per check. */
  resistance?: Readonly<Record<string, readonly number[]>>;
  /** The GM's difficulty for "vs GM DC" spells. */
  difficulty?: number;
  /** Another caster's Counterspell exceeded the casting gains (every target fails, as with Null Magic). */
  counterspelled?: boolean;
}

/** A lasting effect to create on a target, with the casting gains it stores. */
export interface LastingEffect {
  duration: SpellDuration;
  gains: number;
  dispellable: boolean;
}

/** What a cast does to one target. */
export interface SpellTargetOutcome {
  id: string;
  resistance: ResistanceResult | null;
  /** The spell takes effect on this target (a hit, a won opposed roll, enough gains). */
  success: boolean;
  /** Why not, when it does not: negated, missed, resisted, too few gains, requirement unmet. */
  failure: "negated" | "miss" | "resisted" | "gains" | "requirement" | "countered" | "range" | "destroyed" | null;
  /** The attack's own result (attack and area spells). */
  attack: TargetResult | null;
  /** Opposed: the target's gains (or the stored gains). */
  opposingGains: number | null;
  damage: DamageResult | null;
  /** Damage to apply, and whether it is unavoidable hits (no wounds). */
  damageTotal: number;
  unavoidable: boolean;
  heal: number;
  woundsRemoved: number;
  barrier: number;
  /** The effect's number for this cast (defense, speed, spaces, counters, escape difficulty …). */
  amount: number;
  /** Conditions and spell states to add, and those to remove. */
  conditions: string[];
  removes: string[];
  lasting: LastingEffect | null;
  /** Disintegrate or Ice Beam brings it to 0 vitals: it becomes destroyed (L1321, L1481). */
  destroys?: boolean;
}

/** A whole cast's outcome. */
export interface SpellOutcome {
  gains: number;
  /** The caster's own Null Magic, or another's Counterspell, countered the spell (every target fails). */
  countered: boolean;
  targets: SpellTargetOutcome[];
  /** Hits the caster heals (Drain Life) and takes (Transfer Life). */
  casterHeal: number;
  casterDamage: number;
  /** Self effects (Borrow Time, Sliding Time): counters moved. */
  counters: number;
  /** For spells without targets: whether it worked, and its effect's number. */
  success: boolean;
  amount: number;
  lasting: LastingEffect | null;
}

const EMPTY_TARGET = {
  resistance: null, attack: null, opposingGains: null, damage: null, damageTotal: 0, unavoidable: false,
  heal: 0, woundsRemoved: 0, barrier: 0, amount: 0, conditions: [] as string[], removes: [] as string[], lasting: null,
  destroys: false,
};

/**
 * Spells whose damage destroys a creature it brings to 0 vitals, or hits while at 0: it cannot
 * be revived, raised as undead or stabilized (Disintegrate L1321, Ice Beam L1481).
 */
export const DESTROYING_SPELLS: readonly string[] = ["disintegrate", "ice-beam"];

/** Effects that restore a creature: none works on a destroyed one (docs/rulings.md). */
const RESTORING_EFFECTS: ReadonlySet<string> = new Set(["heal", "cureWounds", "transferLife", "regenerate", "stabilize"]);

/** An unwilling target ends Enlarge or Shrink on a Flat 7 at the end of its turn (L1339, L1341). */
export const UNWILLING_SIZE_END_FLAT = 7;

/**
 * Whether a spell is harmful to this target: a harmful spell always; any other spell when it is
 * forced on an unwilling target that may resist it (Enlarge, Shrink: the Gnome's Flat 10, L258).
 */
export function harmfulTo(spell: Pick<SpellProfile, "roll" | "automation">, target: Pick<SpellTarget, "unwilling" | "self">): boolean {
  if (spell.automation.harmful) return true;
  return spell.roll.kind === "unopposed" && !!spell.roll.opposedSkill && target.unwilling === true && target.self !== true;
}

/**
 * Whether a target resists unless its side says it is willing: a harmful spell, or one an unwilling
 * target may resist (Enlarge, Shrink: L1339, L1341), cast at a creature the caster's side does not
 * own or control. The caster itself and its own side's creatures are willing unless told otherwise.
 */
export function unwillingByDefault(spell: Pick<SpellProfile, "roll" | "automation">, target: { self: boolean; owned: boolean }): boolean {
  if (target.self || target.owned) return false;
  return spell.automation.harmful || resistedWhenUnwilling(spell);
}

/** An unopposed spell an unwilling target may resist with a reaction (Enlarge, Shrink, Slow, Mass Slow, Ground). */
function resistedWhenUnwilling(spell: Pick<SpellProfile, "roll">): boolean {
  return spell.roll.kind === "unopposed" && !!spell.roll.opposedSkill;
}

/** Who wins when a target's resisting roll ties the cast. */
export type SpellTieWinner = "caster" | "target";

/**
 * Who wins a tie between the cast and a target's resisting roll, or null when no target rolls
 * against it. Ties go to the one acting, the caster (L707: Burden L1524, Enlarge and Shrink,
 * docs/rulings.md #163), except where the caster must beat the roll: Slow and Mass Slow (RULING 63),
 * Ground, Counterspell against a casting.
 */
export function spellTieWinner(spell: Pick<SpellProfile, "roll" | "automation">): SpellTieWinner | null {
  if (spell.roll.kind !== "opposed" && !resistedWhenUnwilling(spell)) return null;
  return spell.roll.mustExceed || spell.automation.against === "casting" ? "target" : "caster";
}

/** The spell Scribe Scroll is (L1618). */
export const SCRIBE_SCROLL_ID = "scribe-scroll";

/** How many casting rolls of the written spell Scribe Scroll makes: one, and one more per gain (L1618). */
export function scribeRollCount(gains: number): number {
  return 1 + Math.max(0, Math.floor(gains));
}

/**
 * The roll a scroll stores (L1618): of the written spell's casting rolls, the one with the most
 * gains against the scribe's rank (the first of equals). Null with no roll.
 */
export function bestScribedRoll(rolls: readonly (readonly number[])[], rank: number, options: { hexed?: boolean } = {}): { faces: number[]; gains: number } | null {
  let best: { faces: number[]; gains: number } | null = null;
  for (const faces of rolls) {
    const gains = countGains(faces, rank, { hexed: options.hexed });
    if (!best || gains > best.gains) best = { faces: [...faces], gains };
  }
  return best;
}

/** The target's health track, when the cast knows it (grit is the key). */
function trackOfTarget(target: SpellTarget): HealthTrack | null {
  if (typeof target.grit !== "number") return null;
  return {
    grit: target.grit, wounds: target.wounds ?? 0, vitalsMax: target.vitalsMax ?? BASE_VITALS,
    vitalsLost: Math.min(target.vitalsLost ?? 0, target.vitalsMax ?? BASE_VITALS), hits: target.hits ?? 0,
    dying: target.dying === true, dead: target.dead === true, barrier: target.barrier ?? 0,
  };
}

/** The effect's number for these gains: flat, or per gain; capped at `max` when set. */
export function effectAmount(effect: SpellAutomation["effect"], gains: number): number {
  const g = Math.max(0, gains);
  const raw = effect.perGain ? effect.amount * g : effect.amount;
  return effect.max > 0 ? Math.min(effect.max, raw) : raw;
}

function conditionsFor(spell: SpellProfile, reached: boolean, success: boolean, damaged: boolean): string[] {
  const keys: string[] = [];
  for (const ref of spell.conditions) {
    const fires = ref.trigger === "always" ? reached : ref.trigger === "damaged" ? success && damaged : ref.trigger === "hit" ? success : false;
    if (fires && !keys.includes(ref.key)) keys.push(ref.key);
  }
  return keys;
}

function lastingFor(spell: SpellProfile, gains: number): LastingEffect | null {
  const duration = spellDuration(spell, gains);
  return isLasting(duration) ? { duration, gains: Math.max(0, gains), dispellable: spell.automation.dispellable } : null;
}

/** Fewest gains an unopposed spell needs to do anything: its minimum, and at least 1 (RULING 56). */
export function gainsNeeded(spell: Pick<SpellProfile, "automation">): number {
  return Math.max(1, spell.automation.minGains);
}

/**
 * Resolves a cast against its targets (§4.18 step 3, §3.1 "Roll"): the caster's own Null Magic,
 * each target's spell resistance in the RULING order, then the roll kind —
 * - attack: one target, gains ≥ its defense, damage against its resistance, criticals on a hit;
 * - area: one roll against each target's base defense, half damage on a miss (RULINGS 4, 61);
 * - opposed: the caster's gains against each target's reaction (or a stored roll) with the
 *   spell's tie rule (must exceed, margin);
 * - unopposed: enough gains; an unwilling target of a spell with a resisting skill may resist
 *   by meeting the cast (RULING 63);
 * - difficulty: gains ≥ the GM's number;
 * and works out per target the damage, healing, barrier, conditions and a lasting effect that
 * stores the casting gains.
 */
export function resolveSpell(spell: SpellProfile, caster: Caster, targets: readonly SpellTarget[], rolls: SpellRolls, options: {
  damageType?: DamageType; distance?: number; outOfCombat?: boolean;
  /** Transfer Life: the hits the caster chooses to move, fewer than the gains allow (L1689 "up to"); none: all of them. */
  hits?: number;
} = {}): SpellOutcome {
  requireFaces(rolls.casting, "casting die");
  const pool = castingPool(caster);
  if (rolls.casting.length !== pool.dice) ruleError("casting roll", `must have the pool's ${pool.dice} dice`, "roll the pool the cast builds (§4.1)", rolls.casting.length);
  const gains = Math.max(0, countGains(rolls.casting, caster.rank, { hexed: caster.hexed }));
  const countered = rolls.counterspelled === true || (rolls.ownNullMagic !== undefined && ownNullMagicCounters(rolls.ownNullMagic));
  const kind = spell.roll.kind;
  const auto = spell.automation;
  const needed = gainsNeeded(spell);
  let success = !countered;
  if (kind === "unopposed") success &&= gains >= needed;
  if (kind === "difficulty") {
    const difficulty = requireInteger(rolls.difficulty ?? 0, "difficulty", "a difficulty is whole gains of 0 or more", 0);
    success &&= gains >= Math.max(difficulty, auto.minGains);
  }
  const amount = success ? effectAmount(auto.effect, gains) : 0;

  // Resistance first: a negated target is out of the attack entirely.
  const resistances = targets.map((target) => {
    if (countered || !target.spellResistance) return null;
    const resistance = target.self ? { ...target.spellResistance, nullMagic: false } : target.spellResistance;
    const harmful = harmfulTo(spell, target);
    const checks = resistanceChecks(resistance, { harmful });
    if (!checks.length) return null;
    return resolveSpellResistance(resistance, { harmful }, rolls.resistance?.[target.id] ?? []);
  });

  // A target the spell's range excludes is out of it entirely (issue 19; `options.distance` is an area's aim point).
  const inRange = targets.map((t) => spellReaches(spell, { self: t.self, distance: t.distance, aimDistance: options.distance, inArea: t.inArea }).reaches);

  // Attack and area spells roll through the combat attack pipeline.
  const attackResults = new Map<string, TargetResult>();
  if (!countered && (kind === "attack" || kind === "area")) {
    const input = spellAttackInput(spell, caster, options);
    const reached = targets.filter((_, i) => !resistances[i]?.negated && inRange[i]);
    if (reached.length) {
      const damageFaces = rolls.damage ?? [];
      const extras = { onHit: conditionKeys(spell, "hit"), always: conditionKeys(spell, "always") };
      const results = kind === "area"
        ? resolveAreaAttack(input, reached, { attack: rolls.casting, damage: damageFaces }, extras)
        : reached.length === 1
          ? resolveAttack(input, reached, { attack: rolls.casting, damage: damageFaces }, extras)
          : ruleError("targets", "must be exactly one for an attack spell", "an attack spell rolls against one target (§4.9)", reached.length);
      for (const result of results) attackResults.set(result.id, result);
    }
  }

  let casterHeal = 0;
  let casterDamage = 0;
  const outcomes: SpellTargetOutcome[] = targets.map((target, i) => {
    const resistance = resistances[i];
    const base = { ...EMPTY_TARGET, conditions: [] as string[], removes: [] as string[], id: target.id, resistance };
    if (countered) return { ...base, success: false, failure: "countered" as const };
    if (!inRange[i]) return { ...base, success: false, failure: "range" as const };
    // +1 target per gain (Mass Haste): targets beyond the gains, in the order picked, are not reached.
    if (auto.targets.kind === "perGain" && i >= gains) return { ...base, success: false, failure: "gains" as const };
    if (resistance?.negated) return { ...base, success: false, failure: "negated" as const };
    if (!targetMeetsRequirement(auto.requires, { statuses: target.statuses ?? [], wounds: target.wounds, dying: target.dying })) {
      return { ...base, success: false, failure: "requirement" as const };
    }
    if (RESTORING_EFFECTS.has(auto.effect.kind) && target.statuses?.includes("destroyed")) return { ...base, success: false, failure: "destroyed" as const };
    let hit = success;
    let opposingGains: number | null = null;
    let damage: DamageResult | null = null;
    let attack: TargetResult | null = null;
    let conditions: string[];
    if (kind === "attack" || kind === "area") {
      attack = attackResults.get(target.id) ?? null;
      hit = attack?.hit === true;
      damage = attack?.damage ?? null;
      conditions = attack ? [...attack.conditions] : [];
      if (attack && hit) {
        for (const key of conditionKeys(spell, "damaged")) if (attack.damage.total > 0 && !conditions.includes(key)) conditions.push(key);
      } else if (attack) {
        // A missed area target that still took damage gets "damaged" conditions (Fireball, Blizzard).
        for (const key of conditionKeys(spell, "damaged")) if (kind === "area" && attack.damage.total > 0 && !conditions.includes(key)) conditions.push(key);
      }
    } else {
      if (kind === "opposed" || (kind === "unopposed" && target.unwilling && spell.roll.opposedSkill)) {
        opposingGains = requireInteger(target.reactionGains ?? 0, "reaction gains", "gains are whole numbers");
        const against = kind === "opposed" ? auto.against : "";
        const wins = against === "casting"
          ? counterspellSucceeds(gains, opposingGains)
          : activeWins(gains, opposingGains, { mustExceed: spell.roll.mustExceed, margin: auto.margin });
        hit = !countered && wins && (kind === "opposed" || gains >= needed);
      }
      if (hit && spell.damage.perGain) {
        damage = { resistance: 0, armorPierced: 0, points: gains, criticals: 0, total: gains };
      } else if (hit && spell.damage.dice > 0) {
        damage = resolveDamage(rolls.damage ?? [], target.resistance, { ignoreResistance: spell.damage.unavoidable });
      } else if (hit && spell.damage.unavoidable && auto.requires.includes("wounded")) {
        // Hemorrhage: unavoidable damage equal to the target's current wounds.
        const wounds = target.wounds ?? 0;
        damage = { resistance: 0, armorPierced: 0, points: wounds, criticals: 0, total: wounds };
      }
      // Stabilize: the Medicine threshold, gains ≥ the target's current wounds (RULING 9, L1667, L970).
      if (hit && auto.effect.kind === "stabilize") {
        hit = stabilizeVerdict({ dying: target.dying === true, dead: target.dead === true, wounds: target.wounds ?? 0 }, gains).success;
      }
      conditions = conditionsFor(spell, true, hit, (damage?.total ?? 0) > 0);
    }
    const failure = hit ? null : kind === "attack" || kind === "area" ? "miss" as const : opposingGains !== null ? "resisted" as const : "gains" as const;
    const outcome: SpellTargetOutcome = {
      ...base,
      success: hit,
      failure,
      attack,
      opposingGains,
      damage,
      damageTotal: damage?.total ?? 0,
      unavoidable: spell.damage.unavoidable,
      conditions,
      removes: hit ? [...auto.removes] : [],
      amount: hit ? effectAmount(auto.effect, gains) : 0,
    };
    if (hit) applyEffect(spell, gains, target, outcome, options.hits);
    if (DESTROYING_SPELLS.includes(spell.identifier) && outcome.damageTotal > 0) outcome.destroys = destroysTarget(target, outcome);
    if (hit && auto.effect.kind === "drainLife") casterHeal += Math.floor(outcome.damageTotal / 2);
    if (hit && auto.effect.kind === "transferLife") casterDamage += outcome.heal;
    return outcome;
  });

  const selfCounters = success && (auto.effect.kind === "borrowTime" || auto.effect.kind === "slideTime") ? amount : 0;
  return {
    gains,
    countered,
    targets: outcomes,
    casterHeal,
    casterDamage,
    counters: selfCounters,
    success,
    amount,
    lasting: success && !targets.length ? lastingFor(spell, gains) : null,
  };
}

function conditionKeys(spell: SpellProfile, trigger: string): ConditionKey[] {
  return spell.conditions.filter((c) => c.trigger === trigger).map((c) => c.key as ConditionKey);
}

/** Fills in the healing, barrier and lasting effect of a target the spell succeeded against. */
function applyEffect(spell: SpellProfile, gains: number, target: SpellTarget, outcome: SpellTargetOutcome, hits?: number): void {
  const effect = spell.automation.effect;
  const amount = effectAmount(effect, gains);
  switch (effect.kind) {
    case "heal":
      outcome.heal = amount;
      break;
    case "cureWounds":
      outcome.woundsRemoved = Math.min(amount, target.wounds ?? amount);
      break;
    case "barrier":
      outcome.barrier = amount;
      break;
    case "transferLife": {
      // 1 hit per gain into the health pool, across boxes and vitals as healing does (L1689);
      // the caster takes each hit moved, so never more than the target can heal.
      // The caster may move fewer hits than the gains allow; never fewer than none.
      const chosen = hits === undefined ? amount : Math.max(0, Math.min(amount, requireInteger(hits, "hits", "Transfer Life moves whole hits", 0)));
      const track = trackOfTarget(target);
      outcome.heal = Math.min(chosen, track ? healableHits(track) : chosen);
      break;
    }
    default:
      break;
  }
  let lasting = lastingFor(spell, gains);
  // Enlarge and Shrink on an unwilling target last until its Flat 7 at the end of its turn (L1339, L1341).
  if (lasting && effect.kind === "size" && target.unwilling && !target.self) lasting = { ...lasting, duration: { kind: "endFlat", flat: UNWILLING_SIZE_END_FLAT } };
  // A status the spell gives lasts as the spell says; instant spells leave nothing behind.
  if (lasting) outcome.lasting = lasting;
}

/** Whether this damage leaves the target at 0 vitals (or finds it there): Disintegrate, Ice Beam. */
function destroysTarget(target: SpellTarget, outcome: SpellTargetOutcome): boolean {
  const track = trackOfTarget(target);
  if (!track || track.dead) return false;
  const after = applyDamageDetailed(track, outcome.damageTotal, { unavoidable: outcome.unavoidable }).track;
  return after.vitalsLost >= after.vitalsMax;
}

// ---------------------------------------------------------------- odds

/** The odds of a cast, per target, before anything is rolled. */
export interface SpellOdds {
  pool: PoolBreakdown;
  /** `[g]` = P(exactly g gains), floored at 0. */
  gains: number[];
  /** Unopposed and difficulty spells: P(enough gains). */
  chanceOfSuccess: number | null;
  targets: {
    id: string;
    /** P(the spell takes effect on this target), spell resistance included. */
    chance: number;
    /** P(negated by Ward, Null Magic, Gnome or runes). */
    negated: number;
    /** Attack and area spells: the attack's odds. */
    attack: TargetOdds | null;
  }[];
}

/** The gains distribution, floored at 0 (RULING 56; gainDistribution counts ≤ 0 at index 0). */
function flooredGains(dice: number, threshold: number, hexed: boolean): number[] {
  return gainDistribution(dice, threshold, { hexed });
}

/**
 * Exact odds of a cast: the gains distribution; for attack and area spells the combat odds of
 * every target; for opposed spells P(win) against each target's reaction pool (or a stored
 * number); spell resistance multiplies in.
 */
export function spellOdds(
  spell: SpellProfile,
  caster: Caster,
  targets: readonly (SpellTarget & { reactionPool?: PoolSpec })[],
  options: { difficulty?: number; damageType?: DamageType; distance?: number } = {},
): SpellOdds {
  const pool = castingPool(caster);
  const gains = flooredGains(pool.dice, caster.rank, caster.hexed === true);
  const kind = spell.roll.kind;
  let chanceOfSuccess: number | null = null;
  if (kind === "unopposed") chanceOfSuccess = pool.dice === 0 ? 0 : chanceAtLeast(gains, gainsNeeded(spell));
  if (kind === "difficulty") chanceOfSuccess = pool.dice === 0 ? 0 : chanceAtLeast(gains, Math.max(options.difficulty ?? 0, spell.automation.minGains));
  let attacks: TargetOdds[] = [];
  if (kind === "attack" || kind === "area") {
    const input = spellAttackInput(spell, caster, options);
    attacks = attackOdds(input, targets);
  }
  const activeSpec: PoolSpec = { dice: pool.dice, threshold: caster.rank, hexed: caster.hexed };
  return {
    pool,
    gains,
    chanceOfSuccess,
    targets: targets.map((target, i) => {
      const negated = target.spellResistance ? spellResistanceChance(target.self ? { ...target.spellResistance, nullMagic: false } : target.spellResistance, { harmful: harmfulTo(spell, target) }) : 0;
      let chance: number;
      const attack = attacks[i] ?? null;
      if (attack) chance = attack.chanceToHit;
      else if (kind === "opposed" || (kind === "unopposed" && target.unwilling && spell.roll.opposedSkill)) {
        if (target.reactionPool) {
          chance = opposedWinChance(activeSpec, target.reactionPool, spell.automation.against === "casting" ? { mustExceed: true } : { mustExceed: spell.roll.mustExceed, margin: spell.automation.margin });
        } else {
          const stored = target.reactionGains ?? 0;
          const need = stored + spell.automation.margin + (spell.roll.mustExceed || spell.automation.against === "casting" ? 1 : 0);
          chance = pool.dice === 0 ? 0 : chanceAtLeast(gains, need);
        }
        if (kind === "unopposed") chance = Math.min(chance, chanceOfSuccess ?? 1);
      } else chance = chanceOfSuccess ?? 1;
      return { id: target.id, chance: chance * (1 - negated), negated, attack };
    }),
  };
}

/** Re-exported for the card: the distribution of a plain gains roll. */
export function castingGainsDistribution(caster: Caster): number[] {
  const pool = castingPool(caster);
  return flooredGains(pool.dice, caster.rank, caster.hexed === true);
}
