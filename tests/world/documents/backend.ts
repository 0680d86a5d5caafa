/**
 * The client side of a document write, modelled on Foundry v13
 * `client/data/client-backend.mjs` (ClientDatabaseBackend) and `common/abstract/backend.mjs`:
 *
 * - create: each entry is migrated, then constructed (a validation failure is reported through
 *   `Hooks.onError` with an error notification and that entry is skipped); then `_preCreate`
 *   and the `preCreate<Type>` hook run (false skips it). The rest of the batch is sent.
 * - update: each change is migrated; `_preUpdate` and `preUpdate<Type>` run BEFORE validation
 *   and may rewrite the change (in the caller's object); then a dry-run `updateSource`
 *   validates it. A failure shows `ui.notifications.error`, is logged, and skips that document:
 *   `update()` resolves undefined and batches resolve shorter arrays. Only the diff is sent;
 *   an empty diff sends nothing.
 * - delete: `_preDelete` and `preDelete<Type>` may cancel.
 * - the server's answer is applied by `handleResponse` on every connected client: documents
 *   change, then `_on<Action>` and the `<action><Type>` hooks run with the requesting userId.
 * - a write into a locked compendium notifies and throws before anything runs
 *   (DatabaseBackend#assertCompendiumUnlocked); a refusal by the server notifies and rejects
 *   (SocketInterface.dispatch), see server.ts.
 */
import { currentScope } from "../context";
import { DataModel } from "../data-model";
import { deepClone, expandObject, isEmpty, isPlainObject, type PlainObject } from "../utils";
import type { Collection } from "../collections";
import { hostOf, type WorldDocument } from "./document";
import type { DocumentHost, ModifyRequest, ModifyResponse } from "./host";
import { OPERATORS_APPLIED, v14Changes } from "./operators";

type DocumentClass = typeof WorldDocument;
type DocCtor = new (data: PlainObject, context: PlainObject) => WorldDocument;

function hostFor(explicit: DocumentHost | undefined, parent: unknown): DocumentHost {
  if (explicit) return explicit;
  if (parent) return hostOf(parent as object);
  const scope = currentScope();
  if (scope?.kind !== "client") throw new Error("No test world client: create a world (tests/world) before writing documents");
  return scope as unknown as DocumentHost;
}

/** The collection a write targets on this client (ClientDatabaseBackend.#getCollection). */
function targetCollection(host: DocumentHost, documentName: string, parent: WorldDocument | null, pack: string | null) {
  if (parent) return parent.getEmbeddedCollection(documentName);
  if (pack) {
    const collection = host.pack(pack);
    if (!collection) throw new Error(`Compendium pack "${pack}" is not a valid Compendium identifier`);
    return collection;
  }
  const collection = host.collection(documentName);
  if (!collection) throw new Error(`The test world has no ${documentName} collection`);
  return collection;
}

function assertUnlocked(host: DocumentHost, pack: string | null, action: string): void {
  if (!pack) return;
  const collection = host.pack(pack);
  if (!collection) throw new Error(`Compendium pack "${pack}" is not a valid Compendium identifier`);
  if (!collection.locked) return;
  const message = `You may not ${action} documents in the locked compendium "${pack}".`;
  host.ui.notifications.error(message, { console: true });
  throw new Error(message);
}

/** The caller's changes with any deletion keys (`-=key`) the dry-run diff cannot show. */
function withDeletions(diff: PlainObject, changes: PlainObject): PlainObject {
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith("-=")) diff[key] = null;
    else if (isPlainObject(value)) {
      const inner = withDeletions(isPlainObject(diff[key]) ? (diff[key] as PlainObject) : {}, value);
      if (!isEmpty(inner)) diff[key] = inner;
    }
  }
  return diff;
}

function runOn<T>(host: DocumentHost, fn: () => Promise<T>): Promise<T> {
  return host.run(fn);
}

export async function createDocuments(cls: DocumentClass, data: PlainObject[], operation: PlainObject = {}, explicit?: DocumentHost): Promise<WorldDocument[]> {
  const host = hostFor(explicit, operation.parent);
  return runOn(host, async () => {
    const { parent = null, pack = null, noHook = false, ...options } = operation as PlainObject & { parent?: WorldDocument | null; pack?: string | null };
    assertUnlocked(host, pack, "create");
    const type = cls.documentName;
    const user = host.user;
    const documents: WorldDocument[] = [];
    for (const entry of data) {
      let source = entry instanceof DataModel ? entry.toObject() : expandObject(deepClone(entry));
      source = cls.migrateData(source);
      let doc: WorldDocument;
      try {
        doc = new (cls as unknown as DocCtor)(deepClone(source), { parent, pack, host });
      } catch (error) {
        host.Hooks.onError("ClientDatabaseBackend##preCreateDocumentArray", error, { id: source._id, log: "error", notify: "error" });
        continue;
      }
      let allowed = (await doc._preCreate(source, options, user)) ?? true;
      allowed &&= (noHook as boolean) || host.Hooks.call(`preCreate${type}`, doc, source, options, user.id);
      if (allowed === false) continue;
      documents.push(doc);
    }
    if (!documents.length) return [];
    if ((await cls._preCreateOperation(documents, { ...options, parent, pack }, user)) === false) return [];
    const request: ModifyRequest = {
      type, action: "create", parentUuid: parent?.uuid ?? null, pack,
      data: documents.map((d) => d.toObject()), options: deepClone(stripInternal(options)),
    };
    return handleResponse(host, await host.dispatch(request)) as Promise<WorldDocument[]>;
  });
}

export async function updateDocuments(cls: DocumentClass, updates: PlainObject[], operation: PlainObject = {}, explicit?: DocumentHost): Promise<WorldDocument[]> {
  const host = hostFor(explicit, operation.parent);
  return runOn(host, async () => {
    const { parent = null, pack = null, noHook = false, [OPERATORS_APPLIED]: operatorsApplied = false, ...rest } = operation as PlainObject & { parent?: WorldDocument | null; pack?: string | null };
    const options: PlainObject = { diff: true, recursive: true, render: true, ...rest };
    assertUnlocked(host, pack, "update");
    const collection = targetCollection(host, cls.documentName, parent, pack);
    if (pack && !parent) for (const { _id } of updates) await host.pack(pack)?.getDocument(_id as string);
    const type = cls.documentName;
    const user = host.user;
    const documents: WorldDocument[] = [];
    const toUpdate: PlainObject[] = [];
    for (const update of updates) {
      if (!update._id) throw new Error("You must provide an _id for every object in the update data Array.");
      if (!(update instanceof DataModel) && !operatorsApplied) {
        // v14: operator values become the world's `-=key` spelling (core's applyOperators).
        const spelled = v14Changes(host, update);
        if (spelled !== update) for (const key of Object.keys(update)) if (key !== "_id") delete update[key];
        Object.assign(update, spelled);
      }
      let changes = update instanceof DataModel ? update.toObject() : expandObject(update);
      const doc = collection.get(update._id as string, { strict: true }) as WorldDocument;
      // The subtype's migration needs the type (core adds it for the migration: schema._addTypes).
      const addType = "type" in doc._source && !("type" in changes);
      if (addType) changes.type = doc._source.type;
      changes = cls.migrateData(changes);
      if (addType) delete changes.type;
      if (changes !== update) {
        for (const key of Object.keys(update)) delete update[key];
        changes = Object.assign(update, changes);
      }
      let allowed = (await doc._preUpdate(changes, options, user)) ?? true;
      allowed &&= (noHook as boolean) || host.Hooks.call(`preUpdate${type}`, doc, changes, options, user.id);
      if (allowed === false) continue;

      let diff: PlainObject;
      try {
        const { _id, ...fields } = changes;
        diff = doc.updateSource(fields, { dryRun: true, fallback: false });
      } catch (error) {
        host.ui.notifications.error(String((error as Error).message).split("] ").pop() as string);
        host.Hooks.onError("ClientDatabaseBackend##preUpdateDocumentArray", error, { id: doc.id, log: "error" });
        continue;
      }
      if (options.diff) {
        diff = withDeletions(diff, changes);
        if (isEmpty(diff)) continue;
        diff._id = doc.id;
        changes = diff;
      }
      documents.push(doc);
      toUpdate.push(changes);
    }
    if (!toUpdate.length) return [];
    if ((await cls._preUpdateOperation(documents, { ...options, parent, pack }, user)) === false) return [];
    const request: ModifyRequest = {
      type, action: "update", parentUuid: parent?.uuid ?? null, pack, updates: deepClone(toUpdate), options: deepClone(stripInternal(options)),
    };
    return handleResponse(host, await host.dispatch(request)) as Promise<WorldDocument[]>;
  });
}

export async function deleteDocuments(cls: DocumentClass, ids: string[], operation: PlainObject = {}, explicit?: DocumentHost): Promise<WorldDocument[]> {
  const host = hostFor(explicit, operation.parent);
  return runOn(host, async () => {
    const { parent = null, pack = null, noHook = false, deleteAll = false, ...options } = operation as PlainObject & { parent?: WorldDocument | null; pack?: string | null };
    assertUnlocked(host, pack, "delete");
    const collection = targetCollection(host, cls.documentName, parent, pack);
    const type = cls.documentName;
    const user = host.user;
    const targets = deleteAll ? [...(collection as unknown as Collection<WorldDocument>).keys()] : ids;
    if (pack && !parent) for (const id of targets) await host.pack(pack)?.getDocument(id);
    const documents: WorldDocument[] = [];
    const toDelete: string[] = [];
    for (const id of targets) {
      const doc = collection.get(id, { strict: true }) as WorldDocument;
      let allowed = (await doc._preDelete(options, user)) ?? true;
      allowed &&= (noHook as boolean) || host.Hooks.call(`preDelete${type}`, doc, options, user.id);
      if (allowed === false) continue;
      documents.push(doc);
      toDelete.push(id);
    }
    if (!toDelete.length) return [];
    if ((await cls._preDeleteOperation(documents, { ...options, parent, pack }, user)) === false) return [];
    const request: ModifyRequest = { type, action: "delete", parentUuid: parent?.uuid ?? null, pack, ids: toDelete, options: deepClone(stripInternal(options)) };
    return handleResponse(host, await host.dispatch(request)) as Promise<WorldDocument[]>;
  });
}

/** Options travel as JSON (they cross the socket): functions and documents are dropped. */
function stripInternal(options: PlainObject): PlainObject {
  const out: PlainObject = {};
  for (const [key, value] of Object.entries(options)) {
    if (typeof value === "function" || value instanceof DataModel) continue;
    out[key] = value;
  }
  return out;
}

/**
 * Apply a server response on one client: the requester (which returns the documents) and every
 * other connected client (where only `_on*` and the hooks matter).
 */
export async function handleResponse(host: DocumentHost, response: ModifyResponse): Promise<WorldDocument[]> {
  const config = host.CONFIG as Record<string, { documentClass?: DocumentClass }>;
  const cls = config[response.type]?.documentClass;
  if (!cls) throw new Error(`No document class for ${response.type} on this client`);
  const parent = response.parentUuid ? host.resolveSync(response.parentUuid) : null;
  if (response.parentUuid && !parent) return [];
  const options = deepClone(response.options);
  const userId = response.userId;
  const collectionName = parent ? ((parent.constructor as DocumentClass).getCollectionName(response.type) ?? "") : cls.collectionName;
  switch (response.action) {
    case "create":
      return applyCreate(host, cls, parent, response, options, userId, collectionName);
    case "update":
      return applyUpdate(host, cls, parent, response, options, userId, collectionName);
    case "delete":
      return applyDelete(host, cls, parent, response, options, userId, collectionName);
  }
}

async function applyCreate(host: DocumentHost, cls: DocumentClass, parent: WorldDocument | null, response: ModifyResponse, options: PlainObject, userId: string, collectionName: string): Promise<WorldDocument[]> {
  const result = deepClone(response.result as PlainObject[]);
  parent?._dispatchDescendantDocumentEvents("preCreate", collectionName, [result, options, userId]);
  const documents: WorldDocument[] = [];
  if (parent) {
    const sources = parent._source[collectionName] as PlainObject[];
    for (const data of result) sources.push(deepClone(data));
    parent.reset();
    const collection = parent.getEmbeddedCollection(response.type);
    for (const data of result) documents.push(collection.get(data._id as string) as WorldDocument);
  } else {
    const collection = targetCollection(host, response.type, null, response.pack);
    for (const data of result) {
      const doc = new (cls as unknown as DocCtor)(deepClone(data), { pack: response.pack, host });
      (collection as { set(id: string, d: WorldDocument): unknown }).set(doc.id as string, doc);
      documents.push(doc);
    }
  }
  documents.forEach((doc, i) => {
    doc._onCreate(result[i], options, userId);
    host.Hooks.callAll(`create${response.type}`, doc, options, userId);
  });
  parent?._dispatchDescendantDocumentEvents("onCreate", collectionName, [documents, result, options, userId]);
  await cls._onCreateOperation(documents, options, host.userById(userId) ?? host.user);
  return documents;
}

async function applyUpdate(host: DocumentHost, cls: DocumentClass, parent: WorldDocument | null, response: ModifyResponse, options: PlainObject, userId: string, collectionName: string): Promise<WorldDocument[]> {
  const result = deepClone(response.result as PlainObject[]);
  parent?._dispatchDescendantDocumentEvents("preUpdate", collectionName, [result, options, userId]);
  const collection = targetCollection(host, response.type, parent, response.pack);
  const updated: { doc: WorldDocument; change: PlainObject }[] = [];
  for (const { _id, ...fields } of result) {
    const doc = collection.get(_id as string) as WorldDocument | undefined;
    if (!doc) continue;
    const change = doc.updateSource(fields);
    change._id = doc.id;
    updated.push({ doc, change: withDeletions(change, fields) });
  }
  parent?.reset();
  const changes = updated.map(({ change }) => change);
  for (const { doc, change } of updated) {
    doc._onUpdate(change, options, userId);
    host.Hooks.callAll(`update${response.type}`, doc, change, options, userId);
  }
  const documents = updated.map(({ doc }) => doc);
  parent?._dispatchDescendantDocumentEvents("onUpdate", collectionName, [documents, changes, options, userId]);
  await cls._onUpdateOperation(documents, { ...options, updates: changes }, host.userById(userId) ?? host.user);
  return documents;
}

async function applyDelete(host: DocumentHost, cls: DocumentClass, parent: WorldDocument | null, response: ModifyResponse, options: PlainObject, userId: string, collectionName: string): Promise<WorldDocument[]> {
  const ids = [...(response.result as string[])];
  parent?._dispatchDescendantDocumentEvents("preDelete", collectionName, [ids, options, userId]);
  const collection = targetCollection(host, response.type, parent, response.pack);
  const documents: WorldDocument[] = [];
  for (const id of ids) {
    const doc = collection.get(id) as WorldDocument | undefined;
    if (!doc) continue;
    if (parent) {
      const sources = parent._source[collectionName] as PlainObject[];
      sources.splice(sources.findIndex((s) => s._id === id), 1);
    } else collection.delete(id);
    documents.push(doc);
  }
  parent?.reset();
  for (const doc of documents) {
    doc._onDelete(options, userId);
    host.Hooks.callAll(`delete${response.type}`, doc, options, userId);
  }
  parent?._dispatchDescendantDocumentEvents("onDelete", collectionName, [documents, documents.map((d) => d.id), options, userId]);
  await cls._onDeleteOperation(documents, options, host.userById(userId) ?? host.user);
  return documents;
}
