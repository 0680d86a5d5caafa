/**
 * A cast card's writes, worked out from the card (issue 18 items 1 and 3). The card carries its
 * dice as the message's rolls and the caster's choices (`cast.request`); what it says it did is
 * for reading only. Applying it, the writing client — the active GM for creatures the requester
 * does not own (relay kind "cast.apply"), the caster's own client for its own — reads the spell
 * item, the caster and the targets as they are now, counts the gains of the rolls itself and
 * resolves the cast with the cast's own resolution (./cast `castSetup`, `resolveCast`,
 * `targetWrites`). Each target's writes carry the ledger tag `<messageId>.t<index>`: a card is
 * applied once, and the GM's Undo ("cast.undo") reverts exactly what each tag recorded.
 */
import { currentUser, resolveUuidSync, userById, worldCollection } from "../foundry";
import { ledgerState, relay, registerRelayKind, type Derived, type RelayProblem } from "../relay";
import { resolveCause } from "../relay/cause";
import { GainRoll } from "../dice/gain-roll";
import { DamageRoll } from "../dice/damage-roll";
import { castingPool, countGains, counterspellSucceeds, harmfulTo, resistanceChecks, unwillingByDefault, type Caster, type SpellOutcome } from "../rules";
import { COUNTERSPELL_ID } from "../rules/counterspell";
import {
  castCardContent, castClock, castCombat, castData, castLedger, castSetup, castTargetKey, placesOf, resolveCast, scrollReadOf, scrollRollOf, setCastApplier, storedRollsFor, targetWrites,
  type CastDoc, type CastMessage, type CastOptions, type CastSetup, type ScrollItem, type TokenLike,
} from "./cast";
import { recordedReaction } from "./reactions";
import { askedWhenCast } from "./willing";
import { gmSpellDifficulty } from "./settings";
import { CAST_FLAG, type CastCardData } from "./card";
import { reactionPoolOf, spellProfileOf, withMode, type SpellItem } from "./context";
import type { RelayOp as MagicOp } from "../relay";

export const CAST_APPLY = "cast.apply";
export const CAST_UNDO = "cast.undo";

/** The card as the writing client reads it. */
export interface CastCause {
  id: string;
  uuid: string;
  /** Its author, as the server attests it (a GM's card is the GM's own word). */
  authorId?: string | null;
  flags: Record<string, unknown>;
  rolls: readonly unknown[];
}

/** Who the writes are for. */
interface Asker {
  user: unknown;
  isGM: boolean;
}

const refusal = (reason: string, data?: Record<string, string | number>): { refused: RelayProblem } => ({ refused: { key: `CLOCKWORK.Magic.Trust.${reason}`, ...(data ? { data } : {}) } });


function cardOf(flags: Record<string, unknown>): CastCardData | null {
  const data = flags[CAST_FLAG] as CastCardData | undefined;
  return data && typeof data === "object" && Array.isArray(data.targets) ? data : null;
}

const owns = (actor: { testUserPermission?(user: unknown, level: string): boolean } | null, user: unknown): boolean => actor?.testUserPermission?.(user, "OWNER") === true;

/** The faces of the message's roll at `index` when it is a roll of `kind`, else null. */
function facesAt(rolls: readonly unknown[], index: unknown, kind: typeof GainRoll | typeof DamageRoll): number[] | null {
  if (typeof index !== "number" || !Number.isInteger(index)) return null;
  const roll = rolls[index];
  if (!(roll instanceof kind)) return null;
  const faces = (roll as { faces: number[] }).faces;
  return faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 12) ? faces : null;
}

const clampInt = (value: unknown, min: number, max: number, fallback: number): number =>
  typeof value === "number" && Number.isInteger(value) ? Math.max(min, Math.min(max, value)) : fallback;

/** The target keys a request names (default every target of the card); null when one is not on the card. */
function keysOf(args: unknown, count: number): number[] | null {
  const named = (args as { targets?: unknown } | null)?.targets;
  if (named === undefined) return [...Array(count).keys()];
  if (!Array.isArray(named)) return null;
  const indices: number[] = [];
  for (const key of named) {
    const match = typeof key === "string" ? /^t(\d+)$/.exec(key) : null;
    const index = match ? Number(match[1]) : -1;
    if (index < 0 || index >= count) return null;
    if (!indices.includes(index)) indices.push(index);
  }
  return indices;
}

/**
 * The writes a card makes on the targets it names (`args.targets`, keys `t<index>`), worked out
 * from its rolls and the GM's world: every target's, the asker's own creatures' too, since each
 * write carries the card's ledger tag and the ledger is the GM's to write (issue 34).
 */
export function deriveCastWrites(cause: CastCause, asker: Asker, args: unknown): Derived {
  const keys = keysOf(args, cardOf(cause.flags)?.targets.length ?? 0);
  if (!keys) return refusal("NotOnCard");
  // The asker's own creatures are worked out from the card as it is (they could edit them
  // anyway, as their own client did before the ledger was the GM's); the others are checked.
  const owned = (i: number) => !asker.isGM && owns(resolveUuidSync(cardOf(cause.flags)?.targets[i]?.uuid), asker.user);
  const ops: MagicOp[] = [];
  for (const trustCard of [false, true]) {
    const mine = keys.filter((i) => owned(i) === trustCard);
    if (!mine.length) continue;
    const cast = recomputeCast(cause, asker, { trustCard });
    if ("refused" in cast) return cast;
    for (const i of mine) ops.push(...cast.writes[i]);
  }
  return { ops };
}

/** A card's cast worked out again here: its outcome and each target's writes (by index). */
export interface Recomputed {
  setup: CastSetup;
  difficulty: number;
  outcome: SpellOutcome;
  targets: { actor: CastDoc }[];
  writes: MagicOp[][];
}

const sameFaces = (a: readonly unknown[] | null | undefined, b: readonly unknown[] | null | undefined): boolean =>
  !!a && !!b && a.length === b.length && a.every((f, i) => f === b[i]);

const authorIsGM = (authorId: string | null | undefined): boolean => !!authorId && userById<{ isGM?: boolean }>(authorId)?.isGM === true;

interface MessageLike {
  id?: string | null;
  uuid?: string;
  author?: { id?: string | null; isGM?: boolean } | null;
  flags?: Record<string, unknown>;
  rolls?: unknown[];
}

/**
 * Whether a Counterspell answered the cast `castId` and countered it: a Counterspell card naming
 * that cast and aimed at its caster, authored by the reactor's owner (or a GM: the answering
 * side), whose own dice, worked out here, exceed the casting gains.
 */
function counterspelled(castId: unknown, casterUuid: string, castGains: number, selfId: string): boolean {
  if (typeof castId !== "string" || !castId) return false;
  for (const message of worldCollection<Iterable<MessageLike>>("messages") ?? []) {
    const data = castData(message);
    if (!data || message.id === selfId || data.spell?.identifier !== COUNTERSPELL_ID || data.request?.answers !== castId || data.undone) continue;
    if (data.targets?.[0]?.uuid !== casterUuid || !message.id || !message.uuid) continue;
    const author = message.author ?? null;
    const reactor = resolveUuidSync<CastDoc>(data.caster?.uuid);
    if (!author || !reactor || !(author.isGM === true || owns(reactor, author))) continue;
    const worked = recomputeCast({ id: message.id, uuid: message.uuid, authorId: author.id ?? null, flags: (message.flags?.clockwork as Record<string, unknown> | undefined) ?? {}, rolls: message.rolls ?? [] }, { user: author, isGM: author.isGM === true });
    if (!("refused" in worked) && counterspellSucceeds(worked.outcome.gains, castGains)) return true;
  }
  return false;
}

/**
 * Works a card's cast out again from its rolls and this client's world (no second copy of the
 * spell's math). What a card says besides its dice and choices is checked against records its
 * author could not write (issue 18): a scroll's roll against the scroll item the caster holds, a
 * Counterspell against the reactor's own card, a dodge, block or resisting roll against the
 * reacting actor's record, a "vs GM" difficulty against the GM's setting. `trustCard`: the card
 * is read as it is (its caster's own client writing its own documents, or showing the numbers).
 * A GM's card is always read as it is.
 */
export function recomputeCast(cause: CastCause, asker: Asker, options: { trustCard?: boolean } = {}): Recomputed | { refused: RelayProblem } {
  const data = cardOf(cause.flags);
  const request = data?.request;
  if (!data || !request || !request.rolls) return refusal("BadCard");
  // The card's mark is its author's to write: it refuses only a player (a GM's Apply of an undone
  // card writes it again); the ledger says "undone by the GM" whatever the card says.
  if (data.undone && !asker.isGM) return refusal("Undone");
  // The caster's own spell; a scroll's spell may be another's item (RULING 86).
  const found = resolveCause<CastDoc, SpellItem>(
    { actor: { actorUuid: data.caster.uuid }, item: { uuid: request.itemUuid, owned: !request.scroll }, targets: data.targets.map((t) => ({ actorUuid: t.uuid, name: t.name })), requireTargets: true },
    { actor: refusal("BadCard").refused.key, item: refusal("BadCard").refused.key, target: refusal("TargetGone").refused.key },
  );
  if (!found.ok) return { refused: found.problem };
  const { actor: caster, item } = found;
  if (!item || item.type !== "spell") return refusal("BadCard");
  const trusted = options.trustCard === true || authorIsGM(cause.authorId);
  const spell = withMode(spellProfileOf(item), request.mode ?? undefined);
  const targets: { token: TokenLike | null; actor: CastDoc; self: boolean }[] = found.targets.map(({ actor }) => {
    const target = actor as CastDoc;
    const token = target.getActiveTokens?.()[0] ?? null;
    return { token: token?.document ?? token, actor: target, self: target.uuid === caster.uuid };
  });
  // A creature the asker does not own resists a harmful or resistible spell (Enlarge, Shrink): a card cannot make it willing.
  const unwilling: Record<string, boolean> = {};
  targets.forEach((t, i) => {
    const claimed = request.unwilling?.[i] === true;
    // Willing or not is the target's side's answer (./willing): a player's card cannot make
    // another's creature willing; only its recorded "willing" does. Unasked, the rules core's
    // default decides (a creature not of the asker's side is unwilling).
    const answer = recordedReaction(t.actor as never, request.castId)?.willing;
    const notAsker = !asker.isGM && !owns(t.actor, asker.user);
    const unanswered = askedWhenCast(spell) && notAsker && answer !== true;
    const byDefault = answer !== true && !asker.isGM && unwillingByDefault(spell, { self: t.self, owned: owns(t.actor, asker.user) });
    unwilling[t.actor.id ?? t.actor.uuid] = t.self ? false : claimed || answer === false || unanswered || byDefault || (spell.automation.harmful && notAsker);
  });
  const situational = clampInt(request.situational, -3, 3, 0);
  // "vs GM": the GM's number (its setting) at least; a player's card cannot lower it.
  const difficulty = clampInt(data.difficulty, 0, 99, 0);
  const gmDifficulty = spell.roll.kind === "difficulty" && !trusted ? gmSpellDifficulty() : 0;
  if (difficulty < gmDifficulty) return refusal("Difficulty", { claimed: difficulty, difficulty: gmDifficulty });
  const castOptions: CastOptions = {
    mode: request.mode ?? undefined, situational, focus: request.focus ?? undefined, effect: request.effect ?? undefined,
    against: request.against ?? undefined, damageType: (data.damageType ?? undefined) as CastOptions["damageType"],
    difficulty, unwilling,
  };
  const stored = storedRollsFor(spell, targets, castOptions);
  if (stored === "noCast" || stored === "noEffect") return refusal("BadCard");
  const combat = castCombat();
  // Range from the tokens as they stand now; an area is checked as a macro's is (no aim point).
  const casterToken = caster.getActiveTokens?.()[0] ?? null;
  const reach = placesOf(spell, (casterToken as { document?: TokenLike } | null)?.document ?? (casterToken as TokenLike | null), targets, null, false);
  const setup = castSetup(caster, item, spell, targets, combat, stored, castOptions, reach);

  // The casting roll: the caster's pool at most, its gains counted against the caster's rank here.
  let casting: number[];
  let roller: Caster = setup.caster;
  if (request.scroll) {
    let faces = request.scroll.faces;
    let rank = clampInt(request.scroll.rank, 1, 12, 1);
    if (!trusted) {
      // The scroll the caster holds, of this spell: its stored roll, whatever the card says.
      // Or, once read (and used up), the read the caster recorded under this cast's id.
      const scroll = resolveUuidSync<ScrollItem>(request.scroll.itemUuid);
      const held = (scroll && scroll.parent === caster ? scrollRollOf(scroll, item.uuid) : null) ?? scrollReadOf(caster as { flags?: Record<string, unknown> }, request.castId, item.uuid);
      if (!held) return refusal("ScrollUnknown");
      if (!sameFaces(held.faces, faces) || held.rank !== request.scroll.rank) return refusal("ScrollMismatch", { name: scroll?.name ?? item.name });
      faces = held.faces;
      rank = held.rank;
    }
    if (!Array.isArray(faces) || faces.length > 12 || !faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 12)) return refusal("BadCard");
    casting = [...faces];
    roller = { magic: faces.length, rank, affinity: setup.caster.affinity };
  } else {
    const pool = castingPool(setup.caster).dice;
    const faces = pool > 0 ? facesAt(cause.rolls, request.rolls.casting, GainRoll) : [];
    if (!faces || faces.length > Math.min(12, pool)) return refusal("BadRoll");
    casting = faces;
  }
  let countered = data.countered === true;
  if (!trusted) {
    // Who counterspelled is the answering side's card, never this one's word.
    const recorded = counterspelled(request.castId, caster.uuid, Math.max(0, countGains(casting, roller.rank, { hexed: roller.hexed })), cause.id);
    if (recorded && !countered) return refusal("CounterspellRecorded");
    if (!recorded && data.counteredBy) return refusal("NoCounterspellRecord");
    countered = recorded || countered;
  }
  let damage: number[] = [];
  if (spell.damage.dice > 0 && !countered) {
    const faces = facesAt(cause.rolls, request.rolls.damage, DamageRoll);
    if (!faces || faces.length !== spell.damage.dice) return refusal("BadRoll");
    damage = faces;
  }
  const nullMagic = !countered && targets.length > 0 && [...(caster.items ?? [])].some((i) => i.type === "feature" && i.system.identifier === "null-magic");
  let ownNullMagic: number | undefined;
  if (nullMagic) {
    const faces = facesAt(cause.rolls, request.rolls.nullMagic, GainRoll);
    if (!faces || faces.length !== 1) return refusal("BadRoll");
    ownNullMagic = faces[0];
  }
  const resistance: Record<string, number[]> = {};
  for (const [i, target] of (countered ? [] : setup.ruleTargets).entries()) {
    const res = target.spellResistance ? (target.self ? { ...target.spellResistance, nullMagic: false } : target.spellResistance) : null;
    // Harmful to this target as the caster's client counted it (an unwilling Enlarge is: the Gnome's Flat 10).
    const checks = res ? resistanceChecks(res, { harmful: harmfulTo(spell, target) }) : [];
    if (!checks.length) continue;
    const faces = facesAt(cause.rolls, request.rolls.resistance?.[i], GainRoll);
    if (!faces || faces.length !== checks.length) return refusal("BadRoll");
    resistance[target.id] = faces;
  }
  for (const [i, target] of (countered ? [] : setup.ruleTargets).entries()) {
    // The dodge or block its owner declared (and paid) when the spell was cast: its side's record.
    const declared = data.targets[i]?.reaction === "dodge" || data.targets[i]?.reaction === "block" ? data.targets[i].reaction : "none";
    const record = trusted ? null : recordedReaction(targets[i].actor as never, request.castId);
    if (spell.roll.kind === "attack" && !target.self) {
      // (A card shows none for a target its resistance took out of the attack: only a claimed one must match.)
      const reaction = trusted ? declared : record?.reaction ?? "none";
      if (declared !== "none" && declared !== reaction) return refusal("ReactionRecord", { name: data.targets[i]?.name ?? targets[i].actor.name });
      if (reaction !== "none") target.reaction = reaction;
    }
    const reacts = spell.roll.kind === "opposed" ? !spell.automation.against : spell.roll.kind === "unopposed" && target.unwilling && !!spell.roll.opposedSkill;
    if (!reacts || !spell.roll.opposedSkill) continue;
    const pool = reactionPoolOf(targets[i].actor, spell.roll.opposedSkill);
    if (!pool) {
      target.reactionGains = 0;
      continue;
    }
    const faces = facesAt(cause.rolls, request.rolls.reaction?.[i], GainRoll);
    if (!faces || faces.length > pool.dice) return refusal("BadRoll");
    // The resisting roll its own side made (and recorded), not one the caster put on the card.
    if (!trusted && !sameFaces(record?.faces, faces)) return refusal("ReactionRoll", { name: data.targets[i]?.name ?? targets[i].actor.name });
    target.reactionGains = Math.max(0, countGains(faces, pool.threshold, { hexed: pool.hexed }));
  }

  const outcome = resolveCast(setup, roller, { casting, damage, ownNullMagic, resistance }, { difficulty, counterspelled: countered, hits: typeof request.hits === "number" ? clampInt(request.hits, 0, 99, 0) : null });
  // The card's gains follow from its casting roll alone: a card that says otherwise was not made by a cast.
  if (outcome.gains !== data.gains) return refusal("Tampered", { gains: data.gains, rolled: outcome.gains });
  const context = { name: item.name, img: item.img ?? null, casterUuid: caster.uuid, itemUuid: item.uuid ?? null, clock: castClock(combat), gains: outcome.gains };
  return { setup, difficulty, outcome, targets, writes: targetWrites(setup, outcome, targets, stored, combat, context, cause.id) };
}

/** The GM's Undo: reverts what each applied target's ledger tag recorded, from the current state. */
export function deriveCastUndo(cause: CastCause): Derived {
  const data = cardOf(cause.flags);
  if (!data) return refusal("BadCard");
  // What was applied is read from the targets' ledgers (the GM's record), not from the card's
  // list, which a player's card lets its author rewrite.
  const ops: MagicOp[] = [];
  data.targets.forEach((target, index) => {
    const actor = resolveUuidSync(target.uuid);
    if (ledgerState(actor, castLedger(cause.id, index)) === "applied") ops.push({ op: "revert", uuid: target.uuid, ledger: castLedger(cause.id, index) });
  });
  if (!ops.length) return refusal("NothingToUndo");
  return { ops };
}

/** Registers "cast.apply" (the card's author; a GM) and "cast.undo" (GMs). */
export function registerCastKinds(): void {
  const accepts = (flags: Record<string, unknown>) => cardOf(flags) !== null;
  const participants = (flags: Record<string, unknown>) => cardOf(flags)?.targets.map((t) => t.uuid) ?? [];
  registerRelayKind(CAST_APPLY, {
    who: "author", accepts, participants,
    derive: ({ cause, requester, args }) => deriveCastWrites(cause, requester, args),
  });
  registerRelayKind(CAST_UNDO, { who: "gm", accepts, participants, derive: ({ cause }) => deriveCastUndo(cause) });
  setCastApplier(applyCast);
}

interface MessageDoc extends CastMessage {
  id: string;
  uuid: string;
  rolls?: unknown[];
}

async function markCard(message: CastMessage, changes: Partial<CastCardData>): Promise<void> {
  const data = { ...castData(message)!, ...changes };
  const flat = Object.fromEntries(Object.entries(changes).map(([key, value]) => [`flags.clockwork.${CAST_FLAG}.${key}`, value]));
  await message.update({ ...flat, content: await castCardContent(data) });
}

/**
 * Applies what a card has not written yet, every target through the GM ("cast.apply"). The card records which targets were written (its Undo's list).
 */
async function applyCast(message: CastMessage): Promise<boolean> {
  const data = castData(message);
  const doc = message as MessageDoc;
  const isGM = currentUser<{ isGM?: boolean }>()?.isGM === true;
  // An undone card is the GM's to apply again (issue 34 item 2).
  if (!data || data.applied || (data.undone && !isGM) || !doc.uuid || !doc.id) return false;
  // After the GM's Undo nothing of the card stands: a GM's Apply writes every target again.
  const done = new Set(data.undone ? [] : data.appliedTargets ?? []);
  const pending = data.writes.map((w, i) => (w && !done.has(castTargetKey(i)) ? i : -1)).filter((i) => i >= 0);
  // Every target through the GM, the caster's own too: the ledger is the GM's to write.
  const written: number[] = [];
  if (pending.length) {
    const result = await relay(CAST_APPLY, { targets: pending.map(castTargetKey) }, { cause: doc.uuid });
    if (result.ok) written.push(...pending);
  }
  if (!written.length) return false;
  const appliedTargets = [...done, ...written.map(castTargetKey)];
  const applied = pending.every((i) => written.includes(i));
  await markCard(message, { appliedTargets, applied, ...(data.undone ? { undone: false } : {}) });
  return applied;
}

/** The GM's Undo of an applied card: its writes reverted, the card marked undone. */
export async function undoCastCard(message: CastMessage): Promise<boolean> {
  const doc = message as MessageDoc;
  const data = castData(message);
  if (!data || !doc.uuid || !currentUser<{ isGM?: boolean }>()?.isGM) return false;
  const result = await relay(CAST_UNDO, {}, { cause: doc.uuid });
  if (!result.ok) return false;
  await markCard(message, { undone: true, applied: false });
  return true;
}
