/**
 * The contract suite against the test world: every check passes on the GM's client, and the run
 * leaves the world's documents as it found them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "../../world";
import { CONTRACT_CHECKS, runContracts, type ContractReport } from "../../../src/selftest/contracts";

let world: World;
let report: ContractReport;
let before: unknown;

/** The server's documents; the GM's own User may change (e.g. a hotbar a check restores). */
const documents = (w: World) => JSON.parse(JSON.stringify(w.save())) as unknown;

beforeAll(async () => {
  world = await createWorld();
  before = documents(world);
  report = await world.as(world.gm, () => runContracts(CONTRACT_CHECKS));
  await world.settle();
}, 120_000);

describe("the contract suite on the test world", () => {
  it.each(CONTRACT_CHECKS.map((c) => [c.id]))("%s", (id) => {
    const result = report.results.find((r) => r.id === id)!;
    if (result.status === "fail") expect.fail(`expected ${result.expected}, got ${result.actual}`);
    // A skip here is only a check for the other generation: the test world has all a check needs.
    if (result.status === "skip") expect(result.reason).toMatch(/^applies to v1[34] only$/);
  });

  it("leaves no document behind", () => {
    expect(documents(world)).toEqual(before);
  });

  it("reports the world's versions and counts", () => {
    expect(report).toMatchObject({ generation: world.profile === "v14" ? 14 : 13, failed: 0 });
    expect(report.passed + report.skipped).toBe(CONTRACT_CHECKS.length);
  });
});
