/**
 * The party is a new actor type (issue 32): no source of it predates this version, so the actor
 * migration must leave a party's source as it is (its steps are written for creatures).
 */
import { describe, expect, it } from "vitest";
import { migrateActorSource } from "../../src/migrations/steps";

describe("a party's source through the actor migration", () => {
  it("comes out unchanged and unmarked, items and members included", () => {
    const source = {
      _id: "migPartyActor001", name: "The Company", type: "party",
      system: { members: ["Actor.migAdaCharacter1", "Actor.migGone00000001"], currency: 12, description: "<p>Debts: many.</p>" },
      items: [{ _id: "migPartyRope0001", name: "Rope", type: "equipment", system: { quantity: 3, container: "backpack" } }],
    };
    const before = structuredClone(source);
    const marked: unknown[] = [];
    expect(migrateActorSource(source, (doc) => marked.push(doc))).toBe(false);
    expect(source).toEqual(before);
    expect(marked).toEqual([]);
  });
});
