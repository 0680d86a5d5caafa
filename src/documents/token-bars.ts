/**
 * Token-bar edits of the health bar. The bar shows remaining vitals, a derived number; what is
 * stored is vitals lost. Core's `Actor#modifyTokenAttribute` would write `system.health.value`,
 * which the schema does not have, so the actor overrides it for "health" and follows core's
 * path otherwise: the same clamped target, no write when nothing changes, and the
 * `modifyTokenAttribute` hook called with core's update shape (modules may edit it or return
 * false), then the result is stored as vitals lost.
 */
import { hooks } from "../foundry";

const HEALTH_VALUE = "system.health.value";

export interface HealthBarActor {
  creature: { health: { value: number; max: number } };
  update(changes: object): Promise<unknown>;
}

export async function modifyHealthBar<A extends HealthBarActor>(actor: A, value: number, isDelta: boolean, isBar: boolean): Promise<A | undefined> {
  const { value: current, max } = actor.creature.health;
  const next = isDelta ? current + value : value;
  if (next === current) return actor;
  const updates: Record<string, unknown> = { [HEALTH_VALUE]: Math.min(max, Math.max(0, next)) };
  const allowed = hooks().call("modifyTokenAttribute", { attribute: "health", value, isDelta, isBar }, updates, actor);
  if (allowed === false) return actor;
  const { [HEALTH_VALUE]: remaining, ...rest } = updates;
  if (typeof remaining === "number") rest["system.health.vitalsLost"] = max - Math.min(max, Math.max(0, remaining));
  return (await actor.update(rest)) as A | undefined;
}
