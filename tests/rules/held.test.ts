/** Stow and Draw on the held slots (issue 34 item 4; docs/rulings.md 163): pure, with property tests. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { drawSlots, heldIds, stowSlots } from "../../src/rules/held";
import { affordableActions } from "../../src/rules";
import { EquipError, type EquipCandidate, type EquippedSlots } from "../../src/rules/equip-plan";

const ITEMS: Record<string, EquipCandidate> = {
  sword: { id: "sword", type: "weapon", hands: "main" },
  dagger: { id: "dagger", type: "weapon", hands: "off" },
  axe: { id: "axe", type: "weapon", hands: "two" },
  kite: { id: "kite", type: "shield", weight: "medium" },
  buckler: { id: "buckler", type: "shield", weight: "light" },
  mail: { id: "mail", type: "armor", weight: "medium" },
};
const context = { titanGrip: false, lookup: (id: string) => ITEMS[id] };
const empty: EquippedSlots = { mainHand: "", offHand: "", armor: "mail", shield: "" };

const refusal = (fn: () => unknown): EquipError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof EquipError) return err;
    throw err;
  }
  throw new Error("not refused");
};

describe("Stow and Draw", () => {
  it("stowing the two-handed axe empties both hands; the armor stays on", () => {
    const held = drawSlots(empty, ITEMS.axe, context);
    expect(held).toEqual({ mainHand: "axe", offHand: "axe", armor: "mail", shield: "" });
    expect(heldIds(held)).toEqual(["axe"]);
    expect(stowSlots(held, "axe")).toEqual(empty);
  });

  it("Draw never pushes out what is held: the axe with a sword in hand, a kite shield with a dagger in the off hand", () => {
    const sword = drawSlots(empty, ITEMS.sword, context);
    expect(refusal(() => drawSlots(sword, ITEMS.axe, context))).toMatchObject({ key: "CLOCKWORK.Combat.Held.HandsFull", data: { displaced: ["sword"] } });
    const pair = drawSlots(sword, ITEMS.dagger, context);
    expect(pair).toMatchObject({ mainHand: "sword", offHand: "dagger" });
    expect(refusal(() => drawSlots(pair, ITEMS.kite, context)).data.displaced).toEqual(["dagger"]);
    // A buckler leaves the hand free.
    expect(drawSlots(pair, ITEMS.buckler, context)).toMatchObject({ mainHand: "sword", offHand: "dagger", shield: "buckler" });
  });

  it("refuses stowing what is not held, drawing what is, and drawing armor", () => {
    expect(refusal(() => stowSlots(empty, "sword")).key).toBe("CLOCKWORK.Combat.Held.NotHeld");
    expect(refusal(() => stowSlots(empty, "mail")).key).toBe("CLOCKWORK.Combat.Held.NotHeld");
    expect(refusal(() => drawSlots(drawSlots(empty, ITEMS.sword, context), ITEMS.sword, context)).key).toBe("CLOCKWORK.Combat.Held.AlreadyHeld");
    expect(refusal(() => drawSlots(empty, ITEMS.mail, context)).key).toBe("CLOCKWORK.Error.Equip.NotEquippable");
  });

  it("property: a draw keeps everything held and adds the item; stowing it gives the slots back", () => {
    const drawable = ["sword", "dagger", "axe", "kite", "buckler"];
    fc.assert(fc.property(fc.array(fc.constantFrom(...drawable), { maxLength: 6 }), fc.constantFrom(...drawable), (earlier, item) => {
      let slots = empty;
      for (const id of earlier) {
        try {
          slots = drawSlots(slots, ITEMS[id], context);
        } catch (err) {
          if (!(err instanceof EquipError)) throw err;
        }
      }
      const before = heldIds(slots);
      let next: EquippedSlots;
      try {
        next = drawSlots(slots, ITEMS[item], context);
      } catch (err) {
        if (!(err instanceof EquipError)) throw err;
        return;
      }
      expect(new Set(heldIds(next))).toEqual(new Set([...before, item]));
      expect(next.armor).toBe("mail");
      expect(stowSlots(next, item)).toEqual(slots);
    }));
  });
});

describe("the action table reads shields as held things", () => {
  const counters = { available: 6, reserved: 0, hadTurn: true, passed: false };
  const option = (key: string, context: Parameters<typeof affordableActions>[1]) => affordableActions(counters, context).find((o) => o.key === key);

  it("Draw is open with only a stowed shield; Stow with only a drawn one", () => {
    expect(option("draw", { weapons: [], shieldStowed: true })).toMatchObject({ affordable: true, reason: null });
    expect(option("draw", { weapons: [] })).toMatchObject({ affordable: false, reason: "nothingToDraw" });
    expect(option("stow", { weapons: [], shieldDrawn: true })).toMatchObject({ affordable: true, reason: null });
    expect(option("stow", { weapons: [] })).toMatchObject({ affordable: false, reason: "nothingToStow" });
  });
});
