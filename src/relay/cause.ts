/**
 * The documents a cause names, as the answering client's world has them: the prologue every
 * kind's recompute shares (the attack card's, the cast card's). A card names its actor (by token
 * when it has one), its item and its targets by UUID; each is looked up here, checked to be the
 * document it claims to be (an Actor, an Item of that actor), and a missing one answers a
 * localized refusal the caller names. Nothing here reads a number from the card.
 */
import { resolveUuidSync } from "../foundry";
import type { RelayProblem } from "./ops";

/** A document by UUID in this world (null for a non-string, unknown or unresolvable UUID). */
export function resolveDocument<T>(uuid: unknown, documentName?: string): T | null {
  const doc = resolveUuidSync<T>(uuid);
  if (!doc || (documentName && (doc as { documentName?: string }).documentName !== documentName)) return null;
  return doc;
}

/** What a card says of a creature: its token's UUID (preferred) and its actor's. */
export interface CreatureRef {
  tokenUuid?: unknown;
  actorUuid?: unknown;
}

interface TokenLike {
  documentName?: string;
  document?: unknown;
  actor?: unknown;
}

/**
 * A creature a card names: its token (a Token document, or a placeable's document) and the
 * token's actor, else the actor by its UUID. `actor` is null unless it is an Actor.
 */
export function resolveCreature<A, T = unknown>(ref: CreatureRef): { token: T | null; actor: A | null } {
  const found = resolveDocument<TokenLike>(ref.tokenUuid);
  const doc = (found?.document ?? found) as TokenLike | null;
  const token = doc?.documentName === "Token" ? doc : null;
  const actor = (token?.actor ?? resolveDocument(ref.actorUuid)) as { documentName?: string } | null;
  return { token: token as T | null, actor: actor?.documentName === "Actor" ? actor as A : null };
}

/** The refusal keys a caller gives for each missing document (its own lang keys). */
export interface CauseProblems {
  actor: string;
  item: string;
  target?: string;
}

/** What a card names, to be resolved. */
export interface CauseRefs {
  actor: CreatureRef & { name?: string };
  /** Its item; `owned` (default true): the item must be the actor's own. */
  item?: { uuid: unknown; name?: string; owned?: boolean };
  /** Its targets, in order. `required` (default false): a missing one refuses, else it is null. */
  targets?: readonly (CreatureRef & { name?: string })[];
  requireTargets?: boolean;
}

export interface CauseDocuments<A, I, T> {
  actor: A;
  token: T | null;
  item: I | null;
  /** Each named target, in order (null actor: not in this world). */
  targets: { actor: A | null; token: T | null }[];
}

export type ResolvedCause<A, I, T> = ({ ok: true } & CauseDocuments<A, I, T>) | { ok: false; problem: RelayProblem };

const problem = (key: string, name: string | undefined): { ok: false; problem: RelayProblem } => ({ ok: false, problem: { key, data: { name: name ?? "" } } });

/**
 * Resolves the actor, item and targets a cause names in this world. Refuses (the caller's key,
 * `{ name }`) when the actor is gone, the item is gone, not an Item or (when `owned`) not the
 * actor's, or a required target is gone.
 */
export function resolveCause<A = unknown, I = unknown, T = unknown>(refs: CauseRefs, problems: CauseProblems): ResolvedCause<A, I, T> {
  const { token, actor } = resolveCreature<A, T>(refs.actor);
  if (!actor) return problem(problems.actor, refs.actor.name);
  let item: I | null = null;
  if (refs.item) {
    item = resolveDocument<I>(refs.item.uuid, "Item");
    const parent = (item as { parent?: { uuid?: string } | null } | null)?.parent;
    if (!item || (refs.item.owned !== false && parent?.uuid !== (actor as { uuid?: string }).uuid)) return problem(problems.item, refs.item.name);
  }
  const targets: CauseDocuments<A, I, T>["targets"] = [];
  for (const ref of refs.targets ?? []) {
    const found = resolveCreature<A, T>(ref);
    if (!found.actor && refs.requireTargets) return problem(problems.target ?? problems.actor, ref.name);
    targets.push(found);
  }
  return { ok: true, actor, token, item, targets };
}
