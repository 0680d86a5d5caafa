/** The spots a deployed party's members take around its token (src/canvas/party.ts `deploymentSpots`). */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { deploymentSpots } from "../../src/canvas/party";

const ring = (center: { col: number; row: number }, s: { col: number; row: number }) => Math.max(Math.abs(s.col - center.col), Math.abs(s.row - center.row));

describe("deploymentSpots", () => {
  it("fills the 8 neighbours clockwise from the top-left, then the next ring", () => {
    const spots = deploymentSpots({ col: 5, row: 5 }, 10);
    expect(spots.slice(0, 8)).toEqual([
      { col: 4, row: 4 }, { col: 5, row: 4 }, { col: 6, row: 4 }, { col: 6, row: 5 },
      { col: 6, row: 6 }, { col: 5, row: 6 }, { col: 4, row: 6 }, { col: 4, row: 5 },
    ]);
    expect(spots.slice(8).map((s) => ring({ col: 5, row: 5 }, s))).toEqual([2, 2]);
  });

  it("skips occupied spaces and spaces off the map's top or left edge", () => {
    const spots = deploymentSpots({ col: 0, row: 0 }, 3, new Set(["1,0"]));
    expect(spots).toEqual([{ col: 1, row: 1 }, { col: 0, row: 1 }, { col: 2, row: 0 }]);
  });

  it("gives as many distinct free spaces as asked, nearest rings first, never the centre", () => {
    const space = fc.record({ col: fc.integer({ min: 0, max: 30 }), row: fc.integer({ min: 0, max: 30 }) });
    fc.assert(fc.property(space, fc.integer({ min: 0, max: 40 }), fc.array(space, { maxLength: 30 }), (center, count, taken) => {
      const occupied = new Set(taken.map((s) => `${s.col},${s.row}`));
      const spots = deploymentSpots(center, count, occupied);
      expect(spots).toHaveLength(count);
      const keys = spots.map((s) => `${s.col},${s.row}`);
      expect(new Set(keys).size).toBe(count);
      for (const s of spots) {
        expect(occupied.has(`${s.col},${s.row}`)).toBe(false);
        expect(s.col >= 0 && s.row >= 0).toBe(true);
        expect(ring(center, s)).toBeGreaterThan(0);
      }
      const rings = spots.map((s) => ring(center, s));
      expect(rings).toEqual([...rings].sort((a, b) => a - b));
    }));
  });
});
