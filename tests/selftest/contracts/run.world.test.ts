// @vitest-environment happy-dom
/**
 * The contract suite against the test world: every check passes on the GM's client, and the run
 * leaves the world's documents as it found them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { World } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { CONTRACT_CHECKS, runContracts, type ContractReport } from "../../../src/selftest/contracts";

let world: World;
let report: ContractReport;
let before: unknown;

/**
 * The server's documents. A seeded User has no `hotbar` key until one is written; the hotbar
 * check fills a slot and empties it again, leaving `{}`: the same hotbar.
 */
function documents(w: World): unknown {
  const snapshot = JSON.parse(JSON.stringify(w.save())) as { users: { hotbar?: object }[]; server: { sources: { User: { hotbar?: object }[] } } };
  for (const user of [...snapshot.users, ...snapshot.server.sources.User]) user.hotbar ??= {};
  return snapshot;
}

function diff(a: unknown, b: unknown, path = ""): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((k) => diff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return [`${path}: ${JSON.stringify(a)?.slice(0, 200)} -> ${JSON.stringify(b)?.slice(0, 200)}`];
}

/** A module with one journal pack and no declaration for the system. */
function scratchModule(id: string, active: boolean) {
  const manifest = {
    id, title: id, relationships: { systems: [{ id: "clockwork" }] },
    packs: [{ name: "notes", label: "Notes", type: "JournalEntry" }],
  };
  return { manifest, active, packs: { notes: [{ _id: "contractNote0001", name: "A note", pages: [] }] } };
}

beforeAll(async () => {
  // A DOM world: the application checks open a sheet.
  // Two installed modules, one switched off: the installed-modules checks have packages and packs to read.
  world = await createDomWorld({ modules: [scratchModule("contract-scratch-on", true), scratchModule("contract-scratch-off", false)] });
  // A viewed scene, as a GM at a table has: the canvas checks draw on it.
  await world.seed("Scene", [{ name: "Contract board", active: true }]);
  await world.settle();
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
    const after = documents(world);
    if (process.env.CONTRACT_DIFF) console.log(JSON.stringify(after).length, JSON.stringify(before).length, diff(before, after));
    expect(after).toEqual(before);
  });

  it("reports the world's versions and counts", () => {
    expect(report).toMatchObject({ generation: world.profile === "v14" ? 14 : 13, failed: 0 });
    expect(report.passed + report.skipped).toBe(CONTRACT_CHECKS.length);
  });
});
