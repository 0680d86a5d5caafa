/**
 * RULING 168 with the GM's Undo (issue 29 item 6, second half): a state that ended because its
 * caster's damage was written is recorded against that card (its ledger entry on the target, the
 * GM's record), and the card's Undo gives it back as it was: the same effect, origin and time
 * left. Charm ends with Ilinde's Greatsword card (a weapon attack); Fear with her Fire Bolt card
 * (a cast). A state the creature holds again since is not doubled: the Undo is refused, with why.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { COMBAT_ID, GREATSWORD, GRUSHA, ILINDE, SCENE_ID, SPELL_IDS, actorUuid, doc, flush, moveToken, seedArena, setCounters, tokenId } from "./world-fixtures";
import { applyAttackCard, undoAttackCard } from "../../src/combat/attack/apply";
import { applyCastCard } from "../../src/magic/cast";
import { undoCastCard } from "../../src/magic/cast-apply";
import { spellEffectsContext } from "../../src/magic/views";

interface EffectView {
  id: string;
  uuid: string;
  name: string;
  origin?: string | null;
  statuses: Set<string>;
  flags: { clockwork?: { spell?: { casterUuid?: string; expires?: unknown; endFlat?: number | null } } };
  toObject(): Record<string, unknown>;
}
interface ActorView {
  uuid: string;
  statuses: Set<string>;
  system: { health: { hits: number; wounds: number; vitalsLost: number } };
  effects: Iterable<EffectView>;
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ data: { targets: { success: boolean; damage: number }[] }; message: { id: string } } | null>;
  attack(item: unknown, options: object): Promise<{ message?: { id: string } } | null>;
  createEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
}

const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const message = <T>(client: WorldClient, id: string) => (client.game.messages as unknown as { get(id: string): T }).get(id);
const health = (client: WorldClient) => ({ ...actor(client, GRUSHA).system.health });
/** The state's effect as it is stored, without core's timestamps. */
const stateOf = (client: WorldClient, status: string) => {
  const effect = [...actor(client, GRUSHA).effects].find((e) => e.statuses.has(status));
  if (!effect) return null;
  const { _stats: _ignored, ...source } = effect.toObject();
  return source;
};
/** What the magic tab shows as left of each spell effect on Grusha, now. */
const remaining = (client: WorldClient) => {
  const combat = client.game.combats.get(COMBAT_ID) as unknown as { id: string; round: number } | undefined;
  return spellEffectsContext(actor(client, GRUSHA).effects, { combat: combat ? { id: combat.id, round: combat.round } : null, worldTime: 0 }).effects.map((e) => ({ name: e.name, remaining: e.remaining }));
};

afterEach(() => clearQueuedFaces());

describe("a state its caster's damage ended comes back on the GM's Undo of that card (RULING 168)", { timeout: 40_000 }, () => {
  it("Charm ended by the charmer's Greatsword card comes back on the Undo, with its origin and the same Flat 7 ending", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    const ilinde = () => actor(alice, ILINDE);
    await moveToken(world, ILINDE, 3, 0);
    queueFaces(12, 12, 6, 2, 2, 2, 2, 2, 2, /* Will */ 12, 2, 2, 2, 2);
    expect((await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS.Charm), { targets: [actorUuid(GRUSHA)] })))?.data.targets[0].success).toBe(true);
    await flush(world);
    const charm = stateOf(gm, "charmed");
    expect(charm).not.toBeNull();
    const left = remaining(gm);
    const before = health(gm);

    // Her Greatsword hits Grusha; the card is applied through the GM: the damage is written and Charm ends.
    await setCounters(world, ILINDE, 6);
    const scene = alice.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } };
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12, /* damage */ 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    const outcome = await world.as(alice, () => ilinde().attack(ilinde().items.get(GREATSWORD), { targets: [scene.tokens.get(tokenId(GRUSHA))], skipDialog: true }));
    await flush(world);
    const id = outcome!.message!.id;
    // Rolled, not applied: the card shows damage, Charm stays (the first half of item 6).
    expect(actor(gm, GRUSHA).statuses.has("charmed")).toBe(true);
    expect(await world.as(alice, () => applyAttackCard(message(alice, id)))).toMatchObject({ ok: true });
    await flush(world);
    expect(health(gm).hits + health(gm).wounds * 10).toBeGreaterThan(before.hits + before.wounds * 10);
    expect(actor(gm, GRUSHA).statuses.has("charmed")).toBe(false);

    // The GM's Undo: the damage goes, and Charm is back as it was (same effect, caster, ending).
    expect(await world.as(gm, () => undoAttackCard(message(gm, id)))).toMatchObject({ ok: true });
    await flush(world);
    expect(health(gm)).toEqual(before);
    expect(actor(gm, GRUSHA).statuses.has("charmed")).toBe(true);
    expect(actor(alice, GRUSHA).statuses.has("charmed")).toBe(true);
    expect(stateOf(gm, "charmed")).toEqual(charm);
    expect(remaining(gm)).toEqual(left);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("Fear ended by the caster's Fire Bolt card comes back on the Undo with the same rounds left; held again since, the Undo is refused", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    const ilinde = () => actor(alice, ILINDE);
    // Ilinde's Fear on Grusha, three rounds left in this combat (the GM places it as a cast would).
    const combat = gm.game.combats.get(COMBAT_ID) as unknown as { round: number; turn: number };
    const expires = { combat: COMBAT_ID, round: combat.round + 3, turn: combat.turn };
    const flag = { identifier: "fear", name: "Fear", gains: 3, dispellable: true, casterUuid: actorUuid(ILINDE), itemUuid: null, effect: "", amount: 0, endFlat: 7, expires };
    const fear = { _id: "fearEffectGrsh01", name: "Fear", statuses: ["feared"], origin: actorUuid(ILINDE), duration: { rounds: 3 }, flags: { clockwork: { spell: flag } } };
    await world.as(gm, () => actor(gm, GRUSHA).createEmbeddedDocuments("ActiveEffect", [fear], { keepId: true }));
    await flush(world);
    const feared = stateOf(gm, "feared");
    expect(feared).not.toBeNull();
    const left = remaining(gm);
    expect(left).toEqual([{ name: "Fear", remaining: { key: "CLOCKWORK.Magic.Effects.Rounds", data: { count: 3 } } }]);
    const before = health(gm);

    // Her Fire Bolt hits, its card applied: Fear ends with the damage.
    await setCounters(world, ILINDE, 6);
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* damage */ 9, 9, 9, 9, 9, 9);
    const bolt = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)], apply: false }));
    await flush(world);
    expect(bolt!.data.targets[0].damage).toBeGreaterThan(0);
    expect(actor(gm, GRUSHA).statuses.has("feared")).toBe(true);
    expect(await world.as(alice, () => applyCastCard(message(alice, bolt!.message.id)))).toBe(true);
    await flush(world);
    expect(actor(gm, GRUSHA).statuses.has("feared")).toBe(false);

    // The GM's Undo: the damage goes and Fear is back, the same effect with the same rounds left.
    const card = () => message<Parameters<typeof undoCastCard>[0]>(gm, bolt!.message.id);
    expect(await world.as(gm, () => undoCastCard(card()))).toBe(true);
    await flush(world);
    expect(health(gm)).toEqual(before);
    expect(stateOf(gm, "feared")).toEqual(feared);
    expect(remaining(gm)).toEqual(left);
    expect([...alice.errors, ...gm.errors]).toEqual([]);

    // Applied again by the GM, Fear ends again; the GM frightens Grusha anew by hand, then undoes
    // the card: two Fears would be one too many, so the Undo is refused and changes nothing.
    expect(await world.as(gm, () => applyCastCard(card()))).toBe(true);
    await flush(world);
    expect(actor(gm, GRUSHA).statuses.has("feared")).toBe(false);
    const hurt = health(gm);
    await world.as(gm, () => actor(gm, GRUSHA).createEmbeddedDocuments("ActiveEffect", [{ ...fear, _id: "fearEffectGrsh02" }], { keepId: true }));
    await flush(world);
    expect(await world.as(gm, () => undoCastCard(card()))).toBe(false);
    await flush(world);
    expect(health(gm)).toEqual(hurt);
    expect([...actor(gm, GRUSHA).effects].filter((e) => e.statuses.has("feared")).map((e) => e.id)).toEqual(["fearEffectGrsh02"]);
    expect(gm.notifications.at(-1)?.message).toBe("Cannot undo on Grusha: it holds Fear again since this card's damage ended it. End that first, or give the state back by hand. Nothing was changed.");
  });
});
