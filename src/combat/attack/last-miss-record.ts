/** The GM's side of Flourish's record (./last-miss): written from each new attack card. */
import { isDesignatedGM, worldCollection } from "../../foundry";
import type { CounterState } from "../../rules";
import { LAST_MISS_FLAG, type LastMiss } from "./last-miss";
import { recomputeCard, type RecomputeMessage } from "./recompute";

interface MissCombatant {
  id: string | null;
  defeated?: boolean;
  actor?: { uuid?: string } | null;
  system?: { counters?: CounterState };
}

/** The attacker's combatant in a started combat. */
function combatantOf(actor: { uuid?: string }): MissCombatant | null {
  for (const combat of worldCollection<Iterable<{ started?: boolean; combatants: Iterable<MissCombatant> }>>("combats") ?? []) {
    if (!combat.started) continue;
    for (const c of combat.combatants) if (!c.defeated && c.actor?.uuid === actor.uuid) return c;
  }
  return null;
}

/**
 * On the designated GM, for a new attack card: records a miss of every target (and clears the
 * record on a hit). Out of combat nothing is recorded. Resolves what it wrote (null: nothing).
 */
export async function recordLastMiss(message: RecomputeMessage & { id: string | null }): Promise<LastMiss | false | null> {
  if (!isDesignatedGM() || !message.id) return null;
  const recomputed = recomputeCard(message);
  if (!recomputed.ok || !recomputed.rows.length) return null;
  const attacker = recomputed.attacker as unknown as { uuid?: string; flags?: { clockwork?: Record<string, unknown> }; update(changes: object): Promise<unknown> };
  const combatant = combatantOf(attacker);
  const missed = recomputed.rows.every((row) => !row.hit);
  const held = attacker.flags?.clockwork?.[LAST_MISS_FLAG];
  if (!missed || !combatant?.id || !combatant.system?.counters) {
    if (held) await attacker.update({ [`flags.clockwork.${LAST_MISS_FLAG}`]: null });
    return held ? false : null;
  }
  const { available, reserved } = combatant.system.counters;
  const record: LastMiss = { messageId: message.id, combatantId: combatant.id, counters: { available, reserved } };
  await attacker.update({ [`flags.clockwork.${LAST_MISS_FLAG}`]: record });
  return record;
}

