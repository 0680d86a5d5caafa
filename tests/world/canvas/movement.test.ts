/**
 * Contract tests of the test world's token movement (client/documents/token.mjs v13: `move`,
 * `#preUpdateMovement`, `preMoveToken`/`moveToken`, the recorded history and its undo;
 * client/documents/combat.mjs: the history is cleared when the combatant's turn starts;
 * client/config.mjs: the movement actions). The system is not booted: core's behaviour alone.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../index";
import type { MovementOperation, TokenDocument } from "../documents/scene";

const SCENE = "moveScene0000001";
const TOKEN = "moveToken0000001";
const ACTOR = "moveActor0000001";
const COMBAT = "moveCombat000001";

async function seed(options: { combat?: boolean } = {}): Promise<{ world: World; gm: WorldClient; alice: WorldClient; bob: WorldClient; token: (c: WorldClient) => TokenDocument }> {
  const world = await createWorld({ packs: false, system: false });
  const alice = world.player("Alice");
  const bob = world.player("Bob");
  await world.seed("Actor", [{ _id: ACTOR, name: "Ada", type: "base", ownership: { [alice.userId]: 3 } }]);
  await world.seed("Scene", [{ _id: SCENE, name: "Map", active: true, tokens: [{ _id: TOKEN, name: "Ada", actorId: ACTOR, actorLink: true, x: 0, y: 0 }] }]);
  if (options.combat) {
    await world.seed("Combat", [{ _id: COMBAT, scene: SCENE, active: true, round: 0, turn: null, combatants: [
      { _id: "moveCombatant001", actorId: ACTOR, tokenId: TOKEN, sceneId: SCENE, initiative: 10 },
    ] }]);
    await world.as(world.gm, () => (world.gm.game.combats.get(COMBAT) as unknown as { update(d: object): Promise<unknown> }).update({ round: 1, turn: 0 }));
  }
  await world.settle();
  const token = (c: WorldClient) => (c.game.scenes.get(SCENE) as unknown as { tokens: { get(id: string): TokenDocument } }).tokens.get(TOKEN);
  return { world, gm: world.gm, alice, bob, token };
}

describe("TokenDocument#move (client/documents/token.mjs)", () => {
  it("moves through waypoints, measured on the scene's grid; every client runs moveToken with the operation", async () => {
    const { world, alice, bob, token } = await seed();
    const seen: { client: string; movement: MovementOperation; user: string }[] = [];
    for (const c of world.clients) c.Hooks.on("moveToken", (_doc: unknown, movement: MovementOperation, _op: unknown, user: { id: string }) => void seen.push({ client: c.userId, movement, user: user.id }));
    // Three spaces east then one diagonal: RECTILINEAR (system.json) counts the diagonal as 2.
    const moved = await world.as(alice, () => token(alice).move([{ x: 300, y: 0 }, { x: 400, y: 100 }], { method: "dragging" }));
    await world.settle();
    expect(moved).toBe(true);
    expect([token(bob).x, token(bob).y]).toEqual([400, 100]);
    expect(seen.map((s) => s.client).sort()).toEqual(world.clients.map((c) => c.userId).sort());
    const op = seen[0].movement;
    expect(op.method).toBe("dragging");
    expect(op.origin).toMatchObject({ x: 0, y: 0 });
    expect(op.passed.spaces).toBe(5);
    expect(op.passed.waypoints.map((w) => [w.x, w.y, w.action])).toEqual([[300, 0, "walk"], [400, 100, "walk"]]);
    expect(seen.every((s) => s.user === alice.userId)).toBe(true);
    // Out of combat nothing is recorded.
    expect(token(alice).movementHistory).toEqual([]);
  });

  it("a preMoveToken returning false refuses the move before anything is written", async () => {
    const { world, alice, gm, token } = await seed();
    let asked = 0;
    alice.Hooks.on("preMoveToken", () => {
      asked++;
      return false;
    });
    let moves = 0;
    gm.Hooks.on("moveToken", () => void moves++);
    gm.Hooks.on("updateToken", () => void moves++);
    const moved = await world.as(alice, () => token(alice).move({ x: 500, y: 0 }));
    await world.settle();
    expect(moved).toBe(false);
    expect(asked).toBe(1);
    expect(moves).toBe(0);
    expect(token(gm).x).toBe(0);
    // A plain x/y update is a move too (`#inferMovementWaypoints`), and is refused the same way.
    await world.as(alice, () => (token(alice) as unknown as { update(d: object): Promise<unknown> }).update({ x: 200 }));
    await world.settle();
    expect(asked).toBe(2);
    expect(token(gm).x).toBe(0);
  });

  it("validates waypoint actions against CONFIG.Token.movement.actions; displace is not measured and not selectable, crawl costs double", async () => {
    const { world, alice, token } = await seed();
    await expect(world.as(alice, () => token(alice).move({ x: 100, y: 0, action: "teleportIntoTheSun" }))).rejects.toThrow(/action is invalid/);
    const actions = alice.CONFIG.Token as { movement: { actions: Record<string, { canSelect(t: unknown): boolean }> ; defaultAction: string } };
    expect(actions.movement.defaultAction).toBe("walk");
    expect(actions.movement.actions.displace.canSelect(token(alice))).toBe(false);
    expect(actions.movement.actions.walk.canSelect(token(alice))).toBe(true);
    const ops: MovementOperation[] = [];
    alice.Hooks.on("moveToken", (_d: unknown, m: MovementOperation) => void ops.push(m));
    await world.as(alice, () => token(alice).move({ x: 200, y: 0, action: "crawl" }));
    await world.as(alice, () => token(alice).move({ x: 900, y: 900, action: "displace" }));
    await world.settle();
    expect([ops[0].passed.spaces, ops[0].passed.cost]).toEqual([2, 4]);
    expect([ops[1].passed.spaces, ops[1].passed.cost]).toEqual([0, 0]);
  });
});

describe("recorded movement and its undo", () => {
  it("records a move in a started combat, keeps players from writing the history, and undoes a move by its id", async () => {
    const { world, alice, gm, token } = await seed({ combat: true });
    await world.as(alice, () => token(alice).move({ x: 200, y: 0 }));
    await world.settle();
    await world.as(alice, () => token(alice).move({ x: 200, y: 300 }));
    await world.settle();
    const history = token(gm).movementHistory;
    // The start, then each move's waypoint, each with its move's id and cost.
    expect(history.map((w) => [w.x, w.y])).toEqual([[0, 0], [200, 0], [200, 300]]);
    const [first, second] = [history[1].movementId, history[2].movementId];
    expect(first).not.toBe(second);
    expect(history.map((w) => w.cost)).toEqual([0, 2, 3]);
    // A direct write of the history is dropped (only an undo may set it).
    await world.as(alice, () => (token(alice) as unknown as { update(d: object): Promise<unknown> }).update({ _movementHistory: [], name: "Ada!" }));
    await world.settle();
    expect(token(gm).movementHistory).toHaveLength(3);
    // Undo the second move: back where the first ended, its waypoints gone; method "undo".
    const methods: string[] = [];
    alice.Hooks.on("preMoveToken", (_d: unknown, m: MovementOperation) => void methods.push(m.method));
    expect(await world.as(alice, () => token(alice).revertRecordedMovement(second))).toBe(true);
    await world.settle();
    expect([token(gm).x, token(gm).y]).toEqual([200, 0]);
    expect(token(gm).movementHistory.map((w) => w.movementId)).toEqual([history[0].movementId, first]);
    expect(methods).toEqual(["undo"]);
    // Undo everything left.
    expect(await world.as(alice, () => token(alice).revertRecordedMovement())).toBe(true);
    await world.settle();
    expect([token(gm).x, token(gm).y, token(gm).movementHistory.length]).toEqual([0, 0, 0]);
    expect(await world.as(alice, () => token(alice).revertRecordedMovement())).toBe(false);
  });

  it("clears the combatant's token history when its turn starts (Combat#_clearMovementHistoryOnStartTurn)", async () => {
    const { world, alice, gm, token } = await seed({ combat: true });
    await world.as(alice, () => token(alice).move({ x: 100, y: 0 }));
    await world.settle();
    expect(token(gm).movementHistory.length).toBeGreaterThan(0);
    await world.as(gm, () => (gm.game.combats.get(COMBAT) as unknown as { nextRound(): Promise<unknown> }).nextRound());
    await world.settle();
    expect(token(gm).movementHistory).toEqual([]);
    expect(token(alice).x).toBe(100);
  });
});
