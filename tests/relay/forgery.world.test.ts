/// <reference types="vite/client" />
/**
 * Every query the system registers and every relay kind has forgery cases (issue 18 item 7): a
 * new query or kind without them fails here. The cases live beside the code's tests in
 * `tests/relay/forgery/*.cases.ts` and each file's world test runs them with `expectRefused`.
 */
import { describe, expect, it } from "vitest";
import { createWorld } from "../world";
import { RELAY_QUERY, relayKindNames } from "../../src/relay";
import type { ForgeryCase, ForgeryKind } from "./forgery/case";

const files = import.meta.glob<Record<string, unknown>>("./forgery/*.cases.ts", { eager: true });

function allCases(): ForgeryCase<unknown>[] {
  const cases: ForgeryCase<unknown>[] = [];
  for (const module of Object.values(files)) {
    for (const value of Object.values(module)) {
      if (Array.isArray(value) && value.every((c) => c && typeof c === "object" && "query" in c && "forgery" in c && "build" in c)) cases.push(...(value as ForgeryCase<unknown>[]));
    }
  }
  return cases;
}

/** What every query (and every relay kind) must be tried with at least. */
const REQUIRED: readonly ForgeryKind[] = ["claimed-gm", "claimed-player"];

describe("the forgery suite covers everything a player can send", () => {
  it("has cases for every registered query and relay kind", async () => {
    const world = await createWorld({ packs: false });
    const queries = world.gm.run(() => Object.keys((globalThis as unknown as { CONFIG: { queries: Record<string, unknown> } }).CONFIG.queries)).filter((name) => name.startsWith("clockwork."));
    const kinds = relayKindNames().filter((name) => !name.startsWith("test."));
    const cases = allCases();
    expect(queries.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const query of queries) {
      if (query === RELAY_QUERY) continue;
      const mine = cases.filter((c) => c.query === query);
      for (const forgery of REQUIRED) if (!mine.some((c) => c.forgery === forgery)) missing.push(`${query}: ${forgery}`);
    }
    for (const kind of kinds) {
      const mine = cases.filter((c) => c.query === RELAY_QUERY && c.kind === kind);
      for (const forgery of [...REQUIRED, "no-cause", "not-author"] as ForgeryKind[]) if (!mine.some((c) => c.forgery === forgery)) missing.push(`${RELAY_QUERY} ${kind}: ${forgery}`);
    }
    expect(missing, "queries or relay kinds without forgery cases").toEqual([]);
  }, 20_000);
});
