/**
 * A companion made by a spell becomes an actor (issue 11 item 8): Alice asks for Ilinde's golem;
 * the GM's client creates an NPC owned by Alice, marked with its controller, and a combatant
 * that acts right after Ilinde. A player who does not control the caster is refused.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type WorldClient } from "../world";
import { summonCompanion } from "../../src/magic/companions";
import { COMBAT_ID, ILINDE, actorUuid, combatantId, doc, seedArena } from "./fixtures";

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
});
