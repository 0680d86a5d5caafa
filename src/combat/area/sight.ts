/**
 * Line of sight on the map (issue 28 item 2): whether walls stand between two tokens, asked of
 * core's sight collision test, `CONFIG.Canvas.polygonBackends.sight.testCollision(origin,
 * destination, {type: "sight", mode: "any"})` (client/canvas/geometry/clockwise-sweep.mjs), from
 * the centre of one token to the centre of the other. Core tests against the walls of the scene
 * on the canvas, so two tokens on another scene (or no canvas, no backend) give "unknown", which
 * nobody holds against a cast or an attack. Sight spells refuse a "blocked" target; an attack
 * only hints that cover may apply (cover stays the attacker's declaration).
 */
import { configEntry, maybeCanvas, worldCollection } from "../../foundry";
import { gridSizeOf } from "../attack/geometry";

/** A token document as sight needs it (v13 TokenDocument: x/y pixels, width/height spaces). */
export interface SightToken {
  x: number;
  y: number;
  width?: number;
  height?: number;
  parent?: { id?: string | null; grid?: { size?: number } } | null;
}

export type SightVerdict = "clear" | "blocked" | "unknown";

interface CollisionBackend {
  testCollision(origin: { x: number; y: number }, destination: { x: number; y: number }, config: { type: string; mode: "any" }): unknown;
}

/** The scene the canvas shows (core's walls are that scene's). */
function viewedSceneId(): string | null {
  const canvasScene = maybeCanvas<{ scene?: { id?: string | null } | null }>()?.scene;
  if (canvasScene?.id) return canvasScene.id;
  return worldCollection<{ viewed?: { id?: string | null } | null }>("scenes")?.viewed?.id ?? null;
}

function documentOf(token: unknown): SightToken | null {
  const doc = ((token as { document?: unknown } | null)?.document ?? token) as SightToken | null;
  return doc && typeof doc.x === "number" && typeof doc.y === "number" ? doc : null;
}

/** A token's centre in scene pixels. */
export function tokenCentre(token: SightToken): { x: number; y: number } {
  const size = gridSizeOf(token);
  return { x: token.x + (Math.max(1, token.width ?? 1) * size) / 2, y: token.y + (Math.max(1, token.height ?? 1) * size) / 2 };
}

/**
 * Whether walls block sight from one token to another: "clear", "blocked", or "unknown" when it
 * cannot be asked (either token off the map, on another scene than the canvas's, no backend).
 * Accepts token documents or placeables.
 */
export function sightBetween(from: unknown, to: unknown): SightVerdict {
  const a = documentOf(from);
  const b = documentOf(to);
  if (!a || !b || !a.parent || a.parent !== b.parent) return "unknown";
  const viewed = viewedSceneId();
  if (!viewed || a.parent.id !== viewed) return "unknown";
  const backend = configEntry<{ polygonBackends?: { sight?: CollisionBackend } }>("Canvas")?.polygonBackends?.sight;
  if (typeof backend?.testCollision !== "function") return "unknown";
  try {
    return backend.testCollision(tokenCentre(a), tokenCentre(b), { type: "sight", mode: "any" }) ? "blocked" : "clear";
  } catch (error) {
    console.warn("ClockWork | the sight test failed", error);
    return "unknown";
  }
}
