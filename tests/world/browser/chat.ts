/**
 * The chat log. A message is drawn by the world's `ChatMessage#renderHTML` (modelled on Foundry
 * v13 `client/documents/chat-message.mjs`: a `<li class="chat-message">` with a header and
 * `.message-content`, then the `renderChatMessageHTML` hook, where the system redacts and wires
 * its buttons). The fallback below does the same for a message without `renderHTML`.
 * Not modelled: whisper/blind headers, roll tooltips, message deletion controls, chat commands.
 */
import { h } from "./ui";

export interface ChatMessageLike {
  id: string | null;
  content: string;
  visible?: boolean;
  timestamp?: number;
  speaker?: { alias?: string | null };
  renderHTML?(): Promise<HTMLElement>;
}

interface HooksLike {
  callAll(name: string, ...args: unknown[]): boolean;
}

export async function renderChatMessage(message: ChatMessageLike): Promise<HTMLElement | null> {
  if (message.visible === false) return null;
  if (typeof message.renderHTML === "function") return message.renderHTML();
  const li = document.createElement("li");
  li.className = "chat-message message flexcol";
  li.dataset.messageId = message.id ?? "";
  const time = message.timestamp ? new Date(message.timestamp).toLocaleTimeString() : "";
  li.innerHTML = `<header class="message-header"><h4 class="message-sender"></h4><time class="message-timestamp">${time}</time></header><div class="message-content"></div>`;
  (li.querySelector(".message-sender") as HTMLElement).textContent = message.speaker?.alias ?? "";
  (li.querySelector(".message-content") as HTMLElement).innerHTML = message.content;
  (globalThis as unknown as { Hooks: HooksLike }).Hooks.callAll("renderChatMessageHTML", message, li, { message });
  return li;
}

export function renderChatLog(messages: Iterable<ChatMessageLike>): HTMLElement {
  const log = h("ol", { id: "chat-log", "aria-label": "Chat log" });
  for (const message of messages) void appendMessage(log, message);
  return log;
}

/** Messages render asynchronously; this keeps them in the order they were posted. */
const pending = new WeakMap<HTMLElement, Promise<void>>();

export function appendMessage(log: HTMLElement, message: ChatMessageLike): Promise<void> {
  const previous = pending.get(log) ?? Promise.resolve();
  const next = previous.then(async () => {
    const li = await renderChatMessage(message);
    if (!li) return;
    log.append(li);
    li.scrollIntoView?.({ block: "end" });
  }).catch((error: unknown) => console.error(error));
  pending.set(log, next);
  return next;
}

/** An updated message (an attack card applied or undone) is drawn again in place. */
export async function replaceMessage(log: HTMLElement, message: ChatMessageLike): Promise<void> {
  await pending.get(log);
  const old = log.querySelector(`[data-message-id="${CSS.escape(message.id ?? "")}"]`);
  const li = await renderChatMessage(message);
  if (old && li) old.replaceWith(li);
  else if (old) old.remove();
  else if (li) log.append(li);
}

export function removeMessage(log: HTMLElement, id: string | null): void {
  log.querySelector(`[data-message-id="${CSS.escape(id ?? "")}"]`)?.remove();
}

/** The message box under the log: Enter posts what was typed as this user's plain message. */
export function renderChatForm(post: (text: string) => Promise<unknown>): HTMLElement {
  const input = h("textarea", { id: "chat-message", name: "content", rows: "2", placeholder: "Type a message, Enter to send", "aria-label": "Chat message" });
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.shiftKey) return;
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    void post(text);
  });
  return h("form", { id: "chat-form", onsubmit: (event: Event) => event.preventDefault() }, input);
}
