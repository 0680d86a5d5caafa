import { describe, expect, it } from "vitest";
import { healthTrackOf, parseLedgerTag } from "../../src/relay";

describe("healthTrackOf", () => {
  it("reads the stored health with its derived grit and vitals, or null without a track", () => {
    expect(healthTrackOf({ health: { grit: 6, wounds: 1, hits: 2, vitalsMax: 6, vitalsLost: 1, barrier: 3, dying: false, dead: false } }))
      .toEqual({ grit: 6, wounds: 1, hits: 2, vitalsMax: 6, vitalsLost: 1, barrier: 3, dying: false, dead: false });
    expect(healthTrackOf({ health: { hits: 0 } })).toBeNull();
    expect(healthTrackOf(undefined)).toBeNull();
  });
});

describe("parseLedgerTag", () => {
  it("takes `<messageId>.<slot>` and nothing else (a tag becomes a flag path)", () => {
    expect(parseLedgerTag("abcDEF0123456789.Scene_x_Token_y")).toEqual({ message: "abcDEF0123456789", slot: "Scene_x_Token_y" });
    for (const bad of ["abc", "abc.", ".slot", "a.b.c", "a.-=b", "a b.c", 7, null, `${"x".repeat(33)}.s`]) expect(parseLedgerTag(bad)).toBeNull();
  });
});
