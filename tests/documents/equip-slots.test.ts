/**
 * `slotProblem` (src/documents/equip-plan.ts): the hand and slot rules on slots written
 * directly, which must agree with `planEquip`: whatever sequence of equips the planner makes,
 * the slots it leaves break no rule; and slots it would never make are refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EquipError, planEquip, slotProblem, type EquipCandidate, type EquippedSlots } from "../../src/documents/equip-plan";

const ITEMS: EquipCandidate[] = [
  { id: "main000000000001", type: "weapon", hands: "main" },
  { id: "off0000000000001", type: "weapon", hands: "off" },
  { id: "off0000000000002", type: "weapon", hands: "off" },
  { id: "two0000000000001", type: "weapon", hands: "two" },
  { id: "none000000000001", type: "weapon", hands: "none" },
  { id: "armor00000000001", type: "armor", weight: "heavy" },
  { id: "buckler000000001", type: "shield", weight: "light" },
  { id: "kite000000000001", type: "shield", weight: "medium" },
];
const byId = new Map(ITEMS.map((item) => [item.id, item]));
const EMPTY: EquippedSlots = { mainHand: "", offHand: "", armor: "", shield: "" };
const ALL: (keyof EquippedSlots)[] = ["mainHand", "offHand", "armor", "shield"];

const context = (titanGrip: boolean) => ({ titanGrip, lookup: (id: string) => byId.get(id) });
const key = (slots: EquippedSlots, changed: (keyof EquippedSlots)[] = ALL, titanGrip = false) => slotProblem(slots, changed, context(titanGrip))?.key ?? null;

describe("slots written directly", () => {
  it("accept what the planner makes", () => {
    expect(key({ ...EMPTY, mainHand: "two0000000000001", offHand: "two0000000000001" })).toBeNull();
    expect(key({ ...EMPTY, mainHand: "main000000000001", offHand: "off0000000000001", shield: "buckler000000001" })).toBeNull();
    expect(key({ ...EMPTY, mainHand: "two0000000000001" }, ALL, true)).toBeNull();
  });

  it("refuse a two-handed weapon in one hand, a main-hand weapon in the off hand, a shield over a weapon", () => {
    expect(key({ ...EMPTY, mainHand: "two0000000000001" })).toBe("CLOCKWORK.Error.Equip.TwoHandedBoth");
    expect(key({ ...EMPTY, offHand: "two0000000000001" })).toBe("CLOCKWORK.Error.Equip.TwoHandedOffHand");
    expect(key({ ...EMPTY, offHand: "main000000000001" })).toBe("CLOCKWORK.Error.Equip.MainInOffHand");
    expect(key({ ...EMPTY, offHand: "main000000000001" }, ALL, true)).toBeNull();
    expect(key({ ...EMPTY, offHand: "off0000000000001", shield: "kite000000000001" })).toBe("CLOCKWORK.Error.Equip.ShieldTakesOffHand");
    expect(key({ ...EMPTY, mainHand: "off0000000000001", offHand: "off0000000000001" })).toBe("CLOCKWORK.Error.Equip.OneItemTwoHands");
  });

  it("refuse unknown ids, wrong types and handless weapons", () => {
    expect(key({ ...EMPTY, mainHand: "gone000000000001" })).toBe("CLOCKWORK.Error.Equip.NotOwnedId");
    expect(key({ ...EMPTY, armor: "kite000000000001" })).toBe("CLOCKWORK.Error.Equip.WrongSlot");
    expect(key({ ...EMPTY, mainHand: "none000000000001" })).toBe("CLOCKWORK.Error.Equip.NoHand");
  });

  it("check only the rules of the slots that change", () => {
    const odd = { ...EMPTY, mainHand: "two0000000000001" };
    expect(key({ ...odd, armor: "armor00000000001" }, ["armor"])).toBeNull();
    expect(key({ ...odd, armor: "armor00000000001" }, ["mainHand"])).toBe("CLOCKWORK.Error.Equip.TwoHandedBoth");
  });

  it("agree with the planner over any sequence of equips", () => {
    const equips = fc.array(fc.record({ item: fc.constantFrom(...ITEMS), slot: fc.constantFrom(undefined, "mainHand", "offHand", "armor", "shield") }), { maxLength: 8 });
    fc.assert(fc.property(equips, fc.boolean(), (steps, titanGrip) => {
      let slots = EMPTY;
      for (const { item, slot } of steps) {
        try {
          slots = planEquip(slots, item, slot as never, context(titanGrip));
        } catch (error) {
          expect(error).toBeInstanceOf(EquipError);
        }
        expect(slotProblem(slots, ALL, context(titanGrip))).toBeNull();
      }
    }), { numRuns: 500 });
  });

  it("never let the planner put a handless weapon in a hand", () => {
    expect(() => planEquip(EMPTY, byId.get("none000000000001")!, undefined, context(false))).toThrow(EquipError);
  });
});
