/**
 * Aiming on the map (issue 28 items 2–3), in both profiles, with tokens on different squares:
 * an attack out of reach is refused before a counter is spent (and said so in the dialog's
 * target row), a Fireball aimed at a space previews and then takes exactly the tokens inside it
 * (the drawn template or region agrees, by core's `testPoint`), a sight spell at a target behind
 * a wall is refused with the reason in words, and a wall between attacker and target shows the
 * cover hint.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../../world";
import {
  BRAM, GNOME, GOLEM, GRUSHA, ILINDE, SCENE_ID, SPELL_IDS, SWORD, actorUuid, combatantUuid, doc, moveToken, seedArena, setCounters, spellItem, tokenId,
} from "../../magic/world-fixtures";
import { setReactionPrompt } from "../../../src/combat/attack/reactions";
import { startSession, type AttackOutcome } from "../../../src/combat/attack/workflow";
import { attackDialogContext } from "../../../src/combat/attack/dialog";
import { aimSpell } from "../../../src/magic/cast";

const VOID_BOLT = "magicSpellVoidBt";
const FACES = [12, 6, 2, 2, 2, 2, 2, 2, 2, /* damage */ 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, /* resistance dice */ 9, 9];

interface Fighter {
  name: string;
  items: { get(id: string): unknown };
  attack(item: unknown, options?: object): Promise<AttackOutcome | null>;
}
interface Caster {
  system: { mana: { value: number } };
  items: { get(id: string): unknown };
  createEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
  castSpell(item: unknown, options?: object): Promise<{ data: { targets: { uuid: string }[] } } | null>;
}
type SceneDoc = {
  templates?: { contents: { testPoint(p: object): boolean }[] };
  regions: { contents: { testPoint(p: object): boolean }[] };
  walls: { contents: { update(c: object): Promise<unknown> }[] };
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
};

const counters = (client: WorldClient, id: string) => doc<{ system: { counters: { available: number } } }>(client, combatantUuid(id)).system.counters.available;
const cards = (client: WorldClient) => [...(client.game.messages as Iterable<unknown>)].length;
const scene = (client: WorldClient) => client.game.scenes.get(SCENE_ID) as unknown as SceneDoc;

/** A wall (a closed door) down the line x = 400 px, between columns 3 and 4, rows 0–2. */
async function door(world: World): Promise<void> {
  await world.as(world.gm, () => scene(world.gm).createEmbeddedDocuments("Wall", [{ c: [400, 0, 400, 300], door: 1, ds: 0 }]));
  await world.settle();
}

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
});

describe("aiming on the map", { timeout: 30_000 }, () => {
  it("an attack out of reach is shown as such and refused before a counter is spent; adjacent it is made", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world);
    setReactionPrompt(async () => "none");
    await setCounters(world, BRAM, 6);
    const bram = doc<Fighter>(bob, actorUuid(BRAM));
    const before = cards(gm);

    // Bram at (0, 1), Grusha at (4, 0): 4 spaces, the longsword reaches 1.
    const session = bob.run(() => startSession(bram as never, bram.items.get(SWORD) as never, { targets: [actorUuid(GRUSHA)] }))!;
    const context = bob.run(() => attackDialogContext(session));
    expect(context.targets[0]).toMatchObject({ beyond: true, automaticMiss: "Out of reach (4 spaces away): cannot be attacked" });
    expect(context.canAttack).toBe(false);
    expect(context.problem).toBe("Bram cannot reach Grusha from where they stand. Nothing was spent.");

    const refused = await world.as(bob, () => bram.attack(bram.items.get(SWORD), { targets: [actorUuid(GRUSHA)], skipDialog: true }));
    await world.settle();
    expect(refused).toBeNull();
    expect(bob.notifications.at(-1)).toMatchObject({ type: "warn", message: "Bram cannot reach Grusha from where they stand. Nothing was spent." });
    expect(counters(gm, BRAM)).toBe(6);
    expect(cards(gm)).toBe(before);

    // One step from her, the same swing is made and paid (the longsword: 2 counters).
    await moveToken(world, BRAM, 3, 0);
    queueFaces(...Array(8).fill(2), ...Array(8).fill(2));
    const made = await world.as(bob, () => bram.attack(bram.items.get(SWORD), { targets: [actorUuid(GRUSHA)], skipDialog: true }));
    await world.settle();
    expect(made).not.toBeNull();
    expect(counters(gm, BRAM)).toBe(4);
    expect([...bob.errors, ...gm.errors]).toEqual([]);
  });

  it("a wall between attacker and target shows the cover hint; cover stays the attacker's to declare", async () => {
    const world = await createWorld({ packs: false });
    const { bob } = await seedArena(world);
    await moveToken(world, BRAM, 3, 0);
    const bram = doc<Fighter>(bob, actorUuid(BRAM));
    const row = () => bob.run(() => attackDialogContext(startSession(bram as never, bram.items.get(SWORD) as never, { targets: [actorUuid(GRUSHA)] })!)).targets[0];
    expect(row().wallHint).toBeNull();
    await door(world);
    expect(row()).toMatchObject({ wallHint: "A wall stands between you: declare the cover it gives.", beyond: false });
  });

  it("a sight spell at a target behind a wall is refused with the reason, nothing paid; through the open door it is cast", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await world.as(gm, () => doc<Caster>(gm, actorUuid(ILINDE)).createEmbeddedDocuments("Item", [spellItem("Void Bolt", VOID_BOLT)], { keepId: true }));
    await door(world);
    const ilinde = () => doc<Caster>(alice, actorUuid(ILINDE));
    const bolt = () => world.as(alice, () => ilinde().castSpell(ilinde().items.get(VOID_BOLT), { targets: [actorUuid(GRUSHA)] }));

    // The preview says so before any cast.
    const aim = alice.run(() => aimSpell(ilinde() as never, ilinde().items.get(VOID_BOLT) as never, { targets: [actorUuid(GRUSHA)] }));
    expect(aim.targets.map((t) => [t.name, t.unreached])).toEqual([["Grusha", "the caster cannot see it"]]);

    expect(await bolt()).toBeNull();
    expect(alice.notifications.at(-1)).toMatchObject({ type: "warn", message: expect.stringContaining("cannot reach Grusha (the caster cannot see it)") });
    expect(ilinde().system.mana.value).toBe(30);
    expect(counters(gm, ILINDE)).toBe(6);

    // The GM opens the door: she sees Grusha and the bolt flies.
    await world.as(gm, () => scene(gm).walls.contents[0].update({ ds: 1 }));
    await world.settle();
    setReactionPrompt(async () => "none");
    queueFaces(...FACES);
    const cast = await bolt();
    await world.settle();
    expect(cast?.data.targets.map((t) => t.uuid)).toEqual([actorUuid(GRUSHA)]);
    expect(ilinde().system.mana.value).toBeLessThan(30);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("a Fireball aimed at a space previews, then takes, exactly the tokens inside; its drawing agrees", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    // Bram on the area's corner square (2, 3): 2 across and 2 down is outside a radius of 2.
    await moveToken(world, BRAM, 2, 3);
    const ilinde = () => doc<Caster>(alice, actorUuid(ILINDE));
    const fireball = () => ilinde().items.get(SPELL_IDS.Fireball);
    const inside = [actorUuid(GRUSHA), actorUuid(GNOME), actorUuid(GOLEM)];

    const aim = alice.run(() => aimSpell(ilinde() as never, fireball() as never, { area: { x: 4, y: 1 } }));
    expect(aim.targets.map((t) => t.actor.uuid)).toEqual(inside);
    expect(aim.targets.every((t) => t.unreached === null)).toBe(true);
    expect(ilinde().system.mana.value).toBe(30);
    expect(scene(gm).regions.contents.length + (scene(gm).templates?.contents.length ?? 0)).toBe(0);

    queueFaces(...FACES);
    const ball = await world.as(alice, () => ilinde().castSpell(fireball(), { area: { x: 4, y: 1 } }));
    await world.settle();
    expect(ball?.data.targets.map((t) => t.uuid)).toEqual(inside);

    // v13 draws a template, v14 a region; each token's centre is inside it exactly when the rules took it.
    const drawn = world.profile === "v14" ? scene(gm).regions.contents : scene(gm).templates!.contents;
    expect(drawn).toHaveLength(1);
    const centres: Record<string, { x: number; y: number }> = {};
    for (const id of [ILINDE, BRAM, GRUSHA, GNOME, GOLEM]) {
      const token = (gm.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): { x: number; y: number } } }).tokens.get(tokenId(id));
      centres[actorUuid(id)] = { x: token.x + 50, y: token.y + 50 };
    }
    const covered = Object.entries(centres).filter(([, c]) => drawn[0].testPoint({ ...c, elevation: 0 })).map(([uuid]) => uuid);
    expect(covered.sort()).toEqual([...inside].sort());
  });
});
