/**
 * Which relayed writes a player may ask of the GM (docs/rulings.md 138), as pure checks: the GM
 * writes what a player does not own only when a chat card of that player names it. The shell
 * (./relay-check) reads the documents and the card from the GM's own world; nothing here trusts
 * a list sent by the client.
 */

/** One write of a batch as the GM sees it. */
export interface RelaySubject {
  /** The written document's name, for the refusal. */
  name: string;
  documentName: string;
  /** Whether the requester owns it (an actor, a combatant through its actor …). */
  owned: boolean;
  /** The UUIDs that stand for it on a card: its own, its actor's, its token's. */
  uuids: readonly string[];
  /** The UUID of the written document (a ChatMessage's, for the card rule). */
  uuid: string;
  /** For a ChatMessage: the id of its author. */
  authorId?: string | null;
  /** Allowed without a card: a pool drain (channeling), a declared reaction's one counter. */
  exempt?: boolean;
}

/** The card a batch names as its cause, read by the GM. */
export interface RelayCause {
  uuid: string;
  authorId: string | null;
  /** Every UUID the card names as a participant. */
  participants: ReadonlySet<string>;
  /** Whether the requester owns one of the participants (a reacting target). */
  requesterTakesPart: boolean;
}

export type RelayVerdict = { ok: true } | { ok: false; name: string };

function strings(...values: unknown[]): string[] {
  return values.filter((v): v is string => typeof v === "string" && v.length > 0);
}

/**
 * The UUIDs a message's ClockWork flags name: an attack card's attacker and targets (a
 * redirected hit's creature is a target row), a cast card's caster and targets, an alchemy
 * use's user and target.
 */
export function cardParticipants(clockwork: unknown): Set<string> {
  const names = new Set<string>();
  if (!clockwork || typeof clockwork !== "object") return names;
  const flags = clockwork as Record<string, unknown>;
  const attack = flags.attack as { actorUuid?: unknown; tokenUuid?: unknown; targets?: unknown } | undefined;
  if (attack && typeof attack === "object") {
    for (const uuid of strings(attack.actorUuid, attack.tokenUuid)) names.add(uuid);
    for (const target of Array.isArray(attack.targets) ? attack.targets : []) {
      for (const uuid of strings((target as { actorUuid?: unknown })?.actorUuid, (target as { tokenUuid?: unknown })?.tokenUuid)) names.add(uuid);
    }
  }
  const cast = flags.cast as { caster?: { uuid?: unknown }; targets?: unknown } | undefined;
  if (cast && typeof cast === "object") {
    for (const uuid of strings(cast.caster?.uuid)) names.add(uuid);
    for (const target of Array.isArray(cast.targets) ? cast.targets : []) for (const uuid of strings((target as { uuid?: unknown })?.uuid)) names.add(uuid);
  }
  const alchemy = flags.alchemyUse as { actorUuid?: unknown; targetUuid?: unknown } | undefined;
  if (alchemy && typeof alchemy === "object") for (const uuid of strings(alchemy.actorUuid, alchemy.targetUuid)) names.add(uuid);
  return names;
}

/** Whether a card that names these participants covers a write on a document known by `uuids`. */
export function namedBy(participants: ReadonlySet<string>, uuids: readonly string[]): boolean {
  return uuids.some((uuid) => participants.has(uuid));
}

/**
 * Whether the GM may make every write of a player's batch: each document is the player's own,
 * exempt, or named by the player's own card (`cause`); the card itself may be written by its
 * author, or by a player whose creature takes part in it (a Redirect). The first write that is
 * not covered refuses the batch.
 */
export function checkRelayBatch(subjects: readonly RelaySubject[], requesterId: string, cause: RelayCause | null): RelayVerdict {
  const ownCard = cause !== null && cause.authorId === requesterId;
  for (const subject of subjects) {
    if (subject.owned || subject.exempt) continue;
    if (subject.documentName === "ChatMessage") {
      if (subject.authorId === requesterId) continue;
      if (cause && cause.uuid === subject.uuid && cause.requesterTakesPart) continue;
      return { ok: false, name: subject.name };
    }
    if (ownCard && namedBy(cause.participants, subject.uuids)) continue;
    return { ok: false, name: subject.name };
  }
  return { ok: true };
}

/**
 * Writes a player may ask for without a card (docs/rulings.md 138): draining a scene's pool by
 * channeling (players never own scenes), and the one counter a target's declared reaction
 * costs, paid with the attack or cast before its card exists.
 */
export function exemptWrite(op: unknown): boolean {
  const o = op as { op?: unknown; drain?: unknown; set?: unknown; give?: unknown; spend?: { cost?: unknown; reaction?: unknown } } | null;
  if (!o || typeof o !== "object") return false;
  if (o.op === "pool") return o.set === undefined && o.give === undefined && typeof o.drain === "number";
  if (o.op === "counters") return o.set === undefined && o.spend?.reaction === true && o.spend.cost === 1;
  return false;
}
