/**
 * The build stamps every pack document, embedded ones and folders included, with `_stats`
 * naming the core build and the system version, as Foundry's own exports carry them.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClassicLevel } from "classic-level";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compilePacks, packStats, stampStats } from "../../scripts/package.mjs";

interface Stats { coreVersion: string; systemId: string; systemVersion: string }
interface Doc { _key?: string; _stats?: Partial<Stats> & Record<string, unknown>; pages?: Doc[]; name?: string }

const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as {
  id: string; version: string; compatibility: { minimum: string; verified: string; maximum?: string };
};
let scratch = "";

async function readPack(dir: string): Promise<[string, Doc][]> {
  const db = new ClassicLevel<string, Doc>(dir, { keyEncoding: "utf8", valueEncoding: "json" });
  const entries = await db.iterator().all();
  await db.close();
  return entries;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "clockwork-stats-"));
  await compilePacks(undefined, scratch, ["rules", "weapons"]);
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("pack _stats", () => {
  it("names the v13 core build the packs are written for (the minimum generation) and this system's id and version", async () => {
    const stats = await packStats();
    expect(stats).toEqual({ coreVersion: expect.stringMatching(/^13\.\d+$/), systemId: "clockwork", systemVersion: manifest.version });
    expect(stats.coreVersion.split(".")[0]).toBe(manifest.compatibility.minimum.split(".")[0]);
  });

  it("stamps documents, their embedded documents and folders in the compiled packs", async () => {
    const stats = await packStats();
    const journals = await readPack(join(scratch, "rules"));
    const weapons = await readPack(join(scratch, "weapons"));
    const entries = [...journals, ...weapons];
    // Embedded pages are stored as their own keys; every key holds a stamped document.
    expect(entries.some(([key]) => key.startsWith("!journal.pages!"))).toBe(true);
    expect(entries.some(([key]) => key.startsWith("!folders!"))).toBe(true);
    for (const [key, doc] of entries) expect(doc._stats, key).toMatchObject(stats);
  });

  it("keeps other _stats fields a source already has", () => {
    const doc: Doc = stampStats({ _stats: { compendiumSource: "Compendium.x.y.Item.z" }, pages: [{ name: "p" }] } as Doc, { coreVersion: "13.345", systemId: "clockwork", systemVersion: "1.0.0" });
    expect(doc._stats).toEqual({ compendiumSource: "Compendium.x.y.Item.z", coreVersion: "13.345", systemId: "clockwork", systemVersion: "1.0.0" });
    expect(doc.pages?.[0]._stats?.systemVersion).toBe("1.0.0");
  });
});

describe("system.json", () => {
  it("declares the Foundry it is verified on and drops keys it does not use", () => {
    expect(manifest.compatibility.minimum).toBe("13");
    // The newest generation the whole suite passes in (docs/compatibility.md; tests/smoke/compatibility.test.ts).
    expect(manifest.compatibility.verified).toBe("14");
    expect(manifest).not.toHaveProperty("socket");
    expect(manifest).not.toHaveProperty("background");
  });
});
