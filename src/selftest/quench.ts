/**
 * The contract suite as a Quench batch. Quench (Ethaks/FVTT-Quench, the ecosystem's in-Foundry
 * test runner) fires `quenchReady` with its instance in its `setup` hook; a package registers
 * batches there with `quench.registerBatch(key, fn, {displayName})`, the key starting with the
 * package's id. Quench calls `fn(context)` at each run, inside a mocha suite of its own, with
 * mocha's `describe`, `it`, `before`, `after` and chai's `assert` (README "Register a test batch";
 * `src/module/quench.ts` `registerBatch`, `runSelectedBatches`, `QuenchBatchContext`).
 *
 * One describe per behaviour, one `it` per check (its id, title and core source in the title).
 * Each `it` runs its check through the suite's own runner, so a check passes, fails or skips in
 * Quench exactly as in `game.clockwork.selfTest({ contracts: true })`; the batch's `after` joins
 * those one-check reports into the suite's report, in the suite's order, and posts the same card.
 */
import type { ContractCheck, ContractReport } from "./contracts/types";
import { joinContractReports } from "./contract-report";

/** Mocha's `this` inside a test or hook (mocha's documented `this.skip()` and `this.timeout(ms)`). */
export interface QuenchRunnableContext {
  skip(): void;
  timeout(ms: number): unknown;
}

type Runnable = (this: QuenchRunnableContext) => void | Promise<void>;

/** What ClockWork uses of the context Quench hands a batch's registration function. */
export interface QuenchBatchContext {
  describe(title: string, fn: () => void): unknown;
  it(title: string, fn?: Runnable): unknown;
  before(fn: Runnable): unknown;
  after(fn: Runnable): unknown;
  assert: { fail(message?: string): never };
}

/** What ClockWork uses of the `Quench` instance `quenchReady` hands over. */
export interface QuenchLike {
  registerBatch(key: string, fn: (context: QuenchBatchContext) => void | Promise<void>, options?: { displayName?: string; preSelected?: boolean }): void;
}

export interface ContractBatchOptions {
  checks: readonly ContractCheck[];
  /** The suite's runner (`runContracts`); each `it` hands it one check. */
  run(checks: readonly ContractCheck[]): Promise<ContractReport>;
  /** Posts the joined report (the same card the self-test whispers). */
  post(report: ContractReport): Promise<unknown>;
  isGM(): boolean;
  localize(key: string, data?: Record<string, unknown>): string;
}

export const CONTRACT_BATCH = "clockwork.contracts";
/** Mocha's default is 2 s; a check may wait on a query's timeout, the report on a chat message. */
const CHECK_TIMEOUT_MS = 60_000;

function byBehaviour(checks: readonly ContractCheck[]): Map<string, ContractCheck[]> {
  const groups = new Map<string, ContractCheck[]>();
  for (const check of checks) groups.set(check.behaviour, [...(groups.get(check.behaviour) ?? []), check]);
  return groups;
}

/** Registers the contract batch on a Quench instance. */
export function registerContractBatch(quench: QuenchLike, options: ContractBatchOptions): void {
  const { checks, localize } = options;
  const title = localize("CLOCKWORK.SelfTest.Contracts.Title");
  quench.registerBatch(CONTRACT_BATCH, (context) => {
    const { describe, it, after, assert } = context;
    if (!options.isGM()) {
      // A player's run: the checks write documents only a GM may; nothing runs.
      const refusal = localize("CLOCKWORK.SelfTest.Contracts.GMOnly");
      describe(title, () => it(refusal, () => assert.fail(refusal)));
      return;
    }
    // This run's one-check reports, by check id (a run may leave some out: Quench can abort).
    const parts = new Map<string, ContractReport>();
    describe(title, () => {
      for (const [behaviour, group] of byBehaviour(checks)) {
        describe(behaviour, () => {
          for (const check of group) {
            it(`${check.id}: ${check.title} (${check.source})`, async function () {
              this.timeout(CHECK_TIMEOUT_MS);
              const report = await options.run([check]);
              parts.set(check.id, report);
              const result = report.results.find((r) => r.id === check.id);
              if (!result || result.status === "skip") return this.skip();
              if (result.status === "fail") {
                assert.fail(localize("CLOCKWORK.SelfTest.Contracts.Failure", { expected: result.expected ?? "-", actual: result.actual ?? "-", source: result.source }));
              }
            });
          }
        });
      }
      after(async function () {
        this.timeout(CHECK_TIMEOUT_MS);
        const report = joinContractReports(checks.map((c) => parts.get(c.id)).filter((r): r is ContractReport => r !== undefined));
        if (report) await options.post(report);
      });
    });
  }, { displayName: localize("CLOCKWORK.SelfTest.Contracts.Batch") });
}
