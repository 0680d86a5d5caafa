import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { healthBoxes, healthClick, type HealthTrackInput } from "../../../src/applications/context/health";

const track = (over: Partial<HealthTrackInput> = {}): HealthTrackInput => ({ vitalsMax: 6, vitalsLost: 1, hits: 3, capacity: 7, ...over });

const arbTrack = fc.record({ vitalsMax: fc.integer({ min: 1, max: 12 }), capacity: fc.integer({ min: 1, max: 12 }) })
  .chain(({ vitalsMax, capacity }) => fc.record({
    vitalsMax: fc.constant(vitalsMax), capacity: fc.constant(capacity),
    vitalsLost: fc.integer({ min: 0, max: vitalsMax }), hits: fc.integer({ min: 0, max: capacity - 1 }),
  }));

describe("healthBoxes", () => {
  it("shows lost boxes full, the current box with its hits and the rest empty", () => {
    const boxes = healthBoxes(track());
    expect(boxes.map((b) => b.state)).toEqual(["lost", "current", "intact", "intact", "intact", "intact"]);
    expect(boxes.map((b) => b.pips.filter((p) => p.filled).length)).toEqual([7, 3, 0, 0, 0, 0]);
    expect(boxes[1].pips.map((p) => p.hits)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("has no pips once wounds reach grit, and no current box when every vital is lost", () => {
    expect(healthBoxes(track({ capacity: 0, hits: 0 })).every((b) => b.pips.length === 0)).toBe(true);
    expect(healthBoxes(track({ vitalsLost: 6 })).every((b) => b.state === "lost")).toBe(true);
  });

  it("shows stored hits above a shrunken capacity as a full box", () => {
    expect(healthBoxes(track({ hits: 9, capacity: 5 }))[1].hits).toBe(5);
  });
});

describe("healthClick", () => {
  it("sets the hits of the current box from a pip", () => {
    expect(healthClick(track(), { box: 1, hits: 5 })).toEqual({ vitalsLost: 1, hits: 5 });
  });

  it("takes the top hit off again when the current pip is clicked twice", () => {
    expect(healthClick(track(), { box: 1, hits: 3 })).toEqual({ vitalsLost: 1, hits: 2 });
  });

  it("loses the vital when a click fills its box, as damage does", () => {
    expect(healthClick(track(), { box: 1, hits: 7 })).toEqual({ vitalsLost: 2, hits: 0 });
  });

  it("heals back into a lost box and loses later boxes when clicked further on", () => {
    expect(healthClick(track({ vitalsLost: 3 }), { box: 0, hits: 2 })).toEqual({ vitalsLost: 0, hits: 2 });
    expect(healthClick(track(), { box: 4, hits: 1 })).toEqual({ vitalsLost: 4, hits: 1 });
  });

  it("toggles vitals from their markers", () => {
    expect(healthClick(track({ vitalsLost: 3 }), { box: 1 })).toEqual({ vitalsLost: 1, hits: 0 });
    expect(healthClick(track(), { box: 3 })).toEqual({ vitalsLost: 4, hits: 0 });
  });

  it("refuses clicks outside the track with a RangeError naming the value", () => {
    expect(() => healthClick(track(), { box: 6 })).toThrow(/box 6 .*6 vitals/);
    expect(() => healthClick(track(), { box: 0, hits: 8 })).toThrow(/8 hits .*capacity 7/);
    expect(() => healthClick(track({ capacity: 0, hits: 0 }), { box: 0, hits: 1 })).toThrow(RangeError);
  });

  it("always stores a valid track: vitals within the maximum, never a full current box", () => {
    fc.assert(fc.property(arbTrack, fc.nat(), fc.option(fc.nat(), { nil: undefined }), (t, boxSeed, hitSeed) => {
      const box = boxSeed % t.vitalsMax;
      const hits = hitSeed === undefined ? undefined : 1 + (hitSeed % t.capacity);
      const next = healthClick(t, { box, hits });
      expect(next.vitalsLost).toBeGreaterThanOrEqual(0);
      expect(next.vitalsLost).toBeLessThanOrEqual(t.vitalsMax);
      expect(next.hits).toBeGreaterThanOrEqual(0);
      expect(next.hits).toBeLessThan(t.capacity);
      // What the user clicked is what the boxes then show.
      if (hits !== undefined && !(box === t.vitalsLost && hits === t.hits)) {
        const shown = healthBoxes({ ...t, ...next });
        const filled = hits === t.capacity ? t.capacity : hits;
        expect(shown[box].pips.filter((p) => p.filled).length).toBe(filled);
      }
    }));
  });
});
