/**
 * Hidden numbers stay on the GM's side (issue 18 item 6). An attack card's flags hold only what
 * every viewer may know; a target's defense, resistance, armor pierced and what the damage does
 * to its track travel in a companion message the designated GM creates when it sees the card,
 * from its own recompute (./recompute), whispered to the GMs and the users who may observe that
 * target (a Spiked Shield's numbers: the attacker's observers). The card's render merges what
 * this client received (./chat `cardFor`); a companion never shows as a chat entry of its own.
 * The hidden-info world setting at "everything" makes the companions public.
 */
import { allUsers, isDesignatedGM } from "../../foundry";
import { attackData, cardFor, DETAIL_FLAG, detailOf, type DetailFlag } from "./chat";
import { recomputeCard, type RecomputeMessage } from "./recompute";
import { hiddenInfoLevel } from "./settings";

interface UserLike {
  id: string;
  isGM?: boolean;
}

interface Observable {
  testUserPermission?(user: unknown, level: string): boolean;
}

/** Who may read a creature's numbers: the GMs and its observers (everyone when the GM shows everything). */
export function detailRecipients(actor: unknown): string[] {
  if (hiddenInfoLevel() === "everything") return [];
  return allUsers<UserLike>().filter((u) => u.isGM || (actor as Observable | null)?.testUserPermission?.(u, "OBSERVER") === true).map((u) => u.id);
}

function companions(cardId: string): Set<string> {
  const done = new Set<string>();
  for (const message of (game.messages?.contents ?? []) as unknown as { flags?: Record<string, unknown> }[]) {
    const flag = detailOf(message);
    if (flag?.card === cardId) done.add(`${flag.part}:${flag.key}`);
  }
  return done;
}

/** Creates the companions a card still lacks (the designated GM; after a redirect, the new row's). */
export async function postDetails(message: RecomputeMessage & { id: string | null }): Promise<number> {
  if (!message.id || !attackData(message)) return 0;
  const recomputed = recomputeCard(message);
  if (!recomputed.ok) return 0;
  const done = companions(message.id);
  const create: { flag: DetailFlag; whisper: string[] }[] = [];
  for (const row of recomputed.rows) {
    if (!done.has(`row:${row.key}`)) create.push({ flag: { card: message.id, key: row.key, part: "row", detail: row.detail }, whisper: detailRecipients(row.actor) });
    if (row.retaliation && !done.has(`spikes:${row.key}`)) {
      create.push({ flag: { card: message.id, key: row.key, part: "spikes", detail: row.retaliation.detail }, whisper: detailRecipients(recomputed.attacker) });
    }
  }
  if (!create.length) return 0;
  await ChatMessage.implementation.create(create.map(({ flag, whisper }) => ({
    content: "", whisper, flags: { clockwork: { [DETAIL_FLAG]: flag } },
  })) as never);
  return create.length;
}

/** A companion's card, rendered again once the details arrive. */
function rerenderCard(cardId: string): void {
  const card = game.messages?.get(cardId);
  const chat = (globalThis as { ui?: { chat?: { updateMessage?(message: unknown): unknown } } }).ui?.chat;
  if (card && chat?.updateMessage) void Promise.resolve(chat.updateMessage(card)).catch(() => undefined);
}

/** Hooks: the designated GM posts companions; a companion hides itself and re-renders its card. */
export function registerAttackDetails(on: (name: string, fn: (...args: never[]) => unknown) => unknown): void {
  // One card's companions are posted one batch at a time (its create and a quick update race).
  const queues = new Map<string, Promise<unknown>>();
  const post = (message: RecomputeMessage & { id: string | null }) => {
    if (!isDesignatedGM() || !message.id || !attackData(message)) return;
    const id = message.id;
    const run = (queues.get(id) ?? Promise.resolve()).then(() => postDetails(message))
      .catch((error: unknown) => console.error("ClockWork | could not post an attack card's details", error));
    queues.set(id, run);
    void run.finally(() => { if (queues.get(id) === run) queues.delete(id); });
  };
  on("createChatMessage", (message: RecomputeMessage & { id: string | null }) => {
    const flag = detailOf(message);
    if (flag) rerenderCard(flag.card);
    else post(message);
  });
  on("updateChatMessage", (message: RecomputeMessage & { id: string | null }) => post(message));
  on("renderChatMessageHTML", (message: { flags?: Record<string, unknown> }, html: HTMLElement) => {
    if (detailOf(message)) {
      html.hidden = true;
      html.style.display = "none";
    }
  });
}

export { cardFor };
