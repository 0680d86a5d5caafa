/**
 * What a creature holds, and how Stow and Draw change it (§4.17 "Drawing and stowing"; issue 34
 * item 4). The held state is the actor's `system.equipped` slots: a weapon in either hand (a
 * two-handed one in both), a shield on the arm. Stow puts one held thing away; Draw takes one
 * into the hand(s) it needs, which must be free: swapping is a Stow and a Draw (2 counters), so
 * Draw never pushes something else out of a hand (docs/rulings.md 171).
 */
import { EquipError, planEquip, withoutItem, type EquipCandidate, type EquipContext, type EquippedSlots } from "./equip-plan";

/** The ids held in a hand or on the arm (weapons in either hand, a drawn shield), each once. */
export function heldIds(slots: Pick<EquippedSlots, "mainHand" | "offHand" | "shield">): string[] {
  return [...new Set([slots.mainHand, slots.offHand, slots.shield].filter((id) => typeof id === "string" && id !== ""))];
}

/** The slots after stowing `id`; an EquipError when it is not held. Armor stays on. */
export function stowSlots(slots: EquippedSlots, id: string): EquippedSlots {
  if (!id || !heldIds(slots).includes(id)) throw new EquipError("CLOCKWORK.Combat.Held.NotHeld");
  return { ...withoutItem(slots, id), armor: slots.armor === id ? id : slots.armor };
}

/**
 * The slots after drawing `item` into its natural hand(s) (the equip planner's choice); an
 * EquipError when it is held already, is not a weapon or shield, or would push out something held
 * (`data.displaced`: those ids, for the message that names them and suggests Stow).
 */
export function drawSlots(slots: EquippedSlots, item: EquipCandidate, context: EquipContext): EquippedSlots {
  if (item.type !== "weapon" && item.type !== "shield") throw new EquipError("CLOCKWORK.Error.Equip.NotEquippable", { type: item.type });
  if (heldIds(slots).includes(item.id)) throw new EquipError("CLOCKWORK.Combat.Held.AlreadyHeld");
  const next = planEquip(slots, item, undefined, context);
  const kept = new Set(heldIds(next));
  const displaced = heldIds(slots).filter((id) => !kept.has(id));
  if (displaced.length) throw new EquipError("CLOCKWORK.Combat.Held.HandsFull", { displaced });
  return next;
}
