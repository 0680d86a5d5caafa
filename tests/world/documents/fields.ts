/**
 * Document-level fields: the `system` TypeDataField, embedded collections, ownership, `_stats`
 * and JSON fields. The subtype model and embedded document classes are looked up in the
 * current client's CONFIG, as core does through `CONFIG[documentName]`.
 */
import { DataModel, type ModelContext } from "../data-model";
import {
  DataField,
  NumberField,
  ObjectField,
  SchemaField,
  StringField,
  type FieldCleanOptions,
  type FieldOptions,
  type FieldValidateOptions,
} from "../fields";
import { Collection } from "../collections";
import { DataModelValidationFailure } from "../validation";
import { deepClone, isPlainObject, randomID, type PlainObject } from "../utils";

interface DocumentConfigLike {
  documentClass?: unknown;
  dataModels?: Record<string, typeof DataModel>;
}

export function documentConfig(documentName: string): DocumentConfigLike | undefined {
  const config = (globalThis as unknown as { CONFIG?: Record<string, DocumentConfigLike> }).CONFIG;
  return config?.[documentName];
}

export function modelFor(documentName: string, type: unknown): typeof DataModel | undefined {
  return typeof type === "string" ? documentConfig(documentName)?.dataModels?.[type] : undefined;
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

  override _validateModel(data: unknown, _options: FieldValidateOptions = {}): void {
    const cls = modelFor(this.documentName, _options.source?.type);
    if (!cls || !isPlainObject(data)) return;
    cls.schema._validateModel(data, { source: data });
    cls.validateJoint(data);
  }

  /** The subtype's model migrates the system data (TypeDataField#migrateSource). */
  override migrateSource(sourceData: PlainObject, fieldData: unknown): void {
    const cls = modelFor(this.documentName, sourceData.type);
    if (cls && isPlainObject(fieldData)) cls.migrateDataSafe(fieldData);
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

interface EmbeddedOwner {
  _source: PlainObject;
  [key: string]: unknown;
}

type DocumentCtor = typeof DataModel;

/**
 * An array of embedded document sources, initialized as a Collection of documents. A document
 * whose source object is unchanged keeps its instance across re-initialization, so updates of
 * one embedded document never replace its siblings.
 */
export class EmbeddedCollectionField extends DataField {
  readonly documentName: string;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: () => [] };
  }

  constructor(documentName: string, options: FieldOptions = {}) {
    super(options);
    this.documentName = documentName;
  }

  get documentClass(): DocumentCtor {
    const cls = documentConfig(this.documentName)?.documentClass;
    if (!cls) throw new Error(`CONFIG.${this.documentName}.documentClass is not defined on this client`);
    return cls as DocumentCtor;
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
    const owner = model as EmbeddedOwner | undefined;
    const previous = owner?.[this.name];
    const collection = new Collection<DataModel>();
    const sources = (value as PlainObject[]) ?? [];
    // A profile without the class (v14 has no MeasuredTemplate) has an empty collection of it.
    if (!sources.length) return collection;
    const cls = this.documentClass as unknown as new (d: PlainObject, c: ModelContext) => DataModel & { id: string };
    for (const source of sources) {
      const existing = previous instanceof Collection ? (previous.get(source._id as string) as (DataModel & { id: string }) | undefined) : undefined;
      const doc = existing && existing._source === source ? existing : new cls(source, { parent: owner });
      collection.set(doc.id, doc);
    }
    return collection;
  }

  override toObject(value: unknown): unknown {
    return value instanceof Collection ? value.map((doc) => (doc as DataModel).toObject()) : deepClone(value);
  }

  override migrateSource(_sourceData: PlainObject, fieldData: unknown): void {
    if (!Array.isArray(fieldData)) return;
    for (const entry of fieldData) if (isPlainObject(entry)) this.documentClass.migrateDataSafe(entry);
  }
}

/** Per-user ownership levels plus `default` (DocumentOwnershipField). */
export class DocumentOwnershipField extends ObjectField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, initial: () => ({ default: 0 }) };
  }

  protected override _validateType(value: unknown): boolean | void {
    if (!isPlainObject(value)) throw new Error("must be an object");
    for (const [key, level] of Object.entries(value)) {
      if (typeof level !== "number" || level < -1 || level > 3) throw new Error(`ownership level of ${key} must be a number from -1 to 3`);
    }
  }
}

/** Metadata core records on primary documents (DocumentStatsField). */
export function documentStatsField(): SchemaField {
  const nullableString = () => new StringField({ required: true, nullable: true, blank: false, initial: null });
  const nullableNumber = () => new NumberField({ required: true, nullable: true, initial: null });
  return new SchemaField({
    compendiumSource: nullableString(),
    duplicateSource: nullableString(),
    exportSource: new ObjectField({ nullable: true, initial: null }),
    coreVersion: nullableString(),
    systemId: nullableString(),
    systemVersion: nullableString(),
    createdTime: nullableNumber(),
    modifiedTime: nullableNumber(),
    lastModifiedBy: nullableString(),
  });
}

/** A value stored as a JSON string; objects given to it are stringified when cleaned (JSONField). */
export class JSONField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, blank: false, nullable: true, initial: undefined };
  }

  override clean(value: unknown, options: FieldCleanOptions = {}): unknown {
    if (value !== null && value !== undefined && typeof value !== "string") value = JSON.stringify(value);
    return super.clean(value, options);
  }

  protected override _validateType(value: unknown): boolean | void {
    if (typeof value !== "string") throw new Error("must be a serialized JSON string");
    try {
      JSON.parse(value);
    } catch {
      throw new Error("must be a serialized JSON string");
    }
  }

  override initialize(value: unknown): unknown {
    return typeof value === "string" ? JSON.parse(value) : value;
  }

  override toObject(value: unknown): unknown {
    return value === undefined || value === null ? value : JSON.stringify(value);
  }
}
