/**
 * Writing a death roll's result to the actor (§4.14, RULING 23): the fatal wounds are added to
 * the wounds the actor had when it rolled, and it dies when they exceed grit. A luck reroll
 * writes again from the same starting wounds, so only the standing roll counts.
 */
import { applyFatalWounds, type HealthTrack } from "../rules";
import type { RollActor } from "./actor-source";
import type { DeathRoll } from "./death-roll";

/** The actor's health track, or null when its health is not derived. */
export function healthTrack(actor: RollActor): HealthTrack | null {
  const h = actor.system.health;
  if (!h || h.grit === undefined || h.wounds === undefined) return null;
  return {
    grit: h.grit, wounds: h.wounds, vitalsMax: h.vitalsMax ?? 6, vitalsLost: h.vitalsLost ?? 0, hits: h.hits ?? 0,
    dying: h.dying === true, dead: h.dead === true,
  };
}

/** Sets wounds, dying and dead from a death roll made at `roll.settings.wounds`. */
export async function applyDeathRoll(actor: RollActor & { update(changes: object): Promise<unknown> }, roll: DeathRoll): Promise<void> {
  const track = healthTrack(actor);
  const before = roll.settings.wounds;
  if (!track || before === undefined) return;
  // A creature that died of an earlier attempt at this roll was dying when it rolled.
  const start: HealthTrack = { ...track, wounds: before, dying: track.dying || track.dead, dead: false };
  const after = applyFatalWounds(start, roll.fatalWounds);
  await actor.update({ "system.health.wounds": after.wounds, "system.health.dead": after.dead, "system.health.dying": after.dying });
}
