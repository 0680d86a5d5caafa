/**
 * Turn bookkeeping in the multi-user world (issue 10 item 3): it runs once, on the designated
 * GM, and every client sees the counters; it is right when the combat starts, a round wraps, a
 * combatant joins late, turns are skipped, the GM goes back, and the combat ends.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { as, combatOn, countersOn, createFight, type Fight } from "./world-setup";

let fight: Fight;
beforeEach(async () => {
  fight = await createFight();
});
afterEach(() => fight.world.close());

const fresh = { available: 0, reserved: 0, hadTurn: false, passed: false };
const full = { available: 6, reserved: 0, hadTurn: true, passed: false };
const everywhere = (key: keyof Fight["ids"]) => fight.world.clients.map((c) => countersOn(c, fight, key));

describe("turn bookkeeping", () => {
  it("starting combat: the first combatant has 6 counters, everyone else is defenseless, on every client", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    expect(everywhere("ada")).toEqual([full, full, full]);
    expect(everywhere("bo")).toEqual([fresh, fresh, fresh]);
    expect(fight.gm.errors).toEqual([]);
  });

  it("a combat created already started (a macro, an import): the start-of-combat bookkeeping runs, without errors", async () => {
    const [id] = await fight.world.seed("Combat", [{
      active: true, round: 1, turn: 0,
      combatants: [{ actorId: fight.actors.gob, initiative: 9, system: { counters: full } }, { actorId: fight.actors.orc, initiative: 5, system: { counters: full } }],
    }]);
    await fight.world.settle();
    const combat = combatOn(fight.alice, id);
    const byName = Object.fromEntries(combat.turns.map((c) => [c.name, (c as unknown as { counters: object }).counters]));
    expect(byName).toEqual({ Gob: full, Orc: fresh });
    expect(fight.world.clients.flatMap((c) => c.errors)).toEqual([]);
  });

  it("the next turn: the ending combatant passes (the rest reserved), the next gets 6", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.alice, (c) => (c.combatants.get(fight.ids.ada) as unknown as { spendCounters(n: number): Promise<unknown> }).spendCounters(4));
    await as(fight, fight.gm, (c) => c.nextTurn());
    expect(countersOn(fight.bob, fight, "ada")).toEqual({ available: 0, reserved: 2, hadTurn: true, passed: true });
    expect(countersOn(fight.bob, fight, "bo")).toEqual(full);
  });

  it("runs on the GM when a player ends the turn (the player's client writes no one else's counters)", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.alice, (c) => c.nextTurn());
    expect(countersOn(fight.gm, fight, "bo")).toEqual(full);
    expect(fight.alice.notifications.filter((n) => n.type === "error")).toEqual([]);
  });

  it("a round wraps: the last combatant passes and the first starts again with 6 (its reserve is lost)", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    for (let i = 0; i < 4; i++) await as(fight, fight.gm, (c) => c.nextTurn());
    const combat = combatOn(fight.gm, fight.combatId);
    expect([combat.round, combat.turn]).toEqual([2, 0]);
    expect(countersOn(fight.gm, fight, "ada")).toEqual(full);
    expect(countersOn(fight.gm, fight, "orc")).toEqual({ available: 0, reserved: 6, hadTurn: true, passed: true });
  });

  it("skipped turns are untouched: jumping to the next round gives no one else counters", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.gm, (c) => c.nextRound());
    expect(countersOn(fight.gm, fight, "ada")).toEqual(full);
    expect(countersOn(fight.gm, fight, "bo")).toEqual(fresh);
    expect(countersOn(fight.gm, fight, "orc")).toEqual(fresh);
  });

  it("a combatant added late is defenseless until its own turn", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.gm, (c) => c.nextTurn());
    await as(fight, fight.gm, (c) => c.createEmbeddedDocuments("Combatant", [{ actorId: fight.actors.gob, name: "Gob 2", initiative: 5, system: { counters: { available: 6, reserved: 0, hadTurn: true, passed: false } } }]));
    const late = combatOn(fight.gm, fight.combatId).combatants.contents.find((c) => c.name === "Gob 2") as unknown as { counters: object; isDefenseless: boolean };
    expect(late.counters).toEqual(fresh);
    expect(late.isDefenseless).toBe(true);
  });

  it("going back a turn restores the states before it; going forward again repeats the bookkeeping", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.alice, (c) => (c.combatants.get(fight.ids.ada) as unknown as { spendCounters(n: number): Promise<unknown> }).spendCounters(2));
    await as(fight, fight.gm, (c) => c.nextTurn());
    await as(fight, fight.gm, (c) => c.previousTurn());
    expect(everywhere("ada")).toEqual(Array(3).fill({ available: 4, reserved: 0, hadTurn: true, passed: false }));
    expect(countersOn(fight.gm, fight, "bo")).toEqual(fresh);
    await as(fight, fight.gm, (c) => c.nextTurn());
    expect(countersOn(fight.gm, fight, "ada")).toEqual({ available: 0, reserved: 4, hadTurn: true, passed: true });
    expect(countersOn(fight.gm, fight, "bo")).toEqual(full);
  });

  it("going back a round restores everyone; back to before the start makes everyone defenseless again", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    for (let i = 0; i < 5; i++) await as(fight, fight.gm, (c) => c.nextTurn());
    const roundTwo = ["ada", "bo", "gob", "orc"].map((k) => countersOn(fight.gm, fight, k as keyof Fight["ids"]));
    await as(fight, fight.gm, (c) => c.previousRound());
    expect(countersOn(fight.gm, fight, "orc")).toEqual(full);
    expect(countersOn(fight.gm, fight, "ada")).toEqual({ available: 0, reserved: 6, hadTurn: true, passed: true });
    expect(roundTwo[1]).toEqual(full);
    await as(fight, fight.gm, (c) => c.previousRound());
    for (const key of ["ada", "bo", "gob", "orc"] as const) expect(countersOn(fight.gm, fight, key)).toEqual(fresh);
  });

  it("ending combat deletes it everywhere with no errors", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.gm, (c) => c.delete());
    expect(fight.world.clients.map((c) => c.game.combats.size)).toEqual([0, 0, 0]);
    expect(fight.world.clients.flatMap((c) => c.errors)).toEqual([]);
  });
});

describe("counters through the API", () => {
  type Api = { spendCounters(n: number, o?: object): Promise<unknown>; passTurn(): Promise<unknown>; canSpend(n: number, o?: object): boolean };
  const api = (client: Fight["gm"], key: keyof Fight["ids"]) => combatOn(client, fight.combatId).combatants.get(fight.ids[key]) as unknown as Api;

  it("outside a started combat nothing is charged", async () => {
    const result = await as(fight, fight.alice, () => api(fight.alice, "ada").spendCounters(3));
    expect(result).toEqual(fresh);
    expect(api(fight.alice, "ada").canSpend(99)).toBe(true);
  });

  it("spending more than one has warns in the user's language and changes nothing", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    const result = await as(fight, fight.alice, () => api(fight.alice, "ada").spendCounters(7));
    expect(result).toBeNull();
    expect(fight.alice.notifications.at(-1)).toEqual({ type: "warn", message: "Ada needs 7 counters but has only 6 (this turn's counters)." });
    expect(countersOn(fight.gm, fight, "ada")).toEqual(full);
  });

  it("a defenseless combatant cannot spend, not even on a reaction; a free reaction is always allowed", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    expect(await as(fight, fight.bob, () => api(fight.bob, "bo").spendCounters(1, { reaction: true }))).toBeNull();
    expect(fight.bob.notifications.at(-1)?.message).toBe("Bo has not had a turn yet and has no counters to spend.");
    expect(api(fight.bob, "bo").canSpend(0, { reaction: true })).toBe(true);
  });

  it("after passing only reactions spend, from the reserve", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.alice, () => api(fight.alice, "ada").passTurn());
    expect(await as(fight, fight.alice, () => api(fight.alice, "ada").spendCounters(1))).toBeNull();
    expect(await as(fight, fight.alice, () => api(fight.alice, "ada").spendCounters(1, { reaction: true }))).toEqual({ available: 0, reserved: 5, hadTurn: true, passed: true });
  });

  it("a player cannot spend another player's counters", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    expect(await as(fight, fight.bob, () => api(fight.bob, "ada").spendCounters(1))).toBeNull();
    expect(fight.bob.notifications.at(-1)?.message).toBe("You do not control Ada.");
    expect(countersOn(fight.gm, fight, "ada")).toEqual(full);
  });
});
