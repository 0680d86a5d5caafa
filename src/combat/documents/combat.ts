/**
 * The system's Combat (issue 10 items 2, 3, 8, 12): ClockWork initiative, and the per-turn
 * bookkeeping that runs once, on the designated GM, through v13's turn events —
 * `_onEndTurn` (pass, end-of-turn checks of that combatant only), `_onStartTurn` (counters,
 * condition ticks, death roll; everyone defenseless when the combat starts), `_onEnter` (late
 * combatants defenseless), going back (the undone turn changes are restored) and the end of the
 * combat (stabilized creatures are back). The class is registered at `init`; what each event
 * does loads on first use (./combat-impl.ts, issue 9), so each override reads the combat's state
 * it needs before waiting for that code.
 */
import type { EndOfTurnCheck, InitiativeSkill } from "../../rules";
import { loadCombatImpl } from "../load";
import type { EndCheckResults } from "../prompts";
import { turnStamp } from "../turn-state";

export const QUERY_INITIATIVE = "clockwork.rollInitiative";

interface History {
  round: number | null;
  turn: number | null;
  combatantId: string | null;
}

function isActiveGM(): boolean {
  return (game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined)?.activeGM?.isSelf === true;
}

export interface RollInitiativeOptions {
  /** The skill to roll against per combatant id (default: its stored pick, else the better rank). */
  skills?: Record<string, InitiativeSkill | undefined>;
  /** Post the chat card (default true). */
  chat?: boolean;
}

export class ClockworkCombat extends Combat {
  // ---------------------------------------------------------------- initiative

  /**
   * Rolls initiative for the given combatants (ClockWork: 12 d12 against Agility or Intuition,
   * roll-offs until no tie is left, companions after their controller) and posts one chat card.
   * A player's call is made by the active GM, who may rewrite every combatant's order.
   */
  override async rollInitiative(ids: string | string[], options: RollInitiativeOptions & Record<string, unknown> = {}): Promise<this> {
    await (await loadCombatImpl()).rollInitiative(this, ids, options);
    return this;
  }

  /** The GM side of a player's initiative roll: only combatants that user owns. */
  static async answerInitiative(data: { combatId: string; ids: string[]; skills?: Record<string, InitiativeSkill>; userId: string }): Promise<boolean> {
    return (await loadCombatImpl()).answerInitiative(data);
  }

  // ---------------------------------------------------------------- turn events (designated GM)

  protected override async _onEndTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void> {
    await super._onEndTurn(combatant, context);
    if (context.skipped) return;
    // The round of the turn that ended (a wrap has already moved `this.round` on).
    const round = context.round ?? this.round;
    const stamp = turnStamp(this.round, this.turn);
    await (await loadCombatImpl()).onEndTurn(this, combatant.id as string, round, stamp);
  }

  protected override async _onStartTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void> {
    await super._onStartTurn(combatant, context);
    if (context.skipped) return;
    const previous = this.previous as History | undefined;
    const at = { round: context.round, stamp: turnStamp(this.round, this.turn), starting: context.round === 1 && (previous?.round ?? 0) === 0 };
    await (await loadCombatImpl()).onStartTurn(this, combatant.id as string, at);
  }

  /** A combatant added to a running combat is defenseless until its first turn. */
  protected override async _onEnter(combatant: Combatant.Implementation): Promise<void> {
    // Entering with the combat's creation (no previous state yet): the start of combat sets everyone.
    const creating = this.previous === undefined;
    await super._onEnter(combatant);
    if (!this.started || creating) return;
    await (await loadCombatImpl()).onEnter(this, combatant);
  }

  /** Going back (previous turn or round) restores what the undone turn changes wrote. */
  protected override async _manageTurnEvents(): Promise<void> {
    // A combat created already started (a macro, an import) has no previous state yet: core's
    // field initializer leaves it unset and its turn events would read `previous.round`. Treat it
    // as starting from round 0, so the start-of-combat bookkeeping runs.
    if (!this.previous && this.started) (this as unknown as { previous: History & { tokenId: null } }).previous = { round: 0, turn: null, combatantId: null, tokenId: null };
    const previous = this.previous as History | undefined;
    if (isActiveGM() && previous && previous.round !== null) {
      const from = turnStamp(previous.round, previous.turn);
      const to = turnStamp(this.round, this.turn);
      if (to < from) await (await loadCombatImpl()).rewind(this, to);
    }
    return super._manageTurnEvents();
  }

  /**
   * The end of combat: stabilized creatures are no longer held out of the fight (§4.14) and used
   * species abilities are ready again (docs/rulings.md 89).
   */
  protected override _onDelete(options: Combat.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    if (!isActiveGM()) return;
    const actors = this.combatants.contents.map((combatant) => combatant.actor).filter((actor) => !!actor);
    loadCombatImpl().then((impl) => impl.onCombatDeleted(actors)).catch((error: unknown) => console.error(error));
  }

  /**
   * Applies end-of-turn results on the GM: successes end their status (Frozen becomes Chilled),
   * and the change is kept so going back restores it.
   */
  async applyEndChecks(combatantId: string, checks: readonly EndOfTurnCheck[], results: EndCheckResults): Promise<{ removed: string[]; added: string[] }> {
    return (await loadCombatImpl()).applyEndChecks(this, combatantId, checks, results);
  }
}
