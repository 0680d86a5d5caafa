/** Lasting effects read for the derivation (src/data/actor/active.ts) and applied by it. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { activeInputOf } from "../../../src/data/actor/active";
import { deriveActorData } from "../../../src/data/actor/derive";
import { KITE_SHIELD, LEATHER, ORC_E30, copy, deriveInputs } from "../../fixtures/actors";

const spell = (effect: string, amount: number, disabled = false) => ({ disabled, flags: { clockwork: { spell: { effect, amount, gains: 1 } } } });
const none = new Set<string>();

describe("activeInputOf", () => {
  it("is null when nothing applies", () => {
    expect(activeInputOf([], none)).toBeNull();
    expect(activeInputOf([{ flags: { core: {} } }, spell("defense", 5)], none)).toBeNull();
    expect(activeInputOf(undefined, undefined)).toBeNull();
  });

  it("sums speed and size from spell effects, skipping disabled ones", () => {
    expect(activeInputOf([spell("speed", 2), spell("size", 1), spell("speed", -2, true)], none)).toEqual({ runBonus: 2, sizeShift: 1, skinResistance: 0 });
    expect(activeInputOf([spell("size", -1)], none)).toEqual({ runBonus: 0, sizeShift: -1, skinResistance: 0 });
  });

  it("takes ±2 from a Hasted or Slowed status only when no spell effect carries the number", () => {
    expect(activeInputOf([], new Set(["hasted"]))?.runBonus).toBe(2);
    expect(activeInputOf([], new Set(["slowed"]))?.runBonus).toBe(-2);
    expect(activeInputOf([], new Set(["hasted", "slowed"]))).toBeNull();
    expect(activeInputOf([spell("speed", 2)], new Set(["hasted"]))?.runBonus).toBe(2);
  });

  it("reads an Ironskin-like armor from alchemy flags", () => {
    expect(activeInputOf([{ flags: { clockwork: { alchemy: { armor: "Graphene Armor", resistance: 2 } } } }], none)).toEqual({ runBonus: 0, sizeShift: 0, skinResistance: 2 });
  });
});

describe("deriveActorData with lasting effects", () => {
  const [source, items] = deriveInputs(ORC_E30);
  const plain = deriveActorData(source, items, { kind: "character" });

  it("no effects derive exactly as before", () => {
    expect(deriveActorData(source, items, { kind: "character", active: null })).toEqual(plain);
  });

  it("run moves by the bonus and walk is half the run", () => {
    fc.assert(fc.property(fc.integer({ min: -6, max: 6 }), (bonus) => {
      const d = deriveActorData(source, items, { kind: "character", active: { runBonus: bonus, sizeShift: 0, skinResistance: 0 } });
      expect(d.movement.run).toBe(Math.max(0, plain.movement.run + bonus));
      expect(d.movement.walk).toBe(Math.floor(d.movement.run / 2));
    }));
  });

  it("size shifts one step and stays within tiny … huge", () => {
    const at = (shift: number) => deriveActorData(source, items, { kind: "character", active: { runBonus: 0, sizeShift: shift, skinResistance: 0 } }).size;
    expect(plain.size).toBe("medium");
    expect(at(1)).toBe("large");
    expect(at(-1)).toBe("small");
    // Enlarge and Shrink move one size step at most (L1339, L1341; docs/rulings.md 31).
    expect(at(9)).toBe("large");
    expect(at(-9)).toBe("small");
  });

  it("Enlarge (L1339): grit +1, reach and base defense by the new size, dodge and block −1; movement and resistance points unchanged", () => {
    const withShield = copy(ORC_E30);
    withShield.items.push(copy(KITE_SHIELD));
    withShield.system.equipped.shield = KITE_SHIELD._id;
    const [s2, i2] = deriveInputs(withShield);
    const natural = deriveActorData(s2, i2, { kind: "character" });
    const big = deriveActorData(s2, i2, { kind: "character", active: { runBonus: 0, sizeShift: 1, skinResistance: 0 } });
    expect(natural.size).toBe("medium");
    expect(big.size).toBe("large");
    expect(big.health.grit).toBe(natural.health.grit + 1);
    expect(big.reach).toBe(natural.reach + 1);
    expect(big.defense.base).toBe(natural.defense.base - 1);
    expect(big.defense.dodge).toBe(Math.max(0, natural.defense.dodge - 1));
    expect(natural.defense.block).toBeGreaterThan(0);
    expect(big.defense.block).toBe(natural.defense.block - 1);
    expect(big.movement).toEqual(natural.movement);
    expect(big.resistancePoints).toEqual(natural.resistancePoints);
  });

  it("Shrink (L1341): grit −1, base defense +1, dodge and block +1; movement and resistance points unchanged", () => {
    const small = deriveActorData(source, items, { kind: "character", active: { runBonus: 0, sizeShift: -1, skinResistance: 0 } });
    expect(small.size).toBe("small");
    expect(small.health.grit).toBe(plain.health.grit - 1);
    expect(small.defense.base).toBe(plain.defense.base + 1);
    expect(small.defense.dodge).toBe(plain.defense.dodge + 1);
    expect(small.movement).toEqual(plain.movement);
    expect(small.resistancePoints).toEqual(plain.resistancePoints);
  });

  it("Ironskin armors an unarmored body, never one already in armor", () => {
    const active = { runBonus: 0, sizeShift: 0, skinResistance: 2 };
    const skin = deriveActorData(source, items, { kind: "character", active });
    expect(skin.armorWeight).toBe("light");
    for (const [type, row] of Object.entries(skin.resistances)) expect(row.total).toBe(plain.resistances[type as keyof typeof plain.resistances].total + 2);
    const armored = copy(ORC_E30);
    armored.items.push(copy(LEATHER));
    armored.system.equipped.armor = LEATHER._id;
    const [s2, i2] = deriveInputs(armored);
    expect(deriveActorData(s2, i2, { kind: "character", active })).toEqual(deriveActorData(s2, i2, { kind: "character" }));
  });
});
