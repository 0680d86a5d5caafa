/** Imitation of `foundry.data.validation`: failures collected per field, thrown as one error. */

export interface FailureInit {
  invalidValue?: unknown;
  fallback?: unknown;
  message?: string;
  unresolved?: boolean;
}

export class DataModelValidationFailure {
  invalidValue: unknown;
  fallback: unknown;
  message: string;
  unresolved: boolean;
  /** Failures of the named fields of a SchemaField. */
  fields: Record<string, DataModelValidationFailure> = {};
  /** Failures of the elements of an ArrayField or SetField. */
  elements: { id: number | string; name: string; failure: DataModelValidationFailure }[] = [];

  constructor({ invalidValue, fallback, message = "", unresolved = false }: FailureInit = {}) {
    this.invalidValue = invalidValue;
    this.fallback = fallback;
    this.message = message;
    this.unresolved = unresolved;
  }

  isEmpty(): boolean {
    return !this.message && Object.keys(this.fields).length === 0 && this.elements.length === 0;
  }

  asError(): DataModelValidationError {
    return new DataModelValidationError(this);
  }

  /** Leaf failures keyed by dot path ("skills.strength.rank", "damage.types.0"). */
  flatten(prefix = ""): Record<string, DataModelValidationFailure> {
    const out: Record<string, DataModelValidationFailure> = {};
    const leaf = Object.keys(this.fields).length === 0 && this.elements.length === 0;
    if (leaf) out[prefix] = this;
    for (const [name, failure] of Object.entries(this.fields)) {
      Object.assign(out, failure.flatten(prefix ? `${prefix}.${name}` : name));
    }
    for (const { name, failure } of this.elements) {
      Object.assign(out, failure.flatten(prefix ? `${prefix}.${name}` : name));
    }
    return out;
  }

  toString(): string {
    return Object.entries(this.flatten())
      .map(([path, failure]) => (path ? `${path}: ${failure.message}` : failure.message))
      .join("\n");
  }
}

/** Thrown for unresolved failures; the message lists "path: reason" per failing field. */
export class DataModelValidationError extends Error {
  readonly failure: DataModelValidationFailure;

  constructor(failure: DataModelValidationFailure | string, heading = "validation errors") {
    const f = typeof failure === "string" ? new DataModelValidationFailure({ message: failure, unresolved: true }) : failure;
    super(`${heading}:\n${f.toString()}`);
    this.name = "DataModelValidationError";
    this.failure = f;
  }

  /** Every leaf failure keyed by its dot path, as Foundry's `getAllFailures`. */
  getAllFailures(): Record<string, DataModelValidationFailure> {
    return this.failure.flatten();
  }

  /** The failure at one dot path, or undefined. */
  getFailure(path: string): DataModelValidationFailure | undefined {
    return this.getAllFailures()[path];
  }
}
