import { describe, expect, it } from "vitest";
// The test world first: the redirect module reaches Foundry's Roll class through the workflow.
import "../../world";
import { chosenCandidate } from "../../../src/combat/attack/redirect";

describe("the Redirect dialog's answer", () => {
  const candidates = ["Grusha", "Minion"];

  it("names a candidate by its button's index", () => {
    expect(chosenCandidate("0", candidates)).toBe("Grusha");
    expect(chosenCandidate("1", candidates)).toBe("Minion");
  });

  it("closing the dialog redirects to nobody (not to the first creature)", () => {
    expect(chosenCandidate(null, candidates)).toBeNull();
    expect(chosenCandidate(undefined, candidates)).toBeNull();
  });

  it("an answer that names no candidate redirects to nobody", () => {
    expect(chosenCandidate("7", candidates)).toBeNull();
    expect(chosenCandidate("x", candidates)).toBeNull();
  });
});
