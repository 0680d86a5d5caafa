/**
 * Bad input (issue 11 acceptance): casting with no free hand, too little mana, too few counters,
 * or with no target where one is needed gets a localized message and changes nothing — no
 * mana, no counters, no pool points, no chat card, no dice rolled. Out of combat nothing is
 * charged in counters; a ritual cannot be cast in combat.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { GREATSWORD, GRUSHA, ILINDE, SPELL_IDS, actorUuid, combatantUuid, doc, sceneUuid, seedArena, setCounters } from "./world-fixtures";

interface Caster {
  system: { mana: { value: number } };
  items: { get(id: string): unknown };
  update(changes: object): Promise<unknown>;
  castSpell(item: unknown, options?: object): Promise<unknown>;
}

const ilinde = (client: WorldClient) => doc<Caster>(client, actorUuid(ILINDE));
const counters = (client: WorldClient) => doc<{ system: { counters: { available: number } } }>(client, combatantUuid(ILINDE)).system.counters.available;
const pool = (client: WorldClient) => doc<{ flags: { clockwork: { manaPool: { value: number } } } }>(client, sceneUuid).flags.clockwork.manaPool.value;
const messages = (client: WorldClient) => [...(client.game.messages as Iterable<unknown>)].length;

afterEach(() => clearQueuedFaces());

async function attempt(world: World, alice: WorldClient, spell: keyof typeof SPELL_IDS, options: object = {}) {
  return world.as(alice, () => ilinde(alice).castSpell(ilinde(alice).items.get(SPELL_IDS[spell]), options));
}

function expectUnchanged(world: World, gm: WorldClient, alice: WorldClient, state: { mana: number; counters: number; pool: number; messages: number }) {
  expect(ilinde(gm).system.mana.value).toBe(state.mana);
  expect(counters(gm)).toBe(state.counters);
  expect(pool(gm)).toBe(state.pool);
  expect(messages(gm)).toBe(state.messages);
  expect(messages(alice)).toBe(state.messages);
}

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("refused casts change nothing", { timeout: 20_000 }, () => {
  it("names the check that failed, in the user's language", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    const state = { mana: 30, counters: 6, pool: 60, messages: 0 };
    // A sentinel face: if any refused cast rolled a die, the next real roll would not see it.
    queueFaces(1);

    expect(await attempt(world, alice, "Fire Bolt", { targets: [] })).toBeNull();
    expect(alice.notifications.at(-1)).toEqual({ type: "warn", message: "Fire Bolt needs a target: target a token first." });
    expectUnchanged(world, gm, alice, state);

    await world.as(alice, () => ilinde(alice).update({ "system.equipped.mainHand": GREATSWORD, "system.equipped.offHand": GREATSWORD }));
    await world.settle();
    expect(await attempt(world, alice, "Fire Bolt", { targets: [actorUuid(GRUSHA)] })).toBeNull();
    expect(alice.notifications.at(-1)?.message).toBe("Fire Bolt cannot be cast: casting needs a free hand, and the hands hold Greatsword. Stow something first (the Stow action).");
    expectUnchanged(world, gm, alice, state);
    await world.as(alice, () => ilinde(alice).update({ "system.equipped.mainHand": "", "system.equipped.offHand": "" }));
    await world.settle();

    await setCounters(world, ILINDE, 3);
    expect(await attempt(world, alice, "Fireball", { targets: [actorUuid(GRUSHA)] })).toBeNull();
    expect(alice.notifications.at(-1)?.message).toBe("Fireball costs 4 counters; not enough are left.");
    expectUnchanged(world, gm, alice, { ...state, counters: 3 });

    await world.as(alice, () => ilinde(alice).update({ "system.mana.value": 10 }));
    await world.settle();
    await setCounters(world, ILINDE, 6);
    expect(await attempt(world, alice, "Fireball", { targets: [actorUuid(GRUSHA)] })).toBeNull();
    expect(alice.notifications.at(-1)?.message).toBe("Fireball costs 12 mana; only 10 left.");
    expectUnchanged(world, gm, alice, { ...state, mana: 10 });

    // The sentinel is still first in line: no refused cast rolled.
    queueFaces(12, 6, 6, 2, 2, 2, 2, 2);
    const barrier = await attempt(world, alice, "Barrier", { targets: [actorUuid(ILINDE)] }) as { data: { faces: number[] } };
    expect(barrier.data.faces[0]).toBe(1);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("Dispel without an effect to end asks for one; Berserk prevents casting", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    expect(await attempt(world, alice, "Dispel", { targets: [actorUuid(GRUSHA)] })).toBeNull();
    expect(alice.notifications.at(-1)?.message).toBe("Choose the effect on Grusha to end.");
    await world.as(gm, () => (doc<{ toggleStatusEffect(id: string, o: object): Promise<unknown> }>(gm, actorUuid(ILINDE))).toggleStatusEffect("berserk", { active: true }));
    await world.settle();
    expect(await attempt(world, alice, "Fire Bolt", { targets: [actorUuid(GRUSHA)] })).toBeNull();
    expect(alice.notifications.at(-1)?.message).toBe("Fire Bolt cannot be cast: a Berserk creature cannot cast spells.");
    expectUnchanged(world, gm, alice, { mana: 30, counters: 6, pool: 60, messages: 0 });
  });

  it("out of combat a cast charges no counters", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    queueFaces(12, 6, 6, 2, 2, 2, 2, 2, 2);
    const result = await attempt(world, alice, "Barrier", { targets: [actorUuid(ILINDE)] }) as { data: { paid: { counters: number; mana: number } } };
    await world.settle();
    expect(result.data.paid).toEqual({ counters: 0, mana: 4 });
    expect(ilinde(gm).system.mana.value).toBe(26);
  });
});
