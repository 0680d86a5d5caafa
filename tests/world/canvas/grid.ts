/**
 * The square grid (common/grid/square.mjs `SquareGrid`, common/grid/base.mjs `BaseGrid`, v13):
 * `size` pixels a space, `distance` units a space, offsets `{i: row, j: column}`, and
 * `measurePath` that counts a diagonal by the scene's rule (`core.gridDiagonals`,
 * CONST.GRID_DIAGONALS). Only what the system and the movement model read; hex and gridless
 * grids are not modelled.
 */

/** CONST.GRID_DIAGONALS (common/constants.mjs). */
export const GRID_DIAGONALS = Object.freeze({ EQUIDISTANT: 0, EXACT: 1, APPROXIMATE: 2, RECTILINEAR: 3, ALTERNATING_1: 4, ALTERNATING_2: 5, ILLEGAL: 6 });
/** CONST.GRID_TYPES (common/constants.mjs): only SQUARE is modelled. */
export const GRID_TYPES = Object.freeze({ GRIDLESS: 0, SQUARE: 1, HEXODDR: 2, HEXEVENR: 3, HEXODDQ: 4, HEXEVENQ: 5 });

export interface GridOffset {
  i: number;
  j: number;
}

export interface Point {
  x: number;
  y: number;
}

/** One leg of a measured path (base.mjs `GridMeasurePathResultSegment`). */
export interface MeasuredSegment {
  from: Point;
  to: Point;
  distance: number;
  spaces: number;
  diagonals: number;
  cost: number;
}

/** base.mjs `GridMeasurePathResult`. */
export interface MeasuredPath {
  segments: MeasuredSegment[];
  distance: number;
  spaces: number;
  diagonals: number;
  cost: number;
}

/** A cost function: core prices each grid step from its base cost (its distance), offsets and distance (`MovementActionCostFunction`). */
export type StepCost = (baseCost: number, from: GridOffset, to: GridOffset, distance: number) => number;

export class SquareGrid {
  readonly type = GRID_TYPES.SQUARE;
  readonly size: number;
  readonly sizeX: number;
  readonly sizeY: number;
  readonly distance: number;
  readonly units: string;
  readonly diagonals: number;

  constructor({ size = 100, distance = 1, units = "", diagonals = GRID_DIAGONALS.EQUIDISTANT }: { size?: number; distance?: number; units?: string; diagonals?: number } = {}) {
    this.size = this.sizeX = this.sizeY = size;
    this.distance = distance;
    this.units = units;
    this.diagonals = diagonals;
  }

  get isSquare(): boolean {
    return true;
  }

  get isGridless(): boolean {
    return false;
  }

  get isHexagonal(): boolean {
    return false;
  }

  /** The space a point lies in (square.mjs `getOffset`: floor of the pixel over the size). */
  getOffset(coords: Point | GridOffset): GridOffset {
    if ("i" in coords) return { i: coords.i, j: coords.j };
    return { i: Math.floor(coords.y / this.size), j: Math.floor(coords.x / this.size) };
  }

  getTopLeftPoint(coords: Point | GridOffset): Point {
    const { i, j } = this.getOffset(coords);
    return { x: j * this.size, y: i * this.size };
  }

  getCenterPoint(coords: Point | GridOffset): Point {
    const { i, j } = this.getOffset(coords);
    return { x: (j + 0.5) * this.size, y: (i + 0.5) * this.size };
  }

  /** The eight neighbours (square.mjs `getAdjacentOffsets`). */
  getAdjacentOffsets(coords: Point | GridOffset): GridOffset[] {
    const { i, j } = this.getOffset(coords);
    const out: GridOffset[] = [];
    for (let di = -1; di <= 1; di++) for (let dj = -1; dj <= 1; dj++) if (di || dj) out.push({ i: i + di, j: j + dj });
    return out;
  }

  testAdjacency(a: Point | GridOffset, b: Point | GridOffset): boolean {
    const p = this.getOffset(a);
    const q = this.getOffset(b);
    return Math.max(Math.abs(p.i - q.i), Math.abs(p.j - q.j)) === 1;
  }

  /**
   * Measure a path through waypoints (square.mjs `_measurePath`): each leg moves diagonally
   * `min(|di|,|dj|)` times and straight for the rest; the diagonal rule decides what a diagonal
   * counts. The alternating rules carry their parity across legs, as core's does. `cost` is the
   * distance unless a cost function prices each step.
   */
  measurePath(waypoints: (Point | GridOffset)[], { cost }: { cost?: StepCost } = {}): MeasuredPath {
    const result: MeasuredPath = { segments: [], distance: 0, spaces: 0, diagonals: 0, cost: 0 };
    let parity = 0;
    for (let k = 1; k < waypoints.length; k++) {
      const a = this.getOffset(waypoints[k - 1]);
      const b = this.getOffset(waypoints[k]);
      const di = Math.abs(b.i - a.i);
      const dj = Math.abs(b.j - a.j);
      const diagonals = Math.min(di, dj);
      const straight = Math.max(di, dj) - diagonals;
      let spaces = straight;
      for (let d = 0; d < diagonals; d++) {
        spaces += this.#diagonalSpaces(parity);
        parity++;
      }
      if (this.diagonals === GRID_DIAGONALS.EXACT) spaces = straight + diagonals * Math.SQRT2;
      else if (this.diagonals === GRID_DIAGONALS.APPROXIMATE) spaces = straight + diagonals * 1.5;
      const distance = spaces * this.distance;
      const segmentCost = cost ? this.#stepCosts(a, b, cost) : distance;
      result.segments.push({ from: this.getCenterPoint(a), to: this.getCenterPoint(b), distance, spaces, diagonals, cost: segmentCost });
      result.distance += distance;
      result.spaces += spaces;
      result.diagonals += diagonals;
      result.cost += segmentCost;
    }
    return result;
  }

  #diagonalSpaces(parity: number): number {
    switch (this.diagonals) {
      case GRID_DIAGONALS.RECTILINEAR:
      case GRID_DIAGONALS.ILLEGAL:
        return 2;
      case GRID_DIAGONALS.ALTERNATING_1:
        return parity % 2 === 0 ? 1 : 2;
      case GRID_DIAGONALS.ALTERNATING_2:
        return parity % 2 === 0 ? 2 : 1;
      default:
        return 1;
    }
  }

  /** Prices a leg step by step (diagonal steps first, as `getDirectPath` walks a square grid's line closely enough here). */
  #stepCosts(a: GridOffset, b: GridOffset, cost: StepCost): number {
    let total = 0;
    let here = a;
    while (here.i !== b.i || here.j !== b.j) {
      const next = { i: here.i + Math.sign(b.i - here.i), j: here.j + Math.sign(b.j - here.j) };
      const diagonal = next.i !== here.i && next.j !== here.j;
      const distance = (diagonal ? this.#diagonalSpaces(0) : 1) * this.distance;
      total += cost(distance, here, next, distance);
      here = next;
    }
    return total;
  }
}
