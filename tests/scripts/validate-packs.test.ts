/**
 * The build refuses bad content (issue 9): scripts/validate-packs.mjs, which `npm run build`
 * runs first, validates every compendium source against the registered data models. Here it
 * runs on a temporary copy of the spells pack with one document broken and one file that is
 * not valid YAML: it fails, naming the file, the field and the reason for each, and nothing else.
 * A YAML boolean where a string is expected fails too (issue 19): a weapon's bare `hands: off`
 * (a boolean to YAML 1.1 readers) and a `pair: false` its string field would turn into text.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const copy = mkdtempSync(join(tmpdir(), "clockwork-packs-"));
const sources = join(copy, "_source");
cpSync(join(root, "packs", "_source", "spells"), join(sources, "spells"), { recursive: true });

const fireball = join(sources, "spells", "elemental", "fire", "fireball.yml");
writeFileSync(fireball, readFileSync(fireball, "utf8").replace(/^ {2}level: 4$/m, "  level: 7").replace(/^ {2}school: fire$/m, "  school: pyromancy"));
writeFileSync(join(sources, "spells", "mangled.yml"), "name: Mangled\n  _key: [unclosed\n");
const dagger = join(sources, "weapons", "dagger.yml");
cpSync(join(root, "packs", "_source", "weapons", "melee", "dagger.yml"), dagger);
writeFileSync(dagger, readFileSync(dagger, "utf8").replace(/^( +)hands: "off"$/m, "$1hands: off"));
const icicle = join(sources, "spells", "elemental", "water", "icicle.yml");
writeFileSync(icicle, readFileSync(icicle, "utf8").replace(/^ {2}pair: ""$/m, "  pair: false"));

afterAll(() => rmSync(copy, { recursive: true, force: true }));

function run(dir: string) {
  return spawnSync(process.execPath, [join(root, "scripts", "validate-packs.mjs"), dir], { cwd: root, encoding: "utf8", timeout: 120_000 });
}

describe("validate-packs", () => {
  it("fails on the broken copy with file, field and reason, and flags nothing else", () => {
    const result = run(sources);
    expect(result.status).toBe(1);
    const lines = result.stderr.split("\n").filter((line) => line.startsWith("  "));
    expect(lines).toHaveLength(5);
    expect(lines).toEqual(expect.arrayContaining([
      expect.stringMatching(/^ {2}_source\/spells\/elemental\/fire\/fireball\.yml: system\.level: 7 is outside the allowed range 1–4\.$/),
      expect.stringMatching(/^ {2}_source\/spells\/elemental\/fire\/fireball\.yml: system\.school: "pyromancy" is not one of: fate, /),
      expect.stringMatching(/^ {2}_source\/spells\/mangled\.yml: YAML: .+ at line 1, column 7/),
      " _source/weapons/dagger.yml: system.hands: a bare word a YAML 1.1 reader takes for a boolean; quote it as a string".replace(/^/, " "),
      " _source/spells/elemental/water/icicle.yml: system.pair: a boolean where a string is expected".replace(/^/, " "),
    ]));
  }, 120_000);

  it("passes the real sources", () => {
    const result = run(join(root, "packs", "_source"));
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Compendium sources: \d{3,} documents valid against the system's data models\.$/m);
  }, 120_000);
});
