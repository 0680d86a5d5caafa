/**
 * Pure rules for the writes the sheets make themselves: sorting, and turning form data back
 * into the array fields the data models store. (Equipping and species are the actor's.)
 */

export interface Sortable { id: string; sort: number }

/** Gap between sort values, as Foundry's integer sort leaves room for later inserts. */
export const SORT_STEP = 100_000;

/**
 * `{ _id, sort }` updates that move `sourceId` next to `targetId` (before it, or after it when
 * `after`), renumbering the siblings in steps of SORT_STEP. Empty when nothing moves.
 */
export function sortUpdates(siblings: readonly Sortable[], sourceId: string, targetId: string, after = false): { _id: string; sort: number }[] {
  if (sourceId === targetId) return [];
  const ordered = [...siblings].sort((a, b) => a.sort - b.sort);
  const source = ordered.find((s) => s.id === sourceId);
  if (!source || !ordered.some((s) => s.id === targetId)) return [];
  const rest = ordered.filter((s) => s.id !== sourceId);
  const at = rest.findIndex((s) => s.id === targetId) + (after ? 1 : 0);
  rest.splice(at, 0, source);
  return rest
    .map((s, index) => ({ _id: s.id, sort: (index + 1) * SORT_STEP, before: s.sort }))
    .filter((u) => u.sort !== u.before)
    .map(({ _id, sort }) => ({ _id, sort }));
}

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

/** Default new rows of the table fields, keyed by field path. */
export const NEW_ROWS: Readonly<Record<string, Plain>> = {
  "system.properties": { key: "reach", damageType: "" },
  "system.conditions": { key: "burning", trigger: "hit" },
  "system.grants": { kind: "focus", choose: 1, options: [] },
};
