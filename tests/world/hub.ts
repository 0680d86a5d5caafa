/**
 * The playground's one world, in Node (scripts/playground.mjs, through the browser host's Vite
 * plugin): ONE `WorldServer` that every open tab is a client of. Each tab connects (a WebSocket,
 * tests/world/browser/socket.ts), says which user it is, gets the world as it is now and from
 * then on every write, presence change and query, in order. A tab's write is checked here with
 * the server's permission rules and broadcast to the other tabs; a tab that closes is its user
 * going offline (a query waiting on it fails). The world is kept in a JSON file (written shortly
 * after each change and on close), so a restarted server keeps it.
 *
 * The node tests do not use this: their clients share the in-process server (world.ts).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Profile } from "./client";
import { documentClasses } from "./documents/classes";
import type { ModifyResponse } from "./documents/host";
import type { PackSource } from "./packs";
import { WorldServer, type QueryResult, type ServerClient } from "./server";
import { Tracker } from "./tracker";
import { deepClone } from "./utils";
import type { Channel, FromHub, ToHub } from "./wire";
import { DEFAULT_USERS, userSources, type UserSpec, type WorldSnapshot } from "./world";

export interface HubOptions {
  /** The JSON file the world is kept in; none: in memory only (the e2e tests' host). */
  state?: string | null;
  packs?: PackSource[];
  users?: UserSpec[];
  profile?: Profile;
  /** Milliseconds between a change and its write to the file. */
  saveDelay?: number;
}

/** The state file. */
interface Saved {
  version: 1;
  seeded: boolean;
  world: WorldSnapshot;
}

/** One tab, as the server sees a client. */
class Connection implements ServerClient {
  userId = "";
  /** Welcomed: messages before the welcome (its own presence) are not sent. */
  ready = false;
  readonly #asks = new Map<number, (result: QueryResult) => void>();
  readonly #onDisconnect = new Set<() => void>();
  #nextAsk = 1;

  constructor(private readonly server: WorldServer, readonly channel: Channel) {}

  send(message: FromHub): void {
    this.channel.send(message);
  }

  receive(response: ModifyResponse): void {
    if (this.ready) this.send({ t: "broadcast", response });
  }

  /** The truth, not the event: a user with another tab open is still connected. */
  receivePresence(userId: string): void {
    if (this.ready) this.send({ t: "presence", userId, active: this.server.isActive(userId) });
  }

  answerQuery(name: string, data: unknown, options: { timeout?: number; from?: string }): Promise<QueryResult> {
    return new Promise((resolve) => {
      const id = this.#nextAsk++;
      this.#asks.set(id, resolve);
      this.send({ t: "ask", id, name, data, options });
    });
  }

  answered(id: number, result: QueryResult): void {
    const resolve = this.#asks.get(id);
    this.#asks.delete(id);
    resolve?.(result.status === "fulfilled" ? { status: "fulfilled", value: result.value } : { status: "rejected", reason: String(result.reason) });
  }

  /** WorldServer#query waits on this to fail a query when the tab closes first. */
  onDisconnect(listener: () => void): void {
    this.#onDisconnect.add(listener);
  }

  ended(): void {
    for (const resolve of this.#asks.values()) resolve({ status: "rejected", reason: `User [${this.userId}] disconnected before answering` });
    this.#asks.clear();
    for (const listener of this.#onDisconnect) listener();
    this.#onDisconnect.clear();
  }
}

export class WorldHub {
  readonly tracker = new Tracker();
  readonly server: WorldServer;
  readonly profile: Profile;
  readonly #state: string | null;
  readonly #users: UserSpec[];
  readonly #connections = new Set<Connection>();
  readonly #saveDelay: number;
  #seeded = false;
  #seeder: Connection | null = null;
  #saveTimer: ReturnType<typeof setTimeout> | null = null;

  constructor({ state = null, packs = [], users = DEFAULT_USERS, profile = "v13", saveDelay = 200 }: HubOptions = {}) {
    this.server = new WorldServer(this.tracker, documentClasses as never);
    this.server.addPacks(packs);
    this.profile = profile;
    this.#state = state;
    this.#users = users;
    this.#saveDelay = saveDelay;
    const saved = state && existsSync(state) ? (JSON.parse(readFileSync(state, "utf8")) as Saved) : null;
    if (saved?.version === 1) {
      this.server.restore(saved.world.server as never);
      for (const user of saved.world.users) this.server.sources.User.set(user._id as string, deepClone(user));
      this.#seeded = saved.seeded;
      this.profile = saved.world.profile;
    }
    if (!this.server.sources.User.size) this.#empty();
  }

  /** Whether a tab has filled the world since it was (re)set. */
  get seeded(): boolean {
    return this.#seeded;
  }

  /** The users connected now (ids). */
  get active(): string[] {
    return [...this.server.sources.User.keys()].filter((id) => this.server.isActive(id));
  }

  snapshot(): WorldSnapshot {
    return { version: 1, profile: this.profile, users: deepClone([...this.server.sources.User.values()]), server: this.server.snapshot() };
  }

  /** A new tab: its messages go to the hub, its end is its user going offline. */
  attach(channel: Channel): Connection {
    const connection = new Connection(this.server, channel);
    this.#connections.add(connection);
    channel.listen((text) => {
      let message: ToHub;
      try {
        message = JSON.parse(text) as ToHub;
      } catch {
        return;
      }
      // A malformed request answers nothing; the hub goes on.
      void this.#handle(connection, message).catch(() => undefined);
    });
    channel.onClose(() => this.#detach(connection));
    return connection;
  }

  async #handle(connection: Connection, message: ToHub): Promise<void> {
    if (message.t === "hello") return this.#hello(connection, message.user, message.fresh === true);
    if (!connection.ready) return;
    switch (message.t) {
      case "modify": {
        let response: ModifyResponse;
        try {
          response = this.server.modify(connection.userId, message.request);
        } catch (error) {
          connection.send({ t: "failed", id: message.id, error: (error as Error).message });
          return;
        }
        connection.send({ t: "done", id: message.id, response });
        this.server.broadcast(response, connection);
        this.#changed();
        return;
      }
      case "query": {
        // The asking user is the connection's, never one the message names.
        const result = await this.server.query(message.target, message.name, message.data, { timeout: message.timeout, from: connection.userId });
        connection.send({ t: "result", id: message.id, result });
        return;
      }
      case "answer":
        connection.answered(message.id, message.result);
        return;
      case "seed":
        if (connection !== this.#seeder) {
          connection.send({ t: "failed", id: message.id, error: "This world is already set up" });
          return;
        }
        this.server.seed(message.type, message.sources, { userId: message.userId });
        this.#seeded = true;
        this.#seeder = null;
        this.#changed();
        connection.send({ t: "result", id: message.id });
        return;
      case "flush":
        this.save();
        connection.send({ t: "result", id: message.id });
        return;
      case "reset":
        this.reset();
    }
  }

  #hello(connection: Connection, user: string, fresh: boolean): void {
    if (connection.userId) return;
    const source = [...this.server.sources.User.values()].find((u) => u._id === user || u.name === user);
    if (!source) {
      connection.send({ t: "refused", reason: `This world has no user "${user}"` });
      connection.channel.close();
      return;
    }
    if (fresh) this.reset();
    connection.userId = source._id as string;
    this.server.connect(connection);
    const seed = !this.#seeded && !this.#seeder;
    if (seed) this.#seeder = connection;
    connection.send({ t: "welcome", userId: connection.userId, snapshot: this.snapshot(), active: this.active, seed });
    connection.ready = true;
  }

  #detach(connection: Connection): void {
    this.#connections.delete(connection);
    if (this.#seeder === connection) this.#seeder = null;
    if (!connection.userId) return;
    this.server.disconnect(connection);
    connection.ended();
  }

  /** Back to the users alone (the next tab fills the world again); every open tab is told to reload. */
  reset(): void {
    this.#empty();
    this.#changed();
    for (const connection of this.#connections) if (connection.ready) connection.send({ t: "reset" });
  }

  #empty(): void {
    for (const [type, map] of Object.entries(this.server.sources)) if (type !== "User") map.clear();
    if (!this.server.sources.User.size) for (const user of userSources(this.#users)) this.server.sources.User.set(user._id as string, user);
    this.#seeded = false;
    this.#seeder = null;
  }

  #changed(): void {
    if (!this.#state || this.#saveTimer) return;
    this.#saveTimer = setTimeout(() => this.save(), this.#saveDelay);
  }

  /** Write the state file now (atomically: a crash leaves the previous one). */
  save(): void {
    if (this.#saveTimer) clearTimeout(this.#saveTimer);
    this.#saveTimer = null;
    if (!this.#state) return;
    const saved: Saved = { version: 1, seeded: this.#seeded, world: this.snapshot() };
    mkdirSync(dirname(this.#state), { recursive: true });
    const temporary = `${this.#state}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(saved));
    renameSync(temporary, this.#state);
  }

  /** Save and end every connection (the server is stopping). */
  close(): void {
    this.save();
    for (const connection of [...this.#connections]) connection.channel.close();
  }
}

