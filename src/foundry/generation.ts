/**
 * What changed between Foundry v13 and v14 in the shapes the system writes, one function per
 * concern, each branched on `game.release.generation` (issue 21 item 2). Feature code asks
 * here instead of testing the version itself.
 *
 * - Deletions: v13 deletes a key with `{"path.-=key": null}`; v14 deprecates that spelling
 *   (a compatibility warning until v16) for the `foundry.data.operators.ForcedDeletion` value
 *   (`_del`) at the key's own path (foundryvtt/foundryvtt#13090; API v14
 *   `foundry.data.operators.ForcedDeletion`; dnd5e-spellpoints#169 "`performDeletions` renamed
 *   to `applyOperators`").
 * - ActiveEffect duration: v13 stores `{rounds, turns, seconds, startRound, startTurn,
 *   startTime, combat}`; v14 one value in one unit, `{value, units, expiry}`, with where it
 *   started in a top-level `start` (API v14 `foundry.documents.types.EffectDurationData`,
 *   `ActiveEffectDuration`).
 * - ActiveEffect changes: v13 `changes[]` with a numeric `mode`; v14 `system.changes[]` with a
 *   string `type` (public v14 systems: Dragonbane status effects 3.0, LHTTRPG 2.1 release notes).
 * - Query options: v13 hands a query handler `{timeout}` only; v14 also names the asking user
 *   (`{timeout, user}`), as public v14 module handlers read it (`(request, {user})`).
 * - Message modes live in src/dice/roll-mode.ts (the one place for them).
 */
import { releaseGeneration } from "./game";
import { foundryMember } from "./config";

/** Whether this Foundry speaks v14's shapes. */
export function isV14(): boolean {
  return releaseGeneration() >= 14;
}

// ---------------------------------------------------------------- deletions

interface OperatorClass {
  new (): unknown;
  create?(): unknown;
}

/** v14's deletion operator value, or undefined where this Foundry has none. */
function forcedDeletion(): unknown {
  const cls = foundryMember<OperatorClass>("data.operators.ForcedDeletion");
  if (typeof cls !== "function") return undefined;
  return typeof cls.create === "function" ? cls.create() : new cls();
}

/**
 * The update entry that deletes `key` inside the object at `parent` ("" for the top level):
 * `["parent.-=key", null]` on v13, `["parent.key", _del]` on v14.
 */
export function deletionEntry(parent: string, key: string): [string, unknown] {
  const prefix = parent ? `${parent}.` : "";
  const operator = isV14() ? forcedDeletion() : undefined;
  return operator !== undefined ? [`${prefix}${key}`, operator] : [`${prefix}-=${key}`, null];
}

/** Puts the deletion of `key` into a nested update object (`target[key]` deleted when written). */
export function setDeletion(target: Record<string, unknown>, key: string): void {
  const [path, value] = deletionEntry("", key);
  target[path] = value;
}

/** Whether an update value is v14's deletion operator. */
export function isDeletionValue(value: unknown): boolean {
  const cls = foundryMember<OperatorClass>("data.operators.ForcedDeletion");
  return typeof cls === "function" && value instanceof cls;
}

/** Whether a changed-data object (an update hook's `changed`) deletes `key`, in either spelling. */
export function deletesKey(changed: Record<string, unknown> | undefined, key: string): boolean {
  if (!changed) return false;
  return `-=${key}` in changed || (key in changed && isDeletionValue(changed[key]));
}

// ---------------------------------------------------------------- effect durations

/** A lasting effect's clock: rounds of a combat, or seconds of world time. */
export type EffectClock =
  | { units: "rounds"; value: number; combat: { id: string; round: number; turn: number }; worldTime?: number }
  | { units: "seconds"; value: number; worldTime: number };

/** The duration fields of a new ActiveEffect in this Foundry's shape (`start` is v14's only). */
export function effectDurationData(clock: EffectClock | null): { duration: Record<string, unknown>; start?: Record<string, unknown> } {
  // No clock: core's defaults (indefinite) in either shape.
  if (!clock) return { duration: {} };
  if (isV14()) {
    if (clock.units === "rounds") {
      return {
        duration: { value: clock.value, units: "rounds", expiry: null },
        start: { combat: clock.combat.id, round: clock.combat.round, turn: clock.combat.turn, ...(clock.worldTime !== undefined ? { time: clock.worldTime } : {}) },
      };
    }
    return { duration: { value: clock.value, units: "seconds", expiry: null }, start: { time: clock.worldTime } };
  }
  if (clock.units === "rounds") return { duration: { combat: clock.combat.id, rounds: clock.value, startRound: clock.combat.round, startTurn: clock.combat.turn } };
  return { duration: { seconds: clock.value, startTime: clock.worldTime } };
}

/** A stored duration read in either shape: how long, in which unit; null when it has none. */
export function readEffectDuration(duration: unknown): { value: number; units: "rounds" | "turns" | "seconds" | "minutes" | "hours" | "days" } | null {
  if (!duration || typeof duration !== "object") return null;
  const d = duration as Record<string, unknown>;
  const positive = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v > 0;
  // v14: one value in one unit.
  if ("units" in d) {
    const units = d.units as string;
    return positive(d.value) && ["rounds", "turns", "seconds", "minutes", "hours", "days"].includes(units) ? { value: d.value, units: units as "rounds" } : null;
  }
  // v13: rounds (and turns) of a combat, else seconds.
  if (positive(d.rounds)) return { value: d.rounds, units: "rounds" };
  if (positive(d.turns)) return { value: d.turns, units: "turns" };
  if (positive(d.seconds)) return { value: d.seconds, units: "seconds" };
  return null;
}

/** The lang key and data that say an effect's duration ("3 rounds", "10 minutes"), or null. */
export function effectDurationLabel(duration: unknown): { key: string; data: { count: number } } | null {
  const read = readEffectDuration(duration);
  if (!read) return null;
  if (read.units === "seconds") {
    const seconds = read.value;
    if (seconds % 86400 === 0) return { key: "CLOCKWORK.Effect.Duration.days", data: { count: seconds / 86400 } };
    if (seconds % 3600 === 0) return { key: "CLOCKWORK.Effect.Duration.hours", data: { count: seconds / 3600 } };
    if (seconds % 60 === 0) return { key: "CLOCKWORK.Effect.Duration.minutes", data: { count: seconds / 60 } };
    return { key: "CLOCKWORK.Effect.Duration.seconds", data: { count: seconds } };
  }
  return { key: `CLOCKWORK.Effect.Duration.${read.units}`, data: { count: read.value } };
}

// ---------------------------------------------------------------- effect changes

/** One change of an effect, as the system describes it (v13 modes by name). */
export interface EffectChange {
  key: string;
  value: string;
  mode: "custom" | "multiply" | "add" | "downgrade" | "upgrade" | "override";
  priority?: number;
}

const V13_MODES: Record<EffectChange["mode"], number> = { custom: 0, multiply: 1, add: 2, downgrade: 3, upgrade: 4, override: 5 };

/** Where an effect's changes go: `changes` with numeric modes on v13, `system.changes` with types on v14. */
export function effectChangesData(changes: EffectChange[]): Record<string, unknown> {
  if (!changes.length) return {};
  if (isV14()) return { system: { changes: changes.map(({ key, value, mode, priority }) => ({ key, value, type: mode, ...(priority !== undefined ? { priority } : {}) })) } };
  return { changes: changes.map(({ key, value, mode, priority }) => ({ key, value, mode: V13_MODES[mode], ...(priority !== undefined ? { priority } : {}) })) };
}

// ---------------------------------------------------------------- query options

/** The asking user's id as core hands it to a query handler (v14 only; v13 names nobody). */
export function queryRequesterId(options: unknown): string | null {
  if (!isV14() || !options || typeof options !== "object") return null;
  const user = (options as { user?: unknown }).user;
  const id = user && typeof user === "object" ? (user as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : null;
}
