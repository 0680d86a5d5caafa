/**
 * Species abilities that recharge (RULING 68, docs/rulings.md 89) in the multi-user world: a used
 * ability stores the round it was used in (`flags.clockwork.speciesSpent.<key>`); the turn it was
 * used in rolls nothing; at the end of each later turn of its owner a Flat 10 is asked of the
 * owner's player, and success makes it usable again; the end of the combat recharges everything.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actorOn, as, combatOn, createFight, queueFaces, type Fight } from "../world-setup";
import { combatActionsFor } from "../../../src/combat/actions";

let fight: Fight;

/** A Dragonkin-like species item: the breath with its recharge (packs/_source/species). */
const SPECIES = {
  name: "Dragonkin", type: "species",
  flags: { clockwork: { speciesAttacks: [{ key: "dragonkinBreath", action: "dragonkinBreath", counters: 4, skills: ["stamina"], damage: { dice: 8, type: "energy" }, area: { shape: "cone", size: 3 }, recharge: 10 }] } },
};

type Message = { rolls: { constructor: { name: string } }[]; _source: { author: string } };
const flatRolls = () => (fight.gm.game.messages.contents as unknown as Message[]).filter((m) => m.rolls[0]?.constructor.name === "FlatRoll");
const spent = (client = fight.gm) => ((actorOn(client, fight.actors.ada).flags as { clockwork?: { speciesSpent?: Record<string, unknown> } }).clockwork?.speciesSpent ?? {}).dragonkinBreath;
const next = () => as(fight, fight.gm, (c) => c.nextTurn());
const breathAction = () => fight.world.as(fight.alice, () => combatActionsFor(actorOn(fight.alice, fight.actors.ada) as never).groups.flatMap((g) => g.actions).find((a) => a.key === "dragonkinBreath"));

beforeEach(async () => {
  fight = await createFight();
  await as(fight, fight.alice, () => game.settings?.set("clockwork", "autoRollOwnChecks", true));
  await as(fight, fight.alice, () => (actorOn(fight.alice, fight.actors.ada) as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }).createEmbeddedDocuments("Item", [SPECIES]));
  await as(fight, fight.gm, (c) => c.startCombat());
});
afterEach(() => fight.world.close());

/** Ada (first in the order) uses the breath in round 1: the flag as performCombatAction writes it. */
const useBreath = (round: number) => as(fight, fight.alice, () => actorOn(fight.alice, fight.actors.ada).update({ "flags.clockwork.speciesSpent.dragonkinBreath": round }));

describe("species recharge", () => {
  it("no roll at the end of the turn it was used in; a Flat 10 at the end of each later turn until it succeeds", async () => {
    expect(combatOn(fight.gm, fight.combatId).combatant?.name).toBe("Ada");
    await useBreath(1);
    expect((await breathAction())?.reasonKey).toBe("onCooldown");
    await next(); // Ada's round-1 turn ends: nothing to roll yet.
    expect(flatRolls()).toHaveLength(0);
    await next();
    await next();
    queueFaces(4); // round 2: Ada's turn ends with a failed Flat 10.
    await next();
    await next();
    expect(combatOn(fight.gm, fight.combatId).round).toBe(2);
    // The recharge roll runs in the background after the turn changed (a round-1 roll would make two).
    await fight.world.settle();
    expect(flatRolls().map((m) => m._source.author)).toEqual([fight.alice.userId]);
    await fight.world.settle();
    // The roll names the ability, not its key.
    expect((flatRolls()[0] as unknown as { rolls: { options: { label?: string; target?: number } }[] }).rolls[0].options).toMatchObject({ label: "Recharge Breath weapon", target: 10 });
    expect(spent()).toBe(1);
    await next();
    await next();
    queueFaces(10); // round 3: the Flat 10 succeeds.
    await next();
    await next();
    await fight.world.settle();
    expect(flatRolls()).toHaveLength(2);
    await fight.world.settle();
    expect(spent(fight.alice)).toBe(false);
    // Usable again (Ada has passed this round: only that blocks it now).
    expect((await breathAction())?.reasonKey).toBe("passed");
    expect(fight.world.clients.flatMap((c) => c.errors)).toEqual([]);
  });

  it("the end of the combat recharges it", async () => {
    await useBreath(1);
    await as(fight, fight.gm, (c) => c.delete());
    await fight.world.settle();
    expect(spent(fight.alice)).toBe(false);
  });
});
