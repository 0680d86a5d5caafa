import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { chanceOfGains, gainDistribution } from "../../../src/rules";
import { applyDialogForm, buildRollDialogContext, oddsVisibleTo, requestOdds } from "../../../src/dice/context/roll-dialog";
import { buildPool } from "../../../src/dice/pool";
import { DIFFICULTY_CHOICES } from "../../../src/dice/types";
import { request } from "../requests";

const context = (overrides = {}, extra: { oddsVisibility?: "all" | "gm" | "none"; isGM?: boolean } = {}) =>
  buildRollDialogContext({ request: request(overrides), oddsVisibility: extra.oddsVisibility ?? "all", isGM: extra.isGM ?? false });

describe("roll dialog odds", () => {
  it("shows exactly the core's chanceOfGains for every pool, rank and difficulty", () => {
    fc.assert(fc.property(
      fc.integer({ min: 5, max: 10 }), fc.integer({ min: 4, max: 12 }), fc.integer({ min: -6, max: 4 }),
      fc.constantFrom("simple", "easy", "normal", "hard", "difficult", "extreme"), fc.boolean(), fc.integer({ min: 0, max: 6 }),
      (attribute, rank, situational, difficulty, hexed, vitals) => {
        const r = request({ attributeDice: attribute, threshold: rank, situational, difficulty, hexed, vitalsRemaining: vitals });
        const ctx = buildRollDialogContext({ request: r, oddsVisibility: "all", isGM: false });
        const dice = buildPool(r).dice;
        expect(ctx.odds.chance).toBe(chanceOfGains(dice, rank, ctx.odds.needed ?? -1, { hexed }));
      },
    ), { numRuns: 200 });
  });

  it("charts the core's gain distribution, marking the bars that succeed", () => {
    const ctx = context({ attributeDice: 6, threshold: 8, difficulty: "normal" });
    const distribution = gainDistribution(6, 8);
    expect(ctx.odds.bars.map((b) => b.probability)).toEqual(distribution.slice(0, ctx.odds.bars.length));
    expect(ctx.odds.bars.filter((b) => b.meets).map((b) => b.gains)).toEqual(ctx.odds.bars.map((b) => b.gains).filter((g) => g >= 3));
    expect(Math.max(...ctx.odds.bars.map((b) => b.height))).toBe(100);
    // Bars left off at the top are below 0.05 % each.
    for (const p of distribution.slice(ctx.odds.bars.length)) expect(p).toBeLessThan(0.0005);
    expect(ctx.odds.chanceText).toMatch(/^\d+\.\d%$/);
  });

  it("keeps the bar of the needed gains even when it is unlikely", () => {
    const ctx = context({ attributeDice: 5, threshold: 12, difficulty: "custom", customDifficulty: 10 });
    expect(ctx.odds.bars.at(-1)?.gains).toBe(10);
    expect(ctx.odds.chanceText).toBe("<0.1%");
  });

  it("gives no chance for an opposed roll, and 0 for an empty pool", () => {
    const opposed = context({ difficulty: "opposed" });
    expect(opposed.odds.chance).toBeNull();
    expect(opposed.odds.mostLikely).toBe(gainDistribution(8, 7).indexOf(Math.max(...gainDistribution(8, 7))));
    const empty = context({ attributeDice: 5, situational: -5, difficulty: "simple" });
    expect(empty.pool.automaticFailure).toBe(true);
    expect(empty.odds.chance).toBe(0);
    expect(requestOdds(request({ attributeDice: 5, situational: -5, difficulty: "simple" })).chance).toBe(0);
  });

  it("follows the world setting: everyone, GM only, nobody", () => {
    expect(context({}, { oddsVisibility: "all" }).odds.show).toBe(true);
    expect(context({}, { oddsVisibility: "gm", isGM: false }).odds.show).toBe(false);
    expect(context({}, { oddsVisibility: "gm", isGM: true }).odds.show).toBe(true);
    expect(context({}, { oddsVisibility: "none", isGM: true }).odds.show).toBe(false);
    expect(context({}, { oddsVisibility: "none", isGM: true }).odds.bars).toEqual([]);
    expect(oddsVisibleTo("gm", true)).toBe(true);
  });
});

describe("roll dialog choices", () => {
  it("offers every difficulty with the gains of table 1.19, and the foci of the skill", () => {
    const ctx = context({ difficulty: "hard", foci: [{ id: "a", name: "Mauler" }], focusId: "a" });
    expect(ctx.difficulty.options.map((o) => o.value)).toEqual([...DIFFICULTY_CHOICES]);
    expect(ctx.difficulty.options.find((o) => o.selected)?.value).toBe("hard");
    expect(ctx.difficulty.options.find((o) => o.value === "extreme")?.gains).toBe(6);
    expect(ctx.foci.available).toBe(true);
    expect(ctx.foci.options.map((o) => [o.value, o.label, o.selected])).toEqual([["a", "Mauler", true]]);
    expect(ctx.foci.noneSelected).toBe(false);
    expect(ctx.pool.parts.map((p) => [p.label, p.value])).toEqual([["CLOCKWORK.Attribute.body", "8"], ["CLOCKWORK.Roll.Part.focus", "+1"]]);
  });

  it("shows the custom number only for custom difficulties and defenses", () => {
    expect(context({ difficulty: "normal" }).difficulty.showCustom).toBe(false);
    expect(context({ difficulty: "custom", customDifficulty: 5 }).difficulty).toMatchObject({ showCustom: true, custom: 5 });
    expect(context({ difficulty: "defense" }).difficulty.showCustom).toBe(true);
  });

  it("applies a submitted form, keeping the request when a value is unusable", () => {
    const start = request({ foci: [{ id: "a", name: "Mauler" }] });
    const next = applyDialogForm(start, { focusId: "a", situational: "-2", difficulty: "custom", customDifficulty: "7", rollMode: "blindroll" });
    expect(next).toMatchObject({ focusId: "a", situational: -2, difficulty: "custom", customDifficulty: 7, rollMode: "blindroll" });
    const kept = applyDialogForm(next, { focusId: "stolen", situational: "2.5", difficulty: "tricky", customDifficulty: "", rollMode: "loud" });
    expect(kept).toEqual(next);
    expect(applyDialogForm(start, { situational: 40 }).situational).toBe(12);
    expect(applyDialogForm(next, { focusId: "" }).focusId).toBe("");
  });
});
