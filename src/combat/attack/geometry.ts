/**
 * Where tokens stand, in grid spaces, and how far apart they are for range and reach. Range is
 * counted like a line template (docs/rulings.md): each space, straight or diagonal, counts 1 —
 * the 2-space diagonal of §4.8 is a movement cost only (digest RULING 62). A token covers
 * `width × height` spaces; the distance is between the nearest spaces two tokens cover, so
 * adjacent creatures are 1 apart whatever their size.
 */

/** A token's spaces: top-left column and row, width and height in spaces. */
export interface GridBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A token document's position fields (v13 TokenDocument: x/y in pixels, width/height in spaces). */
export interface TokenPosition {
  x: number;
  y: number;
  width?: number;
  height?: number;
}

/** Pixels per grid space: the scene's grid, else Foundry's default of 100. */
export function gridSizeOf(token: { parent?: { grid?: { size?: number } } | null } | null | undefined): number {
  const size = token?.parent?.grid?.size;
  return typeof size === "number" && size > 0 ? size : 100;
}

/** The spaces a token covers. */
export function tokenBox(token: TokenPosition, gridSize = 100): GridBox {
  return {
    x: Math.round(token.x / gridSize),
    y: Math.round(token.y / gridSize),
    w: Math.max(1, Math.round(token.width ?? 1)),
    h: Math.max(1, Math.round(token.height ?? 1)),
  };
}

function gap(aStart: number, aSize: number, bStart: number, bSize: number): number {
  return Math.max(0, bStart - (aStart + aSize - 1), aStart - (bStart + bSize - 1));
}

/** Spaces between the nearest spaces of two boxes (0 when they overlap, 1 when adjacent). */
export function spacesBetween(a: GridBox, b: GridBox): number {
  return Math.max(gap(a.x, a.w, b.x, b.w), gap(a.y, a.h, b.y, b.h));
}

/** Spaces from a box to one grid space (an area's target point). */
export function spacesToPoint(a: GridBox, point: { x: number; y: number }): number {
  return spacesBetween(a, { x: point.x, y: point.y, w: 1, h: 1 });
}
