/**
 * The Medicine check to stabilize (issue 29 item 2; book L968) in the multi-user world: the
 * healer needs medical equipment on its person and must reach the dying creature. Bob's Bram,
 * 4 spaces from dying Grusha with only a longsword, is refused before anything is rolled; with a
 * medical kit he is still out of reach; next to it he stabilizes it. The GM checks the same from
 * its own world when a roll made from afar is sent to it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { BRAM, GRUSHA, actorUuid, doc, moveToken, seedArena } from "../magic/world-fixtures";
import { stabilize } from "../../src/combat/dying";

interface ActorView {
  uuid: string;
  name: string;
  system: { health: { dying: boolean } };
  statuses: Set<string>;
  update(changes: object): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
  rollSkill(skill: string, options: object): Promise<unknown>;
}
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const KIT = { _id: "medicineBramKit1", name: "Medical Kit", type: "equipment", system: { category: "kit" } };

afterEach(() => clearQueuedFaces());

async function grushaDying(world: World): Promise<void> {
  queueFaces(9, 9, 9, 9, 9, 9);
  await world.as(world.gm, () => actor(world.gm, GRUSHA).update({ "system.health.wounds": 2, "system.health.vitalsLost": 6, "system.health.dying": true }));
  await world.settle();
  clearQueuedFaces();
}

const stabilizeRolls = (client: WorldClient) => (client.game.messages.contents as unknown as { flags: { clockwork?: { stabilize?: unknown } } }[]).filter((m) => m.flags.clockwork?.stabilize);

describe("Medicine stabilizes only with medical equipment, within reach (L968)", { timeout: 30_000 }, () => {
  it("4 spaces away with a longsword: refused; with a kit, still out of reach; next to it: stabilized", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    await grushaDying(world);
    const bram = () => actor(bob, BRAM);
    const grusha = () => actor(bob, GRUSHA);

    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    expect(await world.as(bob, () => stabilize(bram() as never, grusha() as never, { skipDialog: true }))).toBeNull();
    expect(bob.notifications.at(-1)?.message).toBe("Bram carries no medical kit: the Medicine check needs one (an equipment item of the Kit category named for medicine).");
    expect(stabilizeRolls(gm)).toHaveLength(0);

    await world.as(gm, () => actor(gm, BRAM).createEmbeddedDocuments("Item", [KIT], { keepId: true }));
    await world.settle();
    expect(await world.as(bob, () => stabilize(bram() as never, grusha() as never, { skipDialog: true }))).toBeNull();
    expect(bob.notifications.at(-1)?.message).toBe("Grusha is beyond Bram's reach: the healer must be able to reach the dying creature.");
    expect(stabilizeRolls(gm)).toHaveLength(0);
    expect(actor(gm, GRUSHA).system.health.dying).toBe(true);

    await moveToken(world, BRAM, 3, 0);
    const result = await world.as(bob, () => stabilize(bram() as never, grusha() as never, { skipDialog: true }));
    await world.settle();
    expect(result?.success).toBe(true);
    expect(actor(gm, GRUSHA).system.health.dying).toBe(false);
    expect([...gm.errors, ...bob.errors]).toEqual([]);
  });

  it("the GM refuses a stabilize roll its healer made out of reach, by where the tokens stand in its world", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world, { combat: false });
    await grushaDying(world);
    await world.as(gm, () => actor(gm, BRAM).createEmbeddedDocuments("Item", [KIT], { keepId: true }));
    await world.settle();
    // Bob rolls by hand 4 spaces away and marks the roll as a stabilize on Grusha.
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    let message: { uuid: string; update(c: object): Promise<unknown> } | null = null;
    const id = bob.Hooks.on("clockwork.roll", (_a: unknown, _r: unknown, posted: typeof message) => { message = posted; });
    await world.as(bob, () => actor(bob, BRAM).rollSkill("knowledge", { skipDialog: true }));
    bob.Hooks.off("clockwork.roll", id);
    const grushaUuid = actor(gm, GRUSHA).uuid;
    await world.as(bob, () => message!.update({ "flags.clockwork.stabilize": { targetUuid: grushaUuid } }));
    const gmUser = bob.game.users.get(gm.userId) as unknown as { query(name: string, data: object): Promise<{ ok: boolean; problem?: { key: string } }> };
    const answer = await world.as(bob, () => gmUser.query("clockwork.stabilize", { targetUuid: grushaUuid, messageUuid: message!.uuid }));
    await world.settle();
    expect(answer.problem?.key).toBe("CLOCKWORK.Query.Refused.HealerOutOfReach");
    expect(actor(gm, GRUSHA).system.health.dying).toBe(true);
  });
});
