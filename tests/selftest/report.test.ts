/** The self-test report: every step and error in the card and in the text to paste, escaped. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { reportHtml, reportText, type SelfTestReport } from "../../src/selftest/report";

const lang = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>;

function localize(key: string, data: Record<string, unknown> = {}): string {
  const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], lang);
  if (typeof text !== "string") throw new Error(`missing key ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(data[name]));
}

const report: SelfTestReport = {
  ok: false,
  steps: [
    { key: "createActor", status: "pass", ms: 12, detail: "Self-test character (temporary)" },
    { key: "openSheet", status: "fail", ms: 3, detail: "The sheet did not render <oops>." },
    { key: "dropItem", status: "skip", ms: 0 },
    { key: "cleanup", status: "pass", ms: 4 },
  ],
  errors: ["error: TypeError: x is undefined"],
  environment: { system: "clockwork 0.1.0", core: "13.345", generation: 13, user: "Gamemaster", modules: ["dice-so-nice 5.0"], time: "2025-01-01T00:00:00.000Z" },
};

describe("self-test report", () => {
  it("lists every step with its status, time and detail, and the errors, as text", () => {
    const text = reportText(report, localize);
    expect(text.split("\n")).toEqual([
      "ClockWork self-test: failed",
      "System clockwork 0.1.0, Foundry 13.345 (generation 13), run by Gamemaster",
      "Active modules: dice-so-nice 5.0",
      "2025-01-01T00:00:00.000Z",
      "[pass] Create a temporary character (12 ms): Self-test character (temporary)",
      "[fail] Open its sheet (3 ms): The sheet did not render <oops>.",
      "[skip] Drop a compendium item on the sheet (0 ms)",
      "[pass] Clean up (4 ms)",
      "Console errors and warnings: 1",
      "- error: TypeError: x is undefined",
    ]);
  });

  it("makes a card with a line per step and the same text, escaped", () => {
    const html = reportHtml(report, localize);
    expect([...html.matchAll(/data-step="(\w+)" data-status="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`))
      .toEqual(["createActor:pass", "openSheet:fail", "dropItem:skip", "cleanup:pass"]);
    expect(html).toContain('data-ok="false"');
    expect(html).toContain("The sheet did not render &lt;oops&gt;.");
    expect(html).not.toContain("<oops>");
    expect(html).toContain("<li>error: TypeError: x is undefined</li>");
    expect(html).toContain("[fail] Open its sheet (3 ms)");
  });
});
