/**
 * The combat tracker and the tokens show each combatant's counters (issue 10 item 3): after the
 * v13 tracker renders (`renderCombatTracker`), every combatant row is decorated (./decorate.ts).
 * Tokens draw the same pips under the token
 * (token-pips.ts), synchronously as they refresh.
 */
import { decorateTracker } from "./decorate";
import { registerTokenPips } from "./token-pips";

/** Registers the tracker and token decorations. */
export function registerTracker(): void {
  Hooks.on("renderCombatTracker", ((app: { viewed?: unknown }, html: HTMLElement) => {
    const combat = app.viewed ?? null;
    if (!combat) return;
    decorateTracker(html, combat as never).catch((error: unknown) => console.error(error));
  }) as never);
  registerTokenPips();
}
