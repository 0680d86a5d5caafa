/**
 * Moves pay counters (issue 28 item 1) in the test world: a token moved through core's movement
 * API in a running combat is priced by the rules core's cheapest plan and paid before it moves;
 * what the counters cannot pay, or a creature that may not move, is refused before anything is
 * written; undoing a move gives its counters back; a GM's move is free unless the world setting
 * says otherwise; out of combat nothing is charged; the sheet's Walk is not a second spend.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { ADA, BRAM, SCENE_ID, combatantUuid, doc, seedFight, tokenId } from "../combat/attack/world-fixtures";
import { planMovement } from "../../src/rules";

interface TokenDoc {
  x: number;
  y: number;
  movementHistory: { movementId: string }[];
  move(w: object | object[], o?: object): Promise<boolean>;
  revertRecordedMovement(id?: string): Promise<boolean>;
  actor: { system: { movement: { walk: number; run: number } }; toggleStatusEffect(id: string, o?: object): Promise<unknown> };
}

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

const token = (c: WorldClient, actorId: string): TokenDoc => (c.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): TokenDoc } }).tokens.get(tokenId(actorId));
const counters = (c: WorldClient, actorId: string) => doc<{ system: { counters: { available: number; reserved: number } } }>(c, combatantUuid(actorId)).system.counters;
const warnings = (c: WorldClient) => c.notifications.filter((n) => n.type === "warn").map((n) => n.message);

async function moveAs(c: WorldClient, actorId: string, waypoints: object | object[]): Promise<boolean> {
  const moved = await world.as(c, () => token(c, actorId).move(waypoints, { method: "dragging" }));
  await world.settle();
  return moved;
}

describe("a token's move pays its counters", { timeout: 30_000 }, () => {
  beforeEach(async () => {
    world = await createWorld();
    ({ gm, alice, bob } = await seedFight(world));
  });

  it("charges the owner's move on its turn the cheapest plan's counters, before the token moves", async () => {
    const speeds = token(gm, ADA).actor.system.movement;
    // Three spaces east, then one diagonal: 5 spaces under §4.8.
    expect(await moveAs(alice, ADA, [{ x: 300, y: 0 }, { x: 400, y: 100 }])).toBe(true);
    const plan = planMovement(5, { walk: speeds.walk, run: speeds.run });
    expect(plan.cost).toBeGreaterThan(0);
    for (const c of [gm, alice, bob]) {
      expect(counters(c, ADA).available).toBe(6 - plan.cost);
      expect([token(c, ADA).x, token(c, ADA).y]).toEqual([400, 100]);
    }
    expect(warnings(alice)).toEqual([]);
  });

  it("refuses a move the counters cannot pay, before the token moves, with the reason in words", async () => {
    ({ gm, alice, bob } = await (async () => {
      world = await createWorld();
      return seedFight(world, { counters: { [ADA]: { available: 1, reserved: 0, hadTurn: true, passed: false } } });
    })());
    const before = world.gm.notifications.length;
    expect(await moveAs(alice, ADA, { x: 800, y: 0 })).toBe(false);
    expect([token(gm, ADA).x, token(gm, ADA).y]).toEqual([0, 0]);
    expect(counters(gm, ADA).available).toBe(1);
    expect(warnings(alice).at(-1)).toMatch(/cannot pay for 8 spaces: that costs \d+ counters and 1 are left/);
    expect(world.gm.notifications.length).toBe(before);
    // One step is paid (1 counter).
    expect(await moveAs(alice, ADA, { x: 100, y: 0 })).toBe(true);
    expect(counters(gm, ADA).available).toBe(0);
  });

  it("refuses a creature that may not move (Petrified, Grappled), and a step-only creature runs no further than steps pay", async () => {
    await world.as(gm, () => token(gm, ADA).actor.toggleStatusEffect("petrified", { active: true }));
    await world.settle();
    expect(await moveAs(alice, ADA, { x: 100, y: 0 })).toBe(false);
    expect(warnings(alice).at(-1)).toBe("Ada cannot move: Petrified.");
    expect(counters(gm, ADA).available).toBe(6);
    expect(token(gm, ADA).x).toBe(0);
    await world.as(gm, () => token(gm, ADA).actor.toggleStatusEffect("petrified", { active: false }));
    await world.as(gm, () => token(gm, ADA).actor.toggleStatusEffect("grappled", { active: true }));
    await world.settle();
    expect(await moveAs(alice, ADA, { x: 100, y: 0 })).toBe(false);
    expect(warnings(alice).at(-1)).toBe("Ada cannot move: Grappled.");
    await world.as(gm, () => token(gm, ADA).actor.toggleStatusEffect("grappled", { active: false }));
    await world.settle();
    // The chosen "step" action only steps: 3 spaces cost 3 counters.
    expect(await moveAs(alice, ADA, { x: 300, y: 0, action: "step" })).toBe(true);
    expect(counters(gm, ADA).available).toBe(3);
  });

  it("undoing a move (core's revertRecordedMovement) gives its counters back", async () => {
    expect(await moveAs(alice, ADA, { x: 300, y: 0 })).toBe(true);
    const afterFirst = counters(gm, ADA).available;
    expect(await moveAs(alice, ADA, { x: 300, y: 100 })).toBe(true);
    const afterSecond = counters(gm, ADA).available;
    expect(afterSecond).toBeLessThan(afterFirst);
    const secondId = token(alice, ADA).movementHistory.at(-1)!.movementId;
    expect(await world.as(alice, () => token(alice, ADA).revertRecordedMovement(secondId))).toBe(true);
    await world.settle();
    expect([token(gm, ADA).x, token(gm, ADA).y]).toEqual([300, 0]);
    expect(counters(gm, ADA).available).toBe(afterFirst);
    // Undo all: back at the start with all six.
    expect(await world.as(alice, () => token(alice, ADA).revertRecordedMovement())).toBe(true);
    await world.settle();
    expect([token(gm, ADA).x, counters(gm, ADA).available]).toEqual([0, 6]);
  });

  it("a player moves only the creature whose turn it is; a GM's move is free unless the world setting charges it", async () => {
    // Bram's turn has not come (Ada's is first).
    expect(await moveAs(bob, BRAM, { x: 0, y: 300 })).toBe(false);
    expect(warnings(bob).at(-1)).toBe("It is not Bram's turn: only the creature whose turn it is moves now.");
    expect(await moveAs(gm, ADA, { x: 500, y: 0 })).toBe(true);
    expect(counters(gm, ADA).available).toBe(6);
    await world.as(gm, () => gm.game.settings.set("clockwork", "moveCharge", "everyone"));
    await world.settle();
    expect(await moveAs(gm, ADA, { x: 500, y: 300 })).toBe(true);
    expect(counters(gm, ADA).available).toBeLessThan(6);
  });

  it("game.clockwork.map previews a drag for the user who drags: its price and each space's band, nothing written", async () => {
    type MapApi = { previewMove(t: unknown, p: object[]): { cost: number; charged: boolean; problem: unknown; bands: string[] }; bandColors(): Record<string, string> };
    const api = (c: WorldClient) => c.run(() => (c.game as unknown as { clockwork: { map: MapApi } }).clockwork.map);
    const speeds = token(gm, ADA).actor.system.movement;
    const path = [{ x: 0, y: 0 }, { x: 300, y: 0 }];
    const own = alice.run(() => api(alice).previewMove(token(alice, ADA), path));
    expect(own).toMatchObject({ charged: true, problem: null, cost: planMovement(3, speeds).cost });
    expect(own.bands).toHaveLength(3);
    expect(own.bands.every((b) => ["run", "walk", "step"].includes(b))).toBe(true);
    // The GM drags for free (the default setting): no bands, core's colours.
    expect(gm.run(() => api(gm).previewMove(token(gm, ADA), path))).toMatchObject({ charged: false, bands: [] });
    // Too far for her counters: the spaces past them are "over".
    const far = alice.run(() => api(alice).previewMove(token(alice, ADA), [{ x: 0, y: 0 }, { x: 0, y: 3000 }]));
    expect(far.problem).not.toBeNull();
    expect(far.bands.at(-1)).toBe("over");
    expect(api(alice).bandColors().run).toBe("#2e8b57");
    expect(counters(gm, ADA).available).toBe(6);
    expect([token(gm, ADA).x, token(gm, ADA).y]).toEqual([0, 0]);
  });

  it("charges nothing out of combat", async () => {
    world = await createWorld();
    ({ gm, alice } = await seedFight(world, { combat: false }));
    expect(await moveAs(alice, ADA, { x: 1200, y: 0 })).toBe(true);
    expect(token(gm, ADA).x).toBe(1200);
    expect(warnings(alice)).toEqual([]);
  });

  it("registers ClockWork's ways of moving as core's movement actions (crawl only for the prone)", async () => {
    const actions = (alice.CONFIG.Token as { movement: { actions: Record<string, { canSelect(t: unknown): boolean }> } }).movement.actions;
    expect(Object.keys(actions).sort()).toEqual(["climb", "crawl", "displace", "step", "swim", "walk"]);
    expect(await world.as(alice, () => actions.crawl.canSelect(token(alice, ADA)))).toBe(false);
    await world.as(gm, () => token(gm, ADA).actor.toggleStatusEffect("prone", { active: true }));
    await world.settle();
    expect(await world.as(alice, () => actions.crawl.canSelect(token(alice, ADA)))).toBe(true);
    expect(await world.as(alice, () => actions.displace.canSelect(token(alice, ADA)))).toBe(false);
  });

  it("the sheet's Walk is not a second spend: a creature with a token moves it", async () => {
    const actor = alice.game.actors.get(ADA) as unknown as { performAction?(r: object): Promise<{ ok: boolean }> };
    const { performCombatAction } = await import("../../src/combat/actions/perform");
    const result = await world.as(alice, () => performCombatAction(actor as never, { key: "walk" }));
    await world.settle();
    expect(result.ok).toBe(false);
    expect(warnings(alice).at(-1)).toBe("Ada moves on the map: drag the token, and the move pays its counters.");
    expect(counters(gm, ADA).available).toBe(6);
  });
});
