/**
 * Turn bookkeeping of a combat (digest §4.6, §4.7, §4.14, §4.15): what happens when one turn
 * ends and the next begins — pass, end-of-turn checks, new counters (with time shifts, and none
 * for Petrified, dying or stabilized creatures), start-of-turn ticks and death rolls — as one
 * pure function over the combatants' states. The Foundry layer runs it once, on the designated
 * GM, stores the updates and issues the prompts; it keeps `previous` to undo a turn change.
 */
import { applyTicks, endOfTurnChecks, startOfTurnTicks } from "./conditions";
import type { ActiveStatus, CombatStatusId, EndOfTurnCheck } from "./conditions";
import { beginTurnShifted, newCounters, newTimeShift, passTurn, requireCounters } from "./counters";
import type { CounterState, TimeShift } from "./counters";
import { ruleError } from "./errors";
import type { DamageApplication, HealthTrack } from "./health";

/** One combatant's state as the bookkeeping sees it. */
export interface CombatantTurnState {
  id: string;
  counters: CounterState;
  shift?: TimeShift;
  statuses: readonly ActiveStatus[];
  /** The health track, when ticks should be applied here (omit to only report them). */
  health?: HealthTrack;
  /** No blood: Bleeding does nothing (§4.15). */
  bloodless?: boolean;
  /** Conditions whose end checks roll twice (species `conditionRerolls`). */
  rerolls?: readonly string[];
  /** Spent species abilities waiting for their Flat 10 (RULING 68). */
  cooldowns?: readonly string[];
  /** Minions leave the fight when they lose their vital, with no death roll (docs/rulings.md). */
  minion?: boolean;
}

/** Something the Foundry layer asks a user to roll, or tells the table. */
export type TurnPrompt =
  /** An end-of-turn roll, to the owner of the combatant whose turn ended (or the GM for NPCs). */
  | { kind: "endCheck"; combatantId: string; check: EndOfTurnCheck }
  /** A death roll: on becoming dying, on each of its turns, on taking damage while dying (§4.14). */
  | { kind: "deathRoll"; combatantId: string; reason: "dying" | "turn" | "damage" };

/** What happened, for chat and the tracker. */
export type TurnEvent =
  | { kind: "passed"; combatantId: string; reserved: number }
  | { kind: "turnStarted"; combatantId: string; counters: number }
  /** The turn is lost: dying, stabilized (out of the fight) or dead; Petrified regains no counters. */
  | { kind: "turnLost"; combatantId: string; reason: "dying" | "stabilized" | "dead" | "petrified" }
  | { kind: "ticked"; combatantId: string; sources: CombatStatusId[]; hits: number; application: DamageApplication | null }
  | { kind: "statusEnded"; combatantId: string; statusId: CombatStatusId }
  | { kind: "becameDying"; combatantId: string }
  | { kind: "died"; combatantId: string };

/** One turn change: from the combatant whose turn ends to the one whose turn starts. */
export interface TurnChange {
  combatants: readonly CombatantTurnState[];
  /** Whose turn ends; null at the start of combat or when no turn was running. */
  from: string | null;
  /** Whose turn starts; null when combat ends or no turn follows. */
  to: string | null;
  /** The round the new turn belongs to (blocks end checks such as Disintegrate's, §4.15). */
  round: number;
}

/** The result: only the combatants that changed, the prompts and events, and the states before. */
export interface TurnChangeResult {
  updates: Record<string, CombatantTurnState>;
  prompts: TurnPrompt[];
  events: TurnEvent[];
  previous: Record<string, CombatantTurnState>;
}

const has = (state: CombatantTurnState, id: CombatStatusId): boolean => state.statuses.some((s) => s.id === id);

function find(combatants: readonly CombatantTurnState[], id: string | null, what: string): CombatantTurnState | null {
  if (id === null) return null;
  for (const c of combatants) if (c.id === id) return c;
  return ruleError(what, "must be a combatant of the combat", "turns pass between the combat's combatants", id);
}

/** Whether a combatant's turn is lost, and why (§4.14, §4.15). */
function lostTurn(state: CombatantTurnState): "dead" | "dying" | "stabilized" | null {
  if (state.health?.dead || has(state, "dead")) return "dead";
  if (state.health?.dying || has(state, "dying")) return "dying";
  if (has(state, "stabilized")) return "stabilized";
  return null;
}

/** A state with its counters spent for a lost turn: it had a turn, has nothing, has passed. */
function lostCounters(): CounterState {
  return { available: 0, reserved: 0, hadTurn: true, passed: true };
}

/**
 * Ends `from`'s turn and starts `to`'s (§4.6–§4.7, §4.14–§4.15):
 * - end: an unpassed turn passes (the rest becomes reserved); its end-of-turn checks become
 *   prompts — Flat 7s, poison rolls, recharges — for that combatant only;
 * - start: 6 counters (± time shifts), none for Petrified; dead, dying and stabilized creatures
 *   lose the turn; Bleeding, Burning, Poisoned and persistent damage tick as one unavoidable
 *   event; a dying creature owes its turn's death roll, and another if the ticks damaged it;
 *   a creature the ticks bring down owes the roll of becoming dying; a minion leaves the fight.
 * Skipped combatants are untouched; calling it again with `previous` restores a turn change.
 */
export function changeTurn(change: TurnChange): TurnChangeResult {
  const updates: Record<string, CombatantTurnState> = {};
  const previous: Record<string, CombatantTurnState> = {};
  const prompts: TurnPrompt[] = [];
  const events: TurnEvent[] = [];
  const ending = find(change.combatants, change.from, "ending combatant");
  const starting = find(change.combatants, change.to, "starting combatant");

  if (ending) {
    requireCounters(ending.counters);
    previous[ending.id] = ending;
    let next = ending;
    if (ending.counters.hadTurn && !ending.counters.passed) {
      next = { ...next, counters: passTurn(ending.counters) };
      events.push({ kind: "passed", combatantId: ending.id, reserved: next.counters.reserved });
    }
    if (lostTurn(ending) !== "dead") {
      const checks = endOfTurnChecks(ending.statuses, { rerolls: ending.rerolls, round: change.round, cooldowns: ending.cooldowns });
      for (const check of checks) prompts.push({ kind: "endCheck", combatantId: ending.id, check });
    }
    updates[ending.id] = next;
  }

  if (starting) {
    requireCounters(starting.counters);
    const base = updates[starting.id] ?? starting;
    previous[starting.id] ??= starting;
    let next: CombatantTurnState = base;
    const lost = lostTurn(base);
    if (lost === "dead") {
      next = { ...next, counters: lostCounters() };
      events.push({ kind: "turnLost", combatantId: base.id, reason: "dead" });
      updates[base.id] = next;
      return { updates, prompts, events, previous };
    }
    const shifted = beginTurnShifted(base.counters, base.shift ?? newTimeShift());
    next = { ...next, counters: shifted.counters, shift: shifted.shift };
    if (lost) {
      next.counters = lostCounters();
      events.push({ kind: "turnLost", combatantId: base.id, reason: lost });
    } else if (has(base, "petrified")) {
      next.counters = { ...lostCounters(), passed: false };
      events.push({ kind: "turnLost", combatantId: base.id, reason: "petrified" });
    } else {
      events.push({ kind: "turnStarted", combatantId: base.id, counters: next.counters.available });
    }
    if (lost === "dying") prompts.push({ kind: "deathRoll", combatantId: base.id, reason: "turn" });

    if (!base.health) {
      const ticks = startOfTurnTicks(base.statuses, { bloodless: base.bloodless });
      if (ticks.hits > 0) events.push({ kind: "ticked", combatantId: base.id, sources: ticks.sources, hits: ticks.hits, application: null });
    } else {
      const ticked = applyTicks(base.health, base.statuses, { bloodless: base.bloodless });
      if (ticked.ticks.hits > 0) {
        const { ticks, ended, ...application } = ticked;
        events.push({ kind: "ticked", combatantId: base.id, sources: ticks.sources, hits: ticks.hits, application });
        let track = application.track;
        let statuses = base.statuses.filter((st) => !ended.includes(st.id));
        for (const id of ended) events.push({ kind: "statusEnded", combatantId: base.id, statusId: id });
        // A minion brought down leaves the fight at once (docs/rulings.md).
        if (base.minion && track.dying) track = { ...track, dying: false, dead: true };
        if (track.dead && !base.health.dead) {
          events.push({ kind: "died", combatantId: base.id });
          statuses = [...statuses.filter((st) => st.id !== "dying"), { id: "dead" }];
          next.counters = lostCounters();
        } else if (application.becameDying) {
          events.push({ kind: "becameDying", combatantId: base.id });
          prompts.push({ kind: "deathRoll", combatantId: base.id, reason: "dying" });
          if (!statuses.some((st) => st.id === "dying")) statuses = [...statuses, { id: "dying" }];
          next.counters = lostCounters();
        } else if (lost === "dying" && application.damage > 0) {
          prompts.push({ kind: "deathRoll", combatantId: base.id, reason: "damage" });
        }
        next = { ...next, health: track, statuses };
      }
    }
    updates[base.id] = next;
  }
  return { updates, prompts, events, previous };
}

/**
 * Starts a combat (§4.6): everyone is defenseless with no counters and no moved time; then the
 * first combatant's turn begins.
 */
export function startCombat(combatants: readonly CombatantTurnState[], firstId: string | null, round = 1): TurnChangeResult {
  const reset = combatants.map((c) => ({ ...c, counters: newCounters(), shift: newTimeShift() }));
  const result = changeTurn({ combatants: reset, from: null, to: firstId, round });
  const updates: Record<string, CombatantTurnState> = {};
  const previous: Record<string, CombatantTurnState> = {};
  for (const [i, c] of reset.entries()) {
    updates[c.id] = result.updates[c.id] ?? c;
    previous[c.id] = combatants[i];
  }
  return { updates, prompts: result.prompts, events: result.events, previous };
}

/** A combatant added during combat: defenseless until its first turn (§4.6 step 4). */
export function joinCombat(state: CombatantTurnState): CombatantTurnState {
  return { ...state, counters: newCounters(), shift: newTimeShift() };
}

/**
 * Ends a combat: counters and moved time go, used species abilities recharge, and a stabilized
 * creature is no longer held out of the fight (§4.14: "for the rest of the combat").
 */
export function endCombat(combatants: readonly CombatantTurnState[]): Record<string, CombatantTurnState> {
  const updates: Record<string, CombatantTurnState> = {};
  for (const c of combatants) {
    updates[c.id] = { ...c, counters: newCounters(), shift: newTimeShift(), cooldowns: [], statuses: c.statuses.filter((s) => s.id !== "stabilized") };
  }
  return updates;
}

/** Applies updates to a list of combatants (unchanged ones keep their identity). */
export function applyTurnUpdates(combatants: readonly CombatantTurnState[], updates: Readonly<Record<string, CombatantTurnState>>): CombatantTurnState[] {
  return combatants.map((c) => updates[c.id] ?? c);
}
