/**
 * The gain-pool modifier on Foundry's d12, so `/r 7d12g8`, an inline `[[5d12gh6]]` or a module's
 * `new Roll("7d12g8")` counts a ClockWork pool: `g<rank>` (or `gh<rank>` when hexed) marks each
 * die by the rules core's `dieGain` (a 12 counts twice, a die at or above the rank once, a 1, or a
 * hexed 2 or 3, cancels one) and the term's total is the gains, floored at 0 (RULING 56). A pool
 * holds 1 to 12 dice, as the rules core's do.
 *
 * Foundry calls a modifier as `fn.call(die, "g8")` (a function in `Die.MODIFIERS` is accepted as
 * is; v13 `client/dice/terms/dice.mjs` `_evaluateModifier`), and a die term's total sums each
 * active result's `count` when set (same file, `get total`), as its own `cs` modifier does.
 */
import { dieGain, DIE_FACES, MAX_DICE, requireInteger } from "../rules";
import { getConfig } from "../foundry";

/** A rolled die as Foundry's DiceTerm keeps it. */
export interface PoolDieResult {
  result: number;
  active: boolean;
  count?: number;
  success?: boolean;
  failure?: boolean;
}

interface PoolDie {
  number: number;
  faces: number;
  results: PoolDieResult[];
}

const RANK_RULE = "a gain pool counts dice at or above a rank from 1 to 12 (write it as 7d12g8)";
const MODIFIER = /^g(h?)(\d+)$/i;

/**
 * Marks the active results as a pool at `threshold`: `count` is each die's gain; when the cancels
 * outnumber the gains, the later cancels count 0, so the total is the floored gains.
 */
export function countPool(results: PoolDieResult[], threshold: number, hexed = false): number {
  const active = results.filter((r) => r.active);
  let net = 0;
  for (const r of active) {
    const gain = dieGain(r.result, threshold, { hexed });
    Object.assign(r, { count: gain, success: gain > 0, failure: gain < 0 });
    net += gain;
  }
  // Nothing is left to cancel below 0 gains: those 1s cancel nothing.
  for (let i = active.length - 1; i >= 0 && net < 0; i--) {
    if (active[i].count === -1) {
      active[i].count = 0;
      net++;
    }
  }
  return Math.max(0, net);
}

/** The modifier's parts, or a RangeError for a formula that is not a pool. */
export function parseGainModifier(modifier: string, faces: number): { threshold: number; hexed: boolean } {
  const match = MODIFIER.exec(modifier);
  if (!match || faces !== DIE_FACES) throw new RangeError(`"${modifier}": ${RANK_RULE}`);
  const threshold = requireInteger(Number(match[2]), "gain pool rank", RANK_RULE, 1, DIE_FACES);
  return { threshold, hexed: match[1] !== "" };
}

/** `Die.MODIFIERS.g` and `.gh`: called with the die as `this`. */
function gainModifier(this: PoolDie, modifier: string): void {
  const { threshold, hexed } = parseGainModifier(modifier, this.faces);
  // As the rules core's pools: at most 12 dice (RULING: cap 12), so the odds are gainDistribution's.
  requireInteger(this.number, "gain pool dice", "a gain pool holds 1 to 12 dice (RULING: cap 12)", 1, MAX_DICE);
  countPool(this.results, threshold, hexed);
}

/** Adds `g` and `gh` to the d12's modifiers (at `init`; the Die class is shared, so once is enough). */
export function registerGainModifier(): void {
  const die = (getConfig().Dice as unknown as { terms?: Record<string, { MODIFIERS?: Record<string, unknown> }> }).terms?.d;
  if (!die) return;
  die.MODIFIERS = { ...(die.MODIFIERS ?? {}), g: gainModifier, gh: gainModifier };
}
