/**
 * Area spells place their template with combat's area helpers and take every token inside it:
 * aimed at a grid space, or at the first token the user targets; named targets without an aim
 * point stay as named (a macro, a scene without a grid).
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { BRAM, GNOME, GOLEM, GRUSHA, ILINDE, SCENE_ID, SPELL_IDS, actorUuid, combatantUuid, doc, seedArena, setCounters, tokenId } from "./world-fixtures";

interface Caster {
  system: { mana: { value: number } };
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ data: { targets: { name: string; uuid: string }[] } } | null>;
}
const ilinde = (client: WorldClient) => doc<Caster>(client, actorUuid(ILINDE));
const fireball = (client: WorldClient, options: object) => ilinde(client).castSpell(ilinde(client).items.get(SPELL_IDS.Fireball), options);
const FACES = [12, 6, 2, 2, 2, 2, 2, 2, 2, /* damage */ 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, /* resistance dice */ 9, 9];

afterEach(() => clearQueuedFaces());

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("area spells", { timeout: 20_000 }, () => {
  it("take every token inside the template placed at the aim point, in scene order", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedArena(world, { combat: false });
    queueFaces(...FACES);
    // Radius 2 around (4, 1): Grusha (4, 0), Pip (5, 1) and the golem (4, 2); Ilinde and Bram are far.
    const ball = await world.as(alice, () => fireball(alice, { area: { x: 4, y: 1 } }));
    await world.settle();
    expect(ball?.data.targets.map((t) => t.uuid)).toEqual([actorUuid(GRUSHA), actorUuid(GNOME), actorUuid(GOLEM)]);
  });

  it("aim at the user's first targeted token and catch the caster when she stands inside", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedArena(world, { combat: false });
    const scene = alice.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } };
    const targets = (alice.user as unknown as { targets: Set<unknown> }).targets;
    targets.add(scene.tokens.get(tokenId(BRAM)));
    queueFaces(...FACES);
    const ball = await world.as(alice, () => fireball(alice, {}));
    await world.settle();
    expect(ball?.data.targets.map((t) => t.uuid)).toEqual([actorUuid(ILINDE), actorUuid(BRAM)]);
  });

  it("an empty area is refused and costs nothing", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedArena(world, { combat: false });
    const ball = await world.as(alice, () => fireball(alice, { area: { x: 20, y: 20 } }));
    expect(ball).toBeNull();
    expect(alice.notifications.at(-1)?.type).toBe("warn");
    expect(ilinde(alice).system.mana.value).toBe(30);
  });

  it("named targets without an aim point stay as named", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedArena(world, { combat: false });
    queueFaces(...FACES);
    const ball = await world.as(alice, () => fireball(alice, { targets: [actorUuid(GRUSHA)] }));
    expect(ball?.data.targets.map((t) => t.uuid)).toEqual([actorUuid(GRUSHA)]);
  });

  it("Shock's cone from the caster takes one counter from each creature it damages (Stun 1)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await setCounters(world, BRAM, 6);
    const counters = () => doc<{ system: { counters: { available: number } } }>(gm, combatantUuid(BRAM)).system.counters.available;
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    // Aimed south: the cone of 3 covers Bram at (0, 1), not Grusha at (4, 0).
    const shock = await world.as(alice, () => ilinde(alice).castSpell(ilinde(alice).items.get(SPELL_IDS.Shock), { area: { x: 0, y: 3 } }));
    await world.settle();
    expect(shock?.data.targets.map((t) => t.uuid)).toEqual([actorUuid(BRAM)]);
    expect((shock?.data.targets[0] as unknown as { damage: number }).damage).toBeGreaterThan(0);
    expect(counters()).toBe(5);
  });
});
