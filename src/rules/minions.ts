/**
 * NPC minions (issue 10; the digest only says weak NPCs may have fewer vitals, §1.8): one
 * vital, out of the fight when it is lost, and the group attack of several identical minions
 * as one roll. The decisions are recorded in docs/rulings.md.
 */
import { applyDamageDetailed, newHealthTrack } from "./health";
import type { ApplyDamageOptions, DamageApplication, HealthTrack } from "./health";
import type { AttackInput } from "./attack";
import { requireInteger } from "./errors";
import { MAX_DICE } from "./tables";

/** Each minion beyond the first in a group attack adds this many dice to the attack and the damage. */
export const GROUP_ATTACK_DICE_PER_MEMBER = 1;

/** Dice of a group roll: the single minion's dice + 1 per extra member, capped at 12. */
export function groupDice(dice: number, members: number): number {
  requireInteger(dice, "dice", "a pool holds 0 to 12 dice", 0, MAX_DICE);
  requireInteger(members, "attacking members", "a group attack needs at least one standing member", 1);
  return Math.min(MAX_DICE, dice + GROUP_ATTACK_DICE_PER_MEMBER * (members - 1));
}

/**
 * A group attack (docs/rulings.md): the standing members of a minion group that can each reach
 * the target attack it together as one attack: one attack roll with +1 die per member beyond
 * the first, one damage roll with +1 damage die per member beyond the first (both capped at
 * 12), the counters paid once from the group's turn. Returns the attack to roll.
 */
export function groupAttack(input: AttackInput, members: number): AttackInput {
  const extra = groupDice(0, members);
  const situational = requireInteger(input.attacker.situational ?? 0, "situational dice", "situational modifiers are whole dice") + extra;
  return {
    ...input,
    attacker: { ...input.attacker, situational },
    weapon: { ...input.weapon, damageDice: groupDice(input.weapon.damageDice, members) },
  };
}

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
