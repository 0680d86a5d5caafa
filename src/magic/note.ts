/**
 * The shared prologue of magic's note kinds ("channel", "alchemy.apply"): a player's short chat
 * note names its creature (`actorUuid`) and what it did; the GM reads the note's flag, resolves
 * the documents it names in its own world and checks the creature is the requester's before it
 * derives anything. Also the creature's combatant in the running combat (both pay counters).
 */
import { resolveUuidSync, viewedCombat } from "../foundry";
import type { Derived, RelayRequester } from "../relay";
import type { CounterState } from "../rules";

/** A refusal of a note kind (`CLOCKWORK.Magic.Trust.<reason>`). */
export function noteRefusal(reason: string, data?: Record<string, string | number>): Derived {
  return { refused: { key: `CLOCKWORK.Magic.Trust.${reason}`, ...(data ? { data } : {}) } };
}


/** The note's flag (`flags.clockwork.<key>`) when it is an object whose `field` is a string, else null. */
export function noteFlag<F extends object>(flags: Record<string, unknown>, key: string, field: keyof F & string): F | null {
  const flag = flags[key] as F | undefined;
  return flag && typeof flag === "object" && typeof (flag as Record<string, unknown>)[field] === "string" ? flag : null;
}

interface NoteActor {
  documentName?: string;
  testUserPermission?(user: unknown, level: string): boolean;
}

/**
 * The creature a note names, when it is an actor here and the requester's own (or the requester
 * is a GM); else the refusal ("BadCard", "NotYourCreature").
 */
export function noteActor<A extends NoteActor>(uuid: unknown, requester: RelayRequester): { actor: A } | { refused: Derived } {
  const actor = resolveUuidSync<A>(uuid);
  if (!actor || actor.documentName !== "Actor") return { refused: noteRefusal("BadCard") };
  if (!requester.isGM && !actor.testUserPermission?.(requester.user, "OWNER")) return { refused: noteRefusal("NotYourCreature") };
  return { actor };
}

export interface RunningCombatant {
  uuid: string;
  actorId?: string | null;
  actor?: { id?: string | null } | null;
  system: { counters?: CounterState };
}

/** The actor's combatant in the viewed, started combat, or null. */
export function runningCombatantOf(actor: { id?: string | null }): RunningCombatant | null {
  const combat = viewedCombat<{ started?: boolean; combatants: Iterable<RunningCombatant> }>();
  if (!combat?.started) return null;
  for (const c of combat.combatants) if ((c.actor?.id ?? c.actorId) === actor.id) return c;
  return null;
}
