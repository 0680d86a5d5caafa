/**
 * Every behaviour tests/world/README.md lists as modelled has a contract check, and every check
 * names one of those behaviours (issue 30's acceptance): the table's rows are read from the
 * README, each row's behaviour being its first bold text.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTRACT_CHECKS } from "../../../src/selftest/contracts";

const README = readFileSync(new URL("../../world/README.md", import.meta.url), "utf8");

/** The first cell of each row of the "What it models" table. */
function rows(): string[] {
  const section = README.split(/^## What it models.*$/m)[1]?.split(/^## /m)[0] ?? "";
  return section.split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*-/.test(line) && !/^\|\s*behaviour\s*\|/.test(line))
    .map((line) => line.split(" | ")[0]!);
}

function behaviours(): string[] {
  return rows().map((cell) => /\*\*(.+?)\*\*/.exec(cell)?.[1] ?? `(no bold name) ${cell.slice(0, 60)}`);
}

describe("the contract suite covers the test world's modelled behaviours", () => {
  it("reads the table: every row names its behaviour in bold", () => {
    expect(behaviours().length).toBeGreaterThanOrEqual(26);
    expect(behaviours().filter((b) => b.startsWith("(no bold name)"))).toEqual([]);
  });

  it("has at least one check for every row", () => {
    const covered = new Set(CONTRACT_CHECKS.map((c) => c.behaviour));
    expect(behaviours().filter((b) => !covered.has(b))).toEqual([]);
  });

  it("names only behaviours that are rows", () => {
    const known = new Set(behaviours());
    expect(CONTRACT_CHECKS.filter((c) => !known.has(c.behaviour)).map((c) => `${c.id}: ${c.behaviour}`)).toEqual([]);
  });

  it("gives every check a unique id of its behaviour's kind, a title and a source", () => {
    const ids = CONTRACT_CHECKS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of CONTRACT_CHECKS) {
      expect(check.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(check.title.length).toBeGreaterThan(10);
      expect(check.source).toMatch(/\.mjs|API|foundryvtt|dnd5e/);
    }
  });
});
