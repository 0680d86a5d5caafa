/**
 * One connected client: its own `game`, `CONFIG`, `Hooks`, `ui.notifications` and documents, as
 * one browser tab of Foundry has. Broadcasts from the server arrive in order, each a task later
 * than the write that caused it (`world.settle()` waits for them); the answer to this client's
 * own write is applied at once, before `update()`/`create()` resolve.
 */
import { Collection, WorldCollection } from "./collections";
import { runAs } from "./context";
import { CONST, DICE_ROLL_MODES, MESSAGE_MODES } from "./constants";
import { diceConfig } from "./dice";
import { HookRegistry } from "./hooks";
import { Hotbar } from "./hotbar";
import { Localization } from "./i18n";
import { CompendiumCollection } from "./packs";
import { recordingNotifications, type Notification, type Scope } from "./scope";
import { ClientSettings } from "./settings";
import { WORLD_COLLECTIONS, type QueryResult, type RemoteWrites, type ServerClient, type WorldServer } from "./server";
import { nextTask, type Tracker } from "./tracker";
import { GameTime } from "./time";
import { deepClone, type PlainObject } from "./utils";
import { handleResponse } from "./documents/backend";
import type { WorldDocument } from "./documents/document";
import type { DocumentHost, ModifyRequest, ModifyResponse, UserLike } from "./documents/host";
import { documentClasses } from "./documents/classes";
import { canvasConfig } from "./canvas/walls";
import type { User } from "./documents/user";
import type { Combat } from "./documents/combat";
import type { Actor } from "./documents/actor";
import type { Item } from "./documents/item";
import type { ChatMessage } from "./documents/chat-message";
import { defaultMovementConfig } from "./canvas/movement";

export type Profile = "v13" | "v14";

/** v14 message modes by the v13 roll mode they replace (the deprecated `core.rollMode` reads them). */
const MESSAGE_TO_ROLL_MODE: Record<string, string> = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll", ic: "publicroll" };

export interface SystemInfo {
  id: string;
  title: string;
  version: string;
  documentTypes: Record<string, Record<string, unknown>>;
  /** system.json `grid`: the defaults of a new scene's grid and of `core.gridDiagonals`. */
  grid?: { type?: number; distance?: number; units?: string; diagonals?: number };
}

export interface ClientOptions {
  server: WorldServer;
  tracker: Tracker;
  userId: string;
  profile: Profile;
  system: SystemInfo;
  translations: PlainObject;
}

type DocCtor = new (data: PlainObject, context: PlainObject) => WorldDocument;

/** A client's `game`, typed for tests (documents are the world's base classes; cast to the system's). */
export interface ClientGame {
  userId: string;
  user: User;
  users: Users;
  actors: WorldCollection<Actor>;
  items: WorldCollection<Item>;
  messages: WorldCollection<ChatMessage>;
  combats: CombatEncounters;
  combat: Combat | null;
  scenes: Scenes;
  journal: WorldCollection<WorldDocument>;
  macros: WorldCollection<WorldDocument>;
  packs: Collection<CompendiumCollection>;
  settings: ClientSettings;
  i18n: Localization;
  system: SystemInfo;
  release: { generation: number; version: string; build: number };
  time: GameTime;
  ready: boolean;
  [key: string]: unknown;
}

/** `game.users` (client/documents/collections/users.mjs). */
export class Users extends WorldCollection<User> {
  /** The active GM: a full GM before an assistant, then the lowest id. */
  get activeGM(): User | null {
    const gms = this.filter((u) => u.active && u.isGM);
    gms.sort((a, b) => b.role - a.role || ((a.id as string) < (b.id as string) ? -1 : 1));
    return gms[0] ?? null;
  }

  get players(): User[] {
    return this.filter((u) => !u.isGM && u.hasRole("PLAYER"));
  }

  /** The first user (by id) who satisfies the condition (Users#getDesignatedUser). */
  getDesignatedUser(condition: (user: User) => boolean): User | null {
    return this.filter(condition).sort((a, b) => ((a.id as string) < (b.id as string) ? -1 : 1))[0] ?? null;
  }
}

/** `game.combats` (CombatEncounters): the active combat is the viewed one. */
export class CombatEncounters extends WorldCollection<Combat> {
  get combats(): Combat[] {
    return this.contents;
  }

  get active(): Combat | null {
    return this.find((c) => c.active) ?? null;
  }

  get viewed(): Combat | null {
    return this.active ?? this.contents[0] ?? null;
  }
}

export class Scenes extends WorldCollection<WorldDocument & { active: boolean }> {
  get active(): (WorldDocument & { active: boolean }) | null {
    return this.find((s) => s.active) ?? null;
  }

  get current(): (WorldDocument & { active: boolean }) | null {
    return this.active;
  }

  get viewed(): (WorldDocument & { active: boolean }) | null {
    return this.active;
  }
}

function collectionFor(name: string): WorldCollection<WorldDocument> {
  if (name === "User") return new Users("User") as unknown as WorldCollection<WorldDocument>;
  if (name === "Combat") return new CombatEncounters("Combat") as unknown as WorldCollection<WorldDocument>;
  if (name === "Scene") return new Scenes("Scene") as unknown as WorldCollection<WorldDocument>;
  return new WorldCollection(name);
}

/** game.* names of the world collections. */
const GAME_KEYS: Record<string, string> = {
  User: "users", Actor: "actors", Item: "items", ChatMessage: "messages", Combat: "combats", Scene: "scenes", Setting: "settingsCollection", JournalEntry: "journal", Macro: "macros",
};

/** `CONFIG[type].sidebarIcon` of the world's document types (v13 client/config.mjs). */
const SIDEBAR_ICONS: Record<string, string> = {
  Actor: "fa-solid fa-user", Item: "fa-solid fa-suitcase", JournalEntry: "fa-solid fa-book-open", JournalEntryPage: "fa-solid fa-file-lines",
  Scene: "fa-solid fa-map", ChatMessage: "fa-solid fa-comments", Combat: "fa-solid fa-swords",
};

/** A client's CONFIG before the system's `init`. */
function buildConfig(profile: Profile): PlainObject {
  const documentConfig = (name: string) => ({ documentClass: documentClasses[name], dataModels: {}, typeLabels: {}, sheetClasses: {}, trackableAttributes: {} });
  const config: PlainObject = {
    debug: {},
    Dice: diceConfig(),
    queries: {},
    statusEffects: [],
    sounds: { dice: "sounds/dice.wav", notification: "sounds/notify.wav", combat: "sounds/drums.wav" },
    time: { turnTime: 0, roundTime: 0 },
    TextEditor: { enrichers: [] },
    ui: {},
    // Walls block sight and movement through the polygon backends (tests/world/canvas/walls.ts).
    Canvas: canvasConfig(),
  };
  for (const name of Object.keys(documentClasses)) config[name] = documentConfig(name);
  // Content links carry their type's icon (client/config.mjs `sidebarIcon`).
  for (const [name, icon] of Object.entries(SIDEBAR_ICONS)) if (config[name]) (config[name] as PlainObject).sidebarIcon = icon;
  (config.ChatMessage as PlainObject).template = "templates/sidebar/chat-message.hbs";
  // v14 renamed roll modes to message modes (CONFIG.ChatMessage.modes).
  if (profile === "v14") (config.ChatMessage as PlainObject).modes = Object.fromEntries(Object.values(MESSAGE_MODES).map((m) => [m, { label: `CHAT.Mode.${m}` }]));
  // v14 removed MeasuredTemplate for scene regions (dnd5e 5.3 draws its templates as regions).
  if (profile === "v14") delete config.MeasuredTemplate;
  (config.Combat as PlainObject).initiative = { formula: null, decimals: 2 };
  (config.Token as PlainObject).movement = defaultMovementConfig();
  (config.ActiveEffect as PlainObject).legacyTransferral = false;
  return config;
}

export class WorldClient implements Scope, DocumentHost, ServerClient {
  readonly kind = "client" as const;
  readonly userId: string;
  readonly profile: Profile;
  readonly Hooks: HookRegistry;
  readonly CONFIG: PlainObject;
  readonly game: ClientGame;
  readonly ui: PlainObject & { notifications: ReturnType<typeof recordingNotifications> };
  /** Every `ui.notifications` call, oldest first. */
  readonly notifications: Notification[] = [];
  /** Errors reported through `Hooks.onError`, thrown by broadcast handlers, or logged with console.error. */
  readonly errors: unknown[] = [];
  readonly i18n: Localization;
  readonly settings: ClientSettings;
  connected = false;
  readonly #server: WorldServer;
  readonly #tracker: Tracker;
  readonly #collections = new Map<string, WorldCollection<WorldDocument>>();
  readonly #packs = new Collection<CompendiumCollection>();
  readonly #disconnectListeners = new Set<() => void>();
  /** The world's documents are built (world settings then come from the Setting documents). */
  #worldLoaded = false;
  #inbox: Promise<void> = Promise.resolve();
  /** UUIDs answered from given sources (a test shortcut Foundry does not have). */
  readonly uuidOverrides = new Map<string, PlainObject>();

  constructor({ server, tracker, userId, profile, system, translations }: ClientOptions) {
    this.#server = server;
    this.#tracker = tracker;
    this.userId = userId;
    this.profile = profile;
    this.i18n = new Localization(translations);
    const notifications = recordingNotifications((n) => this.notifications.push(n), () => this.i18n);
    this.ui = { notifications, windows: {}, activeWindow: null, hotbar: new Hotbar() };
    this.Hooks = new HookRegistry({
      record: (error) => this.errors.push(error),
      notify: (type, message) => notifications[type](message),
    });
    this.CONFIG = buildConfig(profile);
    for (const name of WORLD_COLLECTIONS) this.#collections.set(name, collectionFor(name));
    this.settings = new ClientSettings({
      userId,
      collection: (name) => this.collection(name),
      settingClass: () => (this.CONFIG.Setting as { documentClass: { create(data: PlainObject, o?: PlainObject): Promise<unknown> } }).documentClass,
      settingSources: () => (this.#worldLoaded ? null : this.#server.sources.Setting.values()),
    });
    this.game = this.#buildGame(system);
    this.game.time = new GameTime({ Hooks: this.Hooks, settings: this.settings });
    this.#registerCoreSettings();
  }

  #buildGame(system: SystemInfo): ClientGame {
    const generation = this.profile === "v14" ? 14 : 13;
    const user = () => this.user;
    const combats = this.#collections.get("Combat") as unknown as CombatEncounters;
    const game: PlainObject = {
      userId: this.userId,
      get user() {
        return user();
      },
      i18n: this.i18n,
      settings: this.settings,
      system: { ...deepClone(system) },
      model: deepClone(system.documentTypes),
      documentTypes: Object.fromEntries(Object.entries(system.documentTypes).map(([k, v]) => [k, Object.keys(v)])),
      release: { generation, version: generation === 14 ? "14.360" : "13.351", build: generation === 14 ? 360 : 351 },
      version: generation === 14 ? "14.360" : "13.351",
      ready: false,
      world: { id: "clockwork-test-world", title: "ClockWork test world" },
      modules: new Collection(),
      keyboard: { isModifierActive: () => false },
      packs: this.#packs,
      collections: this.#collections,
      get combat() {
        return combats.viewed;
      },
    };
    for (const [name, key] of Object.entries(GAME_KEYS)) game[key] = this.#collections.get(name);
    delete game.settingsCollection;
    return game as unknown as ClientGame;
  }

  /**
   * Core settings every client has before the system loads (client-settings.mjs, v13 / v14).
   * v14 keeps `core.rollMode` deprecated until v16: reading or writing it logs a compatibility
   * warning and goes to `core.messageMode` (it does not throw).
   */
  #registerCoreSettings(): void {
    if (this.profile === "v14") {
      this.settings.register("core", "messageMode", { scope: "client", default: MESSAGE_MODES.PUBLIC, type: String });
      this.#deprecateRollMode();
    } else this.settings.register("core", "rollMode", { scope: "client", default: DICE_ROLL_MODES.PUBLIC, type: String });
    // World time is a world setting whose onChange announces it (client/helpers/time.mjs, tests/world/time.ts).
    const time = this.game.time;
    this.settings.register("core", "time", { scope: "world", config: false, default: 0, type: Number, onChange: (value, options, userId) => time.onUpdateWorldTime(value as number, options, userId) });
    this.settings.register("core", "combatTrackerConfig", { scope: "world", default: { resource: "", skipDefeated: false }, type: Object });
    // The diagonal rule of every square grid, defaulting to the system's (client/config.mjs, system.json `grid.diagonals`).
    const diagonals = (this.game as unknown as { system?: SystemInfo }).system?.grid?.diagonals ?? 0;
    this.settings.register("core", "gridDiagonals", { scope: "world", config: true, default: diagonals, type: Number });
  }

  /** v14's `core.rollMode`: a deprecated alias of `core.messageMode` in v13's vocabulary. */
  #deprecateRollMode(): void {
    const settings = this.settings;
    const get = settings.get.bind(settings);
    const set = settings.set.bind(settings);
    const legacy = Object.fromEntries(Object.entries(MESSAGE_TO_ROLL_MODE).filter(([k]) => k !== "ic").map(([k, v]) => [v, k]));
    settings.get = (namespace: string, key: string, options?: { document?: boolean }) => {
      if (namespace !== "core" || key !== "rollMode") return get(namespace, key, options);
      this.compatibilityWarning("The core.rollMode setting is deprecated in favor of core.messageMode");
      const mode = get("core", "messageMode") as string;
      return MESSAGE_TO_ROLL_MODE[mode] ?? DICE_ROLL_MODES.PUBLIC;
    };
    settings.set = (namespace: string, key: string, value: unknown, options?: PlainObject) => {
      if (namespace !== "core" || key !== "rollMode") return set(namespace, key, value, options);
      this.compatibilityWarning("The core.rollMode setting is deprecated in favor of core.messageMode");
      return set("core", "messageMode", legacy[String(value)] ?? MESSAGE_MODES.PUBLIC, options);
    };
  }

  /** Every compatibility (deprecation) warning core logged on this client (v14 profile), oldest first. */
  readonly deprecations: string[] = [];

  /** `foundry.utils.logCompatibilityWarning`: recorded, not thrown. */
  compatibilityWarning(message: string): void {
    this.deprecations.push(message);
  }

  get user(): User {
    return this.#collections.get("User")?.get(this.userId) as unknown as User;
  }

  get server(): WorldServer {
    return this.#server;
  }

  get constants(): typeof CONST {
    return CONST;
  }

  /* ---------- DocumentHost ---------- */

  collection(documentName: string): WorldCollection<WorldDocument> | undefined {
    return this.#collections.get(documentName);
  }

  pack(id: string): CompendiumCollection | undefined {
    return this.#packs.get(id);
  }

  userById(id: string): UserLike | undefined {
    return this.#collections.get("User")?.get(id) as unknown as UserLike | undefined;
  }

  run<T>(fn: () => T): T {
    return runAs(this, fn);
  }

  track<T>(promise: Promise<T>): Promise<T> {
    void this.#tracker.track(promise).catch((error: unknown) => this.errors.push(error));
    return promise;
  }

  /** Send a write; a refusal shows an error notification and rejects (SocketInterface.dispatch). */
  async dispatch(request: ModifyRequest): Promise<ModifyResponse> {
    let response: ModifyResponse;
    try {
      if (!this.connected) throw new Error("The client is not connected to the server");
      // A remote server (the browser host's, tests/world/remote.ts) answers over its socket.
      const remote = (this.#server as Partial<RemoteWrites>).request;
      response = remote ? await remote.call(this.#server, this.userId, request) : this.#server.modify(this.userId, request);
    } catch (error) {
      this.ui.notifications.error((error as Error).message);
      throw error;
    }
    this.#server.broadcast(response, this);
    return deepClone(response);
  }

  resolveSync(uuid: string): WorldDocument | null {
    const parts = uuid.split(".");
    let doc: WorldDocument | null | undefined;
    let rest: string[];
    if (parts[0] === "Compendium") {
      doc = this.#packs.get(`${parts[1]}.${parts[2]}`)?.get(parts[4]);
      rest = parts.slice(5);
    } else {
      doc = this.#collections.get(parts[0])?.get(parts[1]);
      rest = parts.slice(2);
    }
    for (let i = 0; doc && i < rest.length; i += 2) {
      if (rest[i] === "Actor" && doc.documentName === "Token") doc = (doc as unknown as { actor: WorldDocument | null }).actor;
      else doc = doc.getEmbeddedDocument(rest[i], rest[i + 1]);
    }
    return doc ?? null;
  }

  /** `fromUuidSync`: a loaded document, or a compendium index entry when the document is not loaded. */
  fromUuidSync(uuid: string, { strict = true }: { strict?: boolean } = {}): WorldDocument | PlainObject | null {
    const override = this.#override(uuid);
    if (override) return override;
    const doc = this.resolveSync(uuid);
    if (doc) return doc;
    const parts = uuid.split(".");
    if (parts[0] === "Compendium" && parts.length === 5) {
      const entry = this.#packs.get(`${parts[1]}.${parts[2]}`)?.indexEntry(parts[4]);
      if (entry) return entry;
    }
    if (strict && !/^(Compendium\.|[A-Z]\w*\.[A-Za-z0-9]{16})/.test(uuid)) throw new Error(`Invalid UUID: ${uuid}`);
    return null;
  }

  /** `fromUuid`: loads compendium documents as needed. */
  async fromUuid(uuid: string): Promise<WorldDocument | null> {
    const override = this.#override(uuid);
    if (override) return override;
    const parts = uuid.split(".");
    if (parts[0] === "Compendium" && parts.length >= 5) await this.#packs.get(`${parts[1]}.${parts[2]}`)?.getDocument(parts[4]);
    return this.resolveSync(uuid);
  }

  #override(uuid: string): WorldDocument | null {
    const source = this.uuidOverrides.get(uuid);
    if (!source) return null;
    const cls = (this.CONFIG as Record<string, { documentClass?: DocCtor }>)[uuid.split(".").at(-2) as string]?.documentClass;
    return cls ? this.run(() => new cls(deepClone(source), { host: this })) : null;
  }

  /* ---------- queries ---------- */

  /** User#query from this client (client/documents/user.mjs). */
  async queryUser(target: UserLike & { active?: boolean }, name: string, data: unknown, { timeout }: { timeout?: number } = {}): Promise<unknown> {
    const queries = this.CONFIG.queries as Record<string, unknown>;
    if (!(name in queries)) throw new Error(`User query '${name}' is not registered`);
    if (!this.user.hasPermission("QUERY_USER")) throw new Error("You do not have permission to query users");
    if (!target.active) throw new Error(`User [${target.id}] is not active`);
    const result = await this.#server.query(target.id as string, name, data, { timeout, from: this.userId });
    if (result.status === "rejected") throw new Error(result.reason);
    return result.value;
  }

  /**
   * Run `CONFIG.queries[name]` here, in order with the broadcasts already received. v13 hands the
   * handler `{timeout}` only; v14 also the asking User (this client's document of them), as
   * v14 handlers read it (`(data, {user})`).
   */
  answerQuery(name: string, data: unknown, { timeout, from }: { timeout?: number; from?: string }): Promise<QueryResult> {
    return new Promise((resolve) => {
      this.#enqueue(() => {
        const answer = (async () => {
          const handler = (this.CONFIG.queries as Record<string, unknown>)[name];
          if (typeof handler !== "function") throw new Error(`User query '${name}' is not registered`);
          const options = this.profile === "v14" ? { timeout, user: from ? this.userById(from) ?? null : null } : { timeout };
          return (handler as (d: unknown, o: object) => unknown)(data, options);
        })();
        void this.track(answer.then(
          (value) => resolve({ status: "fulfilled", value: value === undefined ? undefined : JSON.parse(JSON.stringify(value)) }),
          (error: unknown) => resolve({ status: "rejected", reason: (error as Error)?.message ?? String(error) }),
        ));
      });
    });
  }

  onDisconnect(listener: () => void): void {
    this.#disconnectListeners.add(listener);
  }

  /* ---------- server messages ---------- */

  receive(response: ModifyResponse): void {
    this.#enqueue(async () => {
      await handleResponse(this, response);
    });
  }

  receivePresence(userId: string, active: boolean): void {
    const user = this.#collections.get("User")?.get(userId) as unknown as User | undefined;
    if (!user || user.active === active) return;
    user.active = active;
    if (this.game.ready) this.run(() => this.Hooks.callAll("userConnected", user, active));
  }

  #enqueue(task: () => unknown): void {
    const run = this.#inbox
      .then(() => nextTask())
      .then(() => (this.connected ? this.run(task) : undefined))
      .catch((error: unknown) => {
        this.errors.push(error);
      });
    this.#inbox = run as Promise<void>;
    void this.#tracker.track(run);
  }

  /* ---------- connection ---------- */

  /** Join the server (presence only; `loadWorld` builds the documents). */
  join(): void {
    this.connected = true;
    this.#server.connect(this);
  }

  /** Has the system started on this client (init … ready)? */
  booted = false;
  /** Starts the system on this client; set by the world. */
  boot: ((client: WorldClient) => Promise<void>) | null = null;

  /**
   * (Re)connect: join, then load every world document as a page load does; a client that was
   * offline when the world started boots the system now (init … ready), as opening the page would.
   */
  async connect(): Promise<void> {
    if (this.connected) return;
    this.join();
    if (!this.booted && this.boot) await this.boot(this);
    else this.loadWorld();
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.#server.disconnect(this);
    for (const listener of this.#disconnectListeners) listener();
    this.#disconnectListeners.clear();
  }

  /** Build this client's documents from the server's sources (users first, then the rest). */
  loadWorld(): void {
    this.#worldLoaded = true;
    this.run(() => {
      const config = this.CONFIG as Record<string, { documentClass: DocCtor }>;
      for (const name of WORLD_COLLECTIONS) {
        const collection = this.#collections.get(name) as WorldCollection<WorldDocument>;
        collection.clear();
        for (const source of this.#server.sources[name].values()) {
          try {
            const doc = new config[name].documentClass(deepClone(source), { host: this });
            collection.set(doc.id as string, doc);
          } catch (error) {
            this.Hooks.onError("Game#setupGame", error, { msg: `Failed to initialize ${name} [${source._id}]`, log: "error" });
          }
        }
      }
      for (const user of this.#collections.get("User") as unknown as Iterable<User>) user.active = this.#server.isActive(user.id as string) || user.id === this.userId;
      this.#packs.clear();
      for (const [id, pack] of this.#server.packs) this.#packs.set(id, new CompendiumCollection(pack, this));
      this.game.time.resync();
    });
  }

  /** Log an error as this client's console would. */
  recordError(error: unknown): void {
    this.errors.push(error);
  }
}
