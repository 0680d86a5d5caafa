/**
 * How spells' lasting effects end and tick (issue 11), on the active GM only — every client sees
 * the hooks; one writes:
 * - at each turn change, effects whose rounds have run out end, the creature whose turn ended
 *   rolls the Flat of each spell state that says so (Charm, Fear, Hex … Flat 7), and Regenerate
 *   clears its hits at the start of its creature's turn;
 * - when world time advances, effects counted in minutes or hours end when their time is up;
 * - when a combat ends, effects counted in its rounds end with it (docs/rulings.md).
 * Conditions of the combat rules (Burning, Frozen …) are left to the turn bookkeeping.
 */
import { FlatRoll } from "../dice/flat-roll";
import { combatBoundEffects, endOfTurnFlats, expiredEffects, regenerationOf } from "./effects";
import { writeOwned, type RelayOp as MagicOp } from "../relay";
import type { EffectLike } from "./context";
import { lifecycleSettled } from "./settle";
import { isDesignatedGM, worldTime } from "../foundry";

interface ActorLike {
  uuid: string;
  name?: string;
  effects?: Iterable<EffectLike>;
  rollFlat?(target: number, options?: { label?: string }): Promise<{ success?: boolean } | null>;
}

interface CombatantLike {
  id?: string | null;
  actor?: ActorLike | null;
}

interface CombatLike {
  id: string;
  round: number;
  turn: number | null;
  combatants: Iterable<CombatantLike> & { get?(id: string): CombatantLike | undefined };
}

interface TurnPosition {
  round?: number;
  turn?: number | null;
  combatantId?: string | null;
}

async function end(uuids: string[]): Promise<void> {
  if (!uuids.length) return;
  await writeOwned(uuids.map((uuid): MagicOp => ({ op: "endEffect", uuid })));
}

/** A Flat for one effect: the actor's roll card when it can post one, else a quiet roll. */
async function rollFlat(actor: ActorLike, flat: number, label: string): Promise<boolean> {
  if (typeof actor.rollFlat === "function") {
    const roll = await actor.rollFlat(flat, { label });
    return roll?.success === true;
  }
  const roll = FlatRoll.forTarget(flat, { label });
  await roll.evaluate();
  return roll.success;
}

/**
 * The last position this client saw per combat. The hook's own `previous` may already show the
 * new turn by the time it runs on the GM (it is recorded before the turn events are awaited),
 * so the position before a change is kept here.
 */
const lastSeen = new Map<string, TurnPosition>();

/** A turn change: expired effects end, the ended turn's Flats are rolled, Regenerate heals. */
export async function onTurnChange(combat: CombatLike, hookPrevious: TurnPosition | null, hookCurrent: TurnPosition | null): Promise<void> {
  const current = hookCurrent ?? { round: combat.round, turn: combat.turn };
  // Keyed by user as well: one module may serve several clients (the test world).
  const key = `${game.user?.id ?? ""}.${combat.id}`;
  const previous = lastSeen.get(key) ?? hookPrevious;
  lastSeen.set(key, { round: current.round, turn: current.turn, combatantId: current.combatantId });
  if (!isDesignatedGM()) return;
  const now = { combat: { id: combat.id, round: combat.round, turn: combat.turn ?? 0 } };
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    if (actor?.effects) await end(expiredEffects(actor.effects, now));
  }
  // Going back a turn is not an end of turn.
  const forward = !previous || !current || (current.round ?? 0) > (previous.round ?? 0) || ((current.round ?? 0) === (previous.round ?? 0) && (current.turn ?? 0) > (previous.turn ?? 0));
  if (!forward) return;
  const ended = previous?.combatantId ? combat.combatants.get?.(previous.combatantId)?.actor : null;
  if (ended?.effects) {
    for (const check of endOfTurnFlats(ended.effects)) {
      if (await rollFlat(ended, check.flat, check.name)) await end([check.uuid]);
    }
  }
  const started = current?.combatantId ? combat.combatants.get?.(current.combatantId)?.actor : null;
  if (started?.effects) {
    const hits = regenerationOf(started.effects);
    if (hits > 0) await writeOwned([{ op: "heal", uuid: started.uuid, amount: hits }]);
  }
}

/** World time advanced: effects counted in minutes or hours end when their time is up. */
export async function onWorldTime(actors: Iterable<ActorLike>, now = worldTime()): Promise<void> {
  if (!isDesignatedGM()) return;
  for (const actor of actors) if (actor.effects) await end(expiredEffects(actor.effects, { worldTime: now }));
}

/** A combat ended: effects counted in its rounds end with it. */
export async function onCombatEnd(combat: CombatLike): Promise<void> {
  if (!isDesignatedGM()) return;
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    if (actor?.effects) await end(combatBoundEffects(actor.effects, combat.id));
  }
}

export { lifecycleSettled };

/** A combat was deleted: forget the turn last seen in it, and end the effects bound to it. */
export async function onDeleteCombat(combat: CombatLike): Promise<void> {
  lastSeen.delete(`${game.user?.id ?? ""}.${combat.id}`);
  await onCombatEnd(combat);
}
