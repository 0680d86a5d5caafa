import { describe, expect, it } from "vitest";
import {
  MINION_VITALS, applyDamageDetailed, applyMinionDamage, attackPool, groupAttack, groupDice, minionHealthTrack, newHealthTrack,
  standingMembers,
} from "../../src/rules";
import type { AttackInput } from "../../src/rules";

describe("minions", () => {
  it("have one vital", () => {
    expect(MINION_VITALS).toBe(1);
    expect(minionHealthTrack(5)).toMatchObject({ grit: 5, vitalsMax: 1, vitalsLost: 0 });
  });
  it("damage fills the one box as for anyone", () => {
    const hurt = applyMinionDamage(minionHealthTrack(5), 3);
    expect(hurt).toMatchObject({ track: { hits: 3, dead: false }, died: false, deathRollRequired: false });
  });
  it("losing the vital takes a minion out at once: dead, no dying, no death roll", () => {
    const result = applyMinionDamage(minionHealthTrack(5), 5);
    expect(result).toMatchObject({ died: true, deathRollRequired: false, becameDying: true, track: { dying: false, dead: true } });
    // A full character in the same spot would be dying and owe a death roll.
    expect(applyDamageDetailed(newHealthTrack(5, 1), 5)).toMatchObject({ deathRollRequired: true, track: { dying: true } });
  });
  it("a barrier still absorbs first, and ticks never wound", () => {
    expect(applyMinionDamage({ ...minionHealthTrack(5), barrier: 5 }, 5)).toMatchObject({ died: false, absorbed: 5 });
    expect(applyMinionDamage(minionHealthTrack(2), 4, { unavoidable: true })).toMatchObject({ woundsAdded: 0, died: true });
  });
  it("counts standing members", () => {
    expect(standingMembers([minionHealthTrack(4), { ...minionHealthTrack(4), dead: true }, minionHealthTrack(4)])).toBe(2);
  });
});

describe("group attack (one roll for several identical minions)", () => {
  const goblin: AttackInput = { attacker: { attribute: 6, rank: 8 }, weapon: { kind: "melee", damageDice: 6, reach: 1 } };
  const target = { id: "pc", baseDefense: 3, distance: 1, resistance: { species: 3, armor: 2 } };
  it("+1 attack die and +1 damage die per member beyond the first", () => {
    const three = groupAttack(goblin, 3);
    expect(attackPool(three, target).dice).toBe(8);
    expect(three.weapon.damageDice).toBe(8);
    expect(groupAttack(goblin, 1)).toEqual({ ...goblin, attacker: { ...goblin.attacker, situational: 0 } });
  });
  it("both are capped at 12 dice", () => {
    const horde = groupAttack(goblin, 10);
    expect(attackPool(horde, target).dice).toBe(12);
    expect(horde.weapon.damageDice).toBe(12);
    expect(groupDice(11, 4)).toBe(12);
  });
  it("needs at least one member", () => {
    expect(() => groupAttack(goblin, 0)).toThrow(RangeError);
  });
});
