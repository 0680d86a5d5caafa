// @vitest-environment happy-dom
/**
 * Smoke test of the shipped bundle: build src/clockwork.ts with the real vite config, boot the
 * result in the test world (a GM and a player, each client running init → ready), and check
 * that everything system.json declares is registered and every template the bundle names exists.
 * The bundle is one file with every module in it: opening a sheet, a fight and the builder here
 * run on that file alone, as Foundry loads it from the system folder. Under happy-dom, for the sheets (the world is built from file paths, as in
 * tests/world/applications/dom-world.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { World } from "../world";
import type { SystemInfo } from "../world/client";
import { markupIdle } from "../world/wait";

const root = join(import.meta.dirname, "..", "..");
const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as SystemInfo & {
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
  // Inside the project: under happy-dom vitest serves modules through vite, which refuses files
  // outside the workspace (server.fs.allow).
  const cache = join(root, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  outDir = mkdtempSync(join(cache, "clockwork-smoke-"));
  await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
  bundle = readFileSync(join(outDir, manifest.esmodules[0]), "utf8");
  const entry = join(outDir, manifest.esmodules[0]);
  world = await World.create({
    packs: [],
    users: [{ name: "Gamemaster", role: "gm" }, { name: "Alice", role: "player" }],
    system: { id: manifest.id, title: manifest.title, version: manifest.version, documentTypes: manifest.documentTypes },
    translations: JSON.parse(readFileSync(join(root, "lang", "en.json"), "utf8")) as Record<string, unknown>,
    entry: () => import(/* @vite-ignore */ entry),
  });
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the built bundle", () => {
  it("is one ES module that imports nothing", () => {
    expect(bundle.length).toBeGreaterThan(10_000);
    const statements = [...bundle.matchAll(/(?:^|[;}])\s*(?:import|export)\s*(?:[\w${}*\s,]+from\s*)?["'`]([^"'`]+)["'`]/g)].map((m) => m[1]);
    const onDemand = [...bundle.matchAll(/\bimport\(/g)];
    expect(statements).toEqual([]);
    expect(onDemand).toEqual([]);
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

describe("the one-file bundle at play", () => {
  interface Sheet { element: HTMLElement; rendered: boolean; constructor: { name: string }; render(options?: object): Promise<unknown> }
  interface Actor { sheet: Sheet }
  interface App { element: HTMLElement; rendered: boolean; constructor: { name: string }; close(): Promise<unknown> }

  /** Waits until the markup stops changing (renders queued after writes and imports). */
  const idle = (el: () => Element | null | undefined) => markupIdle(el, () => world.settle());

  it("opening a character sheet draws it from the one file", async () => {
    const alice = world.player("Alice");
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }], { ownership: { [alice.user.id as string]: 3 } });
    const sheet = await world.as(alice, async () => {
      const s = (alice.game.actors as unknown as { get(id: string): Actor }).get(id).sheet;
      await s.render({ force: true });
      return s;
    });
    await idle(() => sheet.element);
    expect(sheet.constructor.name).toBe("ClockworkCharacterSheet");
    expect(sheet.rendered).toBe(true);
    // The skills, the features tab's XP log and the empty character's Builder button come from
    // the context builders, in the one file.
    expect(sheet.element.querySelectorAll("[data-action=rollSkill]")).toHaveLength(16);
    expect(sheet.element.querySelector(".cw-xp-log")).not.toBeNull();
    expect(sheet.element.querySelector("[data-action=openBuilder]")).not.toBeNull();
    const entrySources = (JSON.parse(readFileSync(join(outDir, `${manifest.esmodules[0]}.map`), "utf8")) as { sources: string[] }).sources;
    expect(entrySources.some((source) => source.includes("src/applications/context/character"))).toBe(true);
    expect(alice.errors).toEqual([]);
  }, 60_000);

  it("a fight runs on the one-file bundle: start, a player's spend, the next turn", async () => {
    interface Combatant { id: string; actorId: string; counters: { available: number; reserved: number; passed: boolean }; spendCounters(n: number): Promise<unknown> }
    interface Combat { combatants: { contents: Combatant[] }; turn: number | null; startCombat(): Promise<unknown>; nextTurn(): Promise<unknown> }
    const alice = world.player("Alice");
    const [ada] = await world.seed("Actor", [{ name: "Ada", type: "character", system: { skills: { agility: { rank: 8 } } } }], { ownership: { [alice.user.id as string]: 3 } });
    const [gob] = await world.seed("Actor", [{ name: "Gob", type: "npc" }]);
    const [id] = await world.seed("Combat", [{ active: true, combatants: [{ actorId: ada, initiative: 20 }, { actorId: gob, initiative: 10 }] }]);
    const combatOf = (client: typeof alice) => (client.game.combats as unknown as { get(id: string): Combat }).get(id);
    const combatantOf = (client: typeof alice, actorId: string) => combatOf(client).combatants.contents.find((c) => c.actorId === actorId)!;
    // Wait for the state, not a tick count (the GM's bookkeeping runs after the writes).
    const eventually = (check: () => void) => vi.waitFor(async () => { await world.settle(); check(); }, { timeout: 10_000, interval: 20 });
    await world.as(world.gm, () => combatOf(world.gm).startCombat());
    await world.settle();
    expect(combatantOf(alice, ada).counters).toMatchObject({ available: 6 });
    await world.as(alice, () => combatantOf(alice, ada).spendCounters(4));
    await world.settle();
    expect(combatantOf(alice, ada).counters).toMatchObject({ available: 2 });
    // A player ends her turn: the bookkeeping runs on the GM.
    await world.as(alice, () => combatOf(alice).nextTurn());
    await eventually(() => {
      expect(combatOf(alice).turn).toBe(1);
      expect(combatantOf(alice, ada).counters).toMatchObject({ available: 0, reserved: 2, passed: true });
      expect(combatantOf(alice, gob).counters).toMatchObject({ available: 6 });
    });
    const entrySources = (JSON.parse(readFileSync(join(outDir, `${manifest.esmodules[0]}.map`), "utf8")) as { sources: string[] }).sources;
    expect(entrySources.some((source) => source.endsWith("src/combat/turns.ts"))).toBe(true);
    for (const client of world.clients) expect(client.errors, client.user.name).toEqual([]);
  }, 60_000);

  it("the builder's button opens the builder's window from the one file", async () => {
    const alice = world.player("Alice");
    const [id] = await world.seed("Actor", [{ name: "Blank", type: "character" }], { ownership: { [alice.user.id as string]: 3 } });
    const api = (alice.game as unknown as { clockwork: { openBuilder(actor: unknown): Promise<App> } }).clockwork;
    const app = await world.as(alice, () => api.openBuilder((alice.game.actors as unknown as { get(id: string): unknown }).get(id)));
    await idle(() => app.element);
    expect(app.constructor.name).toBe("ClockworkCharacterBuilder");
    expect(app.rendered).toBe(true);
    expect(app.element.textContent?.length).toBeGreaterThan(100);
    await world.as(alice, () => app.close());
    expect(alice.errors).toEqual([]);
  }, 60_000);
});
