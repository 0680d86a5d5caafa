/**
 * Imitation of `foundry.data.fields` (v13 semantics): clean → validate → initialize.
 *
 * Faithful points the system depends on:
 * - `clean` fills missing values from `initial`, casts, and (NumberField) rounds integers and
 *   clamps to min/max, exactly as core does;
 * - `validate` returns a DataModelValidationFailure (never throws); a thrown Error or a `false`
 *   from a custom `validate` option becomes the failure message;
 * - StringField with `choices` defaults to not blank and not nullable.
 */
import { DataModelValidationFailure } from "./validation";
import { deepClone, isPlainObject, type PlainObject } from "./utils";

type Choices = readonly (string | number)[] | Record<string, unknown>;
type ChoicesOption = Choices | (() => Choices);

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  readonly?: boolean;
  label?: string;
  hint?: string;
  validationError?: string;
  validate?: (value: unknown, options: FieldValidateOptions) => boolean | void | DataModelValidationFailure;
  [option: string]: unknown;
}

export interface FieldCleanOptions {
  partial?: boolean;
  source?: PlainObject;
}

export interface FieldValidateOptions {
  partial?: boolean;
  fallback?: boolean;
  source?: PlainObject;
}

interface DataModelLike {
  _source?: PlainObject;
}

export class DataField {
  name = "";
  parent: DataField | null = null;
  required = false;
  nullable = false;
  initial: unknown = undefined;
  readonly = false;
  label = "";
  hint = "";
  validationError = "is not a valid value";
  options: FieldOptions;

  static get _defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined, readonly: false, label: "", hint: "", validationError: "is not a valid value" };
  }

  constructor(options: FieldOptions = {}) {
    this.options = options;
    const defaults = (this.constructor as typeof DataField)._defaults;
    for (const key of Object.keys(defaults)) {
      (this as unknown as PlainObject)[key] = key in options ? options[key] : defaults[key];
    }
  }

  /** Dot path of this field inside its root schema. */
  get fieldPath(): string {
    const parentPath = this.parent?.fieldPath;
    return parentPath ? `${parentPath}.${this.name}` : this.name;
  }

  getInitialValue(data?: PlainObject): unknown {
    return typeof this.initial === "function" ? (this.initial as (d?: PlainObject) => unknown).call(this, data) : deepClone(this.initial);
  }

  clean(value: unknown, options: FieldCleanOptions = {}): unknown {
    if (value === null) {
      if (this.nullable) return value;
      value = undefined;
    }
    if (value === undefined) return this.getInitialValue(options.source);
    return this._cleanType(this._cast(value), options);
  }

  protected _cast(value: unknown): unknown {
    return value;
  }

  protected _cleanType(value: unknown, _options: FieldCleanOptions): unknown {
    return value;
  }

  validate(value: unknown, options: FieldValidateOptions = {}): DataModelValidationFailure | undefined {
    const validators: ((v: unknown, o: FieldValidateOptions) => boolean | void | DataModelValidationFailure)[] = [
      (v, o) => this._validateSpecial(v, o),
      (v, o) => this._validateType(v, o),
    ];
    if (this.options.validate) validators.push(this.options.validate);
    try {
      for (const validator of validators) {
        const result = validator.call(this, value, options);
        if (result === true) return undefined;
        if (result === false) return new DataModelValidationFailure({ invalidValue: value, message: this.validationError, unresolved: true });
        if (result instanceof DataModelValidationFailure) return result;
      }
    } catch (err) {
      return new DataModelValidationFailure({ invalidValue: value, message: (err as Error).message, unresolved: true });
    }
    return undefined;
  }

  protected _validateSpecial(value: unknown, _options: FieldValidateOptions): boolean | void {
    if (value === undefined) {
      if (this.required) throw new Error("may not be undefined");
      return true;
    }
    if (value === null) {
      if (this.nullable) return true;
      throw new Error("may not be null");
    }
  }

  protected _validateType(_value: unknown, _options: FieldValidateOptions): boolean | void | DataModelValidationFailure {
    return undefined;
  }

  /** Joint-validation hook for nested models; a no-op for plain fields. */
  _validateModel(_data: unknown, _options: FieldValidateOptions = {}): void {}

  /** Migrate this field's part of candidate source data (core: only fields that hold models do). */
  migrateSource(_sourceData: PlainObject, _fieldData: unknown): void {}

  initialize(value: unknown, _model?: DataModelLike, _options: PlainObject = {}): unknown {
    return value;
  }

  toObject(value: unknown): unknown {
    return deepClone(value);
  }
}

export class SchemaField extends DataField {
  readonly fields: Record<string, DataField>;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial(this: SchemaField) { return this.clean({}); } };
  }

  constructor(fields: Record<string, DataField>, options: FieldOptions = {}) {
    super(options);
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) {
      field.name = name;
      field.parent = this;
    }
  }

  get(name: string): DataField | undefined {
    return this.fields[name];
  }

  has(name: string): boolean {
    return name in this.fields;
  }

  keys(): string[] {
    return Object.keys(this.fields);
  }

  entries(): [string, DataField][] {
    return Object.entries(this.fields);
  }

  /** The field at a dot path below this schema. */
  getField(path: string): DataField | undefined {
    const [head, ...rest] = path.split(".");
    let field: DataField | undefined = this.fields[head];
    for (const part of rest) {
      if (field instanceof SchemaField) field = field.get(part);
      else if (field instanceof ArrayField && part === "element") field = field.element;
      else return undefined;
    }
    return field;
  }

  protected override _cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
  }

  protected override _cleanType(value: unknown, options: FieldCleanOptions): unknown {
    const data = value as PlainObject;
    const opts = { ...options, source: options.source ?? data };
    for (const [name, field] of this.entries()) {
      if (options.partial && !(name in data)) continue;
      data[name] = field.clean(data[name], opts);
    }
    for (const key of Object.keys(data)) {
      if (!this.has(key) && !key.startsWith("-=")) delete data[key];
    }
    return data;
  }

  protected override _validateType(value: unknown, options: FieldValidateOptions): boolean | void | DataModelValidationFailure {
    if (!isPlainObject(value)) throw new Error("must be an object");
    const opts = { ...options, source: options.source ?? value };
    const failure = new DataModelValidationFailure();
    for (const [name, field] of this.entries()) {
      if (options.partial && !(name in value)) continue;
      const fieldFailure = field.validate(value[name], opts);
      if (!fieldFailure) continue;
      failure.fields[name] = fieldFailure;
      if (!fieldFailure.unresolved) continue;
      if (options.fallback) {
        const initial = field.getInitialValue(opts.source);
        if (field.validate(initial, opts) === undefined) {
          value[name] = initial;
          fieldFailure.fallback = initial;
          fieldFailure.unresolved = false;
          continue;
        }
      }
      failure.unresolved = true;
    }
    return failure.isEmpty() ? undefined : failure;
  }

  override _validateModel(data: unknown, options: FieldValidateOptions = {}): void {
    if (!isPlainObject(data)) return;
    for (const [name, field] of this.entries()) {
      if (name in data) field._validateModel(data[name], { ...options, source: options.source ?? data });
    }
  }

  override migrateSource(sourceData: PlainObject, fieldData: unknown): void {
    if (!isPlainObject(fieldData)) return;
    for (const key of Object.keys(fieldData)) {
      if (key.startsWith("-=")) continue;
      const value = fieldData[key];
      if (value !== null && typeof value === "object") this.fields[key]?.migrateSource(sourceData, value);
    }
  }

  override initialize(value: unknown, model?: DataModelLike, options: PlainObject = {}): unknown {
    if (!isPlainObject(value)) return value;
    const data: PlainObject = {};
    for (const [name, field] of this.entries()) data[name] = field.initialize(value[name], model, options);
    return data;
  }

  override toObject(value: unknown): unknown {
    if (!isPlainObject(value)) return value;
    const out: PlainObject = {};
    for (const [name, field] of this.entries()) out[name] = field.toObject(value[name]);
    return out;
  }
}

export class BooleanField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: false };
  }

  protected override _cast(value: unknown): unknown {
    if (value === "true") return true;
    if (value === "false") return false;
    return Boolean(value);
  }

  protected override _validateType(value: unknown): boolean | void {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
  }
}

function resolveChoices(choices: unknown): (string | number)[] | undefined {
  if (!choices) return undefined;
  const resolved = typeof choices === "function" ? (choices as () => Choices)() : (choices as Choices);
  return Array.isArray(resolved) ? [...resolved] : Object.keys(resolved);
}

// Subclass fields are `declare`d: an initializer would run after the base constructor and
// overwrite the option values it assigned.
export class NumberField extends DataField {
  declare min: number | undefined;
  declare max: number | undefined;
  declare step: number | undefined;
  declare integer: boolean;
  declare positive: boolean;
  declare choices: ChoicesOption | undefined;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, initial: null, nullable: true, min: undefined, max: undefined, step: undefined, integer: false, positive: false, choices: undefined };
  }

  constructor(options: FieldOptions = {}) {
    super(options);
    if (this.choices) this.nullable = (options.nullable as boolean | undefined) ?? false;
  }

  protected override _cast(value: unknown): unknown {
    return Number(value);
  }

  protected override _cleanType(value: unknown, _options: FieldCleanOptions): unknown {
    if (typeof value !== "number") return value;
    let n = value;
    if (this.integer) n = Math.round(n);
    if (Number.isFinite(this.min)) n = Math.max(n, this.min as number);
    if (Number.isFinite(this.max)) n = Math.min(n, this.max as number);
    return n;
  }

  protected override _validateType(value: unknown): boolean | void {
    if (typeof value !== "number") throw new Error("must be a number");
    if (this.positive && value <= 0) throw new Error("must be a positive number");
    if (Number.isFinite(this.min) && value < (this.min as number)) throw new Error(`must be at least ${this.min}`);
    if (Number.isFinite(this.max) && value > (this.max as number)) throw new Error(`must be at most ${this.max}`);
    const choices = resolveChoices(this.choices);
    if (choices && !choices.map(Number).includes(value)) throw new Error(`${value} is not a valid choice`);
    if (this.integer && !Number.isInteger(value)) throw new Error("must be an integer");
    if (!this.integer && !Number.isFinite(value)) throw new Error("must be a finite number");
  }
}

export class StringField extends DataField {
  declare blank: boolean;
  declare trim: boolean;
  declare choices: ChoicesOption | undefined;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, blank: true, trim: true, nullable: false, choices: undefined };
  }

  constructor(options: FieldOptions = {}) {
    super(options);
    if (this.choices) {
      this.nullable = (options.nullable as boolean | undefined) ?? false;
      this.blank = (options.blank as boolean | undefined) ?? false;
    }
    if (this.initial === undefined && !this.nullable && this.blank) this.initial = "";
  }

  override clean(value: unknown, options: FieldCleanOptions = {}): unknown {
    let v = value;
    if (typeof v === "string" && this.trim) v = v.trim();
    if (v === "") {
      if (this.blank) return v;
      v = undefined;
    }
    return super.clean(v, options);
  }

  protected override _cast(value: unknown): unknown {
    return String(value);
  }

  protected override _validateSpecial(value: unknown, options: FieldValidateOptions): boolean | void {
    if (value === "") {
      if (this.blank) return true;
      throw new Error("may not be a blank string");
    }
    return super._validateSpecial(value, options);
  }

  protected override _validateType(value: unknown): boolean | void {
    if (typeof value !== "string") throw new Error("must be a string");
    const choices = resolveChoices(this.choices);
    if (choices) {
      if (choices.includes(value)) return true;
      throw new Error(`${value} is not a valid choice`);
    }
  }
}

export class HTMLField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, blank: true };
  }
}

export class FilePathField extends StringField {}

/** A 16-character alphanumeric id, or null. */
export class DocumentIdField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, blank: false, nullable: true, initial: null, readonly: true };
  }

  protected override _validateType(value: unknown): boolean | void {
    if (typeof value !== "string" || !/^[a-zA-Z0-9]{16}$/.test(value)) throw new Error("must be a valid 16-character alphanumeric ID");
  }
}

/** "Type.id[.Type.id…]" or "Compendium.scope.pack.Type.id". */
export class DocumentUUIDField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, blank: false, nullable: true, initial: null, type: undefined, embedded: undefined };
  }

  protected override _validateType(value: unknown): boolean | void {
    if (typeof value !== "string" || !isUuid(value)) throw new Error(`"${String(value)}" is not a valid document UUID`);
    const type = this.options.type as string | undefined;
    if (type && !value.split(".").includes(type)) throw new Error(`must be a UUID of a ${type}`);
  }
}

export function isUuid(value: string): boolean {
  const parts = value.split(".");
  if (parts[0] === "Compendium") return parts.length >= 5 && parts.slice(1).every(Boolean);
  return parts.length >= 2 && parts.length % 2 === 0 && parts.every(Boolean);
}

export class ObjectField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: () => ({}) };
  }

  protected override _cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
  }

  protected override _validateType(value: unknown, _options: FieldValidateOptions = {}): boolean | void | DataModelValidationFailure {
    if (!isPlainObject(value)) throw new Error("must be an object");
  }
}

export class ArrayField extends DataField {
  readonly element: DataField;
  declare min: number | undefined;
  declare max: number | undefined;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: () => [], min: 0, max: Infinity };
  }

  constructor(element: DataField, options: FieldOptions = {}) {
    super(options);
    this.element = element;
    element.name = "element";
    element.parent = this;
  }

  protected override _cast(value: unknown): unknown {
    if (value instanceof Set) return [...value];
    if (isPlainObject(value)) return Object.values(value);
    return Array.isArray(value) ? value : [value];
  }

  protected override _cleanType(value: unknown, options: FieldCleanOptions): unknown {
    return (value as unknown[]).map((v) => this.element.clean(v, { ...options, partial: false }));
  }

  protected override _validateType(value: unknown, options: FieldValidateOptions): boolean | void | DataModelValidationFailure {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    if (this.min !== undefined && value.length < this.min) throw new Error(`cannot have fewer than ${this.min} elements`);
    if (this.max !== undefined && value.length > this.max) throw new Error(`cannot have more than ${this.max} elements`);
    return this._validateElements(value, options);
  }

  protected _validateElements(value: unknown[], options: FieldValidateOptions): DataModelValidationFailure | undefined {
    const failure = new DataModelValidationFailure();
    value.forEach((element, index) => {
      const elementFailure = this.element.validate(element, { ...options, partial: false });
      if (!elementFailure) return;
      failure.elements.push({ id: index, name: String(index), failure: elementFailure });
      if (elementFailure.unresolved) failure.unresolved = true;
    });
    return failure.isEmpty() ? undefined : failure;
  }

  override _validateModel(data: unknown, options: FieldValidateOptions = {}): void {
    if (Array.isArray(data)) for (const element of data) this.element._validateModel(element, options);
  }

  override migrateSource(sourceData: PlainObject, fieldData: unknown): void {
    if (Array.isArray(fieldData)) for (const element of fieldData) if (element !== null && typeof element === "object") this.element.migrateSource(sourceData, element);
  }

  override initialize(value: unknown, model?: DataModelLike, options: PlainObject = {}): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.initialize(v, model, options)) : value;
  }

  override toObject(value: unknown): unknown {
    if (value instanceof Set) return [...value].map((v) => this.element.toObject(v));
    return Array.isArray(value) ? value.map((v) => this.element.toObject(v)) : value;
  }
}

/** An array of unique values, initialized as a Set. */
export class SetField extends ArrayField {
  protected override _validateElements(value: unknown[], options: FieldValidateOptions): DataModelValidationFailure | undefined {
    if (new Set(value).size !== value.length) throw new Error("must contain only unique values");
    return super._validateElements(value, options);
  }

  override initialize(value: unknown, model?: DataModelLike, options: PlainObject = {}): unknown {
    const array = super.initialize(value, model, options);
    return Array.isArray(array) ? new Set(array) : array;
  }
}

interface ModelClass {
  new (data: PlainObject, options?: PlainObject): unknown;
  schema: SchemaField;
  defineSchema(): Record<string, DataField>;
  cleanData(source: PlainObject, options?: FieldCleanOptions): PlainObject;
  validateJoint(data: PlainObject): void;
  migrateDataSafe(source: PlainObject): PlainObject;
}

/** A nested DataModel stored as a plain object and initialized as a model instance. */
export class EmbeddedDataField extends SchemaField {
  readonly model: ModelClass;

  constructor(model: ModelClass, options: FieldOptions = {}) {
    super(model.defineSchema(), options);
    this.model = model;
  }

  override _validateModel(data: unknown, options: FieldValidateOptions = {}): void {
    super._validateModel(data, options);
    if (isPlainObject(data)) this.model.validateJoint(data);
  }

  override initialize(value: unknown, model?: DataModelLike, _options: PlainObject = {}): unknown {
    return isPlainObject(value) ? new this.model(value, { parent: model }) : value;
  }

  override migrateSource(_sourceData: PlainObject, fieldData: unknown): void {
    if (isPlainObject(fieldData)) this.model.migrateDataSafe(fieldData);
  }
}

export const fields = {
  ArrayField,
  BooleanField,
  DataField,
  DocumentIdField,
  DocumentUUIDField,
  EmbeddedDataField,
  FilePathField,
  HTMLField,
  NumberField,
  ObjectField,
  SchemaField,
  SetField,
  StringField,
};
