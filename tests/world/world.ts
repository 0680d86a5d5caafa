/**
 * The test world: one server, several clients (a GM and players by default), each with its own
 * globals, all running the real system. See README.md for what it models and its sources.
 *
 * ```ts
 * const world = await createWorld();                  // Gamemaster, Alice, Bob; packs loaded
 * const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }], { ownership: { [world.player("Alice").userId]: 3 } });
 * await world.as(world.player("Alice"), () => game.actors.get(id).update({ name: "Ada Lovelace" }));
 * await world.settle();                              // every client has seen the update
 * ```
 */
import { WorldClient, type Profile, type SystemInfo } from "./client";
import { getDefaultScope, runAs, setDefaultScope } from "./context";
import { documentClasses } from "./documents/classes";
import { WorldServer, type Rules } from "./server";
import { Tracker } from "./tracker";
import { bootClient, loadSystem, type SystemEntry } from "./boot";
import type { PackSource } from "./packs";
import { moduleCollection, modulePackSources, withModuleTranslations, type WorldModuleSpec } from "./modules";
import { deepClone, type PlainObject } from "./utils";
import { USER_ROLES } from "./constants";

export type RoleName = "gm" | "assistant" | "trusted" | "player";

export interface UserSpec {
  id?: string;
  name: string;
  role: RoleName;
  /** Connected when the world starts (default true). */
  active?: boolean;
}

export interface WorldCoreOptions {
  users?: UserSpec[];
  profile?: Profile;
  /** The system's packs (already loaded; node reads them from packs/_source). */
  packs: PackSource[];
  system: SystemInfo;
  translations: PlainObject;
  /** Imports the system's entry module (its `init` hook registers everything); omit to boot no system. */
  entry?: SystemEntry;
  /** A `world.save()` snapshot to start from. */
  snapshot?: WorldSnapshot;
  /** Installed modules (`game.modules`); active ones' packs load as `<moduleId>.<pack>` (tests/world/modules.ts). */
  modules?: WorldModuleSpec[];
  /** Names or ids of the users who connect (and boot) now; default: every user of a snapshot, else each spec's `active`. */
  connect?: string[];
  /** The server the clients talk to (default: a new in-process one; the browser host's is remote). */
  server?: (tracker: Tracker, rules: Rules) => WorldServer;
}

export interface WorldSnapshot {
  version: 1;
  profile: Profile;
  users: PlainObject[];
  server: PlainObject;
}

/**
 * The profile a world gets when a test names none: `CLOCKWORK_PROFILE` ("v13" or "v14") when
 * set (`.ci/run` runs the world tests a second time under v14), else v13.
 */
export function defaultProfile(): Profile {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.CLOCKWORK_PROFILE;
  if (env === undefined || env === "") return "v13";
  if (env !== "v13" && env !== "v14") throw new Error(`CLOCKWORK_PROFILE must be v13 or v14, not "${env}"`);
  return env;
}

const ROLE_LEVELS: Record<RoleName, number> = { gm: USER_ROLES.GAMEMASTER, assistant: USER_ROLES.ASSISTANT, trusted: USER_ROLES.TRUSTED, player: USER_ROLES.PLAYER };

export const DEFAULT_USERS: UserSpec[] = [
  { name: "Gamemaster", role: "gm" },
  { name: "Alice", role: "player" },
  { name: "Bob", role: "player" },
];

/** A readable 16-character id from a name ("Alice" → "Alice00000000000"). */
function userId(name: string, taken: Set<string>): string {
  const base = (name.replace(/[^A-Za-z0-9]/g, "") || "User").slice(0, 14);
  for (let n = 0; ; n++) {
    const id = `${base}${n ? String(n) : ""}`.padEnd(16, "0").slice(0, 16);
    if (!taken.has(id)) return id;
  }
}

/** The User sources of a new world (readable ids from the names). */
export function userSources(specs: UserSpec[]): PlainObject[] {
  const taken = new Set<string>();
  return specs.map((spec) => {
    const id = spec.id ?? userId(spec.name, taken);
    taken.add(id);
    return { _id: id, name: spec.name, role: ROLE_LEVELS[spec.role], character: null, color: "#cccccc", avatar: null, permissions: {}, flags: {} };
  });
}

export class World {
  readonly tracker = new Tracker();
  readonly server: WorldServer;
  readonly clients: WorldClient[] = [];
  readonly profile: Profile;

  private constructor(options: WorldCoreOptions, userSources: PlainObject[]) {
    this.profile = options.profile ?? defaultProfile();
    this.server = options.server ? options.server(this.tracker, documentClasses as never) : new WorldServer(this.tracker, documentClasses as never);
    const modules = options.modules ?? [];
    this.server.addPacks([...options.packs, ...modulePackSources(modules)]);
    const translations = withModuleTranslations(options.translations, modules);
    if (options.snapshot) this.server.restore(options.snapshot.server as never);
    for (const source of userSources) this.server.sources.User.set(source._id as string, deepClone(source));
    for (const source of userSources) {
      this.clients.push(new WorldClient({
        server: this.server, tracker: this.tracker, userId: source._id as string, profile: this.profile,
        system: options.system, translations,
      }));
      this.clients[this.clients.length - 1].game.modules = moduleCollection(modules);
    }
  }

  /** Build the world, connect the active users and boot the system on each of their clients. */
  static async create(options: WorldCoreOptions): Promise<World> {
    const specs = options.users ?? DEFAULT_USERS;
    const users = options.snapshot?.users ?? userSources(specs);
    const world = new World(options, users);
    if (options.entry) await loadSystem(options.entry);
    const active = new Set(options.connect ? users.filter((u) => options.connect!.includes(u._id as string) || options.connect!.includes(u.name as string)).map((u) => u._id as string)
      : options.snapshot ? users.map((u) => u._id as string) : specs.map((s, i) => (s.active === false ? null : (users[i]._id as string))).filter(Boolean));
    for (const client of world.clients) {
      client.boot = bootClient;
      if (active.has(client.userId)) client.join();
    }
    // Only connected users have a running client; the others boot when they connect.
    for (const client of world.clients) if (client.connected) await bootClient(client);
    setDefaultScope(world.defaultClient);
    return world;
  }

  static async load(snapshot: WorldSnapshot, options: Omit<WorldCoreOptions, "snapshot" | "users" | "profile">): Promise<World> {
    return World.create({ ...options, profile: snapshot.profile, snapshot });
  }

  /** The first (full or assistant) GM's client. */
  get gm(): WorldClient {
    const gm = this.clients.find((c) => this.server.user(c.userId)?.isGM);
    if (!gm) throw new Error("This world has no GM");
    return gm;
  }

  /** The scope of the globals outside `as()`: the first connected GM, else the first connected client. */
  get defaultClient(): WorldClient {
    const connected = this.clients.filter((c) => c.connected);
    return connected.find((c) => this.server.user(c.userId)?.isGM) ?? connected[0] ?? this.gm;
  }

  /** A client by user name or id. */
  player(nameOrId: string): WorldClient {
    const client = this.clients.find((c) => c.userId === nameOrId || this.server.user(c.userId)?.name === nameOrId);
    if (!client) throw new Error(`No user named ${nameOrId} in this world`);
    return client;
  }

  /** Run code as that client's user: inside, `game`, `CONFIG`, `Hooks`, `ui`, `fromUuid`… are that client's. */
  async as<T>(client: WorldClient, fn: () => T | Promise<T>): Promise<T> {
    return runAs(client, async () => fn());
  }

  /**
   * Server-side setup without permission checks: the sources are cleaned and validated with the
   * classes of the default client (the first connected GM, else the first connected client; an
   * invalid source throws), stored, and broadcast to every client as a create by the GM.
   * Resolves with the new ids once every client has them.
   */
  async seed(documentName: string, sources: PlainObject[], options: { ownership?: Record<string, number> } = {}): Promise<string[]> {
    const gm = this.defaultClient;
    const cls = (gm.CONFIG as Record<string, { documentClass?: new (d: PlainObject, c: PlainObject) => { toObject(): PlainObject } }>)[documentName]?.documentClass;
    if (!cls) throw new Error(`No document class for ${documentName}`);
    const cleaned = gm.run(() => sources.map((source) => {
      const data = deepClone(source);
      data._id ??= (globalThis as unknown as { foundry: { utils: { randomID(): string } } }).foundry.utils.randomID();
      if (options.ownership) data.ownership = { default: 0, ...((data.ownership as PlainObject) ?? {}), ...options.ownership };
      return new cls(data, { host: gm }).toObject();
    }));
    this.server.seed(documentName, cleaned, { userId: this.gm.userId });
    await this.settle();
    return cleaned.map((s) => s._id as string);
  }

  /** Wait until every broadcast, query and turn event started so far (and what they started) has run. */
  settle(): Promise<void> {
    return this.tracker.settle();
  }

  /** The server's state as JSON: users, every world document, pack lock states. */
  save(): WorldSnapshot {
    return {
      version: 1,
      profile: this.profile,
      users: deepClone([...this.server.sources.User.values()]),
      server: deepClone(this.server.snapshot()),
    };
  }

  /** Disconnect every client; the world no longer answers the globals outside `as()`. */
  close(): void {
    for (const client of this.clients) client.disconnect();
    if (this.clients.includes(getDefaultScope() as WorldClient)) setDefaultScope(undefined);
  }
}
