/**
 * `npm run playground -- --module <folder>`: the option is repeatable, needs a folder, and the
 * folder is checked before the server starts (a module.json, for this system, given once).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseArgs, readModules } from "../../scripts/playground.mjs";

const root = join(import.meta.dirname, "..", "..");
const GLOAMREACH = join(root, "modules", "clockwork-gloamreach");
const work = mkdtempSync(join(tmpdir(), "cw-playground-module-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function moduleFolder(name: string, manifest: unknown): string {
  const folder = join(work, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "module.json"), typeof manifest === "string" ? manifest : JSON.stringify(manifest));
  return folder;
}

describe("the playground's --module option", () => {
  it("takes one folder per --module (or --module=), resolved, each once", () => {
    expect(parseArgs([]).modules).toEqual([]);
    expect(parseArgs(["--module", "modules/clockwork-gloamreach", "--src", "--module=../elsewhere", "--module", "modules/clockwork-gloamreach"]).modules)
      .toEqual([resolve("modules/clockwork-gloamreach"), resolve("../elsewhere")]);
    expect(() => parseArgs(["--module"])).toThrow(/--module needs a folder/);
    expect(() => parseArgs(["--module", "--src"])).toThrow(/--module needs a folder/);
  });

  it("reads the example module: its id, title and pack count for the banner", () => {
    expect(readModules([GLOAMREACH])).toEqual([{ id: "clockwork-gloamreach", title: "Gloamreach: a ClockWork setting", folder: GLOAMREACH, packs: 4 }]);
  });

  it("refuses a folder without module.json, broken JSON, no id, another system's module, and the same module twice", () => {
    expect(() => readModules([work])).toThrow(/no module.json there/);
    expect(() => readModules([moduleFolder("broken", "{ nope")])).toThrow(/module.json is not valid JSON/);
    expect(() => readModules([moduleFolder("anonymous", { relationships: { systems: [{ id: "clockwork" }] } })])).toThrow(/has no "id"/);
    expect(() => readModules([moduleFolder("dnd", { id: "dnd", relationships: { systems: [{ id: "dnd5e" }] } })])).toThrow(/does not name the system "clockwork"/);
    const twin = moduleFolder("twin", { id: "clockwork-gloamreach", relationships: { systems: [{ id: "clockwork" }] } });
    expect(() => readModules([GLOAMREACH, twin])).toThrow(/"clockwork-gloamreach" is already given/);
  });
});
