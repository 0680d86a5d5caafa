/**
 * Counterspell as an interruption (§3.1 Counterspell, §4.18 step 4, docs/rulings.md 132–133):
 * which combatants may be offered the reaction when a spell is cast in combat, their chance of
 * beating the casting gains, and whether a spell can be counterspelled at all. The comparison
 * itself is `counterspellSucceeds` (the gains must exceed the casting gains).
 */
import { chanceAtLeast } from "./dice";
import type { CounterState } from "./counters";
import { castingGainsDistribution, castingProblem, type Caster, type CastingProblem, type Hands, type SpellProfile } from "./spells";

/** The identifier of the Counterspell spell item. */
export const COUNTERSPELL_ID = "counterspell";

/** Why a combatant is not offered Counterspell against a cast. */
export type CounterspellProblem = CastingProblem | "self" | "unanswered" | "range" | "notCombatant";

/** What decides whether one combatant may counterspell a cast now. */
export interface CounterspellCandidate {
  /** The combatant is the caster. */
  self: boolean;
  /** Its Counterspell item (null when it does not know the spell). */
  spell: Pick<SpellProfile, "counters" | "mana" | "manaPerExtraTarget" | "automation" | "range"> | null;
  hands: Hands;
  berserk?: boolean;
  stunned?: boolean;
  mana: number;
  /** Its counters in the running combat (null when it does not fight there). */
  counters: CounterState | null;
  /** Spaces from it to the caster (undefined when either has no token: range is not checked). */
  distance?: number;
  /** Its owner is connected, or (for a creature no player owns) a GM is. */
  answerable: boolean;
}

/**
 * Whether a spell can be counterspelled: every cast can, except spells that cannot be dispelled
 * either (Shapeshift says so; the others are rituals cast out of combat) and Counterspell itself
 * (a Counterspell is an interruption, not a cast that opens a window of its own; ruling 132).
 */
export function canBeCounterspelled(spell: Pick<SpellProfile, "identifier" | "automation">): boolean {
  return spell.automation.dispellable !== false && spell.identifier !== COUNTERSPELL_ID;
}

/**
 * The first reason a combatant may not counterspell now, or null: not the caster, knows the
 * spell, someone can answer for it, the caster within the spell's range (12 spaces), and the
 * usual casting checks as a reaction (a free hand, not Berserk, the counters — reserved ones
 * after passing, §4.7 — and the mana).
 */
export function counterspellProblem(candidate: CounterspellCandidate): CounterspellProblem | null {
  if (candidate.self) return "self";
  if (!candidate.spell) return "unknown";
  if (!candidate.counters) return "notCombatant";
  if (!candidate.answerable) return "unanswered";
  const range = candidate.spell.range.kind === "spaces" ? candidate.spell.range.spaces : null;
  if (range !== null && candidate.distance !== undefined && candidate.distance > range) return "range";
  return castingProblem({
    spell: candidate.spell,
    known: true,
    hands: candidate.hands,
    berserk: candidate.berserk,
    mana: candidate.mana,
    targets: 1,
    inCombat: true,
    counters: candidate.counters,
    stunned: candidate.stunned,
    reaction: true,
  });
}

/** Chance that a counterspeller's roll exceeds the casting gains (a tie fails, RULING 77). */
export function counterspellChance(counterspeller: Caster, castingGains: number): number {
  return chanceAtLeast(castingGainsDistribution(counterspeller), Math.max(0, castingGains) + 1);
}

/** Who would see a casting roll's numbers (docs/rulings.md 136). */
export interface CastingRollViewer {
  isGM: boolean;
  /** The viewer's user is the one who cast (the card's author). */
  author: boolean;
}

/**
 * Whether a user may be told a cast's gains (the number a Counterspell must beat, and its odds):
 * a GM always; anyone else exactly when the card's roll mode shows them the card's numbers
 * (public: all, since the public card shows the gains a moment later anyway; GM roll and self
 * roll: its author; blind: nobody).
 */
export function castingRollVisible(rollMode: string, viewer: CastingRollViewer): boolean {
  if (viewer.isGM || rollMode === "publicroll") return true;
  return (rollMode === "gmroll" || rollMode === "selfroll") && viewer.author;
}
