/**
 * The shipped bundle (issue 9, item 6): built with the real vite config it is minified, at most
 * 40 kB gzipped, writes its source map beside it without pointing players' browsers at it, and
 * keeps the class names Foundry stores (sheet ids are `<scope>.<class name>`; chat messages name
 * their roll class and `Roll.fromData` looks it up by name).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const BUDGET_GZIP_BYTES = 40_000;

let outDir: string;
let bundle: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "clockwork-bundle-"));
  await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
  bundle = readFileSync(join(outDir, "clockwork.mjs"), "utf8");
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("shipped bundle", () => {
  it("is minified: no indentation, few lines", () => {
    expect(bundle.split("\n").length).toBeLessThan(20);
    expect(bundle).not.toMatch(/\n\t/);
  });

  it(`is at most ${BUDGET_GZIP_BYTES / 1000} kB gzipped`, () => {
    const size = gzipSync(bundle, { level: 9 }).length;
    console.info(`clockwork.mjs: ${(bundle.length / 1000).toFixed(1)} kB, ${(size / 1000).toFixed(2)} kB gzipped`);
    expect(size).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it("writes the source map but does not link it from the bundle", () => {
    expect(existsSync(join(outDir, "clockwork.mjs.map"))).toBe(true);
    const map = JSON.parse(readFileSync(join(outDir, "clockwork.mjs.map"), "utf8")) as { sources: string[] };
    expect(map.sources.some((s) => s.endsWith("src/clockwork.ts"))).toBe(true);
    expect(bundle).not.toContain("sourceMappingURL");
  });

  it("keeps the names of the classes Foundry identifies by name", () => {
    const names = ["ClockworkActor", "ClockworkItem", "ClockworkCharacterSheet", "ClockworkNpcSheet", "ClockworkItemSheet", "GainRoll", "FlatRoll", "DamageRoll", "DeathRoll"];
    const missing = names.filter((name) => !new RegExp(`\\b${name}=class\\b|\\bclass ${name}\\b`).test(bundle));
    expect(missing).toEqual([]);
  });
});
