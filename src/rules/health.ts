/**
 * The grit / hits / vitals / wounds track (digest §4.13–§4.14, RULINGS 23, 59, 60, 85).
 * Every function returns a new track and never mutates its input.
 */
import { vitalsPenalty } from "./dice";
import { requireInteger, ruleError } from "./errors";

/** One creature's health. `hits` are the hits in the box of the current (first remaining) vital. */
export interface HealthTrack {
  grit: number;
  wounds: number;
  vitalsMax: number;
  vitalsLost: number;
  hits: number;
  dying: boolean;
  dead: boolean;
  /** Temporary hit points from Barrier, absorbed before anything else (RULING 85). */
  barrier?: number;
}

/** Hits each box holds: grit − wounds, at least 0. */
export function boxCapacity(track: Pick<HealthTrack, "grit" | "wounds">): number {
  return Math.max(0, track.grit - track.wounds);
}

/** How many more wounds a creature survives: it dies when wounds exceed grit. */
export function woundsUntilDeath(track: Pick<HealthTrack, "grit" | "wounds">): number {
  return Math.max(0, track.grit - track.wounds + 1);
}

/** How damage is applied. */
export interface ApplyDamageOptions {
  /**
   * The hits skip resistance and are not an attack (condition ticks, Karma, Hemorrhage): they
   * create no wounds unless `wounding` says otherwise.
   */
  unavoidable?: boolean;
  /** Override whether this damage can create wounds (default: not for unavoidable damage). */
  wounding?: boolean;
  /**
   * A fall: unavoidable, but one event that can create wounds, and losing the last vital to it
   * kills outright with no death roll (§4.8).
   */
  fall?: boolean;
}

/** What one application of damage did. */
export interface DamageApplication {
  track: HealthTrack;
  /** Damage the barrier absorbed. */
  absorbed: number;
  /** Damage that reached the track. */
  damage: number;
  woundsAdded: number;
  vitalsLost: number;
  becameDying: boolean;
  died: boolean;
  /** A death roll is due now: on becoming dying, and whenever a dying creature takes damage. */
  deathRollRequired: boolean;
}

const TRACK_RULE = "health values are whole numbers of 0 or more";

function requireTrack(track: HealthTrack): void {
  if (track === null || typeof track !== "object") ruleError("health track", "must be an object", "§4.13", track);
  requireInteger(track.grit, "grit", TRACK_RULE, 0);
  requireInteger(track.wounds, "wounds", TRACK_RULE, 0);
  requireInteger(track.vitalsMax, "maximum vitals", "a creature has at least 1 vital", 1);
  requireInteger(track.vitalsLost, "vitals lost", "no more vitals can be lost than a creature has", 0, track.vitalsMax);
  requireInteger(track.hits, "hits", TRACK_RULE, 0);
  if (track.barrier !== undefined) requireInteger(track.barrier, "barrier", TRACK_RULE, 0);
}

/** A fresh, undamaged track. */
export function newHealthTrack(grit: number, vitalsMax: number): HealthTrack {
  const track = { grit, wounds: 0, vitalsMax, vitalsLost: 0, hits: 0, dying: false, dead: false };
  requireTrack(track);
  return track;
}

/** Hits each box holds for a grit and a wound count (same as {@link boxCapacity}). */
export function healthCapacity(grit: number, wounds: number): number {
  requireInteger(grit, "grit", TRACK_RULE, 0);
  requireInteger(wounds, "wounds", TRACK_RULE, 0);
  return boxCapacity({ grit, wounds });
}

/** Vitals not yet lost. */
export function vitalsRemaining(track: Pick<HealthTrack, "vitalsMax" | "vitalsLost">): number {
  return Math.max(0, track.vitalsMax - track.vitalsLost);
}

/** Dice lost on physical rolls at the track's remaining vitals (§1.8). */
export function trackVitalsPenalty(track: HealthTrack): number {
  return vitalsPenalty(vitalsRemaining(track));
}

/** Splits damage between a barrier and the track (RULING 85). */
export function absorbWithBarrier(barrier: number, damage: number): { barrier: number; damage: number; absorbed: number } {
  requireInteger(barrier, "barrier", TRACK_RULE, 0);
  requireInteger(damage, "damage", "damage is a whole number of 0 or more", 0);
  const absorbed = Math.min(barrier, damage);
  return { barrier: barrier - absorbed, damage: damage - absorbed, absorbed };
}

/**
 * Applies damage from one event and explains the result (§4.13, RULING 60):
 * 1. a barrier absorbs first; only the rest counts;
 * 2. new wounds = floor(damage / grit) on the unmodified grit (none for unavoidable ticks);
 * 3. the damage fills boxes at the current capacity; a full box loses its vital; at capacity 0
 *    each point removes a vital;
 * 4. the wounds are added; if the current box is now full at the new capacity, that vital is
 *    lost too and the excess carries on (at capacity 0: one vital per hit left, docs/rulings.md #25);
 * 5. no vitals left → dying; wounds > grit → dead at any time (RULING 23, docs/rulings.md #27);
 *    a fall that takes the last vital kills.
 */
export function applyDamageDetailed(track: HealthTrack, damage: number, options: ApplyDamageOptions = {}): DamageApplication {
  requireTrack(track);
  requireInteger(damage, "damage", "damage is a whole number of 0 or more", 0);
  const next: HealthTrack = { ...track };
  const unchanged = (absorbed: number): DamageApplication => ({
    track: next, absorbed, damage: 0, woundsAdded: 0, vitalsLost: 0, becameDying: false, died: false, deathRollRequired: false,
  });
  if (track.dead) return unchanged(0);

  let absorbed = 0;
  let remainingDamage = damage;
  if (track.barrier !== undefined) {
    const split = absorbWithBarrier(track.barrier, damage);
    next.barrier = split.barrier;
    absorbed = split.absorbed;
    remainingDamage = split.damage;
  }
  if (remainingDamage === 0) return unchanged(absorbed);
  const dealt = remainingDamage;

  const wounding = options.wounding ?? (options.fall === true || options.unavoidable !== true);
  const woundsAdded = wounding && track.grit > 0 ? Math.floor(dealt / track.grit) : 0;

  let remaining = vitalsRemaining(track);
  const before = remaining;
  const capacity = boxCapacity(track);
  let hits = track.hits;
  if (capacity === 0) {
    remaining -= Math.min(remaining, remainingDamage);
    hits = 0;
  } else {
    while (remainingDamage > 0 && remaining > 0) {
      // A box over capacity (an Enlarge that ended) has no room but keeps its excess (docs/rulings.md #26).
      const room = Math.max(0, capacity - hits);
      if (remainingDamage >= room) {
        remaining--;
        remainingDamage -= room;
        hits = 0;
      } else {
        hits += remainingDamage;
        remainingDamage = 0;
      }
    }
  }

  next.wounds = track.wounds + woundsAdded;
  if (woundsAdded > 0 && remaining > 0) {
    const newCapacity = boxCapacity(next);
    if (newCapacity === 0) {
      const lost = Math.min(remaining, hits);
      remaining -= lost;
      hits = 0;
    } else {
      while (remaining > 0 && hits >= newCapacity) {
        remaining--;
        hits -= newCapacity;
      }
    }
  }
  if (remaining === 0) hits = 0;

  next.hits = hits;
  next.vitalsLost = track.vitalsMax - remaining;
  const becameDying = !track.dying && remaining === 0;
  next.dying = track.dying || remaining === 0;
  const died = next.wounds > next.grit || (options.fall === true && becameDying);
  if (died) {
    next.dead = true;
    next.dying = false;
  }
  return {
    track: next,
    absorbed,
    damage: dealt,
    woundsAdded,
    vitalsLost: before - remaining,
    becameDying,
    died,
    deathRollRequired: !died && next.dying,
  };
}

/** Applies damage from one event and returns the new track (see {@link applyDamageDetailed}). */
export function applyDamage(track: HealthTrack, damage: number, options: ApplyDamageOptions = {}): HealthTrack {
  return applyDamageDetailed(track, damage, options).track;
}

/**
 * Heals hits (§4.13): from the current box upward; a lost vital returns as soon as its box has
 * room, and healing carries on into it. At capacity 0 each point restores one vital.
 * Nothing heals a dying or dead creature (docs/rulings.md #28).
 */
export function healHits(track: HealthTrack, amount: number): HealthTrack {
  requireTrack(track);
  requireInteger(amount, "healing", "healing is a whole number of hits of 0 or more", 0);
  const next: HealthTrack = { ...track };
  if (track.dying || track.dead) return next;
  const capacity = boxCapacity(track);
  let left = amount;
  while (left > 0) {
    if (next.hits > 0) {
      const take = Math.min(next.hits, left);
      next.hits -= take;
      left -= take;
    } else if (next.vitalsLost > 0) {
      next.vitalsLost--;
      if (capacity === 0) left--;
      else next.hits = capacity;
    } else {
      break;
    }
  }
  return next;
}

/**
 * Hits healing could still clear (§4.13): the current box, then a full box per lost vital (one
 * point per vital at capacity 0), as {@link healHits} spends them. A dying or dead creature
 * heals nothing (docs/rulings.md #28). Transfer Life moves at most this many (L1689).
 */
export function healableHits(track: HealthTrack): number {
  requireTrack(track);
  if (track.dying || track.dead) return 0;
  const capacity = boxCapacity(track);
  return capacity === 0 ? track.vitalsLost : track.hits + track.vitalsLost * capacity;
}

/** Removes wounds (Medicine or Cure Wounds, 1 per gain); never below 0. */
export function removeWounds(track: HealthTrack, count: number): HealthTrack {
  requireTrack(track);
  requireInteger(count, "wounds removed", "wounds are removed one whole wound per gain", 0);
  return { ...track, wounds: Math.max(0, track.wounds - count) };
}

/** Adds a death roll's fatal wounds; the creature dies when wounds exceed grit (RULING 23). */
export function applyFatalWounds(track: HealthTrack, fatalWounds: number): HealthTrack {
  requireTrack(track);
  requireInteger(fatalWounds, "fatal wounds", "a death roll adds 0 or more fatal wounds", 0);
  const next: HealthTrack = { ...track, wounds: track.wounds + fatalWounds };
  if (next.wounds > next.grit) {
    next.dead = true;
    next.dying = false;
  }
  return next;
}

/** A stabilize attempt (Medicine or the spell) succeeds when gains ≥ the target's current wounds (§4.14, RULING 9). */
export function stabilizeSucceeds(gains: number, wounds: number): boolean {
  requireInteger(gains, "gains", "gains are whole numbers");
  requireInteger(wounds, "wounds", TRACK_RULE, 0);
  return Math.max(0, gains) >= wounds;
}

/** Ends dying without healing anything; the creature stays out of the fight (§4.14). */
export function stabilize(track: HealthTrack): HealthTrack {
  requireTrack(track);
  return { ...track, dying: false };
}
