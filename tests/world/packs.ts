/**
 * Compendium packs (client/documents/collections/compendium-collection.mjs, v13). The server
 * keeps each pack's sources; each client has a CompendiumCollection with an index (built from
 * the sources, `getIndex({fields})` adds fields) and the documents it has loaded
 * (`getDocument`, `getDocuments`). System packs are locked: a write throws after an error
 * notification. Ownership is by role: `pack.ownership` maps role names to levels
 * (system.json default: players OBSERVER, assistants OWNER; GMs are always owners).
 *
 * Sources come from a loader: in node `pack-sources.ts` reads packs/_source YAML; a browser page
 * passes the same data as JSON (`createWorld({ packs: [...] })`).
 */
import { Collection } from "./collections";
import { DOCUMENT_OWNERSHIP_LEVELS, USER_ROLES } from "./constants";
import { deepClone, getProperty, setProperty, type PlainObject } from "./utils";
import type { DocumentHost, PackLike, UserLike } from "./documents/host";
import type { WorldDocument } from "./documents/document";

/** One pack as the world loads it. */
export interface PackSource {
  /** Pack name in the system ("species"). */
  name: string;
  label: string;
  /** Document type ("Item", "Actor", "JournalEntry"). */
  type: string;
  /** The package id ("clockwork", or a module's id). */
  system: string;
  /** "system" (default) or "module" (tests/world/modules.ts). */
  packageType?: "system" | "module";
  ownership?: Record<string, string>;
  /** Primary documents of the pack (folders excluded). */
  documents: PlainObject[];
}

export interface ServerPack {
  metadata: { id: string; name: string; label: string; type: string; system: string; packageType: string; packageName: string; ownership: Record<string, string> };
  locked: boolean;
  sources: Map<string, PlainObject>;
}

export function serverPack(source: PackSource): ServerPack {
  const id = `${source.system}.${source.name}`;
  return {
    metadata: {
      id, name: source.name, label: source.label, type: source.type, system: source.system,
      packageType: source.packageType ?? "system", packageName: source.system, ownership: source.ownership ?? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
    },
    locked: true,
    sources: new Map(source.documents.map((doc) => [doc._id as string, stripKey(doc)])),
  };
}

function stripKey(doc: PlainObject): PlainObject {
  const { _key, ...rest } = doc;
  return deepClone(rest);
}

/** Fields every index entry has (metadata.compendiumIndexFields of Item and Actor). */
const INDEX_FIELDS = ["_id", "name", "img", "type", "sort", "folder"];

const LEVELS = DOCUMENT_OWNERSHIP_LEVELS as Record<string, number>;
const ROLES = USER_ROLES as Record<string, number>;

/** The highest level the user's role reaches in a pack's ownership map. */
export function packLevel(ownership: Record<string, string>, user: UserLike): number {
  if (user.role >= USER_ROLES.GAMEMASTER) return LEVELS.OWNER;
  let level = LEVELS.NONE;
  for (const [role, name] of Object.entries(ownership)) {
    if (user.role >= (ROLES[role] ?? Infinity)) level = Math.max(level, LEVELS[name] ?? LEVELS.NONE);
  }
  return level;
}

type DocCtor = new (data: PlainObject, context: PlainObject) => WorldDocument;

export class CompendiumCollection extends Collection<WorldDocument> implements PackLike {
  readonly #pack: ServerPack;
  readonly #host: DocumentHost;
  readonly index = new Collection<PlainObject>();
  #indexFields = new Set(INDEX_FIELDS);

  constructor(pack: ServerPack, host: DocumentHost) {
    super();
    this.#pack = pack;
    this.#host = host;
    this.#buildIndex();
  }

  get metadata(): ServerPack["metadata"] {
    return this.#pack.metadata;
  }

  get collection(): string {
    return this.#pack.metadata.id;
  }

  get documentName(): string {
    return this.#pack.metadata.type;
  }

  get title(): string {
    return this.#pack.metadata.label;
  }

  get locked(): boolean {
    return this.#pack.locked;
  }

  get ownership(): Record<string, string> {
    return this.#pack.metadata.ownership;
  }

  get documentClass(): typeof WorldDocument {
    const cls = (this.#host.CONFIG as Record<string, { documentClass?: typeof WorldDocument }>)[this.documentName]?.documentClass;
    if (!cls) throw new Error(`No document class for ${this.documentName}`);
    return cls;
  }

  getUserLevel(user?: UserLike): number {
    return packLevel(this.ownership, user ?? this.#host.user);
  }

  testUserPermission(user: UserLike, permission: string | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const level = this.getUserLevel(user);
    const target = typeof permission === "string" ? (LEVELS[permission] ?? LEVELS.OWNER) : permission;
    return exact ? level === target : level >= target;
  }

  get visible(): boolean {
    return this.getUserLevel() >= LEVELS.OBSERVER;
  }

  #entry(source: PlainObject): PlainObject {
    const entry: PlainObject = { uuid: `Compendium.${this.collection}.${this.documentName}.${source._id}` };
    for (const field of this.#indexFields) {
      const value = getProperty(source, field);
      if (value !== undefined) setProperty(entry, field, deepClone(value));
    }
    return entry;
  }

  #buildIndex(): void {
    this.index.clear();
    for (const source of this.#pack.sources.values()) this.index.set(source._id as string, this.#entry(source));
  }

  /** The index, with extra fields when asked (`getIndex({fields: ["system.kind"]})`). */
  async getIndex({ fields = [] }: { fields?: string[] } = {}): Promise<Collection<PlainObject>> {
    const missing = fields.filter((f) => !this.#indexFields.has(f));
    if (missing.length) {
      for (const field of missing) this.#indexFields.add(field);
      this.#buildIndex();
    }
    return this.index;
  }

  indexEntry(id: string): PlainObject | undefined {
    return this.index.get(id);
  }

  async getDocument(id: string): Promise<WorldDocument | undefined> {
    const loaded = this.get(id);
    if (loaded) return loaded;
    const source = this.#pack.sources.get(id);
    if (!source) return undefined;
    const doc = new (this.documentClass as unknown as DocCtor)(deepClone(source), { pack: this.collection, host: this.#host });
    super.set(id, doc);
    return doc;
  }

  /** Documents matching a query: `{_id__in: [...]}` or field equality (`{type: "spell"}`). */
  async getDocuments(query: PlainObject = {}): Promise<WorldDocument[]> {
    const { _id__in: ids, ...equal } = query;
    const out: WorldDocument[] = [];
    for (const source of this.#pack.sources.values()) {
      if (Array.isArray(ids) && !ids.includes(source._id)) continue;
      if (Object.entries(equal).some(([k, v]) => getProperty(source, k) !== v)) continue;
      const doc = await this.getDocument(source._id as string);
      if (doc) out.push(doc);
    }
    return out;
  }

  /** A document written into the pack (by a broadcast) also refreshes its index entry. */
  override set(id: string, doc: WorldDocument): this {
    super.set(id, doc);
    this.index.set(id, this.#entry(doc._source));
    return this;
  }

  override delete(id: string): boolean {
    this.index.delete(id);
    return super.delete(id);
  }

  /** Lock or unlock the pack (GM only; core stores this in the compendium configuration). */
  async configure({ locked }: { locked?: boolean } = {}): Promise<void> {
    if (!this.#host.user.isGM) throw new Error("Only a Gamemaster may configure a compendium");
    if (locked !== undefined) this.#pack.locked = locked;
  }

  async importDocument(document: WorldDocument, options: PlainObject = {}): Promise<unknown> {
    const data = document.toObject();
    delete data._id;
    return (this.documentClass as unknown as { create(d: PlainObject, o: PlainObject): Promise<unknown> }).create(data, { ...options, pack: this.collection });
  }
}
