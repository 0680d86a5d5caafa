/**
 * runContracts itself, on the GM of a test world: each check's status and timing, a failure's
 * expected/actual, skips (by generation, or thrown), a hung check timed out, and the documents a
 * check tracked deleted after it whatever its result.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "../../world";
import { ContractFailure, ContractSkip, runContracts, type ContractCheck, type ContractReport, type ContractResult } from "../../../src/selftest/contracts";

let world: World;
let report: ContractReport;
const progress: [string, number, number][] = [];

type Doc = { id: string; delete(): Promise<unknown> };
const journal = () => (globalThis as unknown as { CONFIG: { JournalEntry: { documentClass: { create(d: object): Promise<Doc> } } } }).CONFIG.JournalEntry.documentClass;

const base = { behaviour: "Update", title: "a test check", source: "client/data/client-backend.mjs" };
const other = (generation: number) => (generation === 14 ? 13 : 14) as 13 | 14;
let generation = 13;

const checks: ContractCheck[] = [
  { ...base, id: "test.passes", async run(context) { context.track(await journal().create({ name: "kept until the end of the check" })); } },
  { ...base, id: "test.fails", async run(context) {
    context.track(await journal().create({ name: "made before failing" }));
    throw new ContractFailure("a", "b");
  } },
  { ...base, id: "test.throws", async run() { throw new TypeError("boom"); } },
  { ...base, id: "test.skips", async run() { throw new ContractSkip("nothing to draw on"); } },
  { ...base, id: "test.other-generation", get generations() { return [other(generation)]; }, async run() { throw new Error("never runs"); } },
  { ...base, id: "test.hangs", async run() { await new Promise(() => undefined); } },
  { ...base, id: "test.deletes-its-own", async run(context) {
    const doc = context.track(await journal().create({ name: "deleted by the check" }));
    await doc.delete();
  } },
];

beforeAll(async () => {
  world = await createWorld({ packs: false });
  generation = world.profile === "v14" ? 14 : 13;
  report = await world.as(world.gm, () => runContracts(checks, { timeoutMs: 100, onResult: (r, i, n) => progress.push([r.id, i, n]) }));
  await world.settle();
}, 60_000);

const result = (id: string): Partial<ContractResult> => {
  const { ms: _ms, title: _t, source: _s, behaviour: _b, ...rest } = report.results.find((r) => r.id === id)!;
  return rest;
};

describe("runContracts", () => {
  it("reports each check's status, with what was expected and what happened on a failure", () => {
    expect(checks.map((c) => result(c.id))).toEqual([
      { id: "test.passes", status: "pass" },
      { id: "test.fails", status: "fail", expected: "a", actual: "b" },
      { id: "test.throws", status: "fail", expected: "no error", actual: "TypeError: boom" },
      { id: "test.skips", status: "skip", reason: "nothing to draw on" },
      { id: "test.other-generation", status: "skip", reason: `applies to v${other(generation)} only` },
      { id: "test.hangs", status: "fail", expected: "the check to finish within 100 ms", actual: "it did not" },
      { id: "test.deletes-its-own", status: "pass" },
    ]);
    expect(report).toMatchObject({ generation, system: expect.stringMatching(/^\d/), passed: 2, failed: 3, skipped: 2 });
    expect(report.results.find((r) => r.id === "test.hangs")!.ms).toBeGreaterThanOrEqual(90);
    expect(progress.map(([id, i, n]) => `${i + 1}/${n} ${id}`)).toEqual(checks.map((c, i) => `${i + 1}/${checks.length} ${c.id}`));
  });

  it("deletes what each check tracked, failed or not", () => {
    expect(world.gm.game.journal.size).toBe(0);
  });
});
