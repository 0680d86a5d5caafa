/**
 * Whispering to a creature's observers (issue 18 item 6): the GMs and every user with at least
 * Observer on the actor. A message made this way holds what only they may know (a target's
 * defense, an exact chance). Made by the designated GM, so no player authors it.
 */
import { allUsers, documentClass } from "../foundry";

interface Observed {
  testUserPermission?(user: unknown, level: string): boolean;
}

/** The ids of the users who may see an actor's numbers: GMs and its observers. */
export function observerIds(actor: Observed | null): string[] {
  return allUsers<{ id: string; isGM?: boolean }>()
    .filter((user) => user.isGM || actor?.testUserPermission?.(user, "OBSERVER") === true)
    .map((user) => user.id);
}

/** Creates a message whispered to an actor's observers, with `flags.clockwork` as given. */
export async function whisperToObservers(actor: Observed | null, flags: Record<string, unknown>, content = ""): Promise<unknown> {
  const cls = documentClass<{ create(data: object): Promise<unknown> }>("ChatMessage");
  return cls?.create({ content, whisper: observerIds(actor), flags: { clockwork: flags } });
}
