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
import { lifecycleSettled } from "../../src/magic/lifecycle";
import { BRAM, GRUSHA, SWORD, actorUuid, doc, seedArena, setCounters } from "./world-fixtures";

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
    // world as it is now: the Force Field this attack spent no longer counts (the 3 it added).
    expect(first.data.targets[0].defense).toBeUndefined();
    await world.settle();
    expect((await world.as(gm, () => cardFor(first.message as never)))!.targets[0].defense).toBe(first.results[0].setup.defense.total - 3);
    expect((await world.as(bob, () => cardFor(first.message as never)))!.targets[0].defense).toBeUndefined();
    expect([...grusha(gm).effects].map((e) => e.name)).toEqual(["Blur"]);
    expect([...grusha(bob).effects].map((e) => e.name)).toEqual(["Blur"]);

    const second = await swing();
    expect(second.results[0].setup.defense.parts).toMatchObject({ base: base + 5, forceField: 0 });
    expect([...grusha(gm).effects].map((e) => e.name)).toEqual(["Blur"]);
    expect([...bob.errors, ...gm.errors]).toEqual([]);
  });
});
