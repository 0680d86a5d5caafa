/**
 * Imitation of `foundry.abstract.DataModel` and `TypeDataModel` (v13 semantics).
 *
 * Construction: migrate → clean → validate (fields and joint; throws when `strict`) →
 * initialize. `updateSource` cleans the partial changes, validates the merged result
 * (fields and joint) and only then writes it, so a rejected update changes nothing.
 */
import type { DataField, FieldCleanOptions } from "./fields";
import { SchemaField } from "./fields";
import { DataModelValidationError, DataModelValidationFailure } from "./validation";
import { deepClone, diffObject, expandObject, isEmpty, isPlainObject, mergeObject, type PlainObject } from "./utils";

export interface ModelContext {
  parent?: unknown;
  strict?: boolean;
  fallback?: boolean;
  [option: string]: unknown;
}

export interface ValidateOptions {
  changes?: PlainObject;
  clean?: boolean;
  fallback?: boolean;
  strict?: boolean;
  fields?: boolean;
  joint?: boolean;
}

export interface UpdateSourceOptions {
  dryRun?: boolean;
  fallback?: boolean;
}

const schemas = new WeakMap<object, SchemaField>();

export class DataModel {
  declare readonly parent: unknown;
  declare readonly _source: PlainObject;
  #failures: { fields: DataModelValidationFailure | null; joint: DataModelValidationFailure | null } = { fields: null, joint: null };

  static LOCALIZATION_PREFIXES: string[] = [];

  static defineSchema(): Record<string, DataField> {
    return {};
  }

  /** The schema, built once per class on first access. */
  static get schema(): SchemaField {
    let schema = schemas.get(this);
    if (!schema) {
      schema = new SchemaField(Object.freeze(this.defineSchema()) as Record<string, DataField>);
      schemas.set(this, schema);
    }
    return schema;
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  constructor(data: PlainObject = {}, { parent = null, strict = true, ...options }: ModelContext = {}) {
    Object.defineProperty(this, "parent", { value: parent, writable: false, configurable: true });
    this._configure(options);
    const source = this._initializeSource(data, { strict, ...options });
    Object.defineProperty(this, "_source", { value: source, writable: false, configurable: true });
    Object.seal(this._source);
    this.validate({ strict, fallback: options.fallback, fields: true, joint: true });
    this._initialize(options);
  }

  protected _configure(_options: PlainObject = {}): void {}

  protected _initializeSource(data: unknown, _options: PlainObject = {}): PlainObject {
    const cls = this.constructor as typeof DataModel;
    let source: PlainObject = data instanceof DataModel ? data.toObject() : isPlainObject(data) ? data : {};
    source = cls.migrateDataSafe(source);
    source = cls.cleanData(source);
    cls.shimData(source);
    return source;
  }

  static cleanData(source: PlainObject = {}, options: FieldCleanOptions = {}): PlainObject {
    return this.schema.clean(source, options) as PlainObject;
  }

  /** Core: each field migrates its part, so a document's migration runs its system model's (DataModel.migrateData). */
  static migrateData(source: PlainObject): PlainObject {
    this.schema.migrateSource(source, source);
    return source;
  }

  static migrateDataSafe(source: PlainObject): PlainObject {
    try {
      return this.migrateData(source);
    } catch (err) {
      console.error(err);
      return source;
    }
  }

  static shimData(data: PlainObject): PlainObject {
    return data;
  }

  /** Joint rules over several fields; throw an Error to reject the data. */
  static validateJoint(_data: PlainObject): void {}

  protected _initialize(options: PlainObject = {}): void {
    for (const [name, field] of this.schema.entries()) {
      (this as unknown as PlainObject)[name] = field.initialize(this._source[name], this, options);
    }
  }

  reset(): void {
    this._initialize();
  }

  get invalid(): boolean {
    return Object.values(this.#failures).some((f) => f?.unresolved);
  }

  get validationFailures(): { fields: DataModelValidationFailure | null; joint: DataModelValidationFailure | null } {
    return this.#failures;
  }

  validate({ changes, clean = false, fallback = false, strict = true, fields = true, joint }: ValidateOptions = {}): boolean {
    const cls = this.constructor as typeof DataModel;
    const source = changes ?? this._source;
    // Core adds the document's type to partial changes so the type's system model validates
    // them too (v13 common/abstract/data.mjs, DataModel#validate → SchemaField#_addTypes).
    const addType = !!changes && typeof this._source.type === "string" && !("type" in changes);
    if (addType) changes.type = this._source.type;
    try {
      return this.#validateSource(cls, source, { changes, clean, fallback, strict, fields, joint });
    } finally {
      if (addType) delete changes.type;
    }
  }

  #validateSource(cls: typeof DataModel, source: PlainObject, { changes, clean, fallback, strict, fields, joint }: ValidateOptions): boolean {
    this.#failures = { fields: null, joint: null };
    if (clean) cls.cleanData(source, { partial: !!changes });
    if (fields) {
      const failure = this.schema.validate(source, { partial: !!changes, fallback });
      if (failure) {
        this.#failures.fields = failure;
        if (strict && failure.unresolved) throw new DataModelValidationError(failure, `${cls.name} validation errors`);
      }
    }
    if (joint ?? !changes) {
      try {
        this.schema._validateModel(source);
        cls.validateJoint(source);
      } catch (err) {
        const failure = new DataModelValidationFailure({ message: (err as Error).message, unresolved: true });
        this.#failures.joint = failure;
        if (strict) throw new DataModelValidationError(failure, `${cls.name} joint validation error`);
      }
    }
    return !this.invalid;
  }

  /**
   * Clean, validate and apply changes. Nothing is written unless the merged data passes
   * field and joint validation; the thrown DataModelValidationError names each failing path.
   */
  updateSource(changes: PlainObject = {}, options: UpdateSourceOptions = {}): PlainObject {
    const expanded = Object.keys(changes).some((k) => k.includes(".")) ? expandObject(changes) : deepClone(changes);
    const cleaned = this.schema.clean(expanded, { partial: true, source: this._source }) as PlainObject;
    const candidate = mergeObject(deepClone(this._source), cleaned, { performDeletions: true });
    const diff = diffObject(this._source, candidate);
    // Core validates the fields of the diff only (a stale invalid value elsewhere does not block
    // an update), then the joint rules on the whole merged copy: v13 common/abstract/data.mjs
    // `DataModel#updateSource` → `validate({changes: diff, fields: true, joint: false})`, then
    // `validate({changes: copy, fields: false, joint: true})`.
    // (A `-=` deletion leaves no trace in the diff: compare the whole copy before returning.)
    if (isEmpty(diff) && JSON.stringify(candidate) === JSON.stringify(this._source)) return diff;
    this.validate({ changes: deepClone(diff), fields: true, joint: false, strict: true, fallback: options.fallback });
    this.validate({ changes: candidate, fields: false, joint: true, strict: true });
    this.#failures = { fields: null, joint: null };
    if (options.dryRun) return diff;
    // A `-=key` deletion leaves no trace in the diff, so compare every top-level key the change touched.
    const touched = Object.keys(cleaned).filter((key) => !key.startsWith("-=") && JSON.stringify(this._source[key]) !== JSON.stringify(candidate[key]));
    for (const key of touched) this._source[key] = candidate[key];
    this._initialize();
    return diff;
  }

  toObject(_source = true): PlainObject {
    return deepClone(this._source);
  }

  toJSON(): PlainObject {
    return this.toObject();
  }

  clone(data: PlainObject = {}, context: ModelContext = {}): this {
    const cls = this.constructor as new (d: PlainObject, c: ModelContext) => this;
    return new cls(mergeObject(this.toObject(), data), { parent: this.parent, ...context });
  }

  static fromSource<T extends typeof DataModel>(this: T, source: PlainObject, context: ModelContext = {}): InstanceType<T> {
    return new this(source, { strict: false, ...context }) as InstanceType<T>;
  }
}

/** System data of one document subtype; the document calls its prepare and lifecycle hooks. */
export class TypeDataModel extends DataModel {
  static override LOCALIZATION_PREFIXES: string[] = [];

  prepareBaseData(): void {}

  prepareDerivedData(): void {}

  async _preCreate(_data: PlainObject, _options: PlainObject, _user: unknown): Promise<boolean | void> {}

  _onCreate(_data: PlainObject, _options: PlainObject, _userId: string): void {}

  async _preUpdate(_changes: PlainObject, _options: PlainObject, _user: unknown): Promise<boolean | void> {}

  _onUpdate(_changed: PlainObject, _options: PlainObject, _userId: string): void {}

  async _preDelete(_options: PlainObject, _user: unknown): Promise<boolean | void> {}

  _onDelete(_options: PlainObject, _userId: string): void {}
}

export const abstract = { DataModel, TypeDataModel };
