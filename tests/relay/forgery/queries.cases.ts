/**
 * Forged requests for the queries other than the GM write relay (issue 18 items 2 and 7): death
 * rolls, end-of-turn checks, stabilize, initiative, reactions, spell reactions and Counterspell,
 * each sent from Bob's client to the client that answers it. The table: the fight of
 * tests/combat/world-setup (Alice owns Ada, Bob owns Bo, NPCs Gob and Orc), started, Ada's turn
 * just ended (Bo's is current) and she has caught fire since; Orc is dying with 2 wounds and owes no death roll; Gob is Burning;
 * Bob's healer Bo made a stabilize roll on Orc that failed (applied once), and made a plain
 * Knowledge roll.
 */
import type { WorldClient } from "../../world";
import { actorOn, as, combatOn, createFight, queueFaces, type Fight } from "../../combat/world-setup";
import type { ForgeryCase } from "./case";

export interface QueryTable {
  fight: Fight;
  uuid: Record<"ada" | "bo" | "gob" | "orc", string>;
  combatant: Record<"ada" | "bo" | "gob" | "orc", string>;
  /** Bo's failed stabilize roll on Orc (1 gain against 2 wounds), already applied. */
  usedStabilize: string;
  /** Bo's Knowledge roll re-flagged by Bob as Ada's roll stabilizing Orc (Bob does not own Ada). */
  notHealersRoll: string;
  /** Bo's Knowledge roll flagged as stabilizing Gob, who is healthy. */
  healthyTarget: string;
}

type Doc = { uuid: string; update(c: object): Promise<unknown> };

/** Bo's Knowledge roll as Bob's client posts it; resolves the message. */
async function boRoll(fight: Fight, faces: number[]): Promise<Doc> {
  queueFaces(...faces);
  let message: Doc | null = null;
  const id = fight.bob.Hooks.on("clockwork.roll", (_a: unknown, _r: unknown, posted: Doc) => { message = posted; });
  await as(fight, fight.bob, () => (actorOn(fight.bob, fight.actors.bo) as unknown as { rollSkill(s: string, o: object): Promise<unknown> }).rollSkill("knowledge", { skipDialog: true }));
  fight.bob.Hooks.off("clockwork.roll", id);
  return message!;
}

export async function queryTable(): Promise<QueryTable> {
  const fight = await createFight();
  for (const client of [fight.gm, fight.alice, fight.bob]) await as(fight, client, () => game.settings?.set("clockwork", "autoRollOwnChecks", true));
  const { addStatus } = await import("../../../src/combat/conditions");
  await as(fight, fight.gm, () => addStatus(actorOn(fight.gm, fight.actors.gob) as never, "burning"));
  await as(fight, fight.gm, (c) => c.startCombat());
  await as(fight, fight.gm, (c) => c.nextTurn());
  await as(fight, fight.gm, () => addStatus(actorOn(fight.gm, fight.actors.ada) as never, "burning"));
  await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.orc).update({ "system.health.wounds": 2 }));
  // Orc goes down: the GM rolls its death roll at once (no 1s: no fatal wound).
  queueFaces(9, 9, 9, 9, 9, 9);
  await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.orc).update({ "system.health.vitalsLost": 6 }));
  await fight.world.settle();
  const uuid = Object.fromEntries(Object.entries(fight.actors).map(([k, id]) => [k, (actorOn(fight.gm, id) as unknown as Doc).uuid])) as QueryTable["uuid"];
  const combat = combatOn(fight.gm, fight.combatId);
  const combatant = Object.fromEntries(Object.entries(fight.ids).map(([k, id]) => [k, (combat.combatants.get(id) as unknown as Doc).uuid])) as QueryTable["combatant"];
  // Bob's honest stabilize on Orc, failed (threshold faces: 1 gain against 2 wounds) and applied once.
  const { stabilize } = await import("../../../src/combat/dying");
  queueFaces(12, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
  await as(fight, fight.bob, () => stabilize(actorOn(fight.bob, fight.actors.bo) as never, actorOn(fight.bob, fight.actors.orc) as never, { skipDialog: true }));
  const used = (fight.gm.game.messages.contents as unknown as (Doc & { flags: { clockwork?: { stabilize?: unknown } } })[]).filter((m) => m.flags.clockwork?.stabilize).at(-1)!;
  const other = await boRoll(fight, [12, 12, 12, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
  await as(fight, fight.bob, () => other.update({ "flags.clockwork.stabilize": { targetUuid: uuid.orc }, "flags.clockwork.roll.actorUuid": uuid.ada }));
  const healthy = await boRoll(fight, [12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12]);
  await as(fight, fight.bob, () => healthy.update({ "flags.clockwork.stabilize": { targetUuid: uuid.gob } }));
  return { fight, uuid, combatant, usedStabilize: used.uuid, notHealersRoll: other.uuid, healthyTarget: healthy.uuid };
}

const DEATH = "clockwork.deathRoll";
const END = "clockwork.endOfTurnChecks";
const STABILIZE = "clockwork.stabilize";
const INITIATIVE = "clockwork.rollInitiative";
const REACTION = "clockwork.reaction";
const SPELL_REACTION = "clockwork.spellReaction";
const COUNTERSPELL = "clockwork.counterspell";
const RECORD = "clockwork.reactionRecord";

type Case = ForgeryCase<QueryTable>;
const burning = { statusId: "burning", kind: "flat", target: 7, rolls: 1, chance: 0.5 };
const frozen = { statusId: "frozen", kind: "flat", target: 7, rolls: 1, chance: 0.5, becomes: "chilled" };

function from(t: QueryTable, to: (f: Fight) => WorldClient, data: (t: QueryTable) => unknown) {
  return { from: t.fight.bob, to: to(t.fight), data: data(t) };
}
const gm = (f: Fight) => f.gm;
const alice = (f: Fight) => f.alice;

function choices(chance = 0.5) {
  return [{ reaction: "none", defense: 10, chanceToHit: chance, expectedDamage: 3 }, { reaction: "dodge", defense: 14, chanceToHit: 0.3, expectedDamage: 2 }];
}
function reaction(t: QueryTable, parts: Record<string, unknown>) {
  return { attacker: "Bo", weapon: "Sword", target: "x", choices: choices(), timeout: 2_000, ...parts };
}

export const queryForgeries: Case[] = [
  // Death rolls: only a dying creature the GM asked, on its owner's client.
  { name: "death roll for a healthy NPC, sent to the GM", query: DEATH, forgery: "wrong-state", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.gob, reason: "dying" })) },
  { name: "death roll for Alice's healthy character, sent to Alice", query: DEATH, forgery: "wrong-state", build: async (t) => from(t, alice, () => ({ actorUuid: t.uuid.ada, reason: "damage" })) },
  { name: "death roll for a dying NPC that owes none", query: DEATH, forgery: "reused-cause", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.orc, reason: "damage" })) },
  { name: "death roll claiming the GM's id", query: DEATH, forgery: "claimed-gm", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.orc, reason: "turn", userId: t.fight.gm.userId })) },
  { name: "death roll for Bob's own character, healthy", query: DEATH, forgery: "own-id", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.bo, reason: "dying", userId: t.fight.bob.userId })) },
  { name: "death roll for Bo sent to Alice (not hers), claiming Alice", query: DEATH, forgery: "claimed-player", build: async (t) => from(t, alice, () => ({ actorUuid: t.uuid.bo, reason: "dying", userId: t.fight.alice.userId })) },
  { name: "death roll with no actor", query: DEATH, forgery: "out-of-range", build: async (t) => from(t, gm, () => ({ actorUuid: 42, reason: "dying" })) },
  // End-of-turn checks: only the statuses held, at the end of that combatant's turn.
  { name: "end checks for a status Ada does not have", query: END, forgery: "wrong-state", build: async (t) => from(t, alice, () => ({ combatId: t.fight.combatId, combatantId: t.fight.ids.ada, checks: [frozen] })) },
  { name: "end checks for Gob's Burning, not at its turn's end", query: END, forgery: "wrong-state", build: async (t) => from(t, gm, () => ({ combatId: t.fight.combatId, combatantId: t.fight.ids.gob, checks: [burning] })) },
  { name: "end checks claiming the GM's id", query: END, forgery: "claimed-gm", build: async (t) => from(t, gm, () => ({ combatId: t.fight.combatId, combatantId: t.fight.ids.gob, checks: [burning], userId: t.fight.gm.userId })) },
  { name: "end checks for Ada sent to Alice, claiming Alice", query: END, forgery: "claimed-player", build: async (t) => from(t, alice, () => ({ combatId: t.fight.combatId, combatantId: t.fight.ids.ada, checks: [frozen], userId: t.fight.alice.userId })) },
  { name: "end checks for Bo (own id), not at its turn's end", query: END, forgery: "own-id", build: async (t) => from(t, gm, () => ({ combatId: t.fight.combatId, combatantId: t.fight.ids.bo, checks: [burning], userId: t.fight.bob.userId })) },
  { name: "end checks with an easier Flat than Ada's Burning owes", query: END, forgery: "out-of-range", build: async (t) => from(t, alice, () => ({ combatId: t.fight.combatId, combatantId: t.fight.ids.ada, checks: [{ ...burning, target: 1, chance: 1 }] })) },
  { name: "end checks with checks that are not a list", query: END, forgery: "out-of-range", build: async (t) => from(t, gm, () => ({ combatId: t.fight.combatId, combatantId: t.fight.ids.ada, checks: "burning" })) },
  // Stabilize: by the UUID of the healer's own roll message, once.
  { name: "stabilize with gains: 99 and no message", query: STABILIZE, forgery: "no-cause", build: async (t) => from(t, gm, () => ({ targetUuid: t.uuid.orc, gains: 99 })) },
  { name: "stabilize with a roll whose author does not own the healer", query: STABILIZE, forgery: "not-author", build: async (t) => from(t, gm, () => ({ targetUuid: t.uuid.orc, messageUuid: t.notHealersRoll })) },
  { name: "stabilize with a roll already applied", query: STABILIZE, forgery: "reused-cause", build: async (t) => from(t, gm, () => ({ targetUuid: t.uuid.orc, messageUuid: t.usedStabilize })) },
  { name: "stabilize with gains: 99 and a 1-gain message", query: STABILIZE, forgery: "out-of-range", build: async (t) => from(t, gm, () => ({ targetUuid: t.uuid.orc, messageUuid: t.usedStabilize, gains: 99 })) },
  { name: "stabilize naming a roll made for another creature", query: STABILIZE, forgery: "other-document", build: async (t) => from(t, gm, () => ({ targetUuid: t.uuid.orc, messageUuid: t.healthyTarget })) },
  { name: "stabilize a healthy creature", query: STABILIZE, forgery: "wrong-state", build: async (t) => from(t, gm, () => ({ targetUuid: t.uuid.gob, messageUuid: t.healthyTarget })) },
  { name: "stabilize claiming the GM's id", query: STABILIZE, forgery: "claimed-gm", build: async (t) => from(t, gm, () => ({ targetUuid: t.uuid.orc, gains: 12, userId: t.fight.gm.userId })) },
  { name: "stabilize claiming Alice's id", query: STABILIZE, forgery: "claimed-player", build: async (t) => from(t, gm, () => ({ targetUuid: t.uuid.orc, messageUuid: t.notHealersRoll, userId: t.fight.alice.userId })) },
  { name: "stabilize as Bob with his own plain roll", query: STABILIZE, forgery: "own-id", build: async (t) => from(t, gm, () => ({ targetUuid: t.uuid.orc, messageUuid: t.usedStabilize, userId: t.fight.bob.userId })) },
  // Initiative: the claimed player's own combatants that have not rolled; never a claimed GM.
  { name: "initiative for Ada with Bob's own id", query: INITIATIVE, forgery: "own-id", build: async (t) => from(t, gm, () => ({ combatId: t.fight.combatId, ids: [t.fight.ids.ada], userId: t.fight.bob.userId })) },
  { name: "initiative for everyone claiming the GM's id", query: INITIATIVE, forgery: "claimed-gm", build: async (t) => from(t, gm, () => ({ combatId: t.fight.combatId, ids: Object.values(t.fight.ids), userId: t.fight.gm.userId })) },
  { name: "initiative re-roll for Ada claiming Alice's id", query: INITIATIVE, forgery: "claimed-player", build: async (t) => from(t, gm, () => ({ combatId: t.fight.combatId, ids: [t.fight.ids.ada], userId: t.fight.alice.userId })) },
  { name: "initiative re-roll of Bo mid-combat", query: INITIATIVE, forgery: "wrong-state", build: async (t) => from(t, gm, () => ({ combatId: t.fight.combatId, ids: [t.fight.ids.bo], userId: t.fight.bob.userId })) },
  { name: "initiative with a skill that does not exist", query: INITIATIVE, forgery: "out-of-range", build: async (t) => from(t, gm, () => ({ combatId: t.fight.combatId, ids: [t.fight.ids.bo], skills: { [t.fight.ids.bo]: "strength" }, userId: t.fight.bob.userId })) },
  // Weapon reactions: the reactor's owner answers and pays, for a reactor that may react.
  { name: "reaction for a defenseless NPC", query: REACTION, forgery: "wrong-state", build: async (t) => from(t, gm, () => reaction(t, { actorUuid: t.uuid.gob, reactorUuid: t.combatant.gob, attackerUuid: t.combatant.bo })) },
  { name: "reaction for Gob sent to Alice", query: REACTION, forgery: "claimed-player", build: async (t) => from(t, alice, () => reaction(t, { actorUuid: t.uuid.gob, reactorUuid: t.combatant.gob, attackerUuid: t.combatant.bo })) },
  { name: "reaction for Ada with no attacker", query: REACTION, forgery: "no-cause", build: async (t) => from(t, alice, () => reaction(t, { actorUuid: t.uuid.ada, reactorUuid: t.combatant.ada })) },
  { name: "reaction for Ada naming Bo's combatant as hers", query: REACTION, forgery: "other-document", build: async (t) => from(t, alice, () => reaction(t, { actorUuid: t.uuid.ada, reactorUuid: t.combatant.bo, attackerUuid: t.combatant.gob })) },
  { name: "reaction with a chance to hit of 500%", query: REACTION, forgery: "out-of-range", build: async (t) => from(t, alice, () => ({ ...reaction(t, { actorUuid: t.uuid.ada, reactorUuid: t.combatant.ada, attackerUuid: t.combatant.bo }), choices: choices(5) })) },
  { name: "reaction for Orc (dying) claiming the GM", query: REACTION, forgery: "claimed-gm", build: async (t) => from(t, gm, () => reaction(t, { actorUuid: t.uuid.orc, reactorUuid: t.combatant.orc, attackerUuid: t.combatant.bo, userId: t.fight.gm.userId })) },
  { name: "reaction for Bo (own) sent to the GM", query: REACTION, forgery: "own-id", build: async (t) => from(t, gm, () => reaction(t, { actorUuid: t.uuid.bo, reactorUuid: t.combatant.bo, attackerUuid: t.combatant.gob })) },
  // Spell reactions and Counterspell: the answerer's own creature, in range.
  { name: "spell reaction roll for Bo sent to Alice", query: SPELL_REACTION, forgery: "claimed-player", build: async (t) => from(t, alice, () => ({ actorUuid: t.uuid.bo, skill: "agility" })) },
  { name: "spell reaction roll with an unknown skill", query: SPELL_REACTION, forgery: "out-of-range", build: async (t) => from(t, alice, () => ({ actorUuid: t.uuid.ada, skill: "juggling" })) },
  { name: "spell reaction roll for no actor", query: SPELL_REACTION, forgery: "no-cause", build: async (t) => from(t, gm, () => ({ skill: "agility" })) },
  { name: "Counterspell for Ada, who does not know it", query: COUNTERSPELL, forgery: "wrong-state", build: async (t) => from(t, alice, () => ({ reactorUuid: t.uuid.ada, casterUuid: t.uuid.gob, caster: "Gob", spell: "Fire", gains: 2, timeout: 2_000 })) },
  { name: "Counterspell for Bo sent to Alice", query: COUNTERSPELL, forgery: "claimed-player", build: async (t) => from(t, alice, () => ({ reactorUuid: t.uuid.bo, casterUuid: t.uuid.gob, caster: "Gob", spell: "Fire", gains: 2, timeout: 2_000 })) },
  { name: "spell reaction roll for Bo sent to Alice, claiming the GM's id", query: SPELL_REACTION, forgery: "claimed-gm", build: async (t) => from(t, alice, () => ({ actorUuid: t.uuid.bo, skill: "agility", userId: t.fight.gm.userId })) },
  { name: "Counterspell for Bo sent to Alice, claiming the GM's id", query: COUNTERSPELL, forgery: "claimed-gm", build: async (t) => from(t, alice, () => ({ reactorUuid: t.uuid.bo, casterUuid: t.uuid.gob, caster: "Gob", spell: "Fire", gains: 2, timeout: 2_000, userId: t.fight.gm.userId })) },
  // A reaction's record: the GM pays and writes it, for the asker's own creature that may react now (issue 34).
  { name: "reaction record for Bo claiming the GM's id", query: RECORD, forgery: "claimed-gm", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.bo, on: "attack", id: "forgedattack0001", reaction: "dodge", reactorUuid: t.combatant.bo, attackerUuid: t.combatant.gob, userId: t.fight.gm.userId })) },
  { name: "reaction record for Bo claiming Alice (not hers)", query: RECORD, forgery: "claimed-player", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.bo, on: "attack", id: "forgedattack0001", reaction: "dodge", reactorUuid: t.combatant.bo, attackerUuid: t.combatant.gob, userId: t.fight.alice.userId })) },
  { name: "reaction record for Ada (Alice's) with Bob's id", query: RECORD, forgery: "own-id", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.ada, on: "attack", id: "forgedattack0001", reaction: "block", reactorUuid: t.combatant.ada, attackerUuid: t.combatant.gob, userId: t.fight.bob.userId })) },
  { name: "reaction record of Bo's dodge naming no combatant, while he fights", query: RECORD, forgery: "no-cause", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.bo, on: "attack", id: "forgedattack0001", reaction: "dodge", userId: t.fight.bob.userId })) },
  { name: "reaction record of Bo's dodge against himself", query: RECORD, forgery: "wrong-state", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.bo, on: "attack", id: "forgedattack0001", reaction: "dodge", reactorUuid: t.combatant.bo, attackerUuid: t.combatant.bo, userId: t.fight.bob.userId })) },
  { name: "reaction record naming Ada's combatant as Bo's", query: RECORD, forgery: "other-document", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.bo, on: "attack", id: "forgedattack0001", reaction: "dodge", reactorUuid: t.combatant.ada, attackerUuid: t.combatant.gob, userId: t.fight.bob.userId })) },
  { name: "reaction record of a parry, faces of 13 and an id with dots", query: RECORD, forgery: "out-of-range", build: async (t) => from(t, gm, () => ({ actorUuid: t.uuid.bo, on: "cast", id: "a.b", reaction: "parry", faces: [13], userId: t.fight.bob.userId })) },
  { name: "Counterspell against 99 casting gains", query: COUNTERSPELL, forgery: "out-of-range", build: async (t) => from(t, gm, () => ({ reactorUuid: t.uuid.gob, casterUuid: t.uuid.bo, caster: "Bo", spell: "Fire", gains: 99, timeout: 2_000 })) },
];
