/**
 * The system's Combat (issue 10 items 2, 3, 8, 12): ClockWork initiative, and the per-turn
 * bookkeeping that runs once, on the designated GM, through v13's turn events —
 * `_onEndTurn` (pass, end-of-turn checks of that combatant only), `_onStartTurn` (counters,
 * condition ticks, death roll; everyone defenseless when the combat starts), `_onEnter` (late
 * combatants defenseless), going back (the undone turn changes are restored) and the end of the
 * combat (stabilized creatures are back). The writes are planned in ../turns.ts.
 */
import { localize } from "../../foundry";
import { applyRollMode, currentRollMode } from "../../dice/roll-mode";
import { renderTemplate } from "../../applications/ui";
import {
  applyEndOfTurn, endCheckSucceeds, type EndOfTurnCheck, type InitiativeSkill, type TurnEvent,
} from "../../rules";
import { TURN_TEMPLATES } from "../templates";
import { activeStatuses, addStatus, removeStatus, type StatusActor } from "../conditions";
import { INITIATIVE_CARD_TEMPLATE, initiativeCardContext, planInitiative, shownGains, withFoundryDice, type InitiativeCombatantLike } from "../initiative";
import { requestDeathRoll, requestEndChecks, type EndCheckResults, type PromptActor } from "../prompts";
import {
  joinUpdate, planCombatStart, planRewind, planTurnChange, pushHistory, turnStamp,
  type RewindPlan, type TurnCombatant, type TurnHistoryEntry, type TurnPlan,
} from "../turns";

export const QUERY_INITIATIVE = "clockwork.rollInitiative";

/** An actor whose used species abilities (`flags.clockwork.speciesSpent`) may be recharged. */
interface RechargeActor {
  flags?: { clockwork?: { speciesSpent?: Record<string, unknown> } };
  update(changes: object): Promise<unknown>;
}

/** Every used species ability ready again (the end of combat, docs/rulings.md 89). */
async function rechargeAll(actor: RechargeActor): Promise<void> {
  const spent = Object.entries(actor.flags?.clockwork?.speciesSpent ?? {}).filter(([, value]) => value !== false && value !== null && value !== undefined);
  if (spent.length) await actor.update(Object.fromEntries(spent.map(([key]) => [`flags.clockwork.speciesSpent.${key}`, false])));
}
export const TICK_TEMPLATE = TURN_TEMPLATES.turnNote;

type AnyCombatant = Combatant.Implementation & TurnCombatant & InitiativeCombatantLike;

interface History {
  round: number | null;
  turn: number | null;
  combatantId: string | null;
}

function isActiveGM(): boolean {
  return (game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined)?.activeGM?.isSelf === true;
}

/** Rolls `count` d12 with Foundry's dice (so Dice So Nice and roll modes see them). */
async function rollD12(count: number): Promise<{ roll: Roll; faces: number[] }> {
  const roll = await new Roll(`${count}d12`).evaluate();
  const faces = roll.dice.flatMap((die) => die.results.map((r) => r.result));
  return { roll, faces };
}

export interface RollInitiativeOptions {
  /** The skill to roll against per combatant id (default: its stored pick, else the better rank). */
  skills?: Record<string, InitiativeSkill | undefined>;
  /** Post the chat card (default true). */
  chat?: boolean;
}

export class ClockworkCombat extends Combat {
  get #combatants(): AnyCombatant[] {
    return this.combatants.contents as AnyCombatant[];
  }

  #stamp(): number {
    return turnStamp(this.round, this.turn);
  }

  // ---------------------------------------------------------------- initiative

  /**
   * Rolls initiative for the given combatants (ClockWork: 12 d12 against Agility or Intuition,
   * roll-offs until no tie is left, companions after their controller) and posts one chat card.
   * A player's call is made by the active GM, who may rewrite every combatant's order.
   */
  override async rollInitiative(ids: string | string[], options: RollInitiativeOptions & Record<string, unknown> = {}): Promise<this> {
    const list = typeof ids === "string" ? [ids] : [...ids];
    if (!game.user?.isGM) {
      const gm = (game.users as unknown as { activeGM?: { query(n: string, d: object): Promise<unknown> } | null }).activeGM;
      if (!gm) {
        ui.notifications?.warn(localize("CLOCKWORK.Combat.Turns.NoGM"));
        return this;
      }
      await gm.query(QUERY_INITIATIVE, { combatId: this.id, ids: list, skills: options.skills ?? {}, userId: game.user?.id });
      return this;
    }
    const all = this.#combatants;
    const { result: plan, rolls } = await withFoundryDice((roller) => planInitiative(all, list, roller, { skills: options.skills }), rollD12);
    // The combatant whose turn it is keeps it after the order changes, and no turn event fires
    // (core's rollInitiative: `combatTurn` with `turnEvents: false`).
    if (plan.updates.length) await this.updateEmbeddedDocuments("Combatant", plan.updates as never, { combatTurn: this.#turnAfter(plan.updates), turnEvents: false } as never);
    for (const id of plan.skipped) ui.notifications?.warn(localize("CLOCKWORK.Combat.Turns.Initiative.NoRanks", { name: this.combatants.get(id)?.name ?? id }));
    if (options.chat !== false && (plan.rolls.length || plan.companions.length)) await this.#postInitiative(plan, rolls as Roll[]);
    return this;
  }

  /** The current combatant's index once `updates` have re-sorted the turns (core's order: initiative, then id). */
  #turnAfter(updates: readonly Record<string, unknown>[]): number | undefined {
    const current = this.combatant?.id;
    if (!this.started || !current) return undefined;
    const changed = new Map(updates.map((u) => [u._id as string, u.initiative as number]));
    const value = (c: AnyCombatant) => {
      const initiative = changed.get(c.id as string) ?? c.initiative;
      return typeof initiative === "number" && Number.isFinite(initiative) ? initiative : -Infinity;
    };
    const sorted = [...this.#combatants].sort((a, b) => value(b) - value(a) || ((a.id as string) > (b.id as string) ? 1 : -1));
    return sorted.findIndex((c) => c.id === current);
  }

  async #postInitiative(plan: ReturnType<typeof planInitiative>, rolls: Roll[]): Promise<void> {
    const names: Record<string, string> = {};
    const gains: Record<string, number | null> = {};
    for (const c of this.#combatants) {
      names[c.id as string] = c.name ?? "";
      gains[c.id as string] = shownGains(c);
    }
    const content = await renderTemplate(INITIATIVE_CARD_TEMPLATE, initiativeCardContext(plan, names, gains));
    const first = this.combatants.get(plan.rolls[0]?.id ?? "");
    const data = applyRollMode({
      speaker: ChatMessage.getSpeaker({ actor: (first?.actor ?? undefined) as never, alias: plan.rolls.length === 1 ? undefined : localize("CLOCKWORK.Combat.Turns.Initiative.Title") } as never),
      rolls,
      content,
      sound: CONFIG.sounds?.dice,
      flags: { clockwork: { initiative: { combatId: this.id, order: plan.order } } },
    }, currentRollMode());
    await ChatMessage.implementation.create(data as never);
  }

  /** The GM side of a player's initiative roll: only combatants that user owns. */
  static async answerInitiative(data: { combatId: string; ids: string[]; skills?: Record<string, InitiativeSkill>; userId: string }): Promise<boolean> {
    const combat = game.combats?.get(data.combatId) as unknown as ClockworkCombat | undefined;
    const user = game.users?.get(data.userId);
    if (!combat || !user) return false;
    const ids = data.ids.filter((id) => combat.combatants.get(id)?.testUserPermission(user as never, "OWNER"));
    if (!ids.length) return false;
    await combat.rollInitiative(ids, { skills: data.skills });
    return true;
  }

  // ---------------------------------------------------------------- turn events (designated GM)

  protected override async _onEndTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void> {
    await super._onEndTurn(combatant, context);
    if (context.skipped) return;
    // The round of the turn that ended (a wrap has already moved `this.round` on).
    const plan = planTurnChange(this.#combatants, { from: combatant.id as string, to: null, round: context.round ?? this.round }, this.#stamp());
    await this.#apply(plan);
  }

  protected override async _onStartTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void> {
    await super._onStartTurn(combatant, context);
    if (context.skipped) return;
    const previous = this.previous as History | undefined;
    const starting = context.round === 1 && (previous?.round ?? 0) === 0;
    const plan = starting
      ? planCombatStart(this.#combatants, combatant.id as string, this.#stamp(), context.round)
      : planTurnChange(this.#combatants, { from: null, to: combatant.id as string, round: context.round }, this.#stamp());
    await this.#apply(plan);
  }

  /** A combatant added to a running combat is defenseless until its first turn. */
  protected override async _onEnter(combatant: Combatant.Implementation): Promise<void> {
    // Entering with the combat's creation (no previous state yet): the start of combat sets everyone.
    const creating = this.previous === undefined;
    await super._onEnter(combatant);
    if (!this.started || creating) return;
    const update = joinUpdate(combatant as AnyCombatant);
    if (update) await this.updateEmbeddedDocuments("Combatant", [update] as never);
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
      if (to < from) await this.#applyRewind(planRewind(this.#combatants, to));
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
    for (const combatant of this.#combatants) {
      const actor = combatant.actor as unknown as (StatusActor & RechargeActor) | null;
      if (!actor) continue;
      removeStatus(actor, "stabilized").catch((error: unknown) => console.error(error));
      rechargeAll(actor).catch((error: unknown) => console.error(error));
    }
  }

  // ---------------------------------------------------------------- writes

  #actorOf(combatantId: string): (StatusActor & PromptActor & { update(c: object, o?: object): Promise<unknown> }) | null {
    return (this.combatants.get(combatantId)?.actor ?? null) as never;
  }

  async #applyHealthAndStatuses(plan: Pick<TurnPlan, "health" | "statuses">): Promise<void> {
    for (const { combatantId, changes } of plan.health) {
      const actor = this.#actorOf(combatantId);
      const health = Object.fromEntries(Object.entries(changes).map(([k, v]) => [`system.health.${k}`, v]));
      await actor?.update(health);
    }
    for (const { combatantId, add, remove } of plan.statuses) {
      const actor = this.#actorOf(combatantId);
      if (!actor) continue;
      for (const id of remove) await removeStatus(actor, id);
      for (const status of add) {
        const { id, ...data } = status;
        await addStatus(actor, id, { data });
      }
    }
  }

  async #apply(plan: TurnPlan): Promise<void> {
    if (plan.combatants.length) await this.updateEmbeddedDocuments("Combatant", plan.combatants as never);
    await this.#applyHealthAndStatuses(plan);
    await this.#announce(plan.events);
    for (const prompt of plan.prompts) {
      const actor = this.#actorOf(prompt.combatantId);
      if (!actor) continue;
      // Becoming dying is followed from the health write (../dying.ts); the rest is asked here.
      if (prompt.kind === "deathRoll" && prompt.reason !== "dying") void this.#background(requestDeathRoll(actor, prompt.reason));
    }
    const checks = plan.prompts.filter((p) => p.kind === "endCheck");
    if (checks.length) {
      const combatantId = checks[0].combatantId;
      void this.#background(this.#endChecks(combatantId, checks.map((p) => (p as { check: EndOfTurnCheck }).check)));
    }
  }

  /** Prompts run on after the turn changed (a player may take a moment to roll). */
  async #background(work: Promise<unknown>): Promise<void> {
    try {
      await work;
    } catch (error) {
      console.error(error);
    }
  }

  /** End-of-turn checks: the owner (or GM) rolls, then the GM ends what succeeded. */
  async #endChecks(combatantId: string, checks: EndOfTurnCheck[]): Promise<void> {
    const actor = this.#actorOf(combatantId);
    if (!actor) return;
    const results: EndCheckResults = await requestEndChecks(actor, checks);
    await this.applyEndChecks(combatantId, checks, results);
  }

  /**
   * Applies end-of-turn results on the GM: successes end their status (Frozen becomes Chilled),
   * and the change is kept so going back restores it.
   */
  async applyEndChecks(combatantId: string, checks: readonly EndOfTurnCheck[], results: EndCheckResults): Promise<{ removed: string[]; added: string[] }> {
    const combatant = this.combatants.get(combatantId) as AnyCombatant | undefined;
    const actor = this.#actorOf(combatantId);
    if (!combatant || !actor) return { removed: [], added: [] };
    const outcomes = checks.map((check, i) => {
      const dice = results[i];
      return { check, success: Array.isArray(dice) && dice.length === check.rolls && endCheckSucceeds(check, dice) };
    });
    const statuses = activeStatuses(actor);
    const { removed, added, recharged } = applyEndOfTurn(statuses, outcomes);
    // A recharged species ability is usable again (RULING 68).
    if (recharged.length) await (actor as unknown as RechargeActor).update(Object.fromEntries(recharged.map((key) => [`flags.clockwork.speciesSpent.${key}`, false])));
    if (!removed.length && !added.length) return { removed, added };
    const entry: TurnHistoryEntry = { stamp: this.#stamp(), removed: statuses.filter((s) => removed.includes(s.id)), added };
    await this.updateEmbeddedDocuments("Combatant", [{ _id: combatantId, "system.history": pushHistory((combatant.system.history ?? []) as TurnHistoryEntry[], entry) }] as never);
    await this.#applyHealthAndStatuses({ health: [], statuses: [{ combatantId, add: added.map((id) => ({ id })), remove: removed }] });
    return { removed, added };
  }

  async #applyRewind(plan: RewindPlan): Promise<void> {
    if (plan.combatants.length) await this.updateEmbeddedDocuments("Combatant", plan.combatants as never);
    await this.#applyHealthAndStatuses(plan);
  }

  /** A short public note of what the turn change did (ticks, lost turns, ended statuses). */
  async #announce(events: readonly TurnEvent[]): Promise<void> {
    const lines: { name: string; text: string }[] = [];
    for (const event of events) {
      const name = this.combatants.get(event.combatantId)?.name ?? "";
      if (event.kind === "ticked") {
        const sources = event.sources.map((s) => localize(s.startsWith("persistent") ? `CLOCKWORK.Conditions.Status.${s}` : `CLOCKWORK.Condition.${s}`)).join(", ");
        lines.push({ name, text: localize("CLOCKWORK.Conditions.Tick", { hits: event.hits, sources }) });
      } else if (event.kind === "turnLost") {
        lines.push({ name, text: localize(`CLOCKWORK.Combat.Turns.Lost.${event.reason}`) });
      } else if (event.kind === "statusEnded") {
        lines.push({ name, text: localize("CLOCKWORK.Conditions.Ended", { status: localize(`CLOCKWORK.Condition.${event.statusId}`) }) });
      }
    }
    if (!lines.length) return;
    const content = await renderTemplate(TICK_TEMPLATE, { lines });
    await ChatMessage.implementation.create({ content, speaker: { alias: localize("CLOCKWORK.Combat.Turns.Title") }, flags: { clockwork: { turnEvents: true } } } as never);
  }
}
