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
import { currentChoices } from "../../src/applications/choices-registry";
import { loadBrowserEntries } from "../../src/applications/builder/catalog";
import { buildBrowserContext } from "../../src/applications/builder/browser-context";
import { itemPilesConfig } from "../../src/integrations/item-piles";
import { applyChange, newDraft } from "../../src/applications/builder/draft";
import { buildBuilderContext, EMPTY_VIEW } from "../../src/applications/builder/builder-context";
import { catalogFrom } from "../../src/applications/builder/catalog";
import { creationProblems } from "../../src/rules";
import { labelKey } from "../../src/dice/context/format";
import { labelOf } from "../../src/data/labels";
import { statusLabel } from "../../src/combat/conditions";

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

describe("the consumers pick the additions up", () => {
  it("sheets: the choice lists and their labels", async () => {
    const c = await world.as(alice, () => currentChoices());
    expect(c.weaponGroups).toContain("iceLances");
    expect(c.weaponProperties).toContain("brittle");
    expect(c.damageTypes).toContain("frost");
    expect(c.conditions).toContain("numbed");
    expect(alice.i18n.localize(c.label.weaponGroup("iceLances"))).toBe("Ice lances");
    expect(alice.i18n.localize(c.label.damageType("frost"))).toBe("Frost");
    expect(c.abbreviation("frost")).toBe("F");
  });

  it("the compendium browser: the module's pack, and its weapon under the new group and damage type filters", async () => {
    const entries = await world.as(alice, () => loadBrowserEntries());
    const lance = entries.find((e) => e.name === "Ice lance")!;
    expect(lance).toMatchObject({ pack: "frostmarch.frost-gear", packLabel: "Frostmarch gear" });
    const context = await world.as(alice, () => buildBrowserContext(entries, { damageType: "frost" }, currentChoices(), (k) => alice.i18n.localize(k)));
    expect(context.rows.map((r) => r.name)).toEqual(["Ice lance"]);
    expect(JSON.stringify(context.filters)).toContain("Frost");
    expect(JSON.stringify(context.filters)).toContain("Ice lances");
  });

  it("the builder: the module's species in the catalog, and a resistance row for the new damage type that counts", async () => {
    const entries = await world.as(alice, () => loadBrowserEntries());
    const catalog = catalogFrom(entries);
    expect(catalog.species.map((e) => e.name)).toContain("Frostkin");
    const draft = await world.as(alice, () => newDraft("Ada"));
    expect(draft.build.resistanceAllocation).toMatchObject({ frost: 0, blunt: 0 });
    const { draft: placed } = await world.as(alice, () => applyChange(draft, { kind: "allocation", type: "frost", value: 2 }));
    expect((placed.build.resistanceAllocation as Record<string, number>).frost).toBe(2);
    const t = (key: string) => alice.i18n.localize(key);
    const context = await world.as(alice, () => buildBuilderContext({ ...placed, step: "resistance" }, catalog, EMPTY_VIEW, currentChoices(), t));
    const rows = (context as unknown as { resistance: { rows: { type: string; label: string; placed: number; total: number }[] } }).resistance.rows;
    expect(rows.find((r) => r.type === "frost")).toMatchObject({ label: "Frost", placed: 2, total: 4 });
    // The points spent on frost count against the budget like any type's.
    const spent = creationProblems(placed.build).find((p) => p.step === "resistance" && (p.code === "resistanceUnspent" || p.code === "resistanceOverspent"));
    expect(spent?.value).toBe(2);
  });

  it("Item Piles: the money's new name and abbreviation", async () => {
    const currency = (await world.as(gm, () => itemPilesConfig())).CURRENCIES[0];
    expect(gm.i18n.localize(currency.name)).toBe("Shards");
    expect(currency.abbreviation).toBe("{#} sh");
  });

  it("rolls and cards: the damage type and the condition by their declared names, never a raw key", async () => {
    const names = await world.as(alice, () => ({
      damageKey: labelKey.damageType("frost"),
      enricher: labelOf("damageTypes", "frost"),
      condition: statusLabel("numbed"),
      book: statusLabel("stunned"),
    }));
    expect(alice.i18n.localize(names.damageKey)).toBe("Frost");
    expect(names.enricher).toBe("Frost");
    expect(alice.i18n.localize(names.condition)).toBe("Numbed");
    expect(names.book).toBe("CLOCKWORK.Condition.stunned");
  });

  it("the token HUD and Token Action HUD: the condition is a status effect players can toggle", () => {
    const statuses = alice.CONFIG.statusEffects as { id: string; hud: boolean; description: string }[];
    expect(statuses.find((s) => s.id === "numbed")).toMatchObject({ hud: true });
    expect(alice.i18n.localize(statuses.find((s) => s.id === "numbed")!.description)).toContain("Cold to the bone");
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
