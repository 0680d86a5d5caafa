/**
 * A minion group's attack (docs/rulings.md 91): one roll with +1 attack and +1 damage die per
 * standing member beyond the first. Apart from the minions' health rules (./minions.ts
 * re-exports it) because the Combatant's synchronous `groupAttack` loads at start-up.
 */
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
