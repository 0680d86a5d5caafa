/**
 * Pure rules for the writes the sheets make themselves: sorting, new table rows, and turning
 * form data back into the array fields the data models store (form-arrays.ts). (Equipping and
 * species are the actor's.)
 */
export { normalizeFormArrays } from "./form-arrays";

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

/** Default new rows of the table fields, keyed by field path. */
export const NEW_ROWS: Readonly<Record<string, Plain>> = {
  "system.properties": { key: "reach", damageType: "" },
  "system.conditions": { key: "burning", trigger: "hit" },
  "system.grants": { kind: "focus", choose: 1, options: [] },
};
