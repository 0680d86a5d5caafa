/**
 * Field builders shared by every data model. They add two things to core fields:
 * - out-of-range numbers are rejected, not clamped (core's NumberField clamps while cleaning,
 *   which would turn a typed 13 into a silent 12);
 * - every rejection carries a localized message (`CLOCKWORK.Error.*`).
 */
import { choices } from "../config";
import { localizedError } from "../foundry";
import { labelOf } from "./labels";
import type { DamageType } from "../rules";

const { ArrayField, BooleanField, HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;

type NumberOptions = foundry.data.fields.NumberField.Options;
type StringOptions = foundry.data.fields.StringField.Options<unknown>;

/**
 * True for what an emptied or mistyped number box sends: null, "", blanks, text that is not a
 * number, or NaN. Core's cleaning would turn the first ones into the field's initial value (a
 * skill rank back to 12, currency back to 2000) and the last ones into NaN.
 */
export function isUnreadableNumber(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value === "number") return Number.isNaN(value);
  if (typeof value === "string") return value.trim() === "" || !Number.isFinite(Number(value));
  return false;
}

/** The error for an unreadable number, quoting what was typed (never "NaN"). */
export function unreadableNumberError(value: unknown): Error {
  if (value === null || (typeof value === "string" && value.trim() === "")) return localizedError("CLOCKWORK.Error.EmptyNumber");
  if (typeof value === "string") return localizedError("CLOCKWORK.Error.NotANumber", { value });
  return localizedError("CLOCKWORK.Error.UnreadableNumber");
}

/** An integer field that validates its range instead of clamping into it. */
export class StrictIntegerField<const Options extends NumberOptions = NumberOptions> extends NumberField<Options> {
  /**
   * In an update (partial cleaning) an unreadable value of a required number stays as typed, so
   * validation refuses it and the stored value is kept; creation still fills in the initial value.
   */
  override clean(
    value: foundry.data.fields.NumberField.AssignmentType<Options>,
    options?: foundry.data.fields.DataField.CleanOptions,
  ): foundry.data.fields.NumberField.InitializedType<Options> {
    if (options?.partial && !this.nullable && isUnreadableNumber(value)) return value as foundry.data.fields.NumberField.InitializedType<Options>;
    return super.clean(value, options);
  }

  protected override _validateSpecial(value: foundry.data.fields.NumberField.AssignmentType<Options>): boolean | void {
    if (value === null && !this.nullable) throw unreadableNumberError(value);
    return super._validateSpecial(value);
  }

  // Keep the value as given (after the cast to number) so validation can report it.
  protected override _cleanType(value: foundry.data.fields.NumberField.InitializedType<Options>): foundry.data.fields.NumberField.InitializedType<Options> {
    return value;
  }

  protected override _validateType(value: foundry.data.fields.NumberField.InitializedType<Options>): boolean | void {
    if (isUnreadableNumber(value)) throw unreadableNumberError(value);
    if (typeof value !== "number" || !Number.isInteger(value)) throw localizedError("CLOCKWORK.Error.NotInteger", { value: String(value) });
    const { min, max } = this;
    const below = min !== undefined && value < min;
    const above = max !== undefined && value > max;
    if (!below && !above) return;
    if (min !== undefined && max !== undefined) throw localizedError("CLOCKWORK.Error.Range", { value, min, max });
    if (below) throw localizedError("CLOCKWORK.Error.Minimum", { value, min });
    throw localizedError("CLOCKWORK.Error.Maximum", { value, max });
  }
}

/** A string field limited to a (possibly fork-extended) list, with a localized rejection. */
export class StrictChoiceField<const Options extends StringOptions = StringOptions> extends StringField<Options> {
  protected override _validateType(value: foundry.data.fields.StringField.InitializedType<Options>): boolean | void {
    const allowed = choiceList(this.choices);
    if (typeof value === "string" && allowed.includes(value)) return true;
    throw localizedError("CLOCKWORK.Error.Choice", { value: String(value), choices: allowed.join(", ") });
  }
}

function choiceList(choices: unknown): string[] {
  const resolved: unknown = typeof choices === "function" ? (choices as () => unknown)() : choices;
  if (Array.isArray(resolved)) return resolved.map(String);
  return resolved && typeof resolved === "object" ? Object.keys(resolved) : [];
}

/** Integer in [min, max] with a default. */
export function integerField<const Min extends number | undefined, const Max extends number | undefined>(
  initial: number, min: Min, max?: Max,
) {
  return new StrictIntegerField({ required: true, nullable: false, integer: true, initial, min, max });
}

/** Integer in [min, max] or null (null = "not set"). */
export function nullableIntegerField(min: number, max?: number) {
  return new StrictIntegerField({ required: true, nullable: true, integer: true, initial: null, min, max });
}

/** One value of a list; `initial` must be in it. */
export function choiceField<const K extends string>(list: () => K[], initial: K) {
  return new StrictChoiceField({ required: true, nullable: false, blank: false, initial, choices: list });
}

/** One value of a list, or "" for none. */
export function optionalChoiceField<const K extends string>(list: () => K[]) {
  // "" is accepted through `blank`, not as a choice; the cast only widens the value type.
  return new StrictChoiceField({ required: true, nullable: false, blank: true, initial: "" as K | "", choices: list as () => (K | "")[] });
}

/** Several distinct values of a list. */
export function choiceListField<const K extends string>(list: () => K[], { max, initial = [] }: { max?: number; initial?: K[] } = {}) {
  return new ArrayField(new StrictChoiceField({ required: true, nullable: false, blank: false, choices: list }), {
    required: true,
    initial: () => [...initial],
    validate: (value: unknown) => validateList(value, max),
  });
}

function validateList(value: unknown, max: number | undefined): void {
  if (!Array.isArray(value)) return;
  if (max !== undefined && value.length > max) throw localizedError("CLOCKWORK.Error.TooMany", { count: value.length, max });
  const seen = new Set<unknown>();
  for (const entry of value) {
    if (seen.has(entry)) throw localizedError("CLOCKWORK.Error.Duplicate", { value: String(entry) });
    seen.add(entry);
  }
}

const KEY = /^[a-z][a-zA-Z0-9]*$/;

/**
 * Several distinct configuration keys, not a closed choice: a key a setting module added stays
 * valid data when the module is switched off (the sheets show it as unknown).
 */
export function keyListField({ max }: { max?: number } = {}) {
  return new ArrayField(new StringField({ required: true, nullable: false, blank: false, validate: (v: string) => KEY.test(v) }), {
    required: true,
    initial: () => [],
    validate: (value: unknown) => validateList(value, max),
  });
}

export function booleanField(initial = false) {
  return new BooleanField({ required: true, nullable: false, initial });
}

export function htmlField() {
  return new HTMLField({ required: true, nullable: false, blank: true, initial: "" });
}

export function stringField(initial = "") {
  return new StringField({ required: true, nullable: false, blank: true, initial });
}

const IDENTIFIER = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ITEM_ID = /^[a-zA-Z0-9]{16}$/;

/** True for "Type.id[.Type.id…]" and "Compendium.scope.pack.Type.id". */
export function isDocumentUuid(value: string): boolean {
  const parts = value.split(".");
  if (parts.some((p) => !p)) return false;
  if (parts[0] === "Compendium") return parts.length >= 5 && (parts.length - 3) % 2 === 0;
  return parts.length >= 2 && parts.length % 2 === 0;
}

function patternField(test: (value: string) => boolean, errorKey: string, blank: boolean) {
  return new StringField({
    required: true,
    nullable: false,
    blank,
    initial: blank ? "" : undefined,
    validate: (value: unknown) => {
      if (typeof value === "string" && (value === "" || test(value))) return true;
      throw localizedError(errorKey, { value: String(value) });
    },
  });
}

/** Kebab-case slug used by rules code instead of names ("diehard"), or "" before one is set. */
export function identifierField() {
  return patternField((v) => IDENTIFIER.test(v), "CLOCKWORK.Error.Identifier", true);
}

/** A document UUID, or "" for none. */
export function uuidField() {
  return patternField(isDocumentUuid, "CLOCKWORK.Error.Uuid", true);
}

/** Distinct document UUIDs. */
export function uuidListField() {
  return new ArrayField(patternField(isDocumentUuid, "CLOCKWORK.Error.Uuid", false), {
    required: true,
    initial: () => [] as string[],
    validate: (value: unknown) => validateList(value, undefined),
  });
}

/** The id of an item owned by the same actor, or "" for none. */
export function itemIdField() {
  return patternField((v) => ITEM_ID.test(v), "CLOCKWORK.Error.ItemId", true);
}

/** Distinct identifiers (feature prerequisites). */
export function identifierListField() {
  return new ArrayField(patternField((v) => IDENTIFIER.test(v), "CLOCKWORK.Error.Identifier", false), {
    required: true,
    initial: () => [] as string[],
    validate: (value: unknown) => validateList(value, undefined),
  });
}

/** One field per damage type (fork-added types included when the schema is first built). */
export function perDamageTypeField<F extends foundry.data.fields.DataField.Any>(build: () => F) {
  const shape = {} as Record<DamageType, F>;
  for (const type of choices.damageTypes()) shape[type] = build();
  return new SchemaField(shape);
}

export { SchemaField, ArrayField, labelOf };

/** Throw a localized error unless `condition` holds (for `validateJoint`). */
export function requireThat(condition: boolean, key: string, data?: Record<string, unknown>): void {
  if (!condition) throw localizedError(key, data);
}

/** `{ shape, size }` of an area template. */
export function areaField<const K extends string>(shapes: () => K[]) {
  return new SchemaField({ shape: choiceField(shapes, "none" as K), size: integerField(0, 0) });
}

/** `{ key, trigger }[]` conditions an item or spell applies. */
export function conditionRefsField<const T extends string>(triggers: () => T[]) {
  return new ArrayField(new SchemaField({ key: choiceField(choices.conditions, "bleeding"), trigger: choiceField(triggers, "hit" as T) }), {
    required: true,
    initial: () => [],
  });
}
