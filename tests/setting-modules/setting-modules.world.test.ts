/**
 * Issue 31 item 1's acceptance in the multi-user world: a setting module's declaration extends
 * every list it names on every client; a malformed declaration is reported to the GM only and
 * its bad entries skipped without breaking the system.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { broken, bystanders, frostmarch } from "./fixture";
import { settingModules } from "../../src/setting-modules/load";
import type { ClockworkConfig } from "../../src/config";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
const config = (client: WorldClient) => client.CONFIG.CLOCKWORK as ClockworkConfig;

const warnings: string[] = [];

beforeAll(async () => {
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
  world = await createWorld({ packs: false, modules: [frostmarch(), broken(), ...bystanders] });
  gm = world.gm;
  alice = world.player("Alice");
});
afterAll(() => {
  world.close();
  vi.restoreAllMocks();
});

describe("a setting module's declaration", () => {
  it("extends every list it names, on every client, with labels in the current language", () => {
    for (const client of world.clients) {
      const c = config(client);
      const t = (key: string) => client.i18n.localize(key);
      expect(t(c.foci.strength.iceAxes.label)).toBe("Ice axes");
      expect(t(c.foci.strength.iceAxes.hint!)).toBe("Axes forged for the cold.");
      expect(c.weaponGroups.iceLances).toMatchObject({ kind: "melee", module: "frostmarch" });
      expect(t(c.weaponGroups.iceLances.label)).toBe("Ice lances");
      expect(c.weaponProperties.brittle.label).toBe("FROSTMARCH.Brittle");
      expect(t(c.weaponProperties.brittle.label)).toBe("Brittle");
      expect(c.damageTypes.frost).toMatchObject({ abbreviation: "F", module: "frostmarch" });
      expect(t(c.damageTypes.frost.label)).toBe("Frost");
      expect(c.conditions.numbed).toMatchObject({ spellState: false, rulesAs: "stunned", module: "frostmarch" });
      expect(t(c.conditions.numbed.description!)).toBe("Cold to the bone: every action costs one counter more.");
      expect(t(c.currency.label)).toBe("Shards");
      expect(t("CLOCKWORK.Field.currency.label")).toBe("Shards");
      expect(t(c.speciesAbilityKinds.coldBlood.label)).toBe("Cold blood");
      // The system's own entries are all still there.
      expect(Object.keys(c.damageTypes).slice(0, 6)).toEqual(["ballistic", "blunt", "energy", "piercing", "slashing", "explosive"]);
      expect(c.weaponGroups.sword).toBeDefined();
    }
  });

  it("makes the new keys valid values of the data models and registers the condition as a status effect", async () => {
    const [id] = await world.seed("Item", [{ name: "Ice lance", type: "weapon", system: { category: "melee", group: "iceLances", damage: { dice: 8, types: ["frost"] }, properties: [{ key: "brittle", damageType: "" }] } }]);
    const lance = gm.game.items.get(id) as unknown as { system: { group: string; damage: { types: string[] } } };
    expect(lance.system.group).toBe("iceLances");
    expect(lance.system.damage.types).toEqual(["frost"]);
    const numbed = (gm.CONFIG.statusEffects as { id: string; name: string }[]).find((s) => s.id === "numbed");
    expect(numbed).toBeDefined();
    expect(gm.i18n.localize(numbed!.name)).toBe("Numbed");
  });

  it("gives every actor a resistance of the new damage type", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }]);
    const ada = gm.game.actors.get(id) as unknown as { system: { resistances: Record<string, { total: number }>; resistanceAllocation: Record<string, number> } };
    expect(ada.system.resistanceAllocation.frost).toBe(0);
    expect(ada.system.resistances.frost.total).toBe(ada.system.resistances.blunt.total);
  });

  it("reads only active modules that name ClockWork", () => {
    for (const client of world.clients) {
      expect(config(client).damageTypes.psychic).toBeUndefined();
      expect(config(client).damageTypes.sonic).toBeUndefined();
    }
    expect(settingModules().map((m) => m.id)).toEqual(["frostmarch", "broken-setting"]);
  });
});

describe("a malformed declaration", () => {
  it("keeps its good entries and skips each bad one", () => {
    const c = config(gm);
    expect(c.weaponGroups.chains).toMatchObject({ kind: "melee", module: "broken-setting" });
    expect(c.weaponGroups.whips).toBeUndefined();
    expect(c.weaponGroups.sword.module).toBeUndefined();
    expect(c.damageTypes.acid).toBeUndefined();
    expect(c.conditions.dazed).toBeUndefined();
    expect(c.weaponProperties.barbed).toMatchObject({ module: "broken-setting" });
  });

  it("is reported to the GM in one notification naming the module and the count, and a console list of paths", () => {
    const gmWarnings = gm.notifications.filter((n) => n.message.includes("Broken setting"));
    expect(gmWarnings).toHaveLength(1);
    expect(gmWarnings[0]).toMatchObject({ type: "warn" });
    expect(gmWarnings[0].message).toContain("6 problem(s)");
    expect(gm.notifications.some((n) => n.message.includes("Frostmarch"))).toBe(false);
    const problems = settingModules().find((m) => m.id === "broken-setting")!.problems.map((p) => p.path.join("."));
    expect(problems).toEqual(["spells", "weaponGroups.sword", "weaponGroups.whips.kind", "weaponProperties.Bad-Key", "damageTypes.acid.abbreviation", "conditions.dazed.rulesAs"]);
    // The console list: once (the GM's client), every problem with the module and the path.
    const logged = warnings.filter((line) => line.includes("Broken setting"));
    expect(logged).toHaveLength(1);
    for (const path of problems) expect(logged[0]).toContain(`broken-setting: ${path} — `);
  });

  it("shows players nothing and breaks nothing", () => {
    for (const client of world.clients.filter((c) => c !== gm)) {
      expect(client.notifications.filter((n) => n.message.includes("Broken setting"))).toEqual([]);
    }
    for (const client of world.clients) expect(client.errors).toEqual([]);
    expect(alice.game.ready).toBe(true);
  });
});
