/**
 * Emptied and mistyped number boxes (issue 9): before a write is sent, every required number in
 * the changes that cannot be read as one is taken out of the changes, so the stored value stays,
 * and reported with what was typed. The rest of the write goes through. The field cleaning in
 * ./fields.ts refuses the same values on paths that skip this (direct `updateSource`).
 */
import { isUnreadableNumber } from "./fields";

type Changes = Record<string, unknown>;

interface FieldLike {
  fields?: Record<string, FieldLike>;
  nullable?: boolean;
  label?: string;
}

/** One refused value: the field's dot path in `system`, what was typed, and what stays. */
export interface KeptNumber {
  path: string;
  /** The text as typed ("" for an emptied box), or null when no text came (a NaN). */
  input: string | null;
  kept: unknown;
  field: FieldLike;
}

function isObject(value: unknown): value is Changes {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isRequiredNumber(field: FieldLike): boolean {
  return field instanceof foundry.data.fields.NumberField && !field.nullable;
}

/**
 * Remove the unreadable required numbers from `changes` (system changes, nested objects) against
 * the schema's `fields`, and list them with the stored values they leave in place.
 */
export function takeUnreadableNumbers(fields: Record<string, FieldLike>, changes: Changes, stored: unknown, prefix = ""): KeptNumber[] {
  const kept: KeptNumber[] = [];
  for (const key of Object.keys(changes)) {
    const field = fields[key];
    if (!field) continue;
    const value = changes[key];
    const current = isObject(stored) ? stored[key] : undefined;
    const path = prefix ? `${prefix}.${key}` : key;
    if (field.fields && isObject(value)) kept.push(...takeUnreadableNumbers(field.fields, value, current, path));
    else if (isRequiredNumber(field) && isUnreadableNumber(value)) {
      delete changes[key];
      kept.push({ path, input: value === null ? "" : typeof value === "string" ? value : null, kept: current, field });
    }
  }
  return kept;
}
