/**
 * A refused write in words (issue 20): core's validation messages ("Name: may not be undefined",
 * "ClockworkActor joint validation error: …") are English, name the class, and reach players as
 * they are. These helpers dry-run a change the way core validates it, and say what failed with
 * the field's label and the document's localized type name.
 */
import { configEntry } from "./config";
import { isOwnMessage, localize } from "./i18n";
import { notify } from "./notify";

interface FailureLike { invalidValue?: unknown; message?: string }
interface ValidationErrorLike { getAllFailures?: () => Record<string, FailureLike | undefined> }
interface FieldLike { label?: string }
interface SchemaLike { getField?(path: string | string[]): FieldLike | undefined }

/** The document fields the helpers read. */
export interface DocumentLike {
  documentName?: string;
  type?: string;
  name?: string | null;
  schema?: SchemaLike;
  updateSource?(changes: object, options?: object): unknown;
}

/** A localized text, or null when the key has none. */
function known(key: string): string | null {
  const text = localize(key);
  return text === key ? null : text;
}

/** The document's kind in the user's language ("Character", "Weapon", "combatant"). */
export function documentTypeLabel(doc: DocumentLike): string {
  const name = doc.documentName ?? "";
  return (doc.type ? known(`TYPES.${name}.${doc.type}`) : null) ?? known(`CLOCKWORK.DocumentType.${name}`) ?? name;
}

/** A field's label: the data model's, its parent fields' ("Damage › Dice"), or the path. */
export function fieldLabelOf(doc: DocumentLike, path: string): string {
  if (path === "name") return localize("CLOCKWORK.Sheet.Name");
  const parts = path.split(".");
  const inSystem = parts[0] === "system";
  const models = configEntry<{ dataModels?: Record<string, { schema?: SchemaLike }> }>(doc.documentName ?? "")?.dataModels;
  const schema = inSystem ? (doc.type ? models?.[doc.type]?.schema : undefined) : doc.schema;
  const labels: string[] = [];
  for (let end = inSystem ? 2 : 1; end <= parts.length; end++) {
    const label = schema?.getField?.(parts.slice(inSystem ? 1 : 0, end).join("."))?.label;
    if (label && labels.at(-1) !== localize(label)) labels.push(localize(label));
  }
  return labels.length ? labels.join(" › ") : path;
}

function shown(value: unknown): string {
  const text = typeof value === "string" ? `"${value}"` : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * Each failure of a validation error in words: "Name cannot be empty", "Dice cannot be
 * \"eight\""; a whole-document rule's own (already localized) text. Null when the error is not a
 * validation error.
 */
export function validationFailures(error: unknown, label: (path: string) => string): string[] | null {
  const failures = (error as ValidationErrorLike | null)?.getAllFailures?.();
  if (!failures || Object.keys(failures).length === 0) return null;
  return Object.entries(failures).map(([path, failure]) => {
    // A whole-document rule's own text, without its full stop (the message around it has one).
    if (!path) return (failure?.message ? localize(failure.message) : localize("CLOCKWORK.Write.WholeDocument")).replace(/\.$/, "");
    // The system's own field texts already say what is wrong ("13 is outside the allowed range 4–12").
    if (isOwnMessage(failure?.message)) return localize("CLOCKWORK.Write.FieldProblem", { field: label(path), problem: failure.message.replace(/\.$/, "") });
    const value = failure?.invalidValue;
    const empty = value === undefined || value === null || value === "" || Number.isNaN(value);
    return empty
      ? localize("CLOCKWORK.Write.Empty", { field: label(path) })
      : localize("CLOCKWORK.Write.BadValue", { field: label(path), value: shown(value) });
  });
}

/**
 * Dry-runs a change as core does before sending it (the diff's fields, then the whole-document
 * rules on the merged data): the failures in words, or null when core would accept it.
 */
export function changeProblems(doc: DocumentLike, changes: Record<string, unknown>): string[] | null {
  if (typeof doc.updateSource !== "function") return null;
  try {
    doc.updateSource(changes, { dryRun: true, fallback: false });
    return null;
  } catch (error) {
    return validationFailures(error, (path) => fieldLabelOf(doc, path));
  }
}

/** Update option: the caller reports a refusal itself (the relay's planner), so the check stays quiet. */
export const QUIET_REFUSAL = "clockworkQuietRefusal";

/** What the last refused write of each document failed on, for a caller that reports it itself. */
const refusals = new Map<string, string[]>();

/** The failures the write check last refused `uuid`'s change for (taken once), or null. */
export function takeRefusal(uuid: string): string[] | null {
  const problems = refusals.get(uuid) ?? null;
  refusals.delete(uuid);
  return problems;
}

type CheckedDoc = DocumentLike & { uuid?: string };

/** The `preUpdateActor`/`preUpdateItem` handler: false (with the refusal in words) for a change core would refuse. */
export function checkUpdate(doc: CheckedDoc, changes: Record<string, unknown>, options: Record<string, unknown> | undefined): boolean | void {
  const { _id: _ignored, ...fields } = changes ?? {};
  const problems = changeProblems(doc, fields);
  if (!problems) return;
  if (doc.uuid) refusals.set(doc.uuid, problems);
  console.warn("ClockWork | update refused", doc.uuid, problems);
  if (options?.[QUIET_REFUSAL] !== true) {
    const type = documentTypeLabel(doc);
    notify("error", "CLOCKWORK.Write.Refused", { name: doc.name || type, type, problems: problems.join("; ") });
  }
  // Core would refuse it with its own English text ("… joint validation error: …"); ours says it in words.
  return false;
}

/**
 * Checks every actor and item update on this client after the system's own rules (`_preUpdate`)
 * and before core validates it: a change core would refuse is refused here in words instead.
 * Called once at `init`.
 */
export function registerWriteChecks(registry: { on(name: string, fn: (...args: never[]) => unknown): number }): void {
  for (const name of ["preUpdateActor", "preUpdateItem"]) {
    registry.on(name, checkUpdate as never);
  }
}

/**
 * Whether core would send anything for this change: false when its cleaned diff is empty (core
 * then resolves `undefined`, as for a refusal), null when that cannot be told.
 */
export function wouldChange(doc: DocumentLike, changes: Record<string, unknown>): boolean | null {
  if (typeof doc.updateSource !== "function") return null;
  try {
    const diff = doc.updateSource({ ...changes }, { dryRun: true, fallback: false });
    return diff !== null && typeof diff === "object" ? Object.keys(diff).length > 0 : null;
  } catch {
    return null;
  }
}
