/**
 * Where an item goes when it is equipped, as a pure function of the current slots
 * (digest §1.11, §1.26 and RULING 24):
 * - a two-handed weapon fills both hands (one hand with Titan Grip);
 * - an off-hand weapon goes to the main hand when it is free (or held by a two-handed
 *   weapon, which it displaces), else to the off hand;
 * - a main-hand weapon needs Titan Grip to go in the off hand;
 * - medium and heavy shields take the off hand; a buckler (light) leaves it free;
 * - whatever a new item displaces is unequipped, never left half in place;
 * - an unarmed strike (`hands: "none"`) needs no hand and is never equipped.
 * `slotProblem` checks the same rules on slots written any other way (the API, a form).
 */
/** A slot of `system.equipped` (the same list as config's EQUIP_SLOTS; the rules core stays free of config). */
export type EquipSlot = "mainHand" | "offHand" | "armor" | "shield";

export interface EquippedSlots {
  mainHand: string;
  offHand: string;
  armor: string;
  shield: string;
}

/** The facts about an owned item the planner needs. */
export interface EquipCandidate {
  id: string;
  type: string;
  /** Weapons: "main" | "off" | "two" | "none". */
  hands?: string;
  /** Armor and shields: "light" | "medium" | "heavy". */
  weight?: string;
}

export interface EquipContext {
  /** Owns the Titan Grip feature. */
  titanGrip: boolean;
  /** Looks up another owned item by id (to see what is being displaced). */
  lookup(id: string): EquipCandidate | undefined;
}

/** A refusal: a localization key and its data. */
export class EquipError extends Error {
  constructor(readonly key: string, readonly data: Record<string, unknown> = {}) {
    super(key);
    this.name = "EquipError";
  }
}

function shieldTakesOffHand(shield: EquipCandidate | undefined): boolean {
  return shield !== undefined && shield.weight !== "light";
}

/** Clear `id` from every slot it occupies. */
export function withoutItem(slots: EquippedSlots, id: string): EquippedSlots {
  const next = { ...slots };
  for (const key of Object.keys(next) as (keyof EquippedSlots)[]) if (next[key] === id) next[key] = "";
  return next;
}

function clearHand(slots: EquippedSlots, hand: "mainHand" | "offHand"): EquippedSlots {
  const held = slots[hand];
  return held ? withoutItem(slots, held) : slots;
}

function weaponSlot(slots: EquippedSlots, item: EquipCandidate, requested: EquipSlot | undefined, context: EquipContext): "mainHand" | "offHand" | "both" {
  if (requested === "armor" || requested === "shield") throw new EquipError("CLOCKWORK.Error.Equip.WrongSlot", { slot: requested });
  if (item.hands === "none") throw new EquipError("CLOCKWORK.Error.Equip.NoHand");
  if (item.hands === "two") {
    if (requested === "offHand") throw new EquipError("CLOCKWORK.Error.Equip.TwoHandedOffHand");
    return context.titanGrip ? "mainHand" : "both";
  }
  if (requested === "offHand" && item.hands === "main" && !context.titanGrip) throw new EquipError("CLOCKWORK.Error.Equip.MainInOffHand");
  if (requested) return requested;
  // The main hand counts as free when a two-handed grip, which any new weapon ends, fills it.
  const mainHandBusy = slots.mainHand !== "" && slots.mainHand !== slots.offHand;
  return item.hands === "off" && mainHandBusy ? "offHand" : "mainHand";
}

/** The slots after equipping `item` (throws EquipError when the rules forbid it). */
export function planEquip(current: EquippedSlots, item: EquipCandidate, requested: EquipSlot | undefined, context: EquipContext): EquippedSlots {
  let slots = withoutItem(current, item.id);
  if (item.type === "armor") {
    if (requested && requested !== "armor") throw new EquipError("CLOCKWORK.Error.Equip.WrongSlot", { slot: requested });
    return { ...slots, armor: item.id };
  }
  if (item.type === "shield") {
    if (requested && requested !== "shield") throw new EquipError("CLOCKWORK.Error.Equip.WrongSlot", { slot: requested });
    if (shieldTakesOffHand(item)) slots = clearHand(slots, "offHand");
    return { ...slots, shield: item.id };
  }
  if (item.type !== "weapon") throw new EquipError("CLOCKWORK.Error.Equip.NotEquippable", { type: item.type });

  const target = weaponSlot(slots, item, requested, context);
  const hands: ("mainHand" | "offHand")[] = target === "both" ? ["mainHand", "offHand"] : [target];
  for (const hand of hands) slots = clearHand(slots, hand);
  if (hands.includes("offHand") && shieldTakesOffHand(context.lookup(slots.shield))) slots = { ...slots, shield: "" };
  for (const hand of hands) slots[hand] = item.id;
  return slots;
}

const SLOT_TYPE: Record<keyof EquippedSlots, string> = { mainHand: "weapon", offHand: "weapon", armor: "armor", shield: "shield" };

/**
 * The first rule broken by slots written directly (not through `planEquip`), or null. Only the
 * rules that involve a slot in `changed` are checked, so an older odd state never blocks an
 * unrelated edit.
 */
export function slotProblem(slots: EquippedSlots, changed: readonly (keyof EquippedSlots)[], context: EquipContext): EquipError | null {
  const touches = (...keys: (keyof EquippedSlots)[]) => keys.some((key) => changed.includes(key));
  for (const slot of changed) {
    const id = slots[slot];
    if (!id) continue;
    const item = context.lookup(id);
    if (!item) return new EquipError("CLOCKWORK.Error.Equip.NotOwnedId", { id });
    if (item.type !== SLOT_TYPE[slot]) return new EquipError("CLOCKWORK.Error.Equip.WrongSlot", { slot });
    if (item.type === "weapon" && item.hands === "none") return new EquipError("CLOCKWORK.Error.Equip.NoHand");
  }
  const main = slots.mainHand ? context.lookup(slots.mainHand) : undefined;
  const off = slots.offHand ? context.lookup(slots.offHand) : undefined;
  if (touches("mainHand", "offHand")) {
    const twoHanded = (item: EquipCandidate | undefined) => item?.hands === "two" && !context.titanGrip;
    if (twoHanded(main) && slots.offHand !== slots.mainHand) return new EquipError("CLOCKWORK.Error.Equip.TwoHandedBoth");
    if (off && slots.offHand !== slots.mainHand) {
      if (off.hands === "two") return new EquipError("CLOCKWORK.Error.Equip.TwoHandedOffHand");
      if (off.hands === "main" && !context.titanGrip) return new EquipError("CLOCKWORK.Error.Equip.MainInOffHand");
    }
    if (slots.offHand && slots.offHand === slots.mainHand && !twoHanded(main)) return new EquipError("CLOCKWORK.Error.Equip.OneItemTwoHands");
  }
  if (touches("shield", "offHand") && slots.offHand && shieldTakesOffHand(slots.shield ? context.lookup(slots.shield) : undefined)) {
    return new EquipError("CLOCKWORK.Error.Equip.ShieldTakesOffHand");
  }
  return null;
}
