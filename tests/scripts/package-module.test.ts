/**
 * The Token Action HUD companion is a second package: `npm run build` zips it beside
 * clockwork.zip with its own manifest (requiring Token Action HUD Core and the system) and only
 * its own files; its scripts import nothing but each other (the system is reached through
 * `game.clockwork`).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MODULE_ID, moduleManifest, writeModuleZip } from "../../scripts/package.mjs";

const root = join(import.meta.dirname, "..", "..");
const dist = mkdtempSync(join(tmpdir(), "clockwork-module-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const system = JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as { id: string; version: string };

describe("the Token Action HUD ClockWork package", () => {
  it("zips module.json at the root with its scripts, language and licence, nothing of the system", async () => {
    await writeModuleZip(dist);
    expect(readdirSync(dist)).toEqual([`${MODULE_ID}.zip`]);
    const listing = execFileSync("unzip", ["-Z1", join(dist, `${MODULE_ID}.zip`)], { encoding: "utf8" }).trim().split("\n").sort();
    expect(listing).toEqual(["LICENSE", "lang/en.json", "module.json", "scripts/actions.mjs", "scripts/hud.mjs", "scripts/module.mjs"]);
    const zipped = JSON.parse(execFileSync("unzip", ["-p", join(dist, `${MODULE_ID}.zip`), "module.json"], { encoding: "utf8" }));
    expect(zipped).toEqual(await moduleManifest());
  });

  it("has its own id and requires Token Action HUD Core 2.x and this system's release", async () => {
    const manifest = await moduleManifest();
    expect(manifest.id).toBe(MODULE_ID);
    expect(manifest.version).toBe(system.version);
    expect(manifest.download).toMatch(new RegExp(`/v${system.version}/${MODULE_ID}\\.zip$`));
    expect(manifest.relationships.requires).toEqual([expect.objectContaining({ id: "token-action-hud-core", type: "module" })]);
    expect(manifest.relationships.systems).toEqual([{ id: system.id, type: "system", compatibility: { minimum: system.version } }]);
    expect(manifest.esmodules).toEqual(["scripts/module.mjs"]);
  });

  it("imports nothing from the system's source or bundle", () => {
    const scripts = join(root, "modules", MODULE_ID, "scripts");
    for (const file of readdirSync(scripts)) {
      const text = readFileSync(join(scripts, file), "utf8");
      const specifiers = [...text.matchAll(/\bfrom\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']/g)].map((m) => m[1] ?? m[2]);
      for (const specifier of specifiers) expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/[\w-]+\.mjs$/);
    }
  });
});
