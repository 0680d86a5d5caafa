/**
 * Token-bar edits of health go through core's path: the same clamped target, the
 * `modifyTokenAttribute` hook with core's update shape (which a module may veto or rewrite),
 * and the result stored as vitals lost on every client.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";

const ADA = "tokenBarsAda0001";
let world: World;
let gm: WorldClient;
let alice: WorldClient;

interface HealthActor {
  system: { health: { value: number; max: number; vitalsLost: number }; mana: { value: number; max: number } };
  modifyTokenAttribute(attribute: string, value: number, isDelta?: boolean, isBar?: boolean): Promise<unknown>;
}
const ada = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): HealthActor }).get(ADA);

beforeEach(async () => {
  world = await createWorld({ packs: false });
  gm = world.gm;
  alice = world.player("Alice");
  await world.seed("Actor", [{ _id: ADA, name: "Ada", type: "character", ownership: { default: 0, [alice.user.id as string]: 3 } }]);
  await world.settle();
});

describe("the health bar", () => {
  it("calls the modifyTokenAttribute hook with core's update shape, then stores vitals lost everywhere", async () => {
    const seen: unknown[][] = [];
    alice.Hooks.on("modifyTokenAttribute", ((...args: unknown[]) => void seen.push(structuredClone(args.slice(0, 2)))) as never);
    const max = ada(gm).system.health.max;
    await world.as(alice, () => ada(alice).modifyTokenAttribute("health", -2, true, true));
    await world.settle();
    expect(seen).toEqual([[{ attribute: "health", value: -2, isDelta: true, isBar: true }, { "system.health.value": max - 2 }]]);
    for (const client of [gm, alice]) expect(ada(client).system.health).toMatchObject({ vitalsLost: 2, value: max - 2 });
  });

  it("clamps to the track, and writes nothing when nothing changes", async () => {
    const max = ada(gm).system.health.max;
    await world.as(alice, () => ada(alice).modifyTokenAttribute("health", 99, false, true));
    expect(ada(gm).system.health.vitalsLost).toBe(0);
    await world.as(alice, () => ada(alice).modifyTokenAttribute("health", -99, true, true));
    await world.settle();
    expect(ada(gm).system.health).toMatchObject({ vitalsLost: max, value: 0 });
  });

  it("lets a module veto the edit or rewrite it", async () => {
    const veto = alice.Hooks.on("modifyTokenAttribute", (() => false) as never);
    await world.as(alice, () => ada(alice).modifyTokenAttribute("health", -3, true, true));
    await world.settle();
    expect(ada(gm).system.health.vitalsLost).toBe(0);
    alice.Hooks.off("modifyTokenAttribute", veto);
    const max = ada(gm).system.health.max;
    alice.Hooks.on("modifyTokenAttribute", ((_data: unknown, updates: Record<string, number>) => { updates["system.health.value"] = max - 1; }) as never);
    await world.as(alice, () => ada(alice).modifyTokenAttribute("health", -3, true, true));
    await world.settle();
    expect(ada(gm).system.health.vitalsLost).toBe(1);
  });

  it("leaves other bars to core", async () => {
    const seen: unknown[] = [];
    alice.Hooks.on("modifyTokenAttribute", ((data: { attribute: string }) => void seen.push(data.attribute)) as never);
    await world.as(alice, () => ada(alice).modifyTokenAttribute("luck", -1, true, true));
    await world.settle();
    expect(seen).toEqual(["luck"]);
  });
});
