// @vitest-environment happy-dom
/** The contract suite's report as text and as a chat card: every check, each failure spelled out, escaped. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contractReportHtml, contractReportText, countResults, joinContractReports } from "../../src/selftest/contract-report";
import type { ContractReport, ContractResult } from "../../src/selftest/contracts/types";

const lang = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "lang", "en.json"), "utf8")) as Record<string, unknown>;

function localize(key: string, data: Record<string, unknown> = {}): string {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], lang);
  if (typeof text !== "string") throw new Error(`missing key ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(data[name]));
}

const results: ContractResult[] = [
  { id: "update.noop-resolves-undefined", behaviour: "Update", title: "A no-op update resolves undefined", source: "client/data/client-backend.mjs", status: "pass", ms: 4 },
  {
    id: "chat.whisper-visible", behaviour: "Chat", title: "A whisper is <visible> to its recipients only", source: "client/documents/chat-message.mjs `get visible`",
    status: "fail", ms: 11, expected: "visible false for a non-recipient", actual: "visible true & <b>no</b> error",
  },
  { id: "areas.region-shapes", behaviour: "Areas", title: "Regions take a circle", source: "common/documents/region.mjs", status: "skip", ms: 0, reason: "applies to v14 <only>" },
];

const report: ContractReport = { core: "13.350", generation: 13, system: "1.4.0", time: "2026-11-29T05:00:00.000Z", results, passed: 1, failed: 1, skipped: 1 };

describe("contract report as text", () => {
  it("gives the environment, a line per check, and under a failure what was expected, what core did and the check's source", () => {
    expect(contractReportText(report, localize).split("\n")).toEqual([
      "ClockWork core contracts: 1 passed, 1 failed, 1 skipped",
      "Foundry 13.350 (generation 13), ClockWork 1.4.0, run at 2026-11-29T05:00:00.000Z",
      "[pass] update.noop-resolves-undefined (4 ms)",
      "[fail] chat.whisper-visible (11 ms)",
      "  Check: A whisper is <visible> to its recipients only",
      "  The system expects: visible false for a non-recipient",
      "  Core did: visible true & <b>no</b> error",
      "  Where core does it: client/documents/chat-message.mjs `get visible`",
      "[skip] areas.region-shapes (0 ms): applies to v14 <only>",
    ]);
  });

  it("marks a failure without details with a dash", () => {
    const bare: ContractReport = { ...report, results: [{ ...results[1], expected: undefined, actual: undefined }], passed: 0, failed: 1, skipped: 0 };
    expect(contractReportText(bare, localize)).toContain("  The system expects: -\n  Core did: -\n");
  });
});

describe("contract report as a chat card", () => {
  const html = contractReportHtml(report, localize);
  const doc = new DOMParser().parseFromString(html, "text/html");

  it("carries the counts and the environment", () => {
    const card = doc.querySelector("article.cw-contracts")!;
    expect([card.getAttribute("data-passed"), card.getAttribute("data-failed"), card.getAttribute("data-skipped")]).toEqual(["1", "1", "1"]);
    expect(card.classList.contains("clockwork")).toBe(true);
    expect(card.querySelector("h3")?.textContent).toBe("ClockWork core contracts: 1 passed, 1 failed, 1 skipped");
    expect(card.querySelector("p.cw-muted")?.textContent).toBe("Foundry 13.350 (generation 13), ClockWork 1.4.0, run at 2026-11-29T05:00:00.000Z");
  });

  it("spells out each failure: what the system expected, what core did, and where core does it", () => {
    const failures = [...doc.querySelectorAll(".cw-contracts__failure")];
    expect(failures.map((f) => f.getAttribute("data-check"))).toEqual(["chat.whisper-visible"]);
    const terms = [...failures[0].querySelectorAll("dt")].map((d) => d.textContent);
    const values = [...failures[0].querySelectorAll("dd")].map((d) => d.textContent);
    expect(terms).toEqual(["The system expects", "Core did", "Where core does it"]);
    expect(values).toEqual(["visible false for a non-recipient", "visible true & <b>no</b> error", "client/documents/chat-message.mjs `get visible`"]);
    expect(failures[0].querySelector("strong")?.textContent).toBe("A whisper is <visible> to its recipients only");
  });

  it("escapes what the checks and core wrote: no markup of theirs reaches the card", () => {
    expect(doc.querySelectorAll("b, visible, only")).toHaveLength(0);
    expect(html).toContain("visible true &amp; &lt;b&gt;no&lt;/b&gt; error");
  });

  it("lists every check with an icon and a word for its status, not a colour alone", () => {
    const rows = [...doc.querySelectorAll(".cw-contracts__checks li")];
    expect(rows.map((r) => [r.getAttribute("data-check"), r.getAttribute("data-status"), r.querySelector(".cw-contracts__status")?.textContent])).toEqual([
      ["update.noop-resolves-undefined", "pass", "passed"], ["chat.whisper-visible", "fail", "failed"], ["areas.region-shapes", "skip", "skipped"],
    ]);
    expect(rows.every((r) => r.querySelector("i[aria-hidden=true]"))).toBe(true);
    // A skip says why.
    expect(rows[2].querySelector(".cw-muted")?.textContent).toBe("applies to v14 <only>");
    expect(doc.querySelector(".cw-contracts__checks")?.closest("details")?.querySelector("summary")?.textContent).toBe("Every check (3)");
  });

  it("holds the bug report's text, unchanged once the browser decodes it", () => {
    expect(doc.querySelector("pre.cw-contracts__text")?.textContent).toBe(contractReportText(report, localize));
  });

  it("has no failure section when nothing failed", () => {
    const passing: ContractReport = { ...report, results: [results[0]], passed: 1, failed: 0, skipped: 0 };
    const clean = new DOMParser().parseFromString(contractReportHtml(passing, localize), "text/html");
    expect(clean.querySelectorAll(".cw-contracts__failure, h4")).toHaveLength(0);
  });
});

describe("joining one-check reports", () => {
  it("keeps the first run's environment, every result in order, and counts them again", () => {
    const part = (result: ContractResult, time: string): ContractReport => ({ ...report, time, results: [result], ...countResults([result]) });
    const joined = joinContractReports([part(results[0], "t1"), part(results[1], "t2"), part(results[2], "t3")]);
    expect(joined).toEqual({ ...report, time: "t1" });
  });

  it("gives nothing for no runs", () => {
    expect(joinContractReports([])).toBeNull();
  });
});
