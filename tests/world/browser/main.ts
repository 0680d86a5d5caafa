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
import { setDefaultScope, setScopeResolver, type ScopeResolver } from "../context";
import type { Scope } from "../scope";
import { installGlobals } from "../globals";
import { DEFAULT_USERS, World, type WorldSnapshot } from "../world";
import { WorldClient } from "../client";
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

/**
 * `world.seed`, cleaned by this page's client: the GM's client is not booted in a player's page.
 * Server-side, no permission checks, broadcast as the GM's create.
 */
async function seed(world: World, client: WorldClient): Promise<void> {
  const sources = seedActors({ alice: world.player("Alice").userId, bob: world.player("Bob").userId });
  const cls = (client.CONFIG as Record<string, { documentClass: new (data: PlainObject, context: PlainObject) => { toObject(): PlainObject } }>).Actor.documentClass;
  const cleaned = client.run(() => sources.map((source) => new cls(structuredClone(source) as PlainObject, { host: client }).toObject()));
  world.server.seed("Actor", cleaned, { userId: world.gm.userId });
  await world.settle();
}

/**
 * Workaround until the world lets a snapshot load choose who connects (requests-apps.md #7):
 * while the world is created, only the page's user may join, so only that client boots.
 */
async function onlyJoining<T>(snapshot: WorldSnapshot | undefined, wanted: string, create: () => Promise<T>): Promise<T> {
  const pageUser = snapshot?.users.find((u) => u.name === wanted || u._id === wanted)?._id;
  if (!pageUser) return create();
  const join = Object.getOwnPropertyDescriptor(WorldClient.prototype, "join")?.value as (this: WorldClient) => void;
  WorldClient.prototype.join = function joinIfPageUser(this: WorldClient): void {
    if (this.userId === pageUser) join.call(this);
  };
  try {
    return await create();
  } finally {
    WorldClient.prototype.join = join;
  }
}

/**
 * The page's resolver. A browser has no async context tracking, so a scope set by `run` would be
 * lost after the first `await` of the code it runs. One client lives in this page, so the last
 * client that ran stays current ("sticky") until the page's client is fixed after boot.
 */
function pageResolver(): ScopeResolver & { fix(scope: Scope): void } {
  let active: Scope | undefined;
  let sticky: Scope | undefined;
  return {
    current: () => active ?? sticky,
    run<T>(scope: Scope, fn: () => T): T {
      const previous = active;
      active = scope;
      if (scope.kind === "client") sticky = scope;
      try {
        return fn();
      } finally {
        active = previous;
      }
    },
    fix(scope) {
      sticky = scope;
    },
  };
}

async function boot(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const theme = params.get("theme") === "light" ? "light" : "dark";
  document.body.classList.add(`theme-${theme}`);
  linkStyles();

  installGlobals();
  const resolver = pageResolver();
  setScopeResolver(resolver);
  configureApplications({ root: () => document.body });
  const snapshot = loadSnapshot(params.has("fresh"));
  const wanted = params.get("user") ?? "Gamemaster";
  const world = await onlyJoining(snapshot, wanted, () => World.create({
    // Only this page's user connects (and boots); the others are offline users here.
    users: DEFAULT_USERS.map((user) => ({ ...user, active: user.name === wanted })),
    packs,
    system: { id: manifest.id, title: manifest.title, version: manifest.version, documentTypes: manifest.documentTypes as Record<string, PlainObject> },
    translations: translations as PlainObject,
    entry: () => import("../../../src/clockwork"),
    snapshot,
  }));
  // One client per page: this user's; the others are offline here (they have their own pages).
  const client = world.player(wanted);
  for (const other of world.clients) if (other !== client && other.connected) other.disconnect();
  resolver.fix(client);
  setDefaultScope(client);
  if (!snapshot) await seed(world, client);

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
