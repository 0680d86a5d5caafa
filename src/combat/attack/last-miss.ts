/**
 * Flourish (§1.27: after a missed attack, attack again for 1, and again): the GM's side records
 * on the attacker that its last action was a missed attack (`flags.clockwork.lastAttackMissed`, a
 * GM record, src/relay/gm-records.ts), from the attack card as its own world works it out
 * (./recompute: the card's rolls against the targets, never the card's own "miss"), with the
 * attacker's counters as the attack left them. The action list reads it: Flourish is open while
 * the attacker's counters are still those (no other action paid since, the same turn), and a hit
 * takes the record off. The GM's writer is ./last-miss-record.
 */
import type { CounterState } from "../../rules";

/** The attacker's record (on its actor): the card that missed and the counters it left. */
export const LAST_MISS_FLAG = "lastAttackMissed";

export interface LastMiss {
  messageId: string;
  combatantId: string;
  counters: Pick<CounterState, "available" | "reserved">;
}

/** Whether the actor's last action was a missed attack: its record, with its combatant's counters as that attack left them. */
export function lastActionMissed(actor: { flags?: { clockwork?: Record<string, unknown> } }, counters: CounterState | null): boolean {
  const record = actor.flags?.clockwork?.[LAST_MISS_FLAG] as Partial<LastMiss> | null | undefined;
  if (!record || typeof record !== "object" || !record.counters || !counters) return false;
  return record.counters.available === counters.available && record.counters.reserved === counters.reserved;
}
