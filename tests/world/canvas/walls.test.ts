/**
 * Contract tests of the map's walls, sight collision test, templates and regions
 * (tests/world/canvas/walls.ts, tests/world/documents/region.ts), as core has them.
 */
import { describe, expect, it } from "vitest";
import { createWorld, type WorldClient } from "../index";

type Backend = { testCollision(o: object, d: object, c: object): unknown };
const sight = (client: WorldClient): Backend => client.run(() => (globalThis as unknown as { CONFIG: { Canvas: { polygonBackends: { sight: Backend } } } }).CONFIG.Canvas.polygonBackends.sight);
const blocked = (client: WorldClient, a: [number, number], b: [number, number]) =>
  client.run(() => sight(client).testCollision({ x: a[0], y: a[1] }, { x: b[0], y: b[1] }, { type: "sight", mode: "any" }));

async function walledWorld(walls: object[]) {
  const world = await createWorld({ packs: false, system: false });
  await world.seed("Scene", [{ _id: "wallScene0000001", name: "Hall", active: true, walls }]);
  await world.settle();
  return world;
}

describe("walls and the sight collision test", { timeout: 20_000 }, () => {
  it("a normal wall blocks sight across it, not beside it; a crossing at the origin does not count", async () => {
    const world = await walledWorld([{ c: [300, 0, 300, 400] }]);
    const alice = world.player("Alice");
    expect(blocked(alice, [150, 150], [450, 150])).toBe(true);
    expect(blocked(alice, [150, 150], [250, 350])).toBe(false);
    expect(blocked(alice, [150, 450], [450, 450])).toBe(false);
    expect(blocked(alice, [300, 150], [450, 150])).toBe(false);
  });

  it("sense NONE and open doors let sight through; closed doors do not", async () => {
    const world = await walledWorld([
      { c: [300, 0, 300, 100], sight: 0 },
      { c: [300, 100, 300, 200], door: 1, ds: 1 },
      { c: [300, 200, 300, 300], door: 1, ds: 0 },
    ]);
    const gm = world.gm;
    expect(blocked(gm, [150, 50], [450, 50])).toBe(false);
    expect(blocked(gm, [150, 150], [450, 150])).toBe(false);
    expect(blocked(gm, [150, 250], [450, 250])).toBe(true);
    // A wall that blocks sight only may still block movement, and the reverse.
    expect(gm.run(() => sight(gm).testCollision({ x: 150, y: 50 }, { x: 450, y: 50 }, { type: "move", mode: "any" }))).toBe(true);
  });

  it("one limited wall is seen through, two are not; a one-way wall blocks from one side only", async () => {
    const world = await walledWorld([
      { c: [300, 0, 300, 100], sight: 10 },
      { c: [300, 100, 300, 200], sight: 10 },
      { c: [400, 100, 400, 200], sight: 10 },
      // From (300, 300) down to (300, 400): LEFT of a→b is east (orient2dFast > 0).
      { c: [300, 300, 300, 400], dir: 1 },
    ]);
    const gm = world.gm;
    expect(blocked(gm, [150, 50], [450, 50])).toBe(false);
    expect(blocked(gm, [150, 150], [450, 150])).toBe(true);
    const west = blocked(gm, [150, 350], [450, 350]);
    const east = blocked(gm, [450, 350], [150, 350]);
    expect([west, east].sort()).toEqual([false, true]);
  });

  it("'all' lists the crossings nearest first; 'closest' the first; an unknown type throws", async () => {
    const world = await walledWorld([{ c: [300, 0, 300, 400] }, { c: [200, 0, 200, 400] }]);
    const gm = world.gm;
    const all = gm.run(() => sight(gm).testCollision({ x: 50, y: 50 }, { x: 450, y: 50 }, { type: "sight", mode: "all" })) as { x: number }[];
    expect(all.map((c) => Math.round(c.x))).toEqual([200, 300]);
    const closest = gm.run(() => sight(gm).testCollision({ x: 450, y: 50 }, { x: 50, y: 50 }, { type: "sight", mode: "closest" })) as { x: number };
    expect(Math.round(closest.x)).toBe(300);
    expect(() => gm.run(() => sight(gm).testCollision({ x: 0, y: 0 }, { x: 1, y: 1 }, { type: "smell", mode: "any" }))).toThrow(/wall restriction type/);
  });

  it("players cannot draw walls; a wall needs four coordinates", async () => {
    const world = await walledWorld([]);
    const alice = world.player("Alice");
    const scene = (c: WorldClient) => c.game.scenes.get("wallScene0000001") as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown[]> };
    await expect(world.as(alice, () => scene(alice).createEmbeddedDocuments("Wall", [{ c: [0, 0, 100, 0] }]))).rejects.toThrow(/lacks permission/);
    const made = await world.as(world.gm, () => scene(world.gm).createEmbeddedDocuments("Wall", [{ c: [0, 0, 100] }]));
    expect(made).toEqual([]);
  });
});

describe("templates and regions test points as their shapes", { timeout: 20_000 }, () => {
  it("a region's circle, cone, line and rectangle, with a hole", async () => {
    const world = await createWorld({ packs: false, system: false });
    await world.seed("Scene", [{
      _id: "regnScene0000001", name: "Yard", active: true,
      regions: [
        { _id: "regionCircle0001", shapes: [{ type: "circle", x: 250, y: 250, radius: 250 }, { type: "circle", x: 250, y: 250, radius: 50, hole: true }] },
        { _id: "regionCone000001", shapes: [{ type: "cone", x: 50, y: 50, radius: 350, angle: 90, rotation: 0 }] },
        { _id: "regionLine000001", shapes: [{ type: "line", x: 50, y: 50, length: 350, width: 100, rotation: 90 }] },
        { _id: "regionRect000001", shapes: [{ type: "rectangle", x: 0, y: 0, width: 200, height: 100, rotation: 0 }] },
      ],
    }]);
    const scene = world.gm.game.scenes.get("regnScene0000001") as unknown as { regions: { get(id: string): { testPoint(p: object): boolean } } };
    const test = (id: string, x: number, y: number) => scene.regions.get(id).testPoint({ x, y, elevation: 0 });
    expect(test("regionCircle0001", 450, 250)).toBe(true);
    expect(test("regionCircle0001", 450, 450)).toBe(false);
    expect(test("regionCircle0001", 260, 260)).toBe(false);
    expect(test("regionCone000001", 350, 150)).toBe(true);
    expect(test("regionCone000001", 150, 350)).toBe(false);
    expect(test("regionLine000001", 50, 350)).toBe(true);
    expect(test("regionLine000001", 150, 350)).toBe(false);
    expect(test("regionRect000001", 150, 50)).toBe(true);
    expect(test("regionRect000001", 150, 150)).toBe(false);
  });

  it("v13: a template's circle, cone, ray and rect", async () => {
    const world = await createWorld({ packs: false, system: false, profile: "v13" });
    await world.seed("Scene", [{
      _id: "tmplScene0000001", name: "Yard", active: true,
      templates: [
        { _id: "templateCircle01", t: "circle", x: 250, y: 250, distance: 2.5 },
        { _id: "templateCone0001", t: "cone", x: 50, y: 50, distance: 3.5, direction: 0, angle: 90 },
        { _id: "templateRay00001", t: "ray", x: 50, y: 50, distance: 3.5, direction: 90, width: 1 },
        { _id: "templateRect0001", t: "rect", x: 0, y: 0, distance: Math.SQRT2 * 2, direction: 45 },
      ],
    }]);
    const scene = world.gm.game.scenes.get("tmplScene0000001") as unknown as { templates: { get(id: string): { testPoint(p: object): boolean } } };
    const test = (id: string, x: number, y: number) => scene.templates.get(id).testPoint({ x, y });
    expect(test("templateCircle01", 450, 250)).toBe(true);
    expect(test("templateCircle01", 450, 450)).toBe(false);
    expect(test("templateCone0001", 350, 150)).toBe(true);
    expect(test("templateCone0001", 150, 350)).toBe(false);
    expect(test("templateRay00001", 50, 350)).toBe(true);
    expect(test("templateRay00001", 150, 350)).toBe(false);
    expect(test("templateRect0001", 150, 150)).toBe(true);
    expect(test("templateRect0001", 250, 150)).toBe(false);
  });

  it("a player draws a template region and owns it: she may delete it, another player may not (foundryvtt#13270)", async () => {
    const world = await createWorld({ packs: false, system: false });
    await world.seed("Scene", [{ _id: "ownScene00000001", name: "Yard", active: true }]);
    await world.settle();
    const alice = world.player("Alice");
    const bob = world.player("Bob");
    type Scene = { regions: { contents: { id: string; ownership: Record<string, number>; delete(): Promise<unknown> }[] }; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> };
    const scene = (c: WorldClient) => c.game.scenes.get("ownScene00000001") as unknown as Scene;
    const area = { name: "Fireball", shapes: [{ type: "circle", x: 250, y: 250, radius: 250 }], flags: { core: { MeasuredTemplate: true } } };
    await world.as(alice, () => scene(alice).createEmbeddedDocuments("Region", [area]));
    await world.settle();
    const [drawn] = scene(world.gm).regions.contents;
    expect(drawn.ownership[alice.userId]).toBe(3);
    await expect(world.as(bob, () => scene(bob).regions.contents[0].delete())).rejects.toThrow(/lacks permission/);
    await world.as(alice, () => scene(alice).regions.contents[0].delete());
    await world.settle();
    expect(scene(world.gm).regions.contents).toHaveLength(0);
  });
});
