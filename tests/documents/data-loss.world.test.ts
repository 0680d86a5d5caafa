/**
 * Issue 9: the data-loss cases of data-loss-scenarios.ts played against the current build in
 * the test world (data-loss-old-build.world.test.ts shows each one losing data before). Each keeps the
 * stored data and tells the player why, repeating what was typed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "../world";
import { SCENARIOS } from "./data-loss-scenarios";
import { AXE } from "../fixtures/actors";

let world: World;

beforeAll(async () => {
  world = await createWorld({ packs: false });
});

afterAll(() => world.close());

describe("emptied or mistyped number boxes keep the stored value and say why", () => {
  it("keeps an emptied skill rank", async () => {
    const { system, messages } = await SCENARIOS.emptiedRank(world);
    expect(system.skills.strength.rank).toBe(7);
    expect(messages).toEqual(["Ada: Strength rank was left empty, so it stays 7."]);
  });

  it("keeps emptied currency, luck and wounds", async () => {
    expect((await SCENARIOS.emptiedCurrency(world)).system.currency).toBe(1500);
    expect((await SCENARIOS.emptiedLuck(world)).system.luck.value).toBe(1);
    const wounds = await SCENARIOS.emptiedWounds(world);
    expect(wounds.system.health.wounds).toBe(2);
    expect(wounds.messages).toEqual(["Ada: Wounds was left empty, so it stays 2."]);
  });

  it("repeats the text typed, never NaN", async () => {
    const { system, messages } = await SCENARIOS.typedCurrency(world);
    expect(system.currency).toBe(1500);
    expect(messages).toEqual(['Ada: Currency "lots" is not a number, so it stays 1500.']);
    expect(messages.join(" ")).not.toMatch(/NaN/);
  });
});

describe("the health track stays possible", () => {
  it("refuses 99 wounds, naming grit", async () => {
    const { system, messages } = await SCENARIOS.wounds99(world);
    expect(system.health.wounds).toBe(2);
    expect(messages[0]).toMatch(/^Ada: 99 wounds is more than grit \d+ \+ 1/);
  });

  it("refuses more hits than the box holds", async () => {
    const { system, messages } = await SCENARIOS.hitsOverBox(world);
    expect(system.health.hits).toBe(1);
    expect(messages[0]).toMatch(/^Ada: 40 hits do not fit a box of \d+\.$/);
  });

  it("refuses more vitals lost than the creature has", async () => {
    const { system, messages } = await SCENARIOS.vitalsOver(world);
    expect(system.health.vitalsLost).toBe(1);
    expect(messages).toEqual(["Ada: 30 vitals lost is more than the 6 vitals it has."]);
  });

  it("does not let a player tick Dead against the track", async () => {
    const { system, messages } = await SCENARIOS.playerTicksDead(world);
    expect(system.health.dead).toBe(false);
    expect(messages[0]).toMatch(/only a GM can mark it dead/);
  });
});

describe("carry and equip rules hold on every write path", () => {
  it("refuses a fourth item on the belt through the Container field", async () => {
    const { items, messages } = await SCENARIOS.beltFourth(world);
    expect(items.filter((item) => item.system.container === "belt")).toHaveLength(3);
    expect(messages).toEqual(["The belt holds at most 3 items."]);
  });

  it("unequips a deleted item", async () => {
    const { system, items } = await SCENARIOS.deleteEquipped(world);
    expect(items.some((item) => item._id === AXE._id)).toBe(false);
    expect(system.equipped.mainHand).toBe("");
  });
});
