/**
 * The shipped bundle (issue 17, item 1), built with the real vite config into a temp folder:
 * - one script file, `clockwork.mjs`, that imports nothing on demand (no `import()`): every
 *   module of the system is in it, statically;
 * - at most 230 kB gzipped, the whole file;
 * - minified, keeping the class names Foundry stores (sheet ids are `<scope>.<class name>`;
 *   chat messages name their roll class and `Roll.fromData` looks it up);
 * - its source map written beside it without pointing players' browsers at it.
 * The size is printed for the closing note.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
/**
 * The budget for the whole bundle. Issue 17 set 160 kB (139 kB measured when it became one
 * file); session 6 raised it to 175 kB when Item Piles, Automated Animations and Babele support,
 * the enrichers and roll requests, v14 regions and the GM's recompute of every card's claims
 * took it from 154.6 to 165.3 kB. Session 8 raised it to 180 kB when the casting dialog (issue 29:
 * its context, session, window, templates' strings and the willing question) took it from 171.8
 * to 176.7 kB; the same session's map work (token moves paid through core's movement API, aiming
 * with walls and sight), Stow/Draw and the GM-only records took it to 182.7 kB, and the budget to
 * 190 kB. Session 9 raised it to 200 kB when four features joined at once, each measured on its
 * branch against 182.7: the reaction, stabilize and death records answered by the GM, the
 * damage and alchemy Undo and Flourish (+2.5), aiming on the map from the dialogs (+1.5), hotbar
 * macros (+2.6) and the party actor with its sheet (+3.0), with the builder's armor warnings and
 * the idle template warm-up: 193.4 kB in all. Session 10 raised it to 210 kB when the contract
 * suite (issue 30) went into the bundle so a GM can run it in a real world: its checks +14.1 kB
 * (mostly each check's title, core source and expectation, which the report must carry), the
 * Quench batch, the report card and `selfTest({ contracts: true })` +1.4 kB: 208.8 kB. The same
 * session then raised it to 230 kB as the rest of issues 30 and 31 joined, each measured on its
 * branch against 193.4: the self-test's played paths with their progress window (+5.8), setting
 * modules' declarations read at init and the removed keys kept readable (+3.4), and custom
 * species by the book's recipe with its window and GM approval (+6.1): 225.0 kB; with XP-bought
 * resistance in a setting's damage types and the builder's focus suggestions, 226.4 kB in all.
 * Raise it only with a figure and a reason here.
 */
const BUDGET_GZIP_BYTES = 230_000;
const ENTRY = "clockwork.mjs";

let outDir: string;
let scripts: string[];
let code: string;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [relative(outDir, path).split("\\").join("/")];
  });
}

/** Specifiers a module imports on demand (`import(…)`, any argument). */
export function dynamicImports(source: string): string[] {
  return [...source.matchAll(/\bimport\(\s*([^)]*)\)/g)].map((m) => m[1]);
}

const kB = (bytes: number) => (bytes / 1000).toFixed(2);

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "clockwork-bundle-"));
  await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
  scripts = files(outDir).filter((name) => /\.m?js$/.test(name));
  code = readFileSync(join(outDir, ENTRY), "utf8");
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the import scanner", () => {
  it("finds on-demand imports in minified code", () => {
    expect(dynamicImports(`import{a}from"./x.mjs";const d=()=>import("./chunks/lazy.mjs"),e=()=>import(\`./t.mjs\`);`)).toEqual([`"./chunks/lazy.mjs"`, "`./t.mjs`"]);
  });
});

describe("shipped bundle", () => {
  it("is one script file that loads nothing on demand", () => {
    expect(scripts).toEqual([ENTRY]);
    expect(dynamicImports(code)).toEqual([]);
    // Nor statically: Foundry loads the one file.
    expect(code).not.toMatch(/(?:^|[;}\s])(?:import|export)\s*(?:[\w${}*\s,]+from\s*)?["']\.{1,2}\//);
  });

  it("is minified: no indentation, few lines", () => {
    // The minifier writes a string holding "\n" as a template literal with a real line break,
    // so a few lines remain (20 at 165 kB); unminified code has thousands.
    expect(code.split("\n").length).toBeLessThan(40);
    expect(code).not.toMatch(/\n\t| {2}\w/);
  });

  it(`is at most ${BUDGET_GZIP_BYTES / 1000} kB gzipped, and reports its size`, () => {
    const gzip = gzipSync(code, { level: 9 }).length;
    console.info(`${ENTRY}: ${kB(code.length)} kB, ${kB(gzip)} kB gzipped`);
    expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it("writes its source map beside it but does not link it", () => {
    expect(existsSync(join(outDir, `${ENTRY}.map`))).toBe(true);
    expect(code).not.toContain("sourceMappingURL");
    const map = JSON.parse(readFileSync(join(outDir, `${ENTRY}.map`), "utf8")) as { sources: string[] };
    expect(map.sources.some((s) => s.endsWith("src/clockwork.ts"))).toBe(true);
  });

  it("keeps the names of the classes Foundry identifies by name", () => {
    const defines = (name: string) => new RegExp(`\\b${name}=class\\b|\\bclass ${name}\\b`).test(code);
    const names = [
      "ClockworkActor", "ClockworkItem", "ClockworkCharacterSheet", "ClockworkNpcSheet", "ClockworkItemSheet", "GainRoll", "FlatRoll", "DamageRoll", "DeathRoll",
      "ClockworkCharacterBuilder", "ClockworkAdvancementApp", "ClockworkXpAwardDialog", "ClockworkCompendiumBrowser", "ClockworkRollDialog",
    ];
    expect(names.filter((name) => !defines(name))).toEqual([]);
  });
});
