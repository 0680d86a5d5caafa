/**
 * What the user changed in a document sheet's form, so a submit sends only that.
 *
 * Core's form submit sends every field of the form, and the document diffs it against its
 * current source: a value the GM wrote after the form was drawn (damage landing while the field
 * sits in a tab not redrawn, or before the redraw finished) is sent back stale and erased. The
 * sheet therefore remembers each field's value as drawn and, on submit, keeps only the fields
 * whose value differs from it. A redraw of a part keeps what the user was typing there (the
 * value differs from the drawn one and was not submitted yet) and shows the stored value in
 * every other field.
 */

type Flat = Record<string, unknown>;
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isPlain = (value: unknown): value is Flat => typeof value === "object" && value !== null && !Array.isArray(value);

/** Deep equality of form values (primitives, arrays, plain objects). */
export function sameFormValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameFormValue(v, b[i]));
  if (isPlain(a) && isPlain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameFormValue(a[k], b[k]));
  }
  return false;
}

/**
 * The part of `submitted` (expanded submit data) that differs from `drawn` (the same shape, built
 * from the values as drawn). Objects are compared key by key; arrays and other values as a whole,
 * since an update replaces an array.
 */
export function changedValues(submitted: Flat, drawn: unknown): Flat {
  const result: Flat = {};
  for (const [key, value] of Object.entries(submitted)) {
    const before = isPlain(drawn) ? drawn[key] : undefined;
    if (isPlain(value) && isPlain(before)) {
      const inner = changedValues(value, before);
      if (Object.keys(inner).length) result[key] = inner;
    } else if (!sameFormValue(value, before)) result[key] = value;
  }
  return result;
}

/** An element's raw state: what the user typed or chose, to put back after a redraw. */
interface RawState {
  value: string;
  checked: boolean;
  selected: string[] | null;
  selection: [number, number] | null;
}

function rawState(field: Field): RawState {
  const selected = field instanceof HTMLSelectElement ? Array.from(field.options).filter((o) => o.selected).map((o) => o.value) : null;
  let selection: [number, number] | null = null;
  try {
    const { selectionStart, selectionEnd } = field as HTMLInputElement;
    if (typeof selectionStart === "number" && typeof selectionEnd === "number") selection = [selectionStart, selectionEnd];
  } catch {
    // Number inputs throw on selectionStart.
  }
  return { value: field.value, checked: (field as HTMLInputElement).checked === true, selected, selection };
}

function restore(field: Field, state: RawState): void {
  if (field instanceof HTMLSelectElement && state.selected) {
    for (const option of Array.from(field.options)) option.selected = state.selected.includes(option.value);
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    field.checked = state.checked;
    return;
  }
  field.value = state.value;
  if (state.selection && document.activeElement === field) {
    try {
      (field as HTMLInputElement).setSelectionRange(...state.selection);
    } catch {
      // Not every input type has a selection.
    }
  }
}

function fieldsNamed(form: HTMLFormElement, name: string): Field[] {
  return (Array.from(form.elements) as Field[]).filter((e) => e.name === name);
}

/** The form's values as core's submit reads them. */
function formValues(form: HTMLFormElement): Flat {
  return new foundry.applications.ux.FormDataExtended(form).object as Flat;
}

/** One sheet's memory of its form as drawn. */
export class FormEdits {
  /** Each field's value (by name, as FormDataExtended reads it) when its part was last drawn. */
  #drawn: Flat = {};

  /** The fields the user changed and has not submitted yet, with their raw states. */
  typed(form: HTMLFormElement | null): Map<string, RawState[]> {
    const typed = new Map<string, RawState[]>();
    if (!form) return typed;
    const now = formValues(form);
    for (const [name, value] of Object.entries(now)) {
      if (name in this.#drawn && !sameFormValue(value, this.#drawn[name])) typed.set(name, fieldsNamed(form, name).map(rawState));
    }
    return typed;
  }

  /**
   * After `parts` were drawn: their fields' values are the new baseline, then what the user was
   * typing in them is put back (it still differs from the baseline, so a submit sends it).
   */
  drawn(form: HTMLFormElement | null, parts: readonly HTMLElement[], typed: Map<string, RawState[]>): void {
    if (!form) return;
    // A root part's element is a container whose children moved into the form: then every field counts.
    const whole = parts.some((part) => !form.contains(part));
    const inParts = (field: Element) => whole || parts.some((part) => part.contains(field));
    const now = formValues(form);
    const elements = Array.from(form.elements) as Field[];
    const names = new Set(elements.filter((e) => e.name && inParts(e)).map((e) => e.name));
    // Values core reads from elsewhere than a form element (an editable image, `data-edit`).
    const named = new Set(elements.map((e) => e.name));
    for (const key of Object.keys(now)) {
      if (!named.has(key) && (whole || parts.some((part) => part.querySelector(`[data-edit="${CSS.escape(key)}"]`)))) names.add(key);
    }
    for (const name of names) {
      if (name in now) this.#drawn[name] = now[name];
      else delete this.#drawn[name];
    }
    for (const [name, states] of typed) {
      if (!names.has(name)) continue;
      const fields = fieldsNamed(form, name);
      if (fields.length !== states.length) continue;
      fields.forEach((field, i) => restore(field, states[i]));
    }
  }

  /**
   * Only what changed of a submit: `submitted` is FormDataExtended's object, `process` the
   * sheet's form processing (expanding, arrays), applied alike to the submitted values and to
   * the values as drawn. The submitted values become the baseline, as the form now shows them.
   */
  changed(submitted: Flat, process: (values: Flat) => Flat): Flat {
    const drawn: Flat = {};
    for (const name of Object.keys(submitted)) if (name in this.#drawn) drawn[name] = this.#drawn[name];
    const result = changedValues(process(submitted), process(drawn));
    Object.assign(this.#drawn, submitted);
    return result;
  }
}
