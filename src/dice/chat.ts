/**
 * Roll messages: posting a ClockWork roll as a chat card, rebuilding the card's input from a
 * message, and adjusting the rendered card for each viewer (redacted cards for private rolls,
 * the luck button only for those who may use it).
 *
 * The message `content` holds the full card, rendered when the roll is made (and again after
 * luck); Foundry itself hides content from viewers a whisper or blind roll excludes, and the
 * `renderChatMessageHTML` hook replaces what it shows them with a redacted card.
 */
import { localize, resolveUuidSync, worldCollection } from "../foundry";
import type { RollActor } from "./actor-source";
import type { ClockworkRoll } from "./clockwork-roll";
import { buildChatCardContext } from "./context/chat-card";
import { cardVisibility, revealsTargets, type ChatCardInput, type ChatCardViewer } from "./context/visibility";
import { knowsResistance, rollKindOf } from "./roll-data";
import { applyRollMode } from "./roll-mode";
import { FLAG_SCOPE, ROLL_FLAG, rollFlags, sourceFlags } from "./message-flags";
import { DICE_TEMPLATES } from "./templates";
import type { DamageTargetData, LuckState, RollMessageFlags, RollModeKey, SerializedRoll } from "./types";

export { FLAG_SCOPE, ROLL_FLAG, rollFlags };

/** The parts of a ChatMessage this module reads and writes. */
export interface RollMessage {
  id: string | null;
  isAuthor: boolean;
  isOwner: boolean;
  rolls: Roll[];
  speaker: { alias?: string | null; actor?: string | null };
  flags: Record<string, unknown>;
  whisper: string[];
  blind: boolean;
  /** The full card as stored; it changes whenever the card does (a roll, luck spent). */
  content?: string;
  update(changes: object): Promise<unknown>;
}

/** A roll as plain JSON, the shape chat messages store. */
export function serializeRoll(roll: Roll): SerializedRoll {
  return JSON.parse(JSON.stringify(roll)) as SerializedRoll;
}

/** A viewer who sees everything: the card stored in the message content. */
export function fullViewer(rollMode: RollModeKey): ChatCardViewer {
  return { rollMode, isGM: true, isAuthor: true };
}

/** Renders the chat card template for one viewer. */
export async function renderRollCard(input: ChatCardInput, viewer: ChatCardViewer): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(DICE_TEMPLATES.chatCard, buildChatCardContext(input, viewer) as never);
}

/** The card's input rebuilt from a message. */
export function cardInputOf(message: RollMessage, flags: RollMessageFlags): ChatCardInput {
  return {
    actorName: message.speaker?.alias ?? localize("CLOCKWORK.Chat.Someone"),
    rolls: message.rolls.map(serializeRoll).filter((r) => rollKindOf(r) === flags.kind),
    luck: flags.luck,
  };
}

export interface PostRollOptions {
  rollMode: RollModeKey;
  /** Halflings may later spend several lucks on this roll. */
  keepBest?: boolean;
  flavor?: string;
  /** The weapon or spell rolled for, named on the card for modules. */
  item?: { uuid?: string | null } | null;
  /** More `flags.clockwork` beside the roll's own (an enricher's damage card, a roll request's answer). */
  flags?: Record<string, unknown>;
}

/** Posts an evaluated roll as a chat card in the given roll mode. */
export async function postRoll(actor: RollActor | null, roll: ClockworkRoll, options: PostRollOptions): Promise<RollMessage> {
  const kind = rollKindOf({ class: roll.constructor.name });
  if (!kind) throw new RangeError(`only ClockWork rolls make chat cards; got ${roll.constructor.name}`);
  const luck: LuckState = { spent: 0, keepBest: options.keepBest === true };
  const flags: RollMessageFlags = { kind, rollMode: options.rollMode, actorUuid: actor?.uuid ?? null, luck };
  const actorName = actor?.name ?? localize("CLOCKWORK.Chat.Someone");
  const content = await renderRollCard({ actorName, rolls: [serializeRoll(roll)], luck }, fullViewer(options.rollMode));
  const data = applyRollMode({
    speaker: ChatMessage.getSpeaker({ actor: actor as never }),
    rolls: [roll],
    content,
    flavor: options.flavor,
    sound: CONFIG.sounds?.dice,
    flags: { [FLAG_SCOPE]: { ...(options.flags ?? {}), [ROLL_FLAG]: flags, ...sourceFlags(options.item, actor as never) } },
  }, options.rollMode);
  // No rollMode option: core would apply the mode a second time.
  const message = await ChatMessage.implementation.create(data as never);
  return message as RollMessage;
}

/** Luck can be spent from this client: the user owns the message and the actor, who has luck left. */
export function canUseLuck(message: Pick<RollMessage, "isOwner">, actor: { isOwner?: boolean; system?: { luck?: { value?: number } } } | null): boolean {
  return message.isOwner && actor?.isOwner === true && (actor.system?.luck?.value ?? 0) > 0;
}

/** The actor a roll message belongs to, with what luck needs of it. */
export type LuckActor = RollActor & { isOwner?: boolean; update(changes: object): Promise<unknown> };

/**
 * The document behind an actor UUID. Every chat-log render asks for each card's actor, so a
 * world actor (`Actor.<id>`, the usual case) is a lookup in `game.actors`; only a token's
 * synthetic actor goes through `fromUuidSync`.
 */
function actorByUuid<T>(uuid: string): T | null {
  const world = /^Actor\.([^.]+)$/.exec(uuid);
  const found = world ? worldCollection<{ get(id: string): T | undefined }>("actors")?.get(world[1]) : undefined;
  if (found) return found;
  return resolveUuidSync<T>(uuid);
}

/** The actor that made a roll message's roll, or null when it no longer exists. */
export function rollMessageActor(flags: RollMessageFlags): LuckActor | null {
  if (!flags.actorUuid) return null;
  return actorByUuid<LuckActor>(flags.actorUuid);
}

interface PermissionDoc {
  testUserPermission(user: unknown, permission: string): boolean;
}

/**
 * Who may see a damage target's resistance: users with at least Observer permission on its
 * actor. A target without an actor (given by a macro) shows to the GM and the roll's author.
 */
export function targetObserver(isGM: boolean, isAuthor: boolean): (target: DamageTargetData) => boolean {
  return (target) => {
    if (!target.actorUuid) return isGM || isAuthor;
    const actor = actorByUuid<PermissionDoc>(target.actorUuid);
    return actor?.testUserPermission(game.user, "OBSERVER") === true;
  };
}

/** `renderChatMessageHTML`: redact private cards for this viewer, show what it may see, wire the luck button. */
export function onRenderChatMessageHTML(message: unknown, html: HTMLElement, spendLuck: (message: RollMessage) => Promise<unknown>): void {
  const msg = message as RollMessage;
  const flags = rollFlags(msg);
  if (!flags) return;
  const isGM = game.user?.isGM === true;
  const viewer: ChatCardViewer = { rollMode: flags.rollMode, isGM, isAuthor: msg.isAuthor };
  if (cardVisibility(viewer) !== "full") {
    void rerender(msg, html, () => cardInputOf(msg, flags), viewer, []);
    return;
  }
  if (flags.kind === "damage") {
    // The message keeps no target's resistance; observers get theirs filled in from the actor.
    const observer = { ...viewer, canObserve: targetObserver(isGM, msg.isAuthor) };
    const input = withObservedResistances(cardInputOf(msg, flags), observer.canObserve);
    if (revealsTargets(input, observer)) {
      const seen = damageTargets(input).map((t) => observer.canObserve(t));
      void rerender(msg, html, () => input, observer, seen).then(() => wireLuck(msg, flags, html, spendLuck));
      return;
    }
  }
  wireLuck(msg, flags, html, spendLuck);
}

interface ResistingActor {
  system?: { resistances?: Partial<Record<string, { species: number; armor: number }>> };
}

/** The card's rolls with each target this viewer observes given its resistance as its actor has it now. */
function withObservedResistances(input: ChatCardInput, canObserve: (target: DamageTargetData) => boolean): ChatCardInput {
  const rolls = input.rolls.map((roll) => {
    const options = roll.options as { targets?: DamageTargetData[]; damageType?: string } | undefined;
    if (!options?.targets?.length) return roll;
    const targets = options.targets.map((target) => {
      if (knowsResistance(target) || !target.actorUuid || !canObserve(target)) return target;
      const resistance = actorByUuid<ResistingActor>(target.actorUuid)?.system?.resistances?.[options.damageType ?? ""];
      return resistance ? { ...target, species: resistance.species, armor: resistance.armor } : target;
    });
    return { ...roll, options: { ...options, targets } };
  });
  return { ...input, rolls };
}

function damageTargets(input: ChatCardInput): DamageTargetData[] {
  return input.rolls.flatMap((roll) => (roll.options as { targets?: DamageTargetData[] } | undefined)?.targets ?? []);
}

function wireLuck(msg: RollMessage, flags: RollMessageFlags, html: HTMLElement, spendLuck: (message: RollMessage) => Promise<unknown>): void {
  const button = html.querySelector<HTMLButtonElement>("[data-cw-action='spendLuck']");
  if (!button) return;
  if (!canUseLuck(msg, rollMessageActor(flags))) {
    button.remove();
    return;
  }
  button.addEventListener("click", (event) => {
    event.preventDefault();
    button.disabled = true;
    void spendLuck(msg).finally(() => { button.disabled = false; });
  });
}

/**
 * The card each message last drew for this client's viewer, and what it was drawn from. Core
 * redraws every message of the chat log often (opening it, scrolling back, a popout); the card
 * is rendered again only when the message's content or what the viewer may see changed.
 */
const drawnCards = new WeakMap<object, { key: string; card: Promise<string> }>();

async function rerender(
  msg: RollMessage, html: HTMLElement, input: () => ChatCardInput, viewer: ChatCardViewer, observed: readonly boolean[],
): Promise<void> {
  const content = html.querySelector(".message-content");
  if (!content) return;
  const key = JSON.stringify([game.user?.id ?? null, viewer.rollMode, viewer.isGM, viewer.isAuthor, observed, msg.content ?? null, msg.rolls.length]);
  let drawn = drawnCards.get(msg);
  if (drawn?.key !== key) {
    // The promise is kept, so redraws while the first render runs wait for it instead of rendering again.
    drawn = { key, card: renderRollCard(input(), viewer) };
    drawnCards.set(msg, drawn);
    drawn.card.catch(() => { if (drawnCards.get(msg) === drawn) drawnCards.delete(msg); });
  }
  content.innerHTML = await drawn.card;
}
