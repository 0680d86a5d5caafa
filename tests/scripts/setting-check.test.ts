/**
 * `npm run setting:check -- <folder>` (scripts/setting-check.mjs, issue 31): a setting module's
 * packs and declaration checked against the system's data models from outside the repository.
 * Every fixture of tests/fixtures/settings/ is one module: `good` is valid, each other holds one
 * kind of bad data, and the check must name the file, the line (a compiled pack: the document)
 * and what is wrong, and nothing else. The module's declaration is merged before its documents
 * are validated, so `good`'s weapon of its own weapon group and damage type passes.
 *
 * One CLI run checks every fixture, two compiled copies and this repository's own packs (what
 * `npm run build` runs), sharing one vite server; a second run, in parallel, checks `good` alone
 * for the exit code 0 and its one-line summary.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compilePacks } from "../../scripts/package.mjs";

const root = join(import.meta.dirname, "..", "..");
const script = join(root, "scripts", "setting-check.mjs");
const fixtures = join(root, "tests", "fixtures", "settings");
const scratch = mkdtempSync(join(tmpdir(), "clockwork-setting-check-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Run { status: number | null; stdout: string; stderr: string }

function run(args: string[]): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on("data", (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on("close", (status) => done({ status, stdout, stderr }));
  });
}

/** A copy of a fixture with its YAML sources compiled into LevelDB packs (and the sources gone). */
async function compiledCopy(name: string): Promise<string> {
  const copy = join(scratch, `${name}-compiled`);
  cpSync(join(fixtures, name), copy, { recursive: true });
  await compilePacks(join(copy, "packs", "_source"), join(copy, "packs"));
  rmSync(join(copy, "packs", "_source"), { recursive: true });
  return copy;
}

/** stderr's sections: folder → its problem lines (without the indent). */
function sections(stderr: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] = [];
  for (const line of stderr.split("\n")) {
    const header = /^(.+): \d+ problems?:$/.exec(line);
    if (header) out.set(header[1], (current = []));
    else if (line.startsWith("  ")) current.push(line.slice(2));
  }
  return out;
}

const bad = readdirSync(fixtures).filter((name) => name !== "good").sort();
let all: Run;
let good: Run;
let problems: Map<string, string[]>;

beforeAll(async () => {
  const compiled = [await compiledCopy("good"), await compiledCopy("unknown-weapon-group")];
  [all, good] = await Promise.all([
    run([...readdirSync(fixtures).map((name) => join("tests", "fixtures", "settings", name)), ...compiled, "."]),
    run([join(fixtures, "good")]),
  ]);
  problems = sections(all.stderr);
}, 180_000);

const at = (fixture: string) => problems.get(`tests/fixtures/settings/${fixture}`);

describe("setting:check on the fixtures", () => {
  it("has at least ten kinds of bad data, and reports every bad fixture (exit code 1)", () => {
    expect(bad.length).toBeGreaterThanOrEqual(10);
    expect(all.status).toBe(1);
    for (const fixture of bad) expect(at(fixture), fixture).toBeDefined();
  });

  it("passes the good module, its declaration merged first (exit code 0, one summary line)", () => {
    expect(good.stderr).toBe("");
    expect(good.status).toBe(0);
    expect(good.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/good: module "frostlands-fixture": 3 documents in 3 packs valid against ClockWork's data models, and its declaration\.$/),
    ]);
    expect(all.stdout).toMatch(/^tests\/fixtures\/settings\/good: module "frostlands-fixture": 3 documents/m);
  });

  // Each bad fixture: exactly these problems, each `file:line: field: message`.
  const expected: Record<string, (string | RegExp)[]> = {
    "yaml-syntax": [/^packs\/_source\/weapons\/ice-pick\.yml:8: the YAML does not parse: .+\(column 3\)$/],
    "yaml11-boolean": ['packs/_source/weapons/ice-pick.yml:8: system.hands: "off" is a bare word a YAML 1.1 reader (the Foundry CLI) takes for a boolean; quote it as a string'],
    "unknown-type": [/^packs\/_source\/weapons\/ice-pick\.yml:4: type: "gadget" is not a ClockWork Item type \(one of: species, focus, /],
    "rank-out-of-range": ["packs/_source/foes/frost-giant.yml:8: system.skills.strength.rank: 15 is outside the allowed range 4–12."],
    "unknown-weapon-group": [/^packs\/_source\/weapons\/ice-pick\.yml:7: system\.group: "icePicks" is not one of: axe, /],
    "bad-resistance": [/^packs\/_source\/species\/salamanders\.yml:7: system\.resistanceBonus: "fire" is not one of: ballistic, .*, any\.$/],
    "missing-id": ["packs/_source/weapons/ice-pick.yml:1: _id: missing; every document in a pack needs one (16 letters and digits)"],
    "duplicate-id": ['packs/_source/weapons/war-pick.yml:1: _id: "Oxv4zJZ7YP6JsRHV" is already the _id of packs/_source/weapons/ice-pick.yml:1 in pack "weapons"; one document would replace the other'],
    "wrong-collection": [/^packs\/_source\/weapons\/ice-pick\.yml:2: _key: "!actors!Oxv4zJZ7YP6JsRHV" puts a document of "actors" in pack "weapons", whose type is Item/],
    "undeclared-damage-type": [/^packs\/_source\/weapons\/ice-pick\.yml:14: system\.damage\.types\.1: "frost" is not one of: ballistic, /],
    "missing-pack": [/^module\.json:11: packs\.1: pack "spells" has neither YAML sources \(packs\/_source\/spells\/ or src\/packs\/spells\/\) nor a compiled pack at packs\/spells$/],
    "no-relationship": [/^module\.json:6: relationships: the module does not name the system "clockwork" in relationships\.systems/],
    "json-syntax": ["module.json:10: not valid JSON: a comma before the closing ] (JSON allows no trailing comma)"],
    "malformed-declaration": [/^module\.json:16: flags\.clockwork\.weaponGroups\.icePicks\.kind: "thrown" is not a weapon group kind \(melee, ranged, other\)\.$/],
    "label-without-english": [/^module\.json:16: flags\.clockwork\.damageTypes\.frost\.label: A label given as texts per language needs an English text \("en"\)\.$/],
    "system-key-clash": [/^module\.json:16: flags\.clockwork\.damageTypes\.energy: "energy" already exists in damageTypes/],
    "declaration-file": [
      /^declaration\.json:5: damageTypes\.Sleet: "Sleet" is not a valid key: start with a lowercase letter/,
      /^module\.json:13: flags\.clockwork\.declaration: The declaration is in a separate file \(declaration\.json\): the system reads only a declaration written inline/,
    ],
    "missing-label-key": [/^module\.json:16: flags\.clockwork\.weaponGroups\.icePicks\.label: "FROSTLANDS\.WeaponGroup\.icePicks" is a localization key that neither its English language file nor ClockWork's provides/],
  };

  it("covers every bad fixture here", () => {
    expect(Object.keys(expected).sort()).toEqual(bad);
  });

  for (const [fixture, lines] of Object.entries(expected)) {
    it(`${fixture}: names the file, the line and the problem, and nothing else`, () => {
      const found = at(fixture) ?? [];
      expect(found).toHaveLength(lines.length);
      lines.forEach((line, index) => (typeof line === "string" ? expect(found[index]).toBe(line) : expect(found[index]).toMatch(line)));
    });
  }
});

describe("setting:check on compiled packs", () => {
  it("passes the good module compiled into LevelDB", () => {
    expect(all.stdout).toMatch(/good-compiled: module "frostlands-fixture": 3 documents in 3 packs valid/);
  });

  it("names the compiled pack and the document's name and id", () => {
    const section = [...problems].find(([folder]) => folder.endsWith("unknown-weapon-group-compiled"));
    expect(section?.[1]).toEqual([expect.stringMatching(/^packs\/weapons \(compiled\): Ice Pick \[Oxv4zJZ7YP6JsRHV\]: system\.group: "icePicks" is not one of: axe, /)]);
  });
});

describe("setting:check on this repository (what npm run build runs)", () => {
  it("passes every pack of system.json", () => {
    expect(all.stdout).toMatch(/^\.: system "clockwork": \d{3,} documents in \d+ packs valid against ClockWork's data models\.$/m);
    expect([...problems.keys()].filter((folder) => !folder.startsWith("tests/fixtures/") && !folder.includes("-compiled"))).toEqual([]);
  });
});

describe("setting:check's usage", () => {
  it("prints its usage with --help (exit code 0) and refuses no folder or a missing one (exit code 2)", () => {
    const help = spawnSync(process.execPath, [script, "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run setting:check -- <folder>/);
    const none = spawnSync(process.execPath, [script], { encoding: "utf8" });
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^Usage:/);
    const missing = spawnSync(process.execPath, [script, join(scratch, "nowhere")], { encoding: "utf8" });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^No folder at .*nowhere\.$/m);
  }, 20_000); // three node processes, one after the other, on a busy machine
});
