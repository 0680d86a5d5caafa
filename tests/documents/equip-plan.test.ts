/** Where equipped items go (digest §1.11, §1.26, RULING 24), as a pure function. */
import { describe, expect, it } from "vitest";
import { EquipError, planEquip, withoutItem, type EquipCandidate, type EquippedSlots } from "../../src/documents/equip-plan";

const items: Record<string, EquipCandidate> = {
  axe: { id: "axe", type: "weapon", hands: "main" },
  dagger: { id: "dagger", type: "weapon", hands: "off" },
  sai: { id: "sai", type: "weapon", hands: "off" },
  greatsword: { id: "greatsword", type: "weapon", hands: "two" },
  buckler: { id: "buckler", type: "shield", weight: "light" },
  kite: { id: "kite", type: "shield", weight: "medium" },
  plate: { id: "plate", type: "armor", weight: "heavy" },
  potion: { id: "potion", type: "equipment" },
};

const EMPTY: EquippedSlots = { mainHand: "", offHand: "", armor: "", shield: "" };

function equip(slots: EquippedSlots, id: string, slot?: Parameters<typeof planEquip>[2], titanGrip = false): EquippedSlots {
  return planEquip(slots, items[id], slot, { titanGrip, lookup: (other) => items[other] });
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(EquipError);
    return (err as EquipError).key;
  }
  throw new Error("expected a refusal");
}

describe("planEquip", () => {
  it("puts armor and shields in their own slots", () => {
    expect(equip(EMPTY, "plate")).toEqual({ ...EMPTY, armor: "plate" });
    expect(equip(EMPTY, "buckler")).toEqual({ ...EMPTY, shield: "buckler" });
  });

  it("fills both hands with a two-handed weapon, one with Titan Grip", () => {
    expect(equip(EMPTY, "greatsword")).toEqual({ ...EMPTY, mainHand: "greatsword", offHand: "greatsword" });
    expect(equip(EMPTY, "greatsword", undefined, true)).toEqual({ ...EMPTY, mainHand: "greatsword" });
  });

  it("unequips whatever the new weapon displaces, including the rest of a two-handed grip", () => {
    const twoHanded = equip(EMPTY, "greatsword");
    expect(equip(twoHanded, "dagger")).toEqual({ ...EMPTY, mainHand: "dagger" });
    expect(equip(twoHanded, "dagger", "offHand")).toEqual({ ...EMPTY, offHand: "dagger" });
  });

  it("sends an off-hand weapon to the main hand when free, else the off hand", () => {
    const one = equip(EMPTY, "dagger");
    expect(one).toEqual({ ...EMPTY, mainHand: "dagger" });
    expect(equip(one, "sai")).toEqual({ ...EMPTY, mainHand: "dagger", offHand: "sai" });
  });

  it("moves a weapon between hands instead of duplicating it", () => {
    const held = { ...EMPTY, mainHand: "axe" };
    expect(equip(held, "axe", "offHand", true)).toEqual({ ...EMPTY, offHand: "axe" });
  });

  it("lets a medium or heavy shield take the off hand, but not a buckler", () => {
    const pair = { ...EMPTY, mainHand: "axe", offHand: "dagger" };
    expect(equip(pair, "kite")).toEqual({ ...EMPTY, mainHand: "axe", shield: "kite" });
    expect(equip(pair, "buckler")).toEqual({ ...pair, shield: "buckler" });
    expect(equip({ ...EMPTY, shield: "kite" }, "greatsword")).toEqual({ ...EMPTY, mainHand: "greatsword", offHand: "greatsword" });
    expect(equip({ ...EMPTY, shield: "buckler" }, "greatsword")).toEqual({ ...EMPTY, mainHand: "greatsword", offHand: "greatsword", shield: "buckler" });
  });

  it("refuses what the rules forbid", () => {
    expect(refusal(() => equip(EMPTY, "axe", "offHand"))).toBe("CLOCKWORK.Error.Equip.MainInOffHand");
    expect(refusal(() => equip(EMPTY, "greatsword", "offHand", true))).toBe("CLOCKWORK.Error.Equip.TwoHandedOffHand");
    expect(refusal(() => equip(EMPTY, "plate", "shield"))).toBe("CLOCKWORK.Error.Equip.WrongSlot");
    expect(refusal(() => equip(EMPTY, "axe", "armor"))).toBe("CLOCKWORK.Error.Equip.WrongSlot");
    expect(refusal(() => equip(EMPTY, "potion"))).toBe("CLOCKWORK.Error.Equip.NotEquippable");
  });

  it("withoutItem clears every slot an item occupies", () => {
    expect(withoutItem({ mainHand: "greatsword", offHand: "greatsword", armor: "plate", shield: "" }, "greatsword")).toEqual({ ...EMPTY, armor: "plate" });
  });
});
