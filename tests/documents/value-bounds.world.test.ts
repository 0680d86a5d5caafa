/**
 * Typed values with a bound (issue 20): a barrier above what one Barrier spell gives and currency
 * above the ceiling are refused on every write path with a message in words, and nothing
 * changes; old data above the bounds is brought down by the 0.3.0 migration step.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { migrateActorSource } from "../../src/migrations/steps";
import { MAX_BARRIER } from "../../src/rules/health-bounds";
import { MAX_CURRENCY } from "../../src/rules";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let adaId: string;

interface ActorDoc { system: { health: { barrier: number }; currency: number }; update(changes: object): Promise<unknown> }
const ada = (client: WorldClient) => client.game.actors.get(adaId) as unknown as ActorDoc;
const errors = (client: WorldClient) => client.notifications.filter((n) => n.type === "error").map((n) => n.message);

// A world with the system booted on three clients takes seconds under a shared machine's load.
beforeEach(async () => {
  world = await createWorld({ packs: false });
  gm = world.gm;
  alice = world.player("Alice");
  [adaId] = await world.seed("Actor", [{ name: "Ada", type: "character" }], { ownership: { [alice.userId]: 3 } });
  await world.settle();
}, 60_000);

describe("barrier and currency bounds", () => {
  it("are what the rules give: 24 barrier points, 1,000,000 currency", () => {
    expect(MAX_BARRIER).toBe(24);
    expect(MAX_CURRENCY).toBe(1_000_000);
  });

  it("a barrier of 99 from the owner (play mode's box) is refused in words; 24 is kept", async () => {
    await world.as(alice, () => ada(alice).update({ system: { health: { barrier: 99 } } }));
    await world.settle();
    expect(ada(gm).system.health.barrier).toBe(0);
    expect(errors(alice)).toEqual(["Ada: a barrier of 99 is more than one Barrier spell can give (at most 24); nothing was changed."]);
    await world.as(alice, () => ada(alice).update({ system: { health: { barrier: 24 } } }));
    await world.settle();
    expect(ada(gm).system.health.barrier).toBe(24);
  });

  it("currency 1e9 is refused for the GM too; the stored amount stays", async () => {
    await world.as(gm, () => ada(gm).update({ system: { currency: 1e9 } }));
    await world.settle();
    expect(ada(gm).system.currency).toBe(2000);
    expect(errors(gm)).toEqual(["Ada: 1000000000 currency is more than a character can hold (at most 1000000); nothing was changed."]);
  });

  it("a create or import past the bound is read as old data: brought down to the bound", async () => {
    const created = await world.as(gm, () => (gm.game.actors as unknown as { documentClass: { create(d: object): Promise<{ id: string }> } }).documentClass.create({ name: "Rich", type: "character", system: { currency: 1e9, health: { barrier: 99 } } }));
    await world.settle();
    const rich = gm.game.actors.get(created.id) as unknown as ActorDoc;
    expect([rich.system.currency, rich.system.health.barrier]).toEqual([1_000_000, 24]);
  });
});

describe("the 0.3.0 migration step", () => {
  it("brings an old barrier 99 and currency 1e9 down to the bounds, and leaves good values alone", () => {
    const old = { type: "character", system: { skills: { stamina: { rank: 8 } }, health: { hits: 0, wounds: 0, vitalsLost: 0, barrier: 99 }, currency: 1e9 } };
    expect(migrateActorSource(old)).toBe(true);
    expect(old.system.health.barrier).toBe(24);
    expect(old.system.currency).toBe(1_000_000);
    expect(migrateActorSource(old)).toBe(false);
  });

  it("reads an old stored actor in range (migrated as it is read)", async () => {
    const [id] = await world.seed("Actor", [{ name: "Old", type: "npc", system: { health: { barrier: 99 }, currency: 5e9 } }]).catch(() => [""]);
    expect(id).not.toBe("");
    const old = gm.game.actors.get(id) as unknown as ActorDoc;
    expect(old.system.health.barrier).toBe(24);
    expect(old.system.currency).toBe(1_000_000);
  });
});
