/**
 * Form-field views. A builder describes each input (name, value, limits, options) and the
 * `cw-field` partial picks the matching input partial by `partial`, so templates never
 * decide how a field looks or what range it takes.
 */

/** A choice in a select or a checkbox group. `label` is a localization key; `text` is shown as is. */
export interface OptionView {
  value: string;
  label?: string;
  text?: string;
  /** A stored value the list does not have (a removed setting module's entry): shown as unknown, kept on save. */
  unknown?: boolean;
  selected: boolean;
}

interface FieldBase {
  /** The form name (`system.damage.dice`); also the source of the element id. */
  name: string;
  /** Localization key of the visible label. */
  label: string;
  id: string;
  disabled: boolean;
  /** Localization key of a short hint under the field. */
  hint?: string;
}

export interface NumberFieldView extends FieldBase {
  partial: "cw-field-number";
  value: number | null;
  min?: number;
  max?: number;
  step: number;
  /** Empty means null (for example a ritual spell's counters). */
  nullable: boolean;
}

export interface TextFieldView extends FieldBase {
  partial: "cw-field-text";
  value: string;
  placeholder?: string;
}

export interface SelectFieldView extends FieldBase {
  partial: "cw-field-select";
  options: OptionView[];
}

export interface CheckboxFieldView extends FieldBase {
  partial: "cw-field-checkbox";
  checked: boolean;
}

/**
 * An array of keys shown as a checkbox group; each box is named `<name>.<value>`. A `compact`
 * one is Foundry's `<multi-select>` instead (a dropdown plus a tag per chosen key), for long
 * lists such as the conditions.
 */
export interface MultiFieldView extends FieldBase {
  partial: "cw-field-multi";
  compact: boolean;
  options: (OptionView & { checked: boolean; boxName: string; boxId: string })[];
  /** The chosen options, for the compact view's summary. */
  chosen: OptionView[];
}

/** A document another one points at by UUID, resolved by the shell (name and icon). */
export interface LinkView {
  uuid: string;
  name: string;
  img: string;
  /** The UUID resolved to nothing: the item was deleted or its pack is missing. */
  missing: boolean;
}

/** What the shell found for each UUID; absent entries show as missing. */
export type LinkIndex = Readonly<Record<string, { name: string; img?: string | null } | undefined>>;

/**
 * One UUID (`multiple` false) or a list of them, shown as a drop zone with the linked items'
 * icons and names. The value travels in a hidden input (a list comma-joined, which
 * `normalizeFormArrays` splits); the sheet class handles drops on `[data-drop-field]`.
 */
export interface LinkFieldView extends FieldBase {
  partial: "cw-field-link";
  value: string;
  multiple: boolean;
  /** Item type a drop must have ("" for any item). */
  itemType: string;
  /** Localization key of the drop hint. */
  dropHint: string;
  links: LinkView[];
  empty: boolean;
}

/** An array of small objects shown as rows with add and remove buttons. */
export interface RowsFieldView extends FieldBase {
  partial: "cw-field-rows";
  columns: string[];
  rows: { index: number; cells: FieldView[] }[];
  empty: boolean;
}

export type FieldView =
  | NumberFieldView | TextFieldView | SelectFieldView | CheckboxFieldView | MultiFieldView | RowsFieldView | LinkFieldView;

/** A titled group of fields (a fieldset on the item sheet). */
export interface FieldGroupView {
  legend: string;
  fields: FieldView[];
}

/** Shared arguments of every field factory. */
export interface FieldScope {
  /** Prefix for element ids, unique per sheet (the document id). */
  idPrefix: string;
  disabled: boolean;
}

/**
 * The data model's label key for a form name: `system.properties.0.key` →
 * `CLOCKWORK.Field.properties.element.key.label` (the keys the schema fields use).
 */
export function fieldLabel(name: string): string {
  const path = name.replace(/^system\./, "").split(".").map((part) => (/^\d+$/.test(part) ? "element" : part)).join(".");
  return `CLOCKWORK.Field.${path}.label`;
}

export function fieldId(scope: FieldScope, name: string): string {
  return `${scope.idPrefix}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

export function numberField(
  scope: FieldScope, name: string, label: string, value: number | null | undefined,
  limits: { min?: number; max?: number; step?: number; nullable?: boolean } = {},
): NumberFieldView {
  const nullable = limits.nullable ?? false;
  return {
    partial: "cw-field-number", name, label, id: fieldId(scope, name), disabled: scope.disabled,
    value: value ?? (nullable ? null : (limits.min ?? 0)),
    min: limits.min, max: limits.max, step: limits.step ?? 1, nullable,
  };
}

export function textField(scope: FieldScope, name: string, label: string, value: string | undefined): TextFieldView {
  return { partial: "cw-field-text", name, label, id: fieldId(scope, name), disabled: scope.disabled, value: value ?? "" };
}

export function checkboxField(scope: FieldScope, name: string, label: string, checked: boolean | undefined): CheckboxFieldView {
  return { partial: "cw-field-checkbox", name, label, id: fieldId(scope, name), disabled: scope.disabled, checked: checked ?? false };
}

/**
 * A select over `values`. `labelOf` maps a value to its localization key; `blank` adds a
 * leading empty choice (stored as "") with that label key.
 */
export function selectField(
  scope: FieldScope, name: string, label: string, value: string | undefined,
  values: readonly string[], labelOf: (value: string) => string, blank?: string,
): SelectFieldView {
  const current = value ?? "";
  const options: OptionView[] = values.map((v) => ({ value: v, label: labelOf(v), selected: v === current }));
  if (blank !== undefined) options.unshift({ value: "", label: blank, selected: current === "" });
  // A value a fork removed from the list still shows, so saving the form cannot silently drop it.
  // The labeler names it (as unknown, when the sheets' choices have a name for that).
  if (current !== "" && !values.includes(current)) options.push({ value: current, label: labelOf(current), text: current, unknown: true, selected: true });
  return { partial: "cw-field-select", name, label, id: fieldId(scope, name), disabled: scope.disabled, options };
}

export function multiField(
  scope: FieldScope, name: string, label: string, value: readonly string[] | undefined,
  values: readonly string[], labelOf: (value: string) => string, options: { compact?: boolean } = {},
): MultiFieldView {
  const chosen = new Set(value ?? []);
  const all = [...values, ...[...chosen].filter((v) => !values.includes(v))];
  const views = all.map((v): MultiFieldView["options"][number] => ({
    value: v,
    ...(values.includes(v) ? { label: labelOf(v) } : { label: labelOf(v), text: v, unknown: true }),
    selected: chosen.has(v), checked: chosen.has(v),
    boxName: `${name}.${v}`, boxId: fieldId(scope, `${name}.${v}`),
  }));
  return {
    partial: "cw-field-multi", name, label, id: fieldId(scope, name), disabled: scope.disabled,
    compact: options.compact ?? false,
    options: views,
    chosen: views.filter((o) => o.checked).map((o): OptionView => ({ value: o.value, label: o.label, text: o.text, ...(o.unknown ? { unknown: true } : {}), selected: true })),
  };
}

const DEFAULT_LINK_IMG = "icons/svg/item-bag.svg";

/** A UUID field (or list) as a drop zone; `index` names what the shell resolved. */
export function linkField(
  scope: FieldScope, name: string, label: string, value: string | readonly string[] | undefined,
  index: LinkIndex, options: { itemType?: string; dropHint: string },
): LinkFieldView {
  const multiple = Array.isArray(value);
  const uuids = (multiple ? [...(value as readonly string[])] : [value as string | undefined]).filter((u): u is string => !!u);
  return {
    partial: "cw-field-link", name, label, id: fieldId(scope, name), disabled: scope.disabled,
    value: uuids.join(", "),
    multiple,
    itemType: options.itemType ?? "",
    dropHint: options.dropHint,
    links: uuids.map((uuid) => {
      const found = index[uuid];
      return { uuid, name: found?.name ?? uuid, img: found?.img || DEFAULT_LINK_IMG, missing: !found };
    }),
    empty: uuids.length === 0,
  };
}

export function rowsField<Row>(
  scope: FieldScope, name: string, label: string, rows: readonly Row[] | undefined,
  columns: string[], cellsOf: (row: Row, rowName: string) => FieldView[],
): RowsFieldView {
  const list = rows ?? [];
  return {
    partial: "cw-field-rows", name, label, id: fieldId(scope, name), disabled: scope.disabled, columns,
    rows: list.map((row, index) => ({ index, cells: cellsOf(row, `${name}.${index}`) })),
    empty: list.length === 0,
  };
}
