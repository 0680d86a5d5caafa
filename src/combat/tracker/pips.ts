/**
 * A combatant's counters as pips (issue 10 item 3): this turn's, the reserved ones and the spent
 * ones, for the tracker's rows (./context.ts) and under each token (./token-pips.ts, drawn
 * synchronously as tokens refresh). Pure.
 */
import { COUNTERS_PER_TURN } from "../../rules/tables";
import type { CounterState } from "../../rules";

export type PipState = "available" | "reserved" | "spent";

/** The pips in order: this turn's counters, then the reserved ones, then the spent ones up to 6. */
export function counterPips(counters: CounterState): PipState[] {
  const pips: PipState[] = [];
  for (let i = 0; i < counters.available; i++) pips.push("available");
  for (let i = 0; i < counters.reserved; i++) pips.push("reserved");
  while (pips.length < COUNTERS_PER_TURN && counters.hadTurn) pips.push("spent");
  return pips;
}

/** One pip drawn on a token, in token-relative pixels. */
export interface TokenPip {
  x: number;
  y: number;
  radius: number;
  state: PipState;
}

/**
 * Pips along the token's bottom edge, centred, at most the token's width: the same order as
 * the tracker. Empty before the first turn (the token shows the defenseless marker instead).
 */
export function tokenPipLayout(counters: CounterState, size: { width: number; height: number }): TokenPip[] {
  const pips = counterPips(counters);
  if (!pips.length) return [];
  // Small tokens with many counters shrink the pips and the gaps rather than overflow.
  const gap = Math.min(2, size.width / (pips.length * 4));
  const radius = Math.min(8, (size.width - gap * (pips.length + 1)) / (pips.length * 2));
  const total = pips.length * radius * 2 + (pips.length - 1) * gap;
  const start = (size.width - total) / 2 + radius;
  const y = size.height - radius - 2;
  return pips.map((state, i) => ({ x: start + i * (radius * 2 + gap), y, radius, state }));
}
