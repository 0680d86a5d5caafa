/**
 * A scripted fight of three rounds in the multi-user world, the turn side of issue 10's
 * acceptance fight: two characters (Alice's Ada, Bob's Bo), three NPC combatants (an orc, a
 * goblin and a group of three goblin minions), initiative with a roll-off, counters spent every
 * turn, a Bleeding tick, a Stunned turn, a Flat 7 ending a condition, a character going dying
 * and being stabilized by the other. It checks the final state of every combatant, actor,
 * condition and chat message.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStatus } from "../../src/combat/conditions";
import { actorOn, as, combatOn, createFight, queueFaces, type Fight } from "./world-setup";

let fight: Fight;
let goblin: string;
let groupId: string;
const twelveOf = (gains: number) => [...Array(gains).fill(11), ...Array(12 - gains).fill(2)];
const safeDeathRoll = () => queueFaces(9, 9, 9, 9, 9, 9);

type Spender = { spendCounters(cost: number, options?: object): Promise<unknown>; counters: Record<string, unknown> };
const combatant = (client: Fight["gm"], id: string) => combatOn(client, fight.combatId).combatants.get(id) as unknown as Spender & { name: string; defeated: boolean };
const spend = (client: Fight["gm"], id: string, cost: number, options?: object) => as(fight, client, () => combatant(client, id).spendCounters(cost, options));
const next = () => as(fight, fight.gm, (c) => c.nextTurn());
const current = () => combatOn(fight.gm, fight.combatId).combatant?.name;
const statuses = (id: string) => [...(actorOn(fight.gm, id).statuses as Set<string>)].sort();
const health = (id: string) => actorOn(fight.gm, id).system.health as Record<string, number | boolean>;

beforeAll(async () => {
  fight = await createFight({ initiative: { ada: null as never, bo: null as never, gob: null as never, orc: null as never } });
  for (const client of [fight.alice, fight.bob]) await as(fight, client, () => game.settings?.set("clockwork", "autoRollOwnChecks", true));
  [goblin] = await fight.world.seed("Actor", [{ name: "Goblin", type: "npc", system: { minion: true, skills: { agility: { rank: 9 }, intuition: { rank: 9 } } } }]);
  const [sceneId] = await fight.world.seed("Scene", [{ name: "Ford", active: true, tokens: [1, 2, 3].map((n) => ({ _id: `fordGoblin00000${n}`, name: `Goblin ${n}`, actorId: goblin, actorLink: false })) }]);
  await as(fight, fight.gm, (c) => c.createEmbeddedDocuments("Combatant", [1, 2, 3].map((n) => ({ actorId: goblin, tokenId: `fordGoblin00000${n}`, sceneId, name: `Goblin ${n}` }))));
  const ids = combatOn(fight.gm, fight.combatId).combatants.contents.filter((c) => c.actorId === goblin).map((c) => c.id);
  const { groupMinions } = await import("../../src/combat/minions");
  groupId = (await as(fight, fight.gm, () => groupMinions(combatOn(fight.gm, fight.combatId) as never, ids, { name: "Goblin band" }))) as string;
}, 30_000);
afterAll(() => fight.world.close());

describe("a scripted fight", () => {
  it("round 1: one initiative card with a roll-off; everyone acts in order", async () => {
    // Ada 3, Bo 3 (roll-off 4 vs 10), Orc 2, Gob 1, the band 0.
    const all = [fight.ids.ada, fight.ids.bo, fight.ids.gob, fight.ids.orc, groupId];
    queueFaces(...twelveOf(3), ...twelveOf(3), ...twelveOf(1), ...twelveOf(2), ...twelveOf(0), 4, 10);
    await as(fight, fight.gm, (c) => c.rollInitiative(all));
    expect(combatOn(fight.alice, fight.combatId).turns.map((c) => c.name)).toEqual(["Bo", "Ada", "Orc", "Gob", "Goblin band"]);

    await as(fight, fight.gm, async () => addStatus(actorOn(fight.gm, fight.actors.orc) as never, "bleeding"));
    await as(fight, fight.gm, (c) => c.startCombat());
    expect(await spend(fight.bob, fight.ids.bo, 4)).toMatchObject({ available: 2 });
    await next();
    expect(await spend(fight.alice, fight.ids.ada, 2)).toMatchObject({ available: 4 });
    await next();
    expect(health(fight.actors.orc).hits).toBe(2);
    await spend(fight.gm, fight.ids.orc, 6);
    queueFaces(3); // the Orc's Flat 7 against Bleeding fails
    await next();
    await next();
    expect(await spend(fight.gm, groupId, 3)).toMatchObject({ available: 3 });
    // The band's counters are one pool; a Bo reaction spends from his reserve after passing.
    expect(await spend(fight.bob, fight.ids.bo, 1, { reaction: true })).toMatchObject({ available: 0, reserved: 1, passed: true });
  });

  it("round 2: Bo is Stunned (every cost +1) and ends it with a Flat 7; Ada goes down, rolls at once and again on her turn", async () => {
    await as(fight, fight.gm, async () => addStatus(actorOn(fight.gm, fight.actors.bo) as never, "stunned"));
    await next();
    expect(current()).toBe("Bo");
    expect(await spend(fight.bob, fight.ids.bo, 2)).toMatchObject({ available: 3 });

    const { writeOwned } = await import("../../src/relay");
    safeDeathRoll();
    // The GM writes what Bob does not own (a relayed Apply of Bob's card runs this on the GM's client).
    await as(fight, fight.gm, () => writeOwned([{ op: "damage", uuid: `Actor.${fight.actors.ada}`, amount: 36, unavoidable: true }]));
    expect(health(fight.actors.ada)).toMatchObject({ dying: true, vitalsLost: 6 });
    expect(statuses(fight.actors.ada)).toEqual(["dying"]);

    queueFaces(7); // Bo's Flat 7 against Stunned succeeds
    safeDeathRoll(); // Ada's turn while dying
    await next();
    expect(statuses(fight.actors.bo)).toEqual([]);
    expect(current()).toBe("Ada");
    expect(combatant(fight.gm, fight.ids.ada).counters).toEqual({ available: 0, reserved: 0, hadTurn: true, passed: true });
    await next();
    expect(health(fight.actors.orc).hits).toBe(4);
    queueFaces(2); // the Orc fails again
    await next();
    await next();
    expect(current()).toBe("Goblin band");
  });

  it("round 3: Bo stabilizes Ada on his turn; her turn is lost; the fight state adds up", async () => {
    await next();
    expect(current()).toBe("Bo");
    queueFaces(...Array(12).fill(12));
    const { stabilize } = await import("../../src/combat/dying");
    const result = await as(fight, fight.bob, () => stabilize(actorOn(fight.bob, fight.actors.bo) as never, actorOn(fight.bob, fight.actors.ada) as never, { combatant: combatant(fight.bob, fight.ids.bo) as never, skipDialog: true }));
    expect(result?.success).toBe(true);
    await next();
    expect(current()).toBe("Ada");
    await next();
    expect(current()).toBe("Orc");

    // Every combatant.
    const counters = Object.fromEntries(combatOn(fight.gm, fight.combatId).turns.map((c) => [c.name, (c as unknown as Spender).counters]));
    expect(counters).toEqual({
      Bo: { available: 0, reserved: 4, hadTurn: true, passed: true },
      Ada: { available: 0, reserved: 0, hadTurn: true, passed: true },
      Orc: { available: 6, reserved: 0, hadTurn: true, passed: false },
      Gob: { available: 0, reserved: 6, hadTurn: true, passed: true },
      "Goblin band": { available: 0, reserved: 6, hadTurn: true, passed: true },
    });
    expect(combatOn(fight.gm, fight.combatId).round).toBe(3);
    // Every actor and condition.
    expect(health(fight.actors.ada)).toMatchObject({ dying: false, dead: false, vitalsLost: 6, wounds: 0 });
    expect(statuses(fight.actors.ada)).toEqual(["stabilized"]);
    expect(statuses(fight.actors.bo)).toEqual([]);
    expect(statuses(fight.actors.orc)).toEqual(["bleeding"]);
    expect(health(fight.actors.orc)).toMatchObject({ hits: 0, vitalsLost: 1 }); // 6 hits fill its first box
    expect(statuses(fight.actors.gob)).toEqual([]);
    // Every chat message, by kind.
    const kinds = (fight.gm.game.messages.contents as unknown as { rolls: { constructor: { name: string } }[]; content: string }[])
      .map((m) => m.rolls[0]?.constructor.name ?? (m.content.includes("cw-card--turn") ? "TurnNote" : "Other"));
    const count = (kind: string) => kinds.filter((k) => k === kind).length;
    expect(count("Roll")).toBe(1);
    expect(count("DeathRoll")).toBe(2);
    expect(count("FlatRoll")).toBe(3);
    expect(count("GainRoll")).toBe(1);
    // The Orc's three ticks, Ada's turn lost to dying and then to being stabilized.
    expect(count("TurnNote")).toBe(5);
    // Round 2's damage is the GM's own write: no card of Bob's.
    expect(count("Other")).toBe(0);
    expect(kinds).toHaveLength(12);
    expect(fight.world.clients.flatMap((c) => c.errors)).toEqual([]);
  });
});
