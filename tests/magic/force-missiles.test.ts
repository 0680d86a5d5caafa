/**
 * Force Missiles' three patterns (book L1387): a cone 3 from the caster, a 2×2 square at a point
 * in range and a line of 4, as the spell's modes, placed with the spell area helpers.
 */
import { describe, expect, it } from "vitest";
import { placeSpellArea, spellAreaOf } from "../../src/magic/area";
import { withMode } from "../../src/magic/context";
import { areaSpaces } from "../../src/combat/area/templates";
import { items } from "../packs/load-sources";
import type { SpellProfile } from "../../src/rules";

const source = items("spells").find((d) => (d.system as { identifier?: string }).identifier === "force-missiles");
const spell = source?.system as unknown as SpellProfile;
const caster = { x: 0, y: 0, width: 1, height: 1, parent: { grid: { size: 100 } } };

describe("Force Missiles (L1387)", () => {
  it("has the cone by default and the square and the line as modes, at the same cost", () => {
    expect(spellAreaOf(spell)).toEqual({ shape: "cone", size: 3 });
    const square = withMode(spell, "square");
    expect(spellAreaOf(square)).toEqual({ shape: "square", size: 2 });
    expect([square.counters, square.mana, square.range]).toEqual([3, 6, { kind: "spaces", spaces: 12 }]);
    expect(spellAreaOf(withMode(spell, "line"))).toEqual({ shape: "line", size: 4 });
  });

  it("the square covers the 2×2 spaces at the aim point, wherever the caster stands", () => {
    const placed = placeSpellArea(withMode(spell, "square"), caster as never, { x: 6, y: 3 });
    expect(placed).not.toBeNull();
    expect(areaSpaces(placed!).map((s) => `${s.x},${s.y}`).sort()).toEqual(["6,3", "6,4", "7,3", "7,4"]);
  });

  it("the line runs 4 spaces from the caster toward the aim point", () => {
    const placed = placeSpellArea(withMode(spell, "line"), caster as never, { x: 9, y: 0 });
    expect(areaSpaces(placed!)).toHaveLength(4);
    expect(areaSpaces(placed!).every((s) => s.y === 0 && s.x >= 1 && s.x <= 4)).toBe(true);
  });
});
