/**
 * What a document needs from the client it lives on. `WorldClient` implements it; documents
 * are bound to the client that built them, as each Foundry tab builds its own documents.
 */
import type { Collection } from "../collections";
import type { HookRegistry } from "../hooks";
import type { Notifications } from "../scope";
import type { PlainObject } from "../utils";
import type { WorldDocument } from "./document";

export interface UserLike {
  id: string | null;
  name: string;
  role: number;
  isGM: boolean;
  hasRole(role: string | number, options?: { exact?: boolean }): boolean;
  hasPermission(permission: string): boolean;
}

/** A request sent to the server (DocumentSocketRequest). */
export interface ModifyRequest {
  type: string;
  action: "create" | "update" | "delete";
  parentUuid: string | null;
  pack: string | null;
  data?: PlainObject[];
  updates?: PlainObject[];
  ids?: string[];
  options: PlainObject;
}

/** What the server answers and broadcasts (DocumentSocketResponse). */
export interface ModifyResponse {
  type: string;
  action: "create" | "update" | "delete";
  parentUuid: string | null;
  pack: string | null;
  result: PlainObject[] | string[];
  options: PlainObject;
  userId: string;
}

export interface PackLike {
  readonly collection: string;
  readonly locked: boolean;
  getUserLevel(user: UserLike): number;
  get(id: string): WorldDocument | undefined;
  set(id: string, doc: WorldDocument): unknown;
  delete(id: string): boolean;
  has(id: string): boolean;
  getDocument(id: string): Promise<WorldDocument | undefined | null>;
  indexEntry(id: string): PlainObject | undefined;
}

export interface DocumentHost {
  readonly kind: "client";
  readonly userId: string;
  readonly user: UserLike;
  readonly Hooks: HookRegistry;
  readonly ui: { notifications: Notifications };
  readonly CONFIG: PlainObject;
  readonly game: PlainObject;
  collection(documentName: string): Collection<WorldDocument> | undefined;
  pack(id: string): PackLike | undefined;
  /** Send a write to the server; rejects (after notifying) when the server refuses it. */
  dispatch(request: ModifyRequest): Promise<ModifyResponse>;
  /** A document of this client by UUID (world, embedded or a loaded compendium document). */
  resolveSync(uuid: string): WorldDocument | null;
  /** The game.users entry for an id. */
  userById(id: string): UserLike | undefined;
  /** Run `fn` with this client as the current scope. */
  run<T>(fn: () => T): T;
}
