/**
 * The contract batch on a Quench stand-in (quench-stand-in.ts: Quench's documented registration
 * API and a mocha-like runner): a describe per behaviour, an `it` per check that passes, fails
 * or is pending as the check's result says, and an `after` that posts the suite's report.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTRACT_BATCH, registerContractBatch, type ContractBatchOptions, type QuenchLike } from "../../src/selftest/quench";
import { ContractFailure, ContractSkip, runContracts, type ContractCheck, type ContractReport } from "../../src/selftest/contracts";
import { createQuenchStandIn } from "./quench-stand-in";

const lang = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "lang", "en.json"), "utf8")) as Record<string, unknown>;

function localize(key: string, data: Record<string, unknown> = {}): string {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], lang);
  if (typeof text !== "string") throw new Error(`missing key ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(data[name]));
}

const check = (id: string, behaviour: string, run: ContractCheck["run"], generations?: ContractCheck["generations"]): ContractCheck =>
  ({ id, behaviour, title: `title of ${id}`, source: `core/${id}.mjs`, generations, run });

/** A local check list: two behaviours, interleaved, one check of each outcome. */
const CHECKS: ContractCheck[] = [
  check("update.noop", "Update", async () => {}),
  check("chat.whisper", "Chat", async () => {
    throw new ContractFailure("visible false for Alice", "visible true");
  }),
  check("update.v14-only", "Update", async () => {}, [14]),
  check("chat.throws", "Chat", async () => {
    throw new TypeError("message.visible is not a function");
  }),
  check("chat.no-scene", "Chat", async () => {
    throw new ContractSkip("no scene is viewed");
  }),
  // Longer than mocha's 2 s default: the batch sets its own timeout.
  check("update.slow", "Update", () => new Promise((resolve) => setTimeout(resolve, 2100))),
];

/** The suite's own runner, on the local list (no world here: generation 13, versions unknown). */
const run = (checks: readonly ContractCheck[]) => runContracts(checks);

function setup(overrides: Partial<ContractBatchOptions> = {}) {
  const quench = createQuenchStandIn(["clockwork", "quench"]);
  const posted: ContractReport[] = [];
  let runs = 0;
  registerContractBatch(quench as unknown as QuenchLike, {
    checks: CHECKS,
    run: (checks) => {
      runs += 1;
      return run(checks);
    },
    post: async (report) => void posted.push(report),
    isGM: () => true,
    localize,
    ...overrides,
  });
  return { quench, posted, runs: () => runs };
}

describe("the contract batch in Quench", () => {
  it("is one batch under the system's id, with a localized display name, selected by default", () => {
    const { quench } = setup();
    expect([...quench.batches.values()].map((b) => [b.key, b.displayName, b.preSelected])).toEqual([[CONTRACT_BATCH, "CLOCKWORK: core contracts", true]]);
    expect(quench.notifications).toEqual([]);
  });

  it("runs a test per check, grouped by behaviour, each titled with its id and source; passes, fails and skips as the check did", async () => {
    const { quench, runs } = setup();
    const results = await quench.runBatch(CONTRACT_BATCH);
    expect(results.map((r) => [r.path.join(" > "), r.state])).toEqual([
      ["ClockWork core contracts > Update > update.noop: title of update.noop (core/update.noop.mjs)", "passed"],
      ["ClockWork core contracts > Update > update.v14-only: title of update.v14-only (core/update.v14-only.mjs)", "pending"],
      ["ClockWork core contracts > Update > update.slow: title of update.slow (core/update.slow.mjs)", "passed"],
      ["ClockWork core contracts > Chat > chat.whisper: title of chat.whisper (core/chat.whisper.mjs)", "failed"],
      ["ClockWork core contracts > Chat > chat.throws: title of chat.throws (core/chat.throws.mjs)", "failed"],
      ["ClockWork core contracts > Chat > chat.no-scene: title of chat.no-scene (core/chat.no-scene.mjs)", "pending"],
    ]);
    // A failure says what the system expected, what core did, and where core does it.
    expect(results.find((r) => r.path.at(-1)?.startsWith("chat.whisper"))?.error).toBe("The system expects visible false for Alice; core did visible true (core/chat.whisper.mjs)");
    expect(results.find((r) => r.path.at(-1)?.startsWith("chat.throws"))?.error).toBe("The system expects no error; core did TypeError: message.visible is not a function (core/chat.throws.mjs)");
    expect(results.every((r) => r.timeout === 60_000)).toBe(true);
    // Each check ran once, through the suite's runner.
    expect(runs()).toBe(CHECKS.length);
  }, 10_000);

  it("posts the suite's report once the batch is done: every check in the suite's order, counted", async () => {
    const { quench, posted } = setup();
    await quench.runBatch(CONTRACT_BATCH);
    const whole = await run(CHECKS);
    expect(posted).toHaveLength(1);
    const strip = (report: ContractReport) => ({ ...report, time: "", results: report.results.map((r) => ({ ...r, ms: 0 })) });
    expect(strip(posted[0])).toEqual(strip(whole));
    expect([posted[0].passed, posted[0].failed, posted[0].skipped]).toEqual([2, 2, 2]);
    expect(posted[0].passed + posted[0].failed + posted[0].skipped).toBe(CHECKS.length);
  }, 10_000);

  it("starts each run afresh: a second run posts a report of its own results only", async () => {
    let fail = false;
    const flaky = check("update.flaky", "Update", async () => {
      if (fail) throw new ContractFailure("a", "b");
    });
    const { quench, posted } = setup({ checks: [flaky] });
    await quench.runBatch(CONTRACT_BATCH);
    fail = true;
    await quench.runBatch(CONTRACT_BATCH);
    expect(posted.map((r) => [r.results.length, r.passed, r.failed])).toEqual([[1, 1, 0], [1, 0, 1]]);
  });

  it("refuses a player: one failing test saying why, no check run, no report posted", async () => {
    const { quench, posted, runs } = setup({ isGM: () => false });
    const results = await quench.runBatch(CONTRACT_BATCH);
    const refusal = "Only a GM can run ClockWork's contract checks: they create and delete scratch documents.";
    expect(results).toEqual([{ path: ["ClockWork core contracts", refusal], state: "failed", error: refusal, timeout: 2000 }]);
    expect(runs()).toBe(0);
    expect(posted).toEqual([]);
  });
});
