/**
 * Alchemy items used from the belt in the multi-user world (issue 11 item 6): Bob's fighter uses
 * a Health Potion on himself, Anti-toxin and Soothing Gel on himself after Alice's Charm, and
 * drinks an Ironskin Potion whose hour ends with world time; refusals change nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { named } from "../packs/load-sources";
import { healHits } from "../../src/rules";
import { BRAM, GRUSHA, ILINDE, SPELL_IDS, actorUuid, combatantUuid, doc, flush, seedArena, setCounters } from "./world-fixtures";
import { startClock } from "./time";

interface ActorView {
  name: string;
  statuses: Set<string>;
  system: { health: { hits: number }; mana: { value: number } };
  effects: Iterable<{ name: string; statuses: Set<string>; flags: Record<string, Record<string, unknown>> }>;
  items: { get(id: string): { system: { quantity: number } } | undefined };
  castSpell(item: unknown, options?: object): Promise<unknown>;
  useAlchemy(item: unknown, options?: object): Promise<{ rolled: number; restored: number; removed: string[]; ended: string[]; paid: number } | null>;
  toggleStatusEffect(id: string, options?: object): Promise<unknown>;
}
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: { available: number } } }>(client, combatantUuid(id)).system.counters.available;

const ITEMS = { "Health Potion": "alchHealthPotio1", "Anti-toxin": "alchAntiToxin001", "Soothing Gel": "alchSoothingGel1", "Ironskin Potion": "alchIronskinPot1" } as const;

/** Three remedies on Bram's belt (its 3 slots, docs/rulings.md 50) and Ironskin in his backpack. */
async function giveBram(world: World, container = "belt"): Promise<void> {
  const items = Object.entries(ITEMS).map(([name, _id]) => {
    const source = named("alchemy", name);
    const where = name === "Ironskin Potion" ? "backpack" : container;
    return { _id, name: source.name, type: source.type, system: { ...structuredClone(source.system), quantity: 1, container: where }, flags: structuredClone(source.flags ?? {}) };
  });
  await world.as(world.gm, () => doc<{ createEmbeddedDocuments(n: string, d: object[], o: object): Promise<unknown> }>(world.gm, actorUuid(BRAM)).createEmbeddedDocuments("Item", items, { keepId: true }));
  await world.settle();
}

const use = (world: World, bob: WorldClient, name: keyof typeof ITEMS, options: object = {}) =>
  world.as(bob, () => actor(bob, BRAM).useAlchemy(actor(bob, BRAM).items.get(ITEMS[name]), options));

afterEach(() => clearQueuedFaces());

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("alchemy items from the belt", { timeout: 20_000 }, () => {
  it("heal, remove a condition and end an Emotion spell, each for draw 1 + use 2 counters", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedArena(world);
    await giveBram(world);
    await setCounters(world, BRAM, 12);
    await world.as(gm, () => doc<{ update(c: object): Promise<unknown> }>(gm, actorUuid(BRAM)).update({ "system.health.hits": 6 }));
    await world.settle();
    const track = doc<{ system: { health: Parameters<typeof healHits>[0] } }>(gm, actorUuid(BRAM)).system.health;
    const expected = healHits({ ...track }, 7);

    // Health Potion: 2d12 summed (4 + 3) clears 7 hits.
    queueFaces(4, 3);
    const healed = await use(world, bob, "Health Potion");
    await world.settle();
    expect(healed).toMatchObject({ rolled: 7, restored: 7, paid: 3 });
    expect(actor(gm, BRAM).system.health.hits).toBe(expected.hits);
    expect(actor(gm, BRAM).system.health.hits).toBeLessThan(6);
    expect(counters(gm, BRAM)).toBe(9);
    expect(actor(bob, BRAM).items.get(ITEMS["Health Potion"])).toBeUndefined();

    // Anti-toxin ends Poisoned (the GM poisoned him).
    await world.as(gm, () => actor(gm, BRAM).toggleStatusEffect("poisoned", { active: true }));
    await world.settle();
    expect(actor(bob, BRAM).statuses.has("poisoned")).toBe(true);
    expect((await use(world, bob, "Anti-toxin"))?.removed).toEqual(["poisoned"]);
    await world.settle();
    expect(actor(alice, BRAM).statuses.has("poisoned")).toBe(false);
    expect(counters(gm, BRAM)).toBe(6);

    // Alice charms Bram (5 gains against his Will); Soothing Gel ends the Emotion spell.
    queueFaces(12, 12, 6, 2, 2, 2, 2, 2, 2, /* Will */ 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
    await world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(SPELL_IDS.Charm), { targets: [actorUuid(BRAM)] }));
    await world.settle();
    expect(actor(gm, BRAM).statuses.has("charmed")).toBe(true);
    clearQueuedFaces();
    const soothed = await use(world, bob, "Soothing Gel");
    await world.settle();
    expect(soothed?.ended).toEqual(["Charm"]);
    expect(actor(gm, BRAM).statuses.has("charmed")).toBe(false);
    expect(counters(gm, BRAM)).toBe(3);
  });

  it("Ironskin lasts one hour of world time; out of combat it costs nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    await giveBram(world);
    const clock = await startClock(world, 500);
    const drunk = await use(world, bob, "Ironskin Potion");
    await world.settle();
    expect(drunk?.paid).toBe(0);
    const effect = () => [...actor(gm, BRAM).effects].find((e) => e.name === "Ironskin Potion");
    expect(effect()?.flags.clockwork).toMatchObject({ alchemy: { armor: "Graphene Armor", resistance: 2 }, spell: { expires: { time: 4100 }, dispellable: false } });
    await clock.advance(3599);
    await flush(world);
    expect(effect()).toBeDefined();
    await clock.advance(1);
    await flush(world);
    expect(effect()).toBeUndefined();
  });

  it("on another player's creature: a short card names user and target, and the GM writes the healing (docs/rulings.md 139)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world);
    await giveBram(world);
    await setCounters(world, BRAM, 12);
    await world.as(gm, () => doc<{ update(c: object): Promise<unknown> }>(gm, actorUuid(ILINDE)).update({ "system.health.hits": 6 }));
    await world.settle();
    const cards = () => [...(gm.game.messages as unknown as Iterable<{ author: { id: string } | null; content: string; flags: Record<string, Record<string, unknown>> }>)];
    queueFaces(2, 3);
    const healed = await use(world, bob, "Health Potion", { target: actorUuid(ILINDE) });
    await world.settle();
    expect(healed).toMatchObject({ rolled: 5, restored: 5 });
    expect(actor(gm, ILINDE).system.health.hits).toBe(1);
    const card = cards().find((m) => m.flags.clockwork?.alchemyUse);
    expect(card?.author?.id).toBe(bob.userId);
    expect(card?.flags.clockwork.alchemyUse).toMatchObject({ actorUuid: actorUuid(BRAM), targetUuid: actorUuid(ILINDE) });
    expect(card?.content).toContain("Health Potion");
  });

  it("refuses a backpack item in combat and a creature out of reach, changing nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world);
    await giveBram(world, "backpack");
    await setCounters(world, BRAM, 6);
    expect(await use(world, bob, "Health Potion")).toBeNull();
    expect(bob.notifications.at(-1)).toMatchObject({ type: "warn", message: expect.stringContaining("belt or bandolier") });

    const world2 = await createWorld({ packs: false });
    const arena = await seedArena(world2);
    await giveBram(world2);
    await setCounters(world2, BRAM, 6);
    expect(await use(world2, arena.bob, "Soothing Gel", { target: actorUuid(GRUSHA) })).toBeNull();
    expect(arena.bob.notifications.at(-1)?.message).toContain("too far");
    expect(counters(arena.gm, BRAM)).toBe(6);
    expect(actor(arena.bob, BRAM).items.get(ITEMS["Soothing Gel"])?.system.quantity).toBe(1);
    expect(counters(gm, BRAM)).toBe(6);
  });
});
