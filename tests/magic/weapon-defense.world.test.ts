/**
 * Spell defenses against weapon attacks (issue 11 item 4 / requests-magic2 #2): Bob's fighter
 * swings at Grusha under Blur (+5) and a Force Field (+3): the first attack meets both and
 * spends the field, the second meets Blur alone; an attack spell's own path is unchanged.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { setReactionPrompt } from "../../src/combat/attack/reactions";
import type { AttackOutcome } from "../../src/combat/attack/workflow";
import { cardFor } from "../../src/combat/attack/chat";
import { applyAttackCard } from "../../src/combat/attack/apply";
import { recomputeCard } from "../../src/combat/attack/recompute";
import { lifecycleSettled } from "../../src/magic/lifecycle";
import { BRAM, GRUSHA, SWORD, actorUuid, doc, moveToken, seedArena, setCounters } from "./world-fixtures";

interface Fighter {
  items: { get(id: string): unknown };
  attack(item: unknown, options?: object): Promise<AttackOutcome | null>;
}
interface Target {
  system: { defense: { base: number } };
  effects: Iterable<{ name: string }>;
  createEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
}

const flag = (identifier: string, amount: number) => ({
  clockwork: { spell: { identifier, name: identifier, gains: 3, dispellable: true, casterUuid: null, itemUuid: null, effect: "defense", amount, endFlat: null, expires: null } },
});

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
});

describe("Blur and Force Field against weapon attacks", () => {
  it("add to the defense; the field is spent by the attack that met it", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world);
    setReactionPrompt(async () => "none");
    // Bram next to Grusha, in his longsword's reach.
    await moveToken(world, BRAM, 3, 0);
    const grusha = (client: WorldClient) => doc<Target>(client, actorUuid(GRUSHA));
    const base = grusha(gm).system.defense.base;
    await world.as(gm, () => grusha(gm).createEmbeddedDocuments("ActiveEffect", [
      { _id: "blurEffect000001", name: "Blur", flags: flag("blur", 5) },
      { _id: "forceField000001", name: "Force Field", flags: flag("force-field", 3) },
    ], { keepId: true }));
    await world.settle();

    // Grusha has had its turn: a defenseless target meets base defense only (§4.6), Blur included.
    await setCounters(world, GRUSHA, 6);
    const bram = doc<Fighter>(bob, actorUuid(BRAM));
    const swing = async () => {
      await setCounters(world, BRAM, 6);
      queueFaces(...Array(8).fill(2), ...Array(8).fill(2));
      const outcome = await world.as(bob, () => bram.attack(bram.items.get(SWORD), { targets: [actorUuid(GRUSHA)], skipDialog: true }));
      await world.settle();
      await lifecycleSettled();
      await world.settle();
      return outcome!;
    };

    const first = await swing();
    expect(first.results[0].setup.defense.parts).toMatchObject({ base: base + 5, forceField: 3 });
    // The card's flags hold no defense; the GM's client works it out (issue 18 item 6) from the
    // world: the Force Field this attack spent still counts for this card (Grusha's record of it).
    expect(first.data.targets[0].defense).toBeUndefined();
    await world.settle();
    expect((await world.as(gm, () => cardFor(first.message as never)))!.targets[0].defense).toBe(first.results[0].setup.defense.total);
    expect((await world.as(bob, () => cardFor(first.message as never)))!.targets[0].defense).toBeUndefined();
    expect([...grusha(gm).effects].map((e) => e.name)).toEqual(["Blur"]);
    expect([...grusha(bob).effects].map((e) => e.name)).toEqual(["Blur"]);

    const second = await swing();
    expect(second.results[0].setup.defense.parts).toMatchObject({ base: base + 5, forceField: 0 });
    expect([...grusha(gm).effects].map((e) => e.name)).toEqual(["Blur"]);
    expect([...bob.errors, ...gm.errors]).toEqual([]);
  }, 30_000);

  it("a miss the field made stays a miss when the card is applied after the field is spent", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedArena(world);
    setReactionPrompt(async () => "none");
    const grusha = (client: WorldClient) => doc<Target & { system: { health?: unknown } }>(client, actorUuid(GRUSHA));
    await world.as(gm, () => grusha(gm).createEmbeddedDocuments("ActiveEffect", [{ _id: "forceField000002", name: "Force Field", flags: flag("force-field", 3) }], { keepId: true }));
    await world.settle();
    await setCounters(world, GRUSHA, 6);
    await setCounters(world, BRAM, 6);
    const health = JSON.stringify(grusha(gm).system.health);
    const bram = doc<Fighter>(bob, actorUuid(BRAM));
    // Next to Grusha, 4 gains against base 3 + the field's 3: a miss only because of the field.
    await moveToken(world, BRAM, 3, 0);
    queueFaces(9, 9, 9, 9, 2, 2, 2, ...Array(8).fill(6));
    const outcome = (await world.as(bob, () => bram.attack(bram.items.get(SWORD), { targets: [actorUuid(GRUSHA)], skipDialog: true })))!;
    await world.settle();
    await lifecycleSettled();
    await world.settle();
    expect(outcome.results[0]).toMatchObject({ hit: false, gains: 4, setup: { automaticMiss: null, defense: { total: 6 } } });
    expect(outcome.results[0].setup.defense.parts.forceField).toBe(3);
    // The field is spent (by the GM: Bob does not own Grusha), and recorded for this card only.
    expect([...grusha(gm).effects].map((e) => e.name)).toEqual([]);
    const message = outcome.message as { id: string; flags: Record<string, unknown>; rolls: unknown[] };
    const recomputed = await world.as(gm, () => recomputeCard(message));
    expect(recomputed.ok && recomputed.rows[0]).toMatchObject({ hit: false, forceField: 3, damage: { total: 0 } });
    await world.as(bob, () => applyAttackCard(message as never));
    await world.settle();
    expect(JSON.stringify(grusha(gm).system.health)).toBe(health);
    // A later card meets no field: the record is this card's alone.
    await setCounters(world, BRAM, 6);
    queueFaces(9, 9, 9, 9, 2, 2, 2, ...Array(8).fill(6));
    const later = (await world.as(bob, () => bram.attack(bram.items.get(SWORD), { targets: [actorUuid(GRUSHA)], skipDialog: true })))!;
    await world.settle();
    expect(later.results[0]).toMatchObject({ hit: true, gains: 4, setup: { defense: { total: 3 } } });
    expect([...bob.errors, ...gm.errors]).toEqual([]);
  }, 30_000);
});
