/**
 * The parts of Foundry's interface around the system that the host page shows: a toolbar
 * (who you are, switch user, open an actor, reset), the sidebar's compendium list (drag an
 * entry onto a sheet) and chat log, and notifications. Plain DOM: none of it is system code.
 */
import { renderChatMessage, type ChatMessageLike } from "./chat";

export interface HostUser {
  id: string;
  name: string;
  isGM: boolean;
}

export interface HostActor {
  id: string;
  name: string;
  visible: boolean;
  sheet: { render(options: object): Promise<unknown> } | null;
}

export interface IndexEntry {
  _id: string;
  uuid: string;
  name: string;
  img?: string;
  type?: string;
}

export interface HostPack {
  collection: string;
  documentName: string;
  title: string;
  getIndex(): Promise<Iterable<IndexEntry>>;
}

export function renderToolbar(users: HostUser[], current: HostUser, actors: HostActor[], onReset: () => void): HTMLElement {
  const bar = document.createElement("nav");
  bar.id = "world-toolbar";
  const who = document.createElement("span");
  who.textContent = `${current.name}${current.isGM ? " (GM)" : ""}`;
  who.className = "who";
  bar.append(who);
  for (const user of users) {
    const link = document.createElement("a");
    const params = new URLSearchParams(location.search);
    params.set("user", user.name);
    link.href = `?${params}`;
    link.textContent = user.name;
    link.dataset.user = user.name;
    if (user.id === current.id) link.className = "current";
    bar.append(link);
  }
  const actorsBox = document.createElement("span");
  actorsBox.className = "actors";
  for (const actor of actors.filter((a) => a.visible)) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = actor.name;
    button.dataset.actorId = actor.id;
    button.addEventListener("click", () => void actor.sheet?.render({ force: true }));
    actorsBox.append(button);
  }
  const spacer = document.createElement("span");
  spacer.className = "spacer";
  const reset = document.createElement("button");
  reset.type = "button";
  reset.textContent = "Reset world";
  reset.style.width = "auto";
  reset.dataset.worldReset = "";
  reset.addEventListener("click", onReset);
  bar.append(actorsBox, spacer, reset);
  return bar;
}

export async function renderCompendium(packs: HostPack[]): Promise<HTMLElement> {
  const section = document.createElement("section");
  section.id = "compendium";
  section.innerHTML = `<h2>Compendium</h2>`;
  for (const pack of packs) {
    const details = document.createElement("details");
    details.dataset.pack = pack.collection;
    const summary = document.createElement("summary");
    summary.textContent = pack.title;
    const list = document.createElement("ul");
    for (const entry of await pack.getIndex()) {
      const li = document.createElement("li");
      li.draggable = true;
      li.dataset.uuid = entry.uuid;
      li.dataset.name = entry.name;
      li.innerHTML = `<img alt="" src="/${entry.img ?? "icons/svg/item-bag.svg"}"><span></span>`;
      (li.querySelector("span") as HTMLElement).textContent = entry.name;
      // Core's compendium directory puts `{type, uuid}` in the drag data (Document#toDragData).
      li.addEventListener("dragstart", (event) => {
        event.dataTransfer?.setData("text/plain", JSON.stringify({ type: pack.documentName, uuid: entry.uuid }));
      });
      list.append(li);
    }
    details.append(summary, list);
    section.append(details);
  }
  return section;
}

export function renderChatLog(messages: Iterable<ChatMessageLike>): HTMLElement {
  const log = document.createElement("ol");
  log.id = "chat-log";
  for (const message of messages) void appendMessage(log, message);
  return log;
}

export async function appendMessage(log: HTMLElement, message: ChatMessageLike): Promise<void> {
  const li = await renderChatMessage(message);
  if (!li) return;
  log.append(li);
  li.scrollIntoView?.({ block: "end" });
}

export function showNotification(type: string, message: string): void {
  let list = document.getElementById("notifications");
  if (!list) {
    list = document.createElement("ol");
    list.id = "notifications";
    document.body.append(list);
  }
  const li = document.createElement("li");
  li.className = `notification ${type === "warn" ? "warning" : type}`;
  li.textContent = message;
  list.append(li);
  setTimeout(() => li.remove(), 8000);
}
