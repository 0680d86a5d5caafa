/**
 * Imitation of Foundry's Actor and Item documents: a `system` TypeDataField whose model comes
 * from `CONFIG[documentName].dataModels[type]`, embedded Items on Actors, `prepareData` in
 * core order, and create/update/delete that run the `_pre*` hooks and re-prepare the parent.
 * There is no database: documents live in `game.actors` / `game.items` and in the UUID
 * registry behind `fromUuid`.
 */
import { DataModel, type ModelContext } from "../world/data-model";
import {
  DataField,
  DocumentIdField,
  FilePathField,
  NumberField,
  ObjectField,
  StringField,
  type FieldCleanOptions,
  type FieldOptions,
  type FieldValidateOptions,
} from "../world/fields";
import { DataModelValidationFailure } from "../world/validation";
import { deepClone, getProperty, isPlainObject, randomID, type PlainObject } from "../world/utils";

/** What the stand-in keeps per document type in CONFIG. */
export interface DocumentConfig {
  dataModels: Record<string, typeof DataModel>;
  documentClass: typeof StandInDocument;
  trackableAttributes: Record<string, unknown>;
  typeLabels: Record<string, string>;
  [key: string]: unknown;
}

export interface StandInState {
  config: Record<string, DocumentConfig>;
  user: { id: string; name: string; isGM: boolean };
  uuidRegistry: Map<string, PlainObject>;
  world: Record<string, Collection<StandInDocument>>;
}

/** Shared mutable state, replaced by each `installFoundryStandIn()`. */
export const state: StandInState = {
  config: {},
  user: { id: "standInUser00001", name: "Gamemaster", isGM: true },
  uuidRegistry: new Map(),
  world: {},
};

/**
 * Foundry's Collection: a keyed map that iterates its values (not [key, value] pairs), with
 * array helpers. It wraps a Map because Map's own iterator signature yields pairs.
 */
export class Collection<T> {
  readonly #map: Map<string, T>;

  constructor(entries: Iterable<[string, T]> = []) {
    this.#map = new Map(entries);
  }

  get size(): number {
    return this.#map.size;
  }

  get contents(): T[] {
    return [...this.#map.values()];
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this.#map.values();
  }

  get(key: string, { strict = false }: { strict?: boolean } = {}): T | undefined {
    const value = this.#map.get(key);
    if (strict && value === undefined) throw new Error(`The key ${key} does not exist in the Collection`);
    return value;
  }

  set(key: string, value: T): this {
    this.#map.set(key, value);
    return this;
  }

  has(key: string): boolean {
    return this.#map.has(key);
  }

  delete(key: string): boolean {
    return this.#map.delete(key);
  }

  keys(): IterableIterator<string> {
    return this.#map.keys();
  }

  values(): IterableIterator<T> {
    return this.#map.values();
  }

  entries(): IterableIterator<[string, T]> {
    return this.#map.entries();
  }

  forEach(fn: (value: T, key: string) => void): void {
    this.#map.forEach((value, key) => fn(value, key));
  }

  find(predicate: (value: T) => boolean): T | undefined {
    return this.contents.find(predicate);
  }

  filter(predicate: (value: T) => boolean): T[] {
    return this.contents.filter(predicate);
  }

  map<U>(fn: (value: T) => U): U[] {
    return this.contents.map(fn);
  }

  some(predicate: (value: T) => boolean): boolean {
    return this.contents.some(predicate);
  }

  every(predicate: (value: T) => boolean): boolean {
    return this.contents.every(predicate);
  }

  reduce<U>(reducer: (accumulator: U, value: T) => U, initial: U): U {
    return this.contents.reduce(reducer, initial);
  }

  getName(name: string): T | undefined {
    return this.find((v) => (v as { name?: string }).name === name);
  }
}

function modelFor(documentName: string, type: unknown): typeof DataModel | undefined {
  return typeof type === "string" ? state.config[documentName]?.dataModels[type] : undefined;
}

/** The `system` field: cleaned, validated and initialized by the subtype's model. */
export class TypeDataField extends ObjectField {
  readonly documentName: string;

  constructor(documentName: string, options: FieldOptions = {}) {
    super(options);
    this.documentName = documentName;
  }

  override getInitialValue(data?: PlainObject): unknown {
    const cls = modelFor(this.documentName, data?.type);
    return cls ? cls.cleanData({}) : {};
  }

  override clean(value: unknown, options: FieldCleanOptions = {}): unknown {
    const cls = modelFor(this.documentName, options.source?.type);
    const data = isPlainObject(value) ? value : {};
    return cls ? cls.cleanData(data, { partial: options.partial, source: data }) : data;
  }

  protected override _validateType(value: unknown, options: FieldValidateOptions): boolean | void | DataModelValidationFailure {
    if (!isPlainObject(value)) throw new Error("must be an object");
    const cls = modelFor(this.documentName, options.source?.type);
    return cls?.schema.validate(value, { ...options, source: value });
  }

  override _validateModel(data: unknown, options: FieldValidateOptions = {}): void {
    const cls = modelFor(this.documentName, options.source?.type);
    if (!cls || !isPlainObject(data)) return;
    cls.schema._validateModel(data, { source: data });
    cls.validateJoint(data);
  }

  override initialize(value: unknown, model?: { _source?: PlainObject }): unknown {
    const cls = modelFor(this.documentName, model?._source?.type);
    if (!cls) return deepClone(value);
    return new (cls as unknown as new (d: unknown, c: ModelContext) => unknown)(value, { parent: model });
  }

  override toObject(value: unknown): unknown {
    return value instanceof DataModel ? value.toObject() : deepClone(value);
  }
}

/** An array of embedded document sources, initialized as a Collection of documents. */
export class EmbeddedCollectionField extends DataField {
  readonly documentName: string;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: () => [] };
  }

  constructor(documentName: string, options: FieldOptions = {}) {
    super(options);
    this.documentName = documentName;
  }

  get documentClass(): typeof StandInDocument {
    return state.config[this.documentName].documentClass;
  }

  protected override _cast(value: unknown): unknown {
    return Array.isArray(value) ? value : [];
  }

  protected override _cleanType(value: unknown): unknown {
    return (value as unknown[]).map((element) => {
      const source = isPlainObject(element) ? element : {};
      source._id ??= randomID();
      return this.documentClass.cleanData(source);
    });
  }

  protected override _validateType(value: unknown, options: FieldValidateOptions): boolean | void | DataModelValidationFailure {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    const failure = new DataModelValidationFailure();
    value.forEach((element, index) => {
      const elementFailure = this.documentClass.schema.validate(element, { ...options, partial: false, source: element as PlainObject });
      if (!elementFailure) return;
      failure.elements.push({ id: index, name: String(index), failure: elementFailure });
      if (elementFailure.unresolved) failure.unresolved = true;
    });
    return failure.isEmpty() ? undefined : failure;
  }

  override _validateModel(data: unknown): void {
    if (!Array.isArray(data)) return;
    for (const element of data as PlainObject[]) {
      this.documentClass.schema._validateModel(element, { source: element });
      this.documentClass.validateJoint(element);
    }
  }

  override initialize(value: unknown, model?: { _source?: PlainObject }): unknown {
    const owner = model as (StandInDocument & Record<string, unknown>) | undefined;
    const previous = owner?.[this.name];
    const collection = new Collection<StandInDocument>();
    for (const source of (value as PlainObject[]) ?? []) {
      const existing = previous instanceof Collection ? (previous.get(source._id as string) as StandInDocument | undefined) : undefined;
      const doc = existing && existing._source === source ? existing : new this.documentClass(source, { parent: owner });
      collection.set(doc.id as string, doc);
    }
    return collection;
  }

  override toObject(value: unknown): unknown {
    return value instanceof Collection ? value.map((doc) => (doc as StandInDocument).toObject()) : deepClone(value);
  }
}

interface SystemHooks {
  prepareBaseData?(): void;
  prepareDerivedData?(): void;
  _preCreate?(data: PlainObject, options: PlainObject, user: unknown): Promise<boolean | void>;
  _preUpdate?(changes: PlainObject, options: PlainObject, user: unknown): Promise<boolean | void>;
  _preDelete?(options: PlainObject, user: unknown): Promise<boolean | void>;
}

/** Common behaviour of the stand-in Actor and Item. */
export class StandInDocument extends DataModel {
  static documentName = "Document";
  /** Embedded collections: document name → field name. */
  static embedded: Record<string, string> = {};

  declare _id: string | null;
  declare name: string;
  declare type: string;
  declare img: string | null;
  declare system: unknown;
  declare flags: PlainObject;

  static override defineSchema(): Record<string, DataField> {
    const documentName = this.documentName;
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, initial: undefined }),
      type: new StringField({ required: true, blank: false, choices: () => Object.keys(state.config[documentName]?.dataModels ?? {}) }),
      img: new FilePathField({ nullable: true, initial: null }),
      system: new TypeDataField(documentName),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
    };
  }

  constructor(data: PlainObject = {}, context: ModelContext = {}) {
    super(data, context);
  }

  get documentName(): string {
    return (this.constructor as typeof StandInDocument).documentName;
  }

  get id(): string | null {
    return this._id;
  }

  get uuid(): string {
    const own = `${this.documentName}.${this.id}`;
    const parent = this.parent as StandInDocument | null;
    return parent ? `${parent.uuid}.${own}` : own;
  }

  get isEmbedded(): boolean {
    return this.parent !== null;
  }

  get isOwner(): boolean {
    return true;
  }

  protected override _initialize(options: PlainObject = {}): void {
    super._initialize(options);
    this.prepareData();
  }

  /** Core order: system base → document base → embedded → system derived → document derived. */
  prepareData(): void {
    const system = this.system as SystemHooks | undefined;
    system?.prepareBaseData?.();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    system?.prepareDerivedData?.();
    this.prepareDerivedData();
  }

  prepareBaseData(): void {}

  prepareEmbeddedDocuments(): void {
    const cls = this.constructor as typeof StandInDocument;
    for (const fieldName of Object.values(cls.embedded)) {
      const collection = (this as unknown as Record<string, unknown>)[fieldName];
      if (collection instanceof Collection) for (const doc of collection.values()) (doc as StandInDocument).prepareData();
    }
  }

  prepareDerivedData(): void {}

  getFlag(scope: string, key: string): unknown {
    return (this.flags[scope] as PlainObject | undefined)?.[key];
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  protected async _preCreate(data: PlainObject, options: PlainObject, user: unknown): Promise<boolean | void> {
    return (this.system as SystemHooks | undefined)?._preCreate?.(data, options, user);
  }

  protected async _preUpdate(changes: PlainObject, options: PlainObject, user: unknown): Promise<boolean | void> {
    return (this.system as SystemHooks | undefined)?._preUpdate?.(changes, options, user);
  }

  protected async _preDelete(options: PlainObject, user: unknown): Promise<boolean | void> {
    return (this.system as SystemHooks | undefined)?._preDelete?.(options, user);
  }

  /** Validate and apply changes; a rejected update throws and leaves the document as it was. */
  async update(changes: PlainObject = {}, options: PlainObject = {}): Promise<this | undefined> {
    this.updateSource(changes, { dryRun: true });
    if ((await this._preUpdate(changes, options, state.user)) === false) return undefined;
    this.updateSource(changes);
    (this.parent as StandInDocument | null)?.reset();
    return this;
  }

  async delete(options: PlainObject = {}): Promise<this | undefined> {
    const parent = this.parent as StandInDocument | null;
    if (parent) {
      const deleted = await parent.deleteEmbeddedDocuments(this.documentName, [this.id as string], options);
      return deleted.length ? this : undefined;
    }
    if ((await this._preDelete(options, state.user)) === false) return undefined;
    state.world[this.documentName]?.delete(this.id as string);
    return this;
  }

  /** Create a world document, or an embedded one when `options.parent` is given. */
  static async create(data: PlainObject, options: PlainObject & { parent?: StandInDocument } = {}): Promise<StandInDocument | undefined> {
    const { parent, ...rest } = options;
    if (parent) return (await parent.createEmbeddedDocuments(this.documentName, [data], rest))[0];
    const source = deepClone(data);
    source._id ??= randomID();
    const doc = new this(source);
    if ((await doc._preCreate(source, rest, state.user)) === false) return undefined;
    (state.world[this.documentName] ??= new Collection()).set(doc.id as string, doc);
    return doc;
  }

  getEmbeddedCollection(documentName: string): Collection<StandInDocument> {
    const fieldName = (this.constructor as typeof StandInDocument).embedded[documentName];
    const collection = fieldName ? (this as unknown as Record<string, unknown>)[fieldName] : undefined;
    if (!(collection instanceof Collection)) throw new Error(`${this.documentName} has no embedded ${documentName} collection`);
    return collection as Collection<StandInDocument>;
  }

  getEmbeddedDocument(documentName: string, id: string): StandInDocument | undefined {
    return this.getEmbeddedCollection(documentName).get(id);
  }

  #embeddedSources(documentName: string): PlainObject[] {
    const fieldName = (this.constructor as typeof StandInDocument).embedded[documentName];
    return this._source[fieldName] as PlainObject[];
  }

  /** Every document is validated before any is stored; one invalid entry creates none. */
  async createEmbeddedDocuments(documentName: string, data: PlainObject[], options: PlainObject = {}): Promise<StandInDocument[]> {
    const cls = state.config[documentName].documentClass;
    const candidates = data.map((d) => {
      const source = deepClone(d);
      if (!options.keepId || !source._id) source._id = randomID();
      return new cls(source, { parent: this });
    });
    const accepted: StandInDocument[] = [];
    for (const doc of candidates) {
      if ((await doc._preCreate(doc.toObject(), options, state.user)) !== false) accepted.push(doc);
    }
    const sources = this.#embeddedSources(documentName);
    for (const doc of accepted) sources.push(doc._source);
    this.reset();
    const collection = this.getEmbeddedCollection(documentName);
    return accepted.map((doc) => collection.get(doc.id as string) as StandInDocument);
  }

  async updateEmbeddedDocuments(documentName: string, updates: PlainObject[], options: PlainObject = {}): Promise<StandInDocument[]> {
    const collection = this.getEmbeddedCollection(documentName);
    const docs = updates.map(({ _id, ...changes }) => {
      const doc = collection.get(_id as string, { strict: true }) as StandInDocument;
      doc.updateSource(changes, { dryRun: true });
      return { doc, changes };
    });
    const updated: StandInDocument[] = [];
    for (const { doc, changes } of docs) {
      if ((await doc._preUpdate(changes, options, state.user)) === false) continue;
      doc.updateSource(changes);
      updated.push(doc);
    }
    this.reset();
    return updated;
  }

  async deleteEmbeddedDocuments(documentName: string, ids: string[], options: PlainObject = {}): Promise<StandInDocument[]> {
    const collection = this.getEmbeddedCollection(documentName);
    const docs = ids.map((id) => collection.get(id, { strict: true }) as StandInDocument);
    const deleted: StandInDocument[] = [];
    for (const doc of docs) if ((await doc._preDelete(options, state.user)) !== false) deleted.push(doc);
    const sources = this.#embeddedSources(documentName);
    for (const doc of deleted) sources.splice(sources.indexOf(doc._source), 1);
    this.reset();
    return deleted;
  }

  override reset(): void {
    this._initialize();
  }
}

export class Item extends StandInDocument {
  static override documentName = "Item";
}

export class Actor extends StandInDocument {
  static override documentName = "Actor";
  static override embedded: Record<string, string> = { Item: "items" };

  declare items: Collection<StandInDocument>;

  static override defineSchema(): Record<string, DataField> {
    return { ...super.defineSchema(), items: new EmbeddedCollectionField("Item") };
  }

  /** Core's token-bar edit: a bar writes `<attribute>.value` clamped to 0..max. */
  async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true): Promise<this | undefined> {
    const current = getProperty(this.system, attribute) as number | { value: number; max: number };
    const now = isBar ? (current as { value: number }).value : (current as number);
    const next = isDelta ? now + value : value;
    if (next === now) return this;
    const updates = isBar
      ? { [`system.${attribute}.value`]: Math.min(Math.max(next, 0), (current as { max: number }).max) }
      : { [`system.${attribute}`]: next };
    return this.update(updates);
  }
}

/** Resolve a UUID from the registry (compendium-like sources) or the world collections. */
export function fromUuidSync(uuid: string): StandInDocument | null {
  const registered = state.uuidRegistry.get(uuid);
  if (registered) {
    const documentName = uuid.split(".").at(-2) as string;
    const cls = state.config[documentName]?.documentClass;
    return cls ? new cls(deepClone(registered)) : null;
  }
  const parts = uuid.split(".");
  let doc: StandInDocument | undefined = state.world[parts[0]]?.get(parts[1]);
  for (let i = 2; doc && i < parts.length; i += 2) doc = doc.getEmbeddedDocument(parts[i], parts[i + 1]);
  return doc ?? null;
}

export async function fromUuid(uuid: string): Promise<StandInDocument | null> {
  return fromUuidSync(uuid);
}
