/**
 * What the combat layer reads synchronously of a combatant and its actor (issue 10 item 3): the
 * stored counters, the stored health and its track, and a turn's position: what the tracker, the
 * token pips, the Combatant's getters and the dying hooks read, apart from the turn bookkeeping
 * (./turns.ts, which re-exports them).
 */
import type { StoredHealth } from "../rules/health-bounds";
import { newCounters, type CounterState, type HealthTrack, type TimeShift } from "../rules";
import type { StatusActor } from "./conditions";

export type { StoredHealth };

/** The actor fields the bookkeeping reads. */
export interface TurnActor extends Pick<StatusActor, "statuses" | "effects"> {
  system: {
    health?: Partial<StoredHealth> & { grit?: number; vitalsMax?: number };
    minion?: boolean;
  };
  /** The species item (ClockworkActor#species), for rolling twice against some conditions. */
  species?: { system?: { conditionRerolls?: readonly string[] } } | null;
  /** `clockwork.speciesSpent`: used species abilities waiting for their recharge (RULING 68). */
  flags?: { clockwork?: { speciesSpent?: Record<string, unknown> } };
}

/** The combatant fields the bookkeeping reads. */
export interface TurnCombatant {
  id: string | null;
  system: {
    counters?: CounterState;
    shift?: TimeShift;
    history?: readonly object[];
  };
  actor: TurnActor | null;
}

/** A sortable position in the combat: round, then turn. */
export function turnStamp(round: number, turn: number | null): number {
  return round * 1000 + (turn ?? 0);
}

/** The counters stored on a combatant, or a defenseless record when none are stored yet. */
export function countersOf(combatant: Pick<TurnCombatant, "system">): CounterState {
  const c = combatant.system.counters;
  if (!c) return newCounters();
  return { available: c.available, reserved: c.reserved, hadTurn: c.hadTurn, passed: c.passed };
}

/** The actor's stored health fields, or null when its health is not a ClockWork track. */
export function storedHealthOf(actor: TurnActor | null): StoredHealth | null {
  const h = actor?.system.health;
  if (!h || h.wounds === undefined || h.hits === undefined || h.vitalsLost === undefined) return null;
  return { hits: h.hits, wounds: h.wounds, vitalsLost: h.vitalsLost, barrier: h.barrier ?? 0, dying: h.dying === true, dead: h.dead === true };
}

/** The rules core's health track of an actor (derived grit and vitals), or null. */
export function healthTrackOf(actor: TurnActor | null): HealthTrack | null {
  const stored = storedHealthOf(actor);
  const h = actor?.system.health;
  if (!stored || h?.grit === undefined || h.vitalsMax === undefined) return null;
  return { grit: h.grit, vitalsMax: h.vitalsMax, ...stored };
}

