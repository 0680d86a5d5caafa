/**
 * Turn bookkeeping for Foundry (issue 10 item 3): reads each combatant's counters and its actor's
 * statuses and health into the rules core's `CombatantTurnState`, runs `changeTurn` /
 * `startCombat`, and turns the result into the writes the designated GM makes — combatant
 * updates (counters, moved time, undo history), health writes for condition ticks, statuses
 * ended — plus the prompts and events to hand on. Going back a turn restores what the undone
 * turn changes wrote. No database calls here: ClockworkCombat makes the writes, which keeps
 * this part measurable (tests/bench/turns.bench.ts) and testable with plain objects.
 */
import type { StoredHealth } from "../rules/health-bounds";
import {
  changeTurn, newCounters, newTimeShift, startCombat as rulesStartCombat,
  type ActiveStatus, type CombatStatusId, type CombatantTurnState, type CounterState, type HealthTrack, type TimeShift,
  type TurnChangeResult, type TurnEvent, type TurnPrompt,
} from "../rules";
import { activeStatuses } from "./conditions";
import { countersOf, healthTrackOf, storedHealthOf, type TurnActor, type TurnCombatant } from "./turn-state";

// What the tracker and the dying hooks read of a combatant and its actor lives in ./turn-state.
export { countersOf, healthTrackOf, storedHealthOf, turnStamp, type TurnActor, type TurnCombatant } from "./turn-state";

/** Turn changes kept per combatant for going back (older ones fall off). */
export const TURN_HISTORY_LIMIT = 12;

export type { StoredHealth };

/** One undo record: the state before the turn change stamped `stamp`. */
export interface TurnHistoryEntry {
  stamp: number;
  counters?: CounterState;
  shift?: TimeShift;
  health?: StoredHealth;
  /** Statuses this change removed (restored on undo) and added (removed on undo). */
  removed?: ActiveStatus[];
  added?: CombatStatusId[];
}

/** The writes and messages of one turn change. */
export interface TurnPlan {
  /** Combatant updates (`_id` plus `system.*`), for one `updateEmbeddedDocuments` call. */
  combatants: Record<string, unknown>[];
  /** Health writes for the combatants' actors. */
  health: { combatantId: string; changes: Partial<StoredHealth> }[];
  /** Statuses to add or remove by id. */
  statuses: { combatantId: string; add: ActiveStatus[]; remove: CombatStatusId[] }[];
  prompts: TurnPrompt[];
  events: TurnEvent[];
}

function plain<T>(value: T): T {
  return structuredClone(value);
}

function shiftOf(combatant: TurnCombatant): TimeShift {
  const s = combatant.system.shift;
  return s ? { next: s.next, borrowedFrom: s.borrowedFrom, slidInto: s.slidInto, nextBorrowedFrom: s.nextBorrowedFrom, nextSlidInto: s.nextSlidInto } : newTimeShift();
}

/**
 * The species abilities waiting for their Flat 10 at the end of a turn of `round` (RULING 68):
 * `flags.clockwork.speciesSpent.<key>` holds the round it was used in (or `true` when used outside
 * combat); the turn it was used in does not roll, each later one does until it succeeds.
 */
export function cooldownsOf(actor: TurnActor | null, round: number | null): string[] {
  const spent = actor?.flags?.clockwork?.speciesSpent ?? {};
  return Object.entries(spent)
    .filter(([, value]) => value === true || (typeof value === "number" && round !== null && value < round))
    .map(([key]) => key)
    .sort();
}

/** A combatant as the rules core's turn bookkeeping sees it (`round`: the turn's, for recharges). */
export function turnStateOf(combatant: TurnCombatant, round: number | null = null): CombatantTurnState {
  const actor = combatant.actor;
  const health = healthTrackOf(actor);
  return {
    id: combatant.id as string,
    counters: countersOf(combatant),
    shift: shiftOf(combatant),
    statuses: activeStatuses(actor),
    ...(health ? { health } : {}),
    rerolls: actor?.species?.system?.conditionRerolls ?? [],
    cooldowns: cooldownsOf(actor, round),
    minion: actor?.system.minion === true,
  };
}

function historyOf(combatant: TurnCombatant): TurnHistoryEntry[] {
  return (combatant.system.history ?? []) as TurnHistoryEntry[];
}

/**
 * Appends an undo record, keeping the newest TURN_HISTORY_LIMIT. Records of the same turn change
 * (an ending and a starting turn, end-of-turn results) merge into one: the state before the first
 * of them is what going back restores.
 */
export function pushHistory(history: readonly TurnHistoryEntry[], entry: TurnHistoryEntry): TurnHistoryEntry[] {
  const last = history.at(-1);
  if (last?.stamp !== entry.stamp) return [...history, entry].slice(-TURN_HISTORY_LIMIT);
  const merged: TurnHistoryEntry = { stamp: entry.stamp };
  const counters = last.counters ?? entry.counters;
  const shift = last.shift ?? entry.shift;
  const health = last.health ?? entry.health;
  const removed = [...(last.removed ?? []), ...(entry.removed ?? [])];
  const added = [...(last.added ?? []), ...(entry.added ?? [])];
  if (counters) merged.counters = counters;
  if (shift) merged.shift = shift;
  if (health) merged.health = health;
  if (removed.length) merged.removed = removed;
  if (added.length) merged.added = added;
  return [...history.slice(0, -1), merged];
}

const sameCounters = (a: CounterState, b: CounterState) => a.available === b.available && a.reserved === b.reserved && a.hadTurn === b.hadTurn && a.passed === b.passed;
const sameShift = (a: TimeShift, b: TimeShift) => JSON.stringify(a) === JSON.stringify(b);

function healthChanges(before: StoredHealth, after: HealthTrack): Partial<StoredHealth> {
  const changes: Partial<StoredHealth> = {};
  for (const key of ["hits", "wounds", "vitalsLost", "barrier", "dying", "dead"] as const) {
    const value = after[key] ?? (key === "barrier" ? 0 : undefined);
    if (value !== undefined && value !== before[key]) (changes as Record<string, unknown>)[key] = value;
  }
  return changes;
}

/** Turns a rules result into writes, with an undo record for every combatant it changed. */
function planFrom(combatants: readonly TurnCombatant[], result: TurnChangeResult, stamp: number): TurnPlan {
  const byId = new Map(combatants.map((c) => [c.id as string, c]));
  const plan: TurnPlan = { combatants: [], health: [], statuses: [], prompts: result.prompts, events: result.events };
  for (const [id, next] of Object.entries(result.updates)) {
    const combatant = byId.get(id);
    if (!combatant) continue;
    const before = result.previous[id];
    const entry: TurnHistoryEntry = { stamp };
    const update: Record<string, unknown> = { _id: id };
    if (!sameCounters(before.counters, next.counters)) {
      entry.counters = plain(before.counters);
      update["system.counters"] = plain(next.counters);
    }
    const shiftBefore = before.shift ?? newTimeShift();
    const shiftAfter = next.shift ?? newTimeShift();
    if (!sameShift(shiftBefore, shiftAfter)) {
      entry.shift = plain(shiftBefore);
      update["system.shift"] = plain(shiftAfter);
    }
    const stored = storedHealthOf(combatant.actor);
    if (stored && next.health && before.health !== next.health) {
      const changes = healthChanges(stored, next.health);
      if (Object.keys(changes).length) {
        entry.health = stored;
        plan.health.push({ combatantId: id, changes });
      }
    }
    if (before.statuses !== next.statuses) {
      const had = new Set(before.statuses.map((s) => s.id));
      const has = new Set(next.statuses.map((s) => s.id));
      // Dying and dead follow the health write (src/combat/dying.ts), not a status write here.
      const remove = [...had].filter((s) => !has.has(s) && s !== "dying");
      const add = next.statuses.filter((s) => !had.has(s.id) && s.id !== "dying" && s.id !== "dead");
      if (remove.length || add.length) {
        entry.removed = before.statuses.filter((s) => remove.includes(s.id)).map(plain);
        entry.added = add.map((s) => s.id);
        plan.statuses.push({ combatantId: id, add, remove });
      }
    }
    if (Object.keys(entry).length === 1) continue;
    update["system.history"] = pushHistory(historyOf(combatant), entry);
    plan.combatants.push(update);
  }
  return plan;
}

/**
 * One turn change between two combatants of the combat (either may be null): the ending turn
 * passes and owes its end-of-turn checks; the starting turn gets its counters, ticks and death
 * roll. `stamp` marks the undo records (the position the combat moved to).
 */
export function planTurnChange(combatants: readonly TurnCombatant[], change: { from: string | null; to: string | null; round: number }, stamp: number): TurnPlan {
  const states = combatants.map((c) => turnStateOf(c, change.round));
  return planFrom(combatants, changeTurn({ combatants: states, from: change.from, to: change.to, round: change.round }), stamp);
}

/** The start of combat: everyone defenseless, then the first turn begins. */
export function planCombatStart(combatants: readonly TurnCombatant[], firstId: string | null, stamp: number, round = 1): TurnPlan {
  const states = combatants.map((c) => turnStateOf(c, round));
  return planFrom(combatants, rulesStartCombat(states, firstId, round), stamp);
}

/** A combatant that joins a running combat: defenseless until its first turn (§4.6 step 4). */
export function joinUpdate(combatant: TurnCombatant): Record<string, unknown> | null {
  const counters = countersOf(combatant);
  if (sameCounters(counters, newCounters()) && sameShift(shiftOf(combatant), newTimeShift())) return null;
  return { _id: combatant.id, "system.counters": newCounters(), "system.shift": newTimeShift() };
}

/** What going back restores: combatant updates, health writes and status changes. */
export interface RewindPlan {
  combatants: Record<string, unknown>[];
  health: { combatantId: string; changes: Partial<StoredHealth> }[];
  statuses: { combatantId: string; add: ActiveStatus[]; remove: CombatStatusId[] }[];
}

/**
 * Going back to the position `stamp`: every turn change stamped after it is undone, newest
 * first, so each combatant gets the counters, moved time and health it had before the oldest
 * undone change, and statuses removed by those changes come back (added ones go).
 */
export function planRewind(combatants: readonly TurnCombatant[], stamp: number): RewindPlan {
  const plan: RewindPlan = { combatants: [], health: [], statuses: [] };
  for (const combatant of combatants) {
    const history = historyOf(combatant);
    const undone = history.filter((e) => e.stamp > stamp);
    if (!undone.length) continue;
    const update: Record<string, unknown> = { _id: combatant.id, "system.history": history.filter((e) => e.stamp <= stamp) };
    let health: StoredHealth | undefined;
    const add = new Map<CombatStatusId, ActiveStatus>();
    const remove = new Set<CombatStatusId>();
    for (const entry of [...undone].reverse()) {
      if (entry.counters) update["system.counters"] = plain(entry.counters);
      if (entry.shift) update["system.shift"] = plain(entry.shift);
      if (entry.health) health = entry.health;
      for (const id of entry.added ?? []) {
        if (add.has(id)) add.delete(id);
        else remove.add(id);
      }
      for (const status of entry.removed ?? []) {
        if (remove.has(status.id)) remove.delete(status.id);
        else add.set(status.id, plain(status));
      }
    }
    plan.combatants.push(update);
    if (health) {
      const stored = storedHealthOf(combatant.actor);
      const changes = stored ? healthChanges(stored, { grit: 0, vitalsMax: 1, ...health }) : {};
      if (Object.keys(changes).length) plan.health.push({ combatantId: combatant.id as string, changes });
    }
    if (add.size || remove.size) plan.statuses.push({ combatantId: combatant.id as string, add: [...add.values()], remove: [...remove] });
  }
  return plan;
}
