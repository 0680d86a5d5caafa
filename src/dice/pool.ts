/**
 * A gain-roll request (what the actor, the dialog and the caller decided) and the pool it
 * makes. Pure: the dialog previews exactly what the roll will use.
 */
import type { CriticalOptions } from "../rules";
import { DIFFICULTY_GAINS, MAX_DICE, poolBreakdown, requireInteger, ruleError, type PoolBreakdown } from "../rules";
import type {
  DifficultyChoice, FocusChoice, GainRollOptions, PoolPart, RollModeKey, RollSubject,
} from "./types";
import { DIFFICULTY_CHOICES } from "./types";

/** Everything a gain roll needs before the dice are thrown. */
export interface GainRollRequest {
  actorName: string;
  subject: RollSubject;
  /** The attribute's dice, or a fixed pool (guided missiles) when `fixedPool` is set. */
  attributeDice: number;
  /** The pool does not come from an attribute: no bonus skill, focus or vitals penalty. */
  fixedPool?: boolean;
  /** The skill rank, or a fixed threshold. */
  threshold: number;
  bonusSkill: boolean;
  /** Foci the player may pick (at most one applies, RULING 55). */
  foci: FocusChoice[];
  /** The chosen focus id, or "" for none. */
  focusId: string;
  /** Situational dice, ± (range, autofire, prone …): what the player may change in the dialog. */
  situational: number;
  /**
   * Dice the actor's conditions take (Exhausted −1, RULING 26), kept apart from the situational
   * dice so the dialog shows them and the player cannot edit them away. Missing means none.
   */
  conditionDice?: number;
  /** A Body roll: loses dice to the vitals penalty (RULING 58). */
  physical: boolean;
  vitalsRemaining: number;
  hexed: boolean;
  difficulty: DifficultyChoice;
  /** Gains needed for "custom" and "defense". */
  customDifficulty: number;
  outOfCombat: boolean;
  critical: CriticalOptions;
  rollMode: RollModeKey;
}

/** The pool a request makes, with its parts for display. */
export interface BuiltPool {
  breakdown: PoolBreakdown;
  parts: PoolPart[];
  /** Dice rolled (0..12). */
  dice: number;
  /** More dice than the cap of 12 were built; the extra are lost. */
  capped: boolean;
  automaticFailure: boolean;
}

/** The focus the request applies, or null. */
export function chosenFocus(request: Pick<GainRollRequest, "foci" | "focusId" | "fixedPool">): FocusChoice | null {
  if (request.fixedPool || !request.focusId) return null;
  return request.foci.find((f) => f.id === request.focusId) ?? null;
}

/** Builds the pool through the rules core and lists its parts (§4.1 steps 1–4). */
export function buildPool(request: GainRollRequest): BuiltPool {
  const focus = chosenFocus(request);
  const bonusSkill = !request.fixedPool && request.bonusSkill;
  const breakdown = poolBreakdown({
    attribute: request.attributeDice,
    bonusSkill,
    focus: focus !== null,
    situational: request.situational + (request.conditionDice ?? 0),
    vitalsRemaining: request.vitalsRemaining,
    physical: !request.fixedPool && request.physical,
  });
  const parts: PoolPart[] = [{ key: request.fixedPool ? "fixed" : "attribute", dice: request.attributeDice }];
  if (bonusSkill) parts.push({ key: "bonusSkill", dice: 1 });
  if (focus) parts.push({ key: "focus", dice: 1, name: focus.name });
  if (request.situational) parts.push({ key: "situational", dice: request.situational });
  if (request.conditionDice) parts.push({ key: "conditions", dice: request.conditionDice });
  if (breakdown.vitalsPenalty) parts.push({ key: "vitals", dice: -breakdown.vitalsPenalty });
  return {
    breakdown, parts, dice: breakdown.dice, capped: breakdown.raw > MAX_DICE,
    automaticFailure: breakdown.automaticFailure,
  };
}

/** Gains the request needs to succeed, or null when there is nothing to compare with. */
export function neededGains(request: Pick<GainRollRequest, "difficulty" | "customDifficulty">): number | null {
  const choice = request.difficulty;
  if (!DIFFICULTY_CHOICES.includes(choice)) {
    ruleError("difficulty", `must be one of ${DIFFICULTY_CHOICES.join(", ")}`, "table 1.19, a custom number, opposed or a defense", choice);
  }
  if (choice === "none" || choice === "opposed") return null;
  if (choice === "custom" || choice === "defense") {
    return requireInteger(request.customDifficulty, "gains needed", "a difficulty or defense is a whole number of gains of 0 or more", 0, 24);
  }
  return DIFFICULTY_GAINS[choice];
}

/** The roll's dice count and options, ready for `GainRoll.fromPool`. */
export function gainRollSetup(request: GainRollRequest): { dice: number; options: GainRollOptions } {
  const pool = buildPool(request);
  return {
    dice: pool.dice,
    options: {
      threshold: request.threshold,
      hexed: request.hexed,
      critical: request.critical,
      needed: neededGains(request),
      difficulty: request.difficulty,
      outOfCombat: request.outOfCombat,
      automaticFailure: pool.automaticFailure,
      parts: pool.parts,
      subject: request.subject,
    },
  };
}
