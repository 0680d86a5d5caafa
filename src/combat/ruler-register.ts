/**
 * The token ruler's class (issue 10 item 10), registered at `init`: a v13 `TokenRuler` subclass
 * that colours a dragged path by what it costs. The colouring (./ruler.ts, the rules core's
 * movement plan) loads on first use and is fetched once the game is ready (./index.ts); until it
 * is here the ruler draws core's style and asks for it.
 */
import type { GridLike, RulerStyle, RulerToken, Waypoint, rulerStyle } from "./ruler";

type Styler = typeof rulerStyle;

let styler: Styler | null = null;
let pending: Promise<Styler> | null = null;

/** Loads the path colouring (once); the ruler uses it from then on. */
export function loadRulerStyle(): Promise<Styler> {
  pending ??= import("./ruler").then((ruler) => (styler = ruler.rulerStyle));
  pending.catch(() => {
    pending = null;
  });
  return pending;
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
      if (styler) return styler(this.token, style, waypoint, offset, grid());
      void loadRulerStyle().catch(() => null);
      return style;
    }
  } as TokenRulerClass;
}

/** Makes the ruler the token ruler (v13+); a no-op where the class does not exist. */
export function registerTokenRuler(): void {
  const base = (foundry as unknown as { canvas?: { placeables?: { tokens?: { TokenRuler?: TokenRulerClass } } } }).canvas?.placeables?.tokens?.TokenRuler;
  const token = (CONFIG as unknown as { Token?: { rulerClass?: unknown } }).Token;
  if (!base || !token) return;
  token.rulerClass = createClockworkTokenRuler(base, () => (globalThis as unknown as { canvas?: { grid?: GridLike } }).canvas?.grid ?? null);
}
