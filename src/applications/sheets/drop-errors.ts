/**
 * A dropped compendium entry core cannot load (a fork's bad data: dice "eight", hands
 * "tentacle", a spell of level 9): core throws a validation error while resolving the drop,
 * before any sheet handler runs, and the user sees nothing. This turns that error into a
 * message naming the entry and each field in words; nothing is created.
 */
import { fieldLabelOf, localize, notify, resolveUuidSync } from "../../foundry";

interface FailureLike { invalidValue?: unknown; message?: string }
interface ValidationErrorLike { getAllFailures?: () => Record<string, FailureLike | undefined> }
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
    const label = fieldLabelOf({ documentName, type: entry?.type }, path);
    return value ? localize("CLOCKWORK.Sheet.Drop.FieldValue", { field: label, value }) : label;
  });
  console.warn("ClockWork | dropped entry refused", error);
  notify("error", "CLOCKWORK.Sheet.Drop.Invalid", { name: entry?.name ?? data?.uuid ?? "?", fields: fields.join("; ") });
  return true;
}
