/** Counter pips for the tracker and the token (src/combat/tracker/context.ts). */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { counterPips, tokenPipLayout, trackerCountersContext } from "../../../src/combat/tracker/context";
import { beginTurn, newCounters, passTurn, spendCounters } from "../../../src/rules";

describe("counter pips", () => {
  it("show this turn's counters, then the reserved ones, then the spent ones up to six", () => {
    const spent = spendCounters(beginTurn(newCounters()), 2);
    expect(counterPips(spent)).toEqual(["available", "available", "available", "available", "spent", "spent"]);
    expect(counterPips(passTurn(spent))).toEqual(["reserved", "reserved", "reserved", "reserved", "spent", "spent"]);
    expect(counterPips(newCounters())).toEqual([]);
    expect(counterPips({ available: 7, reserved: 1, hadTurn: true, passed: false })).toHaveLength(8);
  });

  it("the tracker shows defenseless before the first turn and a pass button to the owner on its turn", () => {
    const view = { started: true, current: true, owner: true, name: "Ada" };
    expect(trackerCountersContext({ ...view, counters: newCounters() })).toMatchObject({ show: true, defenseless: true, canPass: false, pips: [] });
    expect(trackerCountersContext({ ...view, counters: beginTurn(newCounters()) })).toMatchObject({ defenseless: false, canPass: true, available: 6 });
    expect(trackerCountersContext({ ...view, owner: false, counters: beginTurn(newCounters()) }).canPass).toBe(false);
    expect(trackerCountersContext({ ...view, current: false, counters: beginTurn(newCounters()) }).canPass).toBe(false);
    expect(trackerCountersContext({ ...view, started: false, counters: newCounters() })).toMatchObject({ show: false, defenseless: false });
  });

  it("token pips fit inside the token along its bottom edge, in the tracker's order (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 40, max: 400 }), (available, reserved, width) => {
      const counters = { available, reserved, hadTurn: true, passed: false };
      const pips = tokenPipLayout(counters, { width, height: width });
      expect(pips.map((p) => p.state)).toEqual(counterPips(counters));
      for (const pip of pips) {
        expect(pip.x - pip.radius).toBeGreaterThanOrEqual(-0.001);
        expect(pip.x + pip.radius).toBeLessThanOrEqual(width + 0.001);
        expect(pip.y + pip.radius).toBeLessThanOrEqual(width);
      }
      for (let i = 1; i < pips.length; i++) expect(pips[i].x).toBeGreaterThan(pips[i - 1].x);
    }));
  });
});
