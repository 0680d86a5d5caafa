/**
 * Smoke test of the shipped bundle: build src/clockwork.ts with the real vite config, boot the
 * result in the test world (a GM and a player, each client running init → ready), and check
 * that everything system.json declares is registered and every template the bundle names exists.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "../world";

const root = join(import.meta.dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as {
  documentTypes: Record<"Actor" | "Item", Record<string, unknown>>;
  esmodules: string[];
  styles: string[];
  languages: { path: string }[];
};

let outDir: string;
let bundle: string;
let world: World;

interface SheetRegistration {
  cls: unknown;
  default: boolean;
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "clockwork-smoke-"));
  await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
  bundle = readFileSync(join(outDir, manifest.esmodules[0]), "utf8");
  const entry = pathToFileURL(join(outDir, manifest.esmodules[0])).href;
  world = await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }, { name: "Alice", role: "player" }], entry: () => import(/* @vite-ignore */ entry) });
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the built bundle", () => {
  it("is one self-contained ES module that imports nothing", () => {
    expect(bundle.length).toBeGreaterThan(10_000);
    expect(bundle).not.toMatch(/^\s*import\s.+from\s+["']/m);
  });

  for (const documentName of ["Actor", "Item"] as const) {
    for (const type of Object.keys(manifest.documentTypes[documentName])) {
      it(`registers a data model and a sheet for ${documentName} "${type}"`, () => {
        const config = CONFIG[documentName] as unknown as { dataModels: Record<string, unknown> };
        expect(config.dataModels[type], `${documentName}.${type} data model`).toBeTypeOf("function");
        const byType = (config as unknown as { sheetClasses: Record<string, Record<string, SheetRegistration>> }).sheetClasses;
        const sheets = Object.values(byType[type] ?? {});
        expect(sheets.length, `${documentName}.${type} sheet`).toBeGreaterThan(0);
        expect(sheets.some((s) => s.default), `${documentName}.${type} default sheet`).toBe(true);
      });
    }
  }

  it("registers the system's document classes and config", () => {
    expect((CONFIG.Actor as unknown as { documentClass: { name: string } }).documentClass.name).toBe("ClockworkActor");
    expect((CONFIG.Item as unknown as { documentClass: { name: string } }).documentClass.name).toBe("ClockworkItem");
    expect(Object.keys((CONFIG as unknown as { CLOCKWORK: { skills: object } }).CLOCKWORK.skills)).toHaveLength(16);
  });

  it("registers the roll classes and the actor roll API", () => {
    const rolls = (CONFIG as unknown as { Dice: { rolls: { name: string }[] } }).Dice.rolls.map((r) => r.name);
    expect(rolls).toEqual(expect.arrayContaining(["GainRoll", "FlatRoll", "DamageRoll", "DeathRoll"]));
    const actorClass = (CONFIG.Actor as unknown as { documentClass: { prototype: Record<string, unknown> } }).documentClass;
    for (const method of ["rollSkill", "rollFlat", "rollDeath"]) expect(actorClass.prototype[method], method).toBeTypeOf("function");
  });

  it("names only templates that exist", () => {
    const paths = [...new Set(bundle.match(/systems\/clockwork\/templates\/[\w./-]+\.hbs/g) ?? [])];
    expect(paths.length).toBeGreaterThan(10);
    const missing = paths.filter((p) => !existsSync(join(root, p.replace("systems/clockwork/", ""))));
    expect(missing).toEqual([]);
  });

  it("ships the styles and languages the manifest lists", () => {
    for (const path of [...manifest.styles, ...manifest.languages.map((l) => l.path)]) {
      expect(existsSync(join(root, path)), path).toBe(true);
    }
  });

  it("started on every client without an error or an error notification", () => {
    for (const client of world.clients) {
      expect(client.game.ready, client.user.name).toBe(true);
      expect(client.errors, client.user.name).toEqual([]);
      expect(client.notifications.filter((n) => n.type === "error"), client.user.name).toEqual([]);
    }
  });
});
