/**
 * Contract: installed modules (`createWorld({ modules })`): `game.modules` holds every installed
 * module as a Module package, active or not; an active module's packs load under
 * `<moduleId>.<pack>` with `packageType: "module"`; an inactive one's do not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World, type WorldModule } from "./index";

let world: World;

const manifest = {
  id: "test-setting",
  title: "Test setting",
  version: "0.2.0",
  relationships: { systems: [{ id: "clockwork", compatibility: { minimum: "1.0.0" } }] },
  flags: { clockwork: { version: 1 } },
  packs: [{ name: "gear", label: "Test gear", type: "Item", system: "clockwork" }],
};
const sword = { _id: "testSword000000a", name: "Test sword", type: "equipment", system: {} };

beforeAll(async () => {
  world = await createWorld({
    packs: false,
    modules: [
      { manifest, packs: { gear: [sword] }, lang: { TESTSETTING: { Hello: "Hello from the module" } } },
      { manifest: { id: "switched-off", packs: [{ name: "stuff", label: "Stuff", type: "Item" }] }, packs: { stuff: [sword] }, active: false },
    ],
  });
});
afterAll(() => world.close());

describe("game.modules", () => {
  it("holds every installed module with its manifest's fields, active or not", () => {
    for (const client of world.clients) {
      const modules = client.game.modules as unknown as { get(id: string): WorldModule | undefined; size: number };
      expect(modules.size).toBe(2);
      const module = modules.get("test-setting")!;
      expect(module).toMatchObject({ id: "test-setting", title: "Test setting", version: "0.2.0", active: true, type: "module", flags: { clockwork: { version: 1 } } });
      expect(module.relationships.systems).toBeInstanceOf(Set);
      expect([...module.relationships.systems]).toEqual([{ id: "clockwork", type: "system", compatibility: { minimum: "1.0.0" } }]);
      expect(modules.get("switched-off")!.active).toBe(false);
    }
  });

  it("gives each client its own Module objects", () => {
    const [a, b] = world.clients.map((c) => (c.game.modules as unknown as { get(id: string): WorldModule }).get("test-setting"));
    expect(a).not.toBe(b);
    expect(a.flags).not.toBe(b.flags);
  });

  it("loads an active module's packs as <moduleId>.<pack>, and not an inactive one's", async () => {
    const pack = world.gm.game.packs.get("test-setting.gear")!;
    expect(pack.metadata).toMatchObject({ packageType: "module", packageName: "test-setting", label: "Test gear" });
    expect(pack.locked).toBe(true);
    expect([...pack.index].map((e) => e.name)).toEqual(["Test sword"]);
    expect(world.gm.game.packs.get("switched-off.stuff")).toBeUndefined();
    const doc = await world.as(world.player("Alice"), () => (globalThis as unknown as { fromUuid(u: string): Promise<{ name: string } | null> }).fromUuid("Compendium.test-setting.gear.Item.testSword000000a"));
    expect(doc?.name).toBe("Test sword");
  });

  it("merges an active module's English strings into the translations", () => {
    expect(world.gm.i18n.localize("TESTSETTING.Hello")).toBe("Hello from the module");
    expect(world.gm.i18n.localize("CLOCKWORK.SystemTitle")).not.toBe("CLOCKWORK.SystemTitle");
  });
});
