/**
 * The faster derivation (issue 9, item 6) gives exactly what the derivation before it gave, for
 * every actor of the 1000-actor bench world, both as the pure function and as prepared onto
 * `system`.
 */
import { describe, expect, it } from "vitest";
import { deriveActorData, type CreatureSource } from "../../../src/data/actor/derive";
import { itemInputs, prepareCreature } from "../../../src/data/actor/prepare";
import { deriveActorData as deriveBaseline } from "../../bench/baseline/derive-v0";
import { prepareCreature as prepareBaseline } from "../../bench/baseline/prepare-v0";
import { actorLike, tableWorld } from "../../bench/world-fixture";

const world = tableWorld(60, 60);

/** The baseline predates the armor-burden warning (issue 33, tested in derive.test.ts): compare the rest. */
function withoutBurden<T extends object>(system: T): Omit<T, "armorBurden"> {
  const { armorBurden: _burden, ...rest } = system as T & { armorBurden?: unknown };
  return rest;
}

describe("derivation before and after the speed-up", () => {
  it("derives the same data for every actor of a varied world", () => {
    for (const actor of world) {
      const inputs = itemInputs(actorLike(actor));
      const options = { kind: actor.type };
      const current = deriveActorData(actor.system as unknown as CreatureSource, inputs, options);
      const before = deriveBaseline(actor.system as never, inputs as never, options);
      expect(withoutBurden(current), actor.name).toEqual(before);
    }
  });

  it("prepares the same system data, twice in a row (re-preparing changes nothing)", () => {
    for (const actor of world) {
      const current = structuredClone(actor.system) as object;
      const before = structuredClone(actor.system) as object;
      for (let pass = 0; pass < 2; pass++) {
        prepareCreature(current, actorLike(actor), { kind: actor.type });
        prepareBaseline(before, actorLike(actor) as never, { kind: actor.type });
        expect(withoutBurden(current), `${actor.name}, pass ${pass + 1}`).toEqual(before);
      }
    }
  });

  it("has teeth: a changed rank changes the derivation", () => {
    const actor = world[0];
    const changed = structuredClone(actor.system);
    changed.skills.agility.rank = changed.skills.agility.rank === 4 ? 12 : 4;
    const inputs = itemInputs(actorLike(actor));
    expect(deriveActorData(changed as unknown as CreatureSource, inputs, { kind: "character" }))
      .not.toEqual(deriveBaseline(actor.system as never, inputs as never, { kind: "character" }));
  });
});
