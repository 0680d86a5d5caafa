/**
 * FormDataExtended: FormData plus `object`, the form's values cast to the types core casts to.
 * Modelled on Foundry v13 `client/applications/ux/form-data-extended.mjs`: named fields of
 * `form.elements` in order, buttons and disabled fields skipped (read-only ones kept), several
 * elements of one name give an array (radio groups give the checked value), checkboxes give
 * booleans (or their value / null when they carry a `value` attribute), number and range
 * inputs give numbers (an empty one gives null), multi-selects give arrays, `data-dtype`
 * casts ("Number", "Boolean", "JSON", "String"); `img[data-edit]` gives its `src` under that name.
 * Not modelled: TinyMCE/ProseMirror editors and custom form elements such as `<prose-mirror>`.
 */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export class FormDataExtended extends FormData {
  readonly object: Record<string, unknown> = {};

  readonly dtypes: Record<string, string>;

  constructor(form: HTMLFormElement, { dtypes = {}, disabled = false, readonly = true }: { dtypes?: Record<string, string>; disabled?: boolean; readonly?: boolean } = {}) {
    super();
    this.dtypes = dtypes;
    this.#process(form, { disabled, readonly });
  }

  override set(name: string, value: unknown): void {
    this.object[name] = value;
    super.set(name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }

  #process(form: HTMLFormElement, { disabled, readonly }: { disabled: boolean; readonly: boolean }): void {
    if (!disabled && form.hasAttribute("disabled")) return;
    const elements = Array.from(form.elements) as Field[];
    const handled = new Set<string>();
    for (const element of elements) {
      const name = element.name;
      if (!name || handled.has(name)) continue;
      if (element.tagName === "BUTTON") continue;
      if (!disabled && element.matches(":disabled")) continue;
      if (!readonly && (element as HTMLInputElement).readOnly) continue;
      handled.add(name);
      const same = elements.filter((e) => e.name === name && e.tagName !== "BUTTON" && (disabled || !e.matches(":disabled")));
      this.set(name, this.#value(name, same));
    }
    // Editable images submit their source under `data-edit` (core's FormDataExtended does the same).
    for (const img of form.querySelectorAll<HTMLImageElement>("img[data-edit]")) {
      if (!disabled && img.hasAttribute("disabled")) continue;
      const name = img.dataset.edit ?? "";
      if (!name || handled.has(name)) continue;
      handled.add(name);
      this.set(name, img.getAttribute("src") ?? "");
    }
  }

  #value(name: string, fields: Field[]): unknown {
    if (fields.length > 1) {
      if (fields.every((f) => f.type === "radio")) {
        const chosen = fields.find((f) => (f as HTMLInputElement).checked);
        return chosen ? this.#value(name, [chosen]) : undefined;
      }
      return fields.map((f) => this.#value(name, [f]));
    }
    const field = fields[0];
    const dataType = field.dataset.dtype || this.dtypes[name];
    if (field.type === "checkbox") {
      const box = field as HTMLInputElement;
      if (box.hasAttribute("value") && dataType !== "Boolean") return cast(box.checked ? box.value : null, dataType);
      return cast(box.checked, dataType);
    }
    if (field.type === "number" || field.type === "range") {
      return field.value === "" ? null : cast(field.value, dataType || "Number");
    }
    if (field.type === "select-multiple") {
      return Array.from((field as HTMLSelectElement).options).filter((o) => o.selected).map((o) => cast(o.value, dataType));
    }
    if (field.type === "radio") return (field as HTMLInputElement).checked ? cast(field.value, dataType) : null;
    return cast(field.value, dataType);
  }
}

function cast(value: unknown, dataType: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => cast(v, dataType));
  if (value === undefined || value === null || dataType === "String") return value;
  if (dataType === "Boolean") return value === "false" ? false : Boolean(value);
  if (dataType === "Number") return value === "" || value === "null" ? null : Number(value);
  if (dataType === "JSON") return JSON.parse(String(value));
  return value;
}
