/**
 * Initiative in the multi-user world (issue 10 item 2): 12 dice against the better of Agility
 * and Intuition (or the owner's pick), roll-offs in the same chat card, companions after their
 * controller; a player's roll is made by the active GM.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actorOn, as, combatOn, createFight, queueFaces, type Fight } from "./world-setup";

let fight: Fight;
beforeEach(async () => {
  fight = await createFight({ initiative: { ada: null as never, bo: null as never, gob: null as never, orc: null as never } });
});
afterEach(() => fight.world.close());

/** 12 faces with `gains` gains against any rank from 8 to 11 (12s count double: use 11s). */
const gainsOf = (gains: number) => [...Array(gains).fill(11), ...Array(12 - gains).fill(2)];
const order = (client = fight.gm) => combatOn(client, fight.combatId).turns.map((c) => c.name);
const messages = (client = fight.gm) => client.game.messages.contents as unknown as { content: string; rolls: unknown[]; isContentVisible: boolean; whisper: string[] }[];

/** Boots of Alacrity as the magic items pack has them (flags.clockwork.magicItem.initiative), worn. */
async function wearBoots(actorId: string): Promise<void> {
  const actor = actorOn(fight.gm, actorId) as unknown as { createEmbeddedDocuments(name: string, data: object[]): Promise<unknown[]> };
  await fight.world.as(fight.gm, () => actor.createEmbeddedDocuments("Item", [{
    name: "Boots of Alacrity", type: "artifact",
    system: { identifier: "boots-of-alacrity", slot: "boots", gains: 5, equipped: true },
    flags: { clockwork: { magicItem: { initiative: { rerolls: 1, keep: "better" } } } },
  }]));
  await fight.world.settle();
}

describe("rolling initiative", () => {
  it("the GM rolls everyone: one chat card, gains shown, sorted by gains", async () => {
    queueFaces(...gainsOf(2), ...gainsOf(4), ...gainsOf(1), ...gainsOf(3));
    await as(fight, fight.gm, (c) => c.rollInitiative([fight.ids.ada, fight.ids.bo, fight.ids.gob, fight.ids.orc]));
    expect(order(fight.bob)).toEqual(["Bo", "Orc", "Ada", "Gob"]);
    const combat = combatOn(fight.gm, fight.combatId);
    expect(combat.turns.map((c) => Math.floor(c.initiative as number))).toEqual([4, 3, 2, 1]);
    expect(messages()).toHaveLength(1);
    const card = messages()[0];
    expect(card.content).toContain("cw-card--initiative");
    expect(card.rolls).toHaveLength(4);
    expect((card.content.match(/cw-initiative-roll"/g) ?? []).length).toBe(4);
  });

  it("rolls against the better rank, Agility unless Intuition is better, or the owner's pick", async () => {
    queueFaces(...gainsOf(0), ...gainsOf(0));
    await as(fight, fight.gm, (c) => c.rollInitiative([fight.ids.ada, fight.ids.gob]));
    const roll = (key: "ada" | "gob") => (combatOn(fight.gm, fight.combatId).combatants.get(fight.ids[key])?.system.initiativeRoll as { skill: string; rank: number });
    expect(roll("ada")).toMatchObject({ skill: "agility", rank: 8 });
    expect(roll("gob")).toMatchObject({ skill: "agility", rank: 9 });
    queueFaces(...gainsOf(0));
    await as(fight, fight.gm, (c) => c.rollInitiative([fight.ids.ada], { skills: { [fight.ids.ada]: "intuition" } }));
    expect(roll("ada")).toMatchObject({ skill: "intuition", rank: 10 });
  });

  it("ties are rolled off, one d12 each until resolved, in the same card", async () => {
    queueFaces(...gainsOf(3), ...gainsOf(3), 5, 5, 2, 9);
    await as(fight, fight.gm, (c) => c.rollInitiative([fight.ids.ada, fight.ids.bo]));
    expect(order().slice(0, 2)).toEqual(["Bo", "Ada"]);
    expect(messages()).toHaveLength(1);
    // Each roll-off says whose dice and which tie they broke (issue 20), not "Roll-offs: 5, 2".
    expect(messages()[0].content).toContain("Roll-offs to break ties");
    expect(messages()[0].content).toContain("Tied at 3 gains: Ada, Bo");
    expect(messages()[0].content).toContain("Ada rolled 5, 2");
    expect(messages()[0].content).toContain("Bo rolled 5, 9");
    expect(messages()[0].content).toMatch(/cw-initiative-order__gains">\(\d+ gains\)/);
    expect(messages()[0].rolls).toHaveLength(6);
  });

  it("a player's roll goes to the GM, who rolls only combatants that player owns", async () => {
    queueFaces(...gainsOf(5));
    await as(fight, fight.alice, (c) => c.rollInitiative([fight.ids.ada, fight.ids.gob]));
    const combat = combatOn(fight.alice, fight.combatId);
    expect(combat.combatants.get(fight.ids.ada)?.initiative).toBeGreaterThanOrEqual(5);
    expect(combat.combatants.get(fight.ids.gob)?.initiative).toBeNull();
    expect(fight.alice.notifications.filter((n) => n.type !== "info")).toEqual([]);
  });

  it("without a GM a player's roll is refused with a message", async () => {
    fight.gm.disconnect();
    await as(fight, fight.alice, (c) => c.rollInitiative([fight.ids.ada]));
    expect(fight.alice.notifications.at(-1)).toEqual({ type: "warn", message: "No GM is connected: this needs a GM. Nothing was changed." });
    expect(combatOn(fight.alice, fight.combatId).combatants.get(fight.ids.ada)?.initiative).toBeNull();
  });

  it("a companion rolls nothing and acts right after its controller", async () => {
    await as(fight, fight.gm, (c) => c.updateEmbeddedDocuments("Combatant", [{ _id: fight.ids.gob, "system.controllerId": fight.ids.orc }]));
    queueFaces(...gainsOf(1), ...gainsOf(4), ...gainsOf(2));
    await as(fight, fight.gm, (c) => c.rollInitiative([fight.ids.ada, fight.ids.bo, fight.ids.gob, fight.ids.orc]));
    expect(order()).toEqual(["Bo", "Orc", "Gob", "Ada"]);
    expect(messages()[0].content).toContain("Gob acts right after Orc");
  });

  it("a late combatant's roll can tie with an earlier one: both roll off", async () => {
    queueFaces(...gainsOf(2));
    await as(fight, fight.gm, (c) => c.rollInitiative([fight.ids.ada]));
    queueFaces(...gainsOf(2), 3, 8);
    await as(fight, fight.gm, (c) => c.rollInitiative([fight.ids.bo]));
    expect(order().slice(0, 2)).toEqual(["Bo", "Ada"]);
    const ada = combatOn(fight.gm, fight.combatId).combatants.get(fight.ids.ada)?.system.initiativeRoll as { tieBreaks: number[] };
    expect(ada.tieBreaks).toEqual([3]);
  });

  it("a roll during combat re-sorts the order, but whoever is acting keeps the turn and no turn event fires", async () => {
    queueFaces(...gainsOf(2), ...gainsOf(1));
    await as(fight, fight.gm, (c) => c.rollInitiative([fight.ids.ada, fight.ids.bo]));
    await as(fight, fight.gm, (c) => c.startCombat());
    expect(combatOn(fight.gm, fight.combatId).combatant?.name).toBe("Ada");
    queueFaces(...gainsOf(5));
    await as(fight, fight.gm, (c) => c.rollInitiative([fight.ids.orc]));
    const combat = combatOn(fight.bob, fight.combatId);
    expect(combat.turns.map((c) => c.name).slice(0, 3)).toEqual(["Orc", "Ada", "Bo"]);
    expect(combat.combatant?.name).toBe("Ada");
    expect((combat.combatants.get(fight.ids.orc) as unknown as { counters: object }).counters).toEqual({ available: 0, reserved: 0, hadTurn: false, passed: false });
    expect((combat.combatants.get(fight.ids.ada) as unknown as { counters: object }).counters).toEqual({ available: 6, reserved: 0, hadTurn: true, passed: false });
  });
});

describe("Boots of Alacrity on the initiative card", () => {
  it("a player's combatant wearing them gets one card with both rolls: the better kept, the other struck through", async () => {
    await wearBoots(fight.actors.ada);
    queueFaces(...gainsOf(2), ...gainsOf(4));
    await as(fight, fight.alice, (c) => c.rollInitiative([fight.ids.ada]));
    await fight.world.settle();
    expect(messages(fight.alice)).toHaveLength(1);
    const card = messages(fight.alice)[0];
    expect(card.isContentVisible).toBe(true);
    expect(card.rolls).toHaveLength(2);
    expect(card.content).toMatch(/class="cw-card__gains" data-gains="4"/);
    expect(card.content).toContain("Rolled again, the better roll kept; set aside:");
    expect(card.content).toMatch(/<div class="cw-initiative-reroll" data-gains="2">/);
    expect(card.content).toContain('<s class="cw-initiative-reroll__gains">2</s>');
    expect((card.content.match(/cw-roll-die--discarded/g) ?? []).length).toBe(12);
    expect(combatOn(fight.gm, fight.combatId).combatants.get(fight.ids.ada)?.system.initiativeRoll).toMatchObject({ gains: 4 });
  });

  it("a hidden NPC's set-aside roll stays with its card: a GM-only roll shows players neither", async () => {
    await wearBoots(fight.actors.gob);
    await fight.world.as(fight.gm, () => fight.gm.game.settings.set("core", "rollMode", "gmroll"));
    queueFaces(...gainsOf(5), ...gainsOf(1));
    await as(fight, fight.gm, (c) => c.rollInitiative([fight.ids.gob]));
    await fight.world.settle();
    expect(messages(fight.alice)).toHaveLength(1);
    expect(messages(fight.gm)[0].content).toMatch(/<div class="cw-initiative-reroll" data-gains="1">/);
    expect(messages(fight.alice)[0].whisper).toEqual([fight.gm.userId]);
    expect(messages(fight.alice)[0].isContentVisible).toBe(false);
    expect(messages(fight.gm)[0].isContentVisible).toBe(true);
  });
});
