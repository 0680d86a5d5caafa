/**
 * Runs contract checks one after another on this client (a GM's, in a real world or the test
 * world) and gathers their report. Each check gets a tracker; whatever it tracked is deleted
 * after it, newest first, whether it passed or not, so a run leaves the world as it found it.
 */
import { ContractFailure, ContractSkip, type ContractCheck, type ContractContext, type ContractReport, type ContractResult } from "./types";

export interface RunContractsOptions {
  /** Called after each check, e.g. for a progress bar. */
  onResult?(result: ContractResult, index: number, total: number): void;
  /** How long one check may take before it fails (default 15 s): a hung promise must not hang the run. */
  timeoutMs?: number;
}

interface GameLike {
  version?: string;
  release?: { generation?: number };
  system?: { version?: string };
}

interface Tracked {
  id?: string | null;
  uuid?: string;
  collection?: { has?(id: string): boolean } | null;
  parent?: Tracked | null;
  delete(): Promise<unknown>;
}

const game = (): GameLike => ((globalThis as Record<string, unknown>).game ?? {}) as GameLike;

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Whether a tracked document still exists (the check, or its parent's deletion, may have removed
 * it): it and each parent are still in their collections. `fromUuidSync` only where a document
 * has no collection to ask.
 */
function exists(doc: Tracked): boolean {
  let current: Tracked | null | undefined = doc;
  let asked = false;
  while (current) {
    if (current.collection?.has && current.id) {
      if (!current.collection.has(current.id)) return false;
      asked = true;
    }
    current = current.parent;
  }
  if (asked) return true;
  const lookup = (globalThis as { fromUuidSync?: (uuid: string, options: object) => unknown }).fromUuidSync;
  if (!doc.uuid || !lookup) return true;
  try {
    return (lookup(doc.uuid, { strict: false }) ?? null) !== null;
  } catch {
    return false;
  }
}

/** Deletes what a check tracked, newest first; returns the errors met. */
async function cleanUp(tracked: Tracked[]): Promise<string[]> {
  const errors: string[] = [];
  for (const doc of tracked.reverse()) {
    if (!exists(doc)) continue;
    try {
      await doc.delete();
    } catch (error) {
      errors.push(`${doc.uuid ?? "a document"}: ${describeError(error)}`);
    }
  }
  return errors;
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new ContractFailure(`the check to finish within ${ms} ms`, "it did not")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs the checks in turn and reports each one's result with what core did on a failure. */
export async function runContracts(checks: readonly ContractCheck[], options: RunContractsOptions = {}): Promise<ContractReport> {
  const g = game();
  const generation = g.release?.generation ?? 13;
  const time = new Date().toISOString();
  const results: ContractResult[] = [];
  for (const [index, check] of checks.entries()) {
    const base = { id: check.id, behaviour: check.behaviour, title: check.title, source: check.source };
    const started = performance.now();
    let result: ContractResult;
    if (check.generations && !check.generations.includes(generation as 13 | 14)) {
      result = { ...base, status: "skip", ms: 0, reason: `applies to v${check.generations.join(", v")} only` };
    } else {
      const tracked: Tracked[] = [];
      const context: ContractContext = { generation, track: (doc) => (tracked.push(doc as Tracked), doc) };
      let outcome: Pick<ContractResult, "status" | "expected" | "actual" | "reason">;
      try {
        await withTimeout(check.run(context), options.timeoutMs ?? 15_000);
        outcome = { status: "pass" };
      } catch (error) {
        if (error instanceof ContractSkip) outcome = { status: "skip", reason: error.reason };
        else if (error instanceof ContractFailure) outcome = { status: "fail", expected: error.expected, actual: error.actual };
        else outcome = { status: "fail", expected: "no error", actual: describeError(error) };
      }
      const leftovers = await cleanUp(tracked);
      if (leftovers.length && outcome.status !== "fail") outcome = { status: "fail", expected: "its documents deleted", actual: leftovers.join("; ") };
      result = { ...base, ...outcome, ms: Math.round(performance.now() - started) };
    }
    results.push(result);
    options.onResult?.(result, index, checks.length);
  }
  const count = (status: ContractResult["status"]) => results.filter((r) => r.status === status).length;
  return {
    core: g.version ?? "unknown",
    generation,
    system: g.system?.version ?? "unknown",
    time,
    results,
    passed: count("pass"),
    failed: count("fail"),
    skipped: count("skip"),
  };
}
