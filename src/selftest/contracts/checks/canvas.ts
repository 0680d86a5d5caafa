/** The canvas and its square grid, walls and the sight test, areas (templates or regions), token movement. */
import type { ContractCheck } from "../types";
import { CONFIG, NAME, core, ensure, game, same, scratch, requireCanvas, withHook, ContractSkip, type Loose } from "./support";

/** Waits until `test()` holds (the canvas draws a new wall a little after its document exists), up to a second. */
async function until(test: () => boolean): Promise<boolean> {
  for (let waited = 0; waited < 1000; waited += 25) {
    if (test()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return test();
}

/** A scratch scene with one unlinked token of a scratch NPC at the top-left space. */
async function tokenScene(context: Parameters<ContractCheck["run"]>[0]): Promise<{ scene: Loose; token: Loose; size: number }> {
  const actor = await scratch(context, "Actor", { name: NAME, type: "npc" });
  const scene = await scratch(context, "Scene", { name: NAME });
  const [token] = await scene.createEmbeddedDocuments("Token", [{ name: NAME, actorId: actor.id, actorLink: true, x: 0, y: 0 }]);
  return { scene, token, size: scene.grid.size };
}

// Spaces of a 3-step diagonal by core.gridDiagonals (CONST.GRID_DIAGONALS): EQUIDISTANT, RECTILINEAR, ALTERNATING_1, ALTERNATING_2.
const DIAGONAL_SPACES: Record<number, number> = { 0: 3, 3: 6, 4: 4, 5: 5 };

export const canvasChecks: ContractCheck[] = [
  {
    id: "canvas.square-grid",
    behaviour: "Canvas and grid",
    title: "The viewed scene's square grid: offsets, centres, top-left points, neighbours, and paths measured by core.gridDiagonals",
    source: "common/grid/square.mjs, common/grid/base.mjs; client/canvas/board.mjs (canvas.grid)",
    async run() {
      const canvas = requireCanvas();
      same("canvas.scene", canvas.scene === game().scenes.viewed, true);
      const grid = canvas.grid;
      if (!grid.isSquare) throw new ContractSkip("the viewed scene's grid is not square");
      const s = grid.size;
      same("grid.size", s, canvas.scene.grid.size);
      same("getOffset", grid.getOffset({ x: 2.5 * s, y: 0.99 * s }), { i: 0, j: 2 });
      same("getCenterPoint", grid.getCenterPoint({ i: 3, j: 1 }), { x: 1.5 * s, y: 3.5 * s });
      same("getTopLeftPoint", grid.getTopLeftPoint({ x: 2.5 * s, y: 0.99 * s }), { x: 2 * s, y: 0 });
      same("getAdjacentOffsets count", grid.getAdjacentOffsets({ i: 1, j: 1 }).length, grid.diagonals === 6 ? 4 : 8);
      const straight = grid.measurePath([{ i: 0, j: 0 }, { i: 0, j: 3 }]);
      same("a straight path: spaces, distance", [straight.spaces, straight.distance], [3, 3 * grid.distance]);
      same("grid.diagonals", grid.diagonals, game().settings.get("core", "gridDiagonals"));
      const expected = DIAGONAL_SPACES[grid.diagonals];
      if (expected !== undefined) same("a 3-step diagonal's spaces", grid.measurePath([{ i: 0, j: 0 }, { i: 3, j: 3 }]).spaces, expected);
    },
  },
  {
    id: "canvas.stage-events",
    behaviour: "Canvas and grid",
    title: "canvas.stage is an event emitter: on, once, off and emit",
    source: "client/canvas/board.mjs (canvas.stage, a PIXI.Container)",
    async run() {
      const stage = requireCanvas().stage;
      const heard: unknown[] = [];
      const listener = (value: unknown) => heard.push(value);
      stage.on("clockworkContract", listener);
      stage.once("clockworkContract", (value: unknown) => heard.push(`once ${value}`));
      stage.emit("clockworkContract", 1);
      stage.off("clockworkContract", listener);
      stage.emit("clockworkContract", 2);
      same("heard", heard, [1, "once 1"]);
    },
  },
  {
    id: "walls.sight-collision",
    behaviour: "Walls and sight",
    title: "The sight backend's testCollision: a wall blocks, a sight-NONE wall and an open door pass; closest names the hit",
    source: "client/canvas/geometry/shapes/source-polygon.mjs testCollision; clockwise-sweep.mjs _testEdgeInclusion",
    async run(context) {
      const canvas = requireCanvas();
      const rect = canvas.dimensions?.sceneRect ?? { x: 0, y: 0 };
      const x = rect.x + 20;
      const y = rect.y + 20;
      const backend = CONFIG().Canvas.polygonBackends.sight;
      const blocked = () => backend.testCollision({ x: x - 10, y: y + 25 }, { x: x + 10, y: y + 25 }, { type: "sight", mode: "any" });
      ensure(!blocked(), "a clear line where the check draws its wall", "already blocked");
      const [wall] = await canvas.scene.createEmbeddedDocuments("Wall", [{ c: [x, y, x, y + 50], sight: 20, move: 20, light: 20, sound: 20 }]);
      context.track(wall);
      ensure(await until(() => blocked() === true), "the wall to block sight", "it does not");
      const hit = backend.testCollision({ x: x - 10, y: y + 25 }, { x: x + 10, y: y + 25 }, { type: "sight", mode: "closest" });
      same("closest hit x", Math.round(hit?.x), x);
      await wall.update({ sight: 0 });
      ensure(await until(() => blocked() === false), "a sight-NONE wall to pass", "it blocks");
      await wall.update({ sight: 20, door: 1, ds: 1 });
      ensure(await until(() => blocked() === false), "an open door to pass", "it blocks");
      await wall.update({ ds: 0 });
      ensure(await until(() => blocked() === true), "a closed door to block", "it passes");
    },
  },
  {
    id: "areas.template-v13",
    behaviour: "Areas",
    title: "v13 MeasuredTemplate keeps t, distance, direction, angle, width and its author",
    source: "common/documents/measured-template.mjs",
    generations: [13],
    async run(context) {
      const scene = await scratch(context, "Scene", { name: NAME });
      const me = game().user.id;
      const [template] = await scene.createEmbeddedDocuments("MeasuredTemplate", [{ t: "cone", x: 150, y: 150, distance: 3, direction: 90, angle: 90, width: 1, author: me }]);
      same("fields", [template.t, template.distance, template.direction, template.angle, template.width, template.author?.id], ["cone", 3, 90, 90, 1, me]);
      same("isOwner", template.isOwner, true);
    },
  },
  {
    id: "areas.region-v14",
    behaviour: "Areas",
    title: "v14 Region: a template region (flagged core.MeasuredTemplate) with a circle and a hole; testPoint inside the shape and outside the hole",
    source: "common/documents/region.mjs; client/documents/region.mjs testPoint; dnd5e 5.3 template regions",
    generations: [14],
    async run(context) {
      const scene = await scratch(context, "Scene", { name: NAME });
      const [region] = await scene.createEmbeddedDocuments("Region", [{
        name: NAME, flags: { core: { MeasuredTemplate: true } },
        shapes: [{ type: "circle", x: 300, y: 300, radius: 200, hole: false }, { type: "circle", x: 300, y: 300, radius: 50, hole: true }],
      }]);
      same("flag", region.getFlag("core", "MeasuredTemplate"), true);
      same("testPoint: ring, hole, outside", [
        region.testPoint({ x: 420, y: 300, elevation: 0 }), region.testPoint({ x: 300, y: 300, elevation: 0 }), region.testPoint({ x: 550, y: 300, elevation: 0 }),
      ], [true, false, false]);
    },
  },
  {
    id: "token-movement.move-and-hooks",
    behaviour: "Token movement",
    title: "TokenDocument#move moves through waypoints and calls moveToken with the movement; preMoveToken false refuses it (move resolves false)",
    source: "client/documents/token.mjs move, #preUpdateMovement, #onUpdateOperationMovement",
    async run(context) {
      const { token, size } = await tokenScene(context);
      const seen: unknown[] = [];
      const moved = await withHook("moveToken", (doc, movement, _operation, user) => {
        const m = movement as { passed: { waypoints: { x: number; y: number; action: string }[] }; origin: { x: number; y: number } };
        seen.push([doc === token, m.origin.x, m.passed.waypoints.map((w) => [w.x, w.y, w.action]), (user as { id: string }).id]);
      }, () => token.move([{ x: 3 * size, y: 0 }, { x: 3 * size, y: size }], { method: "api" }));
      same("move() result", moved, true);
      same("position", [token.x, token.y], [3 * size, size]);
      same("moveToken calls", seen, [[true, 0, [[3 * size, 0, "walk"], [3 * size, size, "walk"]], game().user.id]]);
      same("history outside combat", token._source._movementHistory.length, 0);
      const refused = await withHook("preMoveToken", () => false, () => token.move({ x: 0, y: 0 }));
      same("move() refused by preMoveToken", [refused, token.x, token.y], [false, 3 * size, size]);
    },
  },
  {
    id: "token-movement.actions",
    behaviour: "Token movement",
    title: "Movement actions are CONFIG.Token.movement.actions (the system's set): displace among them, not selectable; the default is one of them; movement history can be reverted",
    source: "client/config.mjs CONFIG.Token.movement; client/documents/token.mjs revertRecordedMovement",
    async run() {
      const { actions, defaultAction } = CONFIG().Token.movement;
      ensure(actions.displace, "the displace action", Object.keys(actions));
      same("displace selectable", actions.displace.canSelect?.(null) ?? true, false);
      ensure(defaultAction in actions, "the default action among the actions", defaultAction);
      ensure(core("foundry").documents.TokenDocument.prototype.revertRecordedMovement, "TokenDocument#revertRecordedMovement", "missing");
    },
  },
];
