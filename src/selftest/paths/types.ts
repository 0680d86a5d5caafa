/**
 * A played path of the self-test: one step of the report that drives a system workflow through
 * its real API in the GM's world and takes away what it made (./scratch). A path resolves a short
 * note of what it did, throws to fail (with a localized message), or throws `SkipPath` to skip
 * with a reason (a module not active, a compendium entry a fork removed).
 */
import { localize } from "../../foundry";
import type { Scratch } from "./scratch";

export interface PathContext {
  scratch: Scratch;
}

export interface PlayedPath {
  /** The step's key: `CLOCKWORK.SelfTest.Step.<key>` names it. */
  key: string;
  run(context: PathContext): Promise<string | undefined>;
}

/** Thrown to skip a path; the message is its localized reason. */
export class SkipPath extends Error {}

/** A localized failure of a path: `CLOCKWORK.SelfTest.Problem.<key>`. */
export function problem(key: string, data?: Record<string, unknown>): Error {
  return new Error(localize(`CLOCKWORK.SelfTest.Problem.${key}`, data));
}

/** A localized skip: `CLOCKWORK.SelfTest.Skip.<key>`. */
export function skip(key: string, data?: Record<string, unknown>): SkipPath {
  return new SkipPath(localize(`CLOCKWORK.SelfTest.Skip.${key}`, data));
}

/** Fails with `Problem.<key>` unless `condition` holds. */
export function expectThat(condition: unknown, key: string, data?: Record<string, unknown>): void {
  if (!condition) throw problem(key, data);
}
