/**
 * The death-roll tray a dying creature's sheet shows (issue 19 item 7): the death rolls since it
 * began dying, what happens next, and a roll button while the GM's death roll is owed.
 */
import { localize, worldCollection } from "../foundry";
import { woundsUntilDeath } from "../rules/health";
import { deathRollOwed, type PromptActor } from "./prompts";
import { healthTrackOf } from "./turn-state";

export const DEATH_TRAY_TEMPLATE = "systems/clockwork/templates/combat/death-tray.hbs";

export interface DeathTrayContext {
  rolls: { number: number; fatalWounds: number; label: string }[];
  next: string;
  allies: string;
  canRoll: boolean;
}

/** The tray from plain facts (render tests build it directly). */
export function deathTrayContext(name: string, facts: { wounds: number; woundsLeft: number; fatalWounds: readonly number[]; owed: boolean }): DeathTrayContext {
  return {
    rolls: facts.fatalWounds.map((fatal, i) => ({ number: i + 1, fatalWounds: fatal, label: localize("CLOCKWORK.Conditions.Death.Tray.Roll", { number: i + 1, count: fatal }) })),
    next: localize(facts.owed ? "CLOCKWORK.Conditions.Death.Tray.NextOwed" : "CLOCKWORK.Conditions.Death.Tray.Next", { name, left: facts.woundsLeft }),
    allies: localize("CLOCKWORK.Conditions.Death.Tray.Allies", { name, wounds: facts.wounds }),
    canRoll: facts.owed,
  };
}

type TrayActor = PromptActor & { uuid?: string; effects?: Iterable<{ statuses?: Set<string>; _stats?: { createdTime?: number | null } }> };

interface RollMessage {
  timestamp?: number;
  rolls?: readonly { constructor: { name: string }; fatalWounds?: number }[];
  flags?: { clockwork?: { roll?: { actorUuid?: unknown } } };
}

/** The tray of a live actor, or null when it is not dying. */
export function deathTrayFor(actor: TrayActor): DeathTrayContext | null {
  const track = healthTrackOf(actor as never);
  if (!track?.dying || track.dead) return null;
  // Rolls since the dying status was set (older ones belong to an earlier fall).
  let since = 0;
  for (const effect of actor.effects ?? []) if (effect.statuses?.has("dying")) since = effect._stats?.createdTime ?? 0;
  const fatalWounds: number[] = [];
  for (const message of worldCollection<Iterable<RollMessage>>("messages") ?? []) {
    const roll = message.rolls?.[0];
    if (roll?.constructor.name !== "DeathRoll" || message.flags?.clockwork?.roll?.actorUuid !== actor.uuid) continue;
    if ((message.timestamp ?? 0) < since) continue;
    fatalWounds.push(roll.fatalWounds ?? 0);
  }
  return deathTrayContext(actor.name ?? "", { wounds: track.wounds, woundsLeft: woundsUntilDeath(track), fatalWounds, owed: deathRollOwed(actor) !== null });
}

/** The tray's roll button: the owed death roll, once (rolling clears what is owed). */
export async function rollOwedDeath(actor: TrayActor): Promise<boolean> {
  if (!deathRollOwed(actor) || !deathTrayFor(actor)) return false;
  return (await actor.rollDeath()) !== null;
}
