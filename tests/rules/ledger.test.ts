import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyDamageDetailed, combineDeltas, healHits, removeWounds, revertTrack, stabilize, trackDelta, type HealthTrack } from "../../src/rules";

/** A track as play leaves it: hits below the box's capacity, dying exactly when no vital is left. */
const track: fc.Arbitrary<HealthTrack> = fc
  .record({ grit: fc.integer({ min: 1, max: 8 }), vitalsMax: fc.integer({ min: 1, max: 8 }), w: fc.nat(), v: fc.nat(), h: fc.nat(), barrier: fc.integer({ min: 0, max: 6 }) })
  .map(({ grit, vitalsMax, w, v, h, barrier }) => {
    const wounds = w % (grit + 1);
    const vitalsLost = v % (vitalsMax + 1);
    const capacity = grit - wounds;
    const hits = capacity > 0 && vitalsLost < vitalsMax ? h % capacity : 0;
    return { grit, wounds, vitalsMax, vitalsLost, hits, dying: vitalsLost === vitalsMax, dead: false, barrier };
  });

const damage = fc.record({ amount: fc.integer({ min: 0, max: 30 }), unavoidable: fc.boolean(), fall: fc.boolean() });

describe("revertTrack", () => {
  it("undoes damage exactly when nothing happened in between", () => {
    fc.assert(fc.property(track, damage, (t, d) => {
      const after = applyDamageDetailed(t, d.amount, { unavoidable: d.unavoidable, fall: d.fall }).track;
      expect(revertTrack(after, trackDelta(t, after))).toEqual({ ok: true, track: t });
    }));
  });

  it("undoes healing, cured wounds and a stabilize exactly", () => {
    fc.assert(fc.property(track, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 4 }), (t, heal, cure) => {
      for (const after of [healHits(t, heal), removeWounds(t, Math.min(cure, t.wounds)), t.dying ? stabilize(t) : t]) {
        expect(revertTrack(after, trackDelta(t, after))).toEqual({ ok: true, track: t });
      }
    }));
  });

  it("adds up two ops of one card on one track", () => {
    fc.assert(fc.property(track, damage, damage, (t, a, b) => {
      const mid = applyDamageDetailed(t, a.amount, { unavoidable: a.unavoidable }).track;
      const end = applyDamageDetailed(mid, b.amount, { unavoidable: b.unavoidable }).track;
      expect(revertTrack(end, combineDeltas(trackDelta(t, mid), trackDelta(mid, end)))).toEqual({ ok: true, track: t });
    }));
  });

  it("never writes a negative number or more vitals lost than there are", () => {
    const delta = fc.record({ hits: fc.integer({ min: -10, max: 10 }), wounds: fc.integer({ min: -5, max: 5 }), vitalsLost: fc.integer({ min: -5, max: 5 }), barrier: fc.integer({ min: -6, max: 6 }) });
    fc.assert(fc.property(track, delta, (t, d) => {
      const result = revertTrack(t, d);
      if (!result.ok) return;
      const r = result.track;
      for (const value of [r.hits, r.wounds, r.vitalsLost, r.barrier ?? 0]) expect(value).toBeGreaterThanOrEqual(0);
      expect(r.vitalsLost).toBeLessThanOrEqual(r.vitalsMax);
    }));
  });

  it("keeps a later change: 3 wounds applied, 2 added by hand, undo leaves the 2", () => {
    const t: HealthTrack = { grit: 8, wounds: 0, vitalsMax: 6, vitalsLost: 0, hits: 0, dying: false, dead: false, barrier: 0 };
    const applied = { ...t, wounds: 3 };
    const edited = { ...applied, wounds: 5 };
    expect(revertTrack(edited, trackDelta(t, applied))).toEqual({ ok: true, track: { ...t, wounds: 2 } });
  });

  it("keeps later wounds whatever came between", () => {
    fc.assert(fc.property(track, damage, fc.integer({ min: 0, max: 3 }), (t, d, later) => {
      const after = applyDamageDetailed(t, d.amount, { unavoidable: true }).track;
      const edited = { ...after, wounds: after.wounds + later };
      const result = revertTrack(edited, trackDelta(t, after));
      if (result.ok) expect(result.track.wounds).toBe(t.wounds + later);
    }));
  });

  it("refuses, with a reason, what a later change made impossible", () => {
    const t: HealthTrack = { grit: 8, wounds: 0, vitalsMax: 6, vitalsLost: 0, hits: 0, dying: false, dead: false, barrier: 0 };
    const applied = { ...t, wounds: 3 };
    expect(revertTrack({ ...applied, wounds: 1 }, trackDelta(t, applied))).toEqual({ ok: false, reason: "woundsGone" });
    const hit = { ...t, hits: 4 };
    expect(revertTrack({ ...hit, hits: 1 }, trackDelta(t, hit))).toEqual({ ok: false, reason: "hitsGone" });
    const lost = { ...t, vitalsLost: 2 };
    expect(revertTrack({ ...lost, vitalsLost: 0 }, trackDelta(t, lost))).toEqual({ ok: false, reason: "vitalsGone" });
    // Cure Wounds took 3 of 7; 4 more came since: giving the 3 back would kill.
    const cured = { ...t, wounds: 7 };
    const after = removeWounds(cured, 3);
    expect(revertTrack({ ...after, wounds: 8 }, trackDelta(cured, after))).toEqual({ ok: false, reason: "wouldKill" });
  });

  it("leaves a flag a later change set itself, and spends a barrier already used down to 0", () => {
    const t: HealthTrack = { grit: 4, wounds: 0, vitalsMax: 1, vitalsLost: 0, hits: 0, dying: false, dead: false, barrier: 0 };
    const dying = applyDamageDetailed(t, 4).track;
    expect(dying.dying).toBe(true);
    // The GM stabilized it since: the undo gives the vital back and leaves dying off.
    const undone = revertTrack({ ...dying, dying: false }, trackDelta(t, dying));
    expect(undone).toEqual({ ok: true, track: t });
    const shielded = { ...t, barrier: 5 };
    expect(revertTrack({ ...shielded, barrier: 2 }, trackDelta(t, shielded))).toEqual({ ok: true, track: { ...t, barrier: 0 } });
  });
});
