import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assignProcs, attackOdds, attackPool, attackRange, chanceOfGains, reactionOptions, resolveAttack, setupTarget,
} from "../../src/rules";
import type { AttackInput, AttackTarget, ProcEffect } from "../../src/rules";
import { allRolls } from "./helpers";

const rifle: AttackInput = {
  attacker: { attribute: 8, rank: 7 },
  weapon: { kind: "ranged", damageDice: 8, rangeIncrement: 6 },
};
const sword: AttackInput = { attacker: { attribute: 8, rank: 7 }, weapon: { kind: "melee", damageDice: 10, reach: 1 } };
const medium = (id: string, extra: Partial<AttackTarget> = {}): AttackTarget => ({
  id, baseDefense: 3, distance: 1, resistance: { species: 3, armor: 2 }, ...extra,
});

/** Brute-force odds: every attack roll × every damage roll through resolveAttack. */
function bruteForce(input: AttackInput, target: AttackTarget): { hit: number; expected: number; dist: number[] } {
  const dice = attackPool(input, target).dice;
  let hit = 0;
  let expected = 0;
  const dist: number[] = [];
  let n = 0;
  const damages = [...allRolls(input.weapon.damageDice)];
  for (const attack of allRolls(dice)) {
    for (const damage of damages) {
      const [result] = resolveAttack(input, [target], { attack, damage });
      n++;
      if (result.hit) hit++;
      expected += result.damage.total;
      dist[result.damage.total] = (dist[result.damage.total] ?? 0) + 1;
    }
  }
  return { hit: hit / n, expected: expected / n, dist: Array.from(dist, (c) => (c ?? 0) / n) };
}

describe("defense faced (§4.9 step 3)", () => {
  it("E12: base 3 + 75 % cover = 8 against a ranged attack, nothing against melee", () => {
    expect(setupTarget(rifle, medium("t", { cover: 75 })).defense.total).toBe(8);
    expect(setupTarget(sword, medium("t", { cover: 75 })).defense.total).toBe(3);
  });
  it("cover +1 / +3 / +5; 100 % cover cannot be targeted", () => {
    expect([25, 50, 75].map((cover) => setupTarget(rifle, medium("t", { cover: cover as 25 })).defense.total)).toEqual([4, 6, 8]);
    const full = attackOdds(rifle, [medium("t", { cover: 100 })])[0];
    expect(full.setup.automaticMiss).toBe("untargetable");
    expect([full.chanceToHit, full.expectedDamage]).toEqual([0, 0]);
  });
  it("E15: dodge +2; block with a medium shield +3; never both", () => {
    expect(setupTarget(sword, medium("t", { reaction: "dodge", dodgeBonus: 2 })).defense.total).toBe(5);
    expect(setupTarget(sword, medium("t", { reaction: "block", blockBonus: 3 })).defense.total).toBe(6);
    expect(setupTarget(sword, medium("t", { reaction: "block" })).reaction).toBe("none");
  });
  it("prone targets count as 75 % cover against ranged attacks only; Sniper lowers it a step", () => {
    expect(setupTarget(rifle, medium("t", { prone: true })).defense.total).toBe(8);
    expect(setupTarget(sword, medium("t", { prone: true })).defense.total).toBe(3);
    expect(setupTarget({ ...rifle, attacker: { ...rifle.attacker, sniper: true } }, medium("t", { prone: true })).defense.total).toBe(6);
    expect(setupTarget({ ...rifle, weapon: { ...rifle.weapon, arcShot: true } }, medium("t", { prone: true })).defense.total).toBe(3);
  });
  it("a blind attacker treats every target as 75 % cover, melee included, never stacking with cover", () => {
    const blindSword = { ...sword, attacker: { ...sword.attacker, blind: true } };
    const blindRifle = { ...rifle, attacker: { ...rifle.attacker, blind: true } };
    expect(setupTarget(blindSword, medium("t")).defense).toMatchObject({ total: 8, parts: { blind: 5 } });
    expect(setupTarget(blindRifle, medium("t", { cover: 50 })).defense).toMatchObject({ total: 8, parts: { cover: 3, blind: 2 } });
    expect(setupTarget(blindRifle, medium("t", { cover: 75 })).defense.total).toBe(8);
    expect(setupTarget({ ...blindRifle, options: { mode: "autofire" } }, medium("t")).defense.total).toBe(3);
  });
  it("called shots +2 (Deadeye +1); area attacks and defenseless targets face base defense only", () => {
    expect(setupTarget({ ...sword, options: { calledShot: "head" } }, medium("t")).defense.total).toBe(5);
    expect(setupTarget({ ...sword, attacker: { ...sword.attacker, deadeye: true }, options: { calledShot: "arm" } }, medium("t")).defense.total).toBe(4);
    expect(setupTarget({ ...rifle, options: { mode: "autofire" } }, medium("t", { cover: 75, reaction: "dodge", dodgeBonus: 3 })).defense.total).toBe(3);
    const defenseless = setupTarget(sword, medium("t", { defenseless: true, reaction: "dodge", dodgeBonus: 3, parryWeapons: 2 }));
    expect([defenseless.defense.total, defenseless.reaction]).toEqual([3, "none"]);
  });
  it("parry +1 per weapon against melee, at most 2", () => {
    expect(setupTarget(sword, medium("t", { parryWeapons: 3 })).defense.total).toBe(5);
    expect(setupTarget(rifle, medium("t", { parryWeapons: 2 })).defense.total).toBe(3);
  });
});

describe("reactions allowed (§4.9 step 2, RULING 4)", () => {
  it("defenseless, grappled, area, stealthed attacker, no shield, Void Bolt", () => {
    expect(reactionOptions(sword, medium("t", { blockBonus: 3 }))).toEqual({ dodge: null, block: null });
    expect(reactionOptions(sword, medium("t"))).toEqual({ dodge: null, block: "noShield" });
    expect(reactionOptions(sword, medium("t", { defenseless: true }))).toEqual({ dodge: "defenseless", block: "defenseless" });
    expect(reactionOptions(sword, medium("t", { grappled: true }))).toEqual({ dodge: "grappled", block: "grappled" });
    expect(reactionOptions({ ...sword, attacker: { ...sword.attacker, stealthed: true } }, medium("t")).dodge).toBe("stealthedAttacker");
    expect(reactionOptions({ ...rifle, options: { mode: "area" } }, medium("t", { blockBonus: 3 }))).toEqual({ dodge: "area", block: "area" });
    expect(reactionOptions({ ...rifle, options: { mode: "area" } }, medium("t", { evasion: true })).dodge).toBeNull();
    const voidBolt = { ...rifle, weapon: { ...rifle.weapon, voidBolt: true } };
    expect(reactionOptions(voidBolt, medium("t", { blockBonus: 3, canSeeAttacker: false }))).toEqual({ dodge: "cannotSee", block: "voidBolt" });
  });
  it("a feinted target pays for its dodge against a melee attack but gains nothing (§4.17)", () => {
    const feinted = setupTarget(sword, medium("t", { feinted: true, reaction: "dodge", dodgeBonus: 3 }));
    expect([feinted.reaction, feinted.defense.total]).toEqual(["dodge", 3]);
    expect(setupTarget(rifle, medium("t", { feinted: true, reaction: "dodge", dodgeBonus: 3 })).defense.total).toBe(6);
  });
});

describe("pool (§4.1, §4.9 step 4)", () => {
  it("range: −1 die per increment beyond the first, automatic miss beyond 3", () => {
    expect(attackPool(rifle, medium("t", { distance: 6 })).dice).toBe(8);
    expect(attackPool(rifle, medium("t", { distance: 13 })).dice).toBe(6);
    const far = attackOdds(rifle, [medium("t", { distance: 19 })])[0];
    expect([far.setup.automaticMiss, far.chanceToHit, far.expectedDamage, far.damage]).toEqual(["outOfRange", 0, 0, [1]]);
    expect(attackRange(rifle.weapon)).toBe(18);
  });
  it("melee needs reach", () => {
    expect(attackOdds(sword, [medium("t", { distance: 2 })])[0].setup.automaticMiss).toBe("outOfReach");
    expect(attackOdds({ ...sword, weapon: { ...sword.weapon, reach: 2 } }, [medium("t", { distance: 2 })])[0].setup.automaticMiss).toBeNull();
  });
  it("autofire −2, prone +1 ranged, Exhausted −1, vitals penalty, 12-dice cap", () => {
    expect(attackPool({ ...rifle, options: { mode: "autofire" } }, medium("t")).dice).toBe(6);
    expect(attackPool({ ...rifle, attacker: { ...rifle.attacker, prone: true } }, medium("t")).dice).toBe(9);
    expect(attackPool({ ...rifle, attacker: { ...rifle.attacker, exhausted: true, vitalsRemaining: 2 } }, medium("t")).dice).toBe(5);
    expect(attackPool({ ...rifle, attacker: { ...rifle.attacker, attribute: 10, bonusSkill: true, focus: true, situational: 2 } }, medium("t")).dice).toBe(12);
  });
  it("no effective melee while prone; a 0-dice pool misses automatically", () => {
    expect(attackOdds({ ...sword, attacker: { ...sword.attacker, prone: true } }, [medium("t")])[0].setup.automaticMiss).toBe("proneMelee");
    const none = attackOdds({ ...rifle, attacker: { ...rifle.attacker, attribute: 1 }, options: { mode: "autofire" } }, [medium("t")])[0];
    expect(none.setup.automaticMiss).toBe("noDice");
    expect(none.chanceToHit).toBe(0);
    expect(none.expectedDamage).toBeGreaterThan(0); // an area miss still deals half
  });
});

describe("exact odds", () => {
  it("chance to hit equals chanceOfGains against the defense", () => {
    const [odds] = attackOdds(rifle, [medium("t", { cover: 50 })]);
    expect(odds.chanceToHit).toBeCloseTo(chanceOfGains(8, 7, 6), 12);
    const [dodged] = attackOdds(sword, [medium("t", { reaction: "dodge", dodgeBonus: 3 })]);
    expect(dodged.chanceToHit).toBeCloseTo(chanceOfGains(8, 7, 6), 12);
  });
  it("the damage distribution sums to 1 and its mean is the expected damage", () => {
    const [odds] = attackOdds({ ...rifle, weapon: { ...rifle.weapon, armorPiercing: true }, options: { calledShot: "head" } }, [medium("t", { grit: 5 })]);
    expect(odds.damage.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(odds.damage.reduce((sum, p, n) => sum + p * n, 0)).toBeCloseTo(odds.expectedDamage, 12);
    expect(odds.chanceToWound).toBeCloseTo(odds.damage.slice(5).reduce((a, b) => a + b, 0), 12);
    expect(odds.expectedTrackDamage).toBeCloseTo(odds.expectedDamage, 12);
    const [shielded] = attackOdds(rifle, [medium("t", { grit: 5, barrier: 3 })]);
    expect(shielded.expectedTrackDamage).toBeCloseTo(shielded.damage.reduce((sum, p, n) => sum + p * Math.max(0, n - 3), 0), 12);
    expect(shielded.chanceToWound).toBeCloseTo(shielded.damage.slice(8).reduce((a, b) => a + b, 0), 12);
  });
  it("matches brute force: single attack, head shot, armor piercing, Reinforced, Point Blank", () => {
    const input: AttackInput = {
      attacker: { attribute: 2, rank: 6, pointBlank: true, improvedCritical: 1 },
      weapon: { kind: "ranged", damageDice: 2, rangeIncrement: 3, armorPiercing: true },
      options: { calledShot: "head" },
    };
    const target = medium("t", { baseDefense: 1, resistance: { species: 2, armor: 3, reinforced: true } });
    const [odds] = attackOdds(input, [target]);
    const brute = bruteForce(input, target);
    expect(odds.chanceToHit).toBeCloseTo(brute.hit, 12);
    expect(odds.expectedDamage).toBeCloseTo(brute.expected, 12);
    brute.dist.forEach((p, n) => expect(odds.damage[n] ?? 0).toBeCloseTo(p, 12));
  });
  it("matches brute force: area attack with misses at half and no criticals", () => {
    const input: AttackInput = {
      attacker: { attribute: 2, rank: 8 }, weapon: { kind: "ranged", damageDice: 3, rangeIncrement: 3, armorPiercing: true }, options: { mode: "area", distance: 2 },
    };
    const target = medium("t", { baseDefense: 2, distance: 5, resistance: { species: 4, armor: 2 } });
    const [odds] = attackOdds(input, [target]);
    const brute = bruteForce(input, target);
    expect(odds.chanceToHit).toBeCloseTo(brute.hit, 12);
    expect(odds.expectedDamage).toBeCloseTo(brute.expected, 12);
    expect(odds.expectedDamage).toBeCloseTo(odds.chanceToHit * odds.expectedDamageOnHit + (1 - odds.chanceToHit) * odds.expectedDamageOnMiss, 12);
  });
  it("property: brute force agrees for random small attacks", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 2 }), fc.integer({ min: 2, max: 12 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 2 }),
      fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.boolean(), fc.boolean(), fc.boolean(),
      (dice, rank, defense, damageDice, species, armor, ap, area, head) => {
        const input: AttackInput = {
          attacker: { attribute: dice, rank }, weapon: { kind: "melee", damageDice, armorPiercing: ap },
          options: { mode: area ? "area" : "single", calledShot: head ? "head" : null },
        };
        const target = medium("t", { baseDefense: defense, resistance: { species, armor } });
        const [odds] = attackOdds(input, [target]);
        const brute = bruteForce(input, target);
        expect(odds.chanceToHit).toBeCloseTo(brute.hit, 10);
        expect(odds.expectedDamage).toBeCloseTo(brute.expected, 10);
      },
    ), { numRuns: 25 });
  });
  it("reports what a dodge or block would change", () => {
    const [odds] = attackOdds(sword, [medium("t", { dodgeBonus: 3, blockBonus: 5 })]);
    expect(odds.ifReaction.dodge?.defense).toBe(6);
    expect(odds.ifReaction.block?.defense).toBe(8);
    expect(odds.ifReaction.block!.chanceToHit).toBeLessThan(odds.ifReaction.dodge!.chanceToHit);
    expect(attackOdds(sword, [medium("t", { defenseless: true, dodgeBonus: 3 })])[0].ifReaction).toEqual({});
  });
  it("Petrified takes only 12s from physical damage", () => {
    const stone = medium("t", { petrified: true, defenseless: true, baseDefense: 0 });
    const [odds] = attackOdds({ ...sword, options: { damageType: "slashing" } }, [stone]);
    expect(odds.setup.damageTarget).toEqual({ species: 12, armor: 0 });
    expect(attackOdds({ ...sword, options: { damageType: "energy" } }, [stone])[0].setup.damageTarget).toEqual({ species: 3, armor: 2 });
  });
});

describe("resolution (§4.9 steps 5–11)", () => {
  it("E13 + E18: two 12s on a hit are 2 criticals; damage 12 10 9 7 against slashing 10 is 3", () => {
    const input: AttackInput = { attacker: { attribute: 5, rank: 7 }, weapon: { kind: "melee", damageDice: 4 }, options: { damageType: "slashing" } };
    const [result] = resolveAttack(input, [medium("t", { resistance: { species: 4, armor: 6 } })], { attack: [12, 5, 6, 7, 12], damage: [12, 10, 9, 7] });
    expect(result.hit).toBe(true);
    expect(result.gains).toBe(5);
    expect(result.damage).toMatchObject({ points: 3, criticals: 2, total: 5 });
  });
  it("a hit needs gains ≥ defense; a missed single attack deals nothing", () => {
    const input: AttackInput = { attacker: { attribute: 3, rank: 7 }, weapon: { kind: "melee", damageDice: 2 } };
    expect(resolveAttack(input, [medium("t")], { attack: [7, 8, 9], damage: [12, 12] })[0].hit).toBe(true);
    const miss = resolveAttack(input, [medium("t")], { attack: [7, 8, 1], damage: [12, 12] })[0];
    expect([miss.hit, miss.damage.total, miss.procs.procs]).toEqual([false, 0, 0]);
  });
  it("head shots crit on 11; Point Blank and Power Attack add on a hit only (RULING 75)", () => {
    const input: AttackInput = { attacker: { attribute: 4, rank: 7, pointBlank: true }, weapon: { kind: "ranged", damageDice: 1, rangeIncrement: 6 }, options: { calledShot: "head" } };
    expect(resolveAttack(input, [medium("t", { distance: 6 })], { attack: [11, 11, 12, 8], damage: [2] })[0].damage.criticals).toBe(4);
    expect(resolveAttack(input, [medium("t", { distance: 7 })], { attack: [11, 12, 12], damage: [2] })[0].damage.criticals).toBe(3);
    expect(resolveAttack(input, [medium("t", { distance: 6 })], { attack: [11, 11, 1, 1], damage: [2] })[0].damage.criticals).toBe(0);
    const power: AttackInput = { attacker: { attribute: 2, rank: 7 }, weapon: { kind: "melee", damageDice: 1 }, options: { powerAttack: 2 } };
    expect(resolveAttack(power, [medium("t")], { attack: [8, 9], damage: [1] })[0].damage.total).toBe(0);
    expect(resolveAttack(power, [medium("t", { baseDefense: 2 })], { attack: [8, 9], damage: [1] })[0].damage.total).toBe(2);
  });
  it("refuses dice that do not match the pool or the weapon", () => {
    expect(() => resolveAttack(sword, [medium("t")], { attack: [5], damage: new Array(10).fill(5) })).toThrow(/pool's 8 dice/);
    expect(() => resolveAttack(sword, [medium("t")], { attack: new Array(8).fill(5), damage: [5] })).toThrow(/10 dice/);
    expect(() => resolveAttack(sword, [medium("a"), medium("b")], { attack: [], damage: [] })).toThrow(/exactly one/);
  });
  it("area (RULING 61): one roll against each base defense, misses half without criticals, Force Field misses 0", () => {
    const grenade: AttackInput = { attacker: { attribute: 3, rank: 7 }, weapon: { kind: "ranged", damageDice: 4, rangeIncrement: 3, arcShot: true }, options: { mode: "area", distance: 3 } };
    const targets = [
      medium("small", { baseDefense: 4, distance: 4, resistance: { species: 2, armor: 0 } }),
      medium("large", { baseDefense: 2, distance: 5, resistance: { species: 3, armor: 3 } }),
      medium("shielded", { baseDefense: 2, forceField: 2, resistance: { species: 2, armor: 0 } }),
      medium("hidden", { baseDefense: 2, stealthed: true, resistance: { species: 2, armor: 0 } }),
    ];
    const results = resolveAttack(grenade, targets, { attack: [12, 8, 1], damage: [12, 8, 5, 3] }, { onHit: ["stunned"], always: ["burning"] });
    expect(results.map((r) => r.hit)).toEqual([false, true, false, false]);
    expect(results[0].damage).toMatchObject({ points: 2, criticals: 0, total: 2 }); // 2+1+1+1 = 5 → 2
    expect(results[1].damage).toMatchObject({ points: 3, criticals: 1, total: 4 });
    expect(results[2].setup.defense.total).toBe(4);
    expect(results[2].damage.total).toBe(0);
    expect(results[3].setup.automaticMiss).toBe("concealed");
    expect(results[3].damage.total).toBe(2);
    expect(results.map((r) => r.conditions)).toEqual([["burning"], ["stunned", "burning"], ["burning"], ["burning"]]);
    const ff = resolveAttack(grenade, [targets[2]], { attack: [1, 2, 3], damage: [12, 8, 5, 3] })[0];
    expect([ff.hit, ff.damage.total]).toEqual([false, 0]);
  });
  it("RULING 80: conditions of a no-damage grenade land only on targets it hits", () => {
    const flashbang: AttackInput = { attacker: { attribute: 2, rank: 7 }, weapon: { kind: "ranged", damageDice: 0, rangeIncrement: 3 }, options: { mode: "area" } };
    const results = resolveAttack(flashbang, [medium("a", { baseDefense: 1 }), medium("b", { baseDefense: 5 })], { attack: [9, 2], damage: [] }, { onHit: ["blind", "deafened"] });
    expect(results.map((r) => r.conditions)).toEqual([["blind", "deafened"], []]);
  });
  it("procs: each 12 of a damaging hit applies one property; Orcs ignore the first Stunning 12", () => {
    const club: AttackInput = { attacker: { attribute: 3, rank: 7 }, weapon: { kind: "melee", damageDice: 3 }, options: { damageType: "blunt" } };
    const effects: ProcEffect[] = [{ key: "stunning", condition: "stunned" }, { key: "wounding", condition: "bleeding" }];
    const one = resolveAttack(club, [medium("t")], { attack: [8, 8, 8], damage: [12, 4, 4] }, { procs: effects })[0];
    expect(one.procs).toMatchObject({ procs: 1, unused: 0 });
    expect(one.conditions).toEqual(["stunned"]);
    const orc = resolveAttack(club, [medium("t", { orc: true })], { attack: [8, 8, 8], damage: [12, 4, 4] }, { procs: effects })[0];
    expect(orc.conditions).toEqual(["bleeding"]);
    const orcTwo = resolveAttack(club, [medium("t", { orc: true })], { attack: [8, 8, 8], damage: [12, 12, 4] }, { procs: effects, procOrder: ["stunning"] })[0];
    expect(orcTwo.conditions).toEqual(["stunned"]);
    const chosen = resolveAttack(club, [medium("t")], { attack: [8, 8, 8], damage: [12, 4, 4] }, { procs: effects, procOrder: ["wounding"] })[0];
    expect(chosen.conditions).toEqual(["bleeding"]);
    // A 12 that deals no damage after resistance is no proc.
    const armored = resolveAttack({ ...club, weapon: { kind: "melee", damageDice: 2 } }, [medium("t", { resistance: { species: 6, armor: 6 } })], { attack: [8, 8, 8], damage: [12, 1] }, { procs: effects })[0];
    expect([armored.damage.total, armored.procs.procs]).toEqual([1, 1]);
  });
  it("assignProcs honours a damage-type restriction and spends each effect once", () => {
    const effects: ProcEffect[] = [{ key: "stunning", condition: "stunned", damageType: "blunt" }, { key: "wounding", condition: "bleeding" }];
    expect(assignProcs(3, effects, { damageType: "slashing" })).toMatchObject({ applied: [effects[1]], unused: 2 });
    expect(assignProcs(2, effects, { damageType: "blunt" }).applied).toEqual(effects);
  });
  it("a prepared interrupt that hits and damages cancels the target's action (§4.9 step 11)", () => {
    const input: AttackInput = { attacker: { attribute: 2, rank: 7 }, weapon: { kind: "melee", damageDice: 1 } };
    const target = medium("t", { baseDefense: 2 });
    expect(resolveAttack(input, [target], { attack: [8, 9], damage: [9] }, { interrupt: true })[0].interrupts).toBe(true);
    expect(resolveAttack(input, [target], { attack: [8, 9], damage: [2] }, { interrupt: true })[0].interrupts).toBe(false);
    expect(resolveAttack(input, [target], { attack: [8, 9], damage: [9] })[0].interrupts).toBe(false);
  });
  it("odds agree with resolution on the expected value (seeded rolls)", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 8, maxLength: 8 }), fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 8, maxLength: 8 }), (attack, damage) => {
      const [result] = resolveAttack(rifle, [medium("t")], { attack, damage });
      const [odds] = attackOdds(rifle, [medium("t")]);
      expect(odds.damage[result.damage.total]).toBeGreaterThan(0);
    }));
  });
});
