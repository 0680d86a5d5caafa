/**
 * Issue 21 item 1: an area is drawn as a MeasuredTemplate on v13 and as a scene Region of the
 * same shape on v14 (templates are gone there), and the creatures it takes are the rules core's
 * either way: an area spell and an area weapon attack hit the same targets in both profiles.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../../world";
import { ADA, GRENADE, GRUSHA, SCENE_ID as FIGHT_SCENE, seedFight, tokenId } from "../attack/world-fixtures";
import { ILINDE, SCENE_ID as ARENA_SCENE, SPELL_IDS, actorUuid, doc, seedArena } from "../../magic/world-fixtures";
import { regionData, templateData } from "../../../src/combat/area/templates";
import type { AttackOutcome } from "../../../src/combat/attack/workflow";

type SceneDoc = { templates: { contents: { _source: Record<string, unknown> }[] }; regions: { contents: { _source: Record<string, unknown> }[] }; tokens: { get(id: string): unknown } };
const scene = (client: WorldClient, id: string) => client.game.scenes.get(id) as unknown as SceneDoc;

interface Caster {
  items: { get(id: string): unknown };
  castSpell(item: unknown, options?: object): Promise<{ data: { targets: { uuid: string }[] } } | null>;
}
type Attacker = { items: { get(id: string): unknown }; attack(item: unknown, options?: object): Promise<AttackOutcome | null> };

const FACES = [12, 6, 2, 2, 2, 2, 2, 2, 2, /* damage */ 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, /* resistance dice */ 9, 9];

afterEach(() => clearQueuedFaces());

describe("region shapes (pure)", () => {
  const centre = { x: 3, y: 2 };
  it("draws each area shape as v14's region shape, in pixels, centred on the origin space", () => {
    const shape = (s: Parameters<typeof regionData>[0]["shape"]) => (regionData({ shape: s, origin: centre }, 100, "Area", null).shapes as Record<string, unknown>[])[0];
    expect(shape({ shape: "radius", radius: 2 })).toEqual({ hole: false, type: "circle", x: 350, y: 250, radius: 250 });
    expect(shape({ shape: "cone", length: 3, facing: "south" })).toEqual({ hole: false, type: "cone", x: 350, y: 250, radius: 350, angle: 90, rotation: 90 });
    expect(shape({ shape: "line", length: 5, direction: { dx: -1, dy: 0 } })).toEqual({ hole: false, type: "line", x: 350, y: 250, length: 550, width: 100, rotation: 180 });
    expect(shape({ shape: "square", size: 2 })).toEqual({ hole: false, type: "rectangle", x: 300, y: 200, width: 200, height: 200, rotation: 0 });
  });

  it("marks the region as a template region everyone sees", () => {
    const data = regionData({ shape: { shape: "radius", radius: 1 }, origin: centre }, 100, "Fireball", "#123456");
    expect(data).toMatchObject({ name: "Fireball", color: "#123456", visibility: 2, flags: { clockwork: { area: true }, core: { MeasuredTemplate: true } } });
    expect(templateData({ shape: { shape: "radius", radius: 1 }, origin: centre }, 100, "u1")).toMatchObject({ t: "circle", author: "u1", distance: 1.5 });
  });
});

// Whole casts and attacks in a three-client world: seconds on a loaded machine.
describe.each(["v13", "v14"] as const)("areas on the %s profile", { timeout: 30_000 }, (profile) => {
  it("an area spell draws its area and takes the same creatures", async () => {
    const world = await createWorld({ packs: false, profile });
    const { alice } = await seedArena(world, { combat: false });
    const ilinde = doc<Caster>(alice, actorUuid(ILINDE));
    queueFaces(...FACES);
    const ball = await world.as(alice, () => ilinde.castSpell(ilinde.items.get(SPELL_IDS.Fireball), { area: { x: 4, y: 1 } }));
    await world.settle();
    // The same three as tests/magic/area.world.test.ts: Grusha, Pip and the golem.
    expect(ball?.data.targets).toHaveLength(3);
    const drawn = scene(world.gm, ARENA_SCENE);
    if (profile === "v14") {
      expect(drawn.templates.contents).toHaveLength(0);
      expect(drawn.regions.contents).toHaveLength(1);
      expect(drawn.regions.contents[0]!._source.shapes).toEqual([{ hole: false, type: "circle", x: 450, y: 150, radius: 250 }]);
      expect(alice.deprecations).toEqual([]);
    } else {
      expect(drawn.regions.contents).toHaveLength(0);
      expect(drawn.templates.contents).toHaveLength(1);
      expect(drawn.templates.contents[0]!._source).toMatchObject({ t: "circle", x: 450, y: 150, distance: 2.5, author: alice.userId });
    }
  });

  it("an area weapon attack draws its area and hits the same creatures", async () => {
    const world = await createWorld({ packs: false, profile });
    const { alice } = await seedFight(world);
    const ada = alice.game.actors.get(ADA) as unknown as Attacker;
    const grusha = scene(alice, FIGHT_SCENE).tokens.get(tokenId(GRUSHA));
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(GRENADE), { targets: [grusha], skipDialog: true }));
    await world.settle();
    expect(outcome!.data.targets.map((t) => t.name).sort()).toEqual(["Ada", "Bram", "Grusha"]);
    const drawn = scene(world.gm, FIGHT_SCENE);
    const placed = profile === "v14" ? drawn.regions.contents : drawn.templates.contents;
    expect(placed).toHaveLength(1);
    expect((profile === "v14" ? drawn.templates : drawn.regions).contents).toHaveLength(0);
    if (profile === "v14") expect((placed[0]!._source.shapes as { type: string }[])[0]!.type).toBe("circle");
  });
});
