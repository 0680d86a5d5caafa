/**
 * The health track's shape and the two readings start-up needs (digest §4.13–§4.14): the hits
 * a box holds (derived actor data) and the wounds left before death (the death roll). The rest
 * of the track's rules are in ./health.ts, which re-exports these.
 */

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

