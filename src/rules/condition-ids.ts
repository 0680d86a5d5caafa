/**
 * Combat status ids (digest §4.10, §4.14, §4.15): the conditions, persistent damage per type, the
 * called-shot and health states, and their stable ActiveEffect ids. Apart from the condition
 * rules (./conditions.ts re-exports them): registering the status effects needs only these.
 */
import { ruleError } from "./errors";
import { CONDITION_KEYS, DAMAGE_TYPES } from "./types";
import type { ConditionKey, DamageType } from "./types";

/** Status id of persistent damage of one type: one instance per damage type (§4.15). */
export function persistentStatusId(type: DamageType): `persistent${Capitalize<DamageType>}` {
  if (!DAMAGE_TYPES.includes(type)) ruleError("persistent damage type", `must be one of ${DAMAGE_TYPES.join(", ")}`, "one persistent damage per damage type (§4.15)", type);
  return `persistent${type[0].toUpperCase()}${type.slice(1)}` as `persistent${Capitalize<DamageType>}`;
}

type PersistentId = `persistent${Capitalize<DamageType>}`;
/** Called-shot states (§4.10): an unusable arm, a leg that cannot run. */
export const CALLED_SHOT_STATES = ["armDisabled", "legDisabled"] as const;
/**
 * Health states shown on the token: out of the fight after stabilizing, dead, and destroyed
 * (Disintegrate or Ice Beam at 0 vitals: no stabilizing, healing or revival, docs/rulings.md).
 */
export const HEALTH_STATES = ["stabilized", "dead", "destroyed"] as const;

/**
 * Every combat status id, stable across versions: the conditions of §4.15 (persistent damage
 * once per damage type), the called-shot states and the health states. Foundry status effects
 * and their ActiveEffect ids derive from these.
 */
export const COMBAT_STATUS_IDS = [
  ...CONDITION_KEYS.filter((key) => key !== "persistent"),
  ...DAMAGE_TYPES.map(persistentStatusId),
  ...CALLED_SHOT_STATES,
  ...HEALTH_STATES,
] as readonly CombatStatusId[];
export type CombatStatusId = Exclude<ConditionKey, "persistent"> | PersistentId | (typeof CALLED_SHOT_STATES)[number] | (typeof HEALTH_STATES)[number];

/**
 * A 16-character alphanumeric document id for a status's ActiveEffect, the same on every client
 * and in every world, so an effect is found, added and removed by id alone.
 */
export function statusEffectId(id: CombatStatusId): string {
  if (!COMBAT_STATUS_IDS.includes(id)) ruleError("status id", "must be a combat status id", "statuses are the conditions of §4.15 and the combat states", id);
  return `cw${id}`.replace(/[^A-Za-z0-9]/g, "").padEnd(16, "0").slice(0, 16);
}
