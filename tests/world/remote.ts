/**
 * A tab's view of the playground's one world (tests/world/hub.ts): the same interface as the
 * in-process server, so the tab's client runs unchanged, but every write, seed and query goes
 * to the hub over the tab's connection, and the hub's broadcasts, presence changes and
 * questions come back from it, in the hub's order.
 *
 * It keeps a mirror of the hub's sources (the welcome's snapshot, then every answer and
 * broadcast applied as they arrive), which `loadWorld` and the tests read as the server's state.
 * The browser host selects it (browser/main.ts); the node tests' worlds keep the in-process
 * server.
 */
import type { WorldClient } from "./client";
import type { ModifyRequest, ModifyResponse } from "./documents/host";
import { WorldServer, type QueryResult, type RemoteWrites, type Rules, type ServerClient } from "./server";
import type { Tracker } from "./tracker";
import { deepClone, type PlainObject } from "./utils";
import type { Channel, FromHub, Welcome } from "./wire";

/** Says hello as a user and resolves with the hub's welcome; later messages wait in the channel. */
export function hello(channel: Channel, user: string, { fresh = false }: { fresh?: boolean } = {}): Promise<Welcome> {
  return new Promise((resolve, reject) => {
    channel.onClose(() => reject(new Error("The playground server closed the connection")));
    channel.listen((text) => {
      const message = JSON.parse(text) as FromHub;
      channel.listen(null);
      if (message.t === "welcome") resolve(message);
      else reject(new Error(message.t === "refused" ? message.reason : `Unexpected first message "${message.t}"`));
    });
    channel.send({ t: "hello", user, fresh });
  });
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export const LOST = "The connection to the playground server was lost: nothing is saved until it is back (restart it, then reload this page).";

export class RemoteServer extends WorldServer implements RemoteWrites {
  /** This tab's user. */
  readonly userId: string;
  /** The hub told every tab to start again (Reset world, or a tab opened with `?fresh`). */
  onReset: () => void = () => undefined;
  /** The connection ended. */
  onLost: () => void = () => undefined;
  readonly #channel: Channel;
  readonly #tracker: Tracker;
  readonly #active: Set<string>;
  readonly #local = new Set<WorldClient>();
  /** Clients that built their documents: broadcasts before that are in what they read. */
  readonly #loaded = new WeakSet<WorldClient>();
  readonly #pending = new Map<number, Pending>();
  #next = 1;
  #listening = false;

  constructor(tracker: Tracker, rules: Rules, channel: Channel, welcome: Welcome) {
    super(tracker, rules);
    this.#tracker = tracker;
    this.#channel = channel;
    this.userId = welcome.userId;
    this.#active = new Set(welcome.active);
    channel.onClose(() => this.#lost());
  }

  override get clients(): ServerClient[] {
    return [...this.#local];
  }

  override isActive(userId: string): boolean {
    return this.#active.has(userId);
  }

  /** The welcome's snapshot; the messages after it apply from here on. */
  override restore(snapshot: Parameters<WorldServer["restore"]>[0]): void {
    super.restore(snapshot);
    this.#listen();
  }

  #listen(): void {
    if (this.#listening) return;
    this.#listening = true;
    this.#channel.listen((text) => this.#message(JSON.parse(text) as FromHub));
  }

  /** A client of this tab joins (the hub knows the tab's user from its hello). */
  override connect(client: ServerClient): void {
    const local = client as WorldClient;
    this.#local.add(local);
    this.#listen();
    const load = local.loadWorld.bind(local);
    local.loadWorld = () => {
      load();
      this.#loaded.add(local);
    };
  }

  override disconnect(client: ServerClient): void {
    this.#local.delete(client as WorldClient);
  }

  /** Not here: the hub checks and applies writes. */
  override modify(): ModifyResponse {
    throw new Error("A tab's server writes through request()");
  }

  /** The hub broadcasts each write to the other tabs. */
  override broadcast(): void {}

  override seed(): ModifyResponse {
    throw new Error("A tab's server seeds through seedRemote()");
  }

  request(_userId: string, request: ModifyRequest): Promise<ModifyResponse> {
    return this.#ask((id) => ({ t: "modify", id, request })) as Promise<ModifyResponse>;
  }

  override query(targetUserId: string, name: string, data: unknown, { timeout }: { timeout?: number; from?: string } = {}): Promise<QueryResult> {
    const payload = JSON.parse(JSON.stringify(data ?? null)) as unknown;
    return this.#tracker.track(this.#ask((id) => ({ t: "query", id, target: targetUserId, name, data: payload, timeout })) as Promise<QueryResult>);
  }

  /** Fills an empty world (the welcome said this tab does); resolves once the tab has the documents. */
  async seedRemote(type: string, sources: PlainObject[], { userId }: { userId?: string } = {}): Promise<void> {
    await this.#ask((id) => ({ t: "seed", id, type, sources, userId }));
    await this.#tracker.settle();
  }

  /** The hub writes its state file now. */
  async flush(): Promise<void> {
    await this.#ask((id) => ({ t: "flush", id }));
  }

  /** Back to an empty world for every tab (each reloads and the first fills it again). */
  resetWorld(): void {
    this.#channel.send({ t: "reset" });
  }

  #ask(message: (id: number) => Parameters<Channel["send"]>[0]): Promise<unknown> {
    if (this.#channel.closed) return Promise.reject(new Error(LOST));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#channel.send(message(id));
    });
  }

  #settle(id: number, outcome: { value?: unknown; error?: string }): void {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (outcome.error !== undefined) pending?.reject(new Error(outcome.error));
    else pending?.resolve(outcome.value);
  }

  #message(message: FromHub): void {
    switch (message.t) {
      case "done":
        this.apply(message.response);
        return this.#settle(message.id, { value: message.response });
      case "failed":
        return this.#settle(message.id, { error: message.error });
      case "result":
        return this.#settle(message.id, { value: message.result });
      case "broadcast":
        this.apply(message.response);
        for (const client of this.#local) if (this.#loaded.has(client)) client.receive(deepClone(message.response));
        return;
      case "presence":
        if (message.active) this.#active.add(message.userId);
        else this.#active.delete(message.userId);
        for (const client of this.#local) client.receivePresence(message.userId, message.active);
        return;
      case "ask":
        void this.#answer(message.id, message.name, message.data, message.options);
        return;
      case "reset":
        this.onReset();
    }
  }

  /** A question to this tab's user, answered by its client (a closed tab has none: the hub fails it then). */
  async #answer(id: number, name: string, data: unknown, options: { timeout?: number; from?: string }): Promise<void> {
    const client = [...this.#local].find((c) => c.connected);
    const result: QueryResult = client ? await client.answerQuery(name, data, options) : { status: "rejected", reason: "This tab has no connected client" };
    this.#channel.send({ t: "answer", id, result });
  }

  #lost(): void {
    for (const pending of this.#pending.values()) pending.reject(new Error(LOST));
    this.#pending.clear();
    this.onLost();
  }
}
