/**
 * Dying's registration (issue 10 item 9), at `init`: the writing client remembers the health
 * before a write (`preUpdateActor` answers synchronously), the designated GM follows the track
 * after it, and the stabilize query. What follows the track loads with the combat
 * implementation (./dying.ts).
 */
import { DAMAGE_APPLIED_HOOK } from "./gm-write-constants";
import { loadCombatImpl, type CombatImpl } from "./load";
import { storedHealthOf, type TurnActor } from "./turn-state";

export const QUERY_STABILIZE = "clockwork.stabilize";
/** Update option carrying the health before the write (set on the writing client). */
export const HEALTH_BEFORE_OPTION = "clockworkHealthBefore";

type Changes = Record<string, unknown>;

/** Whether this client is the designated GM, who follows the health track. */
export function isActiveGM(): boolean {
  return (game.user as unknown as { isActiveGM?: boolean } | null)?.isActiveGM === true
    || (game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined)?.activeGM?.isSelf === true;
}

/** Whether a write touches the health track. */
export function touchesHealth(changes: Changes): boolean {
  const system = changes.system as Changes | undefined;
  return (system !== undefined && typeof system === "object" && "health" in system) || Object.keys(changes).some((k) => k.startsWith("system.health"));
}

/** preUpdateActor (on the writing client): remember the health before the write for the GM. */
export function stashHealth(actor: TurnActor, changes: Changes, options: Changes): void {
  if (!touchesHealth(changes)) return;
  const before = storedHealthOf(actor);
  if (before) options[HEALTH_BEFORE_OPTION] = before;
}

/** Registers the hooks and the stabilize query. */
export function registerDying(): void {
  Hooks.on("preUpdateActor", ((actor: TurnActor, changes: Changes, options: Changes) => stashHealth(actor, changes, options)) as never);
  // The designated GM follows the health track; other clients need not load anything for it.
  Hooks.on("updateActor", ((actor: unknown, changes: Changes, options: Changes) => {
    if (!isActiveGM() || !touchesHealth(changes)) return;
    loadCombatImpl().then((impl) => impl.onHealthUpdate(actor as never, changes, options)).catch((error: unknown) => console.error(error));
  }) as never);
  Hooks.on(DAMAGE_APPLIED_HOOK as never, ((actor: unknown, application: Parameters<CombatImpl["afterDamage"]>[1]) => {
    loadCombatImpl().then((impl) => impl.afterDamage(actor as never, application)).catch((error: unknown) => console.error(error));
  }) as never);
  (CONFIG.queries as unknown as Record<string, (data: never) => Promise<unknown>>)[QUERY_STABILIZE] = async (data: { targetUuid: string; gains: number }) => (await loadCombatImpl()).answerStabilize(data);
}
