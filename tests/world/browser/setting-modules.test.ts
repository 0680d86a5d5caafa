/**
 * The host's setting modules (the playground's `--module`): a module folder is read as Foundry
 * installs it (module.json, its English strings, each pack its manifest lists) from the YAML an
 * author edits, or from the compiled packs of a released module; what is missing is a warning,
 * never a crash.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeSettingModuleZip } from "../../../scripts/package.mjs";
import { loadSettingModule, loadSettingModules, REPO } from "./vite.config";

const GLOAMREACH = join(REPO, "modules", "clockwork-gloamreach");
const work = mkdtempSync(join(tmpdir(), "cw-host-modules-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const summary = (packs: { name: string; system: string; packageType?: string; documents: { name?: unknown }[] }[]) =>
  packs.map((p) => ({ name: p.name, system: p.system, packageType: p.packageType, names: p.documents.map((d) => String(d.name)).sort() }));

describe("a setting module folder in the host", () => {
  it("reads the example module's manifest, English strings and YAML packs, in module.json's order", async () => {
    const { module, warnings } = await loadSettingModule(GLOAMREACH);
    expect(warnings).toEqual([]);
    expect(module!.manifest.id).toBe("clockwork-gloamreach");
    expect(module!.folder).toBe("modules/clockwork-gloamreach");
    expect((module!.lang.GLOAMREACH as { DamageType: { gloam: string } }).DamageType.gloam).toBe("Gloam");
    expect(summary(module!.packs)).toEqual([
      { name: "species", system: "clockwork-gloamreach", packageType: "module", names: ["Lampwrights", "Mistborn", "Selkin"] },
      { name: "foci", system: "clockwork-gloamreach", packageType: "module", names: ["Fog Watch", "Harpooner", "Shanty Singer", "Tide Lore"] },
      { name: "weapons", system: "clockwork-gloamreach", packageType: "module", names: ["Gloamglass Knife", "Gloamhook", "Harpoon", "Lantern Pike"] },
      { name: "spells", system: "clockwork-gloamreach", packageType: "module", names: ["Beacon", "Gloam Bolt"] },
    ]);
    expect(module!.packs.map((p) => p.label)).toEqual(["Gloamreach Species", "Gloamreach Foci", "Gloamreach Weapons", "Gloamreach Spells"]);
  });

  it("reads a released module (compiled packs, no YAML) to the same documents", async () => {
    const dist = join(work, "dist");
    mkdirSync(dist, { recursive: true });
    await writeSettingModuleZip("clockwork-gloamreach", dist);
    const released = join(work, "clockwork-gloamreach");
    execFileSync("unzip", ["-q", "-o", join(dist, "clockwork-gloamreach.zip"), "-d", released]);
    const [fromYaml, fromZip] = await Promise.all([loadSettingModule(GLOAMREACH), loadSettingModule(released)]);
    expect(fromZip.warnings).toEqual([]);
    expect(summary(fromZip.module!.packs)).toEqual(summary(fromYaml.module!.packs));
  });

  it("warns about a folder without module.json, a module for another system and a pack with no documents, and goes on", async () => {
    const other = join(work, "other");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, "module.json"), JSON.stringify({ id: "other", title: "Other", relationships: { systems: [{ id: "dnd5e" }] }, packs: [{ name: "gear", label: "Gear", path: "packs/gear", type: "Item" }] }));
    const copy = join(work, "copy");
    cpSync(GLOAMREACH, copy, { recursive: true });
    const { modules, warnings } = await loadSettingModules([join(work, "nothing"), other, GLOAMREACH, copy]);
    expect(modules.map((m) => m.manifest.id)).toEqual(["other", "clockwork-gloamreach"]);
    expect(modules[0].packs).toEqual([]);
    expect(warnings).toEqual([
      expect.stringContaining("has no module.json"),
      expect.stringMatching(/^other: module.json does not name "clockwork" in relationships.systems/),
      expect.stringMatching(/^other: the pack "gear" has neither packs\/_source\/gear\/ nor packs\/gear/),
      'The module "clockwork-gloamreach" is given twice; the first is kept.',
    ]);
  });
});
