/**
 * Issue 19 items 2, 4 (Enlarge / Shrink), 5 and 6 in the rules core: Stabilize by RULING 9,
 * Transfer Life across boxes and vitals, Enlarge and Shrink on an unwilling target, and the
 * destroyed state of Disintegrate and Ice Beam. Book lines cite clockwork-rulebook.txt.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  attemptStabilize, defaultAutomation, harmfulTo, healHits, healableHits, newHealthTrack, resistanceChecks, resolveSpell,
  stabilizeVerdict, UNWILLING_SIZE_END_FLAT,
} from "../../src/rules";
import type { Caster, HealthTrack, SpellAutomation, SpellProfile, SpellTarget } from "../../src/rules";

type SpellOverrides = Omit<Partial<SpellProfile>, "automation"> & { automation?: Partial<SpellAutomation> };

function spell(over: SpellOverrides = {}): SpellProfile {
  const { automation, ...rest } = over;
  return {
    identifier: "test", skill: "soul", school: "life", level: 2, counters: 3, mana: 4, manaPerExtraTarget: 0,
    roll: { kind: "unopposed", opposedSkill: "", mustExceed: false },
    range: { kind: "spaces", spaces: 12 }, area: { shape: "none", size: 0 },
    damage: { dice: 0, types: [], unavoidable: false, perGain: false },
    conditions: [], duration: { kind: "instant", value: 0 },
    ...rest,
    automation: { ...defaultAutomation(), level: "full", ...automation },
  };
}

const STABILIZE = spell({ identifier: "stabilize", automation: { effect: { kind: "stabilize", amount: 0, perGain: false, max: 0 }, requires: ["dying"] } });
const TRANSFER_LIFE = spell({ identifier: "transfer-life", school: "death", range: { kind: "adjacent", spaces: 0 }, damage: { dice: 0, types: [], unavoidable: true, perGain: false }, automation: { effect: { kind: "transferLife", amount: 1, perGain: true, max: 0 } } });
const HEAL = spell({ identifier: "heal", automation: { effect: { kind: "heal", amount: 2, perGain: true, max: 0 } } });
const ENLARGE = spell({ identifier: "enlarge", skill: "spellcraft", school: "alchemy", roll: { kind: "unopposed", opposedSkill: "stamina", mustExceed: false }, duration: { kind: "roundsPerGain", value: 1 }, automation: { effect: { kind: "size", amount: 1, perGain: false, max: 0 } } });
const DISINTEGRATE = spell({ identifier: "disintegrate", skill: "elemental", school: "fire", counters: 4, mana: 2, damage: { dice: 0, types: ["energy"], unavoidable: true, perGain: true }, automation: { harmful: true, requires: ["burning"] } });

const CASTER: Caster = { magic: 6, rank: 6 };
const faces = (gains: number): number[] => Array.from({ length: 6 }, (_, i) => (i < gains ? 6 : 2));
const target = (over: Partial<SpellTarget> = {}): SpellTarget => ({ id: "t", baseDefense: 3, distance: 1, resistance: { species: 0, armor: 0 }, ...over });

/** A dying creature (0 of 6 vitals left) with these wounds. */
const dyingTrack = (wounds: number): HealthTrack => ({ ...newHealthTrack(6, 6), wounds, vitalsLost: 6, dying: true });

describe("Stabilize by RULING 9 (book L970 Medicine, L1667 the spell)", () => {
  it("one verdict: gains ≥ current wounds, only a dying creature, never a destroyed one", () => {
    expect(stabilizeVerdict({ dying: true, dead: false, wounds: 5 }, 1)).toEqual({ success: false, reason: "gains" });
    expect(stabilizeVerdict({ dying: true, dead: false, wounds: 5 }, 5)).toEqual({ success: true });
    expect(stabilizeVerdict({ dying: false, dead: false, wounds: 0 }, 4)).toEqual({ success: false, reason: "notDying" });
    expect(stabilizeVerdict({ dying: false, dead: true, wounds: 8 }, 12)).toEqual({ success: false, reason: "notDying" });
    expect(stabilizeVerdict({ dying: true, dead: false, wounds: 0, destroyed: true }, 12)).toEqual({ success: false, reason: "destroyed" });
  });

  it("the Medicine path (attemptStabilize) uses the same verdict", () => {
    expect(attemptStabilize(dyingTrack(5), 1)).toMatchObject({ success: false, reason: "gains", track: { dying: true } });
    expect(attemptStabilize(dyingTrack(5), 5)).toMatchObject({ success: true, reason: null, track: { dying: false, vitalsLost: 6 } });
    expect(attemptStabilize(dyingTrack(0), 3, { destroyed: true })).toMatchObject({ success: false, reason: "destroyed", track: { dying: true } });
  });

  it("the spell: 1 gain against 7 wounds fails, 7 gains succeed (L1667, issue 19 item 2)", () => {
    const dying = target({ wounds: 7, dying: true, grit: 8, vitalsLost: 6, vitalsMax: 6 });
    const one = resolveSpell(STABILIZE, CASTER, [dying], { casting: faces(1) });
    expect(one.targets[0]).toMatchObject({ success: false, failure: "gains" });
    const seven = resolveSpell(STABILIZE, { magic: 7, rank: 6 }, [dying], { casting: [6, 6, 6, 6, 6, 6, 6] });
    expect(seven.targets[0]).toMatchObject({ success: true, failure: null });
  });

  it("property: the spell succeeds exactly when the Medicine check would", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 10 }), (gains, wounds) => {
      const out = resolveSpell(STABILIZE, CASTER, [target({ wounds, dying: true })], { casting: faces(gains) });
      const medicine = attemptStabilize(dyingTrack(wounds), gains).success;
      // The spell needs at least 1 gain (RULING 56) like every unopposed spell.
      expect(out.targets[0].success).toBe(gains >= 1 && medicine);
    }));
  });
});

describe("Transfer Life (L1689): 1 hit per gain into the health pool, as healing does", () => {
  it("5 gains on an empty box heal into the lost vital (was 0)", () => {
    // Grit 4, 1 vital lost, empty current box: the vital comes back and its box is healed.
    const t = target({ grit: 4, wounds: 0, hits: 0, vitalsLost: 1, vitalsMax: 6 });
    const out = resolveSpell(TRANSFER_LIFE, CASTER, [t], { casting: faces(5) });
    expect(out.targets[0].heal).toBe(4);
    expect(out.casterDamage).toBe(4);
    const healed = healHits({ grit: 4, wounds: 0, vitalsMax: 6, vitalsLost: 1, hits: 0, dying: false, dead: false }, out.targets[0].heal);
    expect(healed).toMatchObject({ vitalsLost: 0, hits: 0 });
  });

  it("healableHits counts the current box and a full box per lost vital (one per vital at capacity 0)", () => {
    expect(healableHits({ grit: 5, wounds: 1, vitalsMax: 6, vitalsLost: 2, hits: 3, dying: false, dead: false })).toBe(3 + 2 * 4);
    expect(healableHits({ grit: 3, wounds: 3, vitalsMax: 6, vitalsLost: 2, hits: 0, dying: false, dead: false })).toBe(2);
    expect(healableHits(dyingTrack(1))).toBe(0);
  });

  it("property: never more hits than gains, never more than healing can clear, caster takes exactly what moves", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 8 }),
      (gains, grit, wounds, vitalsLost, hitsRaw) => {
        const capacity = Math.max(0, grit - wounds);
        const hits = Math.min(hitsRaw, Math.max(0, capacity - 1));
        const track: HealthTrack = { grit, wounds, vitalsMax: 6, vitalsLost, hits, dying: false, dead: false };
        const out = resolveSpell(TRANSFER_LIFE, CASTER, [target({ grit, wounds, hits, vitalsLost, vitalsMax: 6 })], { casting: faces(gains) });
        const moved = out.targets[0].heal;
        expect(moved).toBeLessThanOrEqual(gains);
        expect(moved).toBeLessThanOrEqual(healableHits(track));
        expect(out.casterDamage).toBe(moved);
        // Healing the moved hits leaves exactly the rest to heal.
        expect(healableHits(healHits(track, moved))).toBe(healableHits(track) - moved);
      },
    ));
  });

  it("a destroyed target cannot be healed by any spell", () => {
    const out = resolveSpell(HEAL, CASTER, [target({ grit: 4, hits: 2, statuses: ["destroyed"] })], { casting: faces(3) });
    expect(out.targets[0]).toMatchObject({ success: false, failure: "destroyed", heal: 0 });
  });
});

describe("Enlarge and Shrink on an unwilling target (L1339, L1341; Gnome L258)", () => {
  it("is harmful to an unwilling target only, so a Gnome rolls its Flat 10", () => {
    expect(harmfulTo(ENLARGE, { unwilling: true })).toBe(true);
    expect(harmfulTo(ENLARGE, { unwilling: false })).toBe(false);
    expect(harmfulTo(ENLARGE, { unwilling: true, self: true })).toBe(false);
    const gnome = { ward: 0, nullMagic: false, gnome: true, runes: null };
    expect(resistanceChecks(gnome, { harmful: harmfulTo(ENLARGE, { unwilling: true }) })).toEqual([{ source: "gnome", target: 10, atMost: false }]);
    // The Gnome's Flat 10 succeeds on 10+: the spell is negated before the Body / Stamina reaction.
    const out = resolveSpell(ENLARGE, CASTER, [target({ unwilling: true, reactionGains: 0, spellResistance: gnome })], { casting: faces(4), resistance: { t: [11] } });
    expect(out.targets[0]).toMatchObject({ success: false, failure: "negated" });
    const willing = resolveSpell(ENLARGE, CASTER, [target({ unwilling: false, spellResistance: gnome })], { casting: faces(4) });
    expect(willing.targets[0]).toMatchObject({ success: true, resistance: null });
  });

  it("willing: 1 round per gain; unwilling: until a Flat 7 at the end of its turn", () => {
    const willing = resolveSpell(ENLARGE, CASTER, [target()], { casting: faces(3) });
    expect(willing.targets[0].lasting?.duration).toEqual({ kind: "rounds", rounds: 3 });
    const unwilling = resolveSpell(ENLARGE, CASTER, [target({ unwilling: true, reactionGains: 1 })], { casting: faces(3) });
    expect(unwilling.targets[0].success).toBe(true);
    expect(unwilling.targets[0].lasting?.duration).toEqual({ kind: "endFlat", flat: UNWILLING_SIZE_END_FLAT });
    expect(UNWILLING_SIZE_END_FLAT).toBe(7);
  });
});

describe("Disintegrate and Ice Beam destroy at 0 vitals (L1321, L1481)", () => {
  it("damage that takes the last vital destroys; damage that leaves one does not", () => {
    // Grit 4, 5 vitals lost, 2 hits in the last box: 2 more hits take the last vital.
    const last = target({ grit: 4, wounds: 0, hits: 2, vitalsLost: 5, vitalsMax: 6, statuses: ["burning"] });
    expect(resolveSpell(DISINTEGRATE, CASTER, [last], { casting: faces(2) }).targets[0].destroys).toBe(true);
    expect(resolveSpell(DISINTEGRATE, CASTER, [last], { casting: faces(1) }).targets[0].destroys).toBe(false);
    const healthy = target({ grit: 4, wounds: 0, hits: 0, vitalsLost: 0, vitalsMax: 6, statuses: ["burning"] });
    expect(resolveSpell(DISINTEGRATE, CASTER, [healthy], { casting: faces(6) }).targets[0].destroys).toBe(false);
  });

  it("a dying creature it damages is destroyed too; other spells never destroy", () => {
    const dying = target({ grit: 4, wounds: 1, hits: 0, vitalsLost: 6, vitalsMax: 6, dying: true, statuses: ["burning"] });
    expect(resolveSpell(DISINTEGRATE, CASTER, [dying], { casting: faces(1) }).targets[0].destroys).toBe(true);
    const plain = { ...DISINTEGRATE, identifier: "wither" };
    expect(resolveSpell(plain, CASTER, [dying], { casting: faces(1) }).targets[0].destroys).toBeFalsy();
  });

  it("a destroyed creature cannot be stabilized by the spell", () => {
    const out = resolveSpell(STABILIZE, CASTER, [target({ wounds: 0, dying: true, statuses: ["destroyed"] })], { casting: faces(6) });
    expect(out.targets[0]).toMatchObject({ success: false, failure: "destroyed" });
  });
});
