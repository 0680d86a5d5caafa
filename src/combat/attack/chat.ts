/**
 * The attack card in chat: rendering it for each viewer, and its Apply and Undo buttons. The
 * message content holds the card as a viewer who may observe no target sees it; the
 * `renderChatMessageHTML` hook renders it again for the viewer (numbers of the targets they may
 * observe, Apply for the author and the GM, Undo for the GM, stale attackers and targets).
 * The numbers only a target's observers may see are worked out by this client itself (./details):
 * no message holds them. Apply and Undo ask the relay (./apply): a click never sends numbers.
 */
import { resolveUuidSync } from "../../foundry";
import {
  ATTACK_CARD_TEMPLATE, ATTACK_FLAG, buildAttackCardContext, withDetails,
  type AttackCardData, type AttackCardViewer, type CardTarget, type TargetDetail,
} from "./card";
import { hiddenInfoLevel } from "./settings";

/** The parts of a ChatMessage the card reads. */
export interface AttackMessage {
  id: string | null;
  uuid: string;
  isAuthor: boolean;
  flags: Record<string, unknown>;
}

/** The attack data of a message, or null for any other message. */
export function attackData(message: Pick<AttackMessage, "flags"> | null | undefined): AttackCardData | null {
  const data = (message?.flags?.clockwork as Record<string, unknown> | undefined)?.[ATTACK_FLAG] as AttackCardData | undefined;
  return data && typeof data === "object" && data.version === 1 && Array.isArray(data.targets) ? data : null;
}

export function renderAttackCard(data: AttackCardData, viewer: AttackCardViewer): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, buildAttackCardContext(data, viewer) as never);
}

function exists(uuid: string | null | undefined): boolean {
  if (!uuid) return false;
  try {
    return fromUuidSync(uuid as never) !== null && fromUuidSync(uuid as never) !== undefined;
  } catch {
    return false;
  }
}

interface PermissionDoc {
  testUserPermission(user: unknown, level: string): boolean;
}

/** This client's viewer of a message. */
export function viewerFor(message: Pick<AttackMessage, "isAuthor">): AttackCardViewer {
  return {
    isGM: game.user?.isGM === true,
    isAuthor: message.isAuthor,
    canObserve: (target: CardTarget) => {
      // "everything": the GM shows every target's numbers to every user.
      if (hiddenInfoLevel() === "everything") return true;
      const actor = exists(target.actorUuid) ? resolveUuidSync<PermissionDoc>(target.actorUuid) : null;
      return actor?.testUserPermission(game.user, "OBSERVER") === true;
    },
    exists,
    owns: (actorUuid: string) => {
      const actor = exists(actorUuid) ? resolveUuidSync<{ isOwner?: boolean }>(actorUuid) : null;
      return actor?.isOwner === true;
    },
  };
}

/** Flag keys may not hold dots: a card keys a target by its token UUID as `Scene_x_Token_y`. */
export function safeKey(key: string): string {
  return key.replace(/\./g, "_");
}

/** The card's buttons (./apply and ./redirect, passed in: they read the workflow). */
export interface CardActions {
  apply(message: AttackMessage): Promise<unknown>;
  undo(message: AttackMessage): Promise<unknown>;
  redirect(message: AttackMessage, key: string): Promise<unknown>;
}

/** The hidden numbers this client may work out for a card, by row key (./details, injected: it reads the workflow). */
export type HiddenDetails = (message: Pick<AttackMessage, "id" | "flags"> & { rolls?: readonly unknown[] }) => ReadonlyMap<string, { row?: TargetDetail; spikes?: TargetDetail }>;

let hiddenDetails: HiddenDetails = () => new Map();

export function setHiddenDetails(fn: HiddenDetails): void {
  hiddenDetails = fn;
}

/** The card as this client may see it: the public flags with the numbers it may work out itself. */
export function cardFor(message: Pick<AttackMessage, "id" | "flags"> & { rolls?: readonly unknown[] }): AttackCardData | null {
  const data = attackData(message);
  return data ? withDetails(data, hiddenDetails(message)) : null;
}

/** `renderChatMessageHTML`: the card for this viewer, with its buttons wired. */
export function onRenderAttackMessage(message: unknown, html: HTMLElement, actions: CardActions): void {
  const msg = message as AttackMessage;
  const data = cardFor(msg);
  if (!data) return;
  const content = html.querySelector(".message-content") ?? html;
  void renderAttackCard(data, viewerFor(msg)).then((rendered) => {
    content.innerHTML = rendered;
    wire(content as HTMLElement, "apply", () => actions.apply(msg));
    wire(content as HTMLElement, "undo", () => actions.undo(msg));
    for (const button of content.querySelectorAll<HTMLButtonElement>("[data-cw-attack='redirect']")) {
      const key = button.dataset.target ?? "";
      wireButton(button, () => actions.redirect(msg, key));
    }
  });
}

function wire(root: HTMLElement, action: string, run: () => Promise<unknown>): void {
  const button = root.querySelector<HTMLButtonElement>(`[data-cw-attack='${action}']`);
  if (button) wireButton(button, run);
}

function wireButton(button: HTMLButtonElement, run: () => Promise<unknown>): void {
  button.addEventListener("click", (event) => {
    event.preventDefault();
    button.disabled = true;
    void run().finally(() => { button.disabled = false; });
  });
}

