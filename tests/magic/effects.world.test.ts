/**
 * Spell effects that run themselves in the multi-user world: Haste's rounds end on the right
 * turn; Slow cast on Bob's character is resisted by Bob's own roll and ends Haste; Charm ends on
 * Grusha's Flat 7 at the end of its turn; Regenerate heals at the start of its creature's turn;
 * Levitate's minutes end with world time; a Ward negates a spell on a low d12 and ends when one
 * gets through; Borrow Time moves counters from the next turn.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { BRAM, COMBAT_ID, GRUSHA, ILINDE, SPELL_IDS, actorUuid, combatantUuid, doc, flush, moveToken, seedArena, setCounters, spellItem } from "./world-fixtures";
import { startClock } from "./time";
import { named } from "../packs/load-sources";

interface ActorView {
  statuses: Set<string>;
  system: { health: { hits: number; barrier: number }; mana: { value: number } };
  effects: Iterable<{ uuid: string; name: string; statuses: Set<string>; flags: Record<string, Record<string, unknown>> }>;
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ data: { gains: number; targets: { success: boolean; failure: string | null; negatedBy: string | null; opposingGains: number | null }[] } } | null>;
}
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const effectNamed = (client: WorldClient, id: string, name: string) => [...actor(client, id).effects].find((e) => e.name === name);
const cast = (world: World, alice: WorldClient, name: keyof typeof SPELL_IDS, options: object) =>
  world.as(alice, () => actor(alice, ILINDE).castSpell(actor(alice, ILINDE).items.get(SPELL_IDS[name]), options));
const nextTurn = async (world: World) => {
  await world.as(world.gm, () => world.gm.game.combats.get(COMBAT_ID)!.nextTurn());
  await flush(world);
};

afterEach(() => clearQueuedFaces());

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("spell effects in play", { timeout: 20_000 }, () => {
  it("Haste lasts its rounds; Slow, resisted by Bob's own roll, ends it; Charm ends on a Flat 7; Regenerate heals each turn", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedArena(world);
    // Haste on Bram, 2 gains: 2 rounds, ending at round 3, turn 0.
    queueFaces(12, 2, 2, 2, 2, 2, 2, 2, 2);
    expect((await cast(world, alice, "Haste", { targets: [actorUuid(BRAM)] }))?.data.gains).toBe(2);
    await world.settle();
    expect(actor(bob, BRAM).statuses.has("hasted")).toBe(true);
    const haste = [...actor(gm, BRAM).effects].find((e) => e.statuses.has("hasted"));
    expect(haste?.flags.clockwork.spell).toMatchObject({ gains: 2, expires: { combat: COMBAT_ID, round: 3, turn: 0 } });

    // Charm on Grusha (4 AC): 5 gains against its Will of 2; Charm reaches an adjacent target (book L1281).
    await moveToken(world, ILINDE, 3, 0);
    queueFaces(12, 12, 6, 2, 2, 2, 2, 2, 2, /* Will */ 12, 2, 2, 2, 2);
    expect((await cast(world, alice, "Charm", { targets: [actorUuid(GRUSHA)] }))?.data.targets[0].success).toBe(true);
    await world.settle();
    expect(actor(gm, GRUSHA).statuses.has("charmed")).toBe(true);

    // Regenerate on Bram after he took 3 hits.
    await world.as(gm, () => doc<{ update(c: object): Promise<unknown> }>(gm, actorUuid(BRAM)).update({ "system.health.hits": 3 }));
    await setCounters(world, ILINDE, 6);
    queueFaces(12, 6, 2, 2, 2, 2, 2, 2, 2);
    expect((await cast(world, alice, "Regenerate", { targets: [actorUuid(BRAM)] }))?.data.gains).toBe(3);
    await world.settle();

    // Bram's turn starts: Regenerate clears 2 hits.
    await nextTurn(world);
    expect(actor(bob, BRAM).system.health.hits).toBe(1);
    // Grusha's turn, then its end: the Flat 7 for Charm succeeds on a 7.
    await nextTurn(world);
    expect(actor(gm, GRUSHA).statuses.has("charmed")).toBe(true);
    queueFaces(7);
    await nextTurn(world);
    expect(actor(alice, GRUSHA).statuses.has("charmed")).toBe(false);

    // Round 2: Slow on Bram, who is unwilling; Bob's client rolls his Stamina (7 dice, no gains).
    await nextTurn(world);
    await nextTurn(world);
    await setCounters(world, ILINDE, 6);
    const bobRolled: string[] = [];
    const handlers = bob.CONFIG.queries as Record<string, (d: unknown, o: object) => unknown>;
    const original = handlers["clockwork.spellReaction"];
    handlers["clockwork.spellReaction"] = (data, options) => {
      bobRolled.push((data as { skill: string }).skill);
      return original(data, options);
    };
    queueFaces(12, 6, 2, 2, 2, 2, 2, 2, 2, /* Bram's Stamina */ 2, 2, 2, 2, 2, 2, 2);
    const slow = await cast(world, alice, "Slow", { targets: [actorUuid(BRAM)] });
    await world.settle();
    expect(bobRolled).toEqual(["stamina"]);
    expect(slow?.data.targets[0]).toMatchObject({ success: true, opposingGains: 0 });
    expect(actor(gm, BRAM).statuses.has("slowed")).toBe(true);
    expect(actor(gm, BRAM).statuses.has("hasted")).toBe(false);
    expect([...gm.errors, ...alice.errors, ...bob.errors]).toEqual([]);
  });

  it("Haste ends when its rounds run out", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedArena(world);
    const alice = world.player("Alice");
    queueFaces(12, 2, 2, 2, 2, 2, 2, 2, 2);
    await cast(world, alice, "Haste", { targets: [actorUuid(BRAM)] });
    await world.settle();
    for (let i = 0; i < 9; i++) await nextTurn(world);
    // Round 2, turn 4: one turn before it runs out.
    expect(actor(gm, BRAM).statuses.has("hasted")).toBe(true);
    await nextTurn(world);
    expect(actor(gm, BRAM).statuses.has("hasted")).toBe(false);
  });

  it("Levitate's minutes end with world time", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    const clock = await startClock(world, 1000);
    queueFaces(12, 2, 2, 2, 2, 2, 2, 2, 2);
    await cast(world, alice, "Levitate", { targets: [actorUuid(BRAM)] });
    await world.settle();
    expect(effectNamed(gm, BRAM, "Levitate")?.flags.clockwork.spell).toMatchObject({ gains: 2, expires: { time: 1120 } });
    await clock.advance(119);
    await flush(world);
    expect(effectNamed(gm, BRAM, "Levitate")).toBeDefined();
    await clock.advance(1);
    await flush(world);
    expect(effectNamed(gm, BRAM, "Levitate")).toBeUndefined();
  });

  it("a Ward negates a spell on a d12 at or under its gains, and ends when one gets through", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    // Ward on Bram: 4 gains.
    queueFaces(12, 6, 6, 2, 2, 2, 2, 2, 2);
    await cast(world, alice, "Ward", { targets: [actorUuid(BRAM)] });
    await world.settle();
    expect(effectNamed(gm, BRAM, "Ward")?.flags.clockwork.spell).toMatchObject({ gains: 4, amount: 4, effect: "ward" });
    // Barrier on Bram: the Ward's d12 is 3 (≤ 4): negated, the Ward stays.
    queueFaces(12, 6, 2, 2, 2, 2, 2, 2, 2, /* ward */ 3);
    const negated = await cast(world, alice, "Barrier", { targets: [actorUuid(BRAM)] });
    await world.settle();
    expect(negated?.data.targets[0]).toMatchObject({ success: false, negatedBy: "ward" });
    expect(actor(gm, BRAM).system.health.barrier).toBe(0);
    // Again: a 9 gets through; the Barrier lands and the Ward ends.
    queueFaces(12, 6, 2, 2, 2, 2, 2, 2, 2, /* ward */ 9);
    const through = await cast(world, alice, "Barrier", { targets: [actorUuid(BRAM)] });
    await world.settle();
    expect(through?.data.targets[0].success).toBe(true);
    expect(actor(gm, BRAM).system.health.barrier).toBe(3);
    expect(effectNamed(gm, BRAM, "Ward")).toBeUndefined();
  });

  it("Borrow Time moves counters from the next turn into this one", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    // Celestial 7: 12 and 7 make 3 gains.
    queueFaces(12, 7, 2, 2, 2, 2, 2, 2, 2);
    const borrowed = await cast(world, alice, "Borrow Time", {});
    await world.settle();
    expect(borrowed?.data.gains).toBe(3);
    const combatant = doc<{ system: { counters: { available: number }; shift: { next: number } } }>(gm, combatantUuid(ILINDE));
    expect(combatant.system.counters.available).toBe(9);
    expect(combatant.system.shift.next).toBe(-3);
  });
});

describe("scrolls", { timeout: 20_000 }, () => {
  it("the reader pays the mana and the scroll's stored roll is used (RULING 86)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    const bram = doc<ActorView & { update(c: object): Promise<unknown> }>(bob, actorUuid(BRAM));
    await world.as(bob, () => bram.update({ "system.mana.value": 6 }));
    await world.settle();
    const scrollSpell = doc(bob, `${actorUuid(ILINDE)}.Item.${SPELL_IDS.Barrier}`);
    const read = await world.as(bob, () => bram.castSpell(scrollSpell, { targets: [actorUuid(BRAM)], scroll: { faces: [12, 12, 6], rank: 6 } }));
    await world.settle();
    expect(read?.data.gains).toBe(5);
    expect((read?.data as unknown as { faces: number[] }).faces).toEqual([12, 12, 6]);
    expect(actor(gm, BRAM).system.health.barrier).toBe(5);
    expect(actor(gm, BRAM).system.mana.value).toBe(2);
  });
});

describe("scroll items", { timeout: 20_000 }, () => {
  it("Bob reads a scroll Bram holds at Alice's Ilinde: the GM applies it with the roll stored on the scroll", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    const barrier = `${actorUuid(ILINDE)}.Item.${SPELL_IDS.Barrier}`;
    await world.as(gm, async () => {
      const bram = doc<ActorView & { update(c: object): Promise<unknown>; createEmbeddedDocuments(n: string, d: object[], o: object): Promise<unknown> }>(gm, actorUuid(BRAM));
      await bram.update({ "system.mana.value": 6 });
      await bram.createEmbeddedDocuments("Item", [{
        _id: "magicScrollBarr1", name: "Scroll of Barrier", type: "equipment",
        system: { category: "scroll", container: "belt", castsSpell: barrier },
        flags: { clockwork: { scroll: { faces: [12, 12, 6], rank: 6 } } },
      }], { keepId: true });
    });
    await world.settle();
    const bram = doc<{ items: { get(id: string): unknown }; castSpell(item: unknown, options?: object): Promise<{ data: { gains: number; request?: { scroll?: { itemUuid?: string | null } } }; applied: boolean } | null> }>(bob, actorUuid(BRAM));
    const read = await world.as(bob, () => bram.castSpell(doc(bob, barrier), { targets: [actorUuid(ILINDE)], scroll: bram.items.get("magicScrollBarr1") }));
    await world.settle();
    expect(read?.data.gains).toBe(5);
    expect(read?.data.request?.scroll?.itemUuid).toBe(`${actorUuid(BRAM)}.Item.magicScrollBarr1`);
    expect(read?.applied).toBe(true);
    expect(actor(gm, ILINDE).system.health.barrier).toBe(5);
    // Read, it is used up (issue 29 item 8): gone from Bram's belt, and a second read finds nothing.
    expect(bram.items.get("magicScrollBarr1")).toBeUndefined();
    expect(doc<{ items: { get(id: string): unknown } }>(gm, actorUuid(BRAM)).items.get("magicScrollBarr1")).toBeUndefined();
    expect([...gm.errors, ...bob.errors]).toEqual([]);
  });

  it("reading one of two scrolls leaves one; the GM applies the read from the record once the scroll is gone (issue 29 item 8)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    const barrier = `${actorUuid(ILINDE)}.Item.${SPELL_IDS.Barrier}`;
    await world.as(gm, async () => {
      const bram = doc<ActorView & { update(c: object): Promise<unknown>; createEmbeddedDocuments(n: string, d: object[], o: object): Promise<unknown> }>(gm, actorUuid(BRAM));
      await bram.update({ "system.mana.value": 6 });
      await bram.createEmbeddedDocuments("Item", [{
        _id: "magicScrollBarr1", name: "Scroll of Barrier", type: "equipment",
        system: { category: "scroll", container: "belt", castsSpell: barrier, quantity: 2 },
        flags: { clockwork: { scroll: { faces: [12, 12, 6], rank: 6 } } },
      }], { keepId: true });
    });
    await world.settle();
    const bram = doc<{ items: { get(id: string): { system: { quantity: number } } | undefined }; castSpell(item: unknown, options?: object): Promise<{ applied: boolean } | null> }>(bob, actorUuid(BRAM));
    const first = await world.as(bob, () => bram.castSpell(doc(bob, barrier), { targets: [actorUuid(ILINDE)], scroll: bram.items.get("magicScrollBarr1") }));
    await world.settle();
    expect(first?.applied).toBe(true);
    expect(bram.items.get("magicScrollBarr1")?.system.quantity).toBe(1);
    await world.as(gm, () => doc<{ update(c: object): Promise<unknown> }>(gm, actorUuid(BRAM)).update({ "system.mana.value": 6 }));
    await world.settle();
    // The last one, read without applying: the GM's Apply later finds the read on Bram, not the scroll.
    const last = await world.as(bob, () => bram.castSpell(doc(bob, barrier), { targets: [actorUuid(ILINDE)], scroll: bram.items.get("magicScrollBarr1"), apply: false }));
    await world.settle();
    expect(bram.items.get("magicScrollBarr1")).toBeUndefined();
    const message = (last as unknown as { message: unknown }).message;
    const { applyCastCard } = await import("../../src/magic/cast");
    expect(await world.as(bob, () => applyCastCard(message as never))).toBe(true);
    await world.settle();
    expect([...gm.errors, ...bob.errors]).toEqual([]);
  });

  it("a scroll of another spell is refused before anything is paid", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    await world.as(gm, () => doc<{ createEmbeddedDocuments(n: string, d: object[], o: object): Promise<unknown> }>(gm, actorUuid(BRAM)).createEmbeddedDocuments("Item", [{
      _id: "magicScrollBarr1", name: "Scroll of Barrier", type: "equipment",
      system: { category: "scroll", container: "belt", castsSpell: `${actorUuid(ILINDE)}.Item.${SPELL_IDS.Barrier}` },
      flags: { clockwork: { scroll: { faces: [12, 12, 6], rank: 6 } } },
    }], { keepId: true }));
    await world.settle();
    const bram = doc<{ items: { get(id: string): unknown }; castSpell(item: unknown, options?: object): Promise<unknown> }>(bob, actorUuid(BRAM));
    const read = await world.as(bob, () => bram.castSpell(doc(bob, `${actorUuid(ILINDE)}.Item.${SPELL_IDS.Ward}`), { targets: [actorUuid(BRAM)], scroll: bram.items.get("magicScrollBarr1") }));
    expect(read).toBeNull();
    expect(bob.notifications.at(-1)?.message).toContain("Scroll of Barrier");
  });
});

describe("\"vs GM\" difficulty", () => {
  it("a player casts against the GM's setting, or a higher number; the GM's own cast against its own", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    await world.as(gm, async () => {
      await gm.game.settings.set("clockwork", "spellDifficulty", 4);
      await doc<{ createEmbeddedDocuments(n: string, d: object[], o: object): Promise<unknown> }>(gm, actorUuid(ILINDE)).createEmbeddedDocuments("Item", [spellItem("Detect Magic", "magicSpellDetect")], { keepId: true });
    });
    await world.settle();
    const detect = (client: WorldClient, options: object) => {
      const ilinde = doc<{ items: { get(id: string): unknown }; castSpell(item: unknown, options?: object): Promise<{ data: { difficulty: number | null } } | null> }>(client, actorUuid(ILINDE));
      return world.as(client, () => ilinde.castSpell(ilinde.items.get("magicSpellDetect"), options));
    };
    expect((await detect(alice, { difficulty: 0 }))?.data.difficulty).toBe(4);
    expect((await detect(alice, { difficulty: 6 }))?.data.difficulty).toBe(6);
    expect((await detect(gm, { difficulty: 1 }))?.data.difficulty).toBe(1);
    expect((await detect(gm, {}))?.data.difficulty).toBe(4);
  });
});

describe("mana potions", () => {
  it("add the sum of their dice, capped at the maximum, cost draw 1 + use 2 counters in combat and are used up (RULING 84)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { mana: 5 });
    const source = named("alchemy", "Mana Potion");
    await world.as(gm, () => doc<{ createEmbeddedDocuments(n: string, d: object[], o: object): Promise<unknown> }>(gm, actorUuid(ILINDE))
      .createEmbeddedDocuments("Item", [{ _id: "magicManaPotion1", name: source.name, type: source.type, system: { ...structuredClone(source.system), quantity: 2, container: "belt" } }], { keepId: true }));
    await world.settle();
    const ilinde = doc<ActorView & { drinkManaPotion(item: unknown): Promise<{ restored: number; rolled: number } | null> }>(alice, actorUuid(ILINDE));
    queueFaces(9, 8);
    const first = await world.as(alice, () => ilinde.drinkManaPotion(ilinde.items.get("magicManaPotion1")));
    await world.settle();
    expect(first).toEqual({ rolled: 17, restored: 17 });
    expect(actor(gm, ILINDE).system.mana.value).toBe(22);
    expect(doc<{ system: { counters: { available: number } } }>(gm, combatantUuid(ILINDE)).system.counters.available).toBe(3);
    queueFaces(12, 12);
    const second = await world.as(alice, () => ilinde.drinkManaPotion(ilinde.items.get("magicManaPotion1")));
    await world.settle();
    expect(second).toEqual({ rolled: 24, restored: 8 });
    expect(actor(gm, ILINDE).system.mana.value).toBe(30);
    expect(actor(gm, ILINDE).items.get("magicManaPotion1")).toBeUndefined();
  });
});
