/**
 * Combat rules-core benchmarks (issue 10). Targets: the attack dialog's odds and expected
 * damage for 10 targets < 2 ms; the turn bookkeeping of a 30-combatant combat < 5 ms per turn
 * change. Inputs are fixed so every run measures the same work.
 */
import { bench, describe } from "vitest";
import { attackOdds } from "../../src/rules";
import type { AttackInput, AttackTarget } from "../../src/rules";

/** Ten targets with different resistances, covers, reactions and distances. */
function tenTargets(): AttackTarget[] {
  return Array.from({ length: 10 }, (_, i) => ({
    id: `t${i}`,
    baseDefense: 1 + (i % 5),
    distance: 2 + i * 2,
    cover: ([0, 25, 50, 75] as const)[i % 4],
    reaction: (["none", "dodge", "block"] as const)[i % 3],
    dodgeBonus: 1 + (i % 4),
    blockBonus: i % 2 ? 3 : 0,
    parryWeapons: i % 3,
    resistance: { species: 2 + (i % 4), armor: i % 7, reinforced: i % 5 === 0 },
    grit: 5 + (i % 3),
  }));
}

const rifle: AttackInput = {
  attacker: { attribute: 9, rank: 6, bonusSkill: true, focus: true, pointBlank: true, improvedCritical: 1 },
  weapon: { kind: "ranged", damageDice: 10, rangeIncrement: 8, armorPiercing: true },
  options: { calledShot: "head", damageType: "ballistic" },
};
const grenade: AttackInput = {
  attacker: { attribute: 8, rank: 7 },
  weapon: { kind: "ranged", damageDice: 12, rangeIncrement: 3, arcShot: true },
  options: { mode: "area", distance: 5, damageType: "explosive" },
};
const targets = tenTargets();

describe("attack dialog odds, 10 targets (< 2 ms)", () => {
  bench("single attack: armor piercing, head shot, per-target range", () => {
    attackOdds(rifle, targets);
  });
  bench("area attack: 12 dice, one pool, misses at half", () => {
    attackOdds(grenade, targets);
  });
});
