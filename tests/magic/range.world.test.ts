/**
 * Spell range in the multi-user world (issue 19 items 1 and 4): Charm at 4 spaces is refused
 * before anything is paid; Heal's touch mode is refused at 2+ spaces and, with no mode named,
 * its ranged mode is cast instead; a Fireball centred 11 spaces away hurts a target at 13 inside
 * its radius, and one centred 13 away is refused.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { BRAM, GRUSHA, ILINDE, SPELL_IDS, actorUuid, combatantUuid, doc, moveToken, seedArena, setCounters, spellItem } from "./world-fixtures";

interface ActorView {
  system: { mana: { value: number }; health: { hits: number; wounds: number; vitalsLost: number } };
  statuses: Set<string>;
  items: { get(id: string): unknown };
  createEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
  castSpell(item: unknown, options?: object): Promise<{ data: { paid: { mana: number; counters: number }; targets: { uuid: string; success: boolean; damage: number }[] } } | null>;
}
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: { available: number } } }>(client, combatantUuid(id)).system.counters.available;
const castCards = (client: WorldClient) => [...(client.game.messages as Iterable<{ flags: Record<string, { cast?: unknown }> }>)].filter((m) => m.flags.clockwork?.cast).length;
const HEAL_ID = "magicSpellHeal00";

afterEach(() => clearQueuedFaces());

// Three-client world (GM and two players): seconds on a loaded machine.
describe("spell range", { timeout: 20_000 }, () => {
  it("Charm at 4 spaces is refused before anything is paid (book L1281)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    const ilinde = () => actor(alice, ILINDE);
    // Ilinde at (0, 0), Grusha at (4, 0).
    const charm = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS.Charm), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();
    expect(charm).toBeNull();
    expect(alice.notifications.at(-1)).toMatchObject({ type: "warn", message: expect.stringContaining("cannot reach Grusha (4 spaces away") });
    expect(ilinde().system.mana.value).toBe(30);
    expect(counters(gm, ILINDE)).toBe(6);
    expect(actor(gm, GRUSHA).statuses.has("charmed")).toBe(false);
    expect(castCards(gm)).toBe(0);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("Heal's touch mode is refused at 2+ spaces; with no mode named its ranged mode is cast (book L1467)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await world.as(gm, () => actor(gm, ILINDE).createEmbeddedDocuments("Item", [spellItem("Heal", HEAL_ID)], { keepId: true }));
    await world.as(gm, () => doc<{ update(c: object): Promise<unknown> }>(gm, actorUuid(BRAM)).update({ "system.health.hits": 6 }));
    await moveToken(world, BRAM, 0, 3);
    await world.settle();
    const ilinde = () => actor(alice, ILINDE);
    const heal = (options: object) => world.as(alice, () => ilinde().castSpell(ilinde().items.get(HEAL_ID), { targets: [actorUuid(BRAM)], ...options }));

    // Bram 3 spaces away: the touch mode, asked for by name, is refused and costs nothing.
    expect(await heal({ mode: "touch" })).toBeNull();
    expect(alice.notifications.at(-1)?.message).toContain("adjacent");
    expect(ilinde().system.mana.value).toBe(30);
    expect(counters(gm, ILINDE)).toBe(6);

    // No mode named: the ranged mode (3 counters, 8 mana) heals him.
    queueFaces(12, 2, 2, 2, 2, 2, 2, 2, 2);
    const ranged = await heal({});
    await world.settle();
    expect(ranged?.data.paid).toEqual({ mana: 8, counters: 3 });
    expect(ranged?.data.targets[0].success).toBe(true);
    expect(actor(gm, BRAM).system.health.hits).toBe(2);
    expect(ilinde().system.mana.value).toBe(22);
    expect(counters(gm, ILINDE)).toBe(3);

    // Next to him, the touch mode (2 counters, 4 mana) is the one cast.
    await moveToken(world, BRAM, 0, 1);
    await setCounters(world, ILINDE, 6);
    queueFaces(12, 2, 2, 2, 2, 2, 2, 2, 2);
    const touch = await heal({});
    await world.settle();
    expect(touch?.data.paid).toEqual({ mana: 4, counters: 2 });
    expect(actor(gm, BRAM).system.health.hits).toBe(0);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("a Fireball centred 11 spaces away hurts a target 13 away inside its radius; centred 13 away it is refused (book L1367)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    await moveToken(world, GRUSHA, 13, 0);
    const ilinde = () => actor(alice, ILINDE);
    const fireball = (area: { x: number; y: number }) => world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS.Fireball), { area }));

    expect(await fireball({ x: 13, y: 0 })).toBeNull();
    expect(alice.notifications.at(-1)?.message).toContain("13 spaces away");
    expect(ilinde().system.mana.value).toBe(30);

    const before = actor(gm, GRUSHA).system.health;
    const was = { hits: before.hits, wounds: before.wounds, vitalsLost: before.vitalsLost };
    queueFaces(12, 12, 6, 2, 2, 2, 2, 2, 2, /* damage */ 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const ball = await fireball({ x: 11, y: 0 });
    await world.settle();
    expect(ball?.data.targets.map((t) => t.uuid)).toEqual([actorUuid(GRUSHA)]);
    expect(ball?.data.targets[0].success).toBe(true);
    expect(ball?.data.targets[0].damage).toBeGreaterThan(0);
    const after = actor(gm, GRUSHA).system.health;
    expect({ hits: after.hits, wounds: after.wounds, vitalsLost: after.vitalsLost }).not.toEqual(was);
    expect(ilinde().system.mana.value).toBe(18);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });
});
