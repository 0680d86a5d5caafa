/** Imitation of the parts of `foundry.utils` the system and its tests use. */

export type PlainObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is PlainObject {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Foundry's `getType`: "Object", "Array", "Set", "null", "number", … */
export function getType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "Array";
  if (value instanceof Set) return "Set";
  if (value instanceof Map) return "Map";
  if (isPlainObject(value)) return "Object";
  return typeof value;
}

export function deepClone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => deepClone(v)) as T;
  if (value instanceof Set) return new Set([...value].map((v: unknown) => deepClone(v))) as T;
  if (isPlainObject(value)) {
    const copy: PlainObject = {};
    for (const [k, v] of Object.entries(value)) copy[k] = deepClone(v);
    return copy as T;
  }
  return value;
}

/** Expand `{ "a.b": 1 }` into `{ a: { b: 1 } }`. */
export function expandObject(flat: PlainObject): PlainObject {
  const result: PlainObject = {};
  for (const [key, value] of Object.entries(flat)) {
    const expanded = isPlainObject(value) ? expandObject(value) : value;
    setProperty(result, key, expanded);
  }
  return result;
}

/** Flatten nested objects into dot keys (arrays are leaves). */
export function flattenObject(obj: PlainObject, prefix = ""): PlainObject {
  const out: PlainObject = {};
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length) Object.assign(out, flattenObject(value, path));
    else out[path] = value;
  }
  return out;
}

export function getProperty(obj: unknown, path: string): unknown {
  let target: unknown = obj;
  for (const part of path.split(".")) {
    if (target === null || typeof target !== "object") return undefined;
    target = (target as PlainObject)[part];
  }
  return target;
}

export function setProperty(obj: PlainObject, path: string, value: unknown): boolean {
  const parts = path.split(".");
  const last = parts.pop() as string;
  let target: PlainObject = obj;
  for (const part of parts) {
    const next = target[part];
    if (!isPlainObject(next)) target[part] = {};
    target = target[part] as PlainObject;
  }
  const changed = target[last] !== value;
  target[last] = value;
  return changed;
}

export function hasProperty(obj: unknown, path: string): boolean {
  const parts = path.split(".");
  const last = parts.pop() as string;
  const parent = parts.length ? getProperty(obj, parts.join(".")) : obj;
  return parent !== null && typeof parent === "object" && last in (parent as PlainObject);
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Set || value instanceof Map) return value.size === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

/**
 * Foundry's `mergeObject` with the defaults the system relies on: recursive, inserting keys,
 * in place, and `-=key` deletions when `performDeletions` is set.
 */
export function mergeObject<T extends PlainObject>(
  original: T,
  other: PlainObject = {},
  { inplace = true, performDeletions = false }: { inplace?: boolean; performDeletions?: boolean } = {},
): T {
  const target = (inplace ? original : deepClone(original)) as PlainObject;
  const changes = Object.keys(other).some((k) => k.includes(".")) ? expandObject(other) : other;
  for (const [key, value] of Object.entries(changes)) {
    if (performDeletions && key.startsWith("-=")) {
      delete target[key.slice(2)];
      continue;
    }
    const existing = target[key];
    if (isPlainObject(existing) && isPlainObject(value)) mergeObject(existing, value, { inplace: true, performDeletions });
    else target[key] = deepClone(value);
  }
  return target as T;
}

/** Keys of `other` whose values differ from `original`, recursively. */
export function diffObject(original: PlainObject, other: PlainObject): PlainObject {
  const diff: PlainObject = {};
  for (const [key, value] of Object.entries(other)) {
    const before = original[key];
    if (isPlainObject(before) && isPlainObject(value)) {
      const inner = diffObject(before, value);
      if (!isEmpty(inner)) diff[key] = inner;
    } else if (JSON.stringify(before) !== JSON.stringify(value)) diff[key] = value;
  }
  return diff;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A 16-character alphanumeric id, as Foundry's `randomID`. */
export function randomID(length = 16): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ID_CHARS[Math.floor(Math.random() * ID_CHARS.length)];
  return id;
}

export const utils = {
  deepClone,
  duplicate: deepClone,
  diffObject,
  expandObject,
  flattenObject,
  getProperty,
  getType,
  hasProperty,
  isEmpty,
  mergeObject,
  randomID,
  setProperty,
};
