/**
 * The GM's side of the relay guard (docs/rulings.md 138): reads each written document and the
 * batch's cause card from the GM's own world and asks ./relay-guard whether a player may have
 * them written. Used by the combat relay (./gm-writes) and magic's (src/magic/writes).
 */
import { cardParticipants, checkRelayBatch, exemptWrite, type RelayCause, type RelaySubject } from "./relay-guard";
import { resolveUuidSync, userById } from "../foundry";

interface GuardDoc {
  documentName: string;
  uuid: string;
  name?: string | null;
  parent?: GuardDoc | null;
  actor?: GuardDoc | null;
  token?: { uuid?: string } | null;
  author?: { id?: string | null } | null;
  flags?: Record<string, unknown>;
  testUserPermission?(user: unknown, level: string): boolean;
}

/** Why a batch was refused: a lang key with its data (as the relays report problems). */
export interface RelayRefusal {
  key: string;
  data: Record<string, string>;
}

function resolve(uuid: unknown): GuardDoc | null {
  if (typeof uuid !== "string" || !uuid) return null;
  try {
    return resolveUuidSync<GuardDoc>(uuid);
  } catch {
    return null;
  }
}

/** The actor a document belongs to (itself, a combatant's, an effect's parent), or null. */
function actorOf(doc: GuardDoc): GuardDoc | null {
  if (doc.documentName === "Actor") return doc;
  if (doc.documentName === "Combatant") return doc.actor ?? null;
  if (doc.documentName === "ActiveEffect" && doc.parent?.documentName === "Actor") return doc.parent;
  return null;
}

/** The UUIDs a card may use for an actor: its own, its token's; a combatant's own and its token's too. */
function uuidsOf(doc: GuardDoc): string[] {
  const actor = actorOf(doc);
  const uuids = [doc.uuid];
  if (actor) uuids.push(actor.uuid);
  if (actor?.token?.uuid) uuids.push(actor.token.uuid);
  if (doc.documentName === "Combatant" && doc.token?.uuid) uuids.push(doc.token.uuid);
  return uuids;
}

function owns(doc: GuardDoc | null, user: unknown): boolean {
  return doc?.testUserPermission?.(user, "OWNER") === true;
}

function causeOf(uuid: unknown, user: unknown): RelayCause | null {
  const message = resolve(uuid);
  if (!message || message.documentName !== "ChatMessage") return null;
  const participants = cardParticipants(message.flags?.clockwork);
  const requesterTakesPart = [...participants].some((p) => {
    const doc = resolve(p);
    return owns(doc ? actorOf(doc) ?? doc : null, user);
  });
  return { uuid: message.uuid, authorId: message.author?.id ?? null, participants, requesterTakesPart };
}

/**
 * Whether the GM may write a relayed batch for this user: null when it may (a GM asks anything),
 * else the refusal. `ops` are the relay's ops (each with the UUID it writes); `cause` the UUID
 * of the chat card the batch follows from.
 */
export function relayRefusal(ops: readonly unknown[], userId: string, cause: unknown): RelayRefusal | null {
  const user = userById<{ isGM?: boolean }>(userId);
  if (!user) return { key: "CLOCKWORK.Combat.Attack.GmWrite.NotYours", data: { name: "?" } };
  if (user.isGM) return null;
  const subjects: RelaySubject[] = [];
  for (const op of ops) {
    const doc = resolve((op as { uuid?: unknown } | null)?.uuid);
    // A missing document is the relay's own refusal (planned later), not this one.
    if (!doc) continue;
    const actor = actorOf(doc);
    subjects.push({
      name: (actor ?? doc).name ?? "", documentName: doc.documentName, uuid: doc.uuid, uuids: uuidsOf(doc),
      owned: owns(actor ?? doc, user), authorId: doc.documentName === "ChatMessage" ? doc.author?.id ?? null : undefined, exempt: exemptWrite(op),
    });
  }
  const verdict = checkRelayBatch(subjects, userId, causeOf(cause, user));
  return verdict.ok ? null : { key: "CLOCKWORK.Combat.Attack.GmWrite.NotYours", data: { name: verdict.name } };
}
