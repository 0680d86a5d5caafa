/**
 * A companion made by a spell becomes an actor (issue 11 item 8): Alice asks for Ilinde's golem;
 * the GM's client creates an NPC owned by Alice, marked with its controller, and a combatant
 * that acts right after Ilinde. A player who does not control the caster is refused. A caster
 * keeps one golem: a new one makes the old one fade — combatant, token and actor (ruling 137).
 */
import { describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { summonCompanion } from "../../src/magic/companions";
import { BRAM, COMBAT_ID, ILINDE, SCENE_ID, actorUuid, combatantId, doc, seedArena, spellItem, tokenId } from "./fixtures";

interface CombatView {
  turns: { id: string; actorId: string; system: { controllerId: string } }[];
  rollInitiative(ids: string[], options?: object): Promise<unknown>;
  combatants: { map<T>(fn: (c: { id: string }) => T): T[] };
}
const combat = (client: WorldClient) => client.game.combats.get(COMBAT_ID) as unknown as CombatView;

describe("companions from spells", () => {
  it("the GM creates the actor and a combatant right after its controller", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedArena(world);
    await world.as(gm, () => combat(gm).rollInitiative(combat(gm).combatants.map((c) => c.id), { chat: false }));
    await world.settle();

    const result = await world.as(alice, () => summonCompanion(doc<{ uuid: string }>(alice, actorUuid(ILINDE)), { name: "Clay Servant", spell: "golemancy" }));
    await world.settle();
    expect(result).not.toBeNull();
    const golem = doc<{ name: string; type: string; isOwner: boolean; flags: { clockwork: { companion: { controllerUuid: string; spell: string } } } }>(alice, result!.actorUuid);
    expect(golem).toMatchObject({ name: "Clay Servant", type: "npc", isOwner: true });
    expect(golem.flags.clockwork.companion).toEqual({ controllerUuid: actorUuid(ILINDE), spell: "golemancy" });
    expect(doc<{ isOwner: boolean }>(bob, result!.actorUuid).isOwner).toBe(false);

    const turns = combat(alice).turns;
    const at = turns.findIndex((t) => t.id === result!.combatantId);
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
    expect(bob.notifications.at(-1)).toMatchObject({ type: "warn", message: "Stolen Golem could not be made: the GM refused or did not answer." });
    expect(actors()).toBe(before);
    expect(combat(gm).turns).toHaveLength(5);
  });

  it("Call of the Wild cast before a fight makes the animal; in the fight it follows its caster", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world, { combat: false });
    const ilinde = () => doc<{ items: { get(id: string): unknown }; castSpell(item: unknown, options?: object): Promise<{ companion?: { actorUuid: string; combatantId: string | null } | null } | null>; createEmbeddedDocuments(n: string, d: object[], o?: object): Promise<unknown> }>(alice, actorUuid(ILINDE));
    await world.as(alice, () => ilinde().createEmbeddedDocuments("Item", [spellItem("Call of the Wild", "magicSpellCallWd")], { keepId: true }));
    await world.settle();
    queueFaces(...Array(12).fill(12));
    const cast = await world.as(alice, () => ilinde().castSpell(ilinde().items.get("magicSpellCallWd"), { companion: { name: "Grey Wolf" } }));
    await world.settle();
    clearQueuedFaces();
    expect(cast?.companion?.combatantId).toBeNull();
    const wolfUuid = cast!.companion!.actorUuid;
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
    const { gm, alice } = await seedArena(world);
    const ilinde = doc<{ uuid: string }>(alice, actorUuid(ILINDE));
    const summon = async (name: string, spell: string) => {
      const made = await world.as(alice, () => summonCompanion(ilinde, { name, spell }));
      await world.settle();
      return made!;
    };
    const first = await summon("Clay Guard", "golemancy");
    const wolf = await summon("Grey", "call-of-the-wild");
    const firstId = doc<{ id: string }>(gm, first.actorUuid).id;
    // The GM put the first golem's token on the scene.
    await world.as(gm, () => (gm.game.scenes.get(SCENE_ID) as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> })
      .createEmbeddedDocuments("Token", [{ actorId: firstId, x: 100, y: 200 }]));
    await world.settle();
    const tokens = () => [...(gm.game.scenes.get(SCENE_ID) as unknown as { tokens: Iterable<{ actorId: string }> }).tokens].filter((t) => t.actorId === firstId);
    expect(tokens()).toHaveLength(1);
    expect(combat(gm).turns.some((t) => t.actorId === firstId)).toBe(true);

    const second = await summon("Iron Sentinel", "golemancy");
    expect(second.faded).toEqual(["Clay Guard"]);
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
    expect(turns.find((t) => t.id === second.combatantId)?.system.controllerId).toBe(combatantId(ILINDE));
    // Bram's golem is his own: Ilinde's next golem leaves it alone.
    const bram = await world.as(gm, () => summonCompanion(doc<{ uuid: string }>(gm, actorUuid(BRAM)), { name: "Bram's Golem", spell: "golemancy" }));
    await world.settle();
    expect(bram?.faded).toEqual([]);
    expect(doc<{ name: string }>(gm, second.actorUuid).name).toBe("Iron Sentinel");
  });
});
