/**
 * The release keeps the bundle whole: `bundleFiles` follows the entry's static and on-demand
 * imports to every chunk vite wrote beside it (and fails the build when one is missing), and
 * the zip Foundry installs holds the entry, every chunk and their source maps.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleFiles, relativeImports, writeZip } from "../../scripts/package.mjs";

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
  it("reads static and on-demand imports from minified code", () => {
    expect(relativeImports(`import{a}from"./chunks/a.mjs";import"./b.mjs";x=()=>import("./chunks/c.mjs");y=()=>import(\`./chunks/d.mjs\`);import("https://x")`))
      .toEqual(["./chunks/a.mjs", "./b.mjs", "./chunks/c.mjs", "./chunks/d.mjs"]);
  });

  it("reaches every chunk from the entry", async () => {
    const files = await bundleFiles(dist);
    expect(files).toContain("clockwork.mjs");
    expect(files.filter((f) => f.startsWith("chunks/")).length).toBeGreaterThan(3);
  });

  it("zips the entry, every chunk and the source maps beside them", async () => {
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

  it("refuses a bundle whose entry imports a chunk the build lacks", async () => {
    const files = await bundleFiles(dist);
    const chunk = files.find((f) => f.startsWith("chunks/"))!;
    rmSync(join(dist, chunk));
    await expect(bundleFiles(dist)).rejects.toThrow(chunk);
    await expect(writeZip(dist)).rejects.toThrow(chunk);
  });
});
