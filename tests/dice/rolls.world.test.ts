import { clearQueuedFaces, createWorld, queueFaces, Roll as WorldRoll } from "../world";
import { beforeEach, describe, expect, it } from "vitest";
import { countGains, deathRollFatalWounds, damageDealt, flatSucceeds } from "../../src/rules";
import { GainRoll } from "../../src/dice/gain-roll";
import { FlatRoll } from "../../src/dice/flat-roll";
import { DamageRoll } from "../../src/dice/damage-roll";
import { DeathRoll } from "../../src/dice/death-roll";
import { registerRollClasses } from "../../src/dice/registry";

beforeEach(async () => {
  await createWorld({ packs: false, system: false, users: [{ name: "Gamemaster", role: "gm" }] });
  clearQueuedFaces();
  registerRollClasses();
});

/** Serialize through JSON text, as a chat message stores a roll, and rebuild it. */
function roundTrip<T>(roll: { toJSON(): unknown }): T {
  return WorldRoll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as Record<string, unknown>) as T;
}

describe("GainRoll", () => {
  it("counts the book's worked example through the rules core (Body 8, Strength 7)", async () => {
    const faces = [1, 5, 12, 6, 5, 8, 7, 2];
    queueFaces(...faces);
    const roll = await GainRoll.fromPool(8, { threshold: 7 }).evaluate();
    expect(roll.formula).toBe("8d12");
    expect(roll.faces).toEqual(faces);
    expect(roll.gains).toBe(3);
    expect(roll.gains).toBe(countGains(faces, 7));
    expect(roll.total).toBe(3);
    expect(roll.marks).toEqual(["cancel", "none", "double", "none", "none", "gain", "gain", "none"]);
    expect(roll.twelves).toBe(1);
    expect(roll.ones).toBe(1);
  });

  it("floors gains at 0 but keeps the net value for display", async () => {
    queueFaces(1, 1, 3);
    const roll = await GainRoll.fromPool(3, { threshold: 8 }).evaluate();
    expect(roll.netGains).toBe(-2);
    expect(roll.gains).toBe(0);
  });

  it("counts hexed 2s and 3s as 1s", async () => {
    queueFaces(2, 3, 9);
    const plain = await GainRoll.fromPool(3, { threshold: 8 }).evaluate();
    queueFaces(2, 3, 9);
    const hexed = await GainRoll.fromPool(3, { threshold: 8, hexed: true }).evaluate();
    expect(plain.gains).toBe(1);
    expect(hexed.netGains).toBe(-1);
    expect(hexed.marks).toEqual(["cancel", "cancel", "gain"]);
  });

  it("counts criticals in the critical range: 12 normally, 11–12 on a head shot", async () => {
    queueFaces(11, 12, 12, 4);
    const normal = await GainRoll.fromPool(4, { threshold: 6 }).evaluate();
    queueFaces(11, 12, 12, 4);
    const head = await GainRoll.fromPool(4, { threshold: 6, critical: { headShot: true } }).evaluate();
    expect(normal.criticalThreshold).toBe(12);
    expect(normal.criticals).toBe(2);
    expect(head.criticalThreshold).toBe(11);
    expect(head.criticals).toBe(3);
  });

  it("compares with the difficulty, and calls dramatic results only out of combat", async () => {
    queueFaces(12, 12, 12, 9);
    const ooc = await GainRoll.fromPool(4, { threshold: 9, needed: 3, outOfCombat: true }).evaluate();
    expect(ooc.gains).toBe(7);
    expect(ooc.outcome).toEqual({ success: true, dramatic: "success" });
    queueFaces(12, 12, 12, 9);
    const inCombat = await GainRoll.fromPool(4, { threshold: 9, needed: 3 }).evaluate();
    expect(inCombat.outcome).toEqual({ success: true, dramatic: null });
    queueFaces(2);
    const none = await GainRoll.fromPool(1, { threshold: 9 }).evaluate();
    expect(none.outcome).toBeNull();
  });

  it("fails a 0-dice pool automatically, even against 0 needed", async () => {
    const roll = await GainRoll.fromPool(0, { threshold: 7, needed: 0 }).evaluate();
    expect(roll.faces).toEqual([]);
    expect(roll.settings.automaticFailure).toBe(true);
    expect(roll.outcome).toEqual({ success: false, dramatic: null });
  });

  it("rejects a bad pool or threshold with a RangeError naming the value and the rule", () => {
    expect(() => GainRoll.fromPool(13, { threshold: 7 })).toThrow(/pool size.*12.*got 13/);
    expect(() => GainRoll.fromPool(3, { threshold: 0 })).toThrow(RangeError);
    expect(() => GainRoll.fromPool(3, { threshold: 0 })).toThrow(/threshold.*got 0/);
  });

  it("round-trips through toJSON / Roll.fromData with its class and options", async () => {
    queueFaces(4, 9, 12, 1, 10);
    const roll = await GainRoll.fromPool(5, {
      threshold: 9, needed: 2, difficulty: "easy", hexed: false, critical: { headShot: true },
      parts: [{ key: "attribute", dice: 5 }], subject: { kind: "skill", skill: "perception", attribute: "mind" },
    }).evaluate();
    const copy = roundTrip<GainRoll>(roll);
    expect(copy).toBeInstanceOf(GainRoll);
    expect(copy.settings).toEqual(roll.settings);
    expect(copy.faces).toEqual(roll.faces);
    expect(copy.gains).toBe(roll.gains);
    expect(copy.total).toBe(roll.gains);
    expect(copy.criticals).toBe(roll.criticals);
    expect(copy.toJSON()).toEqual(roll.toJSON());
  });

  it("cannot be rebuilt when its class is not registered in CONFIG.Dice.rolls", async () => {
    CONFIG.Dice.rolls = [WorldRoll as never];
    queueFaces(5);
    const roll = await GainRoll.fromPool(1, { threshold: 5 }).evaluate();
    expect(() => roundTrip(roll)).toThrow(/GainRoll/);
  });

  it("makes a fresh copy with independent options for a luck reroll", async () => {
    queueFaces(5, 5);
    const roll = await GainRoll.fromPool(2, { threshold: 5, parts: [{ key: "attribute", dice: 2 }] }).evaluate();
    roll.settings.discarded = true;
    const copy = roll.freshCopy();
    expect(copy.settings.discarded).toBe(false);
    expect(copy.settings.parts).toEqual(roll.settings.parts);
    expect(copy.settings.parts).not.toBe(roll.settings.parts);
    queueFaces(12, 12);
    await copy.evaluate();
    expect(copy.gains).toBe(4);
    expect(roll.gains).toBe(2);
  });
});

describe("FlatRoll", () => {
  it("succeeds at or above the target", async () => {
    queueFaces(7);
    const roll = await FlatRoll.forTarget(7).evaluate();
    expect(roll.formula).toBe("1d12");
    expect(roll.success).toBe(true);
    queueFaces(6);
    expect((await FlatRoll.forTarget(7).evaluate()).success).toBe(flatSucceeds(6, 7));
  });

  it("keeps the better of two dice and marks the other discarded", async () => {
    queueFaces(3, 9);
    const roll = await FlatRoll.forTarget(7, { keepBetter: true }).evaluate();
    expect(roll.formula).toBe("2d12kh");
    expect(roll.face).toBe(9);
    expect(roll.success).toBe(true);
    expect(roll.results).toEqual([{ result: 3, active: false, discarded: true }, { result: 9, active: true }]);
    const copy = roundTrip<FlatRoll>(roll);
    expect(copy).toBeInstanceOf(FlatRoll);
    expect(copy.face).toBe(9);
    expect(copy.settings.keepBetter).toBe(true);
  });

  it("rejects a target outside 1–12", () => {
    expect(() => FlatRoll.forTarget(13)).toThrow(/Flat target.*got 13/);
  });
});

describe("DamageRoll", () => {
  it("counts one roll separately against each target's resistance", async () => {
    const faces = [12, 3, 6, 9, 1, 12, 8, 4];
    queueFaces(...faces);
    const targets = [
      { name: "Goblin", species: 3, armor: 0, hit: true },
      { name: "Knight", species: 2, armor: 4, hit: true },
    ];
    const roll = await DamageRoll.forDice(8, { damageType: "slashing", criticals: 1, targets }).evaluate();
    const results = roll.targetResults;
    expect(results.map((r) => r.total)).toEqual([
      damageDealt(faces, targets[0], { criticals: 1 }),
      damageDealt(faces, targets[1], { criticals: 1 }),
    ]);
    expect(results[0].total).toBeGreaterThan(results[1].total);
  });

  it("applies armor piercing per 12 and halves area misses without criticals", async () => {
    const faces = [12, 12, 7, 7, 7, 2];
    queueFaces(...faces);
    const roll = await DamageRoll.forDice(6, { damageType: "piercing", armorPiercing: true, aoe: true, criticals: 2 }).evaluate();
    const hit = roll.against({ species: 3, armor: 5, hit: true });
    const miss = roll.against({ species: 3, armor: 5, hit: false });
    expect(hit.armorPierced).toBe(2);
    expect(hit.total).toBe(damageDealt(faces, { species: 3, armor: 5 }, { armorPiercing: true, criticals: 2 }));
    expect(miss.criticals).toBe(0);
    expect(miss.total).toBe(damageDealt(faces, { species: 3, armor: 5 }, { armorPiercing: true, aoeMiss: true }));
    const copy = roundTrip<DamageRoll>(roll);
    expect(copy).toBeInstanceOf(DamageRoll);
    expect(copy.against({ species: 3, armor: 5, hit: true })).toEqual(hit);
  });
});

describe("DeathRoll", () => {
  it("rolls six dice and counts fatal wounds, Diehard aware", async () => {
    const faces = [1, 12, 4, 8, 6, 12];
    queueFaces(...faces);
    const plain = await DeathRoll.sixDice({ wounds: 2, grit: 5 }).evaluate();
    queueFaces(...faces);
    const diehard = await DeathRoll.sixDice({ diehard: true, wounds: 2, grit: 5 }).evaluate();
    expect(plain.formula).toBe("6d12");
    expect(plain.fatalWounds).toBe(deathRollFatalWounds(faces));
    expect(plain.fatalWounds).toBe(2);
    expect(diehard.fatalWounds).toBe(deathRollFatalWounds(faces, { diehard: true }));
    expect(diehard.fatalWounds).toBe(0);
    expect(plain.total).toBe(2);
  });

  it("knows when the wounds exceed grit", async () => {
    queueFaces(1, 1, 2, 3, 4, 5);
    const roll = await DeathRoll.sixDice({ wounds: 3, grit: 5 }).evaluate();
    expect(roll.fatalWounds).toBe(8);
    expect(roll.kills).toBe(true);
    const copy = roundTrip<DeathRoll>(roll);
    expect(copy).toBeInstanceOf(DeathRoll);
    expect(copy.kills).toBe(true);
    queueFaces(8, 9, 10, 11, 7, 6);
    expect((await DeathRoll.sixDice({ wounds: 4, grit: 5 }).evaluate()).kills).toBe(false);
  });
});
