/**
 * Where an area attack lands (pure): the template of a weapon's area or fire mode, placed from
 * the attacker's space toward its aim point (issue 10 item 7). A radius and the 2×2 autofire
 * square sit on the aim point, the 4×1 strafe starts there and runs on away from the attacker;
 * cones and lines start from the attacker and point at it.
 */
import { fireModeArea, type AreaShape, type AttackMode, type Facing, type GridOffset } from "../../rules";
import type { GridBox } from "../attack/geometry";
import type { AreaPlacement } from "./templates";

/** A weapon's own area (grenade radius, flamethrower cone, line). */
export interface WeaponArea {
  shape: "radius" | "cone" | "line";
  size: number;
}

/** The facing of a cone from one space toward another: the larger axis wins (east/west on a tie). */
export function facingToward(from: { x: number; y: number }, to: { x: number; y: number }): Facing {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (Math.abs(dx) >= Math.abs(dy) && dx !== 0) return dx > 0 ? "east" : "west";
  if (dy !== 0) return dy > 0 ? "south" : "north";
  return "north";
}

/** The unit step (8 directions) from one space toward another. */
export function directionToward(from: { x: number; y: number }, to: { x: number; y: number }): GridOffset {
  const dx = Math.sign(to.x - from.x);
  const dy = Math.sign(to.y - from.y);
  return dx === 0 && dy === 0 ? { dx: 1, dy: 0 } : { dx, dy };
}

/** The centre-most space of a box (its top-left for one space). */
function anchor(box: GridBox): { x: number; y: number } {
  return { x: box.x + Math.floor((box.w - 1) / 2), y: box.y + Math.floor((box.h - 1) / 2) };
}

/**
 * The area of an attack: the weapon's own shape for area weapons, the fire mode's otherwise
 * (autofire 2×2, strafe 4×1, spray cone 3), placed from the attacker toward `aim`.
 */
export function placeArea(mode: AttackMode, weaponArea: WeaponArea | null, attacker: GridBox, aim: { x: number; y: number }): AreaPlacement {
  const from = anchor(attacker);
  const facing = facingToward(from, aim);
  const direction = directionToward(from, aim);
  let shape: AreaShape;
  if (mode === "autofire" || mode === "strafe" || mode === "spray") shape = fireModeArea(mode, { facing, direction });
  else if (weaponArea?.shape === "cone") shape = { shape: "cone", length: Math.max(1, weaponArea.size), facing };
  else if (weaponArea?.shape === "line") shape = { shape: "line", length: Math.max(1, weaponArea.size), direction };
  else shape = { shape: "radius", radius: Math.max(0, weaponArea?.size ?? 0) };
  switch (shape.shape) {
    case "radius":
    case "square":
    case "strafe":
      // Fired at a point: a strafe starts on the aim point and runs on away from the attacker.
      return { shape, origin: { ...aim } };
    default:
      // Cones and lines start from the attacker's own space (their offsets skip it).
      return { shape, origin: from };
  }
}
