/**
 * The browser benchmark's pure parts (scripts/bench-browser.mjs): its arguments (two build
 * folders), the median, and the table it prints (A and B side by side with their ratio).
 */
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, parseArgs, table, type BenchSample } from "../../scripts/bench-browser.mjs";

function buildFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "cw-bench-"));
  writeFileSync(join(dir, "system.json"), "{}");
  return dir;
}

const sample = (ms: number): BenchSample => ({
  importMs: ms, readyMs: ms, scriptMs: ms, taskMs: ms, firstSheetMs: ms, editMs: { 14: ms, 100: 2 * ms }, contextMs: { 14: 1, 100: 1 }, builderMs: { 14: 0.5, 100: 1 },
});

describe("bench:browser", () => {
  it("takes exactly two build folders, each with a system.json, and its counts", () => {
    const [a, b] = [buildFolder(), buildFolder()];
    expect(parseArgs([a, b, "--rounds", "3", "--edits", "4"])).toEqual({ dists: [a, b], rounds: 3, edits: 4, help: false });
    expect(() => parseArgs([a])).toThrow(/two build folders/);
    expect(() => parseArgs([a, tmpdir()])).toThrow(/no system.json/);
    expect(() => parseArgs([a, b, "--rounds", "0"])).toThrow(/positive/);
    expect(() => parseArgs([a, b, "--fast"])).toThrow(/Unknown option/);
  });

  it("takes the median, ignoring failed (NaN) samples", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });

  it("prints each measure's medians for A and B and their ratio", () => {
    const out = table(["/a", "/b"], [[sample(30), sample(10), sample(20)], [sample(10), sample(5), sample(15)]]);
    expect(out).toMatch(/field edit, 14 items\s+20\.0\s+10\.0\s+2\.00×/);
    expect(out).toMatch(/field edit, 100 items\s+40\.0\s+20\.0\s+2\.00×/);
    expect(out).toMatch(/first sheet opened\s+20\.0\s+10\.0\s+2\.00×/);
    expect(out).toContain("A: /a");
    expect(out).toContain("3 samples each");
  });
});
