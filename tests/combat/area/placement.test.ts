/** Area attacks on the grid: where the template lands, which tokens it covers, how it is drawn. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { directionToward, facingToward, placeArea } from "../../../src/combat/area/placement";
import { areaSpaces, templateData, tokensInside } from "../../../src/combat/area/templates";
import { spacesBetween, tokenBox } from "../../../src/combat/attack/geometry";

const ONE = { x: 0, y: 0, w: 1, h: 1 };

describe("placement", () => {
  it("faces the larger axis toward the aim; 8 directions for lines", () => {
    expect(facingToward({ x: 0, y: 0 }, { x: 3, y: 1 })).toBe("east");
    expect(facingToward({ x: 0, y: 0 }, { x: -1, y: -4 })).toBe("north");
    expect(directionToward({ x: 2, y: 2 }, { x: 0, y: 5 })).toEqual({ dx: -1, dy: 1 });
  });

  it("a grenade's radius sits on the aim point; spray is a cone 3 from the attacker; autofire a 2×2 square at the aim", () => {
    expect(placeArea("area", { shape: "radius", size: 2 }, ONE, { x: 5, y: 1 })).toEqual({ shape: { shape: "radius", radius: 2 }, origin: { x: 5, y: 1 } });
    expect(placeArea("spray", null, ONE, { x: 4, y: 0 })).toEqual({ shape: { shape: "cone", length: 3, facing: "east" }, origin: { x: 0, y: 0 } });
    expect(placeArea("autofire", null, ONE, { x: 4, y: 4 })).toEqual({ shape: { shape: "square", size: 2 }, origin: { x: 4, y: 4 } });
    expect(placeArea("strafe", null, ONE, { x: 4, y: 0 })).toEqual({ shape: { shape: "strafe", direction: { dx: 1, dy: 0 } }, origin: { x: 4, y: 0 } });
  });

  it("collects every token with a space inside, large tokens by any of their spaces", () => {
    const scene = {
      grid: { size: 100 },
      tokens: [
        { id: "a", x: 500, y: 100, actor: {} },
        { id: "b", x: 700, y: 100, actor: {} },
        { id: "c", x: 800, y: 100, actor: {} },
        { id: "big", x: 200, y: 0, width: 2, height: 2, actor: {} },
        { id: "noActor", x: 500, y: 100, actor: null },
      ],
    };
    const inside = tokensInside({ shape: { shape: "radius", radius: 2 }, origin: { x: 5, y: 1 } }, scene).map((t) => t.id);
    // The big token's nearest space (3, 1) is 2 from the centre; c at 3 spaces is outside.
    expect(inside).toEqual(["a", "b", "big"]);
    const cone = tokensInside({ shape: { shape: "cone", length: 3, facing: "east" }, origin: { x: 0, y: 1 } }, scene).map((t) => t.id);
    expect(cone).toEqual(["big"]);
  });

  it("draws what the rules core covers: a circle on the target space, a 90° cone", () => {
    expect(templateData({ shape: { shape: "radius", radius: 2 }, origin: { x: 1, y: 1 } }, 100, "u")).toMatchObject({ t: "circle", x: 150, y: 150, distance: 2.5 });
    expect(templateData({ shape: { shape: "cone", length: 3, facing: "south" }, origin: { x: 0, y: 0 } }, 100, "u")).toMatchObject({ t: "cone", direction: 90, angle: 90 });
    expect(areaSpaces({ shape: { shape: "square", size: 2 }, origin: { x: 3, y: 3 } })).toEqual([{ x: 3, y: 3 }, { x: 4, y: 3 }, { x: 3, y: 4 }, { x: 4, y: 4 }]);
  });
});

describe("distance for range and reach", () => {
  it("adjacent spaces are 1 apart, diagonals too; tokens are measured between their nearest spaces", () => {
    expect(spacesBetween(ONE, { x: 1, y: 1, w: 1, h: 1 })).toBe(1);
    expect(spacesBetween(ONE, { x: 4, y: 2, w: 1, h: 1 })).toBe(4);
    expect(spacesBetween({ x: 0, y: 0, w: 2, h: 2 }, { x: 3, y: 0, w: 1, h: 1 })).toBe(2);
    expect(spacesBetween(ONE, ONE)).toBe(0);
    expect(tokenBox({ x: 250, y: 100, width: 2 }, 100)).toEqual({ x: 3, y: 1, w: 2, h: 1 });
  });

  it("is symmetric and moves with both tokens (property)", () => {
    const box = fc.record({ x: fc.integer({ min: -20, max: 20 }), y: fc.integer({ min: -20, max: 20 }), w: fc.integer({ min: 1, max: 3 }), h: fc.integer({ min: 1, max: 3 }) });
    fc.assert(fc.property(box, box, fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 }), (a, b, dx, dy) => {
      const d = spacesBetween(a, b);
      expect(d).toBe(spacesBetween(b, a));
      expect(d).toBeGreaterThanOrEqual(0);
      expect(spacesBetween({ ...a, x: a.x + dx, y: a.y + dy }, { ...b, x: b.x + dx, y: b.y + dy })).toBe(d);
    }));
  });
});
