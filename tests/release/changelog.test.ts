/**
 * CHANGELOG.md has a section per version, newest first, and one for the version system.json
 * and package.json name, so a tag never ships without notes (the release workflow publishes
 * that section). The manifest points GMs at the changelog and the issue tracker.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { changelogSection } from "../../scripts/release-body.mjs";

const root = join(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(join(root, file), "utf8");
const manifest = JSON.parse(read("system.json"));
const pkg = JSON.parse(read("package.json"));
const changelog = read("CHANGELOG.md");

/** Versions of the `## [x.y.z]` headings, in file order. */
const versions = [...changelog.matchAll(/^##\s+\[?v?(\d+\.\d+\.\d+)\]?/gm)].map((m) => m[1]);

const newer = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
};

describe("CHANGELOG.md", () => {
  it("has a non-empty section for the manifest's version", () => {
    expect(pkg.version).toBe(manifest.version);
    expect(versions).toContain(manifest.version);
    expect(changelogSection(changelog, manifest.version)).toMatch(/\S/);
  });

  it("lists each version once, newest first, with something in each section", () => {
    expect(new Set(versions).size).toBe(versions.length);
    for (let i = 1; i < versions.length; i++) expect(newer(versions[i - 1], versions[i]), `${versions[i - 1]} before ${versions[i]}`).toBe(true);
    for (const v of versions) expect(changelogSection(changelog, v), v).toMatch(/\S/);
  });

  it("is where the manifest's changelog and bugs links go", () => {
    expect(manifest.changelog).toBe(`${manifest.url}/blob/main/CHANGELOG.md`);
    expect(manifest.bugs).toBe(`${manifest.url}/issues`);
  });
});
