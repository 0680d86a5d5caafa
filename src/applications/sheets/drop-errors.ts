/**
 * A dropped compendium entry core cannot load (a fork's bad data: dice "eight", hands
 * "tentacle", a spell of level 9): core throws a validation error while resolving the drop,
 * before any sheet handler runs, and the user sees nothing. This turns that error into a
 * message naming the entry and each field in words; nothing is created.
 */
import { configEntry, localize, notify, resolveUuidSync } from "../../foundry";

interface FailureLike { invalidValue?: unknown; message?: string }
interface ValidationErrorLike { getAllFailures?: () => Record<string, FailureLike | undefined> }
interface FieldLike { label?: string }
interface SchemaLike { getField?(path: string | string[]): FieldLike | undefined }
interface EntryLike { name?: string; type?: string; documentName?: string }

/** The drop's `{type, uuid}` as core reads it from the event, or null. */
function dropData(event: DragEvent): { type?: string; uuid?: string } | null {
  try {
    const data = JSON.parse(event.dataTransfer?.getData("text/plain") || "null") as unknown;
    return data && typeof data === "object" ? data as { type?: string; uuid?: string } : null;
  } catch {
    return null;
  }
}

/** The labels of a field of the type's data model and of the fields holding it ("system.damage.dice" → "Damage › Dice"), or the path. */
function fieldLabel(documentName: string, type: string | undefined, path: string): string {
  const parts = path.split(".");
  const inSystem = parts[0] === "system";
  const models = configEntry<{ dataModels?: Record<string, { schema?: SchemaLike }> }>(documentName)?.dataModels;
  const schema = inSystem && type ? models?.[type]?.schema : undefined;
  const labels: string[] = [];
  // Core names array elements and inner fields below a labelled field ("damage.types.0"); those add nothing.
  for (let end = inSystem ? 2 : 1; end <= parts.length; end++) {
    const label = schema?.getField?.(parts.slice(inSystem ? 1 : 0, end).join("."))?.label;
    if (label && labels.at(-1) !== localize(label)) labels.push(localize(label));
  }
  return labels.length ? labels.join(" › ") : path;
}

function shown(value: unknown): string {
  // A value core could not even read (a number field given "eight") arrives as NaN or null.
  if (value === undefined || value === null || Number.isNaN(value)) return "";
  const text = typeof value === "string" ? `"${value}"` : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * Reports a drop core refused with a validation error while loading the dropped document.
 * Resolves whether the error was one (anything else is left to the caller to rethrow).
 */
export function reportInvalidDrop(event: DragEvent, error: unknown): boolean {
  const failures = (error as ValidationErrorLike | null)?.getAllFailures?.();
  if (!failures || Object.keys(failures).length === 0) return false;
  const data = dropData(event);
  const entry = data?.uuid ? resolveUuidSync<EntryLike>(data.uuid) : null;
  const documentName = data?.type ?? entry?.documentName ?? "Item";
  const fields = Object.entries(failures).map(([path, failure]) => {
    // A whole-document rule (joint validation) has no path; its message is the system's own text.
    if (!path) return failure?.message ? localize(failure.message) : localize("CLOCKWORK.Sheet.Drop.WholeEntry");
    const value = shown(failure?.invalidValue);
    const label = fieldLabel(documentName, entry?.type, path);
    return value ? localize("CLOCKWORK.Sheet.Drop.FieldValue", { field: label, value }) : label;
  });
  console.warn("ClockWork | dropped entry refused", error);
  notify("error", "CLOCKWORK.Sheet.Drop.Invalid", { name: entry?.name ?? data?.uuid ?? "?", fields: fields.join("; ") });
  return true;
}
