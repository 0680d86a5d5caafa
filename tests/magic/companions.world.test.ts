/**
 * A companion made by a spell becomes an actor (issue 11 item 8): Alice asks for Ilinde's golem
 * from its cast card's button; the GM's client creates an NPC owned by Alice, marked with its
 * controller, and a combatant that acts right after Ilinde. A player who does not control the
 * caster is refused. A caster keeps one golem: a new one makes the old one fade — combatant,
 * token and actor (ruling 137). A player's free-form companion is refused (ruling 140).
 */
import { describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { summonCompanion, type CompanionResult } from "../../src/magic/companions";
import { useSpellTable } from "../../src/magic/spell-tables";
import type { TableChoice } from "../../src/magic/spell-table-choice";
import { BRAM, COMBAT_ID, ILINDE, SCENE_ID, actorUuid, combatantId, doc, seedArena, spellItem, tokenId, type Arena } from "./world-fixtures";

interface CombatView {
  turns: { id: string; actorId: string; system: { controllerId: string } }[];
  rollInitiative(ids: string[], options?: object): Promise<unknown>;
  combatants: { map<T>(fn: (c: { id: string }) => T): T[] };
}
const combat = (client: WorldClient) => client.game.combats.get(COMBAT_ID) as unknown as CombatView;

interface CardMessage { id: string; flags: { clockwork: { cast: { tableUse?: { companion?: CompanionResult & { uuid: string } } } } } }
interface Caster {
  items: { get(id: string): unknown };
  createEmbeddedDocuments(n: string, d: object[], o?: object): Promise<unknown>;
  castSpell(item: unknown, options?: object): Promise<{ message: CardMessage; companion?: CompanionResult | null } | null>;
}
const SPELLS = { golemancy: "magicSpellGolemy", "call-of-the-wild": "magicSpellCallWd" } as const;
const ilinde = (client: WorldClient) => doc<Caster>(client, actorUuid(ILINDE));

/** Alice's Ilinde learns both companion spells. */
async function learn({ world, alice }: Arena): Promise<void> {
  await world.as(alice, () => ilinde(alice).createEmbeddedDocuments("Item", [spellItem("Golemancy", SPELLS.golemancy), spellItem("Call of the Wild", SPELLS["call-of-the-wild"])], { keepId: true }));
  await world.settle();
}

type Card = CardMessage & { update(c: object): Promise<unknown> };

/**
 * Alice casts a companion spell well: its card. Golemancy is a ritual, cast before the fight: a
 * started combat is set back to round 0 for the cast and started again after it.
 */
async function castCard({ world, gm, alice }: Arena, spell: keyof typeof SPELLS): Promise<Card> {
  const fight = gm.game.combats.get(COMBAT_ID) as unknown as { started: boolean; update(c: object): Promise<unknown> } | undefined;
  const pause = fight?.started === true;
  if (pause) await world.as(gm, () => fight!.update({ round: 0, turn: null }));
  await world.settle();
  queueFaces(12, 12, 6, 6, 6, 2, 2, 2, 2);
  const cast = await world.as(alice, () => ilinde(alice).castSpell(ilinde(alice).items.get(SPELLS[spell])));
  await world.settle();
  clearQueuedFaces();
  if (pause) await world.as(gm, () => fight!.update({ round: 1, turn: 0 }));
  await world.settle();
  return (alice.game.messages as unknown as { get(id: string): Card }).get(cast!.message.id);
}

/** Alice uses a card's button: the companion's actor UUID. */
async function useCard({ world, alice }: Arena, card: Card, choice: TableChoice): Promise<string> {
  expect(await world.as(alice, () => useSpellTable(card, choice))).toBe(true);
  await world.settle();
  return card.flags.clockwork.cast.tableUse!.companion!.uuid;
}

/** Both: a companion from a fresh card. */
async function fromCard(arena: Arena, spell: keyof typeof SPELLS, choice: TableChoice): Promise<string> {
  return useCard(arena, await castCard(arena, spell), choice);
}

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("companions from spells", { timeout: 20_000 }, () => {
  it("the GM creates the actor and a combatant right after its controller", async () => {
    const world = await createWorld({ packs: false });
    const arena = await seedArena(world);
    const { gm, alice, bob } = arena;
    await learn(arena);
    await world.as(gm, () => combat(gm).rollInitiative(combat(gm).combatants.map((c) => c.id), { chat: false }));
    await world.settle();

    const golemUuid = await fromCard(arena, "golemancy", { material: "clay", size: "medium", name: "Clay Servant" });
    const golem = doc<{ id: string; name: string; type: string; isOwner: boolean; flags: { clockwork: { companion: { controllerUuid: string; spell: string } } } }>(alice, golemUuid);
    expect(golem).toMatchObject({ name: "Clay Servant", type: "npc", isOwner: true });
    expect(golem.flags.clockwork.companion).toMatchObject({ controllerUuid: actorUuid(ILINDE), spell: "golemancy" });
    expect(doc<{ isOwner: boolean }>(bob, golemUuid).isOwner).toBe(false);

    const turns = combat(alice).turns;
    const at = turns.findIndex((t) => t.actorId === golem.id);
    expect(at).toBeGreaterThan(0);
    expect(turns[at - 1].id).toBe(combatantId(ILINDE));
    expect(turns[at].system.controllerId).toBe(combatantId(ILINDE));
    expect(turns).toHaveLength(6);
  });

  it("a player who does not control the caster is refused and nothing is made", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world);
    const actors = () => [...(gm.game.actors as Iterable<unknown>)].length;
    const before = actors();
    const result = await world.as(bob, () => summonCompanion(doc<{ uuid: string }>(bob, actorUuid(ILINDE)), { name: "Stolen Golem" }));
    await world.settle();
    expect(result).toBeNull();
    expect(bob.notifications.at(-1)).toMatchObject({ type: "warn", message: "Stolen Golem was not made: a player's companion comes from the button on their cast card, not from stats sent along." });
    expect(actors()).toBe(before);
    expect(combat(gm).turns).toHaveLength(5);
  });

  it("Call of the Wild cast before a fight makes the animal; in the fight it follows its caster", async () => {
    const world = await createWorld({ packs: false });
    const arena = await seedArena(world, { combat: false });
    const { gm, alice } = arena;
    await learn(arena);
    const actors = () => [...(gm.game.actors as Iterable<unknown>)].length;
    const before = actors();
    // A player's castSpell with a free-form companion: the cast works, the companion is the card's button's (ruling 140).
    queueFaces(...Array(12).fill(12));
    const cast = await world.as(alice, () => ilinde(alice).castSpell(ilinde(alice).items.get(SPELLS["call-of-the-wild"]), { companion: { name: "Grey Wolf" } }));
    await world.settle();
    clearQueuedFaces();
    expect(cast?.companion).toBeNull();
    expect(alice.notifications.at(-1)?.message).toContain("comes from the button on their cast card");
    expect(actors()).toBe(before);

    const wolfUuid = await fromCard(arena, "call-of-the-wild", { animal: "wolf", name: "Grey Wolf" });
    const wolf = doc<{ id: string; name: string; isOwner: boolean }>(alice, wolfUuid);
    expect(wolf).toMatchObject({ name: "Grey Wolf", isOwner: true });

    // The GM starts a fight with Ilinde, Bram and the wolf: the wolf's combatant follows Ilinde.
    const fightId = await world.as(gm, async () => {
      const Combat = (globalThis as unknown as { Combat: { create(d: object): Promise<{ id: string; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }> } }).Combat;
      const fight = await Combat.create({ scene: SCENE_ID, active: true });
      await fight.createEmbeddedDocuments("Combatant", [
        { actorId: ILINDE, tokenId: tokenId(ILINDE), sceneId: SCENE_ID },
        { actorId: BRAM, tokenId: tokenId(BRAM), sceneId: SCENE_ID },
      ]);
      await fight.createEmbeddedDocuments("Combatant", [{ actorId: wolf.id, sceneId: SCENE_ID }]);
      return fight.id;
    });
    await world.settle();
    const fight = gm.game.combats.get(fightId) as unknown as { combatants: Iterable<{ id: string; actorId: string; system: { controllerId: string } }> };
    const all = [...fight.combatants];
    const caster = all.find((c) => c.actorId === ILINDE)!;
    expect(all.find((c) => c.actorId === wolf.id)?.system.controllerId).toBe(caster.id);
    expect(all.find((c) => c.actorId === BRAM)?.system.controllerId ?? "").toBe("");
  });

  it("one golem per caster: Ilinde's new golem makes the old one fade (combatant, token, actor); her wolf stays", async () => {
    const world = await createWorld({ packs: false });
    const arena = await seedArena(world);
    const { gm, alice } = arena;
    await learn(arena);
    // Two golem rituals and a call, cast before the fight; their cards' buttons are used in it.
    const cards = [await castCard(arena, "golemancy"), await castCard(arena, "call-of-the-wild"), await castCard(arena, "golemancy")];
    const first = { actorUuid: await useCard(arena, cards[0], { material: "clay", size: "medium", name: "Clay Guard" }) };
    const wolf = { actorUuid: await useCard(arena, cards[1], { animal: "wolf", name: "Grey" }) };
    const firstId = doc<{ id: string }>(gm, first.actorUuid).id;
    // The GM put the first golem's token on the scene.
    await world.as(gm, () => (gm.game.scenes.get(SCENE_ID) as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> })
      .createEmbeddedDocuments("Token", [{ actorId: firstId, x: 100, y: 200 }]));
    await world.settle();
    const tokens = () => [...(gm.game.scenes.get(SCENE_ID) as unknown as { tokens: Iterable<{ actorId: string }> }).tokens].filter((t) => t.actorId === firstId);
    expect(tokens()).toHaveLength(1);
    expect(combat(gm).turns.some((t) => t.actorId === firstId)).toBe(true);

    const second = { actorUuid: await useCard(arena, cards[2], { material: "clay", size: "medium", name: "Iron Sentinel" }) };
    const secondId = doc<{ id: string }>(gm, second.actorUuid).id;
    expect(alice.notifications.at(-1)).toMatchObject({ type: "info", message: "Clay Guard fades away: a caster keeps one golem, and Iron Sentinel takes its place." });
    expect(gm.notifications.at(-1)?.message).toContain("Clay Guard fades away");
    for (const client of [gm, alice]) {
      expect(doc(client, first.actorUuid)).toBeNull();
      expect(doc<{ name: string }>(client, second.actorUuid).name).toBe("Iron Sentinel");
      expect(doc<{ name: string }>(client, wolf.actorUuid).name).toBe("Grey");
    }
    expect(tokens()).toHaveLength(0);
    const turns = combat(alice).turns;
    expect(turns.some((t) => t.actorId === firstId)).toBe(false);
    expect(turns.find((t) => t.actorId === secondId)?.system.controllerId).toBe(combatantId(ILINDE));
    // Bram's golem is his own: Ilinde's next golem leaves it alone.
    const bram = await world.as(gm, () => summonCompanion(doc<{ uuid: string }>(gm, actorUuid(BRAM)), { name: "Bram's Golem", spell: "golemancy" }));
    await world.settle();
    expect(bram?.faded).toEqual([]);
    expect(doc<{ name: string }>(gm, second.actorUuid).name).toBe("Iron Sentinel");
  });
});
