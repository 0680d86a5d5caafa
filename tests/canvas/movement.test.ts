/**
 * The pricing of a token's move (src/canvas/movement.ts `quoteMove`): property tests that a move
 * is never charged more than its cheapest plan and never goes farther than the counters pay.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { actionBlocks, bandColors, quoteBands, quoteMove, type MovingToken } from "../../src/canvas/movement";
import { BAND_COLORS, pathBands } from "../../src/canvas/ruler";
import { pathSpaces } from "../../src/rules";

/** The cheapest cost by brute force: k long moves (2 counters, up to `length` spaces each) and steps (1 a space). */
function cheapest(spaces: number, length: number, canLong: boolean, canStep: boolean, stunned: boolean): number | null {
  let best: number | null = null;
  const maxLong = canLong && length > 0 ? Math.ceil(spaces / length) : 0;
  for (let k = 0; k <= maxLong; k++) {
    const rest = Math.max(0, spaces - k * length);
    if (rest > 0 && !canStep) continue;
    const cost = 2 * k + rest;
    if (best === null || cost < best) best = cost;
  }
  return best === null ? null : best * (stunned ? 2 : 1);
}

function mover(o: { walk: number; run: number; available: number; statuses: string[]; encumbrance: "none" | "encumbered" | "step-only" }): MovingToken {
  const combatant = { id: "c1", uuid: "Combat.x.Combatant.c1", parent: { started: true, combatant: { id: "c1" } }, system: { counters: { available: o.available, reserved: 0, hadTurn: true, passed: false } } };
  return { actor: { name: "Ada", statuses: new Set(o.statuses), system: { movement: { walk: o.walk, run: o.run }, encumbrance: o.encumbrance }, items: [] }, combatant };
}

/** The ruler's blocks for the same creature (its statuses and encumbrance, walking). */
function actionBlocksOf(statuses: string[], encumbrance: string) {
  return actionBlocks({ actor: { statuses: new Set(statuses), system: { encumbrance: encumbrance as never }, items: [] } }, "walk");
}

describe("quoteMove", () => {
  it("a move never charges more than its cheapest plan, and never lets a creature move farther than its counters pay", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 12 }),
      fc.subarray(["stunned", "chilled", "prone", "legDisabled"]), fc.constantFrom("none", "encumbered", "step-only"), fc.constantFrom("walk", "step", "swim"),
      (spaces, walk, extraRun, available, statuses, encumbrance, action) => {
        const run = walk + extraRun;
        const token = mover({ walk, run, available, statuses, encumbrance: encumbrance as never });
        const quote = quoteMove(token, spaces, { isGM: false, chargeGM: false, action });
        const stunned = statuses.includes("stunned");
        if (quote.problem === null) {
          // Allowed: paid within the counters, and no dearer than the cheapest way to cover the spaces.
          expect(quote.charged).toBe(true);
          expect(quote.cost).toBeLessThanOrEqual(available);
          const prone = statuses.includes("prone");
          const noRun = prone || statuses.includes("chilled") || statuses.includes("legDisabled") || encumbrance !== "none" || action !== "walk";
          const noWalk = prone || encumbrance === "step-only" || action === "step";
          const length = noRun ? walk : run;
          const best = prone ? spaces * (stunned ? 2 : 1) : cheapest(spaces, length, !(noRun && noWalk), true, stunned);
          expect(best).not.toBeNull();
          expect(quote.cost).toBeLessThanOrEqual(best!);
        } else if (quote.plan && !quote.plan.blocked) {
          // Refused for counters: the plan costs more than is left.
          expect(quote.plan.cost).toBeGreaterThan(available);
        }
      },
    ), { numRuns: 500 });
  });

  it("charges nothing out of combat, for a GM (by default), for a displacement or an undo", () => {
    const token = mover({ walk: 4, run: 8, available: 0, statuses: [], encumbrance: "none" });
    expect(quoteMove({ ...token, combatant: null }, 10, { isGM: false, chargeGM: false }).charged).toBe(false);
    expect(quoteMove(token, 10, { isGM: true, chargeGM: false }).charged).toBe(false);
    expect(quoteMove(token, 10, { isGM: true, chargeGM: true }).problem?.key).toBe("CLOCKWORK.Combat.Move.TooFar");
    expect(quoteMove(token, 10, { isGM: false, chargeGM: false, action: "displace" }).charged).toBe(false);
    expect(quoteMove(token, 10, { isGM: false, chargeGM: false, method: "undo" }).charged).toBe(false);
  });

  it("counts a diagonal step as 2 spaces (§4.8)", () => {
    expect(pathSpaces([{ i: 0, j: 0 }, { i: 3, j: 3 }])).toBe(6);
    expect(pathSpaces([{ i: 0, j: 0 }, { i: 0, j: 3 }, { i: 1, j: 4 }])).toBe(5);
  });

  it("a preview's bands are the ruler's: the same mode per space, 'over' past the counters, 'blocked' when it may not move", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 12 }),
      fc.subarray(["stunned", "chilled", "prone", "petrified"]), fc.constantFrom("none", "encumbered", "step-only"),
      (spaces, walk, extraRun, available, statuses, encumbrance) => {
        const run = walk + extraRun;
        const token = mover({ walk, run, available, statuses, encumbrance: encumbrance as never });
        const bands = quoteBands(quoteMove(token, spaces, { isGM: false, chargeGM: false, action: "walk" }));
        expect(bands).toHaveLength(spaces);
        const counters = { available, reserved: 0, hadTurn: true, passed: false };
        const ruler = pathBands(spaces, { speeds: { run, walk }, counters, blocks: actionBlocksOf(statuses, encumbrance), stunned: statuses.includes("stunned") });
        expect(bands).toEqual(ruler);
      },
    ), { numRuns: 300 });
  });

  it("a move that is not charged has no bands; one off its creature's turn is 'blocked' throughout", () => {
    const token = mover({ walk: 4, run: 8, available: 6, statuses: [], encumbrance: "none" });
    expect(quoteBands(quoteMove(token, 5, { isGM: true, chargeGM: false }))).toEqual([]);
    const offTurn = { ...token, combatant: { ...token.combatant!, parent: { started: true, combatant: { id: "other" } } } };
    expect(quoteBands(quoteMove(offTurn, 3, { isGM: false, chargeGM: false }))).toEqual(["blocked", "blocked", "blocked"]);
  });

  it("names the ruler's colours as CSS for a map view's legend", () => {
    expect(bandColors()).toEqual({ run: "#2e8b57", walk: "#3a86c8", step: "#d8a21b", crawl: "#c7702a", over: "#c0392b", blocked: "#7f1d1d" });
    expect(Object.keys(bandColors()).sort()).toEqual(Object.keys(BAND_COLORS).sort());
  });
});
