/**
 * Undo as an inverse (issue 18 item 3): what one applied card added to a health track, and how
 * to take exactly that away from the track as it is now. A later change (a GM's edit, another
 * hit) stays; when taking the card's part away is no longer possible (its wounds were already
 * cured …) the revert is refused with a reason instead of writing a negative number.
 */
import type { HealthTrack } from "./health";
import { boxCapacity, vitalsRemaining } from "./health";

/** A boolean a card changed: its value before and after. */
export interface FlagChange {
  from: boolean;
  to: boolean;
}

/** What a card did to one track: signed differences (after − before), and the flags it flipped. */
export interface TrackDelta {
  hits: number;
  wounds: number;
  vitalsLost: number;
  barrier: number;
  dying?: FlagChange;
  dead?: FlagChange;
}

/** Why a revert cannot be made now. */
export type RevertReason = "woundsGone" | "hitsGone" | "vitalsGone" | "wouldKill" | "outOfVitals";

export type RevertResult = { ok: true; track: HealthTrack } | { ok: false; reason: RevertReason };

/** What changed from `before` to `after` (the ledger's record of one card on one track). */
export function trackDelta(before: HealthTrack, after: HealthTrack): TrackDelta {
  const delta: TrackDelta = {
    hits: after.hits - before.hits, wounds: after.wounds - before.wounds, vitalsLost: after.vitalsLost - before.vitalsLost,
    barrier: (after.barrier ?? 0) - (before.barrier ?? 0),
  };
  if (before.dying !== after.dying) delta.dying = { from: before.dying, to: after.dying };
  if (before.dead !== after.dead) delta.dead = { from: before.dead, to: after.dead };
  return delta;
}

/** Adds two deltas of one card (several ops on one track): the second built on the first. */
export function combineDeltas(first: TrackDelta, second: TrackDelta): TrackDelta {
  const flag = (a?: FlagChange, b?: FlagChange): FlagChange | undefined => {
    if (!a) return b;
    if (!b) return a;
    return a.from === b.to ? undefined : { from: a.from, to: b.to };
  };
  const combined: TrackDelta = {
    hits: first.hits + second.hits, wounds: first.wounds + second.wounds, vitalsLost: first.vitalsLost + second.vitalsLost,
    barrier: first.barrier + second.barrier,
  };
  const dying = flag(first.dying, second.dying);
  const dead = flag(first.dead, second.dead);
  if (dying) combined.dying = dying;
  if (dead) combined.dead = dead;
  return combined;
}

/** Whether a delta changes nothing. */
export function isEmptyDelta(delta: TrackDelta): boolean {
  return !delta.hits && !delta.wounds && !delta.vitalsLost && !delta.barrier && !delta.dying && !delta.dead;
}

/**
 * Takes `added` away from `current`. Numbers go back by exactly what the card added, so later
 * changes stay; a flag the card flipped goes back only if it still holds the card's value (a
 * later change of it is kept). A barrier the card raised and that has since absorbed damage is
 * removed down to 0 (what it absorbed was real). Refused when a number would go below 0 (the
 * card's part is already gone), when wounds added back would exceed grit (killing), or when hits
 * given back would empty the last vital. Hits that fill a box when given back cost that box's
 * vital, as damage does (§4.13).
 */
export function revertTrack(current: HealthTrack, added: TrackDelta): RevertResult {
  const wounds = current.wounds - added.wounds;
  if (wounds < 0) return { ok: false, reason: "woundsGone" };
  let hits = current.hits - added.hits;
  if (hits < 0) return { ok: false, reason: "hitsGone" };
  let vitalsLost = current.vitalsLost - added.vitalsLost;
  if (vitalsLost < 0 || vitalsLost > current.vitalsMax) return { ok: false, reason: "vitalsGone" };
  if (wounds > current.grit && !current.dead && added.wounds < 0) return { ok: false, reason: "wouldKill" };
  const next: HealthTrack = { ...current, wounds, hits, vitalsLost };
  const capacity = boxCapacity(next);
  // A later hit landed on a box the card had emptied: the box fills and loses its vital.
  while (capacity > 0 && hits >= capacity && vitalsRemaining({ vitalsMax: next.vitalsMax, vitalsLost }) > 1) {
    hits -= capacity;
    vitalsLost++;
  }
  if (capacity > 0 && hits >= capacity) return { ok: false, reason: "outOfVitals" };
  next.hits = hits;
  next.vitalsLost = vitalsLost;
  if (current.barrier !== undefined || added.barrier !== 0) next.barrier = Math.max(0, (current.barrier ?? 0) - added.barrier);
  if (added.dying && current.dying === added.dying.to) next.dying = added.dying.from;
  if (added.dead && current.dead === added.dead.to) next.dead = added.dead.from;
  return { ok: true, track: next };
}
