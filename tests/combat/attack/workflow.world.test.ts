/**
 * Issue 10 item 5 in the multi-user world: `actor.attack(item, { targets })` from a player's
 * client against an NPC the GM owns — reactions asked through the query, counters paid, one card
 * with per-target results, Apply through the GM, Undo by the GM, hidden numbers, stale cards and
 * the bad-input cases of the acceptance list.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../../world";
import {
  ADA, BRAM, GRENADE, GRUSHA, MINION, SWORD, actorUuid, combatantUuid, doc, placeToken, seedFight, tokenId, SCENE_ID,
} from "./world-fixtures";
import { setReactionPrompt, type ReactionQueryData } from "../../../src/combat/attack/reactions";
import { attackData, cardFor, renderAttackCard, viewerFor, type AttackMessage } from "../../../src/combat/attack/chat";
import { applyAttackCard, undoAttackCard } from "../../../src/combat/attack/apply";
import { relay } from "../../../src/relay";
import type { AttackOutcome } from "../../../src/combat/attack/workflow";

type Doc = Record<string, unknown> & { system: Record<string, unknown> };
type ActorDoc = Doc & { items: { get(id: string): unknown }; attack(item: unknown, options?: object): Promise<AttackOutcome | null> };

const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc;
const token = (client: WorldClient, actorId: string) => (client.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(actorId));
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: Record<string, number | boolean> } }>(client, combatantUuid(id)).system.counters;
const health = (client: WorldClient, id: string) => doc<{ system: { health: Record<string, number | boolean> } }>(client, actorUuid(id)).system.health;
const messages = (client: WorldClient) => client.game.messages.contents as unknown as AttackMessage[];

function setSetting(world: World, key: string, value: unknown): Promise<unknown> {
  return world.as(world.gm, () => world.gm.game.settings.set("clockwork", key, value));
}

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
});

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("actor.attack", { timeout: 20_000 }, () => {
  it("a player attacks an NPC: the GM is asked for its reaction, counters are paid, one card shows the result", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const asked: { user: string; data: ReactionQueryData }[] = [];
    setReactionPrompt(async (data) => {
      asked.push({ user: (globalThis as unknown as { game: { user: { name: string } } }).game.user.name, data });
      return "dodge";
    });
    queueFaces(...Array(12).fill(10), ...Array(12).fill(8));
    const ada = actor(alice, ADA);
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)], skipDialog: true }));
    await world.settle();
    expect(outcome).not.toBeNull();
    expect(asked).toHaveLength(1);
    expect(asked[0].user).toBe("Gamemaster");
    expect(asked[0].data.choices.map((c) => c.reaction)).toEqual(["none", "dodge"]);
    expect(outcome!.reactions[outcome!.session.targets[0].key]).toEqual({ reaction: "dodge", by: "gm" });
    // The attack's 2 counters from Ada, the dodge's 1 from Grusha (during its turn: from available).
    expect(counters(gm, ADA)).toMatchObject({ available: 4 });
    expect(counters(gm, GRUSHA)).toMatchObject({ available: 5 });
    const card = attackData(messages(gm).at(-1)!)!;
    expect(card.targets).toHaveLength(1);
    expect(card.targets[0]).toMatchObject({ name: "Grusha", reaction: "dodge", hit: outcome!.results[0].hit });
    // Every viewer reads what the target did and who decided it (issue 20).
    expect(card.targets[0].reactionBy).toBe("gm");
    expect((messages(gm).at(-1) as unknown as { content: string }).content).toContain("Dodged (the GM decided)");
    // The card's flags hold no defense; the GM's client works it out from the card.
    expect(card.targets[0].defense).toBeUndefined();
    expect((await world.as(gm, () => cardFor(messages(gm).at(-1)!)))!.targets[0].defense).toBe(outcome!.results[0].setup.defense.total);
    expect(card.counters).toBe(2);
    // Nothing was applied yet.
    expect(health(gm, GRUSHA)).toMatchObject({ hits: 0, wounds: 0, vitalsLost: 0 });
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("attacking with no target asks for one and changes nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const ada = actor(alice, ADA);
    const before = messages(gm).length;
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), { skipDialog: true }));
    await world.settle();
    expect(outcome).toBeNull();
    expect(alice.notifications).toEqual([{ type: "warn", message: "Target at least one token to attack (or pass targets to actor.attack)." }]);
    expect(messages(gm).length).toBe(before);
    expect(counters(gm, ADA)).toMatchObject({ available: 6 });
  });

  it("the user's targeted tokens are the default targets", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    setReactionPrompt(async () => "none");
    (alice.user as unknown as { targets: Set<unknown> }).targets = new Set([token(alice, GRUSHA)]);
    const ada = actor(alice, ADA);
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), { skipDialog: true }));
    await world.settle();
    expect(outcome?.data.targets.map((t) => t.name)).toEqual(["Grusha"]);
    expect(attackData(messages(gm).at(-1)!)).not.toBeNull();
  });

  it("a reaction query that times out resolves to none", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    await setSetting(world, "reactionTimeout", 0.05);
    await world.settle();
    // The owner answers too late: after the 50 ms the query allows.
    setReactionPrompt(() => new Promise((resolve) => setTimeout(() => resolve("dodge"), 300)));
    const ada = actor(alice, ADA);
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)], skipDialog: true }));
    await world.settle();
    const key = outcome!.session.targets[0].key;
    expect(outcome!.reactions[key]).toEqual({ reaction: "none", by: "timeout" });
    expect((messages(gm).at(-1) as unknown as { content: string }).content).toContain("Did not react (no answer in time)");
    expect(counters(gm, GRUSHA)).toMatchObject({ available: 6 });
  });

  it("a preset reaction keeps who decided it (a two-weapon attack's second strike): the card names the decider", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    let asked = 0;
    setReactionPrompt(async () => { asked++; return "dodge"; });
    const ada = actor(alice, ADA);
    const grusha = token(alice, GRUSHA) as { uuid: string };
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), {
      targets: [grusha], skipDialog: true, reactions: { [grusha.uuid]: { reaction: "none", by: "gm" } }, reactionsPaid: true,
    }));
    await world.settle();
    expect(asked).toBe(0);
    expect(outcome!.data.targets[0].reactionBy).toBe("gm");
    expect((messages(gm).at(-1) as unknown as { content: string }).content).toContain("Did not react (the GM decided)");
  });

  it("the world setting lets the system pick an NPC's reaction without asking", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    await setSetting(world, "npcReactions", "auto");
    await world.settle();
    let asked = 0;
    setReactionPrompt(async () => { asked++; return "none"; });
    const ada = actor(alice, ADA);
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)], skipDialog: true }));
    await world.settle();
    expect(asked).toBe(0);
    const decision = outcome!.reactions[outcome!.session.targets[0].key];
    expect(decision.by).toBe("auto");
    expect(decision.reaction).toBe("dodge");
    expect(counters(gm, GRUSHA)).toMatchObject({ available: 5 });
  });

  it("a player's character is asked through its player", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedFight(world);
    const asked: string[] = [];
    setReactionPrompt(async () => {
      asked.push((globalThis as unknown as { game: { user: { name: string } } }).game.user.name);
      return "block";
    });
    const grusha = actor(gm, GRUSHA);
    const outcome = await world.as(gm, () => grusha.attack(grusha.items.get("attackGrushaClub"), { targets: [token(gm, BRAM)], skipDialog: true }));
    await world.settle();
    expect(asked).toEqual(["Bob"]);
    expect(outcome!.data.targets[0].reaction).toBe("block");
    expect(counters(bob, BRAM)).toMatchObject({ available: 5 });
  });

  it("a reaction's counter is paid once per attacker action: the reactor's owner answers, the GM's side pays and records it (issue 34)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedFight(world);
    let asked = 0;
    setReactionPrompt(async () => { asked++; return "dodge"; });
    const writers: string[] = [];
    gm.Hooks.on("updateCombatant", (c: { id: string }, _changes: unknown, _o: unknown, userId: string) => { if (combatantUuid(BRAM).endsWith(c.id)) writers.push(userId); });
    const grusha = actor(gm, GRUSHA);
    const outcome = await world.as(gm, () => grusha.attack(grusha.items.get("attackGrushaClub"), { targets: [token(gm, BRAM)], skipDialog: true }));
    await world.settle();
    expect(outcome!.data.targets[0].reaction).toBe("dodge");
    expect(counters(gm, BRAM)).toMatchObject({ available: 5 });
    // Bob answered; the record is the GM's, so the GM's client paid the counter as it recorded the dodge.
    expect(writers).toEqual([gm.userId]);
    expect((actor(gm, BRAM) as unknown as { flags: { clockwork?: { reactedTo?: Record<string, string> } } }).flags.clockwork?.reactedTo?.[outcome!.data.reactionId!]).toBe("dodge");
    // The same request again (Grusha has not acted since the attack was paid … its counters are
    // what they are now): answered once more at most, and a repeat of that answer pays nothing.
    // (Without an attack id nothing is recorded: Bob's own client pays, the GM counts none of it.)
    const data = {
      attacker: "Grusha", weapon: "Club", target: "Bram", timeout: 2_000, actorUuid: actorUuid(BRAM), reactorUuid: combatantUuid(BRAM), attackerUuid: combatantUuid(GRUSHA),
      choices: [{ reaction: "none", defense: 10, chanceToHit: 0.5, expectedDamage: 3 }, { reaction: "dodge", defense: 13, chanceToHit: 0.3, expectedDamage: 2 }],
    };
    const query = () => world.as(gm, () => (gm.game.users.get(bob.userId) as unknown as { query(n: string, d: unknown): Promise<unknown> }).query("clockwork.reaction", data));
    const [first, second] = await Promise.all([query(), query()]);
    await world.settle();
    expect(first).toEqual({ ok: true, reaction: "dodge", paid: true });
    expect(second).toEqual(first);
    expect(counters(gm, BRAM)).toMatchObject({ available: 4 });
    expect(asked).toBe(2);
  });

  it("spending counters one does not have gets a localized warning and changes nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world, { counters: { [ADA]: { available: 1, reserved: 0, hadTurn: true, passed: false } } });
    let asked = 0;
    setReactionPrompt(async () => { asked++; return "dodge"; });
    const ada = actor(alice, ADA);
    const before = messages(gm).length;
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)], skipDialog: true }));
    await world.settle();
    expect(outcome).toBeNull();
    expect(alice.notifications).toEqual([{ type: "warn", message: "Ada does not have enough counters left for that." }]);
    expect(asked).toBe(0);
    expect(messages(gm).length).toBe(before);
    expect(counters(gm, ADA)).toMatchObject({ available: 1 });
    expect(counters(gm, GRUSHA)).toMatchObject({ available: 6 });
  });

  it("a defenseless target is not asked and faces its base defense", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedFight(world, { counters: { [GRUSHA]: { available: 0, reserved: 0, hadTurn: false, passed: false } } });
    let asked = 0;
    setReactionPrompt(async () => { asked++; return "dodge"; });
    const ada = actor(alice, ADA);
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)], skipDialog: true }));
    expect(asked).toBe(0);
    expect(outcome!.results[0].setup.reactions).toEqual({ dodge: "defenseless", block: "defenseless" });
    expect(outcome!.results[0].setup.defense.total).toBe((actor(alice, GRUSHA).system.defense as { base: number }).base);
  });

  it("a feinted target pays for its dodge against the next melee attack but gains nothing (§4.17)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const ada = actor(alice, ADA);
    const key = (token(alice, GRUSHA) as { uuid: string }).uuid;
    // The GM answers for Grusha and pays its counter (the attacker declares no one else's reaction).
    setReactionPrompt(async () => "dodge");
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), {
      targets: [token(alice, GRUSHA)], skipDialog: true, situations: { [key]: { feinted: true } },
    }));
    await world.settle();
    expect(outcome!.results[0].setup.reaction).toBe("dodge");
    expect(outcome!.results[0].setup.defense.total).toBe(outcome!.results[0].setup.defense.parts.base);
    expect(counters(gm, GRUSHA)).toMatchObject({ available: 5 });
  });

  it("Apply from the player goes through the GM; Undo by the GM restores the track", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    setReactionPrompt(async () => "none");
    queueFaces(...Array(12).fill(12), ...Array(12).fill(12));
    const ada = actor(alice, ADA);
    await world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)], skipDialog: true }));
    await world.settle();
    const before = { ...health(gm, GRUSHA) };
    const writers: string[] = [];
    gm.Hooks.on("updateActor", (_a: unknown, _c: unknown, _o: unknown, userId: string) => writers.push(userId));
    const message = messages(alice).at(-1)!;
    const card = attackData(message)!;
    expect(card.targets[0].hit).toBe(true);
    const result = await world.as(alice, () => applyAttackCard(message));
    await world.settle();
    expect(result).toMatchObject({ ok: true, viaGM: true });
    expect(writers).toEqual([gm.userId]);
    const after = health(gm, GRUSHA);
    expect(after).not.toEqual(before);
    expect(after.wounds).toBe((await world.as(gm, () => cardFor(messages(gm).at(-1)!)))!.targets[0].health!.woundsAdded);
    expect(attackData(messages(gm).at(-1)!)!.applied?.[card.targets[0].key]).toMatchObject({ userId: alice.userId });
    // A second Apply finds nothing to do.
    const again = await world.as(alice, () => applyAttackCard(messages(alice).at(-1)!));
    expect(again).toBeNull();
    expect(alice.notifications.at(-1)?.message).toBe("Everything on this card was applied already.");
    // Undo (GM) reverts what the ledger recorded (needs the relay's ledger: passes after the merge).
    const undone = await world.as(gm, () => undoAttackCard(messages(gm).at(-1)!));
    await world.settle();
    expect(undone).toMatchObject({ ok: true });
    expect(health(gm, GRUSHA)).toMatchObject({ hits: before.hits, wounds: before.wounds, vitalsLost: before.vitalsLost });
    expect(attackData(messages(gm).at(-1)!)!.applied?.[card.targets[0].key]).toBeNull();
  });

  it("Undo is the GM's: the card's author may not undo, another player may not apply her card (attack.undo, attack.apply)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice, bob } = await seedFight(world);
    setReactionPrompt(async () => "none");
    queueFaces(...Array(12).fill(12), ...Array(12).fill(12));
    const ada = actor(alice, ADA);
    await world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)], skipDialog: true }));
    await world.settle();
    const cause = messages(gm).at(-1)!.uuid;
    const byBob = await world.as(bob, () => relay("attack.apply", {}, { cause, notify: false }));
    expect(byBob).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.NotYourCard" } });
    expect(await world.as(alice, () => applyAttackCard(messages(alice).at(-1)!))).toMatchObject({ ok: true, viaGM: true });
    await world.settle();
    const applied = { ...health(gm, GRUSHA) };
    const byAlice = await world.as(alice, () => relay("attack.undo", {}, { cause, notify: false }));
    await world.settle();
    expect(byAlice).toMatchObject({ ok: false, problem: { key: "CLOCKWORK.Relay.GMOnly" } });
    expect(health(gm, GRUSHA)).toEqual(applied);
  });

  it("defense, resistance and health show only to users who may observe the target", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedFight(world);
    setReactionPrompt(async () => "none");
    // The minion next to Grusha, in her club's reach.
    await placeToken(world, MINION, 1, 1);
    const grusha = actor(gm, GRUSHA);
    await world.as(gm, () => grusha.attack(grusha.items.get("attackGrushaClub"), { targets: [token(gm, ADA)], skipDialog: true }));
    const adaOutcome = await world.as(gm, () => grusha.attack(grusha.items.get("attackGrushaClub"), { targets: [token(gm, MINION)], skipDialog: true }));
    await world.settle();
    const [onAda, onMinion] = messages(bob).slice(-2);
    expect(adaOutcome).not.toBeNull();
    // Bob observes Ada: her numbers show; he may not observe the minion: hit and damage only.
    const adaHtml = await world.as(bob, () => renderAttackCard(cardFor(onAda)!, viewerFor(onAda)));
    const minionHtml = await world.as(bob, () => renderAttackCard(cardFor(onMinion)!, viewerFor(onMinion)));
    expect(adaHtml).toContain("data-defense=");
    expect(adaHtml).toContain("data-wounds=");
    expect(minionHtml).not.toContain("data-defense=");
    expect(minionHtml).not.toContain("data-resistance=");
    expect(minionHtml).toContain("data-damage=");
    // The stored content shows no target's numbers.
    expect(String((onAda as unknown as { content: string }).content)).not.toContain("data-defense=");
  });

  it("a stale chat card whose actor was deleted says so, and cannot be applied", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    setReactionPrompt(async () => "none");
    queueFaces(...Array(12).fill(12), ...Array(12).fill(12));
    const grusha = actor(gm, GRUSHA);
    await world.as(gm, () => grusha.attack(grusha.items.get("attackGrushaClub"), { targets: [token(gm, BRAM)], skipDialog: true }));
    await world.settle();
    await world.as(gm, () => (gm.game.actors.get(GRUSHA) as unknown as { delete(): Promise<unknown> }).delete());
    await world.settle();
    const message = messages(gm).at(-1)!;
    const html = await world.as(gm, () => renderAttackCard(attackData(message)!, viewerFor(message)));
    expect(html).toContain("Grusha no longer exists: this card can no longer be applied.");
    expect(html).not.toContain('data-cw-attack="apply"');
    const result = await world.as(gm, () => applyAttackCard(message));
    expect(result).toBeNull();
    expect(gm.notifications.at(-1)).toEqual({ type: "warn", message: "Grusha no longer exists: this card can no longer be applied." });
    expect(health(gm, BRAM)).toMatchObject({ hits: 0, wounds: 0 });
  });

  it("an area attack rolls once against every creature in the area at base defense, with no reactions", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    let asked = 0;
    setReactionPrompt(async () => { asked++; return "dodge"; });
    const ada = actor(alice, ADA);
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(GRENADE), { targets: [token(alice, GRUSHA)], skipDialog: true }));
    await world.settle();
    expect(asked).toBe(0);
    expect(outcome!.data.attacks).toHaveLength(1);
    expect(outcome!.data.targets.map((t) => t.name).sort()).toEqual(["Ada", "Bram", "Grusha"]);
    for (const r of outcome!.results) expect(r.setup.defense.total).toBe(r.setup.defense.parts.base);
    expect(counters(gm, ADA)).toMatchObject({ available: 2 });
  });
});
