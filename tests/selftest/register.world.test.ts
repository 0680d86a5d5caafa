// @vitest-environment happy-dom
/**
 * `game.clockwork.selfTest(options)` as the entry registers it (register.ts), on the test world's
 * clients: `{ contracts: true }` runs the contract suite for a GM and whispers its card to that GM,
 * refuses a player before anything runs; without it the played-path self-test runs as before;
 * and the Quench batch registered on `quenchReady` gives the same report.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { CONTRACT_CHECKS, type ContractReport } from "../../src/selftest/contracts";
import type { SelfTestReport } from "../../src/selftest";
import { CONTRACT_BATCH } from "../../src/selftest/quench";
import { createQuenchStandIn } from "./quench-stand-in";

let world: World;
let gm: WorldClient;
let alice: WorldClient;

interface Message { id: string; content: string; whisper: string[]; visible: boolean; flags: Record<string, Record<string, unknown> | undefined> }
type SelfTest = (options?: object) => Promise<ContractReport | SelfTestReport | null>;
const selfTest = (client: WorldClient, options?: object) =>
  world.as(client, () => (client.game as unknown as { clockwork: { selfTest: SelfTest } }).clockwork.selfTest(options));
const messages = (client: WorldClient) => (client.game.messages as unknown as { contents: Message[] }).contents;
const cards = (client: WorldClient) => messages(client).filter((m) => m.flags.clockwork?.contractReport);

/**
 * The server's documents, the contract cards left out. An empty hotbar counts as none: the
 * macro checks restore the GM's hotbar as `{}` where it was unset (the same bar).
 */
function documents(): unknown {
  return JSON.parse(JSON.stringify(world.save(), (key, value: unknown) => {
    if (key === "hotbar" && value && typeof value === "object" && Object.keys(value).length === 0) return undefined;
    if (Array.isArray(value)) return value.filter((d) => !(d as { flags?: { clockwork?: { contractReport?: unknown } } } | null)?.flags?.clockwork?.contractReport);
    return value;
  }));
}

/** What a report says, without the times that differ between two runs. */
const timeless = (report: ContractReport) => ({ ...report, time: "", results: report.results.map((r) => ({ ...r, ms: 0 })) });

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
}, 60_000);

describe("game.clockwork.selfTest({ contracts: true })", () => {
  it("refuses a player with a localized message: nothing runs, nothing is written", async () => {
    const before = documents();
    const report = await selfTest(alice, { contracts: true });
    await world.settle();
    expect(report).toBeNull();
    expect(alice.notifications).toContainEqual({ type: "warn", message: "Only a GM can run ClockWork's contract checks: they create and delete scratch documents." });
    expect(documents()).toEqual(before);
    expect(cards(gm)).toEqual([]);
  });

  it("runs every check for a GM, whispers the card to that GM alone, and leaves the world as it found it", async () => {
    const before = documents();
    const report = (await selfTest(gm, { contracts: true })) as ContractReport;
    await world.settle();
    expect(report.results.map((r) => r.id)).toEqual(CONTRACT_CHECKS.map((c) => c.id));
    expect(report.passed + report.failed + report.skipped).toBe(CONTRACT_CHECKS.length);
    expect(report).toMatchObject({ failed: 0, generation: world.profile === "v14" ? 14 : 13, system: expect.stringMatching(/^\d/) });
    expect(documents()).toEqual(before);

    const [card] = cards(gm);
    expect(cards(gm)).toHaveLength(1);
    expect(card.whisper).toEqual([gm.userId]);
    expect(card.flags.clockwork?.contractReport).toEqual(report);
    expect(card.content).toContain(`ClockWork core contracts: ${report.passed} passed, 0 failed, ${report.skipped} skipped`);
    const visible = (client: WorldClient) => messages(client).find((m) => m.id === card.id)?.visible;
    expect([visible(gm), visible(alice)]).toEqual([true, false]);
  }, 60_000);

  it("posts nothing with post: false", async () => {
    const report = await selfTest(gm, { contracts: true, post: false });
    await world.settle();
    expect(report).toMatchObject({ failed: 0 });
    expect(cards(gm)).toEqual([]);
  }, 60_000);
});

describe("game.clockwork.selfTest() without contracts", () => {
  it("is the played-path self-test, its options passed on", async () => {
    const report = (await selfTest(gm, { post: false })) as SelfTestReport;
    await world.settle();
    expect(report.steps.map((s) => s.key)).toContain("rollSkill");
    expect(messages(gm).filter((m) => m.flags.clockwork?.selfTestReport)).toEqual([]);
    expect(await selfTest(alice)).toBeNull();
    expect(alice.notifications).toContainEqual({ type: "warn", message: "Only a GM can run the ClockWork self-test." });
  }, 60_000);
});

describe("the Quench batch", () => {
  it("is registered when Quench fires quenchReady, and its run posts the report selfTest gives", async () => {
    const quench = createQuenchStandIn(["clockwork"]);
    world.as(gm, () => gm.Hooks.callAll("quenchReady", quench));
    expect([...quench.batches.keys()]).toEqual([CONTRACT_BATCH]);
    expect(quench.notifications).toEqual([]);

    const results = await world.as(gm, () => quench.runBatch(CONTRACT_BATCH));
    await world.settle();
    expect(results.filter((r) => r.state === "failed")).toEqual([]);
    // One test per check (the path: the batch's describe, the behaviour, the test).
    expect(results.map((r) => r.path[2].split(":")[0])).toEqual(expect.arrayContaining(CONTRACT_CHECKS.map((c) => c.id)));
    expect(results).toHaveLength(CONTRACT_CHECKS.length);

    const [card] = cards(gm);
    const fromQuench = card.flags.clockwork?.contractReport as ContractReport;
    const fromSelfTest = (await selfTest(gm, { contracts: true, post: false })) as ContractReport;
    expect(timeless(fromQuench)).toEqual(timeless(fromSelfTest));
    expect(card.whisper).toEqual([gm.userId]);
  }, 60_000);
});
