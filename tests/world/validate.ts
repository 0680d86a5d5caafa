/** Validate one source against the current client's registered data models, keeping nothing. */
import { DataModelValidationError } from "./validation";
import { deepClone, type PlainObject } from "./utils";

export interface DocumentValidation {
  valid: boolean;
  /** Failure message per dot path ("system.skills.strength.rank"); "" for joint rules. */
  errors: Record<string, string>;
}

export function validateDocument(documentName: string, source: PlainObject): DocumentValidation {
  const config = (globalThis as unknown as { CONFIG?: Record<string, { documentClass?: new (d: PlainObject) => unknown }> }).CONFIG;
  const cls = config?.[documentName]?.documentClass;
  if (!cls) throw new Error(`No document class for ${documentName}; create a world first`);
  try {
    new cls(deepClone(source));
    return { valid: true, errors: {} };
  } catch (err) {
    if (!(err instanceof DataModelValidationError)) return { valid: false, errors: { "": (err as Error).message } };
    const errors: Record<string, string> = {};
    for (const [path, failure] of Object.entries(err.getAllFailures())) errors[path] = failure.message;
    return { valid: false, errors };
  }
}
