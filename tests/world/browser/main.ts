/**
 * The browser host: boots the test world in this page as ONE client (the user named by
 * `?user=`, default the GM), with the system's real code, CSS, templates and packs, and draws
 * Foundry's interface around it: toolbar, players list, sidebar (Actors, Combat, Compendium,
 * chat log) and the windows. The same world code as the node tests: only the resolver (fixed,
 * one client) and the loaders (Vite modules, fetch) differ. Used by the e2e tests (sources,
 * fixture actors) and the playground (built system, starter kit actors); see vite.config.ts.
 *
 * The world is the dev server's (tests/world/hub.ts): every tab open at the address is one
 * client of it, over a WebSocket, through the remote proxy (tests/world/remote.ts). Writes,
 * queries and presence travel between tabs at once; a tab that closes is its user going
 * offline; the server keeps the world (in a file for the playground), so a reload loses
 * nothing. Query parameters: `user` (name or id), `theme` (light | dark), `fresh` (start the
 * shared world again from the seed: every open tab reloads). Nothing leaves the machine.
 */
import "./frame.css";
import { host, manifest, translations } from "virtual:clockwork-host";
import loaded from "virtual:clockwork-packs";
import { configureApplications, TextEditor } from "../applications";
import { presentation, type WorldDocument } from "../documents/document";
import { setDefaultScope, setScopeResolver, type ScopeResolver } from "../context";
import type { Scope } from "../scope";
import { installGlobals } from "../globals";
import { World } from "../world";
import type { WorldClient } from "../client";
import { hello, LOST, RemoteServer } from "../remote";
import { Channel, WORLD_SOCKET_PATH } from "../wire";
import type { PlainObject } from "../utils";
import { sceneSource, seedActors, starterActors } from "./seed";
import { installRulerBase, PlaygroundMap, type MapScene, type MapSystem, type MapToken } from "./map";
import { clickStage, type Stage } from "../canvas/stage";
import { addressFor, h, renderPlayers, renderToolbar, showNotification, type HostActor, type HostPack, type HostUser, type IndexEntry, type Theme } from "./ui";
import { appendMessage, removeMessage, renderChatForm, renderChatLog, replaceMessage, type ChatMessageLike } from "./chat";
import { renderActorDirectory, renderCompendiumDirectory, renderSidebar, type SidebarTab } from "./sidebar";
import { attachTrackerMenus, CORE_COMBAT_STRINGS, renderCombatTracker, type CombatantLike, type CombatLike } from "./combat-tracker";
import { isUnlinked, tokenForCombat } from "./combat-tokens";
import { journalSheet, JournalViewer, type JournalLike } from "./journal";
import type { HostModule, HostPackSource } from "./vite.config";
import { cascadeNewWindows, enableWindowDragging } from "./windows";
import { renderHotbar, type HotbarUser } from "./hotbar";

/** Where the world was kept before it moved to the server (cleared: it can be megabytes). */
const OLD_STORAGE_KEY = "clockwork-world";
const THEME_KEY = "clockwork-playground-theme";
const MAP_KEY = "clockwork-playground-map";
const PLAYGROUND = host.seed === "starter";

interface HostHandle {
  ready: boolean;
  error?: string;
  world: World;
  client: WorldClient;
  /** The page's proxy of the shared world (its `sources` mirror the server's). */
  remote: RemoteServer;
  /** The connection to the server ended (the page says so; nothing is saved until a reload). */
  lost: boolean;
  /** How this page serves the system ("source" or "built") and where its packs came from. */
  system: { mode: "source" | "built"; packs: "compiled" | "yaml"; warnings: string[]; modules: string[] };
  /** Run code in this page's client (globals are already this client's outside it). */
  run<T>(fn: () => T): T;
  /** Ask the server to write its state file now. */
  persist(): Promise<void>;
  /** Start the shared world again from the seed (every open tab reloads). */
  reset(): void;
  settle(): Promise<void>;
}

declare global {
  interface Window {
    clockworkWorld?: HostHandle;
  }
}

/** The world objects the page reads, typed as far as it reads them. */
interface PageGame {
  users: Iterable<HostUser> & { contents: HostUser[] };
  user: HostUser;
  actors: { contents: HostActor[]; get(id: string): HostActor | undefined };
  packs: Iterable<HostPack>;
  messages: { contents: ChatMessageLike[] };
  combats: { viewed: CombatLike | null };
  scenes: { active: PlaygroundScene | null };
  i18n: { localize(key: string): string };
}

interface PlaygroundScene {
  id: string;
  tokens?: { contents: { id: string; actorId: string | null }[] };
  createEmbeddedDocuments(name: "Token", data: object[]): Promise<{ id: string }[]>;
}

/** The tab's connection to the shared world: a WebSocket on the page's own address. */
function openChannel(): Promise<Channel> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${WORLD_SOCKET_PATH}`);
    const channel = new Channel((text) => socket.send(text), () => socket.close());
    socket.onmessage = (event) => channel.deliver(String(event.data));
    socket.onclose = () => channel.ended();
    socket.onopen = () => resolve(channel);
    socket.onerror = () => reject(new Error("The playground server's world could not be reached"));
  });
}

/** The system's stylesheets as system.json lists them, linked like Foundry links them. */
function linkStyles(): void {
  for (const path of manifest.styles ?? []) {
    document.head.append(h("link", { rel: "stylesheet", href: `/systems/${manifest.id}/${path}` }));
  }
}

/** The system's entry module: the sources through Vite, or the built bundle where Foundry would load it. */
function systemEntry(): () => Promise<unknown> {
  if (host.system === "source") return () => import("../../../src/clockwork");
  const url = `/systems/${manifest.id}/${manifest.esmodules?.[0] ?? "clockwork.mjs"}`;
  // Marks around the import (fetch, parse, compile, evaluate): scripts/bench-browser.mjs reads them.
  return async () => {
    performance.mark("clockwork:import:start");
    const module: unknown = await import(/* @vite-ignore */ url);
    performance.measure("clockwork:import", "clockwork:import:start");
    return module;
  };
}

/**
 * Fills an empty shared world (the server asks the first tab to): `world.seed`, cleaned by this
 * page's client. Server-side, no permission checks, broadcast to every tab as the GM's create.
 */
async function seed(world: World, client: WorldClient, remote: RemoteServer): Promise<void> {
  const users = { alice: world.player("Alice").userId, bob: world.player("Bob").userId };
  const sources = (PLAYGROUND ? starterActors(loaded.packs, users) : null) ?? seedActors(users);
  const cls = (client.CONFIG as Record<string, { documentClass: new (data: PlainObject, context: PlainObject) => { toObject(): PlainObject } }>).Actor.documentClass;
  const cleaned = client.run(() => sources.map((source) => new cls(structuredClone(source) as PlainObject, { host: client }).toObject()));
  await remote.seedRemote("Actor", cleaned, { userId: world.gm.userId });
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

function initialTheme(params: URLSearchParams): Theme {
  const asked = params.get("theme") ?? localStorage.getItem(THEME_KEY);
  return asked === "light" ? "light" : "dark";
}

function setTheme(theme: Theme): void {
  document.body.classList.toggle("theme-dark", theme === "dark");
  document.body.classList.toggle("theme-light", theme === "light");
  localStorage.setItem(THEME_KEY, theme);
}

async function boot(): Promise<void> {
  const params = new URLSearchParams(location.search);
  let theme = initialTheme(params);
  setTheme(theme);
  linkStyles();
  document.title = PLAYGROUND ? `${manifest.title} playground` : `${manifest.title} test world`;

  installGlobals();
  // The system registers its token ruler over core's base class: the map draws with it.
  installRulerBase((globalThis as unknown as { foundry: Record<string, unknown> }).foundry);
  const resolver = pageResolver();
  setScopeResolver(resolver);
  configureApplications({ root: () => document.body });
  // Core's journal sheet is not the system's: the host's reader stands in as a journal's sheet,
  // so a content link to a journal or its page (`_onClickDocumentLink`) opens there.
  const sheetFor = presentation.sheet;
  presentation.sheet = (doc: WorldDocument) => (doc.documentName === "JournalEntry" ? journalSheet(doc as unknown as JournalLike) : sheetFor(doc));
  // Core's listener for content links (client/applications/ux/text-editor.mjs `activateListeners`).
  TextEditor.activateListeners();
  localStorage.removeItem(OLD_STORAGE_KEY);
  const wanted = params.get("user") ?? "Gamemaster";
  const channel = await openChannel();
  const welcome = await hello(channel, wanted, { fresh: params.has("fresh") });
  // A reload after a reset must not reset again.
  if (params.has("fresh")) history.replaceState(null, "", addressFor({}));
  let lost = false;
  let remote: RemoteServer | undefined;
  const world = await World.create({
    profile: welcome.snapshot.profile,
    snapshot: welcome.snapshot,
    // Only this page's user connects (and boots); the others are users of other tabs, or offline.
    connect: [welcome.userId],
    packs: loaded.packs,
    // Setting modules (the playground's --module): installed and active, their packs and strings loaded.
    modules: loaded.modules.map((m: HostModule) => ({ manifest: m.manifest, lang: m.lang, packs: Object.fromEntries(m.packs.map((p: HostPackSource) => [p.name, p.documents])) })),
    system: { id: manifest.id, title: manifest.title, version: manifest.version, documentTypes: manifest.documentTypes as Record<string, PlainObject> },
    // Core's own strings come first in Foundry (its lang file, then the system's); the page has the few its tracker menu shows.
    translations: { COMBAT: CORE_COMBAT_STRINGS, ...(translations as PlainObject) },
    entry: systemEntry(),
    server: (tracker, rules) => {
      remote = new RemoteServer(tracker, rules, channel, welcome);
      // Another tab reset the world: start again from it.
      remote.onReset = () => location.replace(addressFor({ user: wanted }));
      remote.onLost = () => {
        lost = true;
        if (window.clockworkWorld) window.clockworkWorld.lost = true;
        showNotification("error", LOST);
      };
      return remote;
    },
  });
  const server = remote as RemoteServer;
  const client = world.player(welcome.userId);
  resolver.fix(client);
  setDefaultScope(client);
  if (welcome.seed) await seed(world, client, server);
  // The playground's map: the GM's tab draws the scene once (tokens for the starter kit, walls).
  const sceneClass = (client.CONFIG as unknown as Record<string, { documentClass: { create(d: object): Promise<unknown> } }>).Scene.documentClass;
  const pageGame = client.game as unknown as PageGame;
  if (PLAYGROUND && pageGame.user.isGM && !pageGame.scenes.active) {
    await client.run(() => sceneClass.create(sceneSource(pageGame.actors.contents.map((a) => ({ _id: a.id, name: a.name, type: a.type })))));
  }

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

  const game = client.game as unknown as PageGame;
  const Hooks = client.Hooks as unknown as { on(name: string, fn: (...args: never[]) => unknown): number };
  const user = game.user;
  const users = game.users.contents;

  // Opening documents: sheets for actors and items, the reader for journals.
  const fromUuid = (globalThis as unknown as { fromUuid(uuid: string): Promise<unknown> }).fromUuid;
  const openUuid = async (uuid: string): Promise<void> => {
    const page = /\.JournalEntryPage\.([^.]+)$/.exec(uuid);
    const doc = await fromUuid(page ? uuid.slice(0, page.index) : uuid) as { documentName?: string; sheet?: { render(o: object): Promise<unknown> } } | null;
    if (!doc) return void client.ui.notifications.warn(`Nothing found at ${uuid}`);
    if (doc.documentName === "JournalEntry") await JournalViewer.show(doc as unknown as JournalLike, page?.[1] ?? null);
    else await doc.sheet?.render({ force: true });
  };

  // Frame: toolbar, board, players, sidebar.
  const party = () => game.actors.contents.filter((a) => a.hasPlayerOwner && a.testUserPermission(user, "OBSERVER") && a.type === "character");
  const reset = async () => {
    const DialogV2 = (globalThis as unknown as { foundry: { applications: { api: { DialogV2: { confirm(o: object): Promise<unknown> } } } } }).foundry.applications.api.DialogV2;
    const yes = await DialogV2.confirm({
      window: { title: "Reset the world" },
      content: "<p>Forget every change to this world, for every open tab, and start again from the starter world?</p>",
      rejectClose: false, modal: true,
    });
    // Every open tab (this one too) reloads into the new world.
    if (yes === true) server.resetWorld();
  };
  const title = PLAYGROUND ? `${manifest.title} \u00B7 Playground` : `${manifest.title} \u00B7 test world`;
  let toolbar: HTMLElement;
  // The map or the board's guide (the toolbar's Map button; remembered).
  let mapShown = PLAYGROUND && localStorage.getItem(MAP_KEY) !== "hidden";
  const showMap = (shown: boolean) => {
    mapShown = shown;
    localStorage.setItem(MAP_KEY, shown ? "shown" : "hidden");
    document.getElementById("board")?.classList.toggle("with-map", shown);
    drawToolbar();
  };
  const drawToolbar = () => {
    const next = renderToolbar({
      title, users, current: user, party: party(), theme,
      map: PLAYGROUND ? { shown: mapShown, toggle: () => showMap(!mapShown) } : undefined,
      onTheme: (t) => { theme = t; setTheme(t); drawToolbar(); },
      onReset: () => void reset(),
    });
    if (toolbar) toolbar.replaceWith(next);
    else document.body.prepend(next);
    toolbar = next;
  };
  drawToolbar();
  let players = renderPlayers(users, user);
  document.body.append(renderBoard(user, loaded.warnings, openUuid), players);
  document.getElementById("board")?.classList.toggle("with-map", mapShown);
  // A player with no character takes the one character he owns, as in core's User Configuration,
  // so a hotbar macro acts for it when no token is selected (the map does not select tokens).
  const self = game.user as unknown as { isGM: boolean; character?: unknown; update(c: object): Promise<unknown> };
  const own = game.actors.contents.filter((a) => a.type === "character" && a.testUserPermission(user, "OWNER"));
  if (PLAYGROUND && !self.isGM && !self.character && own.length === 1) await self.update({ character: own[0].id }).catch((error: unknown) => console.error(error));
  // The playground's own macro bar (hotbar.ts; not Foundry's): page 1 of this user's hotbar.
  const hotbarUser = () => game.user as unknown as HotbarUser;
  const worldHotbar = (client.ui as unknown as { hotbar: { drop(data: object, slot: number): Promise<unknown> } }).hotbar;
  let hotbar: HTMLElement | null = PLAYGROUND ? renderHotbar(hotbarUser(), { drop: (data, slot) => client.run(() => worldHotbar.drop(data, slot)) }) : null;
  if (hotbar) document.body.append(hotbar);
  const drawHotbar = () => {
    if (!hotbar) return;
    const next = renderHotbar(hotbarUser(), { drop: (data, slot) => client.run(() => worldHotbar.drop(data, slot)) });
    hotbar.replaceWith(next);
    hotbar = next;
  };
  for (const action of ["create", "update", "delete"]) client.Hooks.on(`${action}Macro`, drawHotbar);
  client.Hooks.on("updateUser", ((changed: { id?: string }) => { if (changed.id === game.user.id) drawHotbar(); }) as never);
  // Another tab opened or closed: that user is connected or not, as core's players list shows.
  client.Hooks.on("userConnected", () => {
    const next = renderPlayers(users, user);
    players.replaceWith(next);
    players = next;
  });

  // Sidebar: Actors, Combat, Compendium above the chat log.
  const panels = {
    actors: h("section", { id: "actors", className: "sidebar-tab directory", role: "tabpanel" }),
    combat: h("section", { id: "combat", className: "sidebar-tab", role: "tabpanel" }),
    compendium: h("section", { id: "compendium", className: "sidebar-tab directory", role: "tabpanel" }),
  };
  const log = renderChatLog(game.messages.contents);
  const ChatMessage = (globalThis as unknown as { ChatMessage: { create(d: object): Promise<unknown>; getSpeaker(o?: object): object } }).ChatMessage;
  const chat = h("section", { id: "chat", "aria-label": "Chat" }, h("h2", {}, "Chat"), log,
    renderChatForm((text) => ChatMessage.create({ content: `<p>${escapeHTML(text)}</p>`, speaker: ChatMessage.getSpeaker() })));
  const savedTab = localStorage.getItem("clockwork-playground-tab") as SidebarTab | null;
  const sidebar = renderSidebar(savedTab && savedTab in panels ? savedTab : "compendium", panels, chat);
  (document.getElementById("sidebar") as HTMLElement).append(sidebar.element);

  const combat = () => game.combats.viewed;
  const documentClass = <T>(name: string) => (client.CONFIG as unknown as Record<string, { documentClass: { create(d: object): Promise<T | undefined> } }>)[name].documentClass;
  // One scene: the playground's map (seeded with a token per actor), or a bare one in the e2e host.
  const scene = async (): Promise<PlaygroundScene | null> => game.scenes.active ?? (user.isGM ? (await documentClass<PlaygroundScene>("Scene").create({ name: "Playground", active: true })) ?? null : null);
  const createEncounter = async () => documentClass<CombatLike>("Combat").create({ active: true, scene: (await scene())?.id ?? null });
  const addActor = async (actor: HostActor) => {
    const current = combat() ?? (user.isGM ? await createEncounter() : null);
    if (!current) return void client.ui.notifications.warn("Only the Gamemaster can start an encounter.");
    const fighting = current.combatants.contents.some((c) => c.actorId === actor.id);
    // An unlinked actor (an NPC) may fight several times, each a token of its own (combat-tokens.ts).
    if (fighting && !(user.isGM && isUnlinked(actor as never))) return;
    // The actor's token on the map, or one dropped for it (tokens need the Trusted role or more, as in Foundry's defaults).
    const where = user.isGM ? await scene() : null;
    const token = where ? await tokenForCombat(where as never, actor as never, current.combatants.contents as never) : null;
    if (where && !token) return;
    const name = (token as { name?: string } | null)?.name || actor.name;
    await current.createEmbeddedDocuments("Combatant", [{ actorId: actor.id, tokenId: token?.id ?? null, sceneId: token ? where!.id : null, name, img: actor.img ?? null, hidden: false }]);
  };
  const remove = async (combatant: CombatantLike) => {
    const token = combatant.token as { delete?(): Promise<unknown> } | null;
    await combatant.delete();
    // A token placed on the playground's map stays on it; one dropped for the encounter goes.
    if (!(PLAYGROUND && map)) await token?.delete?.();
  };
  const toggleCombat = async (actor: HostActor) => {
    const current = combat();
    const existing = current?.combatants.contents.find((c) => c.actorId === actor.id);
    if (existing) await remove(existing);
    else await addActor(actor);
  };
  // Targets: what Foundry's token targeting puts in game.user.targets (here the token documents).
  const targets = (user as unknown as { targets: Set<{ id: string }> }).targets;
  const toggleTarget = (combatant: CombatantLike) => {
    const token = combatant.token;
    if (!token) return;
    const existing = [...targets].find((t) => t.id === token.id);
    if (existing) targets.delete(existing);
    else targets.add(token);
    drawCombat();
    map?.draw();
  };
  // The map (playground): the scene, its walls, areas and tokens; drag to move, click to target.
  const canvasStage = () => (globalThis as unknown as { canvas?: { stage?: Stage } }).canvas?.stage ?? null;
  const canvasGrid = () => (globalThis as unknown as { canvas?: { grid?: { getOffset(p: { x: number; y: number }): { i: number; j: number } } | null } }).canvas?.grid ?? null;
  const map: PlaygroundMap | null = PLAYGROUND ? new PlaygroundMap({
    scene: () => game.scenes.active as unknown as MapScene | null,
    combat: () => combat() as never,
    targeted: () => new Set([...targets].map((t) => t.id)),
    toggleTarget: (token: MapToken) => {
      const existing = [...targets].find((t) => t.id === token.id);
      if (existing) targets.delete(existing);
      else targets.add(token);
      drawCombat();
      map?.draw();
    },
    grid: canvasGrid,
    system: () => ((game as unknown as { clockwork?: { map?: MapSystem } }).clockwork?.map ?? null),
    // A press on the map while a dialog aims: handed to this client's canvas stage, as Foundry's board does.
    aiming: () => (canvasStage()?.listenerCount("pointerdown") ?? 0) > 0,
    pressBoard: (point, button) => {
      const stage = canvasStage();
      if (stage) clickStage(stage, point, button);
    },
  }) : null;
  if (map) {
    (document.getElementById("board") as HTMLElement).append(map.element);
    map.draw();
    (window as unknown as { clockworkMap?: PlaygroundMap }).clockworkMap = map;
  }
  // An actor dropped from a compendium into the Actors tab is imported, its source recorded (core: Actors#importFromCompendium).
  const importActor = async (data: { uuid?: string }) => {
    const doc = data.uuid ? await fromUuid(data.uuid) as { toObject(): PlainObject } | null : null;
    if (!doc) return;
    const source = doc.toObject();
    delete source._id;
    source.folder = null;
    source._stats = { ...(source._stats as PlainObject | undefined), compendiumSource: data.uuid };
    await documentClass("Actor").create(source);
  };
  const drawActors = () => renderActorDirectory(panels.actors, {
    actors: game.actors.contents, user,
    inCombat: new Set((combat()?.combatants.contents ?? []).map((c) => c.actorId ?? "")),
    toggleCombat: (actor) => void toggleCombat(actor).catch((error: unknown) => console.error(error)),
    importActor: (data) => void importActor(data).catch((error: unknown) => console.error(error)),
  });
  // Core's tracker context menus, from the system's tracker class (CONFIG.ui.combat), as core makes them on first render.
  attachTrackerMenus(panels.combat, (client.CONFIG as unknown as { ui?: { combat?: unknown } }).ui?.combat);
  function drawCombat(): void {
    renderCombatTracker(panels.combat, {
      combat: combat(), user, createEncounter, addActor, remove, toggleTarget,
      // Not on a band's row: a band grows from its members' rows (the menu's Join).
      canAddAnother: (combatant) => user.isGM && Boolean(combatant.actor && isUnlinked(combatant.actor as never)) && !(combatant as { system?: { members?: string[] } }).system?.members?.length,
      targeted: new Set([...targets].map((t) => t.id)),
      actorFromDrop: async (data) => (data.uuid ? ((await fromUuid(data.uuid)) as HostActor | null) : null),
    });
  }
  drawActors();
  drawCombat();
  await renderCompendiumDirectory(panels.compendium, {
    packs: [...game.packs], sources: [...loaded.packs, ...loaded.modules.flatMap((m: HostModule) => m.packs)],
    packFolders: (manifest as unknown as { packFolders?: [] }).packFolders, system: manifest.id,
    modules: loaded.modules.map((m: HostModule) => ({ title: m.manifest.title ?? m.manifest.id, packs: m.packs.map((p: HostPackSource) => `${m.manifest.id}.${p.name}`) })),
    open: (entry: IndexEntry) => void openUuid(entry.uuid).catch((error: unknown) => console.error(error)),
  });

  // Redraw what changed, as core's directories and tracker do.
  let drawQueued = false;
  const redraw = () => {
    if (drawQueued) return;
    drawQueued = true;
    queueMicrotask(() => { drawQueued = false; drawActors(); drawCombat(); drawToolbar(); map?.draw(); });
  };
  for (const name of ["Actor", "Combat", "Combatant", "Token", "Scene", "Wall", "MeasuredTemplate", "Region"]) for (const action of ["create", "update", "delete"]) Hooks.on(`${action}${name}`, redraw);
  Hooks.on("createChatMessage", ((message: ChatMessageLike) => void appendMessage(log, message)) as never);
  Hooks.on("updateChatMessage", ((message: ChatMessageLike) => void replaceMessage(log, message)) as never);
  Hooks.on("deleteChatMessage", ((message: ChatMessageLike) => removeMessage(log, message.id)) as never);

  enableWindowDragging();
  cascadeNewWindows(Hooks);
  for (const warning of loaded.warnings) console.warn(`ClockWork playground | ${warning}`);

  window.clockworkWorld = {
    ready: true,
    world,
    client,
    remote: server,
    lost,
    system: { mode: host.system, packs: loaded.from, warnings: loaded.warnings, modules: loaded.modules.map((m: HostModule) => m.manifest.id) },
    run: (fn) => client.run(fn),
    persist: () => server.flush(),
    reset: () => server.resetWorld(),
    settle: () => world.settle(),
  };
}

function escapeHTML(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The empty board where Foundry draws the scene: who you are, what to try, and what the page
 * could not load. The playground shows its map there instead (map.ts; the toolbar's Map button).
 */
function renderBoard(user: HostUser, warnings: string[], openUuid: (uuid: string) => Promise<void>): HTMLElement {
  const tips = user.isGM
    ? ["Open any actor from the Actors tab; drag items from the Compendium onto a sheet.",
      "Combat tab: create an encounter, add actors with \u2694, roll initiative, begin.",
      "Open this address in another tab and pick Alice there: you play together, live."]
    : ["Open your character from the toolbar or the Actors tab.",
      "Drag a weapon, spell or piece of gear from the Compendium onto your sheet, then roll.",
      "Open this address in another tab as the Gamemaster: you play together, live."];
  const guide = "Compendium.clockwork.getting-started.JournalEntry";
  const board = h("main", { id: "board", "aria-label": "Board" },
    h("div", { className: "board-note" },
      h("h1", {}, PLAYGROUND ? "ClockWork playground" : "ClockWork test world"),
      h("p", { className: "board-who" }, `You are ${user.name}${user.isGM ? ", the Gamemaster" : ", a player"}.`),
      h("ul", {}, ...tips.map((tip) => h("li", {}, tip))),
      PLAYGROUND ? h("p", { className: "board-small" }, "Not Foundry: the system's own code in a stand-in world, with a simple map instead of Foundry's canvas. Every tab at this address is one user at the same table; the world stays on this machine.") : null,
      ...warnings.map((warning) => h("p", { className: "board-warning" }, warning))));
  void (async () => {
    // The Getting Started journal, when the system ships it, one click away.
    const packs = (globalThis as unknown as { game: PageGame }).game.packs;
    const pack = [...packs].find((p) => p.collection === "clockwork.getting-started" && p.visible);
    const first = pack ? [...(await pack.getIndex())][0] : undefined;
    if (first) board.querySelector(".board-note ul")?.after(h("p", {}, h("button", { type: "button", className: "board-guide", onclick: () => void openUuid(`${guide}.${first._id}`) }, "Read Getting Started")));
  })();
  return board;
}

boot().catch((error: unknown) => {
  console.error(error);
  window.clockworkWorld = { ready: false, error: String((error as Error)?.stack ?? error) } as HostHandle;
  document.body.insertAdjacentHTML("beforeend", `<pre id="boot-error" style="color:#f66;white-space:pre-wrap"></pre>`);
  (document.getElementById("boot-error") as HTMLElement).textContent = String((error as Error)?.stack ?? error);
});
