/**
 * The `canvas` global of a test-world client (client/canvas/board.mjs `Canvas`, v13): the
 * viewed scene (`game.scenes.viewed`), `ready` while one is viewed, and its `grid` (./grid.ts)
 * built from the scene's `grid` data and the `core.gridDiagonals` setting. No drawing, vision
 * or layers beyond what a part registers: other models (walls, a sight test, …) add themselves
 * with `registerCanvasPart(name, build)` and are read as `canvas[name]`, built once per scene.
 * `stage` is the board's root container, where a press on the board is heard (./stage.ts).
 */
import { GRID_DIAGONALS, SquareGrid } from "./grid";
import { Stage } from "./stage";

export { GRID_DIAGONALS, GRID_TYPES, SquareGrid } from "./grid";
export type { GridOffset, MeasuredPath, MeasuredSegment, Point } from "./grid";
export { Stage, clickStage } from "./stage";

/** What the canvas reads of a client. */
export interface CanvasClient {
  game: object;
}

interface SceneLike {
  id: string | null;
  grid?: { size?: number; distance?: number; units?: string; type?: number };
}

/** A part of the canvas (e.g. `walls`): built from the canvas the first time it is read for a scene. */
export type CanvasPart = (canvas: WorldCanvas) => unknown;

const parts = new Map<string, CanvasPart>();

/** Adds `canvas[name]` to every client's canvas (call at module load). */
export function registerCanvasPart(name: string, build: CanvasPart): void {
  parts.set(name, build);
}

export class WorldCanvas {
  readonly #client: CanvasClient;
  /** The board's root container (./stage.ts): one per canvas, as core's `canvas.stage`. */
  readonly stage = new Stage();
  #built = new Map<string, { sceneId: string | null; stamp: string; value: unknown }>();

  constructor(client: CanvasClient) {
    this.#client = client;
    this.attachParts();
  }

  get partCount(): number {
    return Object.keys(this).filter((key) => parts.has(key)).length;
  }

  /** Defines `canvas[name]` for every part registered so far. */
  attachParts(): void {
    for (const name of parts.keys()) {
      if (Object.hasOwn(this, name)) continue;
      Object.defineProperty(this, name, { get: () => this.part(name), configurable: true, enumerable: true });
    }
  }

  get #game(): { scenes?: { viewed?: SceneLike | null }; settings?: { get(ns: string, key: string): unknown } } {
    return this.#client.game as never;
  }

  /** The viewed scene (game.scenes.viewed), or null. */
  get scene(): SceneLike | null {
    return this.#game.scenes?.viewed ?? null;
  }

  /** A canvas is ready while a scene is viewed. */
  get ready(): boolean {
    return this.scene !== null;
  }

  /** The viewed scene's grid; null when none is viewed (core's `canvas.grid` is null before the first draw). */
  get grid(): SquareGrid | null {
    const scene = this.scene;
    if (!scene) return null;
    const grid = scene.grid ?? {};
    let diagonals: number = GRID_DIAGONALS.EQUIDISTANT;
    try {
      diagonals = Number(this.#game.settings?.get("core", "gridDiagonals") ?? diagonals);
    } catch {
      // A client without the setting (no system boot) keeps core's default.
    }
    const stamp = `${grid.size}|${grid.distance}|${grid.units}|${diagonals}`;
    return this.#cached("grid", scene, stamp, () => new SquareGrid({ size: grid.size, distance: grid.distance, units: grid.units, diagonals }));
  }

  /** A registered part for the viewed scene (rebuilt when the scene changes). */
  part<T = unknown>(name: string): T | null {
    const build = parts.get(name);
    const scene = this.scene;
    if (!build || !scene) return null;
    return this.#cached(name, scene, "", () => build(this)) as T;
  }

  #cached<T>(name: string, scene: SceneLike, stamp: string, build: () => T): T {
    const hit = this.#built.get(name);
    if (hit && hit.sceneId === scene.id && hit.stamp === stamp) return hit.value as T;
    const value = build();
    this.#built.set(name, { sceneId: scene.id, stamp, value });
    return value;
  }
}

const canvases = new WeakMap<object, WorldCanvas>();

/** The canvas of a client (one per client, made on first use). */
export function canvasOf(client: CanvasClient): WorldCanvas {
  let canvas = canvases.get(client);
  if (!canvas) canvases.set(client, (canvas = new WorldCanvas(client)));
  else if (canvas.partCount !== parts.size) canvas.attachParts();
  return canvas;
}

/**
 * Installs the `canvas` global: the current client's canvas, undefined outside a client (as
 * before a world is drawn). `current` resolves the client the code runs as.
 */
export function installCanvas(current: () => CanvasClient | undefined): void {
  Object.defineProperty(globalThis, "canvas", { get: () => {
    const client = current();
    return client ? canvasOf(client) : undefined;
  }, set: () => undefined, configurable: true });
}
