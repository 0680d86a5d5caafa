/**
 * `[[/damage 6 piercing]]`: the roll card and its Apply button. The card is a DamageRoll counted
 * against the clicking user's targets; Apply goes through the relay's kind "damage.apply": the
 * answering GM counts the card's own dice against each target's resistance as its world has it
 * now (never the card's claimed numbers) and writes each target once (ledger tag per target),
 * the user's own creatures too (the ledger is the GM's record). The GM's Undo ("damage.undo")
 * reverts what each tag recorded and marks the card "Undone by the GM" for everyone; a player's
 * Apply of an undone target is refused with that reason (the planner reads the ledger), only a
 * GM applies it again.
 *
 * A player could type `[[/damage 30 fire]]` in chat, so a player's card reaches others'
 * creatures only when it was rolled from a document the player cannot edit (a GM's journal
 * page, a trap's description) that asks for exactly this damage: the GM re-reads that document.
 * Damage typed anywhere else is the GM's to apply.
 */
import { choices } from "../config";
import { notify, resolveUuidSync, userById } from "../foundry";
import { resolveDamage, type DamageType } from "../rules";
import { DamageRoll } from "../dice/damage-roll";
import { postRoll, type RollMessage } from "../dice/chat";
import { currentRollMode } from "../dice/roll-mode";
import { targetedTokens } from "../dice/actor-rolls";
import { parseRollRequest, ROLL_ENRICHER } from "./syntax";
import { CARD_UNDONE_FLAG, cardUndone, ledgerState, registerRelayKind, relay, type Derived, type DeriveContext, type RelayOp, type RelayResult } from "../relay";
import type { RollActor } from "../dice/actor-source";

export const DAMAGE_APPLY = "damage.apply";
export const DAMAGE_UNDO = "damage.undo";
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
  testUserPermission?(user: unknown, level: string): boolean;
}

const resolve = (uuid: unknown) => resolveUuidSync<Owned>(uuid);

const owns = (doc: Owned | null, user: unknown) => doc?.testUserPermission?.(user, "OWNER") === true;

/** The card's flag, or null when it is not an enricher's damage card. */
export function damageFlag(flags: Record<string, unknown> | undefined): EnricherDamageFlag | null {
  const flag = flags?.[DAMAGE_FLAG] as Partial<EnricherDamageFlag> | undefined;
  if (!flag || !Number.isInteger(flag.dice) || !(choices.damageTypes() as string[]).includes(flag.damageType as string)) return null;
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

/**
 * Each target's damage from the card's own roll and the target's current resistance; a target
 * the card was applied to is left out. One the GM undid stays in: the planner refuses it to a
 * player ("undone by the GM") and writes it afresh for a GM.
 */
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
    if (!actor || !resistance || ledgerState(actor, tag) === "applied") return;
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
  if (!requester.isGM && !askedByUneditableSource(damageFlag(context.cause.flags)!, requester.user)) {
    // Typed damage reaches only the player's own creatures (written by the GM: the ledger is its record).
    const own = ops.filter((op) => owns(resolve(op.uuid), requester.user));
    return own.length ? { ops: own } : { refused: { key: `${KEY}.GmApplies` } };
  }
  if (!ops.length) return { refused: { key: `${KEY}.NothingToApply` } };
  // A GM's Apply of an undone card takes its mark off (a player's is refused by the ledger).
  const clear: RelayOp[] = requester.isGM && cardUndone(context.cause.flags) ? [{ op: "record", uuid: context.cause.uuid, path: `flags.clockwork.${CARD_UNDONE_FLAG}`, clear: true }] : [];
  return { ops: [...ops, ...clear] };
}

/** The targets the card was applied to (ledger tag applied, not undone), by their tags. */
export function appliedTargets(messageId: string, rolls: readonly unknown[]): { uuid: string; tag: string }[] {
  const roll = rolls[0];
  if (!(roll instanceof DamageRoll)) return [];
  return (roll.settings.targets ?? []).flatMap((target, index) => {
    const actor = resolve(target.actorUuid);
    const tag = tagOf(messageId, index);
    return actor && ledgerState(actor, tag) === "applied" ? [{ uuid: actor.uuid, tag }] : [];
  });
}

/** "damage.undo" (GMs): reverts what each applied target's tag recorded, and marks the card undone for everyone. */
function deriveDamageUndo(context: DeriveContext): Derived {
  const applied = appliedTargets(context.cause.id, context.cause.rolls);
  if (!applied.length) return { refused: { key: `${KEY}.NothingToUndo` } };
  return { ops: [...applied.map(({ uuid, tag }): RelayOp => ({ op: "revert", uuid, ledger: tag })), { op: "record", uuid: context.cause.uuid, path: `flags.clockwork.${CARD_UNDONE_FLAG}`, from: [] }] };
}

export function registerDamageKind(): void {
  registerRelayKind(DAMAGE_APPLY, {
    who: "author",
    accepts: (flags) => damageFlag(flags) !== null,
    participants: () => [],
    derive: deriveDamageApply,
  });
  registerRelayKind(DAMAGE_UNDO, {
    who: "gm",
    accepts: (flags) => damageFlag(flags) !== null,
    participants: () => [],
    derive: deriveDamageUndo,
  });
}

interface CardMessage extends RollMessage {
  uuid: string;
}

/** Apply (the card's author or a GM): through the GM, the user's own creatures too (the ledger is the GM's record). */
export async function applyEnricherDamage(message: CardMessage): Promise<RelayResult | null> {
  if (!message.id || (!message.isAuthor && game.user?.isGM !== true)) return null;
  const ops = damageOps(message.id, (message.flags.clockwork ?? {}) as Record<string, unknown>, message.rolls);
  if ("refused" in ops || ops.length === 0) {
    notify("info", "refused" in ops ? ops.refused : `${KEY}.NothingToApply`);
    return null;
  }
  return relay(DAMAGE_APPLY, {}, { cause: message.uuid });
}

/** The GM's Undo of the card. */
export async function undoEnricherDamage(message: CardMessage): Promise<RelayResult | null> {
  if (!message.id || game.user?.isGM !== true) return null;
  return relay(DAMAGE_UNDO, {}, { cause: message.uuid });
}

/**
 * The card's buttons and marks: "Undone by the GM" for everyone once the GM undid it; Apply for
 * its author and GMs (not for a player once undone: only a GM applies it again); Undo for GMs
 * while a target holds what it applied.
 */
export function addApplyButton(message: CardMessage, html: HTMLElement, labels: { apply: string; undo: string; undone: string }): void {
  const flags = (message.flags.clockwork ?? {}) as Record<string, unknown>;
  if (!damageFlag(flags)) return;
  const gm = game.user?.isGM === true;
  const content = html.querySelector(".message-content") ?? html;
  const undone = cardUndone(flags);
  if (undone && !html.querySelector("[data-cw-undone]")) {
    const note = document.createElement("p");
    note.className = "cw-card-undone";
    note.dataset.cwUndone = "";
    note.textContent = labels.undone;
    content.append(note);
  }
  if ((message.isAuthor || gm) && !(undone && !gm) && !html.querySelector(".cw-enricher-apply")) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "cw-enricher-apply";
    button.textContent = labels.apply;
    button.addEventListener("click", () => void applyEnricherDamage(message));
    content.append(button);
  }
  if (gm && message.id && appliedTargets(message.id, message.rolls).length && !html.querySelector(".cw-enricher-undo")) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "cw-enricher-undo";
    button.textContent = labels.undo;
    button.addEventListener("click", () => void undoEnricherDamage(message));
    content.append(button);
  }
}
