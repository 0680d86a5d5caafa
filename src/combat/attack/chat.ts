/**
 * The attack card in chat: rendering it for each viewer, and its Apply and Undo buttons. The
 * message content holds the card as a viewer who may observe no target sees it; the
 * `renderChatMessageHTML` hook renders it again for the viewer (numbers of the targets they may
 * observe, Apply for the author and the GM, Undo for the GM, stale attackers and targets).
 * Apply and Undo write through the GM relay, so a player's click never writes an NPC itself.
 */
import { notify, resolveUuidSync } from "../../foundry";
import { writeOwned, type BatchResult as GmWriteResult, type RelayOp as GmWriteOp } from "../../relay";
import {
  ATTACK_CARD_TEMPLATE, ATTACK_FLAG, buildAttackCardContext, pendingTargets,
  type AttackCardData, type AttackCardViewer, type CardTarget,
} from "./card";

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

/** The writes that apply a card's damage and conditions to the targets still pending. */
export function applyOps(message: Pick<AttackMessage, "uuid">, data: AttackCardData, exists: (uuid: string) => boolean): GmWriteOp[] {
  const ops: GmWriteOp[] = [];
  for (const target of pendingTargets(data, exists)) {
    const from: number[] = [];
    if (target.damage.total > 0) {
      from.push(ops.length);
      ops.push({ op: "damage", uuid: target.actorUuid, amount: target.damage.total });
    }
    for (const status of target.conditions) {
      from.push(ops.length);
      ops.push({ op: "status", uuid: target.actorUuid, status, active: true });
    }
    // A Spiked Shield's damage lands on the attacker with the hit (docs/rulings.md 128).
    const spikes = target.retaliation?.damage ?? 0;
    if (spikes > 0 && data.actorUuid && exists(data.actorUuid)) {
      from.push(ops.length);
      ops.push({ op: "damage", uuid: data.actorUuid, amount: spikes });
    }
    ops.push({ op: "record", uuid: message.uuid, path: `flags.clockwork.${ATTACK_FLAG}.applied.${target.key}`, from, once: true });
  }
  return ops;
}

/** The writes that undo what Apply wrote: the health before, the statuses it added. */
export function undoOps(message: Pick<AttackMessage, "uuid">, data: AttackCardData, exists: (uuid: string) => boolean): GmWriteOp[] {
  const ops: GmWriteOp[] = [];
  for (const target of data.targets) {
    const record = data.applied?.[target.key];
    if (!record) continue;
    for (const result of record.results) {
      if (!result || !exists(result.uuid)) continue;
      if (result.op === "damage" && result.before) ops.push({ op: "health", uuid: result.uuid, health: result.before });
      if (result.op === "status" && result.changed && result.status) ops.push({ op: "status", uuid: result.uuid, status: result.status, active: false });
    }
    ops.push({ op: "record", uuid: message.uuid, path: `flags.clockwork.${ATTACK_FLAG}.applied.${target.key}`, clear: true });
  }
  return ops;
}

/** Flag keys may not hold dots: a card keys a target by its token UUID as `Scene_x_Token_y`. */
export function safeKey(key: string): string {
  return key.replace(/\./g, "_");
}

/** Applies the card's damage and conditions (author or GM). */
export async function applyAttackCard(message: AttackMessage): Promise<GmWriteResult | null> {
  const data = attackData(message);
  if (!data) return null;
  if (!message.isAuthor && !game.user?.isGM) return null;
  if (data.actorUuid && !exists(data.actorUuid)) {
    notify("warn", "CLOCKWORK.Combat.Attack.Card.AttackerGone", { name: data.actorName });
    return null;
  }
  const ops = applyOps(message, data, exists);
  if (!ops.length) {
    notify("info", "CLOCKWORK.Combat.Attack.Card.NothingToApply");
    return null;
  }
  return writeOwned(ops);
}

/** Undoes what Apply wrote (GM only). */
export async function undoAttackCard(message: AttackMessage): Promise<GmWriteResult | null> {
  const data = attackData(message);
  if (!data || !game.user?.isGM) return null;
  const ops = undoOps(message, data, exists);
  if (!ops.length) return null;
  return writeOwned(ops);
}

/** A redirect of one target's damage (./redirect.ts, passed in: it reads the workflow's rolls and geometry). */
export type RedirectDamage = (message: AttackMessage, key: string) => Promise<unknown>;

/** `renderChatMessageHTML`: the card for this viewer, with its buttons wired. */
export function onRenderAttackMessage(message: unknown, html: HTMLElement, redirect: RedirectDamage): void {
  const msg = message as AttackMessage;
  const data = attackData(msg);
  if (!data) return;
  const content = html.querySelector(".message-content") ?? html;
  void renderAttackCard(data, viewerFor(msg)).then((rendered) => {
    content.innerHTML = rendered;
    wire(content as HTMLElement, "apply", () => applyAttackCard(msg));
    wire(content as HTMLElement, "undo", () => undoAttackCard(msg));
    for (const button of content.querySelectorAll<HTMLButtonElement>("[data-cw-attack='redirect']")) {
      const key = button.dataset.target ?? "";
      wireButton(button, () => redirect(msg, key));
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

