/**
 * The ONE place that touches Foundry's area placeables (issue 10 item 7, issue 21 item 1): v13
 * draws an area as a MeasuredTemplate; v14 replaced templates with scene regions and draws a
 * Region of the same shape. Everything else asks this file to
 * draw an area, to list the tokens of a scene on the grid, and to remove what it drew, so the
 * v14 change touches this file only. Which spaces an area covers is the rules core's
 * (`areaOffsets`, `tokensInArea`); Foundry's template shapes are only drawn, never measured.
 */
import { areaOffsets, tokensInArea, type AreaShape, type GridOffset, type GridToken } from "../../rules";
import { gridSizeOf, tokenBox } from "../attack/geometry";
import { currentUser, documentClass, releaseGeneration } from "../../foundry";

/** The colour an area is drawn in when its user has none. */
const AREA_COLOR = "#d94f2a";

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
  // v13 names the template's creator `author` (it migrates the older `user`).
  const base = { author: user, fillColor: AREA_COLOR, flags: { clockwork: { area: true } } };
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

/**
 * v14 Region data that draws the area (pure): one shape in scene pixels, as v14 systems draw
 * their templates (foundryvtt/dnd5e module/canvas/template-placement.mjs: `circle` {x, y,
 * radius}, `cone` {x, y, radius, angle, rotation}, `line` {x, y, length, width, rotation},
 * `rectangle` {x, y, width, height}), flagged `core.MeasuredTemplate` as a template region.
 */
export function regionData(placement: AreaPlacement, gridSize: number, name: string, color: string | null): Record<string, unknown> {
  const centre = (x: number, y: number) => ({ x: (x + 0.5) * gridSize, y: (y + 0.5) * gridSize });
  const { shape, origin } = placement;
  let data: Record<string, unknown>;
  switch (shape.shape) {
    case "radius":
      data = { type: "circle", ...centre(origin.x, origin.y), radius: (shape.radius + 0.5) * gridSize };
      break;
    case "cone": {
      const rotation = { east: 0, south: 90, west: 180, north: 270 }[shape.facing];
      data = { type: "cone", ...centre(origin.x, origin.y), radius: (shape.length + 0.5) * gridSize, angle: 90, rotation };
      break;
    }
    case "line":
    case "strafe": {
      const d = shape.direction;
      const length = shape.shape === "line" ? shape.length : 4;
      data = { type: "line", ...centre(origin.x, origin.y), length: (length + 0.5) * gridSize, width: gridSize, rotation: (Math.atan2(d.dy, d.dx) * 180) / Math.PI };
      break;
    }
    case "square":
      data = { type: "rectangle", x: origin.x * gridSize, y: origin.y * gridSize, width: shape.size * gridSize, height: shape.size * gridSize, rotation: 0 };
      break;
  }
  return {
    name, color: color ?? AREA_COLOR, shapes: [{ hole: false, ...data }],
    // CONST.REGION_VISIBILITY.ALWAYS: everyone sees where the area fell.
    visibility: 2, highlightMode: "coverage",
    flags: { clockwork: { area: true }, core: { MeasuredTemplate: true } },
  };
}

/** Something drawn on the scene, and how to take it away. */
export interface DrawnArea {
  /** "Region" on v14, "MeasuredTemplate" on v13. */
  documentName: string;
  ids: string[];
  remove(): Promise<void>;
}

/** What this Foundry draws an area with: a Region on v14 (templates are gone), a MeasuredTemplate on v13. */
export function areaDocumentName(): "Region" | "MeasuredTemplate" | null {
  if (releaseGeneration() >= 14) return documentClass("Region") !== undefined ? "Region" : null;
  return documentClass("MeasuredTemplate") !== undefined ? "MeasuredTemplate" : null;
}

/**
 * Draws the area on the scene for everyone to see, when this Foundry and user can: a scene
 * Region on v14, a MeasuredTemplate on v13; nothing in a world without either. The spaces (and
 * so the targets) are the rules core's either way: the drawing is never measured.
 */
export async function drawArea(placement: AreaPlacement, scene: AreaScene | null, label?: string, options: { preview?: boolean } = {}): Promise<DrawnArea | null> {
  const documentName = areaDocumentName();
  if (!scene || !documentName || typeof scene.createEmbeddedDocuments !== "function") return null;
  const size = scene.grid?.size ?? 100;
  const user = currentUser<{ id: string | null; name?: string; color?: unknown }>();
  // A user's colour is a Color on core (its string is the CSS hex), a string in older data.
  const color = user?.color ? String(user.color) : null;
  const data = documentName === "Region" ? regionData(placement, size, label ?? user?.name ?? "", color) : templateData(placement, size, user?.id ?? null);
  // A dialog's preview is flagged so, and taken away when the dialog closes (./preview).
  if (options.preview) (data.flags as { clockwork: Record<string, unknown> }).clockwork.preview = true;
  try {
    const created = await scene.createEmbeddedDocuments(documentName, [data]);
    const ids = (created ?? []).map((d) => d.id).filter((id): id is string => !!id);
    // Core refuses a creation by resolving an empty array, not by throwing.
    if (!ids.length) return null;
    return {
      documentName,
      ids,
      remove: async () => {
        // A refused deletion resolves an empty array; the drawing then stays for the GM to remove.
        const removed = await scene.deleteEmbeddedDocuments?.(documentName, ids);
        if (Array.isArray(removed) && removed.length === 0) console.warn("ClockWork | the area's drawing could not be removed", ids);
      },
    };
  } catch (error) {
    console.warn("ClockWork | could not draw the area", error);
    return null;
  }
}
