/**
 * The browser host: boots the test world in this page as ONE client (the user named by
 * `?user=`, default the GM), with the system's real source, CSS, templates and packs, and
 * shows its windows, the compendium and the chat log. The same world code as the node tests:
 * only the resolver (fixed, one client) and the loaders (Vite modules, fetch) differ.
 *
 * Query parameters: `user` (name or id), `theme` (light | dark), `fresh` (ignore the saved
 * state and start from the seed). State: the server's snapshot (world.save()) in localStorage,
 * written after every change this client makes, so a second page (another user) opening later
 * sees it. Nothing leaves the machine.
 */
import "./frame.css";
import manifest from "../../../system.json";
import translations from "../../../lang/en.json";
import packs from "virtual:clockwork-packs";
import { configureApplications } from "../applications";
import { setDefaultScope } from "../context";
import { installGlobals } from "../globals";
import { DEFAULT_USERS, World, type WorldSnapshot } from "../world";
import type { WorldClient } from "../client";
import type { PlainObject } from "../utils";
import { seedActors } from "./seed";
import { appendMessage, renderChatLog, renderCompendium, renderToolbar, showNotification, type HostActor, type HostPack, type HostUser } from "./ui";
import type { ChatMessageLike } from "./chat";

export const STORAGE_KEY = "clockwork-world";

const DOCUMENT_NAMES = ["Actor", "Item", "ChatMessage", "Combat", "Combatant", "Scene", "Setting", "User", "JournalEntry"];

interface HostHandle {
  ready: boolean;
  error?: string;
  world: World;
  client: WorldClient;
  /** Run code in this page's client (globals are already this client's outside it). */
  run<T>(fn: () => T): T;
  /** Write the server's state to localStorage now. */
  persist(): void;
  /** Forget the saved state (the next load starts from the seed). */
  reset(): void;
  settle(): Promise<void>;
}

declare global {
  interface Window {
    clockworkWorld?: HostHandle;
  }
}

function loadSnapshot(fresh: boolean): WorldSnapshot | undefined {
  if (fresh) return undefined;
  const json = localStorage.getItem(STORAGE_KEY);
  return json ? (JSON.parse(json) as WorldSnapshot) : undefined;
}

/** The system's stylesheets as system.json lists them, linked like Foundry links them. */
function linkStyles(): void {
  for (const path of (manifest as { styles?: string[] }).styles ?? []) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `/systems/${manifest.id}/${path}`;
    document.head.append(link);
  }
}

async function boot(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const theme = params.get("theme") === "light" ? "light" : "dark";
  document.body.classList.add(`theme-${theme}`);
  linkStyles();

  installGlobals();
  configureApplications({ root: () => document.body });
  const snapshot = loadSnapshot(params.has("fresh"));
  const world = await World.create({
    users: DEFAULT_USERS,
    packs,
    system: { id: manifest.id, title: manifest.title, version: manifest.version, documentTypes: manifest.documentTypes as Record<string, PlainObject> },
    translations: translations as PlainObject,
    entry: () => import("../../../src/clockwork"),
    snapshot,
  });
  if (!snapshot) {
    const alice = world.player("Alice").userId;
    const bob = world.player("Bob").userId;
    await world.seed("Actor", seedActors({ alice, bob }) as PlainObject[]);
  }

  // One client per page: this user's; the others are offline here (they have their own pages).
  const wanted = params.get("user") ?? world.gm.user.name;
  const client = world.player(wanted);
  for (const other of world.clients) if (other !== client) other.disconnect();
  setDefaultScope(client);

  const persist = () => localStorage.setItem(STORAGE_KEY, JSON.stringify(world.save()));
  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    setTimeout(() => { pending = false; persist(); }, 0);
  };
  for (const name of DOCUMENT_NAMES) for (const action of ["create", "update", "delete"]) client.Hooks.on(`${action}${name}`, schedule);
  persist();

  // Notifications: recorded by the world, shown as toasts here.
  const notifications = client.ui.notifications as unknown as Record<string, (message: unknown, options?: PlainObject) => { type: string; message: string }>;
  for (const type of ["info", "warn", "error"]) {
    const original = notifications[type];
    notifications[type] = (message, options) => {
      const shown = original(message, options);
      showNotification(shown.type, shown.message);
      return shown;
    };
  }

  const game = client.game as unknown as {
    users: Iterable<HostUser>;
    user: HostUser;
    actors: { contents: (HostActor & { testUserPermission(user: unknown, level: string): boolean })[] };
    packs: Iterable<HostPack>;
    messages: { contents: ChatMessageLike[] };
  };
  const actors = game.actors.contents.map((a) => ({ id: a.id, name: a.name, sheet: a.sheet, visible: a.testUserPermission(game.user, "LIMITED") }));
  const reset = () => {
    localStorage.removeItem(STORAGE_KEY);
    location.search = `?user=${encodeURIComponent(client.user.name)}&theme=${theme}&fresh=1`;
  };
  document.body.prepend(renderToolbar([...game.users], game.user, actors, reset));
  const sidebar = document.getElementById("sidebar") as HTMLElement;
  sidebar.append(await renderCompendium([...game.packs]));
  const chatTitle = document.createElement("h2");
  chatTitle.textContent = "Chat";
  const log = renderChatLog(game.messages.contents);
  sidebar.append(chatTitle, log);
  client.Hooks.on("createChatMessage", (message: unknown) => void appendMessage(log, message as ChatMessageLike));

  window.clockworkWorld = {
    ready: true,
    world,
    client,
    run: (fn) => client.run(fn),
    persist,
    reset: () => localStorage.removeItem(STORAGE_KEY),
    settle: () => world.settle(),
  };
}

boot().catch((error: unknown) => {
  console.error(error);
  window.clockworkWorld = { ready: false, error: String((error as Error)?.stack ?? error) } as HostHandle;
  document.body.insertAdjacentHTML("beforeend", `<pre id="boot-error" style="color:#f66;white-space:pre-wrap"></pre>`);
  (document.getElementById("boot-error") as HTMLElement).textContent = String((error as Error)?.stack ?? error);
});
