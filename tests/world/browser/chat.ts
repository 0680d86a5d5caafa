/**
 * A chat message as the chat log shows it. Modelled on Foundry v13
 * `client/documents/chat-message.mjs` `renderHTML`: a `<li class="chat-message">` with a
 * header (speaker, time) and `.message-content` holding the message content, shown only when
 * the message is visible to this user; then the `renderChatMessageHTML` hook runs with the
 * message, the element and its data, where the system redacts and wires its buttons.
 * Not modelled: whisper/blind headers, roll tooltips, message deletion controls.
 */
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
