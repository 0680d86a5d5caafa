/**
 * The in-process server: it owns every world document's source, checks each write against the
 * requesting user's permission, applies it, and broadcasts the result to every connected client
 * (the requester gets it as its answer).
 *
 * A refused write fails as a whole, before anything changes, with core's message
 * "User <name> lacks permission to <action> <Type> [<id>]" (common/abstract/backend.mjs
 * `_logError`; thrown by the server's `_updateDocuments`, as reported in the stack traces of
 * kandashi/Active-Token-Lighting#94 and asacolips-projects/13th-age#149). The client notifies
 * and rejects (client/helpers/socket-interface.mjs), see WorldClient#dispatch.
 *
 * The server does not re-validate: the requesting client has cleaned and validated the data
 * (see documents/backend.ts). It does not record `_stats` times.
 */
import { DOCUMENT_OWNERSHIP_LEVELS, USER_PERMISSIONS, USER_ROLES } from "./constants";
import { checkRule, type PermissionSubject, type WorldDocument } from "./documents/document";
import type { ModifyRequest, ModifyResponse, UserLike } from "./documents/host";
import { packLevel, serverPack, type PackSource, type ServerPack } from "./packs";
import type { Tracker } from "./tracker";
import { deepClone, expandObject, mergeObject, randomID, type PlainObject } from "./utils";

const LEVELS = DOCUMENT_OWNERSHIP_LEVELS as Record<string, number>;
const ROLES = USER_ROLES as Record<string, number>;

/** Primary document types the server stores. */
export const WORLD_COLLECTIONS = ["User", "Actor", "Item", "ChatMessage", "Combat", "Scene", "Setting", "JournalEntry", "Macro"] as const;

/** The part of a client the server talks to. */
export interface ServerClient {
  readonly userId: string;
  receive(response: ModifyResponse): void;
  receivePresence(userId: string, active: boolean): void;
  answerQuery(name: string, data: unknown, options: { timeout?: number; from?: string }): Promise<QueryResult>;
}

/** A server in another process: writes are answered asynchronously (the browser host's proxy). */
export interface RemoteWrites {
  request(userId: string, request: ModifyRequest): Promise<ModifyResponse>;
}

export type QueryResult = { status: "fulfilled"; value: unknown } | { status: "rejected"; reason: string };

/** A user as the server sees it (from the User source). */
class ServerUser implements UserLike {
  constructor(private readonly source: PlainObject) {}

  get id(): string {
    return this.source._id as string;
  }

  get name(): string {
    return this.source.name as string;
  }

  get role(): number {
    return this.source.role as number;
  }

  get isGM(): boolean {
    return this.role >= USER_ROLES.ASSISTANT;
  }

  hasRole(role: string | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const level = typeof role === "string" ? ROLES[role] : role;
    return exact ? this.role === level : this.role >= level;
  }

  hasPermission(permission: string): boolean {
    if (this.role === USER_ROLES.GAMEMASTER) return true;
    const explicit = (this.source.permissions as Record<string, boolean> | undefined)?.[permission];
    if (explicit !== undefined) return explicit;
    const config = USER_PERMISSIONS[permission];
    return config ? this.role >= config.defaultRole : false;
  }
}

export type Rules = Record<string, { metadata: { permissions: Record<string, unknown>; embedded: Record<string, string> } }>;

/** The server's view of one document, enough for permission rules (PermissionSubject). */
class ServerRecord implements PermissionSubject {
  constructor(
    private readonly server: WorldServer,
    readonly documentName: string,
    readonly _source: PlainObject,
    readonly parent: ServerRecord | null,
    readonly pack: string | null,
  ) {}

  get id(): string | null {
    return (this._source._id as string | null) ?? null;
  }

  #actorRecord(): ServerRecord | null {
    let actorId = this._source.actorId as string | null;
    if (this.documentName === "Combatant" && this._source.sceneId && this._source.tokenId) {
      const scene = this.server.sources.Scene.get(this._source.sceneId as string);
      const token = (scene?.tokens as PlainObject[] | undefined)?.find((t) => t._id === this._source.tokenId);
      actorId = (token?.actorId as string | null) ?? actorId;
    }
    const actor = actorId ? this.server.sources.Actor.get(actorId) : undefined;
    return actor ? new ServerRecord(this.server, "Actor", actor, null, null) : null;
  }

  getUserLevel(user: UserLike): number {
    if (this.pack) return this.server.packLevel(this.pack, user);
    switch (this.documentName) {
      case "ChatMessage":
        return this._source.author === user.id ? LEVELS.OWNER : LEVELS.NONE;
      case "Combatant":
      case "Token":
        return this.#actorRecord()?.getUserLevel(user) ?? LEVELS.NONE;
      case "User":
        return this._source._id === user.id ? LEVELS.OWNER : LEVELS.LIMITED;
      case "Macro":
        // BaseMacro#getUserLevel: the author owns it.
        if (this._source.author === user.id) return LEVELS.OWNER;
        break;
      case "Item":
        if (this.parent) return this.parent.getUserLevel(user);
    }
    const ownership = this._source.ownership as Record<string, number> | undefined;
    if (ownership) {
      const level = ownership[user.id ?? ""] ?? ownership.default ?? LEVELS.NONE;
      if (level !== LEVELS.INHERIT) return level;
    }
    return this.parent ? this.parent.getUserLevel(user) : LEVELS.NONE;
  }

  testUserPermission(user: UserLike, permission: string | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const level = user.isGM ? LEVELS.OWNER : this.getUserLevel(user);
    const target = typeof permission === "string" ? (LEVELS[permission] ?? LEVELS.OWNER) : permission;
    return exact ? level === target : level >= target;
  }

  canUserModify(user: UserLike, action: "create" | "update" | "delete", data: PlainObject = {}): boolean {
    const rule = this.server.rules[this.documentName]?.metadata.permissions[action];
    if (rule === undefined) return user.isGM;
    return checkRule(rule as Parameters<typeof checkRule>[0], user, this, data);
  }
}

export interface SeedOptions {
  ownership?: Record<string, number>;
  userId?: string;
}

export class WorldServer {
  /** Canonical sources of world documents by type and id. */
  readonly sources: Record<string, Map<string, PlainObject>> = Object.fromEntries(WORLD_COLLECTIONS.map((name) => [name, new Map()]));
  readonly packs = new Map<string, ServerPack>();
  readonly #clients = new Set<ServerClient>();
  readonly #tracker: Tracker;
  /** Base document classes, whose metadata holds the permission rules. */
  readonly rules: Rules;

  constructor(tracker: Tracker, rules: Rules) {
    this.#tracker = tracker;
    this.rules = rules;
  }

  get clients(): ServerClient[] {
    return [...this.#clients];
  }

  addPacks(packs: PackSource[]): void {
    for (const pack of packs) {
      const record = serverPack(pack);
      this.packs.set(record.metadata.id, record);
    }
  }

  packLevel(pack: string, user: UserLike): number {
    const ownership = this.packs.get(pack)?.metadata.ownership;
    return ownership ? packLevel(ownership, user) : LEVELS.NONE;
  }

  user(id: string): ServerUser | undefined {
    const source = this.sources.User.get(id);
    return source ? new ServerUser(source) : undefined;
  }

  isActive(userId: string): boolean {
    return this.clients.some((c) => c.userId === userId);
  }

  /* ---------- presence ---------- */

  connect(client: ServerClient): void {
    this.#clients.add(client);
    for (const other of this.#clients) other.receivePresence(client.userId, true);
  }

  disconnect(client: ServerClient): void {
    this.#clients.delete(client);
    for (const other of this.#clients) other.receivePresence(client.userId, false);
  }

  /* ---------- documents ---------- */

  /** The source of a document by UUID (world or compendium, embedded included). */
  record(uuid: string): ServerRecord | null {
    const parts = uuid.split(".");
    let record: ServerRecord | null;
    let rest: string[];
    if (parts[0] === "Compendium") {
      const pack = `${parts[1]}.${parts[2]}`;
      const source = this.packs.get(pack)?.sources.get(parts[4]);
      record = source ? new ServerRecord(this, parts[3], source, null, pack) : null;
      rest = parts.slice(5);
    } else {
      const source = this.sources[parts[0]]?.get(parts[1]);
      record = source ? new ServerRecord(this, parts[0], source, null, null) : null;
      rest = parts.slice(2);
    }
    for (let i = 0; record && i < rest.length; i += 2) {
      const field = this.rules[record.documentName]?.metadata.embedded[rest[i]];
      const child = field ? (record._source[field] as PlainObject[] | undefined)?.find((s) => s._id === rest[i + 1]) : undefined;
      record = child ? new ServerRecord(this, rest[i], child, record, record.pack) : null;
    }
    return record;
  }

  #store(type: string, parent: ServerRecord | null, pack: string | null): { all(): PlainObject[]; get(id: string): PlainObject | undefined; add(s: PlainObject): void; remove(id: string): void } {
    if (parent) {
      const field = this.rules[parent.documentName]?.metadata.embedded[type];
      if (!field) throw new Error(`${type} is not an embedded Document within ${parent.documentName}`);
      const list = parent._source[field] as PlainObject[];
      return {
        all: () => list,
        get: (id) => list.find((s) => s._id === id),
        add: (s) => void list.push(s),
        remove: (id) => void list.splice(list.findIndex((s) => s._id === id), 1),
      };
    }
    const map = pack ? this.packs.get(pack)?.sources : this.sources[type];
    if (!map) throw new Error(pack ? `Compendium pack "${pack}" does not exist` : `The server has no ${type} collection`);
    return { all: () => [...map.values()], get: (id) => map.get(id), add: (s) => void map.set(s._id as string, s), remove: (id) => void map.delete(id) };
  }

  #refusal(user: UserLike, action: string, type: string, id: string | null, parent: ServerRecord | null, pack: string | null): Error {
    let message = `User ${user.name} lacks permission to ${action} ${id ? `${type} [${id}]` : `a new ${type}`}`;
    if (parent) message += ` in parent ${parent.documentName} [${parent.id}]`;
    if (pack) message += ` in Compendium ${pack}`;
    return new Error(message);
  }

  /** Check and apply one write for a user; throws (changing nothing) when any document is refused. */
  modify(userId: string, request: ModifyRequest): ModifyResponse {
    const user = this.user(userId);
    if (!user) throw new Error(`User [${userId}] does not exist`);
    const parent = request.parentUuid ? this.record(request.parentUuid) : null;
    if (request.parentUuid && !parent) throw new Error(`The parent document ${request.parentUuid} does not exist`);
    const { type, pack } = request;
    if (pack && this.packs.get(pack)?.locked) throw new Error(`You may not ${request.action} documents in the locked compendium "${pack}".`);
    const store = this.#store(type, parent, pack);
    let result: PlainObject[] | string[];

    if (request.action === "create") {
      const sources = (request.data ?? []).map((d) => deepClone(d));
      for (const source of sources) {
        if (!request.options.keepId || !source._id) source._id = randomID();
        if (store.get(source._id as string)) throw new Error(`A ${type} with _id [${source._id}] already exists`);
        const record = new ServerRecord(this, type, source, parent, pack);
        if (!record.canUserModify(user, "create", source)) throw this.#refusal(user, "create", type, null, parent, pack);
      }
      for (const source of sources) store.add(source);
      result = deepClone(sources);
    } else if (request.action === "update") {
      const updates = (request.updates ?? []).map((u) => deepClone(u));
      const targets = updates.map((change) => {
        const source = store.get(change._id as string);
        if (!source) throw new Error(`${type} [${change._id}] does not exist`);
        const { _id, ...data } = change;
        if (!new ServerRecord(this, type, source, parent, pack).canUserModify(user, "update", data)) throw this.#refusal(user, "update", type, _id as string, parent, pack);
        return { source, data };
      });
      for (const { source, data } of targets) mergeObject(source, expandObject(data), { performDeletions: true });
      result = updates;
    } else {
      const ids = [...(request.ids ?? [])];
      for (const id of ids) {
        const source = store.get(id);
        if (!source) throw new Error(`${type} [${id}] does not exist`);
        if (!new ServerRecord(this, type, source, parent, pack).canUserModify(user, "delete")) throw this.#refusal(user, "delete", type, id, parent, pack);
      }
      for (const id of ids) store.remove(id);
      result = ids;
    }
    return { type, action: request.action, parentUuid: request.parentUuid, pack, result, options: deepClone(request.options), userId };
  }

  /**
   * Apply a response this server did not check (a replica's path: the browser host's mirror of
   * the playground's one server, tests/world/remote.ts). Same effect on the sources as `modify`.
   */
  apply(response: ModifyResponse): void {
    const parent = response.parentUuid ? this.record(response.parentUuid) : null;
    if (response.parentUuid && !parent) return;
    const store = this.#store(response.type, parent, response.pack);
    if (response.action === "create") for (const source of response.result as PlainObject[]) store.add(deepClone(source));
    else if (response.action === "update") {
      for (const { _id, ...data } of response.result as PlainObject[]) {
        const source = store.get(_id as string);
        if (source) mergeObject(source, expandObject(deepClone(data)), { performDeletions: true });
      }
    } else for (const id of response.result as string[]) if (store.get(id)) store.remove(id);
  }

  /** Send a response to every connected client except the requester (which has its answer). */
  broadcast(response: ModifyResponse, except?: ServerClient): void {
    for (const client of this.#clients) if (client !== except) client.receive(deepClone(response));
  }

  /** Server-side setup (no permission checks), broadcast as a create by `userId`. */
  seed(type: string, sources: PlainObject[], { ownership, userId }: SeedOptions = {}): ModifyResponse {
    const store = this.#store(type, null, null);
    const created = sources.map((s) => {
      const source = deepClone(s);
      source._id ??= randomID();
      if (ownership) source.ownership = { ...((source.ownership as PlainObject) ?? {}), ...ownership };
      store.add(source);
      return deepClone(source);
    });
    const response: ModifyResponse = { type, action: "create", parentUuid: null, pack: null, result: created, options: {}, userId: userId ?? "" };
    this.broadcast(response);
    return response;
  }

  /* ---------- queries ---------- */

  /** Relay a query to the user's client; rejected when the user is offline, disconnects or times out. */
  async query(targetUserId: string, name: string, data: unknown, { timeout, from }: { timeout?: number; from?: string } = {}): Promise<QueryResult> {
    const target = this.clients.find((c) => c.userId === targetUserId);
    if (!target) return { status: "rejected", reason: `User [${targetUserId}] is not active` };
    const payload = JSON.parse(JSON.stringify(data ?? null)) as unknown;
    // The asking user is the socket's own, not something the data claims.
    const answer = target.answerQuery(name, payload, { timeout, from });
    const racers: Promise<QueryResult>[] = [answer];
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (timeout !== undefined) {
      racers.push(new Promise((resolve) => {
        timer = setTimeout(() => resolve({ status: "rejected", reason: `The query '${name}' to User [${targetUserId}] timed out after ${timeout}ms` }), timeout);
      }));
    }
    racers.push(this.#untilDisconnected(target, name, targetUserId));
    try {
      return await this.#tracker.track(Promise.race(racers));
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  #untilDisconnected(target: ServerClient, name: string, userId: string): Promise<QueryResult> {
    return new Promise((resolve) => {
      const check = () => {
        if (!this.#clients.has(target)) resolve({ status: "rejected", reason: `User [${userId}] disconnected before answering the query '${name}'` });
      };
      (target as unknown as { onDisconnect?(fn: () => void): void }).onDisconnect?.(check);
    });
  }

  /* ---------- persistence ---------- */

  snapshot(): PlainObject {
    const sources = Object.fromEntries(Object.entries(this.sources).map(([type, map]) => [type, deepClone([...map.values()])]));
    const locked = Object.fromEntries([...this.packs].map(([id, p]) => [id, p.locked]));
    return { sources, packs: { locked } };
  }

  restore(snapshot: { sources?: Record<string, PlainObject[]>; packs?: { locked?: Record<string, boolean> } }): void {
    for (const [type, list] of Object.entries(snapshot.sources ?? {})) {
      const map = (this.sources[type] ??= new Map());
      map.clear();
      for (const source of list) map.set(source._id as string, deepClone(source));
    }
    for (const [id, locked] of Object.entries(snapshot.packs?.locked ?? {})) {
      const pack = this.packs.get(id);
      if (pack) pack.locked = locked;
    }
  }
}

export type { WorldDocument };
