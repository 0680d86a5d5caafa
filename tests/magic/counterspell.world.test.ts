/**
 * Counterspell interrupting a cast (issue 11 item 4): Alice's Ilinde casts Fire Bolt at Grusha in
 * combat; Bob's Bram, who knows Counterspell and has passed with counters reserved, is offered it
 * on Bob's client after the casting roll. Bram's gains exceed the casting gains: nothing of the
 * Fire Bolt happens, both casters pay, and the card says who countered it. When Bram's gains do
 * not exceed them, the Fire Bolt's damage is applied. An NPC's Counterspell is offered to the GM.
 * Nobody eligible means no one is asked. Bob is told the casting gains only when he could see the
 * cast's card (docs/rulings.md 136): a GM-private NPC cast reaches him without gains or odds; a
 * public cast, whose card everyone sees, with them even when he cannot observe the caster.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { setReactionPrompt } from "../../src/combat/attack/reactions";
import { RELAY_QUERY } from "../../src/relay";
import { setCounterspellPrompt, type CounterspellPromptData } from "../../src/magic/counterspell";
import { BRAM, GRUSHA, ILINDE, SPELL_IDS, actorUuid, combatantUuid, doc, seedArena, setCounters, spellItem } from "./world-fixtures";

interface ActorView {
  system: { health: { hits: number; wounds: number }; mana: { value: number } };
  items: { get(id: string): unknown };
  update(changes: object): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
  castSpell(item: unknown, options?: object): Promise<{ data: { gains: number; countered: boolean; counteredBy?: string | null; targets: { success: boolean; failure: string | null; damage: number }[] }; applied: boolean } | null>;
}
type Counters = { available: number; reserved: number; hadTurn: boolean; passed: boolean };

const COUNTERSPELL = "magicSpellCntrsp";
const actor = (client: WorldClient, id: string) => doc<ActorView>(client, actorUuid(id));
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: Counters } }>(client, combatantUuid(id)).system.counters;
const skills = (ranks: Record<string, number>) => Object.fromEntries(Object.entries(ranks).map(([k, v]) => [`system.skills.${k}.rank`, v]));

/**
 * Bram learns Counterspell (Magic 9, Spellcraft 6), has 10 mana, and has passed with 2 counters
 * reserved; Bob may observe Ilinde (the party's sheets are open to each other) unless `observe` is false.
 */
async function teachBram(world: World, gm: WorldClient, { observe = true } = {}): Promise<void> {
  await world.as(gm, async () => {
    if (observe) await actor(gm, ILINDE).update({ [`ownership.${world.player("Bob").userId}`]: 2 });
    const bram = actor(gm, BRAM);
    await bram.update({ ...skills({ celestial: 7, elemental: 5, soul: 6, spellcraft: 6 }), "system.mana.value": 10 });
    await bram.createEmbeddedDocuments("Item", [spellItem("Counterspell", COUNTERSPELL)], { keepId: true });
    const combatant = doc<{ update(c: object): Promise<unknown> }>(gm, combatantUuid(BRAM));
    await combatant.update({ "system.counters": { available: 0, reserved: 2, hadTurn: true, passed: true } });
  });
  await world.settle();
}

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
  setCounterspellPrompt(null);
});

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("Counterspell interrupting a cast", { timeout: 20_000 }, () => {
  it("Bob's Bram counters Ilinde's Fire Bolt: no damage, both pay, the card names Bram", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await teachBram(world, gm);
    setReactionPrompt(async () => "none");
    const asked: { user: string; data: CounterspellPromptData }[] = [];
    setCounterspellPrompt(async (data) => {
      asked.push({ user: (game.user as unknown as { name: string }).name, data });
      return true;
    });
    const grushaBefore = actor(gm, GRUSHA).system.health;
    const ilinde = () => actor(alice, ILINDE);
    // Ilinde: 5 gains; Bram's Counterspell: 9 twelves; no damage dice are rolled.
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* Bram */ 12, 12, 12, 12, 12, 12, 12, 12, 12);
    const bolt = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();

    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ user: "Bob", data: { reactor: "Bram", caster: "Ilinde", spell: "Fire Bolt", gains: 5, mana: 4, counters: 2 } });
    expect(asked[0].data.chance).toBeGreaterThan(0.3);
    expect(asked[0].data.chance).toBeLessThan(1);
    expect(bolt?.data).toMatchObject({ gains: 5, countered: true, counteredBy: "Bram" });
    expect(bolt!.data.targets[0]).toMatchObject({ success: false, failure: "countered", damage: 0 });
    expect(actor(gm, GRUSHA).system.health).toMatchObject({ hits: grushaBefore.hits, wounds: grushaBefore.wounds });
    // The caster still pays (§3.1 Counterspell), and so does the counterspeller.
    expect(actor(gm, ILINDE).system.mana.value).toBe(30 - 4);
    expect(counters(gm, ILINDE).available).toBe(6 - 2);
    expect(actor(gm, BRAM).system.mana.value).toBe(10 - 4);
    expect(counters(gm, BRAM).reserved).toBe(0);
    // The cast cards (the GM's whispered numbers for their targets are messages of their own).
    const contents = [...(gm.game.messages as Iterable<{ content: string; flags: { clockwork?: { cast?: { spell: { identifier: string } } } } }>)].filter((m) => m.flags.clockwork?.cast);
    expect(contents.map((m) => m.flags.clockwork?.cast?.spell.identifier)).toEqual(["counterspell", "fire-bolt"]);
    expect(contents.at(-1)!.content).toContain("Countered by Bram");
  });

  it("the GM reads who countered a cast from Bram's own Counterspell card: a copy of the card that leaves it out is refused", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await teachBram(world, gm);
    setReactionPrompt(async () => "none");
    setCounterspellPrompt(async () => true);
    const ilinde = () => actor(alice, ILINDE);
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* Bram */ 12, 12, 12, 12, 12, 12, 12, 12, 12);
    const bolt = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)], apply: false }));
    await world.settle();
    clearQueuedFaces();
    const real = (bolt as unknown as { message: { flags: { clockwork: { cast: Record<string, unknown> & { request: { castId: string } } } }; rolls: { toJSON(): unknown }[] } }).message;
    // Bram's card (Bob wrote it) names the cast it answered.
    const counterCard = [...(gm.game.messages as Iterable<{ flags: { clockwork?: { cast?: { spell: { identifier: string }; request?: { answers?: string | null } } } } }>)].find((m) => m.flags.clockwork?.cast?.spell.identifier === "counterspell");
    expect(counterCard?.flags.clockwork?.cast?.request?.answers).toBe(real.flags.clockwork.cast.request.castId);
    const forged = { ...structuredClone(real.flags.clockwork.cast), countered: false, counteredBy: null };
    const ChatMessage = () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ uuid: string }> } }).ChatMessage;
    const note = await world.as(alice, () => ChatMessage().create({ content: "a Fire Bolt", rolls: real.rolls.map((r) => r.toJSON()), flags: { clockwork: { cast: forged } } }));
    await world.settle();
    const before = actor(gm, GRUSHA).system.health;
    const answer = await world.as(alice, () => (alice.game.users.get(gm.userId) as unknown as { query(n: string, d: unknown): Promise<{ ok: boolean; problem?: { key: string } }> })
      .query(RELAY_QUERY, { kind: "cast.apply", args: {}, cause: note.uuid, userId: alice.userId }));
    await world.settle();
    expect(answer).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Magic.Trust.CounterspellRecorded" } });
    expect(actor(gm, GRUSHA).system.health).toEqual(before);
  });

  it("a Counterspell that does not exceed the casting gains fails: Bram pays, the Fire Bolt lands", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await teachBram(world, gm);
    setReactionPrompt(async () => "none");
    setCounterspellPrompt(async () => true);
    const ilinde = () => actor(alice, ILINDE);
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* Bram */ 1, 1, 1, 1, 1, 1, 1, 1, 1, /* damage */ 9, 9, 9, 9, 9, 9);
    const bolt = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();

    expect(bolt?.data).toMatchObject({ gains: 5, countered: false, counteredBy: null });
    expect(bolt!.data.targets[0].success).toBe(true);
    expect(bolt!.data.targets[0].damage).toBeGreaterThan(0);
    expect(actor(gm, GRUSHA).system.health.hits + actor(gm, GRUSHA).system.health.wounds).toBeGreaterThan(0);
    expect(actor(gm, BRAM).system.mana.value).toBe(6);
    expect(counters(gm, BRAM).reserved).toBe(0);
  });

  it("an NPC's Counterspell is offered to the GM, on the GM's client", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await world.as(gm, async () => {
      const grusha = actor(gm, GRUSHA);
      await grusha.update({ ...skills({ celestial: 7, elemental: 5, soul: 6, spellcraft: 6 }), "system.mana.value": 8 });
      await grusha.createEmbeddedDocuments("Item", [spellItem("Counterspell", COUNTERSPELL)], { keepId: true });
      await doc<{ update(c: object): Promise<unknown> }>(gm, combatantUuid(GRUSHA)).update({ "system.counters": { available: 0, reserved: 2, hadTurn: true, passed: true } });
    });
    await world.settle();
    setReactionPrompt(async () => "none");
    const asked: { gm: boolean; reactor: string }[] = [];
    setCounterspellPrompt(async (data) => {
      asked.push({ gm: (game.user as unknown as { isGM: boolean }).isGM, reactor: data.reactor });
      return true;
    });
    const ilinde = () => actor(alice, ILINDE);
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* Grusha */ 12, 12, 12, 12, 12, 12, 12, 12, 12);
    const bolt = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(BRAM)] }));
    await world.settle();
    expect(asked).toEqual([{ gm: true, reactor: "Grusha" }]);
    expect(bolt?.data).toMatchObject({ countered: true, counteredBy: "Grusha" });
    expect(actor(gm, GRUSHA).system.mana.value).toBe(4);
  });

  it("Bob's prompt for a GM-private NPC cast carries no gains or odds; his Counterspell card compares with nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world);
    await teachBram(world, gm);
    await world.as(gm, async () => {
      const grusha = actor(gm, GRUSHA);
      await grusha.update({ ...skills({ celestial: 7, elemental: 5, soul: 6, spellcraft: 6 }), "system.mana.value": 8 });
      await grusha.createEmbeddedDocuments("Item", [spellItem("Fire Bolt", SPELL_IDS["Fire Bolt"])], { keepId: true });
    });
    await setCounters(world, GRUSHA, 6);
    setReactionPrompt(async () => "none");
    const asked: { user: string; data: CounterspellPromptData }[] = [];
    setCounterspellPrompt(async (data) => {
      asked.push({ user: (game.user as unknown as { name: string }).name, data });
      return true;
    });
    const grusha = () => actor(gm, GRUSHA);
    // Grusha: 5 gains, rolled for the GM only; Bram's Counterspell: 9 twelves.
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* Bram */ 12, 12, 12, 12, 12, 12, 12, 12, 12);
    const bolt = await world.as(gm, () => grusha().castSpell(grusha().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(ILINDE)], rollMode: "gmroll" }));
    await world.settle();

    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ user: "Bob", data: { reactor: "Bram", caster: "Grusha", gains: null, chance: null } });
    // The caster's side still decides: 9 twelves beat 5 gains.
    expect(bolt?.data).toMatchObject({ gains: 5, countered: true, counteredBy: "Bram" });
    const messages = (client: WorldClient) => [...(client.game.messages as Iterable<{ content: string; visible: boolean; flags: { clockwork?: { cast?: { spell: { identifier: string }; sealed?: boolean; targets: { opposingGains: number | null; chance: number | null }[] } } } }>)];
    const counter = messages(bob).find((m) => m.flags.clockwork?.cast?.spell.identifier === "counterspell")!;
    expect(counter.flags.clockwork!.cast).toMatchObject({ sealed: true, targets: [{ opposingGains: null, chance: null }] });
    expect(counter.content).toContain("Against a roll you cannot see");
    // Grusha's card is the GM's only (GM roll): Bob is not shown it.
    const fireBolt = (client: WorldClient) => messages(client).filter((m) => m.flags.clockwork?.cast?.spell.identifier === "fire-bolt");
    expect(fireBolt(gm).map((m) => m.visible)).toEqual([true]);
    // Its dice are the message's rolls (the GM applies from them): Bob sees a private roll, never its content.
    expect(fireBolt(bob).some((m) => (m as unknown as { isContentVisible: boolean }).isContentVisible)).toBe(false);
  });

  it("a public cast of a caster Bob cannot observe reaches him with its gains, as its card will; a Counterspell too weak fails", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await teachBram(world, gm, { observe: false });
    setReactionPrompt(async () => "none");
    const asked: CounterspellPromptData[] = [];
    setCounterspellPrompt(async (data) => {
      asked.push(data);
      return true;
    });
    const ilinde = () => actor(alice, ILINDE);
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* Bram */ 1, 1, 1, 1, 1, 1, 1, 1, 1, /* damage */ 9, 9, 9, 9, 9, 9);
    const bolt = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)], rollMode: "publicroll" }));
    await world.settle();
    expect(asked).toMatchObject([{ reactor: "Bram", gains: bolt!.data.gains }]);
    expect(asked[0].chance).toBeGreaterThan(0);
    expect(bolt?.data).toMatchObject({ countered: false, counteredBy: null });
    expect(bolt!.data.targets[0].damage).toBeGreaterThan(0);
  });

  it("nobody is asked when no combatant may counterspell, or when the cast skips the window", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    await teachBram(world, gm);
    setReactionPrompt(async () => "none");
    let asked = 0;
    setCounterspellPrompt(async () => {
      asked++;
      return true;
    });
    const ilinde = () => actor(alice, ILINDE);
    const bolt = () => world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)], counterspell: false }));
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9);
    expect((await bolt())?.data.countered).toBe(false);
    // Bram has no mana left for it: no offer, no wait.
    await world.as(gm, () => actor(gm, BRAM).update({ "system.mana.value": 3 }));
    await world.settle();
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9);
    const plain = await world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)] }));
    await world.settle();
    expect(plain?.data.countered).toBe(false);
    expect(asked).toBe(0);
  });
});
