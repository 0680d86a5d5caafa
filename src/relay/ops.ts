/**
 * The relay's primitive writes: small, checked operations on one document each. The planner
 * (src/relay) works a batch of them out against the documents as they are, then writes them in
 * order and undoes the earlier ones when a later one fails. A player's client never sends these
 * for a document it does not own: it names a registered kind and its cause (./kinds), and the
 * GM derives the ops from its own world.
 */
import type { CounterState, GlobalManaPool } from "../rules";
import type { StoredHealth } from "../rules/health-bounds";

export type { StoredHealth };

/**
 * A ledger tag: `<messageId>.<slot>`. An op carrying one records on the written actor
 * (`flags.clockwork.ledger`) what it added, in the same update; a tag already there refuses the
 * batch (a card is applied once), and a `revert` op undoes exactly what the tag recorded.
 */
export type LedgerTag = string;

/** The combat writes: health, statuses, counters, and a few allowed paths. */
export type GmWriteOp =
  /** Damage from one event, applied by the rules core to the actor's track as it stands when written. */
  | { op: "damage"; uuid: string; amount: number; unavoidable?: boolean; fall?: boolean; ledger?: LedgerTag }
  /** Healing of hits (§4.13). */
  | { op: "heal"; uuid: string; amount: number; ledger?: LedgerTag }
  /** Set the stored health fields. */
  | { op: "health"; uuid: string; health: StoredHealth; ledger?: LedgerTag }
  /** Add or remove a status effect by its id (v14 safe). */
  | { op: "status"; uuid: string; status: string; active: boolean; ledger?: LedgerTag }
  /** Pay counters from a combatant's `system.counters`, or set them. */
  | { op: "counters"; uuid: string; spend?: { cost: number; reaction?: boolean; stunned?: boolean }; set?: CounterState }
  /** Any other change of a document (a GM's or an owner's batch; a relayed kind derives it on the GM). */
  | { op: "update"; uuid: string; changes: Record<string, unknown> }
  /**
   * Writes what earlier ops of this batch did (`from`: their indices) at `path` of a document, as
   * `{ userId, results }`, or null with `clear` (a card's display of what was applied).
   */
  | { op: "record"; uuid: string; path: string; from?: number[]; clear?: boolean; once?: boolean }
  /** Undoes what a ledger tag recorded on an actor, from its current state (refused when a later change makes that impossible). */
  | { op: "revert"; uuid: string; ledger: LedgerTag };

/** An Active Effect's source as magic creates it. */
export interface EffectSource {
  name: string;
  img?: string | null;
  statuses?: string[];
  duration?: Record<string, unknown>;
  /** Where a v14 duration started (v14 moved it out of `duration`). */
  start?: Record<string, unknown>;
  changes?: unknown[];
  origin?: string | null;
  description?: string;
  flags?: Record<string, unknown>;
}

/** One write of any feature: the combat writes and magic's own. */
export type RelayOp =
  | GmWriteOp
  /** Sets an actor's barrier (a new one replaces the old, §3.1 Barrier). */
  | { op: "barrier"; uuid: string; amount: number; ledger?: LedgerTag }
  /** Removes wounds (Cure Wounds). */
  | { op: "cureWounds"; uuid: string; count: number; ledger?: LedgerTag }
  /** Ends dying and marks the creature stabilized (Stabilize, RULING 9). */
  | { op: "stabilize"; uuid: string; ledger?: LedgerTag }
  /** Sets an actor's personal mana (`value`), or adds to it as it is when written, up to its maximum (`add`). */
  | { op: "mana"; uuid: string; value?: number; add?: number; ledger?: LedgerTag }
  /** Changes a scene's global pool: drain (channeling), give back, or set it whole (the GM's config). */
  | { op: "pool"; uuid: string; drain?: number; give?: number; set?: GlobalManaPool }
  /** Creates an Active Effect on an actor. */
  | { op: "effect"; uuid: string; effect: EffectSource; ledger?: LedgerTag }
  /** Writes data on a status's effect after a `status` op added it (`flags.clockwork.*`). */
  | { op: "effectFlags"; uuid: string; status: string; flags: Record<string, unknown> }
  /**
   * Ends (deletes) an Active Effect by its UUID. With `ledger`, the tag of a card already applied
   * to the effect's actor: the effect's data is kept in that card's entry, so the card's Undo
   * gives the state back (a state the card's damage ended, RULING 168).
   */
  | { op: "endEffect"; uuid: string; ledger?: LedgerTag };

/** Why a request was refused: a lang key with its data. */
export interface RelayProblem {
  key: string;
  data?: Record<string, string | number>;
}
