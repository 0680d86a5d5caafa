/**
 * Flourish (§1.27: after a missed attack, attack again for 1 counter, and again) in the
 * multi-user world (issue 34): the GM's side records that Ada's last action was a missed attack
 * from her card (src/combat/attack/last-miss*.ts, worked out from the card's rolls), the sheet's
 * list opens Flourish while her counters are as that attack left them, the follow-up costs 1 and
 * may repeat after another miss; another action or a hit closes it; Alice cannot write the record.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../../world";
import { ADA, GRUSHA, SCENE_ID, actorUuid, combatantUuid, doc, seedFight, tokenId } from "./world-fixtures";
import { combatActionsFor, performCombatAction } from "../../../src/combat/actions";
import type { ActingActor } from "../../../src/combat/actions/perform";
import { setReactionPrompt } from "../../../src/combat/attack/reactions";

const FLAIL = "attackAdaFlail01";
type ActorDoc = ActingActor & { flags: { clockwork?: Record<string, unknown> }; update(c: object): Promise<unknown>; createEmbeddedDocuments(n: string, d: object[], o?: object): Promise<unknown> };
const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc;
const available = (client: WorldClient) => doc<{ system: { counters: { available: number } } }>(client, combatantUuid(ADA)).system.counters.available;
const flourish = async (world: Awaited<ReturnType<typeof createWorld>>, alice: WorldClient) =>
  (await world.as(alice, () => combatActionsFor(actor(alice, ADA)))).groups.flatMap((g) => g.actions).find((a) => a.key === "flourish");
const grusha = (client: WorldClient) => (client.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(GRUSHA)) as never;

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
});

describe("Flourish", { timeout: 30_000 }, () => {
  it("opens after a missed attack for 1 counter, repeats after another miss, and closes after another action or a hit", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world, { counters: { [ADA]: { available: 6, reserved: 0, hadTurn: true, passed: false } } });
    setReactionPrompt(async () => "none");
    await world.as(gm, () => actor(gm, ADA).createEmbeddedDocuments("Item", [
      { _id: FLAIL, name: "Flail", type: "weapon", system: { category: "melee", group: "club", hands: "main", counters: 2, damage: { dice: 8, types: ["blunt"] }, properties: [{ key: "flourish", damageType: "" }] } },
    ], { keepId: true }));
    await world.as(gm, () => actor(gm, ADA).update({ "system.equipped.mainHand": FLAIL }));
    await world.settle();
    expect(await flourish(world, alice)).toMatchObject({ disabled: true, reason: "Only after a missed attack" });

    // A miss (every die a 1): the GM records it, Flourish opens for 1.
    queueFaces(...Array(40).fill(1));
    const missed = await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "attack", weaponId: FLAIL, attack: { targets: [grusha(alice)], skipDialog: true } }));
    await world.settle();
    expect(missed).toMatchObject({ ok: true, paid: 2 });
    expect(available(gm)).toBe(4);
    expect(actor(gm, ADA).flags.clockwork?.lastAttackMissed).toMatchObject({ counters: { available: 4, reserved: 0 } });
    expect(await flourish(world, alice)).toMatchObject({ cost: "1", disabled: false });

    // Alice cannot keep it open by hand.
    await world.as(alice, () => actor(alice, ADA).update({ "flags.clockwork.lastAttackMissed": { messageId: "x", combatantId: "y", counters: { available: 1, reserved: 0 } } }));
    await world.settle();
    expect(actor(gm, ADA).flags.clockwork?.lastAttackMissed).toMatchObject({ counters: { available: 4 } });

    // The follow-up misses again: 1 counter, and Flourish stays open.
    queueFaces(...Array(40).fill(1));
    const again = await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "flourish", attack: { targets: [grusha(alice)], skipDialog: true } }));
    await world.settle();
    expect(again).toMatchObject({ ok: true, paid: 1 });
    expect(available(gm)).toBe(3);
    expect(await flourish(world, alice)).toMatchObject({ disabled: false });

    // Another action in between: closed.
    await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "dropProne" }));
    await world.settle();
    expect(available(gm)).toBe(2);
    expect(await flourish(world, alice)).toMatchObject({ disabled: true });
    await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "stand" }));
    await world.settle();

    // A hit (every die a 12) takes the record off.
    queueFaces(...Array(40).fill(1));
    await world.as(gm, () => doc<{ update(c: object): Promise<unknown> }>(gm, combatantUuid(ADA)).update({ "system.counters.available": 6 }));
    await world.settle();
    await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "attack", weaponId: FLAIL, attack: { targets: [grusha(alice)], skipDialog: true } }));
    await world.settle();
    expect(actor(gm, ADA).flags.clockwork?.lastAttackMissed).toBeTruthy();
    clearQueuedFaces();
    queueFaces(...Array(40).fill(12));
    const hit = await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "flourish", attack: { targets: [grusha(alice)], skipDialog: true } }));
    await world.settle();
    expect(hit).toMatchObject({ ok: true, paid: 1 });
    expect(actor(gm, ADA).flags.clockwork?.lastAttackMissed ?? null).toBeNull();
    expect(await flourish(world, alice)).toMatchObject({ disabled: true });
    expect(actorUuid(ADA)).toBeTruthy();
  });
});
