/**
 * The system's Combat (issue 10 items 2, 3, 8, 12): ClockWork initiative, and the per-turn
 * bookkeeping that runs once, on the designated GM, through v13's turn events —
 * `_onEndTurn` (pass, end-of-turn checks of that combatant only), `_onStartTurn` (counters,
 * condition ticks, death roll; everyone defenseless when the combat starts), `_onEnter` (late
 * combatants defenseless), going back (the undone turn changes are restored) and the end of the
 * combat (stabilized creatures are back). The writes are planned in ../turns.ts.
 */
import { activeGM, askUser, isDesignatedGM, localize, notify, renderTemplate, worldCollection, type QueryUser } from "../../foundry";
import { NO_ANSWER, RELAY_TIMEOUT } from "../../relay";
import { applyRollMode, currentRollMode } from "../../dice/roll-mode";
import { applyEndOfTurn, endCheckSucceeds, type EndOfTurnCheck, type InitiativeSkill, type TurnEvent } from "../../rules";
import { TURN_TEMPLATES } from "../templates";
import { activeStatuses, addStatus, removeStatus, statusLabel, type StatusActor } from "../conditions";
import { INITIATIVE_CARD_TEMPLATE, initiativeCardContext, planInitiative, shownGains, withFoundryDice, type InitiativeCombatantLike } from "../initiative";
import { requestDeathRoll, requestEndChecks, type EndCheckResults, type PromptActor } from "../prompts";
import { isId, isRefusal, refusal, type QueryRefusal } from "../query-refusal";
import {
  joinUpdate, planCombatStart, planRewind, planTurnChange, pushHistory, turnStamp,
  type RewindPlan, type TurnCombatant, type TurnHistoryEntry, type TurnPlan,
} from "../turns";

export const QUERY_INITIATIVE = "clockwork.rollInitiative";

interface History {
  round: number | null;
  turn: number | null;
  combatantId: string | null;
}

export interface RollInitiativeOptions {
  /** The skill to roll against per combatant id (default: its stored pick, else the better rank). */
  skills?: Record<string, InitiativeSkill | undefined>;
  /** Post the chat card (default true). */
  chat?: boolean;
}


const TICK_TEMPLATE = TURN_TEMPLATES.turnNote;

/** An actor whose used species abilities (`flags.clockwork.speciesSpent`) may be recharged. */
interface RechargeActor {
  flags?: { clockwork?: { speciesSpent?: Record<string, unknown> } };
  update(changes: object): Promise<unknown>;
}

type AnyCombatant = Combatant.Implementation & TurnCombatant & InitiativeCombatantLike;
type WriteActor = StatusActor & PromptActor & { update(c: object, o?: object): Promise<unknown> };

function combatantsOf(combat: ClockworkCombat): AnyCombatant[] {
  return combat.combatants.contents as AnyCombatant[];
}

function stampOf(combat: ClockworkCombat): number {
  return turnStamp(combat.round, combat.turn);
}

function actorOf(combat: ClockworkCombat, combatantId: string): WriteActor | null {
  return (combat.combatants.get(combatantId)?.actor ?? null) as never;
}

/** Every used species ability ready again (the end of combat, docs/rulings.md 89). */
async function rechargeAll(actor: RechargeActor): Promise<void> {
  const spent = Object.entries(actor.flags?.clockwork?.speciesSpent ?? {}).filter(([, value]) => value !== false && value !== null && value !== undefined);
  if (spent.length) await actor.update(Object.fromEntries(spent.map(([key]) => [`flags.clockwork.speciesSpent.${key}`, false])));
}

// ---------------------------------------------------------------- initiative

/** Rolls `count` d12 with Foundry's dice (so Dice So Nice and roll modes see them). */
async function rollD12(count: number): Promise<{ roll: Roll; faces: number[] }> {
  const roll = await new Roll(`${count}d12`).evaluate();
  const faces = roll.dice.flatMap((die) => die.results.map((r) => r.result));
  return { roll, faces };
}

/**
 * `ClockworkCombat#rollInitiative`: a player's call is made by the active GM (roll-offs and the
 * order rewrite other combatants), for the player's own combatants that have not rolled yet.
 */
async function rollInitiative(combat: ClockworkCombat, ids: string | string[], options: RollInitiativeOptions = {}): Promise<void> {
  const list = typeof ids === "string" ? [ids] : [...ids];
  if (!game.user?.isGM) {
    const own = list.filter((id) => combat.combatants.get(id)?.isOwner);
    // Only the GM re-rolls a combatant that has initiative.
    const rolled = own.filter((id) => combat.combatants.get(id)?.initiative !== null);
    for (const id of rolled) notify("warn", "CLOCKWORK.Query.Refused.InitiativeSet", { name: combat.combatants.get(id)?.name ?? id });
    const asked = own.filter((id) => !rolled.includes(id));
    if (!asked.length) return;
    const gm = activeGM<QueryUser>();
    if (!gm) {
      notify("warn", "CLOCKWORK.Combat.Turns.NoGM");
      return;
    }
    const reply = await askUser(gm, QUERY_INITIATIVE, { combatId: combat.id, ids: asked, skills: options.skills ?? {}, userId: game.user?.id }, { timeout: RELAY_TIMEOUT });
    if (!reply.ok) {
      notify("warn", NO_ANSWER[reply.why]);
      return;
    }
    const answer = reply.value;
    if (isRefusal(answer)) notify("warn", answer.problem.key, answer.problem.data as never);
    return;
  }
  const all = combatantsOf(combat);
  const { result: plan, rolls } = await withFoundryDice((roller) => planInitiative(all, list, roller, { skills: options.skills }), rollD12);
  // The combatant whose turn it is keeps it after the order changes, and no turn event fires
  // (core's rollInitiative: `combatTurn` with `turnEvents: false`).
  if (plan.updates.length) await combat.updateEmbeddedDocuments("Combatant", plan.updates as never, { combatTurn: turnAfter(combat, plan.updates), turnEvents: false } as never);
  for (const id of plan.skipped) notify("warn", "CLOCKWORK.Combat.Turns.Initiative.NoRanks", { name: combat.combatants.get(id)?.name ?? id });
  if (options.chat !== false && (plan.rolls.length || plan.companions.length)) await postInitiative(combat, plan, rolls as Roll[]);
}

/** The current combatant's index once `updates` have re-sorted the turns (core's order: initiative, then id). */
function turnAfter(combat: ClockworkCombat, updates: readonly Record<string, unknown>[]): number | undefined {
  const current = combat.combatant?.id;
  if (!combat.started || !current) return undefined;
  const changed = new Map(updates.map((u) => [u._id as string, u.initiative as number]));
  const value = (c: AnyCombatant) => {
    const initiative = changed.get(c.id as string) ?? c.initiative;
    return typeof initiative === "number" && Number.isFinite(initiative) ? initiative : -Infinity;
  };
  const sorted = [...combatantsOf(combat)].sort((a, b) => value(b) - value(a) || ((a.id as string) > (b.id as string) ? 1 : -1));
  return sorted.findIndex((c) => c.id === current);
}

async function postInitiative(combat: ClockworkCombat, plan: ReturnType<typeof planInitiative>, rolls: Roll[]): Promise<void> {
  const names: Record<string, string> = {};
  const gains: Record<string, number | null> = {};
  for (const c of combatantsOf(combat)) {
    names[c.id as string] = c.name ?? "";
    gains[c.id as string] = shownGains(c);
  }
  const content = await renderTemplate(INITIATIVE_CARD_TEMPLATE, initiativeCardContext(plan, names, gains));
  const first = combat.combatants.get(plan.rolls[0]?.id ?? "");
  const data = applyRollMode({
    speaker: ChatMessage.getSpeaker({ actor: (first?.actor ?? undefined) as never, alias: plan.rolls.length === 1 ? undefined : localize("CLOCKWORK.Combat.Turns.Initiative.Title") } as never),
    rolls,
    content,
    sound: CONFIG.sounds?.dice,
    flags: { clockwork: { initiative: { combatId: combat.id, order: plan.order } } },
  }, currentRollMode());
  await ChatMessage.implementation.create(data as never);
}

const INITIATIVE_SKILLS: readonly unknown[] = ["agility", "intuition"];

/**
 * The GM side of a player's initiative roll, checked against the GM's world. The query does not
 * say who asks, so the claimed user is only a bound: never a GM (a GM rolls locally), and every
 * combatant must be that player's and must not have rolled yet (re-rolls are the GM's, locally).
 */
async function answerInitiative(data: unknown): Promise<{ ok: true } | QueryRefusal> {
  const request = data as { combatId?: unknown; ids?: unknown; skills?: unknown; userId?: unknown } | null;
  if (!request || typeof request !== "object" || !isId(request.combatId) || !isId(request.userId)) return refusal("BadRequest");
  const ids = request.ids;
  if (!Array.isArray(ids) || !ids.length || ids.length > 50 || !ids.every(isId)) return refusal("BadRequest");
  const skills = (request.skills ?? {}) as Record<string, unknown>;
  if (typeof skills !== "object" || Array.isArray(skills) || Object.entries(skills).some(([id, skill]) => !ids.includes(id) || (skill !== undefined && skill !== null && !INITIATIVE_SKILLS.includes(skill)))) return refusal("BadRequest");
  const user = game.users?.get(request.userId);
  if (!user) return refusal("UnknownUser");
  if (user.isGM) return refusal("ClaimedGM");
  const combat = worldCollection<{ get(id: string): ClockworkCombat | undefined }>("combats")?.get(request.combatId);
  if (!combat) return refusal("NoCombat");
  for (const id of ids) {
    const combatant = combat.combatants.get(id);
    if (!combatant) return refusal("NotCombatant", { name: id });
    if (!combatant.testUserPermission(user as never, "OWNER")) return refusal("NotYours", { name: combatant.name ?? id });
    if (combatant.initiative !== null) return refusal("InitiativeSet", { name: combatant.name ?? id });
  }
  await combat.rollInitiative(ids, { skills: skills as RollInitiativeOptions["skills"] });
  return { ok: true };
}

// ---------------------------------------------------------------- turn events (designated GM)

/** A turn ended (`round`: the round of that turn; `stamp`: the combat's position then). */
async function onEndTurn(combat: ClockworkCombat, combatantId: string, round: number, stamp: number): Promise<void> {
  await apply(combat, planTurnChange(combatantsOf(combat), { from: combatantId, to: null, round }, stamp));
}

/** A turn started; `starting`: the first turn of the combat (everyone defenseless, first counters). */
async function onStartTurn(combat: ClockworkCombat, combatantId: string, at: { round: number; stamp: number; starting: boolean }): Promise<void> {
  const plan = at.starting
    ? planCombatStart(combatantsOf(combat), combatantId, at.stamp, at.round)
    : planTurnChange(combatantsOf(combat), { from: null, to: combatantId, round: at.round }, at.stamp);
  await apply(combat, plan);
}

/** A combatant added to a running combat is defenseless until its first turn. */
async function onEnter(combat: ClockworkCombat, combatant: Combatant.Implementation): Promise<void> {
  const update = joinUpdate(combatant as AnyCombatant);
  if (update) await combat.updateEmbeddedDocuments("Combatant", [update] as never);
}

/** Going back to `stamp` restores what the undone turn changes wrote. */
async function rewind(combat: ClockworkCombat, stamp: number): Promise<void> {
  await applyRewind(combat, planRewind(combatantsOf(combat), stamp));
}

/**
 * The end of combat: stabilized creatures are no longer held out of the fight (§4.14) and used
 * species abilities are ready again (docs/rulings.md 89).
 */
function onCombatDeleted(actors: readonly unknown[]): void {
  for (const actor of actors as (StatusActor & RechargeActor)[]) {
    removeStatus(actor, "stabilized").catch((error: unknown) => console.error(error));
    rechargeAll(actor).catch((error: unknown) => console.error(error));
  }
}

// ---------------------------------------------------------------- writes

async function applyHealthAndStatuses(combat: ClockworkCombat, plan: Pick<TurnPlan, "health" | "statuses">): Promise<void> {
  for (const { combatantId, changes } of plan.health) {
    const actor = actorOf(combat, combatantId);
    const health = Object.fromEntries(Object.entries(changes).map(([k, v]) => [`system.health.${k}`, v]));
    await actor?.update(health);
  }
  for (const { combatantId, add, remove } of plan.statuses) {
    const actor = actorOf(combat, combatantId);
    if (!actor) continue;
    for (const id of remove) await removeStatus(actor, id);
    for (const status of add) {
      const { id, ...data } = status;
      await addStatus(actor, id, { data });
    }
  }
}

async function apply(combat: ClockworkCombat, plan: TurnPlan): Promise<void> {
  if (plan.combatants.length) await combat.updateEmbeddedDocuments("Combatant", plan.combatants as never);
  await applyHealthAndStatuses(combat, plan);
  await announce(combat, plan.events);
  for (const prompt of plan.prompts) {
    const actor = actorOf(combat, prompt.combatantId);
    if (!actor) continue;
    // Becoming dying is followed from the health write (../dying.ts); the rest is asked here.
    if (prompt.kind === "deathRoll" && prompt.reason !== "dying") void background(requestDeathRoll(actor, prompt.reason));
  }
  const checks = plan.prompts.filter((p) => p.kind === "endCheck");
  if (checks.length) {
    const combatantId = checks[0].combatantId;
    void background(endChecks(combat, combatantId, checks.map((p) => (p as { check: EndOfTurnCheck }).check)));
  }
}

/** Prompts run on after the turn changed (a player may take a moment to roll). */
async function background(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    console.error(error);
  }
}

/** End-of-turn checks: the owner (or GM) rolls, then the GM ends what succeeded. */
async function endChecks(combat: ClockworkCombat, combatantId: string, checks: EndOfTurnCheck[]): Promise<void> {
  const actor = actorOf(combat, combatantId);
  if (!actor) return;
  const results: EndCheckResults = await requestEndChecks(actor, checks, { combatId: combat.id as string, combatantId });
  await combat.applyEndChecks(combatantId, checks, results);
}

/** `ClockworkCombat#applyEndChecks`: successes end their status, kept so going back restores it. */
async function applyEndChecks(combat: ClockworkCombat, combatantId: string, checks: readonly EndOfTurnCheck[], results: EndCheckResults): Promise<{ removed: string[]; added: string[] }> {
  const combatant = combat.combatants.get(combatantId) as AnyCombatant | undefined;
  const actor = actorOf(combat, combatantId);
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
  const entry: TurnHistoryEntry = { stamp: stampOf(combat), removed: statuses.filter((s) => removed.includes(s.id)), added };
  await combat.updateEmbeddedDocuments("Combatant", [{ _id: combatantId, "system.history": pushHistory((combatant.system.history ?? []) as TurnHistoryEntry[], entry) }] as never);
  await applyHealthAndStatuses(combat, { health: [], statuses: [{ combatantId, add: added.map((id) => ({ id })), remove: removed }] });
  return { removed, added };
}

async function applyRewind(combat: ClockworkCombat, plan: RewindPlan): Promise<void> {
  if (plan.combatants.length) await combat.updateEmbeddedDocuments("Combatant", plan.combatants as never);
  await applyHealthAndStatuses(combat, plan);
}

/** A short public note of what the turn change did (ticks, lost turns, ended statuses). */
async function announce(combat: ClockworkCombat, events: readonly TurnEvent[]): Promise<void> {
  const lines: { name: string; text: string }[] = [];
  for (const event of events) {
    const name = combat.combatants.get(event.combatantId)?.name ?? "";
    if (event.kind === "ticked") {
      const sources = event.sources.map((s) => localize(statusLabel(s))).join(", ");
      lines.push({ name, text: localize("CLOCKWORK.Conditions.Tick", { hits: event.hits, sources }) });
    } else if (event.kind === "turnLost") {
      lines.push({ name, text: localize(`CLOCKWORK.Combat.Turns.Lost.${event.reason}`) });
    } else if (event.kind === "statusEnded") {
      lines.push({ name, text: localize("CLOCKWORK.Conditions.Ended", { status: localize(statusLabel(event.statusId)) }) });
    }
  }
  if (!lines.length) return;
  const content = await renderTemplate(TICK_TEMPLATE, { lines });
  await ChatMessage.implementation.create({ content, speaker: { alias: localize("CLOCKWORK.Combat.Turns.Title") }, flags: { clockwork: { turnEvents: true } } } as never);
}

export class ClockworkCombat extends Combat {
  // ---------------------------------------------------------------- initiative

  /**
   * Rolls initiative for the given combatants (ClockWork: 12 d12 against Agility or Intuition,
   * roll-offs until no tie is left, companions after their controller) and posts one chat card.
   * A player's call is made by the active GM, who may rewrite every combatant's order.
   */
  override async rollInitiative(ids: string | string[], options: RollInitiativeOptions & Record<string, unknown> = {}): Promise<this> {
    await rollInitiative(this, ids, options);
    return this;
  }

  /** The GM side of a player's initiative roll: only that player's combatants that have not rolled. */
  static async answerInitiative(data: unknown): Promise<{ ok: true } | QueryRefusal> {
    return answerInitiative(data);
  }

  // ---------------------------------------------------------------- turn events (designated GM)

  protected override async _onEndTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void> {
    await super._onEndTurn(combatant, context);
    if (context.skipped) return;
    // The round of the turn that ended (a wrap has already moved `this.round` on).
    const round = context.round ?? this.round;
    const stamp = turnStamp(this.round, this.turn);
    await onEndTurn(this, combatant.id as string, round, stamp);
  }

  protected override async _onStartTurn(combatant: Combatant.Implementation, context: Combat.TurnEventContext): Promise<void> {
    await super._onStartTurn(combatant, context);
    if (context.skipped) return;
    const previous = this.previous as History | undefined;
    const at = { round: context.round, stamp: turnStamp(this.round, this.turn), starting: context.round === 1 && (previous?.round ?? 0) === 0 };
    await onStartTurn(this, combatant.id as string, at);
  }

  /** A combatant added to a running combat is defenseless until its first turn. */
  protected override async _onEnter(combatant: Combatant.Implementation): Promise<void> {
    // Entering with the combat's creation (no previous state yet): the start of combat sets everyone.
    const creating = this.previous === undefined;
    await super._onEnter(combatant);
    if (!this.started || creating) return;
    await onEnter(this, combatant);
  }

  /** Going back (previous turn or round) restores what the undone turn changes wrote. */
  protected override async _manageTurnEvents(): Promise<void> {
    // A combat created already started (a macro, an import) has no previous state yet: core's
    // field initializer leaves it unset and its turn events would read `previous.round`. Treat it
    // as starting from round 0, so the start-of-combat bookkeeping runs.
    if (!this.previous && this.started) (this as unknown as { previous: History & { tokenId: null } }).previous = { round: 0, turn: null, combatantId: null, tokenId: null };
    const previous = this.previous as History | undefined;
    if (isDesignatedGM() && previous && previous.round !== null) {
      const from = turnStamp(previous.round, previous.turn);
      const to = turnStamp(this.round, this.turn);
      if (to < from) await rewind(this, to);
    }
    return super._manageTurnEvents();
  }

  /**
   * The end of combat: stabilized creatures are no longer held out of the fight (§4.14) and used
   * species abilities are ready again (docs/rulings.md 89).
   */
  protected override _onDelete(options: Combat.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    if (!isDesignatedGM()) return;
    const actors = this.combatants.contents.map((combatant) => combatant.actor).filter((actor) => !!actor);
    onCombatDeleted(actors);
  }

  /**
   * Applies end-of-turn results on the GM: successes end their status (Frozen becomes Chilled),
   * and the change is kept so going back restores it.
   */
  async applyEndChecks(combatantId: string, checks: readonly EndOfTurnCheck[], results: EndCheckResults): Promise<{ removed: string[]; added: string[] }> {
    return applyEndChecks(this, combatantId, checks, results);
  }
}
