/** The GM write relay's names and the paths its `update` op may touch, apart from its code (src/combat/gm-writes.ts) so registering them at `init` stays light. */

/** The query the active GM answers (CONFIG.queries names must carry the system's prefix). */
export const GM_WRITE_QUERY = "clockwork.gmWrite";
/** How long a requester waits for the GM's answer before giving up (ms). */
export const GM_WRITE_TIMEOUT = 15_000;
/** Hook called on the client that applied damage: (actor, application, { userId, uuid }). */
export const DAMAGE_APPLIED_HOOK = "clockwork.damageApplied";

/** Path prefixes the `update` op may touch, per document name. */
export const ALLOWED_PATHS = new Map<string, Set<string>>([
  ["Actor", new Set(["system.health.", "flags.clockwork.speciesSpent."])],
  ["Combatant", new Set(["system.", "defeated", "flags.clockwork.prepared"])],
  ["ChatMessage", new Set(["flags.clockwork."])],
]);

/** Lets the `update` op carry more paths (for other combat modules); prefixes end with "." for a subtree. */
export function allowGmWritePaths(documentName: string, prefixes: readonly string[]): void {
  const set = ALLOWED_PATHS.get(documentName) ?? new Set<string>();
  for (const prefix of prefixes) set.add(prefix);
  ALLOWED_PATHS.set(documentName, set);
}
