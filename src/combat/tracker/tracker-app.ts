/**
 * The combat tracker shows each combatant's initiative as gains (issue 21 item 4). The stored
 * initiative carries a fraction that only orders ties (5.33); core's tracker
 * (v13/v14 `client/applications/sidebar/tabs/combat-tracker.mjs`) writes it into an
 * `initiative-input`, with decimals as soon as one turn has them. The system's tracker prepares
 * each turn with the gains and no decimals instead of rewriting the rendered row: the same
 * override v14 systems use (`_prepareTurnContext`, e.g. RipCrypt, aspects-of-power on 14).
 * Its context menus add the minion band entries for a GM (./band-menu.ts, issue 20 item 3).
 */
import { shownGains, type InitiativeCombatantLike } from "../initiative";
import { bandEntries, encounterBandEntries, type MenuEntry } from "./band-menu";

export interface TurnContextLike {
  initiative: number | string | null;
  hasDecimals: boolean;
  [key: string]: unknown;
}

/** The turn as the system shows it: gains for a rolled initiative, never decimals. */
export function gainsTurn<T extends TurnContextLike>(turn: T, combatant: Pick<InitiativeCombatantLike, "initiative" | "system">): T {
  const gains = shownGains(combatant);
  if (gains !== null) turn.initiative = gains;
  turn.hasDecimals = false;
  return turn;
}

// A mixin base must take `any[]` (TS2545); core's constructor takes the application options.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TrackerBase = abstract new (...args: any[]) => {
  viewed?: unknown;
  _prepareTurnContext(combat: unknown, combatant: unknown, index: number): Promise<TurnContextLike>;
  _getEntryContextOptions?(): MenuEntry[];
  _getCombatContextOptions?(): MenuEntry[];
};

/** The system's tracker class, built on the running core's CombatTracker. */
export function clockworkTracker<B extends TrackerBase>(Base: B): B {
  abstract class ClockworkCombatTracker extends Base {
    override async _prepareTurnContext(combat: unknown, combatant: unknown, index: number): Promise<TurnContextLike> {
      const turn = await super._prepareTurnContext(combat, combatant, index);
      return gainsTurn(turn, combatant as Pick<InitiativeCombatantLike, "initiative" | "system">);
    }

    /** Core's combatant entries, then the minion band ones (GM only, ./band-menu.ts). */
    override _getEntryContextOptions(): MenuEntry[] {
      return [...(super._getEntryContextOptions?.() ?? []), ...bandEntries(() => (this.viewed ?? null) as never)];
    }

    /** Core's encounter entries, then "a band from the selected tokens". */
    override _getCombatContextOptions(): MenuEntry[] {
      return [...(super._getCombatContextOptions?.() ?? []), ...encounterBandEntries(() => (this.viewed ?? null) as never)];
    }
  }
  return ClockworkCombatTracker;
}
