/**
 * The GM's roll request: a GM-authored card asking for a check, with a button each player clicks
 * to roll it for their own character. A player's answer is their own roll message, naming the
 * card (`flags.clockwork.answers`); the active GM's client reads it and writes the result on the
 * card (only the GM may change a GM's message). What counts is read from the answer's roll and
 * the card's own difficulty: the roll must be of the card's skill, by an actor its author owns.
 */
import { currentUser, hooks, isDesignatedGM, localize, notify, resolveUuidSync, worldCollection } from "../foundry";
import { SKILL_KEYS, type SkillKey } from "../rules";
import { GainRoll } from "../dice/gain-roll";
import { rollFlags } from "../dice/message-flags";
import { neededGains } from "../dice/pool";
import type { DifficultyChoice } from "../dice/types";
import { clickingCharacter, rollLabel } from "./enrich";

export const REQUEST_FLAG = "rollRequest";
/** On an answer's roll message: the id of the card it answers. */
export const ANSWER_FLAG = "answers";
const KEY = "CLOCKWORK.RollRequest";

export interface RequestResult {
  name: string;
  actorUuid: string;
  gains: number;
  /** Against the card's difficulty; null when it names none. */
  success: boolean | null;
  messageId: string;
}

export interface RollRequestFlag {
  skill: SkillKey;
  difficulty: DifficultyChoice;
  gains: number | null;
  /** By answering user id. */
  results: Record<string, RequestResult>;
}

interface Message {
  id: string | null;
  uuid?: string;
  flags: Record<string, unknown>;
  rolls: unknown[];
  author?: { id?: string | null; isGM?: boolean } | null;
  update(changes: object): Promise<unknown>;
}

export function requestFlag(message: Pick<Message, "flags"> | null | undefined): RollRequestFlag | null {
  const flag = (message?.flags?.clockwork as Record<string, unknown> | undefined)?.[REQUEST_FLAG] as RollRequestFlag | undefined;
  return flag && (SKILL_KEYS as readonly string[]).includes(flag.skill) ? flag : null;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface RequestOptions {
  skill: string;
  difficulty?: DifficultyChoice | number;
}

/** `game.clockwork.requestRoll({ skill, difficulty })` (GMs): posts the card. */
export async function requestRoll(options: RequestOptions): Promise<Message | null> {
  if (currentUser<{ isGM?: boolean }>()?.isGM !== true) {
    notify("warn", `${KEY}.NotGM`);
    return null;
  }
  if (!(SKILL_KEYS as readonly string[]).includes(options.skill)) {
    notify("warn", `${KEY}.BadSkill`, { skill: options.skill });
    return null;
  }
  const numeric = typeof options.difficulty === "number";
  const flag: RollRequestFlag = {
    skill: options.skill as SkillKey,
    difficulty: numeric ? "custom" : (options.difficulty as DifficultyChoice | undefined) ?? "none",
    gains: numeric ? (options.difficulty as number) : null,
    results: {},
  };
  const label = rollLabel({ kind: "check", ...flag });
  const content = `<div class="clockwork cw-roll-request"><h3>${escape(localize(`${KEY}.Title`, { label }))}</h3>`
    + `<button type="button" class="cw-roll-request__roll">${escape(localize(`${KEY}.Roll`, { label }))}</button>`
    + `<ul class="cw-roll-request__results"></ul></div>`;
  return (await ChatMessage.implementation.create({ content, flags: { clockwork: { [REQUEST_FLAG]: flag } } } as never)) as unknown as Message;
}

/** A player's click: rolls the card's check for their character, the answer naming the card. */
export async function answerRequest(message: Message, event: { shiftKey?: boolean } | null = null): Promise<unknown> {
  const flag = requestFlag(message);
  const actor = clickingCharacter();
  if (!flag || !message.id) return null;
  if (!actor) {
    notify("warn", "CLOCKWORK.Enricher.NoCharacter");
    return null;
  }
  const difficulty = flag.difficulty === "custom" ? flag.gains ?? 0 : flag.difficulty;
  return actor.rollSkill(flag.skill, { difficulty, event, messageFlags: { [ANSWER_FLAG]: message.id } });
}

interface Owner {
  uuid: string;
  name: string;
  testUserPermission?(user: unknown, level: string): boolean;
}

/** The result an answer gives, or null when it is not a valid answer to the card. */
export function answerResult(card: Message, answer: Message): RequestResult | null {
  const flag = requestFlag(card);
  const roll = answer.rolls[0];
  const rolled = rollFlags(answer);
  if (!flag || !card.author?.isGM || !answer.id || !rolled?.actorUuid || !(roll instanceof GainRoll)) return null;
  if (roll.settings.subject?.skill !== flag.skill || roll.discarded) return null;
  const actor = resolveUuidSync<Owner>(rolled.actorUuid);
  // Only the answerer's own creature answers for them.
  if (!actor || actor.testUserPermission?.(answer.author, "OWNER") !== true) return null;
  const needed = neededGains({ difficulty: flag.difficulty, customDifficulty: flag.gains ?? 0 });
  return { name: actor.name, actorUuid: actor.uuid, gains: roll.gains, success: needed === null ? null : roll.gains >= needed, messageId: answer.id };
}

/** `createChatMessage` on the active GM: an answer writes its result on the card. */
export async function onAnswer(answer: Message): Promise<void> {
  const cardId = (answer.flags?.clockwork as Record<string, unknown> | undefined)?.[ANSWER_FLAG];
  if (typeof cardId !== "string" || !isDesignatedGM() || !answer.author?.id) return;
  const card = worldCollection<{ get(id: string): Message | undefined }>("messages")?.get(cardId);
  const result = card ? answerResult(card, answer) : null;
  if (!card || !result) return;
  await card.update({ [`flags.clockwork.${REQUEST_FLAG}.results.${answer.author.id}`]: result });
}

/** Draws the results on the card and wires its button (every client, each render). */
export function renderRequest(message: Message, html: HTMLElement): void {
  const flag = requestFlag(message);
  if (!flag) return;
  const list = html.querySelector<HTMLElement>(".cw-roll-request__results");
  if (list) {
    const results = Object.values(flag.results ?? {});
    list.replaceChildren(...(results.length ? results : [null]).map((r) => {
      const li = document.createElement("li");
      if (!r) {
        li.textContent = localize(`${KEY}.Waiting`);
        return li;
      }
      li.dataset.actorUuid = r.actorUuid;
      li.textContent = localize(`${KEY}.Result`, { name: r.name, gains: r.gains })
        + (r.success === null ? "" : ` (${localize(`${KEY}.${r.success ? "Success" : "Failure"}`)})`);
      return li;
    }));
  }
  const button = html.querySelector<HTMLButtonElement>(".cw-roll-request__roll");
  if (button && !button.dataset.wired) {
    button.dataset.wired = "true";
    button.addEventListener("click", (event) => void answerRequest(message, event));
  }
}

export function registerRollRequests(): void {
  hooks().on("createChatMessage", (message: Message) => void onAnswer(message));
}
