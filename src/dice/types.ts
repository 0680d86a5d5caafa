/**
 * Plain data shapes shared by the roll classes, the context builders and the actor API.
 * Everything here serializes to JSON, which is how rolls travel inside chat messages.
 */
import type { AttributeKey, CriticalOptions, DamageType, Difficulty, SkillKey } from "../rules";

/** The four ClockWork roll kinds, one roll class each. */
export const ROLL_KINDS = ["gain", "flat", "damage", "death"] as const;
export type RollKind = (typeof ROLL_KINDS)[number];

/** Core's four roll modes (`CONST.DICE_ROLL_MODES`). */
export const ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;
export type RollModeKey = (typeof ROLL_MODES)[number];

/**
 * What a gain roll is compared with: nothing, a difficulty of table 1.19, a custom number of
 * gains, an opposing roll (compared by the table), or a defense (an attack).
 */
export const DIFFICULTY_CHOICES = ["none", "simple", "easy", "normal", "hard", "difficult", "extreme", "custom", "opposed", "defense"] as const;
export type DifficultyChoice = (typeof DIFFICULTY_CHOICES)[number];
export type PresetDifficulty = Difficulty;

/** Who sees the odds in the roll dialog (world setting). */
export const ODDS_VISIBILITY = ["all", "gm", "none"] as const;
export type OddsVisibility = (typeof ODDS_VISIBILITY)[number];

/** One line of "how this pool was built". */
export type PoolPartKey = "attribute" | "fixed" | "bonusSkill" | "focus" | "situational" | "conditions" | "vitals";

export interface PoolPart {
  key: PoolPartKey;
  /** Dice this part adds (negative for losses). */
  dice: number;
  /** The focus's name, for the focus part. */
  name?: string;
}

/** What a gain roll is for, to title the dialog and the chat card. */
export interface RollSubject {
  kind: "skill" | "attack" | "spell" | "fixed";
  skill?: SkillKey;
  attribute?: AttributeKey;
  /** The weapon or spell rolled for. */
  itemName?: string;
  itemUuid?: string;
  /** A free label for macro rolls without a skill. */
  label?: string;
}

/** A focus the player may apply to a roll: a focus item, or an artifact that grants one. */
export interface FocusChoice {
  id: string;
  name: string;
}

/** Options of a `GainRoll`, stored in the roll and in the chat message. */
export interface GainRollOptions {
  /** The skill rank (or fixed threshold): a die at or above it is a gain. */
  threshold: number;
  /** Hexed: rolled 2s and 3s count as 1s (§4.1 step 7). */
  hexed?: boolean;
  /** What sets the critical range and flat critical damage (§4.9 step 6). */
  critical?: CriticalOptions;
  /** Gains needed to succeed, or null when there is nothing to compare with. */
  needed?: number | null;
  difficulty?: DifficultyChoice;
  /** Out of combat, results 3 or more from the difficulty may be dramatic (§4.3). */
  outOfCombat?: boolean;
  /** The pool had 0 or fewer dice: the roll fails without rolling (§4.1 step 4). */
  automaticFailure?: boolean;
  parts?: PoolPart[];
  subject?: RollSubject;
  /** Replaced by a luck reroll in the same message. */
  discarded?: boolean;
}

/** Options of a `FlatRoll`. */
export interface FlatRollOptions {
  /** Succeeds on a d12 at or above this (1–12). */
  target: number;
  /** Roll twice and keep the better (Froads against Burning, Boon …). */
  keepBetter?: boolean;
  /** What the Flat roll is for (a condition's end, a spell's negation …). */
  label?: string;
  discarded?: boolean;
}

/** A creature a damage roll is counted against. */
export interface DamageTargetData {
  name: string;
  /** The target's actor, whose permissions decide who sees its resistance on the card. */
  actorUuid?: string | null;
  /** The species share of resistance to the damage type (base, allocation, species bonus). */
  species: number;
  /** The armor share. */
  armor: number;
  reinforced?: boolean;
  /** The attack roll hit this target. */
  hit: boolean;
}

/** Options of a `DamageRoll`. */
export interface DamageRollOptions {
  damageType: DamageType;
  armorPiercing?: boolean;
  /** An area attack: missed targets take half. */
  aoe?: boolean;
  /** Critical damage from the attack roll, added on hits. */
  criticals?: number;
  targets?: DamageTargetData[];
  itemName?: string;
  discarded?: boolean;
}

/** Options of a `DeathRoll`. */
export interface DeathRollOptions {
  diehard?: boolean;
  /** Wounds and grit before the roll, to show whether it kills. */
  wounds?: number;
  grit?: number;
  /** The result was written to the actor; a luck reroll rewrites it. */
  applied?: boolean;
  discarded?: boolean;
}

/** Options common to every ClockWork roll. */
export interface CommonRollOptions {
  discarded?: boolean;
}

/** A die result as Foundry stores it (`DiceTerm#results`). */
export interface DieResultData {
  result: number;
  active?: boolean;
  discarded?: boolean;
}

/** A roll as `Roll#toJSON` writes it; the shape the chat card reads. */
export interface SerializedRoll {
  class: string;
  options?: object;
  formula?: string;
  terms?: readonly { class?: string; faces?: number; results?: readonly DieResultData[] }[];
  total?: number | null;
  evaluated?: boolean;
}

/** Luck spent on one chat message's roll. */
export interface LuckState {
  spent: number;
  /** Halflings: several lucks on one roll, the best result stands (§4.5). */
  keepBest: boolean;
}

/** The `flags.clockwork` of a roll message. */
export interface RollMessageFlags {
  kind: RollKind;
  rollMode: RollModeKey;
  actorUuid: string | null;
  luck: LuckState;
}
