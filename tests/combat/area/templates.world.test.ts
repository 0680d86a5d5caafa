/** Drawing an area's template reads core's answer: a refused creation resolves an empty array, it does not throw. */
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "../../world";
import { drawArea, type AreaScene } from "../../../src/combat/area/templates";

let world: World;
const placement = { shape: { shape: "radius" as const, radius: 2 }, origin: { x: 3, y: 3 } };

beforeAll(async () => {
  world = await createWorld({ packs: false });
  (world.gm.CONFIG as Record<string, unknown>).MeasuredTemplate = { documentClass: class {} };
});

function scene(answer: { id: string | null }[] | undefined): AreaScene & { deleted: string[][] } {
  const deleted: string[][] = [];
  return {
    tokens: [], grid: { size: 100 }, deleted,
    createEmbeddedDocuments: async () => answer,
    deleteEmbeddedDocuments: async (_name, ids) => void deleted.push(ids),
  };
}

describe("drawArea", () => {
  it("draws the template and removes it by its id", async () => {
    const target = scene([{ id: "tmpl000000000001" }]);
    const drawn = await world.as(world.gm, () => drawArea(placement, target));
    expect(drawn?.ids).toEqual(["tmpl000000000001"]);
    await drawn!.remove();
    expect(target.deleted).toEqual([["tmpl000000000001"]]);
  });

  it("gives no drawn area when core refuses the template (an empty answer or undefined)", async () => {
    expect(await world.as(world.gm, () => drawArea(placement, scene([])))).toBeNull();
    expect(await world.as(world.gm, () => drawArea(placement, scene(undefined)))).toBeNull();
  });
});
