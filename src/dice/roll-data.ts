/**
 * Reading die faces out of a roll's terms. The roll classes (live `DiceTerm`s) and the chat
 * card builder (serialized JSON) share these, so "which dice count" is decided in one place.
 */
import type { DamageTargetData, DieResultData, RollKind, SerializedRoll } from "./types";

/** Anything with die results: a Foundry `DiceTerm` or its JSON. */
export interface ResultsLike {
  results?: readonly DieResultData[];
}

/** Every d12 result of the terms in order, kept and discarded. */
export function dieResults(terms: readonly (ResultsLike | object)[]): DieResultData[] {
  const results: DieResultData[] = [];
  for (const term of terms) {
    const list = (term as ResultsLike).results;
    if (Array.isArray(list)) results.push(...(list as DieResultData[]));
  }
  return results;
}

/** A result counts unless Foundry marked it inactive (`kh` drops the lower die). */
export function isActive(result: DieResultData): boolean {
  return result.active !== false;
}

/** Faces of the results that count. */
export function activeFaces(terms: readonly (ResultsLike | object)[]): number[] {
  return dieResults(terms).filter(isActive).map((r) => r.result);
}

/** Class names of the ClockWork rolls as Foundry serializes them (`Roll#toJSON().class`). */
export const ROLL_CLASS_NAMES: Readonly<Record<RollKind, string>> = {
  gain: "GainRoll",
  flat: "FlatRoll",
  damage: "DamageRoll",
  death: "DeathRoll",
};

/** The kind of a serialized roll, or null for a roll that is not a ClockWork roll. */
export function rollKindOf(data: Pick<SerializedRoll, "class">): RollKind | null {
  for (const [kind, name] of Object.entries(ROLL_CLASS_NAMES)) if (name === data.class) return kind as RollKind;
  return null;
}

/** The options of a serialized roll, typed by the caller. */
export function rollOptions<T>(data: SerializedRoll): Partial<T> {
  return (data.options ?? {}) as Partial<T>;
}

/**
 * A target's stored data without its resistance, when an actor's observers can fill it in again
 * (a target a macro gave as bare numbers, with no actor, keeps them).
 */
export function withoutResistance(target: DamageTargetData): DamageTargetData {
  if (!target.actorUuid) return target;
  const { species: _species, armor: _armor, reinforced: _reinforced, ...rest } = target;
  return rest as DamageTargetData;
}

/** Whether a target carries its resistance numbers (filled in for an observer, or never stored). */
export function knowsResistance(target: Partial<DamageTargetData>): boolean {
  return Number.isFinite(target.species) && Number.isFinite(target.armor);
}

