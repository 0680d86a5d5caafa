/**
 * The contract suite in the built playground (issue 30 item 3), run the two ways a GM runs it in
 * Foundry: through Quench, here a stand-in that implements only Quench's documented registration
 * API (tests/selftest/quench-stand-in.ts: `registerBatch` and the context its batches get, with a
 * mocha-like runner), fired with `quenchReady` as Quench fires it; and through
 * `game.clockwork.selfTest({ contracts: true })`. Both give one report of the same shape: every
 * check, its counts adding up, the same results, whispered to the GM as the same card.
 * A module that breaks a contract fails its check in both. Screenshots:
 * artifacts/screenshots/playground-contracts-{dark,light}.png and -failure-{dark,light}.png.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACT_CHECKS, type ContractReport } from "../../src/selftest/contracts";
import { createQuenchStandIn, type QuenchStandIn, type StandInResult } from "../selftest/quench-stand-in";
import { launch, SHOT_DIR, stopServer, startPlayground, type PlaygroundServer } from "./harness";

declare global {
  interface Window {
    createQuenchStandIn?: typeof createQuenchStandIn;
  }
}

interface CardLike { id: string; content: string; whisper: string[]; flags: { clockwork?: { contractReport?: ContractReport } } }

/**
 * What two runs' reports share: the environment and every check's identity, in order. Not the
 * statuses: a check that waits on another client's broadcast can meet the page's socket late
 * (the node world test compares the two paths' statuses, on a world without a network).
 */
const shape = (report: ContractReport) => ({
  core: report.core, generation: report.generation, system: report.system,
  results: report.results.map(({ id, behaviour, title, source }) => ({ id, behaviour, title, source })),
});

/** Switches the page to a theme from the toolbar (a click only when it shows the other one). */
async function showTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  if (!(await page.evaluate((t) => document.body.classList.contains(`theme-${t}`), theme))) {
    await page.locator("#world-toolbar .theme-toggle").click();
  }
  await page.locator(`body.theme-${theme}`).waitFor();
}

function expectWholeReport(report: ContractReport, generation: number): void {
  expect(Object.keys(report).sort()).toEqual(["core", "failed", "generation", "passed", "results", "skipped", "system", "time"]);
  expect(report.results.map((r) => r.id)).toEqual(CONTRACT_CHECKS.map((c) => c.id));
  expect(report.passed + report.failed + report.skipped).toBe(CONTRACT_CHECKS.length);
  for (const status of ["pass", "fail", "skip"] as const) {
    expect(report[status === "pass" ? "passed" : status === "fail" ? "failed" : "skipped"]).toBe(report.results.filter((r) => r.status === status).length);
  }
  expect(report.generation).toBe(generation);
  expect(report.system).toMatch(/^\d+\.\d+/);
  expect(Number.isNaN(Date.parse(report.time))).toBe(false);
  for (const result of report.results) {
    const check = CONTRACT_CHECKS.find((c) => c.id === result.id)!;
    expect(result).toMatchObject({ behaviour: check.behaviour, title: check.title, source: check.source });
    if (result.status === "fail") expect([typeof result.expected, typeof result.actual]).toEqual(["string", "string"]);
  }
}

describe("the contract suite in the built playground", () => {
  let server: PlaygroundServer;
  let browser: Browser;
  let page: Page;
  let stateDir = "";
  let quenchReport: ContractReport;

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), "cw-contracts-"));
    server = await startPlayground(join(stateDir, "world.json"));
    browser = await launch();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/?user=Gamemaster&fresh=1&theme=dark`);
    await page.waitForFunction(() => window.clockworkWorld?.ready === true || window.clockworkWorld?.error !== undefined, null, { timeout: 60_000 });
    expect(await page.evaluate(() => window.clockworkWorld?.error)).toBeUndefined();
    expect(await page.evaluate(() => window.clockworkWorld?.system.mode)).toBe("built");
    // The stand-in, from its own source, as a page script.
    await page.addScriptTag({ content: `window.createQuenchStandIn = ${createQuenchStandIn.toString()};` });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopServer(server?.child);
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("through Quench: quenchReady registers one batch; its run has a test per check and posts the report", async () => {
    const outcome = await page.evaluate(async () => {
      const world = window.clockworkWorld!;
      const quench: QuenchStandIn = window.createQuenchStandIn!(["clockwork"]);
      world.run(() => (Hooks as unknown as { callAll(name: string, ...args: unknown[]): boolean }).callAll("quenchReady", quench));
      const batches = [...quench.batches.values()].map((b) => ({ key: b.key, displayName: b.displayName }));
      const results: StandInResult[] = await world.run(() => quench.runBatch("clockwork.contracts"));
      await world.settle();
      const cards = (game.messages as unknown as { contents: CardLike[] }).contents.filter((m) => m.flags.clockwork?.contractReport);
      return { batches, notifications: quench.notifications, results, cards, userId: game.user!.id, generation: game.release!.generation };
    });
    expect(outcome.batches).toEqual([{ key: "clockwork.contracts", displayName: "CLOCKWORK: core contracts" }]);
    expect(outcome.notifications).toEqual([]);
    // A test per check, in a describe per behaviour; its state follows the check's result.
    expect(outcome.results).toHaveLength(CONTRACT_CHECKS.length);
    const tested = outcome.results.map((r) => r.path[2].split(":")[0]);
    expect([...tested].sort()).toEqual(CONTRACT_CHECKS.map((c) => c.id).sort());
    for (const result of outcome.results) {
      const check = CONTRACT_CHECKS.find((c) => c.id === result.path[2].split(":")[0])!;
      expect(result.path.slice(0, 2)).toEqual(["ClockWork core contracts", check.behaviour]);
      expect(result.path[2]).toContain(check.source);
    }

    expect(outcome.cards).toHaveLength(1);
    const [card] = outcome.cards;
    expect(card.whisper).toEqual([outcome.userId]);
    quenchReport = card.flags.clockwork!.contractReport!;
    expectWholeReport(quenchReport, outcome.generation);
    // The playground's own failures are the contract suite's findings (see `shape`): printed, not asserted.
    for (const r of quenchReport.results.filter((x) => x.status === "fail")) console.warn(`playground contract failure ${r.id}: expected ${r.expected}, got ${r.actual}`);
    console.info(`playground contracts: ${quenchReport.passed} passed, ${quenchReport.failed} failed, ${quenchReport.skipped} skipped`);
    const state = { pass: "passed", fail: "failed", skip: "pending" } as const;
    for (const result of quenchReport.results) {
      expect(outcome.results.find((r) => r.path[2].startsWith(`${result.id}:`))?.state).toBe(state[result.status]);
    }
  }, 120_000);

  it("through game.clockwork.selfTest({ contracts: true }): the same report, the same card in the chat log", async () => {
    const outcome = await page.evaluate(async () => {
      const world = window.clockworkWorld!;
      const api = (game as unknown as { clockwork: { selfTest(options: object): Promise<ContractReport> } }).clockwork;
      const report = await world.run(() => api.selfTest({ contracts: true }));
      await world.settle();
      const cards = (game.messages as unknown as { contents: CardLike[] }).contents.filter((m) => m.flags.clockwork?.contractReport);
      return { report, cards, userId: game.user!.id, generation: game.release!.generation };
    });
    expectWholeReport(outcome.report, outcome.generation);
    expect(shape(outcome.report)).toEqual(shape(quenchReport));
    expect(outcome.cards).toHaveLength(2);
    const card = outcome.cards[1];
    expect(card.whisper).toEqual([outcome.userId]);
    expect(card.flags.clockwork?.contractReport).toEqual(outcome.report);

    // The card as the chat log shows it: the heading's counts, a row per check.
    const shown = page.locator("#chat-log .chat-message").filter({ has: page.locator("article.cw-contracts") }).last();
    await shown.scrollIntoViewIfNeeded();
    expect(await shown.locator("h3").textContent()).toBe(`ClockWork core contracts: ${outcome.report.passed} passed, ${outcome.report.failed} failed, ${outcome.report.skipped} skipped`);
    expect(await shown.locator(".cw-contracts__checks li").count()).toBe(CONTRACT_CHECKS.length);
    await shown.locator("summary").first().click();
    await showTheme(page, "dark");
    await page.locator("#chat-log").screenshot({ path: join(SHOT_DIR, "playground-contracts-dark.png") });
    await showTheme(page, "light");
    await page.locator("#chat-log").screenshot({ path: join(SHOT_DIR, "playground-contracts-light.png") });
    // Nothing in the card is wider than the chat log.
    const overflow = await shown.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  }, 120_000);

  it("a failure, as a module that cancels every journal update makes one: the Quench test fails saying what was expected, what core did and where; the card spells it out", async () => {
    const outcome = await page.evaluate(async () => {
      const world = window.clockworkWorld!;
      const hook = world.run(() => Hooks.on("preUpdateJournalEntry", () => false));
      try {
        const quench: QuenchStandIn = window.createQuenchStandIn!(["clockwork"]);
        world.run(() => (Hooks as unknown as { callAll(name: string, ...args: unknown[]): boolean }).callAll("quenchReady", quench));
        const results: StandInResult[] = await world.run(() => quench.runBatch("clockwork.contracts"));
        await world.settle();
        const cards = (game.messages as unknown as { contents: CardLike[] }).contents.filter((m) => m.flags.clockwork?.contractReport);
        return { results, card: cards.at(-1)! };
      } finally {
        world.run(() => Hooks.off("preUpdateJournalEntry", hook));
      }
    });
    const report = outcome.card.flags.clockwork!.contractReport!;
    expectWholeReport(report, report.generation);
    const failed = report.results.filter((r) => r.status === "fail");
    expect(failed.map((r) => r.id)).toContain("update.diff-validated");
    expect(report.failed).toBe(failed.length);
    const diff = failed.find((r) => r.id === "update.diff-validated")!;
    const test = outcome.results.find((r) => r.path[2].startsWith("update.diff-validated:"))!;
    expect(test.state).toBe("failed");
    expect(test.error).toBe(`The system expects ${diff.expected}; core did ${diff.actual} (${diff.source})`);
    // The card: the failure's three facts, escaped text, in the chat log.
    const shown = page.locator("#chat-log .chat-message").filter({ has: page.locator("article.cw-contracts") }).last();
    await shown.scrollIntoViewIfNeeded();
    const failure = shown.locator('.cw-contracts__failure[data-check="update.diff-validated"]');
    expect(await failure.locator("dd").allTextContents()).toEqual([diff.expected, diff.actual, diff.source]);
    await failure.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await showTheme(page, "light");
    await page.locator("#chat-log").screenshot({ path: join(SHOT_DIR, "playground-contracts-failure-light.png") });
    await showTheme(page, "dark");
    await page.locator("#chat-log").screenshot({ path: join(SHOT_DIR, "playground-contracts-failure-dark.png") });
    expect(await shown.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  }, 120_000);
});
