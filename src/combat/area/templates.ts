/**
 * The ONE place that touches Foundry's area placeables (issue 10 item 7): v13 draws an area as a
 * MeasuredTemplate; v14 replaces templates with scene regions. Everything else asks this file to
 * draw an area, to list the tokens of a scene on the grid, and to remove what it drew, so the
 * v14 change touches this file only. Which spaces an area covers is the rules core's
 * (`areaOffsets`, `tokensInArea`); Foundry's template shapes are only drawn, never measured.
 */
import { areaOffsets, tokensInArea, type AreaShape, type GridOffset, type GridToken } from "../../rules";
import { gridSizeOf, tokenBox } from "../attack/geometry";
import { documentClass, releaseGeneration } from "../../foundry";

/** An area on the grid: its shape and its origin space. */
export interface AreaPlacement {
  shape: AreaShape;
  origin: { x: number; y: number };
}

/** A token document as areas need it. */
export interface AreaTokenDoc {
  id: string | null;
  uuid?: string;
  x: number;
  y: number;
  width?: number;
  height?: number;
  hidden?: boolean;
  actor?: unknown;
  parent?: { grid?: { size?: number } } | null;
}

/** A scene as areas need it. */
export interface AreaScene {
  id?: string | null;
  tokens: Iterable<AreaTokenDoc>;
  grid?: { size?: number };
  createEmbeddedDocuments?(name: string, data: object[]): Promise<{ id: string | null }[] | undefined>;
  deleteEmbeddedDocuments?(name: string, ids: string[]): Promise<unknown>;
}

/** The scene's tokens (with an actor) on the grid, keyed by document id. */
export function gridTokens(scene: AreaScene): { grid: GridToken[]; byId: Map<string, AreaTokenDoc> } {
  const grid: GridToken[] = [];
  const byId = new Map<string, AreaTokenDoc>();
  for (const token of scene.tokens) {
    if (!token.id || !token.actor) continue;
    const box = tokenBox(token, scene.grid?.size ?? gridSizeOf(token));
    grid.push({ id: token.id, x: box.x, y: box.y, size: Math.max(box.w, box.h) });
    byId.set(token.id, token);
  }
  return { grid, byId };
}

/** The tokens inside an area, in scene order. */
export function tokensInside(placement: AreaPlacement, scene: AreaScene): AreaTokenDoc[] {
  const { grid, byId } = gridTokens(scene);
  return tokensInArea(placement.shape, placement.origin, grid).map((id) => byId.get(id) as AreaTokenDoc);
}

/** The spaces an area covers, absolute. */
export function areaSpaces(placement: AreaPlacement): { x: number; y: number }[] {
  return areaOffsets(placement.shape).map((o: GridOffset) => ({ x: placement.origin.x + o.dx, y: placement.origin.y + o.dy }));
}

/** v13 MeasuredTemplate data that draws the area (pure): a circle, a 90° cone, a ray or a rectangle. */
export function templateData(placement: AreaPlacement, gridSize: number, user: string | null): Record<string, unknown> {
  const centre = (x: number, y: number) => ({ x: (x + 0.5) * gridSize, y: (y + 0.5) * gridSize });
  const base = { user, fillColor: "#d94f2a", flags: { clockwork: { area: true } } };
  const { shape, origin } = placement;
  switch (shape.shape) {
    case "radius":
      return { ...base, t: "circle", ...centre(origin.x, origin.y), distance: shape.radius + 0.5, direction: 0 };
    case "cone": {
      const direction = { east: 0, south: 90, west: 180, north: 270 }[shape.facing];
      return { ...base, t: "cone", ...centre(origin.x, origin.y), distance: shape.length + 0.5, direction, angle: 90 };
    }
    case "line":
    case "strafe": {
      const d = shape.direction;
      const length = shape.shape === "line" ? shape.length : 4;
      return { ...base, t: "ray", ...centre(origin.x, origin.y), distance: length + 0.5, direction: (Math.atan2(d.dy, d.dx) * 180) / Math.PI, width: 1 };
    }
    case "square":
      return { ...base, t: "rect", x: origin.x * gridSize, y: origin.y * gridSize, distance: Math.SQRT2 * shape.size, direction: 45 };
  }
}

/** Something drawn on the scene, and how to take it away. */
export interface DrawnArea {
  ids: string[];
  remove(): Promise<void>;
}

/**
 * Draws the area on the scene for everyone to see, when this Foundry and user can: a
 * MeasuredTemplate on v13; nothing on v14 (scene regions replace templates there) and nothing
 * in a world without templates. The spaces are the rules core's either way.
 */
export async function drawArea(placement: AreaPlacement, scene: AreaScene | null): Promise<DrawnArea | null> {
  const generation = releaseGeneration();
  const hasTemplates = documentClass("MeasuredTemplate") !== undefined;
  if (!scene || generation >= 14 || !hasTemplates || typeof scene.createEmbeddedDocuments !== "function") return null;
  const size = scene.grid?.size ?? 100;
  try {
    const created = await scene.createEmbeddedDocuments("MeasuredTemplate", [templateData(placement, size, game.user?.id ?? null)]);
    const ids = (created ?? []).map((d) => d.id).filter((id): id is string => !!id);
    // Core refuses a creation by resolving an empty array, not by throwing.
    if (!ids.length) return null;
    return {
      ids,
      remove: async () => {
        // A refused deletion resolves an empty array; the template then stays for the GM to remove.
        const removed = await scene.deleteEmbeddedDocuments?.("MeasuredTemplate", ids);
        if (Array.isArray(removed) && removed.length === 0) console.warn("ClockWork | the area's template could not be removed", ids);
      },
    };
  } catch (error) {
    console.warn("ClockWork | could not draw the area", error);
    return null;
  }
}
