/**
 * The roll dialog's parts: a change re-renders only the parts it alters (the controls and the
 * roll button stay put), and the gain distribution is computed once per pool.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as rules from "../../../src/rules";
import {
  applyDialogForm, buildRollDialogContext, changedRollDialogParts, rollDialogPartKeys,
} from "../../../src/dice/context/roll-dialog";
import type { GainRollRequest } from "../../../src/dice/pool";
import { request } from "../requests";

vi.mock("../../../src/rules", async (importOriginal) => {
  const actual = await importOriginal<typeof rules>();
  return { ...actual, gainDistribution: vi.fn(actual.gainDistribution), chanceOfGains: vi.fn(actual.chanceOfGains) };
});

const keys = (r: GainRollRequest) => rollDialogPartKeys(buildRollDialogContext({ request: r, oddsVisibility: "all", isGM: false }));

function partsChangedBy(start: GainRollRequest, form: Record<string, unknown>): string[] {
  return changedRollDialogParts(keys(start), keys(applyDialogForm(start, form)));
}

beforeEach(() => {
  vi.mocked(rules.gainDistribution).mockClear();
});

describe("roll dialog parts", () => {
  const start = request({ foci: [{ id: "f1", name: "Mauler" }], difficulty: "normal" });

  it("re-renders the pool and the odds for situational dice or a focus, never the controls or the button", () => {
    expect(partsChangedBy(start, { situational: "2" })).toEqual(["pool", "odds"]);
    expect(partsChangedBy(start, { focusId: "f1" })).toEqual(["pool", "odds"]);
  });

  it("re-renders only the odds for a new difficulty, and nothing for a new roll mode", () => {
    expect(partsChangedBy(start, { difficulty: "hard" })).toEqual(["odds"]);
    expect(partsChangedBy(start, { rollMode: "gmroll" })).toEqual([]);
  });

  it("re-renders the controls when one appears: the gains box of a custom difficulty", () => {
    expect(partsChangedBy(start, { difficulty: "custom" })).toEqual(["choices", "odds"]);
  });

  it("computes the distribution once per pool, and never the chance separately", () => {
    const a = request({ attributeDice: 9, threshold: 6, difficulty: "normal" });
    buildRollDialogContext({ request: a, oddsVisibility: "all", isGM: false });
    expect(rules.gainDistribution).toHaveBeenCalledTimes(1);
    // Same pool, other difficulty or mode: no new computation.
    buildRollDialogContext({ request: applyDialogForm(a, { difficulty: "hard" }), oddsVisibility: "all", isGM: false });
    buildRollDialogContext({ request: applyDialogForm(a, { rollMode: "blindroll" }), oddsVisibility: "all", isGM: false });
    expect(rules.gainDistribution).toHaveBeenCalledTimes(1);
    buildRollDialogContext({ request: applyDialogForm(a, { situational: "1" }), oddsVisibility: "all", isGM: false });
    expect(rules.gainDistribution).toHaveBeenCalledTimes(2);
    expect(rules.chanceOfGains).not.toHaveBeenCalled();
  });
});
