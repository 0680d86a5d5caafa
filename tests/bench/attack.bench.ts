/**
 * The attack dialog's work per change (issue 10): for 10 targets, read each target from its
 * actor, compute the exact chance to hit and expected damage against its resistance, the cost,
 * and build the dialog's context. Target: < 2 ms. A second case re-renders after a change of
 * cover on one target (the dialog recomputes everything).
 */
import { bench, describe } from "vitest";
import { defaultDeclaration } from "../../src/combat/attack/source";
import { ada, attackDialog as dialog, rifle } from "./attack-dialog-case";

describe("attack dialog", () => {
  bench("10 targets: odds, expected damage, cost and context (single shots, head)", () => {
    dialog({ ...defaultDeclaration(ada, rifle, "publicroll"), calledShot: "head" });
  });
  bench("10 targets: autofire (one pool for all)", () => {
    dialog({ ...defaultDeclaration(ada, rifle, "publicroll"), mode: "autofire" });
  });
});
