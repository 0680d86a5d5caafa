/**
 * Writing a document and telling "nothing to change" from "refused". Core resolves `undefined`
 * both when validation refuses an update and when its diff is empty (it sends no empty diff), so
 * the return value alone cannot say which happened: compare the changes with the source first.
 */

function valueAt(doc: object, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), doc);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Whether an update (flat or nested keys) would store nothing new on `doc` (its `_source` when it
 * has one). Nested objects are compared key by key, as core's diff does.
 */
export function changesNothing(doc: object, changes: Record<string, unknown>): boolean {
  const source = (doc as { _source?: object })._source ?? doc;
  const flat: [string, unknown][] = [];
  const walk = (node: Record<string, unknown>, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length && !sameValue(valueAt(source, path), value)) {
        const current = valueAt(source, path);
        // A nested change into an existing object: compare each leaf (core merges, it does not replace).
        if (current !== null && typeof current === "object" && !Array.isArray(current)) {
          walk(value as Record<string, unknown>, path);
          continue;
        }
      }
      flat.push([path, value]);
    }
  };
  walk(changes, "");
  return flat.every(([path, value]) => sameValue(valueAt(source, path), value));
}

/** What became of an update: written, nothing to change, or refused (validation, permission). */
export type UpdateOutcome = "updated" | "unchanged" | "refused";

/** Updates `doc` and says which of the three happened; an exception is a refusal too. */
export async function updateDocument(
  doc: { update(changes: object, options?: object): Promise<unknown> },
  changes: Record<string, unknown>,
  options?: object,
): Promise<UpdateOutcome> {
  if (changesNothing(doc, changes)) return "unchanged";
  try {
    return (await doc.update(changes, options)) === undefined ? "refused" : "updated";
  } catch (error) {
    console.error("ClockWork | an update was refused", error);
    return "refused";
  }
}
