/**
 * The client Document of the test world: what `foundry.abstract.Document` plus core's
 * ClientDocumentMixin give every document (v13), for the documents the system touches.
 *
 * - A document is bound to the client that built it (its "host"): `isOwner`, `permission`
 *   and `testUserPermission` default to that client's user, and its writes go through that
 *   client's database backend (backend.ts), whatever scope the caller is in.
 * - Ownership (common/abstract/document.mjs `getUserLevel` / `testUserPermission`): GMs are
 *   owners; otherwise `ownership[userId] ?? ownership.default`, INHERIT defers to the parent;
 *   compendium documents take the pack's role-based level.
 * - `prepareData` runs in core's order (system base → base → embedded → system derived →
 *   derived); a throw is reported through `Hooks.onError` and does not break construction
 *   (ClientDocumentMixin#_safePrepareData).
 */
import { currentScope } from "../context";
import { DataModel, type ModelContext } from "../data-model";
import { StringField, type DataField } from "../fields";
import { DOCUMENT_OWNERSHIP_LEVELS, USER_PERMISSIONS, USER_ROLES } from "../constants";
import { Collection } from "../collections";
import { deepClone, getProperty, mergeObject, type PlainObject } from "../utils";
import { createDocuments, deleteDocuments, updateDocuments } from "./backend";
import type { DocumentHost, UserLike } from "./host";

/** What a permission test sees of a document: a client document or the server's record of one. */
export interface PermissionSubject {
  readonly documentName: string;
  readonly _source: PlainObject;
  readonly parent: unknown;
  getUserLevel(user: UserLike): number;
  testUserPermission(user: UserLike, permission: string | number, options?: { exact?: boolean }): boolean;
  canUserModify(user: UserLike, action: "create" | "update" | "delete", data?: PlainObject): boolean;
}

export type PermissionRule = string | ((user: UserLike, doc: PermissionSubject, data: PlainObject) => boolean);

export interface DocumentMetadata {
  name: string;
  collection: string;
  /** Embedded document name → field name ("Item" → "items"). */
  embedded: Record<string, string>;
  hasTypeData: boolean;
  permissions: { create: PermissionRule; update: PermissionRule; delete: PermissionRule };
}

export interface DocumentContext extends ModelContext {
  parent?: WorldDocument | null;
  pack?: string | null;
  host?: DocumentHost;
}

export interface SystemLifecycle {
  prepareBaseData?(): void;
  prepareDerivedData?(): void;
  _preCreate?(data: PlainObject, options: PlainObject, user: unknown): Promise<boolean | void>;
  _onCreate?(data: PlainObject, options: PlainObject, userId: string): void;
  _preUpdate?(changes: PlainObject, options: PlainObject, user: unknown): Promise<boolean | void>;
  _onUpdate?(changed: PlainObject, options: PlainObject, userId: string): void;
  _preDelete?(options: PlainObject, user: unknown): Promise<boolean | void>;
  _onDelete?(options: PlainObject, userId: string): void;
}

const hosts = new WeakMap<object, DocumentHost>();

/** The client of the running code (a document built outside any client has none). */
export function currentHost(): DocumentHost | undefined {
  const scope = currentScope();
  return scope?.kind === "client" ? (scope as unknown as DocumentHost) : undefined;
}

/** The client a document lives on, else the current client. */
export function hostOf(doc: object): DocumentHost {
  const host = hosts.get(doc) ?? currentHost();
  if (!host) throw new Error("No test world client: create a world (tests/world) before using documents");
  return host;
}

/**
 * A document's `author` field read as core's author fields do (DocumentAuthorField,
 * ForeignDocumentField): the User document of the client the document lives on. Call in
 * `_initialize`, after the data is set.
 */
export function exposeAuthor(doc: { _source: Record<string, unknown> }): void {
  Object.defineProperty(doc, "author", {
    get: () => hostOf(doc).userById(doc._source.author as string) ?? null,
    configurable: true,
    enumerable: true,
  });
}

/** The current client; throws outside a world. */
export function requireHost(): DocumentHost {
  const host = currentHost();
  if (!host) throw new Error("No test world client: create a world (tests/world) before using documents");
  return host;
}

export function bindHost(doc: object, host: DocumentHost): void {
  hosts.set(doc, host);
}

/** Rendering and sheets are supplied by the applications layer (tests/world/applications). */
export const presentation: {
  render(doc: WorldDocument, options: PlainObject): void;
  sheet(doc: WorldDocument): unknown;
} = {
  render: () => undefined,
  sheet: () => null,
};

const LEVELS = DOCUMENT_OWNERSHIP_LEVELS as Record<string, number>;
const ROLES = USER_ROLES as Record<string, number>;

export class WorldDocument extends DataModel {
  static metadata: DocumentMetadata = {
    name: "Document",
    collection: "documents",
    embedded: {},
    hasTypeData: false,
    // common/abstract/document.mjs: assistants create and delete, owners update.
    permissions: { create: "ASSISTANT", update: "OWNER", delete: "ASSISTANT" },
  };

  declare _id: string | null;
  declare name: string;
  declare type: string;
  declare flags: PlainObject;
  declare readonly pack: string | null;
  /** Applications showing this document, by id (core's `Document#apps`). */
  declare apps: Record<string, unknown>;

  constructor(data: PlainObject = {}, context: DocumentContext = {}) {
    super(data, context);
  }

  static get documentName(): string {
    return this.metadata.name;
  }

  /** The class configured for this document type on the current client. */
  static get implementation(): typeof WorldDocument {
    const config = (globalThis as unknown as { CONFIG?: Record<string, { documentClass?: typeof WorldDocument }> }).CONFIG;
    return config?.[this.documentName]?.documentClass ?? this;
  }

  static get collectionName(): string {
    return this.metadata.collection;
  }

  static get TYPES(): string[] {
    const config = (globalThis as unknown as { CONFIG?: Record<string, { dataModels?: PlainObject }> }).CONFIG;
    return Object.keys(config?.[this.documentName]?.dataModels ?? {});
  }

  static getCollectionName(documentName: string): string | null {
    return this.metadata.embedded[documentName] ?? null;
  }

  /** The `type` field of documents with system subtypes: one of CONFIG[name].dataModels. */
  static typeField(): StringField {
    const types = () => this.TYPES;
    return new StringField({ required: true, blank: false, choices: () => (types().length ? types() : ["base"]) });
  }

  protected override _configure(options: PlainObject = {}): void {
    super._configure(options);
    const parent = this.parent as WorldDocument | null;
    const pack = typeof options.pack === "string" ? options.pack : (parent?.pack ?? null);
    Object.defineProperty(this, "pack", { value: pack, writable: false, configurable: true });
    Object.defineProperty(this, "apps", { value: {}, writable: true, configurable: true, enumerable: false });
    const host = (options.host as DocumentHost | undefined) ?? (parent ? hosts.get(parent) : undefined) ?? currentHost();
    if (host) hosts.set(this, host);
  }

  protected override _initialize(options: PlainObject = {}): void {
    super._initialize(options);
    this._safePrepareData();
  }

  get documentName(): string {
    return (this.constructor as typeof WorldDocument).documentName;
  }

  get collectionName(): string {
    return (this.constructor as typeof WorldDocument).collectionName;
  }

  get id(): string | null {
    return this._id;
  }

  get uuid(): string {
    const own = `${this.documentName}.${this.id}`;
    const parent = this.parent as WorldDocument | null;
    if (parent) return `${parent.uuid}.${own}`;
    return this.pack ? `Compendium.${this.pack}.${own}` : own;
  }

  get isEmbedded(): boolean {
    return this.parent !== null;
  }

  get inCompendium(): boolean {
    return !!this.pack;
  }

  get compendium(): unknown {
    return this.pack ? hostOf(this).pack(this.pack) : null;
  }

  /** The collection that holds this document: the parent's embedded collection, a pack, or a world collection. */
  get collection(): Collection<WorldDocument> | null {
    const parent = this.parent as WorldDocument | null;
    if (parent) {
      const field = (parent.constructor as typeof WorldDocument).getCollectionName(this.documentName);
      return field ? (parent as unknown as Record<string, Collection<WorldDocument>>)[field] : null;
    }
    if (this.pack) return (hostOf(this).pack(this.pack) as unknown as Collection<WorldDocument>) ?? null;
    return hostOf(this).collection(this.documentName) ?? null;
  }

  /* ---------- permissions ---------- */

  /** The level recorded for the user, ignoring roles (common Document#getUserLevel). */
  getUserLevel(user?: UserLike | null): number {
    user ??= hostOf(this).user;
    if (this.pack) return hostOf(this).pack(this.pack)?.getUserLevel(user) ?? LEVELS.NONE;
    const ownership = (this as unknown as { ownership?: Record<string, number> }).ownership;
    if (ownership) {
      const level = ownership[user.id ?? ""] ?? ownership.default ?? LEVELS.NONE;
      if (level !== LEVELS.INHERIT) return level;
    }
    const parent = this.parent as WorldDocument | null;
    return parent ? parent.getUserLevel(user) : LEVELS.NONE;
  }

  testUserPermission(user: UserLike | null | undefined, permission: string | number, { exact = false }: { exact?: boolean } = {}): boolean {
    user ??= hostOf(this).user;
    const level = user.isGM ? LEVELS.OWNER : this.getUserLevel(user);
    const target = typeof permission === "string" ? (LEVELS[permission] ?? LEVELS.OWNER) : permission;
    return exact ? level === target : level >= target;
  }

  /** This client's user's level; GMs are always owners (ClientDocumentMixin#permission). */
  get permission(): number {
    const user = hostOf(this).user;
    if (user.isGM) return LEVELS.OWNER;
    if (this.isEmbedded) return (this.parent as WorldDocument).permission;
    return this.getUserLevel(user);
  }

  get isOwner(): boolean {
    return this.testUserPermission(hostOf(this).user, "OWNER");
  }

  get limited(): boolean {
    return this.testUserPermission(hostOf(this).user, "LIMITED", { exact: true });
  }

  get visible(): boolean {
    return this.testUserPermission(hostOf(this).user, "LIMITED");
  }

  /** Is some non-GM user an owner? */
  get hasPlayerOwner(): boolean {
    const users = (hostOf(this).game.users as Collection<UserLike> | undefined)?.contents ?? [];
    return users.some((u) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }

  /** May the user perform the action (common Document#canUserModify)? */
  canUserModify(user: UserLike, action: "create" | "update" | "delete", data: PlainObject = {}): boolean {
    const rule = (this.constructor as typeof WorldDocument).metadata.permissions[action];
    return checkRule(rule, user, this, data);
  }

  /* ---------- data preparation ---------- */

  _safePrepareData(): void {
    try {
      this.prepareData();
    } catch (error) {
      const host = hosts.get(this) ?? currentHost();
      if (!host) throw error;
      host.Hooks.onError("ClientDocumentMixin#_initialize", error, { msg: `Failed data preparation for ${this.uuid}`, log: "error" });
    }
  }

  /** Core order: system base → document base → embedded → system derived → document derived. */
  prepareData(): void {
    const system = (this as unknown as { system?: SystemLifecycle }).system;
    system?.prepareBaseData?.();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    system?.prepareDerivedData?.();
    this.prepareDerivedData();
  }

  prepareBaseData(): void {}

  prepareEmbeddedDocuments(): void {
    for (const field of Object.values((this.constructor as typeof WorldDocument).metadata.embedded)) {
      const collection = (this as unknown as Record<string, unknown>)[field];
      if (collection instanceof Collection) for (const doc of collection.values()) (doc as WorldDocument)._safePrepareData();
    }
  }

  prepareDerivedData(): void {}

  override reset(): void {
    this._initialize();
  }

  /* ---------- flags ---------- */

  #assertFlagScope(scope: string): void {
    const systemId = (hostOf(this).game.system as { id?: string } | undefined)?.id;
    if (!["core", "world", systemId].includes(scope)) throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
  }

  getFlag(scope: string, key: string): unknown {
    this.#assertFlagScope(scope);
    return getProperty(this.flags?.[scope], key);
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    this.#assertFlagScope(scope);
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  async unsetFlag(scope: string, key: string): Promise<this | undefined> {
    this.#assertFlagScope(scope);
    const parts = key.split(".");
    parts[parts.length - 1] = `-=${parts[parts.length - 1]}`;
    return this.update({ [`flags.${scope}.${parts.join(".")}`]: null });
  }

  /* ---------- database operations ---------- */

  static async create(data: PlainObject | PlainObject[], operation: PlainObject = {}): Promise<unknown> {
    const created = await this.createDocuments(Array.isArray(data) ? data : [data], operation);
    return Array.isArray(data) ? created : created.shift();
  }

  static async createDocuments(data: PlainObject[] = [], operation: PlainObject = {}): Promise<WorldDocument[]> {
    return createDocuments(this.implementation, data, operation);
  }

  static async updateDocuments(updates: PlainObject[] = [], operation: PlainObject = {}): Promise<WorldDocument[]> {
    return updateDocuments(this.implementation, updates, operation);
  }

  static async deleteDocuments(ids: string[] = [], operation: PlainObject = {}): Promise<WorldDocument[]> {
    return deleteDocuments(this.implementation, ids, operation);
  }

  /** Like core, the caller's data object receives the `_id` and any rewrite a pre-update hook makes. */
  async update(data: PlainObject = {}, operation: PlainObject = {}): Promise<this | undefined> {
    data._id = this.id;
    const updated = await updateDocuments(this.constructor as typeof WorldDocument, [data], { ...operation, parent: this.parent, pack: this.pack }, hostOf(this));
    return updated.shift() as this | undefined;
  }

  async delete(operation: PlainObject = {}): Promise<this | undefined> {
    const deleted = await deleteDocuments(this.constructor as typeof WorldDocument, [this.id as string], { ...operation, parent: this.parent, pack: this.pack }, hostOf(this));
    return deleted.shift() as this | undefined;
  }

  getEmbeddedCollection(documentName: string): Collection<WorldDocument> {
    const field = (this.constructor as typeof WorldDocument).getCollectionName(documentName);
    const collection = field ? (this as unknown as Record<string, unknown>)[field] : undefined;
    if (!(collection instanceof Collection)) throw new Error(`${documentName} is not an embedded Document within the ${this.documentName} Document`);
    return collection as Collection<WorldDocument>;
  }

  getEmbeddedDocument(documentName: string, id: string, { strict = false }: { strict?: boolean } = {}): WorldDocument | undefined {
    return this.getEmbeddedCollection(documentName).get(id, { strict });
  }

  #embeddedClass(documentName: string): typeof WorldDocument {
    const config = hostOf(this).CONFIG as Record<string, { documentClass?: typeof WorldDocument }>;
    const cls = config[documentName]?.documentClass;
    if (!cls) throw new Error(`CONFIG.${documentName}.documentClass is not defined`);
    return cls;
  }

  async createEmbeddedDocuments(documentName: string, data: PlainObject[] = [], operation: PlainObject = {}): Promise<WorldDocument[]> {
    this.getEmbeddedCollection(documentName);
    return createDocuments(this.#embeddedClass(documentName), data, { ...operation, parent: this, pack: this.pack }, hostOf(this));
  }

  async updateEmbeddedDocuments(documentName: string, updates: PlainObject[] = [], operation: PlainObject = {}): Promise<WorldDocument[]> {
    this.getEmbeddedCollection(documentName);
    return updateDocuments(this.#embeddedClass(documentName), updates, { ...operation, parent: this, pack: this.pack }, hostOf(this));
  }

  async deleteEmbeddedDocuments(documentName: string, ids: string[] = [], operation: PlainObject = {}): Promise<WorldDocument[]> {
    this.getEmbeddedCollection(documentName);
    return deleteDocuments(this.#embeddedClass(documentName), ids, { ...operation, parent: this, pack: this.pack }, hostOf(this));
  }

  /** A copy; saved (created) when `save` is set. The id is dropped unless `keepId`. */
  override clone(data: PlainObject = {}, { save = false, keepId = false, ...context }: DocumentContext & { save?: boolean; keepId?: boolean } = {}): this {
    const cloneData = mergeObject(this.toObject(), data);
    if (!keepId) delete cloneData._id;
    const cls = this.constructor as typeof WorldDocument;
    if (save) return cls.create(cloneData, { parent: this.parent, pack: this.pack }) as unknown as this;
    return new (cls as unknown as new (d: PlainObject, c: DocumentContext) => this)(cloneData, { parent: this.parent as WorldDocument | null, pack: this.pack, host: hostOf(this), ...context });
  }

  toDragData(): PlainObject {
    return { type: this.documentName, uuid: this.uuid };
  }

  static async fromDropData(data: PlainObject): Promise<WorldDocument | null> {
    if (data.type && data.type !== this.documentName) return null;
    if (typeof data.uuid !== "string") return null;
    const resolve = (globalThis as unknown as { fromUuid: (uuid: string) => Promise<WorldDocument | null> }).fromUuid;
    return resolve(data.uuid);
  }

  /* ---------- content links ---------- */

  /**
   * This document's content link (client/documents/abstract/client-document.mjs `toAnchor`):
   * `a.content-link` with `data-link`, uuid, id, type, pack and a tooltip naming the type, the
   * type's icon, the document's name unless one is given. Core's own labels (`DOCUMENT.*`) are
   * not in the world's translations: the document name stands in for them.
   */
  toAnchor({ attrs = {}, dataset = {}, classes = [], name, icon }: { attrs?: PlainObject; dataset?: PlainObject; classes?: string[]; name?: string; icon?: string } = {}): unknown {
    const g = globalThis as unknown as {
      CONFIG: Record<string, { sidebarIcon?: string; typeLabels?: Record<string, string>; typeIcons?: Record<string, string> } | undefined>;
      game: { i18n: { has(key: string): boolean; localize(key: string): string } };
      foundry: { applications: { ux: { TextEditor: { implementation: { createAnchor(options: object): unknown } } } } };
    };
    const config = g.CONFIG[this.documentName];
    const i18n = g.game.i18n;
    const label = (key: string | undefined, fallback: string) => (key && i18n.has(key) ? i18n.localize(key) : fallback);
    const documentName = label(`DOCUMENT.${this.documentName}`, this.documentName);
    let anchorIcon = icon ?? config?.sidebarIcon;
    if (!classes.includes("content-link")) classes.unshift("content-link");
    const data: PlainObject = { link: "", uuid: this.uuid, id: this.id, type: this.documentName, pack: this.pack, tooltip: documentName, ...dataset };
    if (this.type) {
      const typeName = label(config?.typeLabels?.[this.type], "");
      data.tooltipText ??= typeName ? `${typeName} ${documentName}` : documentName;
      anchorIcon = icon ?? config?.typeIcons?.[this.type] ?? config?.sidebarIcon;
    }
    return g.foundry.applications.ux.TextEditor.implementation.createAnchor({ attrs: { draggable: "true", ...attrs }, dataset: data, name: name ?? this.name, classes, icon: anchorIcon });
  }

  /** A click on this document's content link: its sheet (client-document.mjs `_onClickDocumentLink`). */
  _onClickDocumentLink(_event: Event): unknown {
    return (this.sheet as { render(force: boolean): unknown } | null)?.render(true) ?? null;
  }

  /* ---------- rendering ---------- */

  get sheet(): unknown {
    return presentation.sheet(this);
  }

  render(force = false, context: PlainObject = {}): void {
    presentation.render(this, { force, ...context });
  }

  /* ---------- event handlers ---------- */

  protected get systemLifecycle(): SystemLifecycle | undefined {
    const system = (this as unknown as { system?: unknown }).system;
    return system instanceof DataModel ? (system as unknown as SystemLifecycle) : undefined;
  }

  async _preCreate(data: PlainObject, options: PlainObject, user: UserLike): Promise<boolean | void> {
    return this.systemLifecycle?._preCreate?.(data, options, user);
  }

  _onCreate(data: PlainObject, options: PlainObject, userId: string): void {
    this.systemLifecycle?._onCreate?.(data, options, userId);
  }

  async _preUpdate(changes: PlainObject, options: PlainObject, user: UserLike): Promise<boolean | void> {
    return this.systemLifecycle?._preUpdate?.(changes, options, user);
  }

  _onUpdate(changed: PlainObject, options: PlainObject, userId: string): void {
    this.systemLifecycle?._onUpdate?.(changed, options, userId);
    if (options.render !== false) this.render(false, { action: "update", renderContext: `update${this.documentName}`, renderData: changed });
  }

  async _preDelete(options: PlainObject, user: UserLike): Promise<boolean | void> {
    return this.systemLifecycle?._preDelete?.(options, user);
  }

  _onDelete(options: PlainObject, userId: string): void {
    this.systemLifecycle?._onDelete?.(options, userId);
  }

  static async _preCreateOperation(_documents: WorldDocument[], _operation: PlainObject, _user: UserLike): Promise<boolean | void> {}
  static async _onCreateOperation(_documents: WorldDocument[], _operation: PlainObject, _user: UserLike): Promise<void> {}
  static async _preUpdateOperation(_documents: WorldDocument[], _operation: PlainObject, _user: UserLike): Promise<boolean | void> {}
  static async _onUpdateOperation(_documents: WorldDocument[], _operation: PlainObject, _user: UserLike): Promise<void> {}
  static async _preDeleteOperation(_documents: WorldDocument[], _operation: PlainObject, _user: UserLike): Promise<boolean | void> {}
  static async _onDeleteOperation(_documents: WorldDocument[], _operation: PlainObject, _user: UserLike): Promise<void> {}

  /** Call `_<event>DescendantDocuments` here and on every ancestor (ClientDocumentMixin). */
  _dispatchDescendantDocumentEvents(event: string, collection: string, args: unknown[], _parent?: WorldDocument): void {
    const origin = _parent ?? this;
    const handler = (this as unknown as Record<string, unknown>)[`_${event}DescendantDocuments`];
    if (typeof handler === "function") (handler as (...a: unknown[]) => void).call(this, origin, collection, ...args);
    const parent = this.parent as WorldDocument | null;
    parent?._dispatchDescendantDocumentEvents(event, collection, args, origin);
  }

  _preCreateDescendantDocuments(..._args: unknown[]): void {}
  _preUpdateDescendantDocuments(..._args: unknown[]): void {}
  _preDeleteDescendantDocuments(..._args: unknown[]): void {}

  _onCreateDescendantDocuments(_parent: WorldDocument, collection: string, _documents: WorldDocument[], _data: unknown[], options: PlainObject): void {
    if (options.render !== false) this.render(false, { renderContext: `create${collection}` });
  }

  _onUpdateDescendantDocuments(_parent: WorldDocument, collection: string, _documents: WorldDocument[], changes: unknown[], options: PlainObject): void {
    if (options.render !== false) this.render(false, { renderContext: `update${collection}`, renderData: changes });
  }

  _onDeleteDescendantDocuments(_parent: WorldDocument, collection: string, _documents: WorldDocument[], _ids: string[], options: PlainObject): void {
    if (options.render !== false) this.render(false, { renderContext: `delete${collection}` });
  }

  static override defineSchema(): Record<string, DataField> {
    return {};
  }
}

/** Evaluate a permission rule: a test function, a user permission, a role, or an ownership level. */
export function checkRule(rule: PermissionRule, user: UserLike, doc: PermissionSubject, data: PlainObject): boolean {
  if (typeof rule === "function") return rule(user, doc, data);
  if (rule in USER_PERMISSIONS) return user.hasPermission(rule);
  if (rule in ROLES) return user.hasRole(rule);
  if (rule in LEVELS) return doc.testUserPermission(user, rule);
  return false;
}

export function cloneSource<T>(value: T): T {
  return deepClone(value);
}
