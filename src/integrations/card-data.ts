/**
 * Module-facing card data on the page: every ClockWork card whose message names an item
 * (`flags.clockwork.itemUuid`, src/dice/message-flags.ts) carries `data-item-id` (and
 * `data-item-uuid`) on its message element and on the card itself, as modules that look for
 * the item behind a card expect. The roll, attack and cast hooks redraw the card for each
 * viewer, some after a template loads, so the card is marked again whenever it is replaced.
 */
import { hooks } from "../foundry";

interface MessageLike {
  flags?: { clockwork?: { itemUuid?: unknown } };
}

/** The id at the end of a UUID ("Actor.a.Item.b" → "b"). */
function idOf(uuid: string): string {
  return uuid.split(".").at(-1) ?? "";
}

function mark(element: HTMLElement, uuid: string): void {
  element.dataset.itemId = idOf(uuid);
  element.dataset.itemUuid = uuid;
}

/** `renderChatMessageHTML`: marks the message element and its ClockWork card. */
export function markCardItem(message: MessageLike | null | undefined, html: HTMLElement | null | undefined): void {
  const uuid = message?.flags?.clockwork?.itemUuid;
  if (typeof uuid !== "string" || !uuid || !html?.querySelectorAll) return;
  mark(html, uuid);
  const markCards = () => {
    for (const card of html.querySelectorAll<HTMLElement>(".cw-card")) if (card.dataset.itemUuid !== uuid) mark(card, uuid);
  };
  markCards();
  const content = html.querySelector(".message-content") ?? html;
  if (typeof MutationObserver === "function") new MutationObserver(markCards).observe(content, { childList: true, subtree: true });
}

/** Registers the render hook (during `init`). */
export function registerCardData(): void {
  hooks().on("renderChatMessageHTML", ((message: MessageLike, html: HTMLElement) => markCardItem(message, html)) as never);
}
