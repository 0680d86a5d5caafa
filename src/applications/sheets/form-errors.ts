/**
 * Turning a refused update into a message a person can act on: the localized label of each
 * field that failed (read from the form the user typed into) and the reason.
 */
import { changesNothing, localize, notify, validationFailures } from "../../foundry";

/**
 * Each failing field of a DataModelValidationError in words, by the label the user sees ("Name
 * cannot be empty", issue 20: core's "Name: may not be undefined"); one line for other errors.
 */
export function failureLines(error: unknown, form: HTMLElement | null): string[] {
  return validationFailures(error, (path) => fieldLabel(path, form)) ?? [localize("CLOCKWORK.Write.Unknown")];
}

/** The visible label of the input named `path`, or the path itself. */
function fieldLabel(path: string, form: HTMLElement | null): string {
  const input = form?.querySelector<HTMLElement>(`[name="${CSS.escape(path)}"]`);
  const labelled = input?.id ? form?.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null;
  return labelled?.textContent?.trim() || path;
}

/** Tell the user why their change was not saved. */
export function reportRefusedUpdate(error: unknown, form: HTMLElement | null): void {
  // Core's own text (English, naming the class) goes to the console only.
  console.warn("ClockWork | update refused", error);
  notify("error", "CLOCKWORK.Sheet.Error.UpdateRefused", { details: failureLines(error, form).join("; ") });
}

/** A sheet whose form submission can be refused by the data model. */
interface RefusableSheet {
  form?: HTMLElement | null;
  render(): unknown;
}

/**
 * Runs one submit step; a refused update is reported and the sheet redrawn with the stored
 * values, so what the user sees is never a number the document did not keep.
 */
export function guardSubmit<T>(sheet: RefusableSheet, step: () => T, fallback: T): T {
  try {
    return step();
  } catch (error) {
    reportRefusedUpdate(error, sheet.form ?? null);
    void sheet.render();
    return fallback;
  }
}

/**
 * `guardSubmit` for the asynchronous write. A write Foundry refuses without throwing (a
 * `preUpdate` hook, the server's permission check) leaves the document's source as it was;
 * then the form, which still shows what the user typed, is redrawn from the stored data.
 */
export async function guardSubmitAsync(sheet: RefusableSheet, step: () => Promise<void>, document?: { _source: object }): Promise<void> {
  const before = document ? JSON.stringify(document._source) : null;
  try {
    await step();
  } catch (error) {
    reportRefusedUpdate(error, sheet.form ?? null);
    void sheet.render();
    return;
  }
  if (before !== null && document && JSON.stringify(document._source) === before) void sheet.render();
}

/**
 * Runs a document write from a sheet action. Foundry v13 does not throw when it refuses a
 * write (validation, a `preUpdate` hook, the server's permission check): it notifies the user
 * itself and resolves `undefined` or an empty array. Either way, or when the write throws, the
 * sheet is redrawn from the stored data. Resolves whether the write happened.
 */
export async function attemptWrite(sheet: RefusableSheet, write: () => Promise<unknown>): Promise<boolean> {
  let result: unknown;
  try {
    result = await write();
  } catch (error) {
    reportRefusedUpdate(error, sheet.form ?? null);
    await sheet.render();
    return false;
  }
  const written = Array.isArray(result) ? result.length > 0 : result !== undefined && result !== null;
  if (!written) await sheet.render();
  return written;
}

/**
 * `attemptWrite` of one update. Changes already stored are done, not refused: core resolves
 * `undefined` for an empty diff as for a refusal, so they are not sent (and nothing is redrawn).
 */
export async function attemptUpdate(sheet: RefusableSheet, doc: { update(changes: never): Promise<unknown> }, changes: Record<string, unknown>): Promise<boolean> {
  if (changesNothing(doc, changes)) return true;
  return attemptWrite(sheet, () => doc.update(changes as never));
}
