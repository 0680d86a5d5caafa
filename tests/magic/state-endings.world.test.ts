/**
 * States that end on damage, on an attack, or on the caster's hostile act (issue 19 item 3), in
 * the multi-user world: Grusha, charmed by Ilinde, pacified and polymorphed, takes damage from
 * someone else (Pacified ends, book L264; Charm stays, L1281); Ilinde's Fire Bolt that misses
 * still attacks it (Polymorphed ends, L1592; Charm stays: no damage); her Fire Bolt that hits
 * ends Charm (L1281: the charmer's damaging offensive action).
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { BRAM, GRUSHA, ILINDE, SCENE_ID, SPELL_IDS, SWORD, actorUuid, doc, flush, moveToken, seedArena, setCounters, tokenId } from "./world-fixtures";
import { addStatus } from "../../src/combat/conditions";
import { writeOwned } from "../../src/relay";

interface ActorView {
  uuid: string;
  statuses: Set<string>;
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ data: { targets: { success: boolean; damage: number }[] } } | null>;
}
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));

afterEach(() => clearQueuedFaces());

describe("states that end on damage, an attack or the caster's hostile act", { timeout: 30_000 }, () => {
  it("Pacified ends on any damage, Polymorphed on any attack, Charm when its charmer damages the target", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    const ilinde = () => actor(alice, ILINDE);
    const cast = (name: keyof typeof SPELL_IDS, options: object) => world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS[name]), options));

    // Ilinde steps next to Grusha and charms it: 5 gains against its Will of 2.
    await moveToken(world, ILINDE, 3, 0);
    queueFaces(12, 12, 6, 2, 2, 2, 2, 2, 2, /* Will */ 12, 2, 2, 2, 2);
    expect((await cast("Charm", { targets: [actorUuid(GRUSHA)] }))?.data.targets[0].success).toBe(true);
    await flush(world);
    await world.as(gm, async () => {
      await addStatus(actor(gm, GRUSHA) as never, "pacified");
      await addStatus(actor(gm, GRUSHA) as never, "polymorphed" as never);
    });
    await flush(world);
    expect([...actor(gm, GRUSHA).statuses].sort()).toEqual(["charmed", "pacified", "polymorphed"]);

    // The GM deals 3 damage from elsewhere: Pacified ends; the others stay (no attack, not the charmer).
    await world.as(gm, () => writeOwned([{ op: "damage", uuid: actor(gm, GRUSHA).uuid, amount: 3 }]));
    await flush(world);
    expect([...actor(gm, GRUSHA).statuses].sort()).toEqual(["charmed", "polymorphed"]);

    // Ilinde's Fire Bolt misses (no gains): an attack without damage ends Polymorphed, not Charm.
    await setCounters(world, ILINDE, 6);
    queueFaces(2, 2, 2, 2, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const miss = await cast("Fire Bolt", { targets: [actorUuid(GRUSHA)] });
    await flush(world);
    expect(miss?.data.targets[0]).toMatchObject({ success: false, damage: 0 });
    expect([...actor(gm, GRUSHA).statuses]).toEqual(["charmed"]);

    // Her Fire Bolt hits and damages it: the charmer's damaging act ends Charm at once.
    await setCounters(world, ILINDE, 6);
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const hit = await cast("Fire Bolt", { targets: [actorUuid(GRUSHA)] });
    await flush(world);
    expect(hit?.data.targets[0].damage).toBeGreaterThan(0);
    expect(actor(gm, GRUSHA).statuses.has("charmed")).toBe(false);
    expect(actor(alice, GRUSHA).statuses.has("charmed")).toBe(false);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("a weapon attack from a player ends its target's Polymorph through the GM, and the attacker's own Invisibility (book L1592, L1510)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    await moveToken(world, BRAM, 4, 1);
    await world.as(gm, async () => {
      await addStatus(actor(gm, GRUSHA) as never, "polymorphed" as never);
      await addStatus(actor(gm, BRAM) as never, "invisible" as never);
    });
    await flush(world);
    const scene = bob.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } };
    const bram = doc<{ items: { get(id: string): unknown }; attack(item: unknown, options: object): Promise<unknown> }>(bob, actorUuid(BRAM));
    queueFaces(2, 2, 2, 2, 2, 2, 2, 2, /* damage */ 1, 1, 1, 1, 1, 1, 1, 1);
    const outcome = await world.as(bob, () => bram.attack(bram.items.get(SWORD), { targets: [scene.tokens.get(tokenId(GRUSHA))], skipDialog: true }));
    await flush(world);
    expect(outcome).not.toBeNull();
    expect(actor(gm, GRUSHA).statuses.has("polymorphed")).toBe(false);
    expect(actor(bob, BRAM).statuses.has("invisible")).toBe(false);
    expect([...bob.errors, ...gm.errors]).toEqual([]);
  });

  it("True Strike ends on its creature's first attack that hits, not on a miss (book L1697)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    await moveToken(world, BRAM, 4, 1);
    const flag = { identifier: "true-strike", name: "True Strike", gains: 3, dispellable: true, casterUuid: actorUuid(ILINDE), itemUuid: null, effect: "reroll", amount: 0, endFlat: null, expires: null };
    const bramGm = doc<{ createEmbeddedDocuments(n: string, d: object[], o?: object): Promise<unknown> }>(gm, actorUuid(BRAM));
    await world.as(gm, () => bramGm.createEmbeddedDocuments("ActiveEffect", [{ _id: "trueStrikeEff001", name: "True Strike", flags: { clockwork: { spell: flag } } }], { keepId: true }));
    await flush(world);
    const struck = () => [...(doc<{ effects: Iterable<{ name: string }> }>(gm, actorUuid(BRAM)).effects)].some((e) => e.name === "True Strike");
    expect(struck()).toBe(true);
    const scene = bob.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } };
    const bram = doc<{ items: { get(id: string): unknown }; attack(item: unknown, options: object): Promise<{ results?: { hit: boolean }[] } | null> }>(bob, actorUuid(BRAM));
    const swing = () => world.as(bob, () => bram.attack(bram.items.get(SWORD), { targets: [scene.tokens.get(tokenId(GRUSHA))], skipDialog: true }));
    // A miss leaves it.
    queueFaces(2, 2, 2, 2, 2, 2, 2, 2, /* damage */ 1, 1, 1, 1, 1, 1, 1, 1);
    const miss = await swing();
    await flush(world);
    expect(miss?.results?.[0].hit).toBe(false);
    expect(struck()).toBe(true);
    clearQueuedFaces();
    // A hit ends it.
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, /* damage */ 1, 1, 1, 1, 1, 1, 1, 1);
    const hit = await swing();
    await flush(world);
    expect(hit?.results?.[0].hit).toBe(true);
    expect(struck()).toBe(false);
    expect([...bob.errors, ...gm.errors]).toEqual([]);
  });

  it("Charm ends when the charmer's damage is written, not when its card is rolled (issue 29 item 6; L1281)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    const ilinde = () => actor(alice, ILINDE);
    const cast = (name: keyof typeof SPELL_IDS, options: object) => world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS[name]), options));
    await moveToken(world, ILINDE, 3, 0);
    queueFaces(12, 12, 6, 2, 2, 2, 2, 2, 2, /* Will */ 12, 2, 2, 2, 2);
    expect((await cast("Charm", { targets: [actorUuid(GRUSHA)] }))?.data.targets[0].success).toBe(true);
    await flush(world);
    expect(actor(gm, GRUSHA).statuses.has("charmed")).toBe(true);
    // A Fire Bolt that hits, its card not applied: the card shows damage, the track none; Charm stays.
    await setCounters(world, ILINDE, 6);
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const bolt = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)], apply: false })) as unknown as { data: { targets: { damage: number }[] }; message: unknown };
    await flush(world);
    expect(bolt.data.targets[0].damage).toBeGreaterThan(0);
    expect(actor(gm, GRUSHA).statuses.has("charmed")).toBe(true);
    // Applied: the damage is written and Charm ends with it.
    const { applyCastCard } = await import("../../src/magic/cast");
    expect(await world.as(alice, () => applyCastCard(bolt.message as never))).toBe(true);
    await flush(world);
    expect(actor(gm, GRUSHA).statuses.has("charmed")).toBe(false);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });
});
