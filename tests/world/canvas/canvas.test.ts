/** Contract tests of the test world's canvas and square grid (common/grid/square.mjs, base.mjs). */
import { describe, expect, it } from "vitest";
import { createWorld } from "../index";
import { GRID_DIAGONALS, SquareGrid } from "./grid";
import { registerCanvasPart } from "./index";
import { clickStage, type Stage, type StageEvent } from "./stage";

describe("square grid (common/grid/square.mjs)", () => {
  const grid = new SquareGrid({ size: 100, distance: 1, diagonals: GRID_DIAGONALS.RECTILINEAR });

  it("maps points to offsets and back to centres", () => {
    expect(grid.getOffset({ x: 250, y: 99 })).toEqual({ i: 0, j: 2 });
    expect(grid.getCenterPoint({ i: 3, j: 1 })).toEqual({ x: 150, y: 350 });
    expect(grid.getTopLeftPoint({ x: 250, y: 99 })).toEqual({ x: 200, y: 0 });
  });

  it("measures a diagonal by the scene's rule", () => {
    const path = [{ i: 0, j: 0 }, { i: 3, j: 3 }];
    expect(grid.measurePath(path).spaces).toBe(6);
    expect(new SquareGrid({ diagonals: GRID_DIAGONALS.EQUIDISTANT }).measurePath(path).spaces).toBe(3);
    expect(new SquareGrid({ diagonals: GRID_DIAGONALS.ALTERNATING_1 }).measurePath(path).spaces).toBe(4);
    expect(new SquareGrid({ diagonals: GRID_DIAGONALS.ALTERNATING_2 }).measurePath(path).spaces).toBe(5);
    expect(new SquareGrid({ distance: 5, diagonals: GRID_DIAGONALS.EQUIDISTANT }).measurePath([{ i: 0, j: 0 }, { i: 0, j: 4 }]).distance).toBe(20);
  });

  it("carries the alternating rule's parity across legs", () => {
    const alt = new SquareGrid({ diagonals: GRID_DIAGONALS.ALTERNATING_1 });
    const legs = alt.measurePath([{ i: 0, j: 0 }, { i: 1, j: 1 }, { i: 2, j: 2 }]);
    expect(legs.segments.map((s) => s.spaces)).toEqual([1, 2]);
  });
});

describe("the canvas global", () => {
  it("is each client's: the viewed scene's grid with the world's diagonal rule, and registered parts", async () => {
    registerCanvasPart("testPart", (c) => ({ sceneId: c.scene?.id }));
    const world = await createWorld({ packs: false });
    const gm = world.gm;
    await world.as(gm, () => expect((globalThis as { canvas?: { ready: boolean } }).canvas?.ready).toBe(false));
    const [sceneId] = await world.seed("Scene", [{ name: "Map", active: true }]);
    await world.settle();
    for (const client of world.clients) {
      await world.as(client, () => {
        const c = (globalThis as unknown as { canvas: { ready: boolean; grid: SquareGrid; testPart: { sceneId: string } } }).canvas;
        expect(c.ready).toBe(true);
        expect(c.grid.size).toBe(100);
        // system.json: 1 space a square, diagonals RECTILINEAR (§4.8: a diagonal costs 2 spaces).
        expect(c.grid.distance).toBe(1);
        expect(c.grid.diagonals).toBe(GRID_DIAGONALS.RECTILINEAR);
        expect(c.testPart.sceneId).toBe(sceneId);
      });
    }
  }, 20_000);
});

describe("canvas.stage (client/canvas/board.mjs: the board's root PIXI container)", () => {
  it("is one per client's canvas; a press reaches its pointerdown and mousedown listeners with the scene point and button", async () => {
    const world = await createWorld({ packs: false, system: false });
    const alice = world.player("Alice");
    const stageOf = (client: typeof alice) => world.as(client, () => (globalThis as unknown as { canvas: { stage: Stage } }).canvas.stage);
    const stage = await stageOf(alice);
    expect(await stageOf(alice)).toBe(stage);
    expect(await stageOf(world.gm)).not.toBe(stage);
    const heard: [string, number, { x: number; y: number }][] = [];
    const down = (e: StageEvent) => heard.push([e.type, e.button, e.getLocalPosition(stage)]);
    stage.on("pointerdown", down);
    stage.once("mousedown", (e) => heard.push([e.type, e.button, e.data.getLocalPosition(stage)]));
    expect(clickStage(stage, { x: 450, y: 120 })).toBe(true);
    clickStage(stage, { x: 10, y: 20 }, 2);
    expect(heard).toEqual([["pointerdown", 0, { x: 450, y: 120 }], ["mousedown", 0, { x: 450, y: 120 }], ["pointerdown", 2, { x: 10, y: 20 }]]);
    stage.off("pointerdown", down);
    expect(stage.listenerCount("pointerdown")).toBe(0);
    expect(clickStage(stage, { x: 0, y: 0 })).toBe(false);
  });
});
