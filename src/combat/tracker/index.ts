/**
 * The combat tracker and the tokens show each combatant's counters (issue 10 item 3): after the
 * tracker renders (`renderCombatTracker`), every combatant row is decorated (./decorate.ts); the
 * initiative shows gains through the system's tracker class (./tracker-app.ts, CONFIG.ui.combat).
 * Tokens draw the same pips under the token
 * (token-pips.ts), synchronously as they refresh.
 */
import { decorateTracker } from "./decorate";
import { clockworkTracker } from "./tracker-app";
import { registerTokenPips } from "./token-pips";

/** Registers the tracker and token decorations. */
export function registerTracker(): void {
  // The tracker's initiative shows gains: its turns are prepared so (tracker-app.ts).
  const Base = (foundry.applications as unknown as { sidebar?: { tabs?: { CombatTracker?: never } } }).sidebar?.tabs?.CombatTracker;
  const ui = (CONFIG as unknown as { ui?: Record<string, unknown> }).ui;
  if (Base && ui) ui.combat = clockworkTracker(Base);
  Hooks.on("renderCombatTracker", ((app: { viewed?: unknown }, html: HTMLElement) => {
    const combat = app.viewed ?? null;
    if (!combat) return;
    decorateTracker(html, combat as never).catch((error: unknown) => console.error(error));
  }) as never);
  registerTokenPips();
}
