/**
 * States that end on damage, on an attack, or on the caster's hostile act (issue 19 item 3; the
 * rules table is `STATE_ENDINGS` of src/rules/state-endings.ts). The events, where they happen:
 * - damage written on a health track: the relay's `clockwork.damageApplied` hook, on the client
 *   that wrote it (the GM, or the owner of the damaged creature) — Pacified ends, and Charmed and
 *   Feared when the damage's card (its ledger tag) is their caster's; a spell effect a card's
 *   damage ends is kept in that card's ledger entry (the GM's record), so its Undo gives it back;
 * - an attack declared: `clockwork.attack` on the attacker's client — Polymorphed ends; the
 *   attacker's own Invisibility ends (an offensive action), and its True Strike when the attack hits;
 * - a spell cast: `clockwork.cast` on the caster's client — attack and area spells count as attacks.
 * Each ending is written here when this user may write the creature (a GM, or its owner);
 * endings on others' creatures are the relay kind "state.end": the GM reads the attack or cast
 * card the event made and works out from its own world what that card's attack or spell ends.
 * A weapon attack that met a Force Field spends it here too (the one path for that rule).
 * Statuses of the combat rules end by id, spell states by ending their spell effect.
 */
import { ATTACK_HOOKS } from "../combat/attack/constants";
import { statesEndedBy, type HeldState, type StateEvent } from "../rules";
import { CAST_HOOKS } from "./cast";
import { track } from "./settle";
import { DAMAGE_APPLIED_HOOK, parseLedgerTag, relay, registerRelayKind, writeOwned, type Derived, type DeriveContext, type RelayOp as MagicOp } from "../relay";
import { attackData } from "../combat/attack/chat";
import { recomputeCard } from "../combat/attack/recompute";
import { SPENT_FIELD_FLAG, spentForceFieldOf } from "../combat/attack/source";
import { currentUser, resolveUuidSync } from "../foundry";
import { castData } from "./cast";
import type { EffectLike, SpellEffectFlag } from "./context";

/** A creature as the listener reads it. */
export interface EndingActor {
  uuid: string;
  effects?: Iterable<EffectLike>;
}

function spellFlagOf(effect: EffectLike): SpellEffectFlag | undefined {
  return (effect.flags?.clockwork as { spell?: SpellEffectFlag } | undefined)?.spell;
}

/** The states a creature holds, each with the caster of the spell that gave it. */
export function heldStates(actor: EndingActor): HeldState[] {
  const states: HeldState[] = [];
  for (const effect of actor.effects ?? []) {
    if (effect.disabled) continue;
    const flag = spellFlagOf(effect);
    const caster = flag?.casterUuid ?? null;
    for (const key of effect.statuses ?? []) states.push({ key, casterUuid: caster });
    // A spell with no status (True Strike) is held by its identifier.
    if (flag?.identifier) states.push({ key: flag.identifier, casterUuid: caster });
  }
  return states;
}

/**
 * The writes that end what this event ends on the creature. `ledger`: the tag of the card whose
 * written damage is the event; each spell effect it ends is kept in that card's entry, so the
 * card's Undo gives it back (RULING 168).
 */
export function endingOps(actor: EndingActor, event: StateEvent, ledger?: string): MagicOp[] {
  const ended = statesEndedBy(event, heldStates(actor));
  if (!ended.length) return [];
  const ops: MagicOp[] = [];
  for (const key of ended) {
    const carriers = [...(actor.effects ?? [])].filter((e) => !e.disabled && ([...(e.statuses ?? [])].includes(key) || spellFlagOf(e)?.identifier === key));
    const spell = carriers.find((e) => spellFlagOf(e) && e.uuid);
    // A spell state goes with its spell's effect (as Dispel ends it); a combat status by its id.
    if (spell?.uuid) {
      if (!ops.some((op) => op.op === "endEffect" && op.uuid === spell.uuid)) ops.push({ op: "endEffect", uuid: spell.uuid, ...(ledger ? { ledger } : {}) });
    } else ops.push({ op: "status", uuid: actor.uuid, status: key, active: false });
  }
  return ops;
}

/** The relay kind by which a player's attack or spell ends states on creatures they do not own. */
export const STATE_END = "state.end";

interface OwnedDoc {
  isOwner?: boolean;
}

function owned(uuid: string): boolean {
  if (currentUser<{ isGM?: boolean }>()?.isGM) return true;
  return resolveUuidSync<OwnedDoc>(uuid)?.isOwner === true;
}

async function write(ops: MagicOp[], cause: string | null): Promise<void> {
  if (!ops.length) return;
  const mine = ops.filter((op) => owned(op.uuid));
  if (mine.length) await writeOwned(mine, { notify: false });
  // The rest: the GM derives them from the card (never from this list).
  if (cause && mine.length < ops.length) await relay(STATE_END, {}, { cause, notify: false });
}

const actorAt = (uuid: unknown) => resolveUuidSync<EndingActor>(uuid);

/** The events a card is for each creature it names, as the GM reads it. */
function cardEvents(flags: Record<string, unknown>): { actor: EndingActor; event: StateEvent }[] {
  const message = { flags: { clockwork: flags } };
  const attack = attackData(message);
  if (attack) {
    return attack.targets.flatMap((t) => {
      const actor = actorAt(t.actorUuid);
      return actor && actor.uuid !== attack.actorUuid ? [{ actor, event: { kind: "attack" as const, by: attack.actorUuid, damage: t.damage.total } }] : [];
    });
  }
  const cast = castData(message);
  if (!cast) return [];
  const by = cast.caster.uuid;
  const isAttack = cast.spell.rollKind === "attack" || cast.spell.rollKind === "area";
  return cast.targets.flatMap((t) => {
    const actor = actorAt(t.uuid);
    return actor && actor.uuid !== by ? [{ actor, event: isAttack ? { kind: "attack" as const, by, damage: t.damage } : { kind: "spell" as const, by, damage: t.damage } }] : [];
  });
}

/**
 * The Force Field a weapon attack met (`amount`, in the target's defense) is spent, as an attack
 * spell spends it (§3.1), once per card: the target records what this card spent
 * (`flags.clockwork.spentForceField.<messageId>`) in the same batch, so the card's later Apply
 * counts the field as the attack met it (src/combat/attack/recompute.ts). A field cast after the
 * card was posted is not the one it met.
 */
export function forceFieldOps(actor: EndingActor, messageId: string, amount: number, postedAt?: number): MagicOp[] {
  if (!(amount > 0) || spentForceFieldOf(actor, messageId) !== undefined) return [];
  for (const effect of actor.effects ?? []) {
    const spell = spellFlagOf(effect) as { identifier?: string; effect?: string } | undefined;
    if (effect.disabled || !effect.uuid || spell?.identifier !== "force-field" || spell.effect !== "defense") continue;
    const created = (effect as { _stats?: { createdTime?: number | null } })._stats?.createdTime;
    if (typeof postedAt === "number" && typeof created === "number" && created > postedAt) continue;
    return [{ op: "update", uuid: actor.uuid, changes: { [`flags.clockwork.${SPENT_FIELD_FLAG}.${messageId}`]: amount } }, { op: "endEffect", uuid: effect.uuid }];
  }
  return [];
}

interface PermissionActor {
  testUserPermission?(user: unknown, level: string): boolean;
}

/** "state.end": what the card's attack or spell ends on each creature it names (the GM's world). */
function deriveEndings({ cause, requester }: DeriveContext): Derived {
  // The asker's own creatures are ended on its own client.
  const mayEnd = (actor: unknown): boolean => requester.isGM || (actor as PermissionActor).testUserPermission?.(requester.user, "OWNER") !== true;
  const ops = cardEvents(cause.flags).filter(({ actor }) => mayEnd(actor)).flatMap(({ actor, event }) => endingOps(actor, event));
  // The Force Fields the attack met, by the GM's own reading of the card.
  const message = cause.message as { id: string; timestamp?: number; flags: Record<string, unknown>; rolls?: readonly unknown[] };
  const recomputed = attackData({ flags: { clockwork: cause.flags } }) ? recomputeCard(message) : null;
  for (const row of recomputed?.ok ? recomputed.rows : []) {
    const field = forceFieldOps(row.actor as EndingActor, cause.id, row.forceField, message.timestamp);
    // On the asker's own creature the GM writes only the record (a GM record); its owner ends the field.
    ops.push(...(mayEnd(row.actor) ? field : field.filter((op) => op.op === "update")));
  }
  return { ops };
}

/** Who dealt damage, from its ledger tag's card (an attack's attacker, a spell's caster), or null. */
function dealerOf(ledger: unknown): string | null {
  const tag = parseLedgerTag(ledger);
  if (!tag) return null;
  const message = resolveUuidSync<{ flags?: Record<string, unknown> }>(`ChatMessage.${tag.message}`);
  if (!message) return null;
  return attackData(message as never)?.actorUuid ?? castData(message as never)?.caster?.uuid ?? null;
}

/**
 * `clockwork.damageApplied` (on the writing client): damage that got through, and whose card dealt
 * it — Pacified ends, and Charmed and Feared when it is their caster's (issue 29 item 6: when the
 * damage is written, not when the card shows it).
 */
export async function onDamageApplied(actor: EndingActor | null | undefined, application: { damage?: number } | null | undefined, info?: { ledger?: unknown } | null): Promise<void> {
  if (!actor?.uuid || !((application?.damage ?? 0) > 0)) return;
  // A card's damage is written on the GM's client (the ledger is the GM's): the endings are
  // recorded against the same card, in a batch after the damage's.
  const tag = currentUser<{ isGM?: boolean }>()?.isGM && parseLedgerTag(info?.ledger) ? (info!.ledger as string) : undefined;
  await write(endingOps(actor, { kind: "damageApplied", damage: application?.damage ?? 0, by: dealerOf(info?.ledger) }, tag), null);
}

/** What the listener reads of a weapon attack's outcome. */
interface AttackOutcomeLike {
  results?: readonly { hit?: boolean; damage?: { total?: number }; setup?: { defense?: { parts?: { forceField?: number } } } }[];
  session?: { targets?: readonly { actor?: EndingActor | null }[] };
  message?: unknown;
}

/** `clockwork.attack` (on the attacker's client): each target was attacked; the attacker took an offensive action. */
export async function onAttack(attacker: EndingActor | null | undefined, outcome: AttackOutcomeLike | null | undefined): Promise<void> {
  const cause = (outcome?.message as { uuid?: string } | null | undefined)?.uuid ?? null;
  const messageId = (outcome?.message as { id?: string } | null | undefined)?.id ?? null;
  const ops: MagicOp[] = [];
  let others = false;
  (outcome?.session?.targets ?? []).forEach((target, i) => {
    if (!target.actor?.uuid) return;
    const result = outcome?.results?.[i];
    ops.push(...endingOps(target.actor, { kind: "attack", by: attacker?.uuid ?? null, damage: result?.damage?.total ?? 0 }));
    // A creature of someone else's holding any effect: the GM works out what this attack ends (a Force Field it met too).
    if (!owned(target.actor.uuid)) others ||= [...(target.actor.effects ?? [])].some((e) => !e.disabled);
    else if (messageId) {
      // An own creature's field: the GM records what the card spent (a GM record), then this client ends it.
      const field = forceFieldOps(target.actor, messageId, result?.setup?.defense?.parts?.forceField ?? 0);
      if (currentUser<{ isGM?: boolean }>()?.isGM) ops.push(...field);
      else {
        if (field.length) others = true;
        ops.push(...field.filter((op) => op.op !== "update"));
      }
    }
  });
  if (attacker?.uuid) ops.push(...endingOps(attacker, { kind: "offense", hit: (outcome?.results ?? []).some((r) => r.hit === true) }));
  const mine = ops.filter((op) => op.uuid && owned(op.uuid));
  // The GM first: it reads the fields the card met before this client ends its own.
  if (cause && (others || mine.length < ops.length)) await relay(STATE_END, {}, { cause, notify: false });
  if (mine.length) await writeOwned(mine, { notify: false });
}

/** What the listener reads of a cast. */
interface CastResultLike {
  outcome?: { targets?: readonly { damageTotal?: number }[] };
  data?: { spell?: { rollKind?: string; harmful?: boolean }; targets?: readonly { uuid?: string; success?: boolean }[] };
  message?: unknown;
}

interface ResolvesUuid {
  (uuid: string): EndingActor | null;
}

/**
 * `clockwork.cast` (on the caster's client): attack and area spells attack each target; other
 * spells that damage count for "damaged by the caster"; a harmful spell at another creature is
 * the caster's offensive action.
 */
export async function onCast(caster: EndingActor | null | undefined, item: { system?: { roll?: { kind?: string }; automation?: { harmful?: boolean } } } | null | undefined, result: CastResultLike | null | undefined, resolve: ResolvesUuid): Promise<void> {
  const cause = (result?.message as { uuid?: string } | null | undefined)?.uuid ?? null;
  const rollKind = item?.system?.roll?.kind ?? result?.data?.spell?.rollKind ?? "";
  const attack = rollKind === "attack" || rollKind === "area";
  const by = caster?.uuid ?? null;
  const ops: MagicOp[] = [];
  let offensive = false;
  let hit = false;
  (result?.data?.targets ?? []).forEach((t, i) => {
    const actor = t.uuid ? resolve(t.uuid) : null;
    if (!actor?.uuid) return;
    const damage = result?.outcome?.targets?.[i]?.damageTotal ?? 0;
    if (actor.uuid !== by && (attack || item?.system?.automation?.harmful === true)) offensive = true;
    if (actor.uuid !== by && attack && t.success === true) hit = true;
    if (actor.uuid === by) return;
    ops.push(...endingOps(actor, attack ? { kind: "attack", by, damage } : { kind: "spell", by, damage }));
  });
  if (offensive && caster?.uuid) ops.push(...endingOps(caster, { kind: "offense", hit }));
  await write(ops, cause);
}

/** Registers the listeners on every client; each writes only for the events of its own client. */
export function registerStateEndings(hooks: { on(name: string, fn: (...args: never[]) => unknown): number }, resolve: ResolvesUuid): void {
  registerRelayKind(STATE_END, {
    who: "author",
    accepts: (flags) => cardEvents(flags).length > 0 || attackData({ flags: { clockwork: flags } }) !== null || castData({ flags: { clockwork: flags } }) !== null,
    participants: (flags) => cardEvents(flags).map(({ actor }) => actor.uuid),
    derive: deriveEndings,
  });
  hooks.on(DAMAGE_APPLIED_HOOK, (actor: EndingActor, application: { damage?: number }, info: { ledger?: unknown }) => track(onDamageApplied(actor, application, info)));
  hooks.on(ATTACK_HOOKS.attack, (actor: EndingActor, _item: unknown, outcome: AttackOutcomeLike) => track(onAttack(actor, outcome)));
  hooks.on(CAST_HOOKS.done, (actor: EndingActor, item: Parameters<typeof onCast>[1], result: CastResultLike) => track(onCast(actor, item, result, resolve)));
}
