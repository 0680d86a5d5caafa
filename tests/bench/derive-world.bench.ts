/**
 * Issue 9, item 6: deriving a 1000-actor world (500 characters with 33 items, 500 NPCs with 7)
 * with the current derivation against the one before issue 9 (tests/bench/baseline/), in the
 * same run. "prepareCreature" is what each actor's `prepareDerivedData` runs (item snapshots,
 * derivation, merge onto `system`); "deriveActorData" is the pure derivation alone.
 */
import { bench, describe } from "vitest";
import { deriveActorData, type CreatureSource, type ItemInput } from "../../src/data/actor/derive";
import { itemInputs, prepareCreature } from "../../src/data/actor/prepare";
import { deriveActorData as deriveBaseline } from "./baseline/derive-v0";
import { prepareCreature as prepareBaseline } from "./baseline/prepare-v0";
import { actorLike, tableWorld } from "./world-fixture";

const world = tableWorld();
const actors = world.map((actor) => ({
  kind: actor.type,
  like: actorLike(actor),
  source: actor.system as unknown as CreatureSource,
  // Separate system objects per version, since preparing merges derived values into them.
  current: structuredClone(actor.system) as object,
  baseline: structuredClone(actor.system) as object,
}));
const inputs: ItemInput[][] = actors.map((a) => itemInputs(a.like));
// Longer runs than the default: the machine is shared, and the ratio is what counts.
const options = { time: 3000, warmupTime: 500 };

describe("1000-actor world: prepareCreature (what prepareDerivedData runs)", () => {
  bench("current", () => {
    for (const a of actors) prepareCreature(a.current, a.like, { kind: a.kind });
  }, options);
  bench("before issue 9", () => {
    for (const a of actors) prepareBaseline(a.baseline, a.like, { kind: a.kind });
  }, options);
});

describe("1000-actor world: deriveActorData (pure)", () => {
  bench("current", () => {
    for (let i = 0; i < actors.length; i++) deriveActorData(actors[i].source, inputs[i], { kind: actors[i].kind });
  }, options);
  bench("before issue 9", () => {
    for (let i = 0; i < actors.length; i++) deriveBaseline(actors[i].source as never, inputs[i] as never, { kind: actors[i].kind });
  }, options);
});
