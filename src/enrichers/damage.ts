/**
 * `[[/damage 6 piercing]]`: the roll card and its Apply button. The card is a DamageRoll counted
 * against the clicking user's targets; Apply goes through the relay's kind "damage.apply": the
 * answering GM counts the card's own dice against each target's resistance as its world has it
 * now (never the card's claimed numbers) and writes each target once (ledger tag per target).
 * The user's own creatures are written by their own client, as for an attack card.
 *
 * A player could type `[[/damage 30 fire]]` in chat, so a player's card reaches others'
 * creatures only when it was rolled from a document the player cannot edit (a GM's journal
 * page, a trap's description) that asks for exactly this damage: the GM re-reads that document.
 * Damage typed anywhere else is the GM's to apply.
 */
import { notify, resolveUuidSync, userById } from "../foundry";
import { DAMAGE_TYPES, resolveDamage, type DamageType } from "../rules";
import { DamageRoll } from "../dice/damage-roll";
import { postRoll, type RollMessage } from "../dice/chat";
import { currentRollMode } from "../dice/roll-mode";
import { targetedTokens } from "../dice/actor-rolls";
import { parseRollRequest, ROLL_ENRICHER } from "./syntax";
import { registerRelayKind, relay, writeOwned, type Derived, type DeriveContext, type RelayOp, type RelayResult } from "../relay";
import type { RollActor } from "../dice/actor-source";

export const DAMAGE_APPLY = "damage.apply";
/** `flags.clockwork.enricherDamage` on the card: what the enricher asked for. */
export const DAMAGE_FLAG = "enricherDamage";
const KEY = "CLOCKWORK.Enricher.Damage";

export interface EnricherDamageFlag {
  dice: number;
  damageType: DamageType;
  /** The document whose text held the link (a journal page), when it was rolled from one. */
  source?: string;
}

interface Owned {
  uuid: string;
  system?: { resistances?: Partial<Record<DamageType, { species: number; armor: number }>> };
  flags?: { clockwork?: { ledger?: Record<string, Record<string, unknown>> } };
  testUserPermission?(user: unknown, level: string): boolean;
}

const resolve = (uuid: unknown) => resolveUuidSync<Owned>(uuid);

const owns = (doc: Owned | null, user: unknown) => doc?.testUserPermission?.(user, "OWNER") === true;

/** The card's flag, or null when it is not an enricher's damage card. */
export function damageFlag(flags: Record<string, unknown> | undefined): EnricherDamageFlag | null {
  const flag = flags?.[DAMAGE_FLAG] as Partial<EnricherDamageFlag> | undefined;
  if (!flag || !Number.isInteger(flag.dice) || !(DAMAGE_TYPES as readonly string[]).includes(flag.damageType as string)) return null;
  return flag as EnricherDamageFlag;
}

/** Rolls the damage and posts the card (speaker: the user's character, if any). */
export async function rollEnricherDamage(actor: RollActor | null, dice: number, damageType: DamageType, label: string, source?: string): Promise<RollMessage> {
  const roll = DamageRoll.forDice(dice, { damageType, armorPiercing: false, aoe: false, criticals: 0, targets: targetedTokens(damageType), itemName: label });
  await roll.evaluate();
  const flag: EnricherDamageFlag = { dice, damageType, ...(source ? { source } : {}) };
  return postRoll(actor, roll, { rollMode: currentRollMode(), flags: { [DAMAGE_FLAG]: flag } });
}

interface TextDocument {
  testUserPermission?(user: unknown, level: string): boolean;
  text?: { content?: string | null };
  system?: { description?: string | null };
}

/**
 * Whether the card's source is a document the user cannot edit whose text asks for this very
 * damage (same dice and type): then the user only clicked what the GM wrote.
 */
export function askedByUneditableSource(flag: EnricherDamageFlag, user: unknown): boolean {
  if (!flag.source) return false;
  const source = resolve(flag.source) as TextDocument | null;
  if (!source || source.testUserPermission?.(user, "OWNER") !== false) return false;
  const text = [source.text?.content, source.system?.description].filter((t): t is string => typeof t === "string").join("\n");
  return [...text.matchAll(new RegExp(ROLL_ENRICHER.source, ROLL_ENRICHER.flags))].some((match) => {
    const request = parseRollRequest(match[1], match[2]);
    return request?.kind === "damage" && request.dice === flag.dice && request.damageType === flag.damageType;
  });
}

const tagOf = (messageId: string, index: number) => `${messageId}.dmg${index}`;

function ledgerHas(doc: Owned | null, tag: string): boolean {
  const [message, slot] = tag.split(".");
  return !!doc?.flags?.clockwork?.ledger?.[message]?.[slot];
}

/** Each target's damage from the card's own roll and the target's current resistance. */
export function damageOps(messageId: string, flags: Record<string, unknown>, rolls: readonly unknown[]): RelayOp[] | { refused: string } {
  const flag = damageFlag(flags);
  const roll = rolls[0];
  if (!flag || !(roll instanceof DamageRoll)) return { refused: `${KEY}.NotACard` };
  const faces = roll.faces;
  // A card whose roll is not what its flag says (made in the console) is refused whole.
  if (faces.length !== flag.dice || roll.damageType !== flag.damageType || faces.some((f) => !Number.isInteger(f) || f < 1 || f > 12)) return { refused: `${KEY}.NotACard` };
  const ops: RelayOp[] = [];
  (roll.settings.targets ?? []).forEach((target, index) => {
    const actor = resolve(target.actorUuid);
    const resistance = actor?.system?.resistances?.[flag.damageType];
    const tag = tagOf(messageId, index);
    if (!actor || !resistance || ledgerHas(actor, tag)) return;
    const dealt = resolveDamage(faces, { species: resistance.species, armor: resistance.armor }, {}).total;
    if (dealt > 0) ops.push({ op: "damage", uuid: actor.uuid, amount: dealt, ledger: tag });
  });
  return ops;
}

/** "damage.apply": the GM's side. */
function deriveDamageApply(context: DeriveContext): Derived {
  const author = context.cause.authorId ? userById(context.cause.authorId) : undefined;
  if (!author) return { refused: { key: `${KEY}.NotACard` } };
  const ops = damageOps(context.cause.id, context.cause.flags, context.cause.rolls);
  if ("refused" in ops) return { refused: { key: ops.refused } };
  const requester = context.requester;
  if (!requester.isGM && !askedByUneditableSource(damageFlag(context.cause.flags)!, requester.user)) return { refused: { key: `${KEY}.GmApplies` } };
  const theirs = ops.filter((op) => requester.isGM || !owns(resolve(op.uuid), requester.user));
  return theirs.length ? { ops: theirs } : { refused: { key: `${KEY}.NothingToApply` } };
}

export function registerDamageKind(): void {
  registerRelayKind(DAMAGE_APPLY, {
    who: "author",
    accepts: (flags) => damageFlag(flags) !== null,
    participants: () => [],
    derive: deriveDamageApply,
  });
}

interface CardMessage extends RollMessage {
  uuid: string;
}

/** Apply (the card's author or a GM): the relay for others' creatures, this client for its own. */
export async function applyEnricherDamage(message: CardMessage): Promise<RelayResult | null> {
  if (!message.id || (!message.isAuthor && game.user?.isGM !== true)) return null;
  const ops = damageOps(message.id, (message.flags.clockwork ?? {}) as Record<string, unknown>, message.rolls);
  if ("refused" in ops || ops.length === 0) {
    notify("info", "refused" in ops ? ops.refused : `${KEY}.NothingToApply`);
    return null;
  }
  if (game.user?.isGM) return relay(DAMAGE_APPLY, {}, { cause: message.uuid });
  const own = ops.filter((op) => owns(resolve(op.uuid), game.user));
  let result: RelayResult = { ok: true, viaGM: false, results: [], effects: [] };
  if (own.length < ops.length) {
    result = await relay(DAMAGE_APPLY, {}, { cause: message.uuid });
    if (!result.ok) return result;
  }
  if (own.length) {
    const local = await writeOwned(own);
    if (!local.ok) return { ok: false, viaGM: false, problem: local.problem };
  }
  return result;
}

/** The card's Apply button, for its author and GMs. */
export function addApplyButton(message: CardMessage, html: HTMLElement, label: string): void {
  if (!damageFlag(message.flags.clockwork as Record<string, unknown>) || (!message.isAuthor && game.user?.isGM !== true)) return;
  if (html.querySelector(".cw-enricher-apply")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cw-enricher-apply";
  button.textContent = label;
  button.addEventListener("click", () => void applyEnricherDamage(message));
  (html.querySelector(".message-content") ?? html).append(button);
}
