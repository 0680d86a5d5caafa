/** The GM write relay's names, apart from its code (src/combat/gm-writes.ts) so registering them at `init` stays light. */

/** The query the active GM answers (CONFIG.queries names must carry the system's prefix). */
export const GM_WRITE_QUERY = "clockwork.gmWrite";
/** How long a requester waits for the GM's answer before giving up (ms). */
export const GM_WRITE_TIMEOUT = 15_000;
/** Hook called on the client that applied damage: (actor, application, { userId, uuid }). */
export const DAMAGE_APPLIED_HOOK = "clockwork.damageApplied";
