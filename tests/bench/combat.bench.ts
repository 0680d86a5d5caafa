/**
 * Combat rules-core benchmarks (issue 10). Targets: the attack dialog's odds and expected
 * damage for 10 targets < 2 ms; the turn bookkeeping of a 30-combatant combat < 5 ms per turn
 * change. Inputs are fixed so every run measures the same work.
 */
import { bench, describe } from "vitest";
import { applyTurnUpdates, attackOdds, beginTurn, changeTurn, newCounters, newHealthTrack, passTurn } from "../../src/rules";
import type { ActiveStatus, AttackInput, AttackTarget, CombatantTurnState } from "../../src/rules";

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

/** Thirty combatants with health tracks and a mix of ticking and ending statuses. */
function thirtyCombatants(): CombatantTurnState[] {
  const pool: ActiveStatus["id"][] = ["bleeding", "burning", "stunned", "chilled", "prone", "persistentEnergy", "blind"];
  return Array.from({ length: 30 }, (_, i) => ({
    id: `c${i}`,
    counters: passTurn(beginTurn(newCounters(), { extra: -(i % 4) })),
    statuses: pool.filter((_, k) => (i + k) % 3 === 0).map((id) => ({ id })),
    health: newHealthTrack(4 + (i % 4), 6),
    rerolls: i % 5 === 0 ? ["burning"] : [],
    cooldowns: i % 7 === 0 ? ["dragonkinBreath"] : [],
  }));
}
let combatants = thirtyCombatants();
let turn = 0;

describe("turn bookkeeping, 30 combatants (< 5 ms per turn change)", () => {
  bench("changeTurn + apply the updates", () => {
    const from = combatants[turn % 30].id;
    turn++;
    const to = combatants[turn % 30].id;
    const result = changeTurn({ combatants, from, to, round: 1 + Math.floor(turn / 30) });
    combatants = applyTurnUpdates(combatants, result.updates);
    // Keep the fight going: bring the fallen back so every change does the full work.
    if (turn % 30 === 0) combatants = thirtyCombatants();
  });
});
