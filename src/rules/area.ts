/**
 * Area attacks on the square grid (digest §4.9 "Area templates", RULINGS 4, 61, 62, 80): the
 * spaces of each template shape, which tokens an area covers, and one attack roll resolved
 * against every target's base defense. Shapes build on `radiusOffsets`, `coneOffsets` and
 * `lineOffsets`; resolution on `resolveAttack` and `attackOdds`.
 */
import { attackOdds, resolveAttack } from "./attack";
import type { AttackConditions, AttackInput, AttackRolls, AttackTarget, TargetOdds, TargetResult } from "./attack";
import { coneOffsets, lineOffsets, radiusOffsets } from "./combat";
import type { Facing, GridOffset } from "./combat";
import { requireInteger, requireKey, ruleError } from "./errors";

/** Autofire covers a 2×2 square; strafe a 4×1 line (§4.9). */
export const AUTOFIRE_SQUARE = 2;
export const STRAFE_LENGTH = 4;

/** An area template on the grid. Offsets are from the origin space (the target point, or the caster for cones and lines). */
export type AreaShape =
  | { shape: "radius"; radius: number }
  | { shape: "cone"; length: number; facing: Facing }
  | { shape: "line"; length: number; direction: GridOffset }
  /** Autofire: a size×size square whose top-left space is the origin. */
  | { shape: "square"; size: number }
  /** Strafe: a 4×1 line starting at the origin. */
  | { shape: "strafe"; direction: GridOffset };

/** The spaces a template covers, relative to its origin. */
export function areaOffsets(area: AreaShape): GridOffset[] {
  switch (area.shape) {
    case "radius":
      return radiusOffsets(area.radius);
    case "cone":
      return coneOffsets(area.length, area.facing);
    case "line":
      return lineOffsets(area.length, area.direction);
    case "square": {
      const size = requireInteger(area.size, "square size", "a square area is whole spaces wide, at least 1", 1);
      const cells: GridOffset[] = [];
      for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) cells.push({ dx, dy });
      return cells;
    }
    case "strafe":
      // The strafe line starts on its origin space, unlike a line from the caster.
      return [{ dx: 0, dy: 0 }, ...lineOffsets(STRAFE_LENGTH - 1, area.direction)];
    default:
      return ruleError("area shape", "must be radius, cone, line, square or strafe", "the templates of §4.9", (area as { shape: unknown }).shape);
  }
}

/** The template of an attack's fire mode: autofire 2×2, strafe 4×1, spray cone 3 (§4.9). */
export function fireModeArea(mode: "autofire" | "strafe" | "spray", orientation: { facing?: Facing; direction?: GridOffset } = {}): AreaShape {
  requireKey(mode, ["autofire", "strafe", "spray"], "fire mode", "autofire, strafe or spray (§4.9)");
  if (mode === "autofire") return { shape: "square", size: AUTOFIRE_SQUARE };
  if (mode === "strafe") return { shape: "strafe", direction: orientation.direction ?? { dx: 1, dy: 0 } };
  return { shape: "cone", length: 3, facing: orientation.facing ?? "north" };
}

/** A token on the grid: its top-left space and its size in spaces. */
export interface GridToken {
  id: string;
  x: number;
  y: number;
  /** Spaces wide and high (1 for Medium and smaller, 2 Large, 3 Huge). */
  size?: number;
}

/**
 * The tokens an area covers, in input order: a token is inside when any space it occupies is
 * one of the area's spaces. `origin` is the template's origin space.
 */
export function tokensInArea(area: AreaShape, origin: { x: number; y: number }, tokens: readonly GridToken[]): string[] {
  requireInteger(origin.x, "origin x", "grid spaces are whole numbers");
  requireInteger(origin.y, "origin y", "grid spaces are whole numbers");
  const cells = new Set(areaOffsets(area).map((o) => `${origin.x + o.dx},${origin.y + o.dy}`));
  const inside: string[] = [];
  for (const token of tokens) {
    const size = requireInteger(token.size ?? 1, "token size", "a token covers whole spaces, at least 1", 1);
    requireInteger(token.x, "token x", "grid spaces are whole numbers");
    requireInteger(token.y, "token y", "grid spaces are whole numbers");
    let hit = false;
    for (let dy = 0; dy < size && !hit; dy++) {
      for (let dx = 0; dx < size && !hit; dx++) hit = cells.has(`${token.x + dx},${token.y + dy}`);
    }
    if (hit) inside.push(token.id);
  }
  return inside;
}

/** An area target: the attack target plus what the area itself decides. */
export interface AreaAttackTarget extends AttackTarget {
  /** Evasion moved it out of the area after a successful dodge: no damage at all (§3.2). */
  evadedOut?: boolean;
}

function asArea(input: AttackInput): AttackInput {
  const mode = input.options?.mode ?? "single";
  return mode === "single" ? { ...input, options: { ...input.options, mode: "area" } } : input;
}

/** Exact odds of an area attack for every target (one pool, base defense, half on a miss). */
export function areaOdds(input: AttackInput, targets: readonly AreaAttackTarget[]): TargetOdds[] {
  return attackOdds(asArea(input), targets);
}

/**
 * Resolves an area attack (RULINGS 4, 61, 80): one attack roll against each target's base
 * defense (Force Field and an Evasion dodge still count), one damage roll counted against each
 * target's resistance; hits take criticals, misses half the points and none; a missed target
 * with Force Field takes nothing; a target that evaded out of the area takes nothing.
 * Conditions land as `resolveAttack` says (on a hit, always, or by proc).
 */
export function resolveAreaAttack(input: AttackInput, targets: readonly AreaAttackTarget[], rolls: AttackRolls, extras: AttackConditions = {}): TargetResult[] {
  const results = resolveAttack(asArea(input), targets, rolls, extras);
  return results.map((result, i) => {
    if (!targets[i].evadedOut) return result;
    return {
      ...result,
      damage: { resistance: result.damage.resistance, armorPierced: 0, points: 0, criticals: 0, total: 0 },
      procs: { procs: 0, applied: [], unused: 0 },
      conditions: [],
    };
  });
}
