/**
 * The rules pack: a Conditions journal with one page per condition the system knows, whose
 * numbers agree with the rules core, and a concise Rules Reference.
 */
import { describe, expect, it } from "vitest";
import { createClockworkConfig } from "../../src/config";
import { CONDITION_TABLE, FROZEN_BECOMES } from "../../src/rules";
import { journals, type SourceDocument } from "./load-sources";

const journal = (name: string): SourceDocument => {
  const found = journals("rules").filter((j) => j.name === name);
  if (found.length !== 1) throw new Error(`${found.length} journals named ${name}`);
  return found[0];
};
const pages = (name: string): SourceDocument[] => journal(name).pages ?? [];
const pageKey = (page: SourceDocument): string => (page.flags as { clockwork?: { key?: string } } | undefined)?.clockwork?.key ?? "";
const content = (page: SourceDocument): string => (page.text as { content: string }).content;
/** The text of a page's "Effect:" or "Ends:" paragraph. */
const part = (page: SourceDocument, label: "Effect" | "Ends"): string =>
  new RegExp(`<strong>${label}:</strong>([^<]*(?:<(?!/p>)[^<]*)*)</p>`).exec(content(page))?.[1] ?? "";

describe("Conditions journal", () => {
  const conditions = pages("Conditions");
  const byKey = new Map(conditions.map((p) => [pageKey(p), p]));

  it("has a page for every condition and spell state of CONFIG.CLOCKWORK, and for Shock's Stun 1", () => {
    const configured = Object.keys(createClockworkConfig().conditions);
    expect([...byKey.keys()].sort()).toEqual([...configured, "stun1"].sort());
  });

  it("states the effect and how it ends on every page", () => {
    for (const page of conditions) {
      expect(page.type, page.name).toBe("text");
      expect(part(page, "Effect").trim().length, page.name).toBeGreaterThan(10);
      expect(part(page, "Ends").trim().length, page.name).toBeGreaterThan(5);
    }
  });

  it("agrees with the rules core on damage per tick and the Flat that ends it", () => {
    for (const [key, row] of Object.entries(CONDITION_TABLE)) {
      const page = byKey.get(key)!;
      expect(part(page, "Effect").includes(`${row.tickHits} unavoidable hits`), `${key} ticks ${row.tickHits}`).toBe(row.tickHits > 0);
      if (row.endFlat !== null) expect(part(page, "Ends"), key).toContain(`Flat ${row.endFlat}`);
      if (row.endsOnDamage) expect(part(page, "Ends"), key).toMatch(/damage/);
    }
    expect(part(byKey.get("frozen")!, "Ends")).toContain(`{${byKey.get(FROZEN_BECOMES)!.name}}`);
  });
});

describe("Rules Reference journal", () => {
  it("covers rolling, a combat turn, the health track and magic, in that order", () => {
    expect(pages("Rules Reference").map(pageKey).slice(0, 4)).toEqual(["rolling", "combat-turn", "health", "magic"]);
  });

  it("keeps its pages concise", () => {
    for (const page of pages("Rules Reference")) {
      const words = content(page).replace(/<[^>]+>/g, " ").split(/\s+/).filter(Boolean).length;
      expect(words, page.name).toBeGreaterThan(60);
      expect(words, page.name).toBeLessThan(450);
    }
  });
});
