/**
 * v14's update operators, the part the system uses: `foundry.data.operators.ForcedDeletion`
 * and its global instance `_del` (API v14 `foundry.data.operators.ForcedDeletion`;
 * foundryvtt/foundryvtt#13090: the `-=key` spelling is deprecated since 14, removed in 16).
 * Only the v14 profile has them. On a v14 client an update's operators are rewritten into the
 * world's own `-=key` spelling before the data layer sees them (core's `applyOperators`), and a
 * `-=key` written by the caller logs a compatibility warning, as v14 does. Not modelled:
 * ForcedReplacement (`_replace`).
 */
import { isPlainObject, type PlainObject } from "../utils";

/** An update option the world sets when it has already applied a change's operators (a synthetic actor's delta). */
export const OPERATORS_APPLIED = "_worldOperatorsApplied";

export class DataFieldOperator {}

export class ForcedDeletion extends DataFieldOperator {
  /** The shared instance (core's global `_del`). */
  static create(): ForcedDeletion {
    return DEL;
  }
}

export const DEL = new ForcedDeletion();

/** `foundry.data.operators` of the v14 profile. */
export const operators = Object.freeze({ DataFieldOperator, ForcedDeletion });

/** Whether an update (flat or nested keys) uses the legacy `-=key` deletion. */
export function hasLegacyDeletion(changes: PlainObject): boolean {
  return Object.entries(changes).some(([key, value]) => key.split(".").some((part) => part.startsWith("-=")) || (isPlainObject(value) && hasLegacyDeletion(value)));
}

/** The update with every ForcedDeletion value written as `-=key: null` (in a new object). */
export function applyOperators(changes: PlainObject): PlainObject {
  const out: PlainObject = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value instanceof ForcedDeletion) {
      const parts = key.split(".");
      parts[parts.length - 1] = `-=${parts[parts.length - 1]}`;
      out[parts.join(".")] = null;
    } else out[key] = isPlainObject(value) ? applyOperators(value) : value;
  }
  return out;
}

/** A v14 client's view of an update: operators applied, a legacy deletion warned about. */
export function v14Changes(host: unknown, changes: PlainObject): PlainObject {
  const client = host as { profile?: string; compatibilityWarning?(message: string): void };
  if (client.profile !== "v14") return changes;
  if (hasLegacyDeletion(changes)) client.compatibilityWarning?.("You are specifying a forced deletion key using legacy \"-=\" syntax; pass foundry.data.operators.ForcedDeletion (_del) instead");
  return applyOperators(changes);
}
