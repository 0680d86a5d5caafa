/**
 * The example setting module (modules/clockwork-gloamreach) is its own package: `npm run build`
 * zips it beside clockwork.zip with module.json at the root, its language file, its packs
 * compiled to LevelDB and the licence, and no YAML source; clockwork.zip never holds it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, describe, expect, it } from "vitest";
import { settingModuleIds, settingModuleManifest, writeSettingModuleZip } from "../../scripts/package.mjs";

const root = join(import.meta.dirname, "..", "..");
const ID = "clockwork-gloamreach";
const work = mkdtempSync(join(tmpdir(), "clockwork-setting-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const system = JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as { id: string; version: string };
const listing = (zip: string) => execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n").sort();

describe("the example setting module's package", () => {
  it("is the one setting module under modules/ (the HUD module ships no packs)", async () => {
    expect(await settingModuleIds()).toEqual([ID]);
  });

  it("zips module.json, its language, its compiled packs and the licence, no YAML source", async () => {
    const dist = join(work, "dist");
    execFileSync("mkdir", ["-p", dist]);
    const names = await writeSettingModuleZip(ID, dist);
    expect(readdirSync(dist)).toEqual([`${ID}.zip`]);
    const zip = join(dist, `${ID}.zip`);
    const entries = listing(zip);
    expect(entries).toEqual([...names].sort());
    expect(entries.filter((e) => !e.startsWith("packs/"))).toEqual(["LICENSE", "lang/en.json", "module.json"]);
    for (const pack of ["foci", "species", "spells", "weapons"]) expect(entries, pack).toContain(`packs/${pack}/CURRENT`);
    expect(entries.some((e) => /\.ya?ml$/.test(e) || e.includes("_source"))).toBe(false);
    const zipped = JSON.parse(execFileSync("unzip", ["-p", zip, "module.json"], { encoding: "utf8" }));
    expect(zipped).toEqual(await settingModuleManifest(ID));
  });

  it("its compiled packs hold every source document, stamped with the system that reads them", async () => {
    const unzipped = join(work, "unzipped");
    execFileSync("unzip", ["-q", "-o", join(work, "dist", `${ID}.zip`), "-d", unzipped]);
    const counts: Record<string, number> = {};
    for (const pack of ["species", "foci", "weapons", "spells"]) {
      const docs: { _stats?: { systemId?: string }; type?: string }[] = [];
      await extractPack(join(unzipped, "packs", pack), join(work, "nowhere"), { transformEntry: (doc: never) => { docs.push(doc); return false; } } as never);
      counts[pack] = docs.length;
      for (const doc of docs) expect(doc._stats?.systemId).toBe(system.id);
    }
    expect(counts).toEqual({ species: 3, foci: 4, weapons: 4, spells: 2 });
  });

  it("names the system it is for and requires this release", async () => {
    const manifest = await settingModuleManifest(ID);
    expect(manifest.id).toBe(ID);
    expect(manifest.version).toBe(system.version);
    expect(manifest.download).toMatch(new RegExp(`/v${system.version}/${ID}\\.zip$`));
    expect(manifest.relationships.systems).toEqual([{ id: system.id, type: "system", compatibility: { minimum: system.version } }]);
    expect(manifest.esmodules ?? []).toEqual([]);
    expect(manifest.flags.clockwork.version).toBe(1);
  });
});
