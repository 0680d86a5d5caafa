import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  beginTurn, castingPool, castingProblem, counterspellSucceeds, defaultAutomation, dispelSucceeds, effectAmount, hasFreeHand,
  meltSucceeds, newCounters, ownNullMagicCounters, passTurn, resistanceChecks, resolveSpell, resolveSpellResistance,
  softenSucceeds, spellDuration, spellManaCost, spellOdds, spellResistanceChance, targetMeetsRequirement,
} from "../../src/rules";
import { allRolls } from "./helpers";
import type { Caster, CastingCheckInput, PoolSpec, SpellAutomation, SpellProfile, SpellTarget } from "../../src/rules";

type SpellOverrides = Omit<Partial<SpellProfile>, "automation"> & { automation?: Partial<SpellAutomation> };

function spell(over: SpellOverrides = {}): SpellProfile {
  const { automation, ...rest } = over;
  return {
    identifier: "test", skill: "elemental", school: "fire", level: 2, counters: 2, mana: 4, manaPerExtraTarget: 0,
    roll: { kind: "unopposed", opposedSkill: "", mustExceed: false },
    range: { kind: "spaces", spaces: 12 }, area: { shape: "none", size: 0 },
    damage: { dice: 0, types: [], unavoidable: false, perGain: false },
    conditions: [], duration: { kind: "instant", value: 0 },
    ...rest,
    automation: { ...defaultAutomation(), level: "full", ...automation },
  };
}

const FIRE_BOLT = spell({ identifier: "fire-bolt", roll: { kind: "attack", opposedSkill: "", mustExceed: false }, damage: { dice: 6, types: ["energy"], unavoidable: false, perGain: false }, conditions: [{ key: "burning", trigger: "damaged" }], automation: { harmful: true, attack: { arcShot: true, ignoresCover: false, voidBolt: false } } });
const FIREBALL = spell({ identifier: "fireball", level: 4, counters: 4, mana: 12, roll: { kind: "area", opposedSkill: "", mustExceed: false }, area: { shape: "radius", size: 2 }, damage: { dice: 12, types: ["energy"], unavoidable: false, perGain: false }, conditions: [{ key: "burning", trigger: "damaged" }], automation: { harmful: true, targets: { kind: "area", max: 0 } } });
const CHARM = spell({ identifier: "charm", skill: "soul", school: "emotion", counters: 4, mana: 6, roll: { kind: "opposed", opposedSkill: "will", mustExceed: false }, conditions: [{ key: "charmed", trigger: "hit" }], duration: { kind: "flat", value: 7 }, automation: { harmful: true } });
const BARRIER = spell({ identifier: "barrier", skill: "soul", school: "life", duration: { kind: "special", value: 0 }, automation: { effect: { kind: "barrier", amount: 1, perGain: true, max: 0 } } });
const HASTE = spell({ identifier: "haste", skill: "celestial", school: "time", counters: 0, mana: 2, conditions: [{ key: "hasted", trigger: "hit" }], duration: { kind: "roundsPerGain", value: 1 }, automation: { effect: { kind: "speed", amount: 2, perGain: false, max: 0 }, removes: ["slowed"] } });
const SLOW = spell({ identifier: "slow", skill: "celestial", school: "time", counters: 0, mana: 2, roll: { kind: "unopposed", opposedSkill: "stamina", mustExceed: true }, conditions: [{ key: "slowed", trigger: "hit" }], duration: { kind: "roundsPerGain", value: 1 }, automation: { harmful: true, effect: { kind: "speed", amount: -2, perGain: false, max: 0 }, removes: ["hasted"] } });
const MASS_HASTE = spell({ identifier: "mass-haste", mana: 2, manaPerExtraTarget: 2, counters: 0, conditions: [{ key: "hasted", trigger: "hit" }], duration: { kind: "special", value: 1 }, automation: { targets: { kind: "perGain", max: 0 }, fixedDuration: { value: 1, unit: "rounds" } } });
const BOON = spell({ identifier: "boon", mana: 4, manaPerExtraTarget: 2, counters: 4, duration: { kind: "roundsPerGain", value: 1 }, automation: { targets: { kind: "several", max: 0 }, effect: { kind: "reroll", amount: 0, perGain: false, max: 0 } } });
const DISINTEGRATE = spell({ identifier: "disintegrate", counters: 4, mana: 2, damage: { dice: 0, types: ["energy"], unavoidable: false, perGain: true }, automation: { harmful: true, requires: ["burning"] } });
const HEMORRHAGE = spell({ identifier: "hemorrhage", skill: "soul", school: "death", counters: 4, mana: 6, roll: { kind: "opposed", opposedSkill: "stamina", mustExceed: false }, damage: { dice: 0, types: [], unavoidable: true, perGain: false }, conditions: [{ key: "bleeding", trigger: "hit" }], automation: { harmful: true, requires: ["wounded"] } });
const DRAIN_LIFE = spell({ identifier: "drain-life", counters: 3, mana: 6, roll: { kind: "attack", opposedSkill: "", mustExceed: false }, range: { kind: "adjacent", spaces: 0 }, damage: { dice: 8, types: ["energy"], unavoidable: false, perGain: false }, automation: { harmful: true, effect: { kind: "drainLife", amount: 0, perGain: false, max: 0 } } });
const DISPEL = spell({ identifier: "dispel", skill: "spellcraft", school: "arcane", roll: { kind: "opposed", opposedSkill: "", mustExceed: false }, automation: { effect: { kind: "dispel", amount: 0, perGain: false, max: 0 }, against: "effect" } });
const COUNTERSPELL = spell({ identifier: "counterspell", skill: "spellcraft", school: "arcane", roll: { kind: "opposed", opposedSkill: "", mustExceed: true }, automation: { effect: { kind: "counterspell", amount: 0, perGain: false, max: 0 }, against: "casting" } });
const PETRIFY = spell({ identifier: "petrify", roll: { kind: "opposed", opposedSkill: "stamina", mustExceed: false }, conditions: [{ key: "petrified", trigger: "hit" }], duration: { kind: "special", value: 0 }, automation: { harmful: true, margin: 2 } });
const DETECT = spell({ identifier: "detect-magic", mana: 0, roll: { kind: "difficulty", opposedSkill: "", mustExceed: false } });

/** Magic 6, rank 6: a pool of 6 dice; faces ≥ 6 are gains. */
const CASTER: Caster = { magic: 6, rank: 6 };
const none = { species: 0, armor: 0 };
const target = (id: string, over: Partial<SpellTarget & { reactionPool: PoolSpec }> = {}): SpellTarget & { reactionPool?: PoolSpec } => ({ id, baseDefense: 3, distance: 4, resistance: { species: 2, armor: 2 }, ...over });
/** Six casting faces with the given gains (each 6 is one gain, each 2 none). */
const faces = (gains: number): number[] => Array.from({ length: 6 }, (_, i) => (i < gains ? 6 : 2));

describe("casting checks (§4.18 steps 1–2)", () => {
  const hands = { main: null, off: null };
  const base = (over: Partial<CastingCheckInput> = {}): CastingCheckInput => ({
    spell: FIRE_BOLT, known: true, hands, mana: 10, targets: 1, inCombat: true, counters: beginTurn(newCounters()), ...over,
  });
  it("passes when every check holds", () => expect(castingProblem(base())).toBeNull());
  it("names the first check that fails, in order", () => {
    expect(castingProblem(base({ known: false, mana: 0 }))).toBe("unknown");
    expect(castingProblem(base({ hands: { main: { twoHanded: true }, off: { twoHanded: true } }, berserk: true }))).toBe("noFreeHand");
    expect(castingProblem(base({ berserk: true }))).toBe("berserk");
    expect(castingProblem(base({ spell: { ...FIRE_BOLT, counters: null } }))).toBe("ritual");
    expect(castingProblem(base({ spell: { ...FIRE_BOLT, counters: null }, inCombat: false }))).toBeNull();
    expect(castingProblem(base({ targets: 0 }))).toBe("noTarget");
    expect(castingProblem(base({ targets: 2 }))).toBe("tooManyTargets");
    expect(castingProblem(base({ targetsValid: false }))).toBe("badTarget");
    expect(castingProblem(base({ counters: { ...beginTurn(newCounters()), available: 1 } }))).toBe("insufficient");
    expect(castingProblem(base({ counters: newCounters() }))).toBe("defenseless");
    expect(castingProblem(base({ counters: passTurn(beginTurn(newCounters())) }))).toBe("passed");
    expect(castingProblem(base({ counters: { ...beginTurn(newCounters()), available: 2 }, stunned: true }))).toBe("insufficient");
    expect(castingProblem(base({ mana: 3 }))).toBe("noMana");
    // Out of combat nothing is charged in counters.
    expect(castingProblem(base({ inCombat: false, counters: newCounters() }))).toBeNull();
  });
  it("a free hand: empty, or a two-handed ranged weapon; never a shield, unless reading a scroll", () => {
    expect(hasFreeHand({ main: {}, off: null })).toBe(true);
    expect(hasFreeHand({ main: {}, off: {} })).toBe(false);
    expect(hasFreeHand({ main: { twoHanded: true, ranged: true }, off: { twoHanded: true, ranged: true } })).toBe(true);
    expect(hasFreeHand({ main: { twoHanded: true }, off: { twoHanded: true } })).toBe(false);
    expect(hasFreeHand({ main: {}, off: { shield: true } })).toBe(false);
    expect(hasFreeHand({ main: {}, off: { shield: true } }, { scroll: true })).toBe(true);
  });
  it("area and self spells need no chosen target; several-target spells at least one", () => {
    expect(castingProblem(base({ spell: FIREBALL, targets: 0, mana: 12, counters: beginTurn(newCounters()) }))).toBeNull();
    expect(castingProblem(base({ spell: BOON, targets: 0 }))).toBe("noTarget");
    expect(castingProblem(base({ spell: BOON, targets: 4, mana: 9 }))).toBe("noMana");
    expect(castingProblem(base({ spell: BOON, targets: 4, mana: 10 }))).toBeNull();
  });
});

describe("costs and durations", () => {
  it("per-target mana: 4 + 2 per extra target; Mass Haste 2 per target (RULING 64)", () => {
    expect([1, 2, 3, 5].map((n) => spellManaCost(BOON, n))).toEqual([4, 6, 8, 12]);
    expect([1, 2, 3].map((n) => spellManaCost(MASS_HASTE, n))).toEqual([2, 4, 6]);
    expect(spellManaCost(FIRE_BOLT, 1)).toBe(4);
  });
  it("scales durations with gains, in rounds or world time", () => {
    expect(spellDuration(HASTE, 3)).toEqual({ kind: "rounds", rounds: 3 });
    expect(spellDuration(spell({ duration: { kind: "minutesPerGain", value: 15 } }), 2)).toEqual({ kind: "time", seconds: 1800 });
    expect(spellDuration(spell({ duration: { kind: "hoursPerGain", value: 1 } }), 3)).toEqual({ kind: "time", seconds: 10800 });
    expect(spellDuration(CHARM, 5)).toEqual({ kind: "endFlat", flat: 7 });
    expect(spellDuration(MASS_HASTE, 5)).toEqual({ kind: "rounds", rounds: 1 });
    expect(spellDuration(BARRIER, 5)).toEqual({ kind: "special" });
    expect(spellDuration(HASTE, -2)).toEqual({ kind: "rounds", rounds: 0 });
  });
  it("effect amounts are flat or per gain, capped at their maximum", () => {
    expect(effectAmount({ kind: "heal", amount: 2, perGain: true, max: 0 }, 4)).toBe(8);
    expect(effectAmount({ kind: "defense", amount: 5, perGain: false, max: 0 }, 1)).toBe(5);
    expect(effectAmount({ kind: "ward", amount: 1, perGain: true, max: 12 }, 14)).toBe(12);
  });
});

describe("spell resistance in the RULING order (§4.18 step 9)", () => {
  const all = { ward: 4, nullMagic: true, gnome: true, runes: "minor" as const };
  it("checks Ward, Null Magic, Gnome (harmful only), runes (offensive only)", () => {
    expect(resistanceChecks(all, { harmful: true }).map((c) => [c.source, c.target])).toEqual([["ward", 4], ["nullMagic", 7], ["gnome", 10], ["runes", 10]]);
    expect(resistanceChecks(all, { harmful: false }).map((c) => c.source)).toEqual(["ward", "nullMagic"]);
    expect(resistanceChecks({ runes: "major" }, { harmful: true })[0].target).toBe(4);
  });
  it("stops at the first success; a spell that gets past a Ward ends it", () => {
    expect(resolveSpellResistance(all, { harmful: true }, [3])).toMatchObject({ negated: true, by: "ward", wardEnds: false });
    expect(resolveSpellResistance(all, { harmful: true }, [5, 7])).toMatchObject({ negated: true, by: "nullMagic", wardEnds: false });
    expect(resolveSpellResistance(all, { harmful: true }, [5, 6, 10])).toMatchObject({ negated: true, by: "gnome" });
    expect(resolveSpellResistance(all, { harmful: true }, [5, 6, 9, 10])).toMatchObject({ negated: true, by: "runes" });
    const through = resolveSpellResistance(all, { harmful: true }, [5, 6, 9, 9]);
    expect(through).toMatchObject({ negated: false, by: null, wardEnds: true });
    expect(through.rolls.map((r) => r.source)).toEqual(["ward", "nullMagic", "gnome", "runes"]);
    expect(() => resolveSpellResistance(all, { harmful: true }, [5])).toThrow(/one d12 per check/);
  });
  it("a Gnome ignores helpful spells; the chance multiplies the checks", () => {
    expect(resolveSpellResistance({ gnome: true }, { harmful: false }, [])).toMatchObject({ negated: false, rolls: [] });
    expect(spellResistanceChance({ gnome: true }, { harmful: true })).toBeCloseTo(3 / 12);
    expect(spellResistanceChance({ ward: 4, gnome: true }, { harmful: true })).toBeCloseTo(1 - (8 / 12) * (9 / 12));
    expect(spellResistanceChance({}, { harmful: true })).toBe(0);
  });
  it("own Null Magic counters the caster's spells on a Flat 4 (RULING 76)", () => {
    expect(ownNullMagicCounters(4)).toBe(true);
    expect(ownNullMagicCounters(3)).toBe(false);
  });
});

describe("against stored casting gains (RULING 81)", () => {
  it("Counterspell must exceed the casting gains", () => {
    expect(counterspellSucceeds(4, 3)).toBe(true);
    expect(counterspellSucceeds(3, 3)).toBe(false);
  });
  it("Dispel wins at or above the stored gains plus Seal; never on an undispellable effect", () => {
    expect(dispelSucceeds(3, { gains: 3 })).toBe(true);
    expect(dispelSucceeds(2, { gains: 3 })).toBe(false);
    expect(dispelSucceeds(4, { gains: 3, seal: 2 })).toBe(false);
    expect(dispelSucceeds(5, { gains: 3, seal: 2 })).toBe(true);
    expect(dispelSucceeds(12, { gains: 1, dispellable: false })).toBe(false);
  });
  it("Soften and Melt win at or above the stored roll", () => {
    expect(softenSucceeds(5, 5)).toBe(true);
    expect(meltSucceeds(4, 5)).toBe(false);
  });
});

describe("resolving a cast by roll kind", () => {
  it("attack: hits at gains ≥ defense, damage against resistance, Burning when damaged", () => {
    const out = resolveSpell(FIRE_BOLT, CASTER, [target("orc")], { casting: faces(3), damage: [12, 12, 5, 4, 3, 1] });
    const t = out.targets[0];
    expect(out.gains).toBe(3);
    expect(t).toMatchObject({ success: true, failure: null, conditions: ["burning"] });
    expect(t.damageTotal).toBe(t.damage?.total);
    expect(t.damageTotal).toBeGreaterThan(0);
    const miss = resolveSpell(FIRE_BOLT, CASTER, [target("orc", { baseDefense: 5 })], { casting: faces(3), damage: [12, 12, 5, 4, 3, 1] });
    expect(miss.targets[0]).toMatchObject({ success: false, failure: "miss", damageTotal: 0, conditions: [] });
    expect(() => resolveSpell(FIRE_BOLT, CASTER, [target("a"), target("b")], { casting: faces(3), damage: [1, 1, 1, 1, 1, 1] })).toThrow(/exactly one/);
  });
  it("area: one roll against each base defense; misses take half, no conditions unless damaged", () => {
    const targets = [target("low", { baseDefense: 2, resistance: none }), target("high", { baseDefense: 5, resistance: none }), target("armored", { baseDefense: 2, resistance: { species: 6, armor: 6 } })];
    const damage = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    const out = resolveSpell(FIREBALL, CASTER, targets, { casting: faces(3), damage });
    const [low, high, armored] = out.targets;
    expect(low.success).toBe(true);
    expect(high.success).toBe(false);
    expect(high.damageTotal).toBe(Math.floor((low.damage?.points ?? 0) / 2));
    expect(high.conditions).toEqual(high.damageTotal > 0 ? ["burning"] : []);
    expect(armored.damageTotal).toBeLessThan(low.damageTotal);
    expect(low.conditions).toEqual(["burning"]);
  });
  it("opposed: the caster wins ties; Petrify needs +2; a won roll leaves the status with its gains", () => {
    const win = resolveSpell(CHARM, CASTER, [target("a", { reactionGains: 3 })], { casting: faces(3) });
    expect(win.targets[0]).toMatchObject({ success: true, opposingGains: 3, conditions: ["charmed"], lasting: { duration: { kind: "endFlat", flat: 7 }, gains: 3 } });
    const lose = resolveSpell(CHARM, CASTER, [target("a", { reactionGains: 4 })], { casting: faces(3) });
    expect(lose.targets[0]).toMatchObject({ success: false, failure: "resisted", conditions: [], lasting: null });
    expect(resolveSpell(PETRIFY, CASTER, [target("a", { reactionGains: 1 })], { casting: faces(3) }).targets[0].success).toBe(true);
    expect(resolveSpell(PETRIFY, CASTER, [target("a", { reactionGains: 2 })], { casting: faces(3) }).targets[0].success).toBe(false);
  });
  it("unopposed: gains size the effect; an unwilling target of Slow resists by meeting the cast (RULING 63)", () => {
    const barrier = resolveSpell(BARRIER, CASTER, [target("ally")], { casting: faces(4) });
    expect(barrier.targets[0]).toMatchObject({ success: true, barrier: 4, lasting: { gains: 4, duration: { kind: "special" } } });
    expect(resolveSpell(BARRIER, CASTER, [target("ally")], { casting: faces(0) }).targets[0]).toMatchObject({ success: false, failure: "gains", barrier: 0 });
    const haste = resolveSpell(HASTE, CASTER, [target("ally")], { casting: faces(2) });
    expect(haste.targets[0]).toMatchObject({ amount: 2, conditions: ["hasted"], removes: ["slowed"], lasting: { duration: { kind: "rounds", rounds: 2 } } });
    expect(resolveSpell(SLOW, CASTER, [target("foe", { unwilling: true, reactionGains: 3 })], { casting: faces(3) }).targets[0].success).toBe(false);
    expect(resolveSpell(SLOW, CASTER, [target("foe", { unwilling: true, reactionGains: 2 })], { casting: faces(3) }).targets[0].success).toBe(true);
    expect(resolveSpell(SLOW, CASTER, [target("ally")], { casting: faces(1) }).targets[0].success).toBe(true);
  });
  it("+1 target per gain: targets beyond the gains are not reached (docs/rulings.md 99)", () => {
    const out = resolveSpell(MASS_HASTE, CASTER, [target("a"), target("b"), target("c")], { casting: faces(2) });
    expect(out.targets.map((t) => t.success)).toEqual([true, true, false]);
    expect(out.targets[2].failure).toBe("gains");
  });
  it("difficulty: gains ≥ the GM's number", () => {
    expect(resolveSpell(DETECT, CASTER, [], { casting: faces(3), difficulty: 3 }).success).toBe(true);
    expect(resolveSpell(DETECT, CASTER, [], { casting: faces(2), difficulty: 3 }).success).toBe(false);
  });
  it("per-gain damage, requirements, unavoidable wounds damage and life drain", () => {
    const dis = resolveSpell(DISINTEGRATE, CASTER, [target("burning", { statuses: ["burning"] }), target("cold")], { casting: faces(4) });
    expect(dis.targets[0]).toMatchObject({ success: true, damageTotal: 4 });
    expect(dis.targets[1]).toMatchObject({ success: false, failure: "requirement", damageTotal: 0 });
    const hem = resolveSpell(HEMORRHAGE, CASTER, [target("w", { wounds: 3, reactionGains: 1 })], { casting: faces(2) });
    expect(hem.targets[0]).toMatchObject({ success: true, damageTotal: 3, unavoidable: true, conditions: ["bleeding"] });
    const drain = resolveSpell(DRAIN_LIFE, CASTER, [target("v", { distance: 1, resistance: none, baseDefense: 1 })], { casting: faces(2), damage: [12, 9, 9, 9, 9, 9, 9, 1] });
    expect(drain.targets[0].success).toBe(true);
    expect(drain.casterHeal).toBe(Math.floor(drain.targets[0].damageTotal / 2));
  });
  it("Dispel and Counterspell compare with the stored gains", () => {
    expect(resolveSpell(DISPEL, CASTER, [target("e", { reactionGains: 3 })], { casting: faces(3) }).targets[0].success).toBe(true);
    expect(resolveSpell(DISPEL, CASTER, [target("e", { reactionGains: 4 })], { casting: faces(3) }).targets[0].success).toBe(false);
    expect(resolveSpell(COUNTERSPELL, CASTER, [target("c", { reactionGains: 3 })], { casting: faces(3) }).targets[0].success).toBe(false);
    expect(resolveSpell(COUNTERSPELL, CASTER, [target("c", { reactionGains: 2 })], { casting: faces(3) }).targets[0].success).toBe(true);
  });
  it("spell resistance negates per target before the roll kind; own Null Magic counters everything", () => {
    const targets = [target("gnome", { baseDefense: 1, resistance: none, spellResistance: { gnome: true } }), target("plain", { baseDefense: 1, resistance: none })];
    const out = resolveSpell(FIREBALL, CASTER, targets, { casting: faces(3), damage: Array(12).fill(8), resistance: { gnome: [10] } });
    expect(out.targets[0]).toMatchObject({ success: false, failure: "negated", damageTotal: 0, resistance: { by: "gnome" } });
    expect(out.targets[1].success).toBe(true);
    // Helpful spells skip the Gnome's roll.
    expect(resolveSpell(BARRIER, CASTER, [target("gnome", { spellResistance: { gnome: true } })], { casting: faces(2) }).targets[0].success).toBe(true);
    const countered = resolveSpell(FIREBALL, CASTER, targets, { casting: faces(3), damage: Array(12).fill(8), ownNullMagic: 6, resistance: { gnome: [1] } });
    expect(countered.countered).toBe(true);
    expect(countered.targets.every((t) => t.failure === "countered" && t.damageTotal === 0)).toBe(true);
  });
  it("checks the casting roll has the pool's dice", () => {
    expect(castingPool({ magic: 7, rank: 6, bonusSkill: true, focus: true })).toMatchObject({ dice: 9 });
    expect(castingPool({ magic: 7, rank: 6, exhausted: true }).dice).toBe(6);
    expect(() => resolveSpell(BARRIER, CASTER, [], { casting: [6, 6] })).toThrow(/pool's 6 dice/);
  });
  it("requirements read statuses, wounds and dying", () => {
    expect(targetMeetsRequirement(["chilled", "frozen"], { statuses: ["frozen"] })).toBe(true);
    expect(targetMeetsRequirement(["wounded"], { statuses: [], wounds: 0 })).toBe(false);
    expect(targetMeetsRequirement(["dying"], { statuses: [], dying: true })).toBe(true);
    expect(targetMeetsRequirement([], { statuses: [] })).toBe(true);
  });
});

describe("odds", () => {
  it("unopposed: P(at least 1 gain); attack: the combat odds; opposed: P(win) with the tie rule", () => {
    const barrier = spellOdds(BARRIER, CASTER, [target("a")]);
    expect(barrier.chanceOfSuccess).toBeGreaterThan(0.5);
    expect(barrier.targets[0].chance).toBe(barrier.chanceOfSuccess);
    const bolt = spellOdds(FIRE_BOLT, CASTER, [target("a")]);
    expect(bolt.targets[0].attack?.chanceToHit).toBe(bolt.targets[0].chance);
    const charm = spellOdds(CHARM, CASTER, [target("a", { reactionPool: { dice: 6, threshold: 6 } })]);
    expect(charm.targets[0].chance).toBeGreaterThan(0.5);
    const gnome = spellOdds(CHARM, CASTER, [target("a", { reactionPool: { dice: 6, threshold: 6 }, spellResistance: { gnome: true } })]);
    expect(gnome.targets[0].chance).toBeCloseTo(charm.targets[0].chance * 0.75);
  });
  it("match the resolution exactly (every roll of a 3-dice pool)", () => {
    const small: Caster = { magic: 3, rank: 9 };
    const barrier = spellOdds(BARRIER, small, [target("a")]).chanceOfSuccess ?? 0;
    const charm = spellOdds(CHARM, small, [target("a", { reactionGains: 2 })]).targets[0].chance;
    let barrierWins = 0;
    let charmWins = 0;
    let total = 0;
    for (const rolled of allRolls(3)) {
      total++;
      if (resolveSpell(BARRIER, small, [target("a")], { casting: rolled }).targets[0].success) barrierWins++;
      if (resolveSpell(CHARM, small, [target("a", { reactionGains: 2 })], { casting: rolled }).targets[0].success) charmWins++;
    }
    expect(barrierWins / total).toBeCloseTo(barrier, 12);
    expect(charmWins / total).toBeCloseTo(charm, 12);
  });
});

describe("properties", () => {
  it("a resolved cast never deals negative damage, and lasting effects store the casting gains", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 6, maxLength: 6 }), fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 12, maxLength: 12 }), fc.integer({ min: 0, max: 6 }), (casting, damage, defense) => {
      const out = resolveSpell(FIREBALL, CASTER, [target("a", { baseDefense: defense }), target("b", { baseDefense: 6 - defense })], { casting, damage });
      for (const t of out.targets) {
        expect(t.damageTotal).toBeGreaterThanOrEqual(0);
        if (!t.success) expect(t.damageTotal).toBeLessThanOrEqual(Math.floor(12 * 2 / 2));
      }
      const charm = resolveSpell(CHARM, CASTER, [target("a", { reactionGains: 2 })], { casting });
      if (charm.targets[0].lasting) expect(charm.targets[0].lasting.gains).toBe(charm.gains);
    }));
  });
});
