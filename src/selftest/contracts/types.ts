/**
 * The contract suite's shapes. A contract check is one behaviour of Foundry core that the
 * system relies on and the test world imitates, written once so it runs in both places: in
 * `npm test` against the test world, and inside a real Foundry world (Quench, or
 * `game.clockwork.selfTest({ contracts: true })`). A check reads only what a GM's client in a
 * real world has (`game`, `CONFIG`, `foundry`, documents it makes and removes itself).
 */

/** Foundry generations a check applies to; a check for the other one reports "skip". */
export type ContractGeneration = 13 | 14;

/** What a check may touch: the running client's globals, and a scratch tracker for cleanup. */
export interface ContractContext {
  /** Foundry's generation here (`game.release.generation`). */
  generation: number;
  /** Registers a document the check made, deleted after the check whatever its result. */
  track<T extends { delete(): Promise<unknown> }>(doc: T): T;
}

export interface ContractCheck {
  /** Stable id, "<behaviour>.<what>" in kebab case, e.g. "update.noop-resolves-undefined". */
  id: string;
  /** The modelled behaviour it holds the imitation to: a row name of tests/world/README.md's table (e.g. "Update"). */
  behaviour: string;
  /** One line: what core does, in our words. */
  title: string;
  /** Where core does it: a core file and function, or an API page. */
  source: string;
  /** Generations it applies to; all when absent. */
  generations?: readonly ContractGeneration[];
  /** Throws a ContractFailure (or any error) when core does not behave as the system expects. */
  run(context: ContractContext): Promise<void>;
}

/** A failed expectation: what the system expected and what core did, for the report. */
export class ContractFailure extends Error {
  constructor(readonly expected: string, readonly actual: string) {
    super(`expected ${expected}, got ${actual}`);
    this.name = "ContractFailure";
  }
}

export type ContractStatus = "pass" | "fail" | "skip";

export interface ContractResult {
  id: string;
  behaviour: string;
  title: string;
  source: string;
  status: ContractStatus;
  ms: number;
  /** On a failure: what the system expected, and what core did (or the error thrown). */
  expected?: string;
  actual?: string;
  /** On a skip: why (the generation, or what this world lacks). Additive (issue 30's runner). */
  reason?: string;
}

export interface ContractReport {
  /** `game.version` (core's full version, e.g. "13.350"). */
  core: string;
  generation: number;
  /** The system's version (`game.system.version`). */
  system: string;
  /** ISO time the run started. */
  time: string;
  results: ContractResult[];
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Thrown by a check that cannot run here (no canvas, no scene): the runner reports "skip" with
 * this reason instead of a failure. Added for the runner (issue 30); additive.
 */
export class ContractSkip extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "ContractSkip";
  }
}
