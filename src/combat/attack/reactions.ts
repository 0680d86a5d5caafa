/**
 * Dodge or block (§4.9 step 2, §4.11): when an attack is declared, each target that may react
 * is asked through v13 `CONFIG.queries` + `User#query` — its player when one owns it and is
 * connected, else the GM, or the system decides for NPCs when the world setting says so. No
 * answer before the timeout, an offline owner or a closed prompt all mean "none". Targets that
 * cannot react (defenseless, grappled, area attacks, a stealthed attacker, no counters) are not
 * asked.
 */
import { activeGM, allUsers, currentUserId, localize, renderTemplate, resolveUuidSync, timedChoice } from "../../foundry";
import { refusal, type QueryRefusal } from "../query-refusal";
import { expected, percent } from "./format";
import { reactionChoices, type AttackTargetInfo, type PreviewRow } from "./preview";
import { npcReactionMode, reactionTimeoutMs } from "./settings";
import { declareAnswer, isCastId, isReactionId, NO_REACTION, REACTED_FLAG } from "./reaction-record";

import { REACTION_QUERY, REACTION_TEMPLATE } from "./constants";

export { REACTION_QUERY, REACTION_TEMPLATE };

export type Reaction = "none" | "dodge" | "block";
const REACTIONS: readonly Reaction[] = ["none", "dodge", "block"];

/** What the target's owner is shown: who attacks with what, and each choice's odds against it. */
export interface ReactionQueryData {
  attacker: string;
  weapon: string;
  target: string;
  choices: { reaction: Reaction; defense: number; chanceToHit: number; expectedDamage: number }[];
  /** Milliseconds before the prompt closes by itself. */
  timeout: number;
  /** The reacting actor; with `reactorUuid` its combatant in the running combat, which pays the counter. */
  actorUuid?: string | null;
  reactorUuid?: string | null;
  /** The attacker's combatant (a reactor answers once per attacker action: its counters then). */
  attackerUuid?: string | null;
  /** The GM decides for the NPC as the world's "auto" setting says, without a prompt. */
  auto?: boolean;
  /** The attack's id: the answering side records a dodge or block under it on the reactor. */
  reactionId?: string | null;
}

/**
 * Who decided a reaction: the target's player, the GM, the world's auto rule for the GM, no
 * answer in time, nobody connected to ask ("absent"), or nobody asked (no reaction was open).
 */
export type ReactionSource = "player" | "gm" | "auto" | "timeout" | "absent" | "none";
export const REACTION_SOURCES: readonly ReactionSource[] = ["player", "gm", "auto", "timeout", "absent", "none"];

export interface ReactionDecision {
  reaction: Reaction;
  by: ReactionSource;
}

/** The prompt's template context (pure). */
export function reactionPromptContext(data: ReactionQueryData) {
  return {
    text: localize("CLOCKWORK.Combat.Attack.Reaction.Prompt", { attacker: data.attacker, weapon: data.weapon, target: data.target }),
    choices: data.choices.map((c) => ({
      reaction: c.reaction,
      label: localize(`CLOCKWORK.Combat.Attack.Reaction.${c.reaction}`),
      defense: c.defense,
      chance: percent(c.chanceToHit),
      damage: expected(c.expectedDamage),
    })),
    seconds: Math.round(data.timeout / 1000),
  };
}

/** Asks with a dialog that answers "none" when the time is up. */
async function dialogPrompt(data: ReactionQueryData): Promise<Reaction> {
  const answer = await timedChoice({
    title: localize("CLOCKWORK.Combat.Attack.Reaction.Title", { target: data.target }),
    content: await renderTemplate(REACTION_TEMPLATE, reactionPromptContext(data)),
    buttons: data.choices.map((c, i) => ({ action: c.reaction, label: localize(`CLOCKWORK.Combat.Attack.Reaction.${c.reaction}`), default: i === 0 })),
    timeout: data.timeout,
  });
  return REACTIONS.includes(answer as Reaction) ? answer as Reaction : "none";
}

/** How the owner is asked; tests and modules may replace it. */
export type ReactionPrompt = (data: ReactionQueryData) => Promise<Reaction>;
let prompt: ReactionPrompt = dialogPrompt;

/** Replaces the reaction prompt (null restores the dialog). */
export function setReactionPrompt(fn: ReactionPrompt | null): void {
  prompt = fn ?? dialogPrompt;
}

/** A reaction's answer: the reaction and whether this side paid its counter. */
export interface ReactionAnswer {
  ok: true;
  reaction: Reaction;
  paid: boolean;
}

/** The reacting combatant as the answering client reads it. */
interface ReactorCombatant {
  documentName?: string;
  uuid?: string;
  isOwner?: boolean;
  defeated?: boolean;
  isDefenseless?: boolean;
  combat?: { id?: string | null; started?: boolean } | null;
  actor?: { uuid?: string; name?: string; statuses?: Iterable<string> } | null;
  counters?: unknown;
  canSpend?(baseCost: number, options?: object): boolean;
  spendCounters?(baseCost: number, options?: object): Promise<unknown>;
}

export { isReactionId, REACTED_FLAG };
const MAX_TIMEOUT = 10 * 60_000;


function finite(value: unknown, min: number, max: number): boolean {
  return typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;
}

/** The request, checked for shape and range: the choices (none first, each reaction once, odds in range), short texts. */
function wellFormed(data: unknown): data is ReactionQueryData {
  const d = data as Partial<ReactionQueryData> | null;
  if (!d || typeof d !== "object" || !Array.isArray(d.choices) || d.choices.length < 1 || d.choices.length > REACTIONS.length) return false;
  if (![d.attacker, d.weapon, d.target].every((t) => typeof t === "string" && t.length <= 200)) return false;
  if (!finite(d.timeout, 1, MAX_TIMEOUT)) return false;
  if (d.reactionId !== undefined && d.reactionId !== null && !isReactionId(d.reactionId)) return false;
  const seen = new Set<string>();
  for (const c of d.choices) {
    if (!c || typeof c !== "object" || !REACTIONS.includes(c.reaction) || seen.has(c.reaction)) return false;
    seen.add(c.reaction);
    if (!finite(c.defense, 0, 1000) || !finite(c.chanceToHit, 0, 1) || !finite(c.expectedDamage, 0, 10_000)) return false;
  }
  return d.choices[0].reaction === "none";
}

/** The auto rule on the offered choices: the one lowering the expected damage most (then the chance to hit), else none. */
export function autoChoice(choices: ReactionQueryData["choices"]): Reaction {
  let best = choices[0];
  for (const c of choices.slice(1)) {
    if (c.expectedDamage < best.expectedDamage - 1e-9 || (Math.abs(c.expectedDamage - best.expectedDamage) <= 1e-9 && c.chanceToHit < best.chanceToHit - 1e-9)) best = c;
  }
  return best.reaction;
}

/**
 * Answers per reactor (its combatant document on this client) and attacker action (the
 * attacker's combatant and counters then): a repeat gets the same answer, paid once.
 */
const answered = new WeakMap<object, Map<string, Promise<ReactionAnswer>>>();

/** Where an answer is recorded: against an attack (its `reactionId`) or a cast (its `castId`). */
export interface RecordedAs {
  on: "attack" | "cast";
  id: unknown;
}

/**
 * The reactor's side of the query, checked against this client's world: the reacting actor is
 * this user's; in a running combat its combatant is in it, may react (not defenseless,
 * defeated, dying, grappled …, a counter to pay) and the attacker is a combatant of the same
 * combat. A dodge or block goes to the GM's side, which pays its counter and records it
 * (./reaction-record), once per attacker action. `as` (never from the wire): where it is recorded.
 */
export async function answerReaction(data: unknown, as?: RecordedAs): Promise<ReactionAnswer | QueryRefusal> {
  if (!wellFormed(data)) return refusal("BadRequest");
  const actor = resolveUuidSync<{ uuid?: string; name?: string; isOwner?: boolean }>(data.actorUuid);
  if (!actor) return refusal("NoActor");
  if (!actor.isOwner) return refusal("NotOwner", { name: actor.name ?? "" });
  // The GM answers only for a creature no connected player answers for.
  const player = reactingPlayer(actor as unknown as PermissionActor, allUsers<QueryUser>());
  if (player && player.id !== currentUserId()) return refusal("NotOwner", { name: actor.name ?? "" });
  const reactor = data.reactorUuid === undefined || data.reactorUuid === null ? null : resolveUuidSync<ReactorCombatant>(data.reactorUuid);
  if (data.reactorUuid && !reactor) return refusal("NotCombatant", { name: actor.name ?? "" });
  let key: string | null = null;
  if (reactor) {
    const name = actor.name ?? "";
    if (reactor.documentName !== "Combatant" || !reactor.combat?.started || reactor.actor?.uuid !== actor.uuid) return refusal("NotCombatant", { name });
    if (!reactor.isOwner) return refusal("NotOwner", { name });
    const statuses = new Set(reactor.actor?.statuses ?? []);
    if (reactor.defeated || reactor.isDefenseless || NO_REACTION.some((s) => statuses.has(s)) || reactor.canSpend?.(1, { reaction: true }) !== true) return refusal("CannotReact", { name });
    const attacker = resolveUuidSync<ReactorCombatant>(data.attackerUuid);
    if (attacker?.documentName !== "Combatant" || attacker.combat?.id !== reactor.combat.id || attacker === reactor) return refusal("NoAttacker", { name });
    key = `${attacker.uuid}|${JSON.stringify(attacker.counters ?? null)}`;
  }
  const record: RecordedAs = as ?? { on: "attack", id: data.reactionId };
  const decide = async (): Promise<ReactionAnswer> => {
    const auto = data.auto === true && game.user?.isGM === true && npcReactionMode() === "auto";
    const chosen = auto ? autoChoice(data.choices) : await promptInTime(data);
    const reaction = chosen !== "none" && data.choices.some((c) => c.reaction === chosen) ? chosen : "none";
    if (reaction === "none") return { ok: true, reaction, paid: false };
    const paid = await declareReaction(actor, reactor, data.attackerUuid ?? null, record, reaction);
    return paid === null ? { ok: true, reaction: "none", paid: false } : { ok: true, reaction, paid };
  };
  if (!key || !reactor) return decide();
  let byAttack = answered.get(reactor);
  if (!byAttack) answered.set(reactor, byAttack = new Map());
  const known = byAttack.get(key);
  if (known) return known;
  const answer = decide();
  byAttack.set(key, answer);
  if (byAttack.size > 64) byAttack.delete(byAttack.keys().next().value as string);
  return answer;
}

/**
 * Declares a dodge or block: the GM's side pays the reactor's counter and records it under the
 * attack's (or cast's) id (./reaction-record). Without an id, or with no GM connected, the owner
 * pays here and nothing is recorded (the reaction counts for the roll, never for the GM's
 * Apply). Resolves whether a counter was paid, or null: refused, the reaction does not stand.
 */
export async function declareReaction(actor: { uuid?: string } | null, reactor: ReactorCombatant | null, attackerUuid: string | null, as: RecordedAs, reaction: "dodge" | "block"): Promise<boolean | null> {
  const valid = as.on === "attack" ? isReactionId(as.id) : isCastId(as.id);
  if (valid && actor?.uuid) {
    const declared = await declareAnswer({ actorUuid: actor.uuid, on: as.on, id: as.id as string, reaction, reactorUuid: reactor?.uuid ?? null, attackerUuid });
    if (declared.ok) return declared.paid;
    // Refused, or a GM who left or did not answer (it may have paid already): the reaction does not stand.
    if (!("unreached" in declared) || declared.unreached !== "absent") return null;
  }
  if (!reactor) return false;
  const paid = (await reactor.spendCounters?.(1, { reaction: true, quiet: true })) ?? null;
  return paid === null ? null : true;
}

type RecordingActor = { uuid?: string; flags?: { clockwork?: Record<string, unknown> } };

/** The reaction a creature recorded for an attack (none without a record). */
export function recordedReaction(actor: unknown, reactionId: unknown): Reaction {
  if (!isReactionId(reactionId)) return "none";
  const value = ((actor as RecordingActor | null)?.flags?.clockwork?.[REACTED_FLAG] as Record<string, unknown> | undefined)?.[reactionId];
  return value === "dodge" || value === "block" ? value : "none";
}

/** The prompt, as none once the asking side's time is up (a late answer pays nothing). */
async function promptInTime(data: ReactionQueryData): Promise<Reaction> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Reaction>((resolve) => { timer = setTimeout(() => resolve("none"), data.timeout); });
  return Promise.race([prompt(data), late]).finally(() => clearTimeout(timer));
}

export interface QueryUser {
  id: string | null;
  active: boolean;
  isGM: boolean;
  character?: { id?: string | null } | null;
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
}

export interface PermissionActor {
  id?: string | null;
  testUserPermission(user: unknown, level: string): boolean;
}

/** The connected player who answers for an actor: the one whose character it is, else any owner. */
export function reactingPlayer(actor: PermissionActor, users: Iterable<QueryUser>): QueryUser | null {
  const owners = [...users].filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER"));
  return owners.find((u) => u.character?.id === actor.id) ?? owners[0] ?? null;
}

/** The query data for one target. */
export function reactionQueryData(row: PreviewRow, names: { attacker: string; weapon: string; target: string }, timeout: number): ReactionQueryData {
  const choices: ReactionQueryData["choices"] = [{ reaction: "none", defense: row.odds.setup.defense.total, chanceToHit: row.odds.chanceToHit, expectedDamage: row.odds.expectedDamage }];
  for (const reaction of reactionChoices(row)) {
    const alt = row.odds.ifReaction[reaction];
    if (alt) choices.push({ reaction, defense: alt.defense, chanceToHit: alt.chanceToHit, expectedDamage: alt.expectedDamage });
  }
  return { ...names, choices, timeout };
}

/**
 * Sends a reaction query to a user with a time limit; when that user is this client the handler
 * runs here instead (a GM asking for its own NPC). Rejects on no answer in time.
 */
export function queryReactingUser(user: QueryUser, query: string, data: unknown, timeout: number, here: (data: unknown) => Promise<unknown>): Promise<unknown> {
  const self = user.id !== null && user.id === currentUserId();
  if (!self) return user.query(query, data, { timeout });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error("timeout")), timeout); });
  return Promise.race([here(data), late]).finally(() => clearTimeout(timer));
}

/** The user who answers a reaction for an actor: its connected player, else the active GM (null: nobody). */
export function reactingUser(actor: PermissionActor): { user: QueryUser; by: "player" | "gm" } | null {
  const player = reactingPlayer(actor, allUsers<QueryUser>());
  if (player) return { user: player, by: "player" };
  const gm = activeGM<QueryUser>();
  return gm ? { user: gm, by: "gm" } : null;
}

async function ask(user: QueryUser, data: ReactionQueryData, by: ReactionSource): Promise<ReactionDecision> {
  try {
    // A GM attacking its own NPC answers here; other users through the query.
    const answer = await queryReactingUser(user, REACTION_QUERY, data, data.timeout, answerReaction);
    const reaction = (answer as { reaction?: unknown } | null)?.reaction;
    return REACTIONS.includes(reaction as Reaction) && data.choices.some((c) => c.reaction === reaction) ? { reaction: reaction as Reaction, by } : { reaction: "none", by };
  } catch {
    return { reaction: "none", by: "timeout" };
  }
}

/** Who takes part in the reaction: the target's combatant (which pays) and the attacker's, in the running combat. */
export interface ReactionParties {
  reactorUuid?: string | null;
  attackerUuid?: string | null;
  /** The attack's id (the card's `reactionId`). */
  reactionId?: string | null;
}

/**
 * Asks one target for its reaction (or decides it): nothing is asked when no reaction is open and
 * payable; a connected owning player is asked; otherwise the GM is asked, or decides at once
 * when the world setting lets the system decide for NPCs. Whoever answers pays the reaction's
 * counter on its own client (it owns the combatant); the attacker's side pays none of it.
 */
export async function decideReaction(target: AttackTargetInfo & { actor: PermissionActor }, row: PreviewRow, names: { attacker: string; weapon: string }, parties: ReactionParties = {}): Promise<ReactionDecision> {
  if (!target.include || reactionChoices(row).length === 0 || row.odds.setup.automaticMiss) return { reaction: "none", by: "none" };
  const data: ReactionQueryData = {
    ...reactionQueryData(row, { ...names, target: target.name }, reactionTimeoutMs()),
    actorUuid: target.actorUuid ?? (target.actor as { uuid?: string }).uuid ?? null,
    reactorUuid: parties.reactorUuid ?? null,
    attackerUuid: parties.attackerUuid ?? null,
    reactionId: parties.reactionId ?? null,
  };
  const player = reactingPlayer(target.actor, allUsers<QueryUser>());
  if (player) return ask(player, data, "player");
  const gm = activeGM<QueryUser>();
  if (!gm) return { reaction: "none", by: "absent" };
  if (npcReactionMode() === "auto") return ask(gm, { ...data, auto: true }, "auto");
  return ask(gm, data, "gm");
}
