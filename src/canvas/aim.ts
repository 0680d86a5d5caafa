/**
 * Picking a point on the scene (issue 28 item 2): the casting and attack dialogs' "Aim on the
 * map" waits for one click on the canvas. As systems place a template from an item (dnd5e
 * `module/canvas/ability-template.mjs` listens on `canvas.stage` for the press that confirms and
 * on a right-click that cancels), the canvas stage's `pointerdown` (a PIXI federated event:
 * `button`, `getLocalPosition(container)`) gives the point: the left button picks the grid space
 * under it, any other button cancels. The dialog may cancel too (it was closed). The only
 * place that listens on the canvas; the point is a grid space {x: column, y: row}.
 */
import { maybeCanvas } from "../foundry";

/** A pick under way: its point (null: cancelled), and how to cancel it. */
export interface ScenePick {
  point: Promise<{ x: number; y: number } | null>;
  cancel(): void;
}

interface StageEvent {
  button?: number;
  getLocalPosition?(container: unknown): { x: number; y: number };
  data?: { getLocalPosition?(container: unknown): { x: number; y: number } };
  stopPropagation?(): void;
}

interface StageLike {
  on(event: string, fn: (event: StageEvent) => void): unknown;
  off(event: string, fn: (event: StageEvent) => void): unknown;
}

interface AimCanvas {
  ready?: boolean;
  stage?: StageLike | null;
  grid?: { size?: number; getOffset?(point: { x: number; y: number }): { i: number; j: number } } | null;
  scene?: { grid?: { size?: number } } | null;
}

/** Whether a canvas with a stage to click is drawn (else the dialog says aiming needs the map). */
export function canPickOnScene(): boolean {
  const canvas = maybeCanvas<AimCanvas>();
  return !!canvas?.ready && typeof canvas.stage?.on === "function";
}

/** The grid space under a point of the scene, in pixels (core's `grid.getOffset`: i row, j column). */
export function spaceAt(canvas: AimCanvas, point: { x: number; y: number }): { x: number; y: number } {
  const offset = canvas.grid?.getOffset?.(point);
  if (offset) return { x: offset.j, y: offset.i };
  const size = canvas.grid?.size ?? canvas.scene?.grid?.size ?? 100;
  return { x: Math.floor(point.x / size), y: Math.floor(point.y / size) };
}

/** Waits for one click on the scene; null when there is no canvas to click. */
export function pickScenePoint(): ScenePick | null {
  const canvas = maybeCanvas<AimCanvas>();
  const stage = canvas?.stage;
  if (!canvas || !canPickOnScene() || !stage) return null;
  let finish: (point: { x: number; y: number } | null) => void = () => undefined;
  const point = new Promise<{ x: number; y: number } | null>((resolve) => {
    const onDown = (event: StageEvent) => {
      event.stopPropagation?.();
      if ((event.button ?? 0) !== 0) return finish(null);
      const local = event.getLocalPosition?.(stage) ?? event.data?.getLocalPosition?.(stage);
      finish(local ? spaceAt(canvas, local) : null);
    };
    finish = (value) => {
      stage.off("pointerdown", onDown);
      finish = () => undefined;
      resolve(value);
    };
    stage.on("pointerdown", onDown);
  });
  return { point, cancel: () => finish(null) };
}
