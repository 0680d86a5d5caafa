/**
 * Conditions that run themselves (issue 10 item 8), in the multi-user world: status effects by
 * id on every client, start-of-turn ticks written once by the GM, end-of-turn checks asked of the
 * owner of the combatant whose turn ended (the GM for NPCs), rolling twice where the species
 * says so, Frozen → Chilled, Stunned costs, Petrified turns, and going back restoring a status.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { statusDocumentId } from "../../src/combat/conditions";
import { actorOn, as, combatOn, countersOn, createFight, queueFaces, type AnyDoc, type Fight } from "./world-setup";

let fight: Fight;
beforeEach(async () => {
  fight = await createFight();
  // Alice's prompts roll at once (the prompt dialog itself is tested in prompts.world.test.ts).
  await as(fight, fight.alice, () => game.settings?.set("clockwork", "autoRollOwnChecks", true));
});
afterEach(() => fight.world.close());

// Imported when used: src/ modules load after the world has installed the Foundry globals.
const conditions = () => import("../../src/combat/conditions");

async function give(key: keyof Fight["actors"], id: string, data?: Record<string, unknown>): Promise<void> {
  await as(fight, fight.gm, async () => (await conditions()).addStatus(actorOn(fight.gm, fight.actors[key]) as never, id as never, { data }));
}

const statuses = (client: Fight["gm"], key: keyof Fight["actors"]) => [...(actorOn(client, fight.actors[key]).statuses as Set<string>)].sort();
const health = (key: keyof Fight["actors"]) => (actorOn(fight.gm, fight.actors[key]).system.health as Record<string, number>);
/** End-of-turn checks run in the background after the turn changed (a player may take a while): wait for the result. */
const flatRolls = () => flavors().filter((m) => m.rolls[0]?.constructor.name === "FlatRoll");
const flavors = () => (fight.gm.game.messages.contents as unknown as { rolls: { constructor: { name: string }; options: { label?: string } }[]; speaker: { alias?: string }; content: string; _source: { author: string } }[]);

describe("status effects", () => {
  it("registers every status with its stable id on every client", () => {
    for (const client of fight.world.clients) {
      const entries = client.CONFIG.statusEffects as { id: string; _id: string }[];
      expect(entries.find((e) => e.id === "bleeding")?._id).toBe(statusDocumentId("bleeding"));
      expect((client.CONFIG as { specialStatusEffects: Record<string, string> }).specialStatusEffects.DEFEATED).toBe("dead");
    }
  });

  it("an owner adds and removes a condition by id; every client sees it; a player cannot touch an NPC's", async () => {
    await as(fight, fight.alice, async () => (await conditions()).addStatus(actorOn(fight.alice, fight.actors.ada) as never, "prone"));
    expect(fight.world.clients.map((c) => statuses(c, "ada"))).toEqual([["prone"], ["prone"], ["prone"]]);
    expect(actorOn(fight.bob, fight.actors.ada).effects).toBeDefined();
    await as(fight, fight.alice, async () => (await conditions()).removeStatus(actorOn(fight.alice, fight.actors.ada) as never, "prone"));
    expect(statuses(fight.bob, "ada")).toEqual([]);
    await expect(as(fight, fight.alice, async () => (await conditions()).addStatus(actorOn(fight.alice, fight.actors.gob) as never, "prone"))).rejects.toThrow(/permission/);
    expect(statuses(fight.gm, "gob")).toEqual([]);
  });
});

describe("start-of-turn ticks", () => {
  it("Bleeding and Burning deal 4 unavoidable hits once, at the start of that creature's turn, with a chat note", async () => {
    await give("bo", "bleeding");
    await give("bo", "burning");
    await as(fight, fight.gm, (c) => c.startCombat());
    expect(health("bo").hits).toBe(0);
    await as(fight, fight.gm, (c) => c.nextTurn());
    expect(fight.world.clients.map((c) => (actorOn(c, fight.actors.bo).system.health as { hits: number }).hits)).toEqual([4, 4, 4]);
    expect(health("bo").wounds).toBe(0);
    expect(flavors().some((m) => m.content.includes("4 unavoidable hits from Bleeding, Burning"))).toBe(true);
  });

  it("a barrier takes the ticks first; damage ends Pacified", async () => {
    await as(fight, fight.gm, () => actorOn(fight.gm, fight.actors.bo).update({ "system.health.barrier": 1 }));
    await give("bo", "bleeding");
    await give("bo", "pacified");
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.gm, (c) => c.nextTurn());
    expect(health("bo")).toMatchObject({ hits: 1, barrier: 0 });
    expect(statuses(fight.gm, "bo")).toEqual(["bleeding"]);
  });
});

describe("end-of-turn checks", () => {
  it("go to the owner of the combatant whose turn ends, and only for that combatant", async () => {
    await give("ada", "burning");
    await give("gob", "burning");
    await as(fight, fight.gm, (c) => c.startCombat());
    queueFaces(9);
    await as(fight, fight.gm, (c) => c.nextTurn());
    await fight.world.settle();
    expect(statuses(fight.bob, "ada")).toEqual([]);
    await fight.world.settle();
    expect(statuses(fight.gm, "gob")).toEqual(["burning"]);
    const flat = flatRolls();
    expect(flat).toHaveLength(1);
    expect(flat[0].rolls[0].options.label).toBe("End Burning");
    expect(flat[0]._source.author).toBe(fight.alice.userId);
  });

  it("a failed Flat keeps the condition; NPC checks are rolled by the GM", async () => {
    await give("orc", "bleeding");
    await as(fight, fight.gm, (c) => c.startCombat());
    await as(fight, fight.gm, (c) => c.nextTurn());
    await as(fight, fight.gm, (c) => c.nextTurn());
    await as(fight, fight.gm, (c) => c.nextTurn());
    queueFaces(3, 3);
    await as(fight, fight.gm, (c) => c.nextTurn());
    // The failed Flat's card is the sync point; the condition is still there after it.
    await fight.world.settle();
    expect(flatRolls().map((m) => m._source.author)).toEqual([fight.gm.userId]);
    await fight.world.settle();
    expect(statuses(fight.gm, "orc")).toEqual(["bleeding"]);
  });

  it("an owner who is offline is replaced by the GM", async () => {
    await give("ada", "burning");
    await as(fight, fight.gm, (c) => c.startCombat());
    fight.alice.disconnect();
    queueFaces(10);
    await as(fight, fight.gm, (c) => c.nextTurn());
    await fight.world.settle();
    expect(statuses(fight.gm, "ada")).toEqual([]);
    await fight.world.settle();
    expect(flatRolls().map((m) => m._source.author)).toEqual([fight.gm.userId]);
  });

  it("a Froad rolls twice against Burning and keeps the better", async () => {
    await as(fight, fight.gm, () => (actorOn(fight.gm, fight.actors.ada) as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> })
      .createEmbeddedDocuments("Item", [{ name: "Froads", type: "species", system: { conditionRerolls: ["burning"] } }]));
    await give("ada", "burning");
    await as(fight, fight.gm, (c) => c.startCombat());
    queueFaces(2, 8);
    await as(fight, fight.gm, (c) => c.nextTurn());
    await fight.world.settle();
    expect(statuses(fight.gm, "ada")).toEqual([]);
    const roll = flavors().find((m) => m.rolls[0]?.constructor.name === "FlatRoll")?.rolls[0] as unknown as { formula: string };
    expect(roll.formula).toBe("2d12kh");
  });

  it("Frozen that ends becomes Chilled; a Frozen creature's turn has no counters to spend", async () => {
    await give("ada", "frozen");
    await as(fight, fight.gm, (c) => c.startCombat());
    const ada = combatOn(fight.alice, fight.combatId).combatants.get(fight.ids.ada) as unknown as { spendCounters(n: number): Promise<unknown> };
    expect(await as(fight, fight.alice, () => ada.spendCounters(1))).toBeNull();
    expect(fight.alice.notifications.at(-1)?.message).toContain("cannot act");
    queueFaces(11);
    await as(fight, fight.gm, (c) => c.nextTurn());
    await fight.world.settle();
    expect(statuses(fight.gm, "ada")).toEqual(["chilled"]);
  });

  it("going back a turn brings back a condition its end check removed", async () => {
    await give("ada", "stunned");
    await as(fight, fight.gm, (c) => c.startCombat());
    queueFaces(12);
    await as(fight, fight.gm, (c) => c.nextTurn());
    await fight.world.settle();
    expect(statuses(fight.gm, "ada")).toEqual([]);
    await fight.world.settle();
    await as(fight, fight.gm, (c) => c.previousTurn());
    expect(statuses(fight.bob, "ada")).toEqual(["stunned"]);
    expect(countersOn(fight.gm, fight, "ada")).toEqual({ available: 6, reserved: 0, hadTurn: true, passed: false });
  });

  it("a poison is ended by a Body / Stamina roll reaching its difficulty", async () => {
    await give("ada", "poisoned", { difficulty: 1 });
    await as(fight, fight.gm, (c) => c.startCombat());
    queueFaces(12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
    await as(fight, fight.gm, (c) => c.nextTurn());
    await fight.world.settle();
    expect(statuses(fight.gm, "ada")).toEqual([]);
    expect(flavors().some((m) => m.rolls[0]?.constructor.name === "GainRoll")).toBe(true);
  });
});

describe("what conditions do to counters and turns", () => {
  it("Stunned adds 1 to every cost", async () => {
    await give("ada", "stunned");
    await as(fight, fight.gm, (c) => c.startCombat());
    const ada = combatOn(fight.alice, fight.combatId).combatants.get(fight.ids.ada) as unknown as AnyDoc & { spendCounters(n: number): Promise<unknown> };
    expect(await as(fight, fight.alice, () => ada.spendCounters(2))).toEqual({ available: 3, reserved: 0, hadTurn: true, passed: false });
  });

  it("a Petrified creature's turn starts with no counters", async () => {
    await give("ada", "petrified");
    await as(fight, fight.gm, (c) => c.startCombat());
    expect(countersOn(fight.gm, fight, "ada")).toEqual({ available: 0, reserved: 0, hadTurn: true, passed: false });
    expect(flavors().some((m) => m.content.includes("petrified: no counters this turn"))).toBe(true);
  });
});

describe("on the v14 profile", () => {
  it("statuses by id, ticks and end-of-turn checks work the same", async () => {
    fight.world.close();
    const { createWorld } = await import("../world");
    fight = await createFight({ world: () => createWorld({ packs: false, profile: "v14" }) });
    expect(fight.gm.game.release.generation).toBe(14);
    await as(fight, fight.alice, () => game.settings?.set("clockwork", "autoRollOwnChecks", true));
    await give("ada", "bleeding");
    await as(fight, fight.gm, (c) => c.startCombat());
    expect(health("ada").hits).toBe(2);
    queueFaces(7);
    await as(fight, fight.gm, (c) => c.nextTurn());
    await fight.world.settle();
    expect(statuses(fight.bob, "ada")).toEqual([]);
    await fight.world.settle();
    expect(fight.world.clients.flatMap((c) => c.errors)).toEqual([]);
  });
});
