/**
 * Walls and the sight collision test, as core v13/v14 have them, without a canvas.
 *
 * - The Wall document (common/documents/wall.mjs): `c` [x0, y0, x1, y1] in scene pixels; `light`,
 *   `move`, `sight`, `sound` as WALL_SENSE_TYPES (NONE 0, LIMITED 10, NORMAL 20, PROXIMITY 30,
 *   DISTANCE 40); `dir` WALL_DIRECTIONS (BOTH 0, LEFT 1, RIGHT 2); `door` WALL_DOOR_TYPES (NONE 0,
 *   DOOR 1, SECRET 2); `ds` WALL_DOOR_STATES (CLOSED 0, OPEN 1, LOCKED 2). GMs (and assistants)
 *   draw walls.
 * - `CONFIG.Canvas.polygonBackends[type].testCollision(origin, destination, {type, mode})`
 *   (client/canvas/geometry/clockwise-sweep.mjs, `PointSourcePolygon.testCollision` in
 *   client/canvas/geometry/shapes/source-polygon.mjs): `type` must be one of
 *   WALL_RESTRICTION_TYPES or it throws; an edge counts when its sense for `type` is not NONE
 *   (an open door's edge has none: canvas/placeables/wall.mjs creates it so), it is not
 *   collinear with the origin, and a one-directional wall is not facing away from the origin
 *   (`_testEdgeInclusion`, direction mode NORMAL: skipped when the origin lies on the wall's
 *   `dir` side, `Edge#orientPoint`). A crossing at the origin itself (t0 ≤ 0) does not count.
 *   `mode: "any"` is true at the first NORMAL edge crossed, or at the second LIMITED one (one
 *   limited wall is seen through, `_testCollision`); "all" gives the crossings sorted by
 *   distance (the first dropped when it is limited), "closest" the first of them or null.
 *
 * The walls are those of the scene this client views (`game.scenes.viewed`: core reads
 * `canvas.edges`, the edges of the scene on the canvas). Not modelled: proximity and distance
 * thresholds (treated as normal walls), elevation, the scene's outer bounds, darkness edges,
 * players opening doors.
 */
import { ArrayField, NumberField, ObjectField, DocumentIdField, type DataField } from "../fields";
import { WorldDocument, type DocumentMetadata } from "../documents/document";
import type { PlainObject } from "../utils";

export const WALL_SENSE_TYPES = Object.freeze({ NONE: 0, LIMITED: 10, NORMAL: 20, PROXIMITY: 30, DISTANCE: 40 });
export const WALL_DIRECTIONS = Object.freeze({ BOTH: 0, LEFT: 1, RIGHT: 2 });
export const WALL_DOOR_TYPES = Object.freeze({ NONE: 0, DOOR: 1, SECRET: 2 });
export const WALL_DOOR_STATES = Object.freeze({ CLOSED: 0, OPEN: 1, LOCKED: 2 });
export const WALL_RESTRICTION_TYPES = Object.freeze(["light", "sight", "sound", "move"]);

const sense = () => new NumberField({ required: true, nullable: false, integer: true, initial: WALL_SENSE_TYPES.NORMAL, validate: (v: unknown) => (Object.values(WALL_SENSE_TYPES) as unknown[]).includes(v) });

export class WallDocument extends WorldDocument {
  static override metadata: DocumentMetadata = {
    name: "Wall",
    collection: "walls",
    embedded: {},
    hasTypeData: false,
    permissions: { create: "ASSISTANT", update: "ASSISTANT", delete: "ASSISTANT" },
  };

  declare c: number[];
  declare sight: number;
  declare move: number;
  declare light: number;
  declare sound: number;
  declare dir: number;
  declare door: number;
  declare ds: number;

  static override defineSchema(): Record<string, DataField> {
    return {
      _id: new DocumentIdField(),
      c: new ArrayField(new NumberField({ required: true, nullable: false, integer: true }), {
        validate: (v: unknown) => {
          if (!Array.isArray(v) || v.length !== 4) throw new Error("must have exactly 4 coordinates");
          return true;
        },
      }),
      light: sense(),
      move: sense(),
      sight: sense(),
      sound: sense(),
      dir: new NumberField({ required: true, nullable: false, integer: true, initial: WALL_DIRECTIONS.BOTH, validate: (v: unknown) => [0, 1, 2].includes(v as number) }),
      door: new NumberField({ required: true, nullable: false, integer: true, initial: WALL_DOOR_TYPES.NONE, validate: (v: unknown) => [0, 1, 2].includes(v as number) }),
      ds: new NumberField({ required: true, nullable: false, integer: true, initial: WALL_DOOR_STATES.CLOSED, validate: (v: unknown) => [0, 1, 2].includes(v as number) }),
      flags: new ObjectField(),
    };
  }

  /** An open door lets everything through (Wall#isOpen). */
  get isOpen(): boolean {
    return this.door > WALL_DOOR_TYPES.NONE && this.ds === WALL_DOOR_STATES.OPEN;
  }
}

interface Point {
  x: number;
  y: number;
}

/** A wall's edge for one restriction type (client/canvas/edges/edge.mjs). */
interface Edge {
  a: Point;
  b: Point;
  sense: number;
  direction: number;
}

/** A crossing of the ray (client/canvas/geometry/edges/vertex.mjs PolygonVertex, reduced). */
export interface Collision extends Point {
  /** Fraction of the way from origin to destination. */
  distance: number;
  isLimited: boolean;
}

/** foundry.utils.orient2dFast: >0 when c is left of a→b (in screen coordinates), 0 collinear. */
function orient2d(a: Point, b: Point, c: Point): number {
  return (a.y - c.y) * (b.x - c.x) - (a.x - c.x) * (b.y - c.y);
}

/** foundry.utils.lineSegmentIntersection: where a→b crosses c→d, with t0 along a→b; null when they do not. */
function segmentIntersection(a: Point, b: Point, c: Point, d: Point): (Point & { t0: number }) | null {
  const denom = (d.y - c.y) * (b.x - a.x) - (d.x - c.x) * (b.y - a.y);
  if (denom === 0) return null;
  const t0 = ((d.x - c.x) * (a.y - c.y) - (d.y - c.y) * (a.x - c.x)) / denom;
  const t1 = ((b.x - a.x) * (a.y - c.y) - (b.y - a.y) * (a.x - c.x)) / denom;
  if (t0 < 0 || t0 > 1 || t1 < 0 || t1 > 1) return null;
  return { x: a.x + t0 * (b.x - a.x), y: a.y + t0 * (b.y - a.y), t0 };
}

function viewedWalls(): WallDocument[] {
  const game = (globalThis as { game?: { scenes?: { viewed?: { walls?: Iterable<WallDocument> } | null } } }).game;
  return [...(game?.scenes?.viewed?.walls ?? [])];
}

/** The edges of the viewed scene's walls that block `type` as seen from `origin`. */
function edgesFor(type: string, origin: Point): Edge[] {
  const edges: Edge[] = [];
  for (const wall of viewedWalls()) {
    const [x0, y0, x1, y1] = wall.c;
    const senseValue = wall.isOpen ? WALL_SENSE_TYPES.NONE : Number((wall as unknown as PlainObject)[type]);
    if (senseValue === WALL_SENSE_TYPES.NONE) continue;
    const edge: Edge = { a: { x: x0, y: y0 }, b: { x: x1, y: y1 }, sense: senseValue, direction: wall.dir };
    const o = orient2d(edge.a, edge.b, origin);
    if (!o) continue;
    // Edge#orientPoint: LEFT when the point is on the positive side.
    const side = o > 0 ? WALL_DIRECTIONS.LEFT : WALL_DIRECTIONS.RIGHT;
    if (edge.direction && side === edge.direction) continue;
    edges.push(edge);
  }
  return edges;
}

/** The sight (and move, light, sound) polygon backend's collision test, for `CONFIG.Canvas.polygonBackends`. */
export class ClockwiseSweepPolygon {
  static testCollision(origin: Point, destination: Point, { mode = "all", type }: { mode?: "any" | "all" | "closest"; type?: string } = {}): boolean | Collision | Collision[] | null {
    if (!type || !WALL_RESTRICTION_TYPES.includes(type)) throw new Error("A valid wall restriction type is required for testCollision.");
    const from = { x: Math.round(origin.x), y: Math.round(origin.y) };
    const to = { x: Math.round(destination.x), y: Math.round(destination.y) };
    const collisions = new Map<string, Collision>();
    for (const edge of edgesFor(type, from)) {
      const x = segmentIntersection(from, to, edge.a, edge.b);
      if (!x || x.t0 <= 0) continue;
      const limited = edge.sense === WALL_SENSE_TYPES.LIMITED;
      if (mode === "any" && (!limited || collisions.size)) return true;
      const key = `${Math.round(x.x)},${Math.round(x.y)}`;
      const known = collisions.get(key);
      // A vertex where a normal edge meets a limited one is not limited.
      if (known) known.isLimited &&= limited;
      else collisions.set(key, { x: x.x, y: x.y, distance: x.t0, isLimited: limited });
    }
    if (mode === "any") return false;
    const sorted = [...collisions.values()].sort((a, b) => a.distance - b.distance);
    if (sorted[0]?.isLimited) sorted.shift();
    return mode === "all" ? sorted : (sorted[0] ?? null);
  }
}

/** CONFIG.Canvas as core sets it up (client/config.mjs: every polygon type is a ClockwiseSweepPolygon). */
export function canvasConfig(): PlainObject {
  return {
    polygonBackends: { sight: ClockwiseSweepPolygon, light: ClockwiseSweepPolygon, sound: ClockwiseSweepPolygon, move: ClockwiseSweepPolygon },
  };
}
