/**
 * The shipped bundle (issue 9, item 6), built with the real vite config into a temp folder:
 * - what players load at start-up — the entry module `clockwork.mjs` and any chunk it imports
 *   statically — is at most 40 kB gzipped; the rest (sheet runtime, builder, dialogs, self-test …)
 *   are ES chunks in `chunks/` that the entry imports on demand;
 * - every file is minified and keeps the class names Foundry stores (sheet ids are
 *   `<scope>.<class name>`; chat messages name their roll class and `Roll.fromData` looks it up);
 * - every file writes its source map beside it without pointing players' browsers at it.
 * The sizes (entry, start-up, every chunk and their total) are printed for the closing note.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
/** Issue 9's budget for what players load at start-up (35.6 kB measured when it was met). */
const BUDGET_GZIP_BYTES = 40_000;
const ENTRY = "clockwork.mjs";

interface BuiltFile {
  /** Relative to the output folder, forward slashes. */
  name: string;
  code: string;
  gzip: number;
}

let outDir: string;
let files: BuiltFile[];
let startup: BuiltFile[];

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return /\.m?js$/.test(entry.name) ? [path] : [];
  });
}

/** Relative specifiers a module imports statically (`import … from "./x"`, `import "./x"`, `export … from "./x"`). */
export function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w${}*\s,]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]);
}

/** Relative specifiers a module imports on demand (`import("./x")`). */
export function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
}

/** The entry and every file it loads before running: its static imports, recursively. */
function startupClosure(byName: Map<string, BuiltFile>): BuiltFile[] {
  const seen = new Set<string>();
  const queue = [ENTRY];
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const file = byName.get(name);
    if (!file) throw new Error(`${name} is imported but was not built`);
    for (const spec of staticImports(file.code)) queue.push(relative(outDir, join(outDir, dirname(name), spec)).split("\\").join("/"));
  }
  return [...seen].map((name) => byName.get(name)!);
}

const kB = (bytes: number) => (bytes / 1000).toFixed(2);

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "clockwork-bundle-"));
  await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
  files = jsFiles(outDir).map((path) => {
    const code = readFileSync(path, "utf8");
    return { name: relative(outDir, path).split("\\").join("/"), code, gzip: gzipSync(code, { level: 9 }).length };
  }).sort((a, b) => a.name.localeCompare(b.name));
  startup = startupClosure(new Map(files.map((f) => [f.name, f])));
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the import scanners", () => {
  it("tell static from dynamic imports in minified code", () => {
    const code = `import{a as b}from"./chunks/x.mjs";import"./y.mjs";export{c}from"./z.mjs";const d=()=>import("./chunks/lazy.mjs"),e=()=>import(\`./chunks/tick.mjs\`);`;
    expect(staticImports(code)).toEqual(["./chunks/x.mjs", "./y.mjs", "./z.mjs"]);
    expect(dynamicImports(code)).toEqual(["./chunks/lazy.mjs", "./chunks/tick.mjs"]);
  });
});

describe("shipped bundle", () => {
  it("is an entry module plus chunks beside it that it loads on demand", () => {
    const entry = files.find((f) => f.name === ENTRY)!;
    const chunks = files.filter((f) => f.name !== ENTRY);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((f) => f.name.startsWith("chunks/") && f.name.endsWith(".mjs"))).toBe(true);
    expect(dynamicImports(entry.code).length).toBeGreaterThan(0);
    // Start-up is the entry alone: the modules it shares with lazy chunks stay in it (vite.config.ts).
    expect(startup.map((f) => f.name)).toEqual([ENTRY]);
    // The builder's windows, the sheets' context builders and handlers, the document write rules,
    // the world migration and the roll cards' chat code are not loaded at start-up.
    const lazy = new Set(files.filter((f) => !startup.includes(f)).map((f) => f.name));
    const sourcesOf = (file: BuiltFile) => (JSON.parse(readFileSync(join(outDir, `${file.name}.map`), "utf8")) as { sources: string[] }).sources;
    const atStartup = startup.flatMap(sourcesOf);
    for (const source of ["src/applications/builder/builder-app.ts", "src/applications/context/item.ts", "src/applications/context/character.ts", "src/selftest/run.ts", "src/dice/context/chat-card.ts", "src/applications/dialogs/roll-dialog.ts",
      "src/applications/sheets/actor-actions.ts", "src/applications/sheets/item-actions.ts", "src/documents/write-rules.ts", "src/documents/equip-plan.ts",
      "src/documents/species-apply.ts", "src/migrations/world.ts", "src/dice/chat.ts",
      "src/combat/turns.ts", "src/combat/initiative.ts", "src/combat/prompts.ts", "src/combat/dying.ts", "src/combat/documents/combat-impl.ts",
      "src/rules/actions.ts", "src/rules/initiative-turns.ts"]) {
      expect(atStartup.filter((s) => s.endsWith(source)), `${source} at start-up`).toEqual([]);
      expect(files.filter((f) => lazy.has(f.name)).some((f) => sourcesOf(f).some((s) => s.endsWith(source))), `${source} in a lazy chunk`).toBe(true);
    }
  });

  it("is minified, every file: no indentation, few lines", () => {
    for (const file of files) {
      expect(file.code.split("\n").length, file.name).toBeLessThan(20);
      expect(file.code, file.name).not.toMatch(/\n\t| {2}\w/);
    }
  });

  const startupGzip = () => startup.reduce((sum, f) => sum + f.gzip, 0);

  it(`loads at most ${BUDGET_GZIP_BYTES / 1000} kB gzipped at start-up (the entry and its static imports), and reports every size`, () => {
    const entry = files.find((f) => f.name === ENTRY)!;
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const totalRaw = files.reduce((sum, f) => sum + f.code.length, 0);
    console.info([
      `entry ${ENTRY}: ${kB(entry.code.length)} kB, ${kB(entry.gzip)} kB gzipped`,
      `start-up (${startup.length} files: ${startup.map((f) => f.name).join(", ")}): ${kB(startupGzip())} kB gzipped`,
      `all ${files.length} files: ${kB(totalRaw)} kB, ${kB(total)} kB gzipped`,
      ...files.filter((f) => !startup.includes(f)).map((f) => `  on demand ${f.name}: ${kB(f.code.length)} kB, ${kB(f.gzip)} kB gzipped`),
    ].join("\n"));
    expect(startupGzip()).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it("writes a source map beside every file but links none of them", () => {
    for (const file of files) {
      expect(existsSync(join(outDir, `${file.name}.map`)), `${file.name}.map`).toBe(true);
      expect(file.code, file.name).not.toContain("sourceMappingURL");
    }
    const map = JSON.parse(readFileSync(join(outDir, `${ENTRY}.map`), "utf8")) as { sources: string[] };
    expect(map.sources.some((s) => s.endsWith("src/clockwork.ts"))).toBe(true);
  });

  it("keeps the names of the classes Foundry identifies by name, in whichever file they land", () => {
    const defines = (code: string, name: string) => new RegExp(`\\b${name}=class\\b|\\bclass ${name}\\b`).test(code);
    const atStartup = ["ClockworkActor", "ClockworkItem", "ClockworkCharacterSheet", "ClockworkNpcSheet", "ClockworkItemSheet", "GainRoll", "FlatRoll", "DamageRoll", "DeathRoll"];
    const missing = atStartup.filter((name) => !startup.some((f) => defines(f.code, name)));
    expect(missing, "registered at init, so loaded at start-up").toEqual([]);
    const onDemand = ["ClockworkCharacterBuilder", "ClockworkAdvancementApp", "ClockworkXpAwardDialog", "ClockworkCompendiumBrowser", "ClockworkRollDialog"];
    expect(onDemand.filter((name) => !files.some((f) => defines(f.code, name))), "windows in lazy chunks").toEqual([]);
  });
});
