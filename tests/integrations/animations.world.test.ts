/**
 * Issue 22 item 4: the item and token behind a card, and Automated Animations. The fake stands
 * for the module's global `AutomatedAnimations.playAnimation(sourceToken, item, options)` with
 * the options `targets`, `hitTargets` and `playOnMiss` (otigon/automated-jb2a-animations
 * src/index.js and src/system-support/external.js) and its module id `autoanimations`
 * (module.json); it records each call.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { ADA, GRUSHA, SCENE_ID, SWORD, seedFight, tokenId } from "../combat/attack/world-fixtures";
import { setReactionPrompt } from "../../src/combat/attack/reactions";
import type { AttackOutcome } from "../../src/combat/attack/workflow";

type ActorDoc = { uuid: string; items: { get(id: string): { uuid: string } }; attack(item: unknown, options?: object): Promise<AttackOutcome | null>; rollAttack(item: unknown, options?: object): Promise<unknown> };
interface Call { source: unknown; item: unknown; options: { targets?: unknown[]; hitTargets?: unknown[]; playOnMiss?: boolean } }

const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc;
const token = (client: WorldClient, actorId: string) => (client.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): { uuid: string } } }).tokens.get(tokenId(actorId));
const lastMessage = (client: WorldClient) => client.game.messages.contents.at(-1) as unknown as { flags: { clockwork: Record<string, unknown> } };

/** Installs the fake global and marks the module active on `client`. */
function activateAnimations(client: WorldClient): Call[] {
  const calls: Call[] = [];
  (globalThis as Record<string, unknown>).AutomatedAnimations = {
    playAnimation: async (source: unknown, item: unknown, options: Call["options"] = {}) => void calls.push({ source, item, options }),
  };
  (client.game as unknown as { modules: Map<string, unknown> }).modules.set("autoanimations", { id: "autoanimations", active: true });
  return calls;
}

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
  delete (globalThis as Record<string, unknown>).AutomatedAnimations;
});

async function swing(world: World, alice: WorldClient, faces: number): Promise<AttackOutcome> {
  clearQueuedFaces();
  queueFaces(...Array(24).fill(faces));
  const ada = actor(alice, ADA);
  const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)], skipDialog: true }));
  await world.settle();
  return outcome!;
}

describe("Automated Animations", { timeout: 20_000 }, () => {
  it("plays the weapon's animation once per attack, from the attacker to its targets, the hit ones marked", async () => {
    const world = await createWorld({ packs: false });
    const { alice, gm } = await seedFight(world);
    setReactionPrompt(async () => "none");
    const calls = activateAnimations(alice);
    const grusha = token(alice, GRUSHA);

    const hit = await swing(world, alice, 12);
    const miss = await swing(world, alice, 1);
    // One of each, so the hit targets are told apart.
    expect([hit.results[0].hit, miss.results[0].hit]).toEqual([true, false]);
    expect(calls).toHaveLength(2);
    for (const [i, outcome] of [hit, miss].entries()) {
      expect(calls[i].item).toBe(actor(alice, ADA).items.get(SWORD));
      expect(calls[i].source).toBe(token(alice, ADA));
      expect(calls[i].options.targets).toEqual([grusha]);
      expect(calls[i].options.hitTargets).toEqual(outcome.results[0].hit ? [grusha] : []);
      expect(calls[i].options.playOnMiss).toBe(true);
    }
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("stays silent without the module, and the attack goes on", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedFight(world);
    setReactionPrompt(async () => "none");
    const calls: Call[] = [];
    // The global alone (a module installed but not active) is not enough.
    (globalThis as Record<string, unknown>).AutomatedAnimations = { playAnimation: async () => void calls.push({} as Call) };
    const outcome = await swing(world, alice, 6);
    expect(outcome).not.toBeNull();
    expect(calls).toEqual([]);
    expect(alice.errors).toEqual([]);
  });
});

describe("module-facing card data", { timeout: 20_000 }, () => {
  it("attack and roll cards name the item and the token behind them; no number joins them", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedFight(world);
    setReactionPrompt(async () => "none");
    const sword = actor(alice, ADA).items.get(SWORD);
    await swing(world, alice, 6);
    const attack = lastMessage(alice).flags.clockwork;
    expect(attack).toMatchObject({ itemUuid: sword.uuid, tokenUuid: token(alice, ADA).uuid });
    expect(Object.keys(attack).sort()).toEqual(["attack", "itemUuid", "tokenUuid"]);

    queueFaces(...Array(12).fill(6));
    await world.as(alice, () => actor(alice, ADA).rollAttack(sword, { skipDialog: true }));
    await world.settle();
    const roll = lastMessage(alice).flags.clockwork;
    expect(roll).toMatchObject({ itemUuid: sword.uuid, tokenUuid: token(alice, ADA).uuid });
    expect(Object.keys(roll).sort()).toEqual(["itemUuid", "roll", "tokenUuid"]);
  });
});

describe("casting", { timeout: 40_000 }, () => {
  it("a cast card names the spell and the caster's token, and the spell's animation plays on the target it took", async () => {
    const magic = await import("../magic/world-fixtures");
    const world = await createWorld({ packs: false });
    const { alice, gm } = await magic.seedArena(world);
    const calls = activateAnimations(alice);
    const ilinde = alice.game.actors.get(magic.ILINDE) as unknown as ActorDoc & { castSpell(item: unknown, options?: object): Promise<{ data: { success: boolean } } | null> };
    const bolt = ilinde.items.get(magic.SPELL_IDS["Fire Bolt"]);
    // The faces of cast.world.test.ts: Fire Bolt takes Grusha.
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9);
    const result = await world.as(alice, () => ilinde.castSpell(bolt, { targets: [magic.actorUuid(magic.GRUSHA)] }));
    await world.settle();
    expect(result?.data.success).toBe(true);
    const card = (alice.game.messages.contents as unknown as { flags: { clockwork: Record<string, unknown> } }[]).filter((m) => m.flags.clockwork?.cast).at(-1)!;
    const casterToken = (alice.game.scenes.get(magic.SCENE_ID) as unknown as { tokens: { get(id: string): { uuid: string } } }).tokens.get(magic.tokenId(magic.ILINDE));
    const grushaToken = (alice.game.scenes.get(magic.SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(magic.tokenId(magic.GRUSHA));
    expect(card.flags.clockwork).toMatchObject({ itemUuid: bolt.uuid, tokenUuid: casterToken.uuid });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ source: casterToken, item: bolt, options: { targets: [grushaToken], hitTargets: [grushaToken] } });
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });
});
