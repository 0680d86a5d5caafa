/**
 * Counter pips on the token (issue 10 item 3): a small PIXI layer under each token of a
 * combatant in the viewed combat, redrawn when the token refreshes and when a combatant's
 * counters change. The layout is pure (pips.ts `tokenPipLayout`); only the drawing is here.
 */
import type { CounterState } from "../../rules";
import { countersOf } from "../turn-state";
import { tokenPipLayout, type PipState } from "./pips";
import { runtimeGlobal, viewedCombat } from "../../foundry";

/** Fill colours per pip state (the tracker's CSS uses the same hues). */
export const PIP_COLORS: Readonly<Record<PipState, number>> = { available: 0xf2c14e, reserved: 0x5aa9e6, spent: 0x3a3a3a };
const LAYER = "clockworkPips";

interface PixiGraphics {
  name: string | null;
  clear(): PixiGraphics;
  lineStyle(width: number, color: number, alpha?: number): PixiGraphics;
  beginFill(color: number, alpha?: number): PixiGraphics;
  drawCircle(x: number, y: number, r: number): PixiGraphics;
  endFill(): PixiGraphics;
  destroy(): void;
}

interface TokenObject {
  w: number;
  h: number;
  document: { id: string | null; combatant?: { system: { counters?: CounterState } } | null; inCombat?: boolean };
  children: { name?: string | null }[];
  addChild(child: PixiGraphics): unknown;
}

function countersForToken(token: TokenObject): CounterState | null {
  const combat = viewedCombat<{ started?: boolean; combatants?: Iterable<{ tokenId: string | null; system: { counters?: CounterState } }> }>();
  if (!combat?.started) return null;
  for (const c of combat.combatants ?? []) if (c.tokenId === token.document.id) return countersOf(c);
  return null;
}

/** Draws (or clears) the pips of one token. */
export function drawTokenPips(token: TokenObject): void {
  const PIXI = runtimeGlobal<{ Graphics: new () => PixiGraphics }>("PIXI");
  if (!PIXI) return;
  let layer = token.children.find((c) => c.name === LAYER) as PixiGraphics | undefined;
  const counters = countersForToken(token);
  if (!counters) {
    layer?.clear();
    return;
  }
  if (!layer) {
    layer = new PIXI.Graphics();
    layer.name = LAYER;
    token.addChild(layer);
  }
  layer.clear();
  for (const pip of tokenPipLayout(counters, { width: token.w, height: token.h })) {
    layer.lineStyle(1, 0x000000, 0.8).beginFill(PIP_COLORS[pip.state], pip.state === "spent" ? 0.5 : 1).drawCircle(pip.x, pip.y, pip.radius).endFill();
  }
}

function redrawCombatant(combatant: { token?: { object?: TokenObject | null } | null }): void {
  const token = combatant.token?.object;
  if (token) drawTokenPips(token);
}

export function registerTokenPips(): void {
  Hooks.on("refreshToken", ((token: TokenObject) => drawTokenPips(token)) as never);
  Hooks.on("updateCombatant", ((combatant: { token?: { object?: TokenObject | null } | null }) => redrawCombatant(combatant)) as never);
  Hooks.on("updateCombat", ((combat: { combatants?: Iterable<{ token?: { object?: TokenObject | null } | null }> }) => {
    for (const c of combat.combatants ?? []) redrawCombatant(c);
  }) as never);
  Hooks.on("deleteCombat", ((combat: { combatants?: Iterable<{ token?: { object?: TokenObject | null } | null }> }) => {
    for (const c of combat.combatants ?? []) {
      const token = c.token?.object;
      (token?.children.find((child) => child.name === LAYER) as PixiGraphics | undefined)?.clear();
    }
  }) as never);
}
