/**
 * The rolls conditions and dying ask of a creature's owner (issue 10 items 8, 9): end-of-turn
 * checks (Flat 7, a poison's Stamina roll, rolling twice where the species says so) and death
 * rolls. The designated GM decides who rolls — an active player who owns the actor, else the GM
 * (NPCs) — and asks that user through v13 `CONFIG.queries` / `User#query`; the user sees a
 * prompt with the odds, rolls (chat cards as for any roll) and answers with the dice. If the
 * player cannot be reached the GM rolls. Settings decide whether prompts roll at once.
 */
import { activeGM, allUsers, askUser, choose, hooks, localize, notify, queryRequesterId, registerQuery, renderTemplate, resolveUuid, userById, worldCollection, type QueryFailure, type QueryOptions } from "../foundry";
import { DEATH_ROLL_OWED } from "../dice/death";
import { endOfTurnChecks, type EndOfTurnCheck } from "../rules";
import { statusLabel } from "./conditions";
import { isId, refusal, type QueryRefusal } from "./query-refusal";
import { TURN_TEMPLATES } from "./templates";
import { healthTrackOf, type TurnCombatant } from "./turn-state";
import { turnStateOf } from "./turns";

export const SYSTEM_ID = "clockwork";
export const QUERY_END_CHECKS = "clockwork.endOfTurnChecks";
export const QUERY_DEATH_ROLL = "clockwork.deathRoll";
export { DEATH_ROLL_OWED };
const DEATH_REASONS = { dying: true, turn: true, damage: true } as const;
/** World: the GM rolls NPCs' end-of-turn checks and death rolls without a prompt. */
export const AUTO_NPC_SETTING = "autoRollNpcChecks";
/** Client: this user's own prompts roll at once. */
export const AUTO_OWN_SETTING = "autoRollOwnChecks";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.autoRollNpcChecks": boolean;
    "clockwork.autoRollOwnChecks": boolean;
  }
}

/** Registers the prompt settings and query handlers. */
export function registerPrompts(): void {
  game.settings?.register(SYSTEM_ID, AUTO_NPC_SETTING, {
    name: "CLOCKWORK.Conditions.Setting.AutoNpc.Name", hint: "CLOCKWORK.Conditions.Setting.AutoNpc.Hint",
    scope: "world", config: true, type: Boolean, default: true,
  } as never);
  game.settings?.register(SYSTEM_ID, AUTO_OWN_SETTING, {
    name: "CLOCKWORK.Conditions.Setting.AutoOwn.Name", hint: "CLOCKWORK.Conditions.Setting.AutoOwn.Hint",
    scope: "client", config: true, type: Boolean, default: false,
  } as never);
  registerQuery(QUERY_END_CHECKS, (data: unknown, options?: QueryOptions) => answerEndChecks(data, options));
  registerQuery(QUERY_DEATH_ROLL, (data: unknown, options?: QueryOptions) => answerDeathRoll(data, options));
}

export const PROMPT_TEMPLATES = { endChecks: TURN_TEMPLATES.endChecks, deathRoll: TURN_TEMPLATES.deathRoll } as const;

/** The users and actors prompts deal with. */
interface PromptUser {
  id: string | null;
  name?: string | null;
  active?: boolean;
  isGM: boolean;
  isSelf?: boolean;
  character?: { id?: string | null } | null;
  query(name: string, data: object, options?: { timeout?: number }): Promise<unknown>;
}

export interface PromptActor {
  id?: string | null;
  uuid?: string;
  name: string;
  testUserPermission(user: PromptUser, level: string): boolean;
  rollFlat(target: number, options?: { keepBetter?: boolean; label?: string }): Promise<{ results: { result: number }[] } | null>;
  rollSkill(skill: string, options?: object): Promise<{ gains: number } | null>;
  rollDeath(options?: object): Promise<{ fatalWounds: number } | null>;
}

function users(): PromptUser[] {
  return allUsers<PromptUser>();
}

/**
 * Who rolls for the actor: an active non-GM owner (the one whose character it is first, then by
 * id), otherwise the active GM.
 */
/** Tells the GM why the roll comes to them: the player left, or did not answer (issue 34 item 5). */
function tellWhy(why: QueryFailure, user: { name?: string | null }, actor: { name?: string | null }): void {
  notify("info", why === "left" ? "CLOCKWORK.Relay.PlayerLeft" : "CLOCKWORK.Relay.PlayerNoAnswer", { user: user.name ?? "", name: actor.name ?? "" });
}

export function promptUser(actor: PromptActor): PromptUser | null {
  const owners = users()
    .filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER"))
    .sort((a, b) => Number(b.character?.id === actor.id) - Number(a.character?.id === actor.id) || String(a.id).localeCompare(String(b.id)));
  return owners[0] ?? activeGM<PromptUser>();
}

function setting(key: string): boolean {
  try {
    return game.settings?.get(SYSTEM_ID, key as never) === true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- contexts (pure)

export interface EndChecksContext {
  actorName: string;
  checks: {
    /** Lang key of the status's name, or "" for a species ability's recharge (then `ability`). */
    labelKey: string;
    ability: string;
    kind: "flat" | "stamina";
    isFlat: boolean;
    target: number;
    twice: boolean;
    chance: string;
    /** Lang key of the status a success turns it into (Frozen → Chilled), or "". */
    becomesKey: string;
  }[];
}

/** A species ability's name (its key when no name is known). */
function abilityName(key: string): string {
  const label = `CLOCKWORK.Combat.Attack.Species.${key}`;
  const name = localize(label);
  return name === label ? key : name;
}

/** The end-of-turn prompt's context: one line per check with its odds (keys localized by the template). */
export function endChecksContext(actorName: string, checks: readonly EndOfTurnCheck[]): EndChecksContext {
  return {
    actorName,
    checks: checks.map((check) => ({
      labelKey: check.statusId ? statusLabel(check.statusId) : "",
      ability: check.cooldown ? abilityName(check.cooldown) : "",
      kind: check.kind,
      isFlat: check.kind === "flat",
      target: check.target,
      twice: check.rolls === 2,
      chance: check.chance === null ? "" : `${Math.round(check.chance * 100)}%`,
      becomesKey: check.becomes ? statusLabel(check.becomes) : "",
    })),
  };
}

export interface DeathRollContext {
  actorName: string;
  reasonKey: string;
}

export function deathRollContext(actorName: string, reason: string): DeathRollContext {
  return { actorName, reasonKey: `CLOCKWORK.Conditions.Death.Reason.${reason}` };
}

// ---------------------------------------------------------------- rolling

/** Per check: the dice that decide it (Flat faces, or the gains of each Stamina roll), or null if not rolled. */
export type EndCheckResults = (number[] | null)[];

/** Rolls the checks on this client (chat cards included) and returns the dice. */
export async function rollEndChecks(actor: PromptActor, checks: readonly EndOfTurnCheck[]): Promise<EndCheckResults> {
  const results: EndCheckResults = [];
  for (const check of checks) {
    const label = check.statusId
      ? localize("CLOCKWORK.Conditions.EndCheck", { status: localize(statusLabel(check.statusId)) })
      : localize("CLOCKWORK.Conditions.Recharge", { ability: abilityName(check.cooldown ?? "") });
    if (check.kind === "flat") {
      const roll = await actor.rollFlat(check.target, { keepBetter: check.rolls === 2, label });
      results.push(roll ? roll.results.map((r) => r.result) : null);
    } else {
      const gains: number[] = [];
      for (let i = 0; i < check.rolls; i++) {
        const roll = await actor.rollSkill("stamina", { difficulty: check.target, skipDialog: true });
        gains.push(roll?.gains ?? 0);
      }
      results.push(gains);
    }
  }
  return results;
}

async function resolveActor(uuid: unknown): Promise<PromptActor | null> {
  if (!isId(uuid)) return null;
  try {
    return await resolveUuid<PromptActor>(uuid);
  } catch {
    return null;
  }
}

/**
 * Shows a prompt with Roll and Not now; resolves whether Roll was clicked. Closing the window
 * is declining: nothing is rolled or written. `closeWhen`: it closes by itself (the GM who asked left).
 */
async function showPrompt(title: string, template: string, context: object, closeWhen?: Promise<unknown>): Promise<boolean> {
  const content = await renderTemplate(template, context);
  const answer = await choose({
    ...(closeWhen ? { closeWhen } : {}),
    title,
    classes: ["clockwork", "cw-condition-prompt"],
    content,
    buttons: [
      { action: "roll", label: localize("CLOCKWORK.Conditions.Roll"), icon: "fa-solid fa-dice-d20", default: true },
      { action: "decline", label: localize("CLOCKWORK.Query.Decline"), icon: "fa-solid fa-xmark" },
    ],
  });
  return answer === "roll";
}

function rollsAtOnce(forNpc: boolean): boolean {
  return setting(AUTO_OWN_SETTING) || (forNpc && setting(AUTO_NPC_SETTING));
}

/**
 * On this client: prompt (unless set to roll at once) and roll the end-of-turn checks; `npc`: the
 * GM rolls for a creature no player answers for. Declined: every check unrolled (null).
 */
export async function promptEndChecks(actor: PromptActor, checks: readonly EndOfTurnCheck[], options: { npc?: boolean; closeWhen?: Promise<unknown> } = {}): Promise<EndCheckResults> {
  if (!checks.length) return [];
  if (!rollsAtOnce(options.npc === true)) {
    const rolls = await showPrompt(localize("CLOCKWORK.Conditions.EndTitle", { name: actor.name }), PROMPT_TEMPLATES.endChecks, endChecksContext(actor.name, checks), options.closeWhen);
    if (!rolls) return checks.map(() => null);
  }
  return rollEndChecks(actor, checks);
}

/** A death roll's answer: the fatal wounds, or declined (nothing rolled). */
export type DeathRollAnswer = { ok: true; fatalWounds: number | null; declined?: boolean };

function dyingNow(actor: PromptActor): boolean {
  const track = healthTrackOf(actor as never);
  return track?.dying === true && !track.dead;
}

/** The death roll the GM asked of this actor's owner (`flags.clockwork.deathRollOwed`: its reason), if any. */
export function deathRollOwed(actor: PromptActor): string | null {
  const owed = (actor as { flags?: { clockwork?: { [DEATH_ROLL_OWED]?: unknown } } }).flags?.clockwork?.[DEATH_ROLL_OWED];
  return typeof owed === "string" && owed in DEATH_REASONS ? owed : null;
}

/**
 * On this client: prompt (unless set to roll at once) and make a death roll; resolves its fatal
 * wounds, or declined. Only for a creature dying here; `owed`: also only while the GM's request
 * stands (checked again after the prompt, so two prompts never roll twice).
 */
export async function promptDeathRoll(actor: PromptActor, reason: string, options: { npc?: boolean; owed?: boolean; closeWhen?: Promise<unknown> } = {}): Promise<DeathRollAnswer | QueryRefusal> {
  const stands = () => dyingNow(actor) && (!options.owed || deathRollOwed(actor) !== null);
  if (!stands()) return refusal("NotDying", { name: actor.name });
  if (!rollsAtOnce(options.npc === true)) {
    const rolls = await showPrompt(localize("CLOCKWORK.Conditions.Death.Title", { name: actor.name }), PROMPT_TEMPLATES.deathRoll, deathRollContext(actor.name, reason), options.closeWhen);
    if (!rolls) return { ok: true, fatalWounds: null, declined: true };
    if (!stands()) return refusal("NotDying", { name: actor.name });
  }
  const roll = await actor.rollDeath();
  return { ok: true, fatalWounds: roll?.fatalWounds ?? null };
}

/** End-of-turn answers by turn end (combat, combatant, round, turn): a repeat gets the same dice, not new rolls. */
const endCheckAnswers = new Map<string, Promise<EndCheckResults>>();
/** Death roll prompts open per actor: a second request shares the first. */
const deathRollAnswers = new Map<string, Promise<DeathRollAnswer | QueryRefusal>>();

function once<T>(cache: Map<string, Promise<T>>, key: string, work: () => Promise<T>, keep: boolean): Promise<T> {
  const known = cache.get(key);
  if (known) return known;
  const answer = work();
  cache.set(key, answer);
  if (cache.size > 64) cache.delete(cache.keys().next().value as string);
  if (!keep) void answer.finally(() => cache.delete(key)).catch(() => undefined);
  return answer;
}

interface EndCheckCombat {
  id: string | null;
  started?: boolean;
  round: number;
  turn: number | null;
  turns: readonly { id: string | null; defeated?: boolean }[];
  combatants: { get(id: string): EndCheckCombatant | undefined };
}

type EndCheckCombatant = TurnCombatant & { actor: (TurnCombatant["actor"] & { name?: string; isOwner?: boolean }) | null };

/** The turn end the checks belong to, read from this client's combat: null when that turn has not just ended. */
function endedTurn(combatId: unknown, combatantId: unknown): { combat: EndCheckCombat; combatant: EndCheckCombatant; key: string; round: number } | QueryRefusal {
  if (!isId(combatId) || !isId(combatantId)) return refusal("BadRequest");
  const combat = worldCollection<{ get(id: string): EndCheckCombat | undefined }>("combats")?.get(combatId);
  if (!combat?.started) return refusal("NoCombat");
  const combatant = combat.combatants.get(combatantId);
  if (!combatant?.actor) return refusal("NotCombatant", { name: "" });
  const name = combatant.actor.name ?? "";
  if (!combatant.actor.isOwner) return refusal("NotOwner", { name });
  const ended = turnBefore(combat);
  if (ended?.id !== combatantId) return refusal("NotTurnEnd", { name });
  return { combat, combatant, key: `${combatId}:${combatantId}:${combat.round}:${combat.turn ?? ""}`, round: ended.round };
}

/**
 * The turn that ended last, from the current one: the nearest earlier combatant in turn order
 * not defeated (defeated ones are skipped), in this round or, wrapping, the one before.
 */
function turnBefore(combat: EndCheckCombat): { id: string; round: number } | null {
  const turns = combat.turns;
  const turn = combat.turn;
  if (typeof turn !== "number" || !turns.length) return null;
  for (let back = 1; back <= turns.length; back++) {
    const index = turn - back;
    const round = index < 0 ? combat.round - 1 : combat.round;
    if (round < 1) return null;
    const c = turns[(index + turns.length) % turns.length];
    if (c.defeated && back < turns.length) continue;
    return c.id ? { id: c.id, round } : null;
  }
  return null;
}

function sameCheck(a: EndOfTurnCheck, b: EndOfTurnCheck): boolean {
  return a.statusId === b.statusId && a.cooldown === b.cooldown && a.kind === b.kind && a.target === b.target && a.rolls === b.rolls;
}

/**
 * The owner's side of the end-of-turn query: only at the end of that combatant's turn in this
 * client's running combat, and only for checks its own statuses owe (recomputed here, the
 * request's are matched against them). A repeat at the same turn end answers the same dice.
 */
export async function answerEndChecks(data: unknown, options?: QueryOptions): Promise<{ ok: true; results: EndCheckResults } | QueryRefusal> {
  const request = data as { combatId?: unknown; combatantId?: unknown; checks?: unknown } | null;
  if (!request || typeof request !== "object" || !Array.isArray(request.checks) || !request.checks.length || request.checks.length > 20) return refusal("BadRequest");
  const ended = endedTurn(request.combatId, request.combatantId);
  if ("ok" in ended) return ended;
  const state = turnStateOf(ended.combatant, ended.round);
  let owed: EndOfTurnCheck[];
  try {
    owed = endOfTurnChecks(state.statuses, { rerolls: state.rerolls, round: ended.round, cooldowns: state.cooldowns });
  } catch {
    return refusal("NotHeld", { name: ended.combatant.actor?.name ?? "" });
  }
  const asked = request.checks as EndOfTurnCheck[];
  const checks = asked.map((check) => (check && typeof check === "object" ? owed.find((o) => sameCheck(o, check)) : undefined));
  if (checks.some((c) => c === undefined)) return refusal("NotHeld", { name: ended.combatant.actor?.name ?? "" });
  const actor = ended.combatant.actor as unknown as PromptActor;
  const asker = watchAsker(options);
  try {
    const results = await once(endCheckAnswers, ended.key, () => promptEndChecks(actor, checks as EndOfTurnCheck[], { closeWhen: asker.left }), true);
    if (asker.gone() && results.every((r) => r === null)) {
      // The GM who asked left before the roll: nothing was rolled, and no one waits for it (issue 34 item 5).
      endCheckAnswers.delete(ended.key);
      notify("warn", "CLOCKWORK.Relay.GMLeftEndChecks", { name: actor.name });
    }
    return { ok: true, results };
  } finally {
    asker.stop();
  }
}

/**
 * The GM who asked this client something (v14: the user core names; v13, which names no one:
 * the active GM when the query came, who asks the prompts), and a promise settling when that GM
 * leaves (core's `userConnected` hook with `false`, the user's `active` turned off).
 */
function watchAsker(options?: QueryOptions): { left: Promise<void>; gone(): boolean; stop(): void } {
  const id = queryRequesterId(options) ?? activeGM<{ id: string | null }>()?.id ?? null;
  const user = id ? userById<{ id: string; active?: boolean }>(id) : undefined;
  let gone = false;
  let resolve: () => void = () => undefined;
  const left = new Promise<void>((r) => { resolve = r; });
  if (!user) return { left, gone: () => false, stop: () => undefined };
  const registry = hooks();
  const hook = registry.on("userConnected", (changed: { id?: string | null }, connected: boolean) => {
    if (changed?.id !== user.id || connected) return;
    gone = true;
    resolve();
  });
  return { left, gone: () => gone, stop: () => registry.off("userConnected", hook) };
}

/**
 * The owner's side of the death-roll query: only for a creature dying in this client's world
 * that owes the roll the GM asked for (its flag; the roll clears it), whose owner this user is.
 */
export async function answerDeathRoll(data: unknown, options?: QueryOptions): Promise<DeathRollAnswer | QueryRefusal> {
  const request = data as { actorUuid?: unknown } | null;
  const actor = await resolveActor(request?.actorUuid);
  if (!actor) return refusal("NoActor");
  if (!(actor as { isOwner?: boolean }).isOwner) return refusal("NotOwner", { name: actor.name });
  if (!dyingNow(actor)) return refusal("NotDying", { name: actor.name });
  const reason = deathRollOwed(actor);
  if (!reason) return refusal("NoDeathRollOwed", { name: actor.name });
  const asker = watchAsker(options);
  try {
    const answer = await once(deathRollAnswers, actor.uuid ?? "", () => promptDeathRoll(actor, reason, { owed: true, closeWhen: asker.left }), false);
    // The GM who asked left before the roll: nothing was rolled; the roll stays owed (the sheet's tray offers it).
    if (asker.gone() && answer.ok && answer.fatalWounds === null) notify("warn", "CLOCKWORK.Relay.GMLeftDeathRoll", { name: actor.name });
    return answer;
  } finally {
    asker.stop();
  }
}

// ---------------------------------------------------------------- asking the right user (GM side)

/** Where end-of-turn checks come from: the combat and the combatant whose turn ended. */
export interface EndChecksAt {
  combatId: string;
  combatantId: string;
}

/**
 * Has the actor's owner roll its end-of-turn checks (the GM for NPCs, or when the owner cannot
 * be reached or refuses) and resolves the dice.
 */
export async function requestEndChecks(actor: PromptActor, checks: readonly EndOfTurnCheck[], at?: EndChecksAt): Promise<EndCheckResults> {
  const user = promptUser(actor);
  if (at && user && !user.isGM && !user.isSelf) {
    // Offline, gone or unable to answer: the GM rolls instead, as for an NPC (docs/rulings.md 108).
    const asked = await askUser(user as never, QUERY_END_CHECKS, { ...at, checks });
    const answer = (asked.ok ? asked.value : null) as { ok?: boolean; results?: EndCheckResults } | null;
    if (answer?.ok === true && Array.isArray(answer.results)) return answer.results;
    if (!asked.ok) tellWhy(asked.why, user, actor);
  }
  const ended = at ? endedTurn(at.combatId, at.combatantId) : null;
  // The GM's own roll shares the answer a (forged) query to the GM may already have given.
  if (ended && !("ok" in ended)) return once(endCheckAnswers, ended.key, () => promptEndChecks(actor, checks, { npc: true }), true);
  return promptEndChecks(actor, checks, { npc: true });
}

/**
 * Has the actor's owner make a death roll (the GM for NPCs or when the owner cannot be reached):
 * the GM marks the roll owed on the actor first, which the owner's side checks. Declined: no roll.
 */
export async function requestDeathRoll(actor: PromptActor, reason: string): Promise<number | null> {
  const user = promptUser(actor);
  if (user && !user.isGM && !user.isSelf) {
    try {
      await (actor as unknown as { update(c: object): Promise<unknown> }).update({ [`flags.${SYSTEM_ID}.${DEATH_ROLL_OWED}`]: reason });
      const asked = await askUser(user as never, QUERY_DEATH_ROLL, { actorUuid: actor.uuid, reason });
      const answer = (asked.ok ? asked.value : null) as DeathRollAnswer | QueryRefusal | null;
      if (answer?.ok === true) {
        // Rolled: no longer owed (the GM's record; its message's hook may have cleared it already).
        if (answer.fatalWounds !== null && deathRollOwed(actor) !== null) await (actor as unknown as { update(c: object): Promise<unknown> }).update({ [`flags.${SYSTEM_ID}.${DEATH_ROLL_OWED}`]: null });
        return answer.fatalWounds;
      }
      if (!asked.ok) tellWhy(asked.why, user, actor);
    } catch {
      // Offline, gone or unable to answer: the GM rolls instead, as for an NPC (docs/rulings.md 108).
    }
  }
  const answer = await promptDeathRoll(actor, reason, { npc: true });
  return answer.ok ? answer.fatalWounds : null;
}
