/**
 * Writing a death roll's result to the actor (§4.14, RULING 23): the fatal wounds are added to
 * the wounds the actor had when it rolled, and it dies when they exceed grit. A luck reroll
 * writes again from the same starting wounds, so only the standing roll counts.
 */
import { currentUser } from "../foundry";
import { applyFatalWounds, type HealthTrack } from "../rules";
import type { RollActor } from "./actor-source";
import type { DeathRoll } from "./death-roll";

/**
 * Actor flag (`flags.clockwork.deathRollOwed`) the GM sets, with the reason, before asking the
 * owner for a death roll; the owner's side rolls only while it stands. It is the GM's record
 * (src/relay/gm-records.ts): the GM clears it when the roll is made (on its own client, here).
 */
export const DEATH_ROLL_OWED = "deathRollOwed";

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
  const owed = (actor as { flags?: { clockwork?: Record<string, unknown> } }).flags?.clockwork?.[DEATH_ROLL_OWED];
  await actor.update({
    "system.health.wounds": after.wounds, "system.health.dead": after.dead, "system.health.dying": after.dying,
    // The owed roll is made: a repeated request finds nothing owed. A player's client leaves
    // the GM's record to the GM, who clears it from the roll's message (src/combat/dying.ts).
    ...(owed && currentUser<{ isGM?: boolean }>()?.isGM === true ? { [`flags.clockwork.${DEATH_ROLL_OWED}`]: null } : {}),
  });
}

/** Why this actor may not make a death roll now (a lang key), or null: only a dying creature rolls (§4.14). */
export function deathRollProblem(actor: RollActor): string | null {
  const track = healthTrack(actor);
  return track?.dying === true && !track.dead ? null : "CLOCKWORK.Query.DeathRollNotDying";
}
