/**
 * Issue 9, item 6: deriving a 1000-actor world (500 characters with 33 items, 500 NPCs with 7)
 * with the current derivation against the one before issue 9 (tests/bench/baseline/), in the
 * same run. "prepareCreature" is what each actor's `prepareDerivedData` runs (item snapshots,
 * derivation, merge onto `system`); "deriveActorData" is the pure derivation alone.
 */
import { afterAll, bench, describe } from "vitest";
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

// On a shared machine the two benches above run minutes apart under different load; this one
// alternates the two versions within each iteration and reports the median of the ratios.
const ratios: { prepare: number[]; derive: number[] } = { prepare: [], derive: [] };
const timed = (fn: () => void): number => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

describe("1000-actor world: interleaved ratio (before ÷ current)", () => {
  bench("both versions, alternating", () => {
    const before = timed(() => actors.forEach((a) => prepareBaseline(a.baseline, a.like, { kind: a.kind })));
    const current = timed(() => actors.forEach((a) => prepareCreature(a.current, a.like, { kind: a.kind })));
    ratios.prepare.push(before / current);
    const pureBefore = timed(() => actors.forEach((a, i) => deriveBaseline(a.source as never, inputs[i] as never, { kind: a.kind })));
    const pureCurrent = timed(() => actors.forEach((a, i) => deriveActorData(a.source, inputs[i], { kind: a.kind })));
    ratios.derive.push(pureBefore / pureCurrent);
  }, options);
});

afterAll(() => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
  console.info(`1000-actor world, median speed-up over ${ratios.prepare.length} alternating runs: prepareCreature ${median(ratios.prepare).toFixed(2)}x, deriveActorData ${median(ratios.derive).toFixed(2)}x`);
});
