/**
 * The health track as clickable boxes: one box per vital, each holding `capacity` hits.
 * Boxes before `vitalsLost` are lost, the next one is the current box holding `hits`, the
 * rest are untouched. `healthClick` turns a click into the stored `hits` / `vitalsLost`.
 */

export type BoxState = "lost" | "current" | "intact";

export interface PipView {
  /** Hits the box holds after a click on this pip. */
  hits: number;
  filled: boolean;
  /** Only the current box's pips are in the tab order, so a keyboard reaches the track in a few steps. */
  tabbable: boolean;
}

export interface HealthBoxView {
  /** 0-based index, as the click handler reads it. */
  index: number;
  /** 1-based number shown to the user. */
  number: number;
  state: BoxState;
  stateLabel: string;
  hits: number;
  pips: PipView[];
}

export interface HealthTrackInput {
  vitalsMax: number;
  vitalsLost: number;
  hits: number;
  capacity: number;
}

const STATE_LABEL: Record<BoxState, string> = {
  lost: "CLOCKWORK.Sheet.Health.Lost",
  current: "CLOCKWORK.Sheet.Health.Current",
  intact: "CLOCKWORK.Sheet.Health.Intact",
};

/** Box views for the track; hits beyond the capacity (after new wounds) show as a full box. */
export function healthBoxes(track: HealthTrackInput): HealthBoxView[] {
  const capacity = Math.max(0, track.capacity);
  const lost = clamp(track.vitalsLost, 0, track.vitalsMax);
  const boxes: HealthBoxView[] = [];
  for (let index = 0; index < track.vitalsMax; index++) {
    const state: BoxState = index < lost ? "lost" : index === lost ? "current" : "intact";
    const hits = state === "lost" ? capacity : state === "current" ? clamp(track.hits, 0, capacity) : 0;
    boxes.push({
      index, number: index + 1, state, stateLabel: STATE_LABEL[state], hits,
      pips: Array.from({ length: capacity }, (_, pip) => ({ hits: pip + 1, filled: pip < hits, tabbable: state === "current" })),
    });
  }
  return boxes;
}

/** What the user clicked: a box's vital marker (no `hits`) or the pip that sets `hits`. */
export interface HealthClick { box: number; hits?: number }

/**
 * The stored values after a click. A vital marker toggles that vital: a lost one comes back
 * with every later vital, an intact one is lost with every earlier one. A pip sets the hits
 * in its box (clicking the current top pip again removes it); filling a box loses its vital,
 * as damage does (§4.13).
 */
export function healthClick(track: HealthTrackInput, click: HealthClick): { vitalsLost: number; hits: number } {
  if (!Number.isInteger(click.box) || click.box < 0 || click.box >= track.vitalsMax) {
    throw new RangeError(`healthClick: box ${click.box} is outside the track of ${track.vitalsMax} vitals`);
  }
  const lost = clamp(track.vitalsLost, 0, track.vitalsMax);
  if (click.hits === undefined) {
    return click.box < lost ? { vitalsLost: click.box, hits: 0 } : { vitalsLost: click.box + 1, hits: 0 };
  }
  if (!Number.isInteger(click.hits) || click.hits < 1 || click.hits > track.capacity) {
    throw new RangeError(`healthClick: ${click.hits} hits do not fit a box of capacity ${track.capacity} (grit − wounds)`);
  }
  if (click.box === lost && track.hits === click.hits) return { vitalsLost: lost, hits: click.hits - 1 };
  if (click.hits >= track.capacity) return { vitalsLost: click.box + 1, hits: 0 };
  return { vitalsLost: click.box, hits: click.hits };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value || 0)));
}
