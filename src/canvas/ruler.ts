/**
 * The token ruler (issue 10 item 10; moved to src/canvas/ with the map, issue 28): while a combatant drags its token in a running combat, the
 * v13 `TokenRuler` colours the path by what it costs — runs and walks (2 counters each), steps
 * (1), crawls (1) — from the rules core's cheapest plan (`planMovement`), and in red where the
 * counters left no longer pay for it or the creature may not move at all. Diagonals count 2
 * spaces (§4.8), whatever the scene's diagonal rule. Outside combat the ruler is core's.
 * `registerTokenRuler()` (at `init`) makes the subclass below the token ruler.
 */
import { configEntry, foundryMember, maybeCanvas } from "../foundry";
import { movementActionBlocks, movementBlocks, moveSpaces, planMovement, requireCounters, type CounterState, type MoveBlock, type MoveMode, type MoveSpecials } from "../rules";

/** How one space of a path is drawn. */
export type SpaceBand = "run" | "walk" | "step" | "crawl" | "over" | "blocked";

/** The colours of each band (RGB numbers for PIXI). */
export const BAND_COLORS: Readonly<Record<SpaceBand, number>> = {
  run: 0x2e8b57,
  walk: 0x3a86c8,
  step: 0xd8a21b,
  crawl: 0xc7702a,
  over: 0xc0392b,
  blocked: 0x7f1d1d,
};

/** What the ruler knows of the moving creature. */
export interface RulerMover {
  speeds: { run: number; walk: number };
  counters: CounterState;
  blocks?: Record<MoveMode, MoveBlock | null>;
  stunned?: boolean;
}

/**
 * The band of every space of a path of `spaces` (index 0 = the first space moved into): the mode
 * of the plan's segment that covers it, "over" once the counters run out, "blocked" when the
 * creature may not move. The plan is the cheapest one for the whole path, as the move would be paid.
 */
export function pathBands(spaces: number, mover: RulerMover): SpaceBand[] {
  const total = Math.max(0, Math.floor(spaces));
  if (total === 0) return [];
  const plan = planMovement(total, mover.speeds, { blocks: mover.blocks, available: mover.counters.hadTurn && !mover.counters.passed ? mover.counters.available : 0, stunned: mover.stunned });
  const bands: SpaceBand[] = [];
  if (plan.blocked) return Array(total).fill("blocked");
  for (const segment of plan.segments) {
    for (let s = 0; s < segment.spaces; s++) bands.push(segment.affordable ? segment.mode : "over");
  }
  while (bands.length < total) bands.push("blocked");
  return bands.slice(0, total);
}

/** The band of the space `index` (0-based) of a path of `spaces`. */
export function bandAt(index: number, spaces: number, mover: RulerMover): SpaceBand | null {
  if (index < 0) return null;
  return pathBands(Math.max(spaces, index + 1), mover)[index] ?? null;
}

// ---------------------------------------------------------------- Foundry

export interface RulerToken {
  document?: { movementAction?: string };
  actor?: {
    statuses?: Set<string>;
    system?: { movement?: { run?: number; walk?: number }; encumbrance?: "none" | "encumbered" | "step-only" };
    items?: Iterable<{ type: string; flags?: Record<string, unknown> }>;
  } | null;
  combatant?: { combat?: { started?: boolean } | null; system?: { counters?: CounterState } } | null;
}

export interface Waypoint {
  x: number;
  y: number;
  previous?: Waypoint | null;
  next?: Waypoint | null;
  index?: number;
}

export interface GridLike {
  getOffset(point: { x: number; y: number }): { i: number; j: number };
}

/** The moving creature of a token in a running combat, or null (core's ruler then). */
export function rulerMover(token: RulerToken): RulerMover | null {
  const combatant = token.combatant;
  if (!combatant?.combat?.started || !combatant.system?.counters) return null;
  let counters: CounterState;
  try {
    counters = requireCounters(combatant.system.counters);
  } catch {
    return null;
  }
  const actor = token.actor;
  const movement = actor?.system?.movement;
  if (!movement || typeof movement.run !== "number" || typeof movement.walk !== "number") return null;
  const statuses = [...(actor?.statuses ?? [])];
  return {
    speeds: { run: movement.run, walk: movement.walk },
    counters,
    // Swimming and climbing (core's movement action) go at walk speed unless the species says run.
    blocks: movementActionBlocks(movementBlocks(statuses, { encumbrance: actor?.system?.encumbrance }), token.document?.movementAction, speciesMovement(actor?.items)),
    stunned: statuses.includes("stunned"),
  };
}

/** The species' movement specials (Froads swim and Lizardfolk climb at run speed): `flags.clockwork.movement`. */
export function speciesMovement(items: Iterable<{ type: string; flags?: Record<string, unknown> }> | undefined): MoveSpecials {
  for (const item of items ?? []) {
    if (item.type !== "species") continue;
    const movement = (item.flags?.clockwork as { movement?: unknown } | undefined)?.movement;
    return movement && typeof movement === "object" ? movement as MoveSpecials : {};
  }
  return {};
}

/** Spaces from the path's start to a grid offset reached from `waypoint.previous`. */
function spacesTo(grid: GridLike, waypoint: Waypoint, offset: { i: number; j: number }): number {
  const chain: Waypoint[] = [];
  for (let w: Waypoint | null | undefined = waypoint.previous; w; w = w.previous) chain.unshift(w);
  let spaces = 0;
  let last: { i: number; j: number } | null = null;
  for (const w of chain) {
    const here = grid.getOffset(w);
    if (last) spaces += moveSpaces(last, here);
    last = here;
  }
  return last ? spaces + moveSpaces(last, offset) : 0;
}

export type RulerStyle = { color?: number; alpha?: number; [key: string]: unknown };

/**
 * The style of a path's segment (`offset` null) or of a highlighted space: core's, coloured by
 * the band of that space when the token's creature moves in a running combat.
 */
export function rulerStyle(token: RulerToken, style: RulerStyle, waypoint: Waypoint, offset: { i: number; j: number } | null, g: GridLike | null): RulerStyle {
  const mover = rulerMover(token);
  if (!mover || !g || !waypoint.previous) return style;
  const target = offset ?? g.getOffset(waypoint);
  const spaces = spacesTo(g, waypoint, target);
  // The whole path is planned as one move, so each space shows the mode that pays for it.
  let last = waypoint;
  while (last.next) last = last.next;
  const total = Math.max(spaces, spacesTo(g, last, g.getOffset(last)));
  const band = spaces > 0 ? bandAt(spaces - 1, total, mover) : null;
  if (!band) return style;
  return { ...style, color: BAND_COLORS[band] };
}

interface TokenRulerClass {
  new (token: unknown): {
    token: RulerToken;
    _getSegmentStyle(waypoint: Waypoint): RulerStyle;
    _getGridHighlightStyle(waypoint: Waypoint, offset: { i: number; j: number }): RulerStyle;
  };
}

/** A TokenRuler subclass that colours the path by its cost in counters. */
export function createClockworkTokenRuler(Base: TokenRulerClass, grid: () => GridLike | null): TokenRulerClass {
  return class ClockworkTokenRuler extends Base {
    override _getSegmentStyle(waypoint: Waypoint): RulerStyle {
      return this.#style(super._getSegmentStyle(waypoint), waypoint, null);
    }

    override _getGridHighlightStyle(waypoint: Waypoint, offset: { i: number; j: number }): RulerStyle {
      return this.#style(super._getGridHighlightStyle(waypoint, offset), waypoint, offset);
    }

    #style(style: RulerStyle, waypoint: Waypoint, offset: { i: number; j: number } | null): RulerStyle {
      return rulerStyle(this.token, style, waypoint, offset, grid());
    }
  } as TokenRulerClass;
}

/** Makes the ruler the token ruler (v13+); a no-op where the class does not exist. */
export function registerTokenRuler(): void {
  const base = foundryMember<TokenRulerClass>("canvas.placeables.tokens.TokenRuler");
  const token = configEntry<{ rulerClass?: unknown }>("Token");
  if (!base || !token) return;
  token.rulerClass = createClockworkTokenRuler(base, () => maybeCanvas<{ grid?: GridLike }>()?.grid ?? null);
}
