/**
 * NPC minions (issue 10; the digest only says weak NPCs may have fewer vitals, §1.8): one
 * vital, out of the fight when it is lost, and the group attack of several identical minions
 * as one roll. The decisions are recorded in docs/rulings.md.
 */
import { applyDamageDetailed, newHealthTrack } from "./health";
import type { ApplyDamageOptions, DamageApplication, HealthTrack } from "./health";

// The group attack's dice live in ./minion-dice (the Combatant reads them at start-up).
export { GROUP_ATTACK_DICE_PER_MEMBER, groupAttack, groupDice } from "./minion-dice";

/** A minion has one vital. */
export const MINION_VITALS = 1;

/** A fresh minion track: its grit and one vital. */
export function minionHealthTrack(grit: number): HealthTrack {
  return newHealthTrack(grit, MINION_VITALS);
}

/**
 * Damage to a minion: as any creature (§4.13), except that losing its vital takes it out of the
 * fight at once — dead, with no dying state and no death roll (docs/rulings.md).
 */
export function applyMinionDamage(track: HealthTrack, damage: number, options: ApplyDamageOptions = {}): DamageApplication {
  const result = applyDamageDetailed(track, damage, options);
  if (!result.becameDying && !(track.dying && result.damage > 0)) return result;
  return { ...result, track: { ...result.track, dying: false, dead: true }, died: true, deathRollRequired: false };
}

/** Members of a group still standing (neither dying nor dead). */
export function standingMembers(tracks: readonly HealthTrack[]): number {
  return tracks.filter((t) => !t.dying && !t.dead).length;
}
