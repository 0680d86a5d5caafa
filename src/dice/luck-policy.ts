/**
 * Luck rules (digest §4.5), pure: three per character per session; spending one rerolls a
 * roll and the new result stands even if worse; one luck per roll, except that Halflings may
 * spend several on one roll and keep the best result.
 */
import type { LuckState } from "./types";

/** Luck per character per session. */
export const LUCK_PER_SESSION = 3;

/** Luck may be spent again on this roll: once in all, or any number of times with keep-best. */
export function canSpendMoreLuck(luck: LuckState): boolean {
  return luck.keepBest || luck.spent === 0;
}

/**
 * Which attempt stands after a reroll. Without keep-best the latest does. With keep-best the
 * highest score does, the earliest among equals; attempts that cannot be ranked (null) leave
 * the latest standing.
 */
export function standingAttempt(scores: readonly (number | null)[], keepBest: boolean): number {
  if (!scores.length) throw new RangeError("luck needs at least one attempt to choose from; got []");
  const latest = scores.length - 1;
  if (!keepBest || scores.some((s) => s === null)) return latest;
  let best = 0;
  for (let i = 1; i < scores.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
  return best;
}
