/**
 * Dying, death, stabilizing and minions in the multi-user world (issue 10 items 9, 12): the GM
 * follows every health write — dying with its overlay and a death roll at once, again on each
 * of its turns and when damaged; dead with its overlay and the combatant defeated; minions out
 * at once; Stabilize by a player through the GM; minion groups attacking as one.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { statusDocumentId } from "../../src/combat/conditions";
import { clearQueuedFaces } from "../world";
import { actorOn, as, combatOn, countersOn, createFight, queueFaces, type Fight } from "./world-setup";

let fight: Fight;
beforeEach(async () => {
  fight = await createFight();
  await as(fight, fight.alice, () => game.settings?.set("clockwork", "autoRollOwnChecks", true));
  await as(fight, fight.bob, () => game.settings?.set("clockwork", "autoRollOwnChecks", true));
});
afterEach(() => fight.world.close());

type Message = { rolls: { constructor: { name: string } }[]; _source: { author: string } };
const deathRolls = () => (fight.gm.game.messages.contents as unknown as Message[]).filter((m) => m.rolls[0]?.constructor.name === "DeathRoll");
const statuses = (key: keyof Fight["actors"], client = fight.gm) => [...(actorOn(client, fight.actors[key]).statuses as Set<string>)].sort();
const health = (key: keyof Fight["actors"]) => actorOn(fight.gm, fight.actors[key]).system.health as Record<string, number | boolean>;
const effect = (key: keyof Fight["actors"], id: string) => (actorOn(fight.gm, fight.actors[key]).effects as unknown as { get(id: string): { flags: { core?: { overlay?: boolean } } } | undefined }).get(statusDocumentId(id));
// 7 to 11: no fatal wound (below 7 is one, a 1 two, a 12 cancels one).
const noOnes = () => queueFaces(9, 9, 9, 9, 9, 9);
/**
 * Takes a character's last vital. The GM follows the write (the first time after loading the
 * combat code, which world.settle() does not see): done once the death roll it asks for is posted.
 */
async function down(key: keyof Fight["actors"]): Promise<void> {
  const before = deathRolls().length;
  await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors[key]).update({ "system.health.vitalsLost": 6 }));
  await fight.world.settle();
  expect(deathRolls().length).toBeGreaterThan(before);
  await fight.world.settle();
}

describe("dying", () => {
  it("losing the last vital: the dying status over the token, and the owner's death roll at once", async () => {
    noOnes();
    await down("ada");
    expect(statuses("ada", fight.bob)).toEqual(["dying"]);
    expect(effect("ada", "dying")?.flags.core?.overlay).toBe(true);
    expect(deathRolls().map((m) => m._source.author)).toEqual([fight.alice.userId]);
  });

  it("a death roll every turn while dying, and the turn is lost", async () => {
    noOnes();
    await down("ada");
    noOnes();
    await as(fight, fight.gm, (c) => c.startCombat());
    noOnes();
    await as(fight, fight.gm, (c) => c.nextRound());
    await fight.world.settle();
    expect(deathRolls()).toHaveLength(3);
    expect(health("ada")).toMatchObject({ dying: true, dead: false, wounds: 0 });
    expect(countersOn(fight.gm, fight, "ada")).toEqual({ available: 0, reserved: 0, hadTurn: true, passed: true });
  });

  it("another death roll when a dying creature takes damage (the damage writer's clockwork.damageApplied hook)", async () => {
    noOnes();
    await down("ada");
    const { DAMAGE_APPLIED_HOOK } = await import("../../src/relay");
    const application = { damage: 3, absorbed: 0, woundsAdded: 0, vitalsLost: 0, becameDying: false, died: false, deathRollRequired: true };
    const callAll = (...args: unknown[]) => (Hooks as unknown as { callAll(...a: unknown[]): boolean }).callAll(...args);
    noOnes();
    await as(fight, fight.gm, () => callAll(DAMAGE_APPLIED_HOOK, actorOn(fight.gm, fight.actors.ada), application, { userId: fight.bob.userId }));
    await fight.world.settle();
    expect(deathRolls()).toHaveLength(2);
    await as(fight, fight.gm, () => callAll(DAMAGE_APPLIED_HOOK, actorOn(fight.gm, fight.actors.ada), { ...application, damage: 0, absorbed: 3 }, {}));
    // Absorbed damage asks for no roll; a damaging hit after it is the sync point (its roll is the only new one).
    noOnes();
    await as(fight, fight.gm, () => callAll(DAMAGE_APPLIED_HOOK, actorOn(fight.gm, fight.actors.ada), application, { userId: fight.bob.userId }));
    await fight.world.settle();
    expect(deathRolls().length).toBeGreaterThan(2);
    await fight.world.settle();
    expect(deathRolls()).toHaveLength(3);
  });

  it("damage to a creature already dying written by the GM (as a player's relayed Apply is): done, and a death roll follows", async () => {
    noOnes();
    await down("ada");
    const { writeOwned } = await import("../../src/relay");
    const stored = { ...health("ada") };
    noOnes();
    // Bob does not own Ada: the GM writes it (a relayed card's Apply runs this on the GM's client).
    // Nothing stored changes (no vitals left to lose), which is no failure.
    const result = await as(fight, fight.gm, () => writeOwned([{ op: "damage", uuid: `Actor.${fight.actors.ada}`, amount: 3 }]));
    expect(result).toMatchObject({ ok: true, viaGM: false });
    expect(result.ok && result.results[0].application).toMatchObject({ deathRollRequired: true, becameDying: false, died: false });
    expect(fight.gm.notifications.filter((n) => n.type !== "info")).toEqual([]);
    expect(health("ada")).toEqual(stored);
    await fight.world.settle();
    expect(deathRolls().map((m) => m._source.author)).toEqual([fight.alice.userId, fight.alice.userId]);
    // Alice damaging her own dying character writes locally; the death roll follows there too.
    noOnes();
    const own = await as(fight, fight.alice, () => writeOwned([{ op: "damage", uuid: `Actor.${fight.actors.ada}`, amount: 2, unavoidable: true }]));
    expect(own).toMatchObject({ ok: true, viaGM: false });
    await fight.world.settle();
    expect(deathRolls()).toHaveLength(3);
    await fight.world.settle();
    expect(fight.world.clients.flatMap((c) => c.errors)).toEqual([]);
  });

  it("wounds above grit: dead, the dead overlay instead of dying, the combatant defeated", async () => {
    queueFaces(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    await down("ada");
    expect(health("ada").dead).toBe(true);
    await fight.world.settle();
    expect(statuses("ada")).toEqual(["dead"]);
    expect(effect("ada", "dead")?.flags.core?.overlay).toBe(true);
    await fight.world.settle();
    expect(combatOn(fight.bob, fight.combatId).combatants.get(fight.ids.ada)?.defeated).toBe(true);
  });

  it("a vital clicked back takes back the wounds of the death roll losing it caused, and only those (issue 29 item 7; §4.14)", async () => {
    await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.wounds": 1 }));
    // The automatic death roll: a 1 is two fatal wounds.
    queueFaces(1, 9, 9, 9, 9, 9);
    await down("ada");
    await fight.world.settle();
    expect(health("ada")).toMatchObject({ dying: true, wounds: 3 });
    await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.vitalsLost": 5 }));
    await fight.world.settle();
    await fight.world.settle();
    expect(health("ada")).toMatchObject({ dying: false, dead: false, wounds: 1, vitalsLost: 5 });
    expect(statuses("ada")).toEqual([]);
    expect(fight.world.clients.flatMap((c) => c.errors)).toEqual([]);
  });

  it("a vital back ends dying", async () => {
    noOnes();
    await down("ada");
    await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.vitalsLost": 5 }));
    await fight.world.settle();
    expect(statuses("ada")).toEqual([]);
  });
});

describe("stabilize", () => {
  async function stabilize(): Promise<{ success: boolean; gains: number } | null> {
    const { stabilize: run } = await import("../../src/combat/dying");
    const combatant = combatOn(fight.bob, fight.combatId).combatants.get(fight.ids.bo) as never;
    return as(fight, fight.bob, () => run(actorOn(fight.bob, fight.actors.bo) as never, actorOn(fight.bob, fight.actors.ada) as never, { combatant, skipDialog: true }));
  }

  beforeEach(async () => {
    await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.wounds": 2 }));
    noOnes();
    await down("ada");
    noOnes();
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.gm, (c) => c.nextTurn());
  });

  it("a player's healer rolls Mind / Knowledge against the wounds; the GM ends dying and marks stabilized", async () => {
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    const result = await stabilize();
    expect(result?.success).toBe(true);
    expect(health("ada").dying).toBe(false);
    await fight.world.settle();
    expect(statuses("ada", fight.alice)).toEqual(["stabilized"]);
    expect(countersOn(fight.gm, fight, "bo").available).toBe(4);
  });

  it("too few gains: still dying", async () => {
    queueFaces(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
    const result = await stabilize();
    expect(result).toEqual({ success: false, gains: 0 });
    expect(health("ada").dying).toBe(true);
    expect(fight.bob.notifications.at(-1)?.message).toBe("Ada is still dying.");
  });

  it("a stabilized creature sits out its turns; the end of combat brings it back", async () => {
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    await stabilize();
    await fight.world.settle();
    expect(statuses("ada")).toEqual(["stabilized"]);
    await as(fight, fight.gm, (c) => c.nextRound());
    expect(countersOn(fight.gm, fight, "ada")).toEqual({ available: 0, reserved: 0, hadTurn: true, passed: true });
    await as(fight, fight.gm, (c) => c.delete());
    await fight.world.settle();
    expect(statuses("ada")).toEqual([]);
  });
});

describe("stabilize from the sheet's action list (issue 19 item 7)", () => {
  type Msg = { rolls: { constructor: { name: string }; gains?: number }[]; _source: { author: string }; flags: { clockwork?: { stabilize?: { targetUuid: string } } } };
  const bobsMessages = () => (fight.gm.game.messages.contents as unknown as Msg[]).filter((m) => m._source.author === fight.bob.userId);
  async function takeStabilize(): Promise<{ ok: boolean; paid?: number }> {
    const { performCombatAction } = await import("../../src/combat/actions");
    return as(fight, fight.bob, () => performCombatAction(actorOn(fight.bob, fight.actors.bo) as never, { key: "stabilize" }));
  }

  beforeEach(async () => {
    await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.wounds": 2 }));
    noOnes();
    await down("ada");
    noOnes();
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.gm, (c) => c.nextTurn());
  });

  it("Bo's Stabilize finds the only dying creature, rolls Medicine once, charges 2 counters once, and Ada is stabilized", async () => {
    const before = bobsMessages().length;
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    const result = await takeStabilize();
    await fight.world.settle();
    expect(result).toEqual({ ok: true, paid: 2 });
    expect(countersOn(fight.gm, fight, "bo").available).toBe(4);
    expect(health("ada").dying).toBe(false);
    expect(statuses("ada", fight.alice)).toEqual(["stabilized"]);
    // One message: the Medicine roll, marked as this attempt (no separate "took" line).
    const posted = bobsMessages().slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0].rolls[0].constructor.name).toBe("GainRoll");
    expect(posted[0].flags.clockwork?.stabilize?.targetUuid).toBe(actorOn(fight.gm, fight.actors.ada).uuid);
  });

  it("a failed roll still charges once and leaves Ada dying", async () => {
    queueFaces(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
    const result = await takeStabilize();
    await fight.world.settle();
    expect(result).toEqual({ ok: true, paid: 2 });
    expect(countersOn(fight.gm, fight, "bo").available).toBe(4);
    expect(health("ada").dying).toBe(true);
  });

  it("a luck reroll of the failed Medicine roll re-applies it: the better attempt stabilizes Ada, no second charge", async () => {
    queueFaces(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
    await takeStabilize();
    await fight.world.settle();
    expect(health("ada").dying).toBe(true);
    const message = (fight.bob.game.messages.contents as unknown as Msg[]).filter((m) => m.flags.clockwork?.stabilize).at(-1);
    const { spendLuck } = await import("../../src/dice/luck");
    // The first roll left queued faces over: the reroll gets only 12s.
    clearQueuedFaces();
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    await as(fight, fight.bob, () => spendLuck(message as never));
    await fight.world.settle();
    await fight.world.settle();
    expect(health("ada").dying).toBe(false);
    expect(statuses("ada")).toEqual(["stabilized"]);
    expect(countersOn(fight.gm, fight, "bo").available).toBe(4);
  });

  it("nobody dying: a localized warning, nothing charged, nothing rolled", async () => {
    await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.vitalsLost": 5, "system.health.dying": false }));
    await fight.world.settle();
    const before = bobsMessages().length;
    const result = await takeStabilize();
    expect(result).toEqual({ ok: false });
    expect(countersOn(fight.gm, fight, "bo").available).toBe(6);
    expect(bobsMessages()).toHaveLength(before);
    expect(fight.bob.notifications.at(-1)?.message).toBe("Target the dying creature Bo should stabilize: none, or more than one, is dying here.");
  });
});

describe("queries answered from the answering world (issue 18 item 2)", () => {
  type Queried = { query(name: string, data: unknown): Promise<{ ok?: boolean; problem?: { key: string }; success?: boolean }> };
  const ask = (from: typeof fight.gm, to: typeof fight.gm, name: string, data: unknown) =>
    fight.world.as(from, () => (from.game.users.get(to.userId) as unknown as Queried).query(name, data));

  it("the owner's death roll clears the GM's request: asking again is refused and rolls nothing", async () => {
    noOnes();
    await down("ada");
    const owed = () => (actorOn(fight.gm, fight.actors.ada).flags as { clockwork?: { deathRollOwed?: unknown } }).clockwork?.deathRollOwed ?? null;
    expect(owed()).toBeNull();
    expect(deathRolls().at(-1)?._source.author).toBe(fight.alice.userId);
    const before = deathRolls().length;
    const answer = await ask(fight.bob, fight.alice, "clockwork.deathRoll", { actorUuid: (actorOn(fight.gm, fight.actors.ada) as unknown as { uuid: string }).uuid, reason: "damage" });
    await fight.world.settle();
    expect(answer.problem?.key).toBe("CLOCKWORK.Query.Refused.NoDeathRollOwed");
    expect(deathRolls().length).toBe(before);
  });

  it("a death roll owed is the GM's record: Alice's roll from the tray makes the GM clear it, her own write of it is refused (issue 34)", async () => {
    noOnes();
    await down("ada");
    const ada = () => actorOn(fight.gm, fight.actors.ada) as unknown as { uuid: string; flags: { clockwork?: { deathRollOwed?: unknown } }; update(c: object): Promise<unknown> };
    // The GM asks again (a death roll Alice declined stays owed, the tray offers it).
    await as(fight, fight.gm, () => ada().update({ "flags.clockwork.deathRollOwed": "damage" }));
    await fight.world.settle();
    const writers: string[] = [];
    fight.gm.Hooks.on("updateActor", (actor: { id: string }, changes: { flags?: { clockwork?: Record<string, unknown> } }, _o: unknown, userId: string) => {
      if (actor.id === fight.actors.ada && changes.flags?.clockwork && "deathRollOwed" in changes.flags.clockwork) writers.push(userId);
    });
    const { rollOwedDeath } = await import("../../src/combat/death-tray");
    noOnes();
    const alices = actorOn(fight.alice, fight.actors.ada) as unknown as Parameters<typeof rollOwedDeath>[0] & { update(c: object): Promise<unknown> };
    expect(await as(fight, fight.alice, () => rollOwedDeath(alices))).toBe(true);
    await fight.world.settle();
    expect(ada().flags.clockwork?.deathRollOwed ?? null).toBeNull();
    expect(writers).toEqual([fight.gm.userId]);
    // Alice cannot ask herself for another one.
    await as(fight, fight.alice, () => alices.update({ "flags.clockwork.deathRollOwed": "dying" }));
    await fight.world.settle();
    expect(ada().flags.clockwork?.deathRollOwed ?? null).toBeNull();
    expect(fight.alice.notifications.at(-1)?.message).toBe("Only the Gamemaster's client records Ada's death rolls owed and the stabilize rolls used on it; nothing was changed.");
  });

  it("a death roll made by hand for a healthy creature is refused with a message", async () => {
    const result = await as(fight, fight.alice, () => (actorOn(fight.alice, fight.actors.ada) as unknown as { rollDeath(): Promise<unknown> }).rollDeath());
    expect(result).toBeNull();
    expect(deathRolls()).toHaveLength(0);
    expect(fight.alice.notifications.at(-1)?.message).toBe("Ada is not dying: only a dying creature makes a death roll.");
  });

  it("stabilize reads the gains from the healer's message: gains 99 in the data with a 1-gain roll leaves the target dying", async () => {
    await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.wounds": 2 }));
    noOnes();
    await down("ada");
    queueFaces(12, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    let message: { uuid: string; update(c: object): Promise<unknown> } | null = null;
    const id = fight.bob.Hooks.on("clockwork.roll", (_a: unknown, _r: unknown, posted: typeof message) => { message = posted; });
    await as(fight, fight.bob, () => (actorOn(fight.bob, fight.actors.bo) as unknown as { rollSkill(s: string, o: object): Promise<unknown> }).rollSkill("knowledge", { skipDialog: true }));
    fight.bob.Hooks.off("clockwork.roll", id);
    const adaUuid = (actorOn(fight.gm, fight.actors.ada) as unknown as { uuid: string }).uuid;
    await as(fight, fight.bob, () => message!.update({ "flags.clockwork.stabilize": { targetUuid: adaUuid } }));
    const answer = await ask(fight.bob, fight.gm, "clockwork.stabilize", { targetUuid: adaUuid, messageUuid: message!.uuid, gains: 99 });
    await fight.world.settle();
    expect(answer).toEqual({ ok: true, success: false });
    expect(health("ada").dying).toBe(true);
    // Applied once: the same roll again is refused.
    const again = await ask(fight.bob, fight.gm, "clockwork.stabilize", { targetUuid: adaUuid, messageUuid: message!.uuid });
    expect(again.problem?.key).toBe("CLOCKWORK.Query.Refused.UsedRoll");
  });
});

describe("minions", () => {
  it("a minion has one vital and is dead when it loses it: no dying, no death roll, defeated", async () => {
    await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.gob).update({ "system.minion": true }));
    expect(health("gob").vitalsMax).toBe(1);
    await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.gob).update({ "system.health.vitalsLost": 1 }));
    await fight.world.settle();
    expect(combatOn(fight.gm, fight.combatId).combatants.get(fight.ids.gob)?.defeated).toBe(true);
    await fight.world.settle();
    expect(statuses("gob")).toEqual(["dead"]);
    await fight.world.settle();
    expect(health("gob")).toMatchObject({ dead: true, dying: false });
    expect(deathRolls()).toEqual([]);
  });

  it("identical minions become one combatant that attacks as a group (+1 attack and damage die per extra member)", async () => {
    const [goblin] = await fight.world.seed("Actor", [{ name: "Goblin", type: "npc", system: { minion: true } }]);
    const [sceneId] = await fight.world.seed("Scene", [{ name: "Cave", active: true, tokens: [1, 2, 3].map((n) => ({ _id: `goblinToken0000${n}`, name: `Goblin ${n}`, actorId: goblin, actorLink: false })) }]);
    await as(fight, fight.gm, (c) => c.createEmbeddedDocuments("Combatant", [1, 2, 3].map((n) => ({ actorId: goblin, tokenId: `goblinToken0000${n}`, sceneId, name: `Goblin ${n}` }))));
    const combat = combatOn(fight.gm, fight.combatId);
    const ids = combat.combatants.contents.filter((c) => c.actorId === goblin).map((c) => c.id);
    const { groupMinions } = await import("../../src/combat/minions");
    const leader = await as(fight, fight.gm, () => groupMinions(combat as never, ids));
    expect(combat.combatants.contents.filter((c) => c.actorId === goblin)).toHaveLength(1);
    const group = combat.combatants.get(leader as string) as unknown as { name: string; members: string[]; standingMembers(): number; groupAttack(input: object): { attacker: { situational: number }; weapon: { damageDice: number } } };
    expect(group.members).toHaveLength(3);
    expect(group.name).toBe("Goblin 1 ×3");
    const input = { attacker: { attribute: 6, rank: 8 }, weapon: { kind: "melee", damageDice: 4 } };
    expect(group.standingMembers()).toBe(3);
    expect(group.groupAttack(input)).toMatchObject({ attacker: { situational: 2 }, weapon: { damageDice: 6 } });
    // One member falls: the group attacks with one die fewer.
    const scene = fight.gm.game.scenes.get(sceneId) as unknown as { tokens: { get(id: string): { actor: { update(c: object): Promise<unknown> } } } };
    await as(fight, fight.gm, () => scene.tokens.get("goblinToken00001").actor.update({ "system.health.vitalsLost": 1 }));
    expect(group.standingMembers()).toBe(2);
    expect(group.groupAttack(input)).toMatchObject({ attacker: { situational: 1 }, weapon: { damageDice: 5 } });
    // The first member was the group's token: the band fights on through a standing member, undefeated.
    expect(combat.combatants.get(leader as string)?.defeated).toBe(false);
    expect((group as unknown as { actor: { token: { id: string } } }).actor.token.id).toBe("goblinToken00002");
    await as(fight, fight.gm, (c) => c.startCombat());
    const band = combatOn(fight.gm, fight.combatId).combatants.get(leader as string) as unknown as { checkSpend(n: number): { problem: string | null } };
    expect(band.checkSpend(2).problem).not.toBe("cannotAct");
  });

  it("refuses to group what is not a set of identical minions", async () => {
    const { groupMinions } = await import("../../src/combat/minions");
    const combat = combatOn(fight.gm, fight.combatId);
    expect(await as(fight, fight.gm, () => groupMinions(combat as never, [fight.ids.gob, fight.ids.orc]))).toBeNull();
    expect(fight.gm.notifications.at(-1)?.message).toBe("Only minions can form a group.");
  });
});
