/**
 * Turning a sheet's form data back into the array fields the data models store (the item
 * sheet's form processing calls it synchronously); updates.ts re-exports it.
 */
type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Restores array fields in expanded form data, guided by the stored source at the same path:
 * - `{ ballistic: true, blunt: false }` (a checkbox group) → `["ballistic"]`;
 * - `{ 0: {...}, 1: {...} }` (table rows) → `[{...}, {...}]`, each row normalized in turn;
 * - `"a, b"` (a list typed as text) → `["a", "b"]`.
 * Values whose stored counterpart is not an array pass through unchanged.
 */
export function normalizeFormArrays(data: Plain, source: unknown): Plain {
  const result: Plain = {};
  for (const [key, value] of Object.entries(data)) {
    const stored = isPlain(source) ? source[key] : undefined;
    result[key] = normalizeValue(value, stored);
  }
  return result;
}

function normalizeValue(value: unknown, stored: unknown): unknown {
  if (!Array.isArray(stored)) return isPlain(value) ? normalizeFormArrays(value, stored) : value;
  if (typeof value === "string") return value.split(",").map((s) => s.trim()).filter(Boolean);
  if (!isPlain(value)) return value;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => {
      const row = value[k];
      const storedRow = stored[Number(k)];
      return isPlain(row) ? normalizeFormArrays(row, storedRow ?? {}) : row;
    });
  }
  return keys.filter((k) => value[k] === true);
}
