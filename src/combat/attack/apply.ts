/**
 * The attack card's writes through the one relay (issue 18 items 1 and 3). A click never sends
 * numbers: Apply asks the kind "attack.apply" with the card as its cause, and the answering GM
 * recomputes the rows from the message's rolls and its own world (./recompute) and writes that,
 * tagged `<message.id>.<row>` so a card applies once; Undo ("attack.undo", GMs) reverts exactly
 * what those tags recorded, from the current state; "attack.redirect" lets the owner of a
 * shield's wearer turn a roll onto an adjacent creature. Writes on the requester's own creatures
 * (the attacker's Spiked Shield damage, an own target) never go through the relay: the
 * requester's client writes them itself, tagged the same way.
 */
import { notify, resolveUuidSync, userById } from "../../foundry";
import { ledgerState, registerRelayKind, relay, type Derived, type DeriveContext, type RelayOp, type RelayResult } from "../../relay";
import { ATTACK_FLAG, isApplied, isUndone, ledgerSlot, ledgerTag, type AttackCardData, type CardTarget } from "./card";
import { attackData, safeKey, type AttackMessage } from "./chat";
import { recomputeCard, type RecomputeMessage, type RecomputedRow } from "./recompute";
import { ATTACK_KINDS } from "./constants";
import { adjacentTokens } from "./redirect";
import { tokenDocOf, type WorkflowActor } from "./workflow";

export { ATTACK_KINDS, ledgerSlot, ledgerTag };

const KEY = "CLOCKWORK.Combat.Attack";

/** Whether an actor's ledger holds a tag applied and not undone (what the relay's planner recorded). */
export function ledgerHas(actor: unknown, tag: string): boolean {
  return ledgerState(actor, tag) === "applied";
}

interface Owned {
  testUserPermission?(user: unknown, level: string): boolean;
}

const owns = (doc: unknown, user: unknown): boolean => (doc as Owned | null)?.testUserPermission?.(user, "OWNER") === true;

/** The card's message as the relay's cause carries it. */
const messageOf = (context: DeriveContext): RecomputeMessage & { uuid: string; id: string } => context.cause.message as RecomputeMessage & { uuid: string; id: string };

/** A row's writes: damage and statuses on the target, a Spiked Shield's damage on the attacker. */
export function rowOps(messageId: string, row: RecomputedRow, attacker: WorkflowActor): RelayOp[] {
  const ledger = ledgerTag(messageId, row.key);
  const ops: RelayOp[] = [];
  if (row.damage.total > 0) ops.push({ op: "damage", uuid: row.actorUuid, amount: row.damage.total, ledger });
  for (const status of row.conditions) ops.push({ op: "status", uuid: row.actorUuid, status, active: true, ledger });
  const spikes = row.retaliation?.damage.total ?? 0;
  if (spikes > 0) ops.push({ op: "damage", uuid: attacker.uuid, amount: spikes, ledger });
  return ops;
}

/**
 * Whether a row was applied. The GM's side reads only the ledger, which only a GM's client
 * writes (src/relay/gm-records.ts): a display its author wrote on a player's card never hides a
 * row from the GM's Apply. A client's own button also reads the display (`display`).
 */
function applied(data: AttackCardData, messageId: string, row: RecomputedRow, attacker: WorkflowActor, display = false): boolean {
  const tag = ledgerTag(messageId, row.key);
  return (display && isApplied(data, row.key)) || ledgerHas(row.actor, tag) || ledgerHas(attacker, tag);
}

/** The rows an Apply would write: the one `key` names, or every pending one. */
function pendingRows(rows: readonly RecomputedRow[], data: AttackCardData, messageId: string, attacker: WorkflowActor, key: unknown, display = false, player = false): RecomputedRow[] | { refused: string } {
  if (key !== undefined && (typeof key !== "string" || !rows.some((r) => r.key === key))) return { refused: `${KEY}.Apply.UnknownTarget` };
  // A player's button leaves out the rows the GM undid (the GM's side refuses them anyway).
  const chosen = rows.filter((r) => (key === undefined || r.key === key) && !(display && player && isUndone(data, r.key)));
  const pending = chosen.filter((r) => !applied(data, messageId, r, attacker, display) && rowOps(messageId, r, attacker).length > 0);
  return pending.length ? pending : { refused: `${KEY}.Card.NothingToApply` };
}

/** "attack.apply": the GM recomputes the card and writes the rows still pending. */
function deriveApply(context: DeriveContext<{ key?: unknown }>): Derived {
  const message = messageOf(context);
  const recomputed = recomputeCard(message);
  if (!recomputed.ok) return { refused: recomputed.problem };
  const { data, attacker, rows } = recomputed;
  // The card's author must own the attacker: a player's card cannot make an NPC strike.
  const author = context.cause.authorId ? userById<{ isGM?: boolean }>(context.cause.authorId) : undefined;
  if (!author || (!author.isGM && !owns(attacker, author))) return { refused: { key: `${KEY}.Apply.NotTheAttacker`, data: { name: data.actorName } } };
  const pending = pendingRows(rows, data, message.id, attacker, context.args.key);
  if ("refused" in pending) return { refused: { key: pending.refused } };
  const requester = context.requester;
  const ops: RelayOp[] = [];
  for (const row of pending) {
    // Every row's writes, the requester's own creatures' too: each carries the card's ledger
    // tag, which only the GM's client writes (a player's tagged write comes here).
    ops.push(...rowOps(message.id, row, attacker));
    // The card's display, from a GM's own click (a player's card is theirs: their client marks it).
    if (requester.isGM) {
      ops.push({ op: "record", uuid: message.uuid, path: `flags.clockwork.${ATTACK_FLAG}.applied.${row.key}`, from: [] });
      if (isUndone(data, row.key) || data.undone?.[row.key]) ops.push({ op: "record", uuid: message.uuid, path: `flags.clockwork.${ATTACK_FLAG}.undone.${row.key}`, clear: true });
    }
  }
  if (!ops.length) return { refused: { key: `${KEY}.Card.NothingToApply` } };
  return { ops };
}

/** "attack.undo" (GMs): revert what each applied row's tag recorded, from the current state. */
function deriveUndo(context: DeriveContext<{ key?: unknown }>): Derived {
  const message = messageOf(context);
  const data = attackData(message);
  if (!data) return { refused: { key: `${KEY}.Recompute.NoCard` } };
  const key = context.args.key;
  if (key !== undefined && (typeof key !== "string" || !data.targets.some((t) => t.key === key))) return { refused: { key: `${KEY}.Apply.UnknownTarget` } };
  const attacker = resolve(data.actorUuid);
  const ops: RelayOp[] = [];
  for (const target of data.targets.filter((t) => key === undefined || t.key === key)) {
    const tag = ledgerTag(message.id, target.key);
    const actor = resolve(target.actorUuid);
    const reverts = [actor, attacker].filter((doc, i, all) => doc && all.indexOf(doc) === i && ledgerHas(doc, tag)) as { uuid: string }[];
    for (const doc of reverts) ops.push({ op: "revert", uuid: doc.uuid, ledger: tag });
    if (reverts.length || isApplied(data, target.key)) {
      ops.push({ op: "record", uuid: message.uuid, path: `flags.clockwork.${ATTACK_FLAG}.applied.${target.key}`, clear: true });
      // Shown to everyone: "Undone by the GM" (only a GM applies the row again).
      if (reverts.length) ops.push({ op: "record", uuid: message.uuid, path: `flags.clockwork.${ATTACK_FLAG}.undone.${target.key}`, from: [] });
    }
  }
  return ops.length ? { ops } : { refused: { key: `${KEY}.Undo.Nothing` } };
}

/** "attack.redirect": the wearer's owner turns a row's damage roll onto an adjacent creature. */
function deriveRedirect(context: DeriveContext<{ key?: unknown; to?: unknown }>): Derived {
  const message = messageOf(context);
  const data = attackData(message);
  const { key, to } = context.args;
  const row = data && typeof key === "string" ? data.targets.find((t) => t.key === key) : undefined;
  if (!data || !row || typeof to !== "string") return { refused: { key: `${KEY}.Apply.UnknownTarget` } };
  const recomputed = recomputeCard(message);
  if (!recomputed.ok) return { refused: recomputed.problem };
  const wearerRow = recomputed.rows.find((r) => r.key === key);
  if (!wearerRow?.redirectable || row.redirectedTo || applied(data, message.id, wearerRow, recomputed.attacker)) return { refused: { key: `${KEY}.Redirect.NotOffered` } };
  if (!context.requester.isGM && !owns(wearerRow.actor, context.requester.user)) return { refused: { key: `${KEY}.Redirect.NotAllowed`, data: { name: row.name } } };
  const wearer = tokenDocOf(row.tokenUuid ?? row.actorUuid);
  const chosen = wearer ? adjacentTokens(wearer).find((t) => t.uuid === to) : undefined;
  if (!chosen?.actor) return { refused: { key: `${KEY}.Redirect.NotAdjacent`, data: { name: String(to) } } };
  const taken: CardTarget = {
    key: safeKey(`${row.key}_to_${chosen.uuid}`), name: chosen.name, img: chosen.texture?.src ?? null, actorUuid: chosen.actor.uuid, tokenUuid: chosen.uuid,
    attack: row.attack, hit: row.hit, gains: row.gains, reaction: "none", automaticMiss: null, damage: { total: 0, criticals: 0 },
    conditions: [], procs: 0, redirectedFrom: row.name, redirectSource: row.key,
  };
  const turned: CardTarget = { ...row, redirectable: false, redirectedTo: chosen.name, conditions: [], damage: { total: 0, criticals: 0 } };
  const targets = data.targets.flatMap((t) => (t.key === row.key ? [turned, taken] : [t]));
  // The new row's public damage, by the same recompute the Apply will run.
  const next = recomputeCard({ ...message, flags: { ...message.flags, clockwork: { ...(message.flags.clockwork as object), [ATTACK_FLAG]: { ...data, targets } } } });
  if (!next.ok) return { refused: next.problem };
  const dealt = next.rows.find((r) => r.key === taken.key);
  if (dealt) taken.damage = { total: dealt.damage.total, criticals: dealt.damage.criticals };
  return { ops: [{ op: "update", uuid: message.uuid, changes: { [`flags.clockwork.${ATTACK_FLAG}.targets`]: targets } }] };
}

const resolve = (uuid: unknown) => resolveUuidSync<{ uuid: string } & Owned>(uuid);

const isAttackCard = (flags: Record<string, unknown>): boolean => attackData({ flags: { clockwork: flags } }) !== null;

/** Registers the attack card's relay kinds (at init). */
export function registerAttackKinds(): void {
  registerRelayKind<{ key?: unknown }>(ATTACK_KINDS.apply, {
    who: "author", accepts: isAttackCard,
    participants: (flags) => attackData({ flags: { clockwork: flags } })?.targets.map((t) => t.actorUuid) ?? [],
    derive: deriveApply,
  });
  registerRelayKind<{ key?: unknown }>(ATTACK_KINDS.undo, {
    who: "gm", accepts: isAttackCard, participants: () => [], derive: deriveUndo,
  });
  registerRelayKind<{ key?: unknown; to?: unknown }>(ATTACK_KINDS.redirect, {
    who: "participant", accepts: isAttackCard,
    // The wearers of a shield that may turn a roll aside.
    participants: (flags) => attackData({ flags: { clockwork: flags } })?.targets.filter((t) => t.redirectable && !t.redirectedTo).map((t) => t.actorUuid) ?? [],
    derive: deriveRedirect,
  });
}

// ---------------------------------------------------------------- the buttons

/** Applies the card (its author or a GM): the relay for others' creatures, this client for its own. */
export async function applyAttackCard(message: AttackMessage & RecomputeMessage, key?: string): Promise<RelayResult | null> {
  const data = attackData(message);
  if (!data || !message.id) return null;
  const isGM = game.user?.isGM === true;
  if (!message.isAuthor && !isGM) return null;
  const recomputed = recomputeCard(message);
  if (!recomputed.ok) {
    notify("warn", recomputed.problem.key, recomputed.problem.data);
    return null;
  }
  const pending = pendingRows(recomputed.rows, data, message.id, recomputed.attacker, key, true, !isGM);
  if ("refused" in pending) {
    notify("info", pending.refused);
    return null;
  }
  const args = key !== undefined ? { key } : {};
  if (isGM) return relay(ATTACK_KINDS.apply, args, { cause: message.uuid });
  // A player's Apply goes to the GM whole, own creatures included: the ledger that makes a card
  // apply once is the GM's to write (docs/combat.md, "Trust model").
  const result = await relay(ATTACK_KINDS.apply, args, { cause: message.uuid });
  if (!result.ok) return result;
  // The card is the author's: its client marks the rows applied (a display; the ledger decides).
  const changes = Object.fromEntries(pending.map((row) => [`flags.clockwork.${ATTACK_FLAG}.applied.${row.key}`, { userId: game.user?.id ?? null }]));
  await (message as unknown as { update(c: object): Promise<unknown> }).update(changes);
  return result;
}

/** Undoes what Apply wrote (GMs). */
export async function undoAttackCard(message: AttackMessage, key?: string): Promise<RelayResult | null> {
  if (!attackData(message) || game.user?.isGM !== true) return null;
  return relay(ATTACK_KINDS.undo, key !== undefined ? { key } : {}, { cause: message.uuid });
}
