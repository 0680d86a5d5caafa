/**
 * Input guards for the rules core. Bad input throws a RangeError that names the value and the
 * rule it breaks, so a programmer never receives a silently wrong number.
 */
import { MAX_SKILL_RANK, MIN_SKILL_RANK } from "./tables";

function describe(value: unknown): string {
  if (typeof value === "number") return Number.isNaN(value) ? "NaN" : String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (value === undefined) return "undefined";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Throws a RangeError in the core's message format: "<what> <problem> (<rule>); got <value>". */
export function ruleError(what: string, problem: string, rule: string, value: unknown): never {
  throw new RangeError(`${what} ${problem} (${rule}); got ${describe(value)}`);
}

/** Requires an integer in [min, max]; either bound may be omitted. Returns the value. */
export function requireInteger(value: number, what: string, rule: string, min?: number, max?: number): number {
  if (!Number.isInteger(value)) {
    const range = rangeText(min, max);
    ruleError(what, `must be an integer${range}`, rule, value);
  }
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    ruleError(what, `must be${rangeText(min, max)}`, rule, value);
  }
  return value;
}

function rangeText(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return "";
}

/** Requires a skill rank (an integer 4–12). */
export function requireSkillRank(rank: number, what = "skill rank"): number {
  return requireInteger(rank, what, "skill ranks run from 12 down to 4", MIN_SKILL_RANK, MAX_SKILL_RANK);
}

/** Requires one of a fixed set of string keys. */
export function requireKey<K extends string | number>(value: K, allowed: readonly K[], what: string, rule: string): K {
  if (!allowed.includes(value)) ruleError(what, `must be one of ${allowed.join(", ")}`, rule, value);
  return value;
}

/** Requires an array of die faces, each an integer 1–12. */
export function requireFaces(faces: readonly number[], what = "die face"): readonly number[] {
  if (!Array.isArray(faces)) ruleError(`${what}s`, "must be an array of d12 results", "every roll uses d12s", faces);
  for (const face of faces) {
    if (!Number.isInteger(face) || face < 1 || face > 12) {
      ruleError(what, "must be an integer from 1 to 12", "every roll uses d12s", face);
    }
  }
  return faces;
}
