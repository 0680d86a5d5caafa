/**
 * The release keeps the bundle whole: `bundleFiles` checks the entry system.json loads was
 * built (and fails the build when it is missing), and the zip Foundry installs holds it and its
 * source map.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleFiles, writeZip } from "../../scripts/package.mjs";

const root = join(import.meta.dirname, "..", "..");
let dist = "";

/** File names in a zip, read from its central directory. */
function zipEntries(path: string): string[] {
  const zip = readFileSync(path);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(offset + 28);
    const extra = zip.readUInt16LE(offset + 30);
    const comment = zip.readUInt16LE(offset + 32);
    names.push(zip.toString("utf8", offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extra + comment;
  }
  return names;
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "clockwork-dist-"));
  await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "silent", build: { outDir: dist, emptyOutDir: true } });
  copyFileSync(join(root, "system.json"), join(dist, "system.json"));
}, 120_000);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("the packaged bundle", () => {
  it("is the one entry system.json loads", async () => {
    expect(await bundleFiles(dist)).toEqual(["clockwork.mjs"]);
  });

  it("zips the entry and the source map beside it", async () => {
    await writeZip(dist);
    const entries = zipEntries(join(dist, "clockwork.zip"));
    const files = await bundleFiles(dist);
    for (const file of files) {
      expect(entries, file).toContain(file);
      expect(entries, `${file}.map`).toContain(`${file}.map`);
    }
    expect(entries).toContain("system.json");
    expect(entries.some((e) => e.includes("\\"))).toBe(false);
  });

  it("refuses a bundle whose entry the build lacks", async () => {
    rmSync(join(dist, "clockwork.mjs"));
    await expect(bundleFiles(dist)).rejects.toThrow("clockwork.mjs");
    await expect(writeZip(dist)).rejects.toThrow("clockwork.mjs");
  });
});
