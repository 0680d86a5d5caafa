/**
 * The record of a creature's answer to an attack or a cast, written only by the GM's side (issue
 * 34 item 1): a declared dodge or block (`flags.clockwork.reactedTo.<reactionId>` against an
 * attack, `flags.clockwork.spellReactions.<castId>.reaction` against a spell), a resisting roll's
 * faces and a willingness answer (`spellReactions.<castId>.faces` / `.willing`). The GM's Apply
 * reads them, so a player must not write them (src/relay/gm-records.ts refuses it): the reacting
 * side answers its prompt and asks the GM through the query `clockwork.reactionRecord`; the GM
 * checks it from its own world (the asker owns the creature, the card is not out yet, nothing is
 * recorded for that id, the reactor may react now) and, for a dodge or block, pays the reaction's
 * counter and records it, so a record is never unpaid. A GM's client does the same locally.
 */
import { activeGM, askUser, currentUser, queryRequesterId, resolveUuidSync, userById, worldCollection, type QueryFailure, type QueryOptions, type QueryUser } from "../../foundry";
import { RELAY_TIMEOUT } from "../../relay";
import { refusal, type QueryRefusal } from "../query-refusal";

export const REACTION_RECORD_QUERY = "clockwork.reactionRecord";
/** Where a reactor's declared reactions to attacks are: `flags.clockwork.reactedTo.<reactionId>`. */
export const REACTED_FLAG = "reactedTo";
/** Where a creature's answers to casts are: `flags.clockwork.spellReactions.<castId>`. */
export const SPELL_REACTED_FLAG = "spellReactions";
/** How many of its latest reactions to attacks a creature keeps on record. */
const REACTIONS_KEPT = 12;
/** How many answers to casts a creature keeps (the oldest go first). */
const CAST_ANSWERS_KEPT = 20;

export const isReactionId = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9]{8,32}$/.test(value);
/** A cast id as the record's key (a flag key: letters and digits only). */
export const isCastId = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9]{1,40}$/.test(value);

/** What a reacting side asks the GM to record. */
export interface ReactionRecordRequest {
  actorUuid: string;
  /** What it answers: an attack (its card's `reactionId`) or a cast (its `castId`). */
  on: "attack" | "cast";
  id: string;
  reaction?: "dodge" | "block";
  faces?: number[];
  willing?: boolean;
  /** The reacting combatant (the GM pays the counter there) and the attacker's, in the running combat. */
  reactorUuid?: string | null;
  attackerUuid?: string | null;
  /** The asker as it claims itself (v13 core does not say; v14 does, and must agree). */
  userId?: string | null;
}

export type ReactionRecordAnswer = { ok: true; paid: boolean } | QueryRefusal;

interface RecordActor {
  documentName?: string;
  uuid?: string;
  name?: string;
  flags?: { clockwork?: Record<string, unknown> };
  testUserPermission?(user: unknown, level: string): boolean;
  update(changes: object): Promise<unknown>;
}

interface RecordCombatant {
  documentName?: string;
  uuid?: string;
  defeated?: boolean;
  isDefenseless?: boolean;
  combat?: { id?: string | null; started?: boolean } | null;
  actor?: { uuid?: string; statuses?: Iterable<string> } | null;
  canSpend?(baseCost: number, options?: object): boolean;
  spendCounters?(baseCost: number, options?: object): Promise<unknown>;
}

/** Conditions that leave no dodge or block (§4.14, §4.15). */
export const NO_REACTION = ["dead", "dying", "stabilized", "petrified", "frozen", "grappled"];

/** A cast record as it is stored. */
export interface StoredCastAnswer {
  reaction?: "dodge" | "block";
  faces?: number[];
  willing?: boolean;
  at: number;
}

const isFace = (f: unknown): f is number => typeof f === "number" && Number.isInteger(f) && f >= 1 && f <= 12;

/** The request, checked for shape: an id of its kind, at least one answer, each of its type. */
function wellFormed(data: unknown): data is ReactionRecordRequest {
  const d = data as Partial<ReactionRecordRequest> | null;
  if (!d || typeof d !== "object" || Array.isArray(d) || typeof d.actorUuid !== "string" || d.actorUuid.length > 200) return false;
  if (d.on === "attack" ? !isReactionId(d.id) : d.on === "cast" ? !isCastId(d.id) : true) return false;
  if (d.reaction !== undefined && d.reaction !== "dodge" && d.reaction !== "block") return false;
  if (d.faces !== undefined && (!Array.isArray(d.faces) || d.faces.length < 1 || d.faces.length > 24 || !d.faces.every(isFace))) return false;
  if (d.willing !== undefined && typeof d.willing !== "boolean") return false;
  if (d.on === "attack" && (d.faces !== undefined || d.willing !== undefined || d.reaction === undefined)) return false;
  if (d.reaction === undefined && d.faces === undefined && d.willing === undefined) return false;
  for (const uuid of [d.reactorUuid, d.attackerUuid]) if (uuid !== undefined && uuid !== null && (typeof uuid !== "string" || uuid.length > 200)) return false;
  return true;
}

/** Whether a card already in the chat answers to this id (an attack card's `reactionId`, a cast card's `castId`). */
function cardOut(on: "attack" | "cast", id: string): boolean {
  for (const message of worldCollection<Iterable<{ flags?: { clockwork?: Record<string, unknown> } }>>("messages") ?? []) {
    const flags = message.flags?.clockwork;
    if (!flags) continue;
    const card = flags[on] as { reactionId?: unknown; request?: { castId?: unknown } } | undefined;
    if (on === "attack" ? card?.reactionId === id : card?.request?.castId === id) return true;
  }
  return false;
}

function recordsOf(actor: RecordActor, flag: string): Record<string, unknown> {
  const records = actor.flags?.clockwork?.[flag];
  return records && typeof records === "object" ? records as Record<string, unknown> : {};
}

/** Whether the actor fights in a started combat (an undefeated combatant of it). */
function fightsNow(actor: RecordActor): boolean {
  for (const combat of worldCollection<Iterable<{ started?: boolean; combatants: Iterable<{ defeated?: boolean; actor?: { uuid?: string } | null }> }>>("combats") ?? []) {
    if (!combat.started) continue;
    for (const c of combat.combatants) if (!c.defeated && c.actor?.uuid === actor.uuid) return true;
  }
  return false;
}

/**
 * On the GM's client: checks a reacting side's answer against this world and records it (a dodge
 * or block paid first, from the reactor's combatant). `asker` null: the GM's own answer.
 */
export async function writeReactionRecord(request: ReactionRecordRequest, asker: unknown): Promise<ReactionRecordAnswer> {
  const actor = resolveUuidSync<RecordActor>(request.actorUuid);
  if (!actor || actor.documentName !== "Actor") return refusal("NoActor");
  const name = actor.name ?? "";
  if (asker && actor.testUserPermission?.(asker, "OWNER") !== true) return refusal("NotOwner", { name });
  if (cardOut(request.on, request.id)) return refusal("ReactionLate", { name });
  const flag = request.on === "attack" ? REACTED_FLAG : SPELL_REACTED_FLAG;
  const records = recordsOf(actor, flag);
  const known = records[request.id];
  const stored: Partial<StoredCastAnswer> = request.on === "attack" ? (known === "dodge" || known === "block" ? { reaction: known } : {}) : (known && typeof known === "object" ? known as StoredCastAnswer : {});
  // An answer stands once given: the same one again changes nothing, another is refused.
  if ((request.faces && stored.faces) || (request.willing !== undefined && stored.willing !== undefined && stored.willing !== request.willing)) return refusal("ReactionRecorded", { name });
  if (request.reaction && stored.reaction) return stored.reaction === request.reaction ? { ok: true, paid: false } : refusal("ReactionRecorded", { name });
  let paid = false;
  if (request.reaction) {
    const reactor = request.reactorUuid ? resolveUuidSync<RecordCombatant>(request.reactorUuid) : null;
    if (request.reactorUuid && !reactor) return refusal("NotCombatant", { name });
    if (reactor) {
      if (reactor.documentName !== "Combatant" || !reactor.combat?.started || reactor.actor?.uuid !== actor.uuid) return refusal("NotCombatant", { name });
      const statuses = new Set(reactor.actor?.statuses ?? []);
      if (reactor.defeated || reactor.isDefenseless || NO_REACTION.some((s) => statuses.has(s)) || reactor.canSpend?.(1, { reaction: true }) !== true) return refusal("CannotReact", { name });
      const attacker = resolveUuidSync<RecordCombatant>(request.attackerUuid);
      if (attacker?.documentName !== "Combatant" || attacker.combat?.id !== reactor.combat.id || attacker === reactor) return refusal("NoAttacker", { name });
      // The reaction's counter (Stunned adds 1, the combatant knows), paid before it is recorded.
      if (((await reactor.spendCounters?.(1, { reaction: true, quiet: true })) ?? null) === null) return refusal("CannotReact", { name });
      paid = true;
    } else if (fightsNow(actor)) return refusal("NotCombatant", { name });
  }
  const changes: Record<string, unknown> = {};
  if (request.on === "attack") {
    changes[`flags.clockwork.${flag}.${request.id}`] = request.reaction;
    const kept = Object.keys(records).filter((id) => id !== request.id);
    for (const old of kept.slice(0, Math.max(0, kept.length - REACTIONS_KEPT + 1))) changes[`flags.clockwork.${flag}.-=${old}`] = null;
  } else {
    const answer: StoredCastAnswer = { ...stored, at: Date.now() };
    if (request.reaction) answer.reaction = request.reaction;
    if (request.faces) answer.faces = [...request.faces];
    if (request.willing !== undefined) answer.willing = request.willing;
    changes[`flags.clockwork.${flag}.${request.id}`] = answer;
    const old = Object.entries(records).filter(([id]) => id !== request.id)
      .sort(([, a], [, b]) => ((b as StoredCastAnswer | null)?.at ?? 0) - ((a as StoredCastAnswer | null)?.at ?? 0)).slice(CAST_ANSWERS_KEPT - 1);
    for (const [id] of old) changes[`flags.clockwork.${flag}.-=${id}`] = null;
  }
  await actor.update(changes);
  return { ok: true, paid };
}

/** The GM's side of {@link REACTION_RECORD_QUERY}: who asks (v14: core's word), then `writeReactionRecord`. */
export async function answerReactionRecord(data: unknown, options?: QueryOptions): Promise<ReactionRecordAnswer> {
  if (currentUser<{ isGM?: boolean }>()?.isGM !== true) return refusal("BadRequest");
  if (!wellFormed(data)) return refusal("BadRequest");
  const attested = queryRequesterId(options);
  if (attested && data.userId !== undefined && data.userId !== null && data.userId !== attested) return refusal("NotYours", { name: "" });
  const id = attested ?? (typeof data.userId === "string" ? data.userId : null);
  const user = id ? userById<{ isGM?: boolean }>(id) : undefined;
  if (!user) return refusal("UnknownUser");
  // A GM records its own answers locally; a query claiming one is a forgery.
  if (user.isGM === true) return refusal("ClaimedGM");
  return writeReactionRecord(data, user);
}

/** What declaring an answer came to: recorded (and paid, for a dodge or block), refused, or no GM to ask. */
export type Declared = ReactionRecordAnswer | { ok: false; unreached: QueryFailure | "absent" };

/**
 * The reacting side's answer, recorded by the GM: locally on a GM's client, else asked of the
 * active GM (the one who pays the counter and writes the record).
 */
export async function declareAnswer(request: Omit<ReactionRecordRequest, "userId">): Promise<Declared> {
  const self = currentUser<{ id: string | null; isGM?: boolean }>();
  if (self?.isGM) return writeReactionRecord(request, null);
  const gm = activeGM<QueryUser>();
  if (!gm) return { ok: false, unreached: "absent" };
  const asked = await askUser(gm, REACTION_RECORD_QUERY, { ...request, userId: self?.id ?? null }, { timeout: RELAY_TIMEOUT });
  if (!asked.ok) return { ok: false, unreached: asked.why };
  const answer = asked.value as ReactionRecordAnswer | null;
  return answer && typeof answer === "object" && (answer.ok === true || answer.ok === false) ? answer : { ok: false, unreached: "failed" };
}
