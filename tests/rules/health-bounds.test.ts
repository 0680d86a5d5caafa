/**
 * The health-track rules of src/rules/health-bounds.ts: the bounds `validateJoint` enforces from
 * stored data alone, and the exact rules of one write (`checkHealthWrite`), with examples and
 * properties over any track and any write.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkHealthWrite, healthBoundProblem, healthBounds, repairHealth, type StoredHealth } from "../../src/rules/health-bounds";
import { boxCapacity } from "../../src/rules";

const track = (over: Partial<StoredHealth> = {}): StoredHealth => ({ hits: 0, wounds: 0, vitalsLost: 0, barrier: 0, dying: false, dead: false, ...over });
const limits = { grit: 5, vitalsMax: 6 };

describe("bounds from stored data alone", () => {
  it("take the largest size's grit for the stored Stamina", () => {
    // Stamina 12: +1 grit; the largest base grit (huge) is 7.
    expect(healthBounds({ skills: { stamina: { rank: 12 } }, health: track() })).toEqual({ grit: 8, wounds: 9, hits: 8, vitalsLost: 18 });
    expect(healthBounds({ skills: { stamina: { rank: 12 } }, health: track(), minion: true }).vitalsLost).toBe(13);
    expect(healthBounds({ skills: { stamina: { rank: 12 } }, health: track(), vitalsMax: 10 }).vitalsLost).toBe(22);
  });

  it("refuse 99 wounds with the bound in the message data", () => {
    expect(healthBoundProblem({ skills: { stamina: { rank: 12 } }, health: track({ wounds: 99 }) })).toEqual({
      key: "CLOCKWORK.Safety.Health.WoundsBound", data: { wounds: 99, max: 9 },
    });
    expect(healthBoundProblem({ skills: { stamina: { rank: 12 } }, health: track({ wounds: 9, hits: 8 }) })).toBeNull();
  });

  it("are what the repair brings old data to", () => {
    const source = { skills: { stamina: { rank: 12 } }, health: track({ wounds: 99, hits: 99, vitalsLost: 99 }) };
    expect(repairHealth(source)).toBe(true);
    expect(healthBoundProblem(source)).toBeNull();
    expect(repairHealth(source)).toBe(false);
  });

  it("mark dead a creature whose wounds end up above any grit (issue 20), and leave a living one with fewer alone", () => {
    const capped = { skills: { stamina: { rank: 12 } }, health: track({ wounds: 99, dying: true }) };
    expect(repairHealth(capped)).toBe(true);
    expect(capped.health).toMatchObject({ wounds: 9, dead: true, dying: false });
    // 9 wounds stored (inside the bound) on a living creature: above every grit, so dead too.
    const stored = { skills: { stamina: { rank: 12 } }, health: track({ wounds: 9 }) };
    expect(repairHealth(stored)).toBe(true);
    expect(stored.health.dead).toBe(true);
    const alive = { skills: { stamina: { rank: 12 } }, health: track({ wounds: 8 }) };
    expect(repairHealth(alive)).toBe(false);
    expect(alive.health.dead).toBe(false);
  });
});

describe("one write", () => {
  it("refuses hits over the box, counted at the new wounds", () => {
    expect(checkHealthWrite(track(), { hits: 6 }, limits, false)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Safety.Health.Hits", data: { capacity: 5 } } });
    expect(checkHealthWrite(track(), { hits: 4, wounds: 2 }, limits, false)).toMatchObject({ ok: false, problem: { data: { hits: 4, capacity: 3 } } });
    expect(checkHealthWrite(track(), { hits: 3, wounds: 2 }, limits, false)).toMatchObject({ ok: true });
  });

  it("leaves an over-full box alone when the write does not touch hits (an Enlarge that ended)", () => {
    expect(checkHealthWrite(track({ hits: 6 }), { barrier: 2, hits: 6 }, limits, false)).toMatchObject({ ok: true });
  });

  it("refuses more vitals lost than the vitals", () => {
    expect(checkHealthWrite(track(), { vitalsLost: 7 }, limits, false)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Safety.Health.VitalsLost" } });
  });

  it("kills at grit + 1 wounds, caps more on a dead creature, refuses more on a living one", () => {
    expect(checkHealthWrite(track(), { wounds: 6 }, limits, false)).toEqual({ ok: true, health: { wounds: 6, dead: true, dying: false }, notices: ["died"] });
    expect(checkHealthWrite(track(), { wounds: 9 }, limits, false)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Safety.Health.Wounds" } });
    // A death roll that writes dead with more fatal wounds than needed.
    expect(checkHealthWrite(track({ dying: true, vitalsLost: 6 }), { wounds: 9, dead: true, dying: false }, limits, false))
      .toEqual({ ok: true, health: { wounds: 6, dead: true, dying: false }, notices: ["woundsCapped"] });
  });

  it("makes a creature dying when the last vital goes, and ends it when one comes back", () => {
    expect(checkHealthWrite(track({ vitalsLost: 5 }), { vitalsLost: 6 }, limits, false)).toEqual({ ok: true, health: { vitalsLost: 6, dying: true }, notices: ["dying"] });
    expect(checkHealthWrite(track({ vitalsLost: 6, dying: true }), { vitalsLost: 5 }, limits, false)).toEqual({ ok: true, health: { vitalsLost: 5, dying: false }, notices: ["recovered"] });
  });

  it("lets only a GM set dying or dead against the track", () => {
    expect(checkHealthWrite(track(), { dead: true }, limits, false)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Safety.Health.NotDead" } });
    expect(checkHealthWrite(track(), { dying: true }, limits, false)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Safety.Health.NotDying" } });
    expect(checkHealthWrite(track({ dead: true, wounds: 6 }), { dead: false }, limits, false)).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Safety.Health.StillDead" } });
    expect(checkHealthWrite(track(), { dead: true }, limits, true)).toMatchObject({ ok: true, health: { dead: true } });
    // The rules' own writes agree with the track: a death roll's result, a stabilized creature.
    expect(checkHealthWrite(track({ dying: true, vitalsLost: 6, wounds: 4 }), { wounds: 6, dead: true, dying: false }, limits, false)).toMatchObject({ ok: true });
    expect(checkHealthWrite(track({ dying: true, vitalsLost: 6 }), { dying: false }, limits, false)).toMatchObject({ ok: true });
  });

  const stored = fc.record({
    hits: fc.nat(8), wounds: fc.nat(8), vitalsLost: fc.nat(8), barrier: fc.nat(3), dying: fc.boolean(), dead: fc.boolean(),
  });
  const write = fc.record({ hits: fc.nat(12), wounds: fc.nat(12), vitalsLost: fc.nat(12), dying: fc.boolean(), dead: fc.boolean() }, { requiredKeys: [] });
  const grit = fc.integer({ min: 1, max: 8 });
  const vitals = fc.integer({ min: 1, max: 8 });

  it("never accepts a written value outside the track, for any track and write", () => {
    fc.assert(fc.property(stored, write, grit, vitals, fc.boolean(), (current, changes, g, v, gm) => {
      const result = checkHealthWrite(current, changes, { grit: g, vitalsMax: v }, gm);
      if (!result.ok) return;
      const next = { ...current, ...result.health };
      if ("wounds" in changes && changes.wounds !== current.wounds) expect(next.wounds).toBeLessThanOrEqual(g + 1);
      if ("hits" in changes && changes.hits !== current.hits) expect(next.hits).toBeLessThanOrEqual(boxCapacity({ grit: g, wounds: next.wounds }));
      if ("vitalsLost" in changes && changes.vitalsLost !== current.vitalsLost) expect(next.vitalsLost).toBeLessThanOrEqual(v);
      // A GM may set Dead against the track (an override, confirmed on the sheet); anyone else's wounds past grit kill.
      const gmSetsDead = gm && "dead" in changes;
      if ("wounds" in changes && changes.wounds !== current.wounds && next.wounds > g && !gmSetsDead) expect(next.dead).toBe(true);
      const written = changes as Partial<StoredHealth>;
      const statusWritten = (["dead", "wounds"] as const).some((key) => key in written && written[key] !== current[key]);
      if (statusWritten && !(gm && "dying" in changes)) expect(next.dead && next.dying).toBe(false);
    }), { numRuns: 2000 });
  });

  it("keeps a GM's explicit Dead override even when wounds pass grit (found by the property above)", () => {
    expect(checkHealthWrite(track({ dead: true }), { wounds: 5, dead: false }, { grit: 4, vitalsMax: 1 }, true)).toMatchObject({ ok: true, health: { wounds: 5, dead: false } });
  });

  it("never changes the caller's object", () => {
    fc.assert(fc.property(stored, write, (current, changes) => {
      const copy = structuredClone(changes);
      checkHealthWrite(current, changes, limits, false);
      expect(changes).toEqual(copy);
    }));
  });
});
