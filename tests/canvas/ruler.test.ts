/** The token ruler's colours: each space of a dragged path by what the cheapest move pays for it. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { movementActionBlocks, movementBlocks } from "../../src/rules";
import { bandAt, createClockworkTokenRuler, pathBands, rulerMover, speciesMovement, BAND_COLORS } from "../../src/canvas/ruler";
import { moveSpaces } from "../../src/rules";
import { items } from "../packs/load-sources";

const mover = (available: number, extra: Partial<Parameters<typeof pathBands>[1]> = {}) => ({
  speeds: { run: 6, walk: 3 }, counters: { available, reserved: 0, hadTurn: true, passed: false }, ...extra,
});

describe("path bands", () => {
  it("runs for whole Run lengths, a step for a single leftover space, red past the counters", () => {
    expect(pathBands(7, mover(6))).toEqual([...Array(6).fill("run"), "step"]);
    expect(pathBands(4, mover(6))).toEqual(Array(4).fill("run"));
    expect(pathBands(13, mover(4))).toEqual([...Array(12).fill("run"), "over"]);
    expect(pathBands(14, mover(6))).toEqual([...Array(12).fill("run"), ...Array(2).fill("run")]);
  });

  it("diagonals cost 2 spaces", () => {
    expect(moveSpaces({ i: 0, j: 0 }, { i: 2, j: 3 })).toBe(5);
  });

  it("Chilled walks; Prone crawls a space per counter; Frozen cannot move; Stunned pays 1 more", () => {
    expect(pathBands(4, mover(6, { blocks: movementBlocks(["chilled"]) }))).toEqual([...Array(3).fill("walk"), "step"]);
    expect(pathBands(3, mover(2, { blocks: movementBlocks(["prone"]) }))).toEqual(["crawl", "crawl", "over"]);
    expect(pathBands(2, mover(6, { blocks: movementBlocks(["frozen"]) }))).toEqual(["blocked", "blocked"]);
    expect(pathBands(6, mover(2, { stunned: true }))).toEqual(Array(6).fill("over"));
  });

  it("out of its turn a combatant has nothing to move with", () => {
    expect(pathBands(1, { ...mover(3), counters: { available: 0, reserved: 3, hadTurn: true, passed: true } })).toEqual(["over"]);
  });

  it("a path never shows more affordable spaces than the counters buy (property)", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 10 }), (spaces, available, run) => {
      const bands = pathBands(spaces, { speeds: { run, walk: Math.floor(run / 2) }, counters: { available, reserved: 0, hadTurn: true, passed: false } });
      expect(bands).toHaveLength(spaces);
      const paid = bands.filter((b) => b !== "over").length;
      expect(paid).toBeLessThanOrEqual(Math.max(available * run, available));
      expect(bands.indexOf("over") === -1 || bands.slice(bands.indexOf("over")).every((b) => b === "over")).toBe(true);
    }));
  });
});

describe("the TokenRuler subclass", () => {
  class Base {
    constructor(public token: unknown) {}
    _getSegmentStyle(): { color?: number; width: number } { return { width: 4 }; }
    _getGridHighlightStyle(): { color?: number; alpha: number } { return { alpha: 0.5 }; }
  }
  const grid = { getOffset: (p: { x: number; y: number }) => ({ i: Math.floor(p.y / 100), j: Math.floor(p.x / 100) }) };
  const token = (available: number) => ({
    actor: { statuses: new Set<string>(), system: { movement: { run: 2, walk: 1 } } },
    combatant: { combat: { started: true }, system: { counters: { available, reserved: 0, hadTurn: true, passed: false } } },
  });

  it("colours from the first drag (the colouring is in the one-file bundle)", () => {
    const Ruler = createClockworkTokenRuler(Base as never, () => grid);
    const start = { x: 0, y: 0, previous: null };
    const ruler = new Ruler(token(2));
    expect(ruler._getGridHighlightStyle({ x: 100, y: 0, previous: start }, { i: 0, j: 1 })).toEqual({ alpha: 0.5, color: BAND_COLORS.step });
  });

  it("colours each highlighted space by its band, and leaves core's style outside combat", () => {
    const Ruler = createClockworkTokenRuler(Base as never, () => grid);
    const start = { x: 0, y: 0, previous: null };
    const end = { x: 500, y: 0, previous: start };
    const ruler = new Ruler(token(2));
    // Five spaces on Run 2 with 2 counters: a run pays for the first two, then the counters are gone.
    expect(ruler._getGridHighlightStyle(end, { i: 0, j: 1 })).toEqual({ alpha: 0.5, color: BAND_COLORS.run });
    expect(ruler._getGridHighlightStyle(end, { i: 0, j: 2 })).toEqual({ alpha: 0.5, color: BAND_COLORS.run });
    expect(ruler._getGridHighlightStyle(end, { i: 0, j: 3 })).toEqual({ alpha: 0.5, color: BAND_COLORS.over });
    expect(ruler._getSegmentStyle(end)).toEqual({ width: 4, color: BAND_COLORS.over });
    // A one-space path is a step.
    const short = { x: 100, y: 0, previous: start };
    expect(ruler._getGridHighlightStyle(short, { i: 0, j: 1 })).toEqual({ alpha: 0.5, color: BAND_COLORS.step });
    const idle = new Ruler({ actor: token(2).actor, combatant: null });
    expect(idle._getGridHighlightStyle(end, { i: 0, j: 1 })).toEqual({ alpha: 0.5 });
    expect(rulerMover({ combatant: { combat: { started: false }, system: {} } })).toBeNull();
    expect(bandAt(-1, 3, mover(1))).toBeNull();
  });
});

describe("swimming and climbing (L760, L762) and the species that do them at run speed (L256, L263)", () => {
  const species = (movement: Record<string, string>) => ({ type: "species", flags: { clockwork: { movement } } });
  const token = (movementAction: string, items: { type: string; flags?: Record<string, unknown> }[] = []) => ({
    document: { movementAction },
    actor: { statuses: new Set<string>(), system: { movement: { run: 6, walk: 3 } }, items },
    combatant: { combat: { started: true }, system: { counters: { available: 6, reserved: 0, hadTurn: true, passed: false } } },
  });

  it("a swimmer or climber walks; a walker runs", () => {
    expect(pathBands(4, rulerMover(token("swim"))!)).toEqual([...Array(3).fill("walk"), "step"]);
    expect(pathBands(4, rulerMover(token("climb"))!)).toEqual([...Array(3).fill("walk"), "step"]);
    expect(pathBands(4, rulerMover(token("walk"))!)).toEqual(Array(4).fill("run"));
  });

  it("a Froad swims and a Lizardfolk climbs at its run speed, from the species data", () => {
    expect(pathBands(6, rulerMover(token("swim", [species({ swim: "run" })]))!)).toEqual(Array(6).fill("run"));
    expect(pathBands(6, rulerMover(token("climb", [species({ climb: "run" })]))!)).toEqual(Array(6).fill("run"));
    // A Froad still climbs at walk speed.
    expect(pathBands(4, rulerMover(token("climb", [species({ swim: "run" })]))!)).toEqual([...Array(3).fill("walk"), "step"]);
  });

  it("the real species sources say so: Froads swim, Lizardfolk climb, Wood Elves stealth at run speed", () => {
    const of = (id: string) => speciesMovement([items("species").find((d) => (d.system as { identifier?: string }).identifier === id) as never]);
    expect(of("froads")).toEqual({ swim: "run" });
    expect(of("lizardfolk")).toEqual({ climb: "run" });
    expect(of("wood-elves")).toEqual({ stealth: "run", difficultTerrain: "run" });
    // Chilled blocks running in the water too.
    expect(movementActionBlocks(movementBlocks(["chilled"]), "swim", { swim: "run" }).run).toBe("chilled");
  });
});
