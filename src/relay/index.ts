/**
 * The one GM relay (issue 18). A player's client never writes a document it does not own and
 * never tells the GM what to write: it names a registered kind (./kinds), the chat message the
 * request follows from, and a few arguments. `relay()` sends that as the one query
 * `clockwork.relay` to the active GM; a GM runs the same path locally. The answering GM checks
 * who may ask from its own world, lets the kind derive the writes from the cause, refuses any
 * derived write on a document the requester owns (an owner writes itself), and runs the writes
 * through the one planner (./planner), one batch at a time, planned from its own documents as
 * they are when the batch's turn comes. `writeOwned` (./planner) is the local path: a GM's or an
 * owner's batch, through the same queue, never asking anyone.
 */
import { activeGM, askUser, currentUser, localize, notify, queryRequesterId, registerQuery, resolveUuidSync, userById, type QueryFailure, type QueryOptions, type QueryUser } from "../foundry";
import { relayKind, type RelayCause, type RelayRequester } from "./kinds";
import type { RelayOp, RelayProblem } from "./ops";
import { registerGmRecordGuards, writesOnlyGmRecords } from "./gm-records";
import { parseLedgerTag, runBatch, type OpResult } from "./planner";

export * from "./kinds";
export * from "./ops";
export { GM_RECORDS, refusesGmRecords, stripGmRecords, touchesGmRecords } from "./gm-records";
export {
  DAMAGE_APPLIED_HOOK, LEDGER_LIMIT, POOL_FLAG, healthTrackOf, ledgerState, parseLedgerTag, storedPool, writeOwned,
  type BatchResult, type LedgerEntry, type OpResult, type WriteOwnedOptions,
} from "./planner";

/**
 * A card's "undone by the GM" mark (`flags.clockwork.undoneByGM` on its message), for the cards
 * whose flags have no place of their own for it (the damage enricher's, an alchemy use note):
 * the GM's Undo writes it, the GM's Apply clears it. A display for everyone; the ledger decides.
 */
export const CARD_UNDONE_FLAG = "undoneByGM";

/** Whether a card's `flags.clockwork` carry the GM's undone mark. */
export function cardUndone(flags: Record<string, unknown> | null | undefined): boolean {
  const mark = flags?.[CARD_UNDONE_FLAG];
  return mark !== undefined && mark !== null && mark !== false;
}

/** The relay's one query. */
export const RELAY_QUERY = "clockwork.relay";
/** How long a requester waits for the GM (ms). */
export const RELAY_TIMEOUT = 15_000;

/** What a relayed request did: what each derived op wrote, or why it was refused. */
export type RelayResult = { ok: true; viaGM: boolean; results: OpResult[]; effects: string[] } | { ok: false; viaGM: boolean; problem: RelayProblem };

export interface RelayOptions {
  /** The UUID of the chat message the request follows from. */
  cause: string;
  /** Show a refusal to the user (default true). */
  notify?: boolean;
  timeout?: number;
}

interface RelayRequest {
  kind?: unknown;
  args?: unknown;
  cause?: unknown;
  userId?: unknown;
}

/** What the asker is told when the GM gave no answer, by why (see `askUser`). */
export const NO_ANSWER: Record<QueryFailure, string> = { left: "CLOCKWORK.Relay.GMLeft", timeout: "CLOCKWORK.Relay.NoAnswer", failed: "CLOCKWORK.Relay.NoAnswer" };

const refused = (key: string, data?: Record<string, string | number>): RelayResult => ({ ok: false, viaGM: true, problem: { key, data } });

function report(result: RelayResult, options: Pick<RelayOptions, "notify">): RelayResult {
  if (!result.ok && options.notify !== false) notify("error", result.problem.key, result.problem.data);
  return result;
}

/**
 * Asks for a kind's writes: on a GM's client here, otherwise as one query on the active GM.
 * Resolves what was written, or the refusal (shown to the user unless `notify: false`).
 */
export async function relay(kind: string, args: Record<string, unknown>, options: RelayOptions): Promise<RelayResult> {
  const user = currentUser<{ id: string | null; isGM?: boolean }>();
  if (user?.isGM) return report({ ...(await answer({ kind, args, cause: options.cause, userId: user.id }, user.id)), viaGM: false }, options);
  const gm = activeGM<QueryUser>();
  if (!gm) return report(refused("CLOCKWORK.Relay.NoGM"), options);
  const asked = await askUser(gm, RELAY_QUERY, { kind, args, cause: options.cause, userId: user?.id ?? null }, { timeout: options.timeout ?? RELAY_TIMEOUT });
  if (!asked.ok) {
    console.warn(`ClockWork | the GM did not answer a relayed request (${asked.why})`, asked.error);
    return report(refused(NO_ANSWER[asked.why]), options);
  }
  const result = asked.value as RelayResult | null;
  if (!result || typeof result !== "object" || typeof result.ok !== "boolean") return report(refused("CLOCKWORK.Relay.NoAnswer"), options);
  return report({ ...result, viaGM: true }, options);
}

interface MessageDoc {
  documentName?: string;
  uuid: string;
  id: string;
  author?: { id?: string | null } | null;
  flags?: Record<string, unknown>;
  rolls?: unknown[];
}

interface PermissionDoc {
  documentName?: string;
  actor?: PermissionDoc | null;
  parent?: PermissionDoc | null;
  testUserPermission?(user: unknown, level: string): boolean;
}


function causeOf(uuid: unknown): RelayCause | null {
  const message = resolveUuidSync<MessageDoc>(uuid);
  if (!message || message.documentName !== "ChatMessage") return null;
  return {
    uuid: message.uuid, id: message.id, authorId: message.author?.id ?? null,
    flags: (message.flags?.clockwork as Record<string, unknown> | undefined) ?? {}, rolls: message.rolls ?? [], message,
  };
}

/** Whether `user` owns the document (a combatant or effect through its actor). */
function ownedBy(uuid: string, user: unknown): boolean {
  const doc = resolveUuidSync<PermissionDoc>(uuid);
  if (!doc) return false;
  const actor = doc.documentName === "Combatant" ? doc.actor ?? doc : doc.documentName === "ActiveEffect" && doc.parent?.documentName === "Actor" ? doc.parent : doc;
  return actor?.testUserPermission?.(user, "OWNER") === true;
}

/**
 * The asking user: the one core names in the handler's options where the running version does
 * (a v14 guard; core v13 does not), else the id claimed in the request.
 */
function requesterOf(request: RelayRequest, options?: { user?: { id?: string } }): RelayRequester | null {
  const id = queryRequesterId(options) ?? (typeof request.userId === "string" ? request.userId : null);
  const user = id ? userById<{ id: string; isGM?: boolean }>(id) : undefined;
  return user ? { id: user.id, isGM: user.isGM === true, user } : null;
}

/** The GM's side of {@link RELAY_QUERY} (registered at init). */
export async function answerRelay(data: unknown, options?: QueryOptions): Promise<RelayResult> {
  const self = currentUser<{ id: string | null; isGM?: boolean }>();
  if (!self?.isGM) return refused("CLOCKWORK.Relay.NoGM");
  // Any shape the wire can carry: a non-object request, or one whose fields are not what they claim.
  if (data === null || typeof data !== "object" || Array.isArray(data)) return refused("CLOCKWORK.Relay.BadRequest");
  try {
    return await answer(data as RelayRequest, null, options);
  } catch (error) {
    console.error("ClockWork | a relayed request could not be answered", error);
    return refused("CLOCKWORK.Relay.BadRequest");
  }
}

async function answer(request: RelayRequest, localId: string | null, options?: { user?: { id?: string } }): Promise<RelayResult> {
  // An id of another type is no id a client sends (on v14 core's own word would otherwise pass it by).
  if (request.userId !== undefined && request.userId !== null && typeof request.userId !== "string") return refused("CLOCKWORK.Relay.BadRequest");
  // Where core names the asker (v14), a request claiming someone else is a forgery, not a mistake.
  const asker = localId ? null : queryRequesterId(options);
  if (asker && typeof request.userId === "string" && request.userId !== asker) return refused("CLOCKWORK.Relay.ClaimsOther");
  const requester = localId ? requesterOf({ userId: localId }) : requesterOf(request, options);
  if (!requester) return refused("CLOCKWORK.Relay.UnknownUser");
  // A GM's client writes locally; a relayed request claiming a GM is a forgery.
  if (requester.isGM && !localId) return refused("CLOCKWORK.Relay.ClaimsGM");
  const kind = typeof request.kind === "string" ? relayKind(request.kind) : undefined;
  // Only a string is named back: an object's own toString (or none) is a forger's, never called.
  if (!kind) return refused("CLOCKWORK.Relay.UnknownKind", { kind: typeof request.kind === "string" ? request.kind.slice(0, 64) : "?" });
  const cause = causeOf(request.cause);
  if (!cause || !kind.accepts(cause.flags)) return refused("CLOCKWORK.Relay.NoCause");
  if (!requester.isGM) {
    if (kind.who === "gm") return refused("CLOCKWORK.Relay.GMOnly");
    const mayAsk = kind.who === "author" ? cause.authorId === requester.id : kind.participants(cause.flags).some((uuid) => ownedBy(uuid, requester.user));
    if (!mayAsk) return refused("CLOCKWORK.Relay.NotYourCard");
  }
  // Arguments are a plain object (or none): anything else is not a request any button sends.
  if (request.args !== undefined && (request.args === null || typeof request.args !== "object" || Array.isArray(request.args))) return refused("CLOCKWORK.Relay.BadRequest");
  const args = (request.args ?? {}) as Record<string, unknown>;
  let derived;
  try {
    derived = await kind.derive({ requester, cause, args });
  } catch (error) {
    console.error("ClockWork | a relayed request could not be worked out", error);
    return refused("CLOCKWORK.Relay.BadRequest");
  }
  if ("refused" in derived) return { ok: false, viaGM: true, problem: derived.refused };
  // An owner never needs the relay: a relayed write on the requester's own document is refused,
  // save a write carrying the card's ledger tag (the ledger is the GM's to write, ./gm-records).
  if (!localId && derived.ops.some((op) => !carriesLedger(op) && ownedBy(op.uuid, requester.user))) return refused("CLOCKWORK.Relay.OwnDocument");
  // A card's ledger tags are its own: a kind may not apply or revert another card's.
  const tags = derived.ops.map((op) => ("ledger" in op ? op.ledger : undefined)).filter((tag) => tag !== undefined);
  if (tags.some((tag) => parseLedgerTag(tag)?.message !== cause.id)) return refused("CLOCKWORK.Relay.BadLedger");
  return runBatch(derived.ops, requester.id, !localId);
}

/** Whether an op writes the ledger (a tagged write, or an Undo's revert). */
const carriesLedger = (op: RelayOp): boolean => op.op === "revert" || ("ledger" in op && op.ledger !== undefined) || writesOnlyGmRecords(op);

/** A refusal's text (for tests and logs). */
export function relayProblemText(problem: RelayProblem): string {
  return localize(problem.key);
}

/** Registers the relay's query (at init, on every client: whichever is the active GM answers). */
export function registerRelay(): void {
  registerGmRecordGuards();
  registerQuery(RELAY_QUERY, (data: unknown, options?: QueryOptions) => answerRelay(data, options));
}
