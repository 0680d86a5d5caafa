/**
 * The example setting module (modules/clockwork-gloamreach) as a world installs it: its
 * declaration loads without a problem and puts its entries in CONFIG.CLOCKWORK, labelled from its
 * language file; every document of its packs is valid against the system's data models in that
 * world; and the documents that use its additions (harpoon group, gloam damage, Gloamstruck) are
 * invalid in a world without it, so the declaration is what makes them valid.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, validateDocument, type PlainObject, type World, type WorldModuleSpec } from "../world";
import { buildAttackCardContext, type AttackCardData } from "../../src/combat/attack/card";
import { statusLabel } from "../../src/combat/conditions";

const FOLDER = join(import.meta.dirname, "..", "..", "modules", "clockwork-gloamreach");
const manifest = JSON.parse(readFileSync(join(FOLDER, "module.json"), "utf8")) as WorldModuleSpec["manifest"];
const packNames = (manifest.packs ?? []).map((pack) => String(pack.name));

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((entry) => (statSync(join(dir, entry)).isDirectory() ? yamlFiles(join(dir, entry)) : /\.ya?ml$/.test(entry) ? [join(dir, entry)] : []));
}

/** Each pack's documents as the compiler reads them (the CLI's `_key` dropped). */
const packs: Record<string, PlainObject[]> = Object.fromEntries(packNames.map((name) => [name, yamlFiles(join(FOLDER, "packs", "_source", name)).map((file) => {
  const { _key, ...doc } = parse(readFileSync(file, "utf8")) as PlainObject;
  return doc;
})]));
const documents = Object.entries(packs).flatMap(([pack, docs]) => docs.map((doc) => ({ pack, doc })));
const spec: WorldModuleSpec = { manifest, packs, lang: JSON.parse(readFileSync(join(FOLDER, "lang", "en.json"), "utf8")) as PlainObject };

/** Field errors of every document, `pack/name: field: reason`. */
function problems(world: World): Promise<string[]> {
  return world.as(world.gm, () => documents.flatMap(({ pack, doc }) => Object.entries(validateDocument("Item", doc).errors).map(([field, reason]) => `${pack}/${String(doc.name)}: ${field}: ${reason}`)));
}

let withModule: World;
let without: World | undefined;

// The system's lists are one object per process (CONFIG.CLOCKWORK on every client), so the world
// without the module boots only after the tests of the world with it (the last test).
beforeAll(async () => {
  withModule = await createWorld({ packs: false, modules: [spec] });
}, 60_000);
afterAll(() => {
  withModule?.close();
  without?.close();
});

describe("the Gloamreach module in a world", () => {
  it("ships 3 species, 4 foci, 4 weapons and 2 spells", () => {
    expect(Object.fromEntries(Object.entries(packs).map(([name, docs]) => [name, docs.length]))).toEqual({ species: 3, foci: 4, weapons: 4, spells: 2 });
  });

  it("loads its declaration with no problem reported, its entries labelled from its language file", async () => {
    const gm = withModule.gm;
    expect(gm.notifications.filter((n) => n.type !== "info")).toEqual([]);
    const labels = await withModule.as(gm, () => {
      const config = (CONFIG as unknown as { CLOCKWORK: Record<string, Record<string, { label: string; kind?: string; abbreviation?: string }>> }).CLOCKWORK;
      const localize = (key: string | undefined) => (key ? game.i18n!.localize(key) : null);
      return {
        group: [localize(config.weaponGroups.harpoon?.label), config.weaponGroups.harpoon?.kind],
        damage: [localize(config.damageTypes.gloam?.label), config.damageTypes.gloam?.abbreviation],
        properties: [localize(config.weaponProperties.tethered?.label), localize(config.weaponProperties.lanternlit?.label)],
        condition: localize(config.conditions.gloamstruck?.label),
      };
    });
    expect(labels).toEqual({ group: ["Harpoon", "melee"], damage: ["Gloam", "G"], properties: ["Tethered", "Lantern-lit"], condition: "Gloamstruck" });
  });

  it("names its condition and damage type in words where the combat code names them (status labels, the attack card)", async () => {
    const data = {
      version: 1, actorUuid: "Actor.a", actorName: "Wren", itemName: "Gloamhook", mode: "single", damageType: "gloam", calledShot: null, counters: 2,
      attacks: [{ attackRoll: 0, damageRoll: 1, dice: 6, threshold: 7, criticals: 1, attackFaces: [12, 9, 8, 4, 1, 7], damageFaces: [12, 6, 3, 1, 9, 10] }],
      targets: [{
        key: "Scene_s_Token_t", name: "Thug", img: null, actorUuid: "Actor.t", attack: 0, hit: true, gains: 6, defense: 4, reaction: "none", automaticMiss: null,
        damage: { total: 9, points: 7, criticals: 1, resistance: 2, armorPierced: 0 }, health: { absorbed: 0, woundsAdded: 1, vitalsLost: 0, dying: false, dead: false },
        conditions: ["gloamstruck"], procs: 1,
      }],
      applied: {},
    } as unknown as AttackCardData;
    const named = await withModule.as(withModule.gm, () => {
      const card = buildAttackCardContext(data, { isGM: true, isAuthor: true, canObserve: () => true, exists: () => true });
      return { status: game.i18n!.localize(statusLabel("gloamstruck")), damageType: card.damageType, conditions: (card.targets as { conditions: string }[])[0].conditions };
    });
    expect(named).toEqual({ status: "Gloamstruck", damageType: "Gloam", conditions: "Gloamstruck" });
  });

  it("every document of its packs is valid in a world where it is active", async () => {
    expect(await problems(withModule)).toEqual([]);
  });

  it("without the module, the documents using its additions are invalid (and only those)", async () => {
    withModule.close();
    without = await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
    const invalid = [...new Set((await problems(without)).map((p) => p.split(":")[0]))].sort();
    expect(invalid).toEqual([
      "species/Mistborn", "species/Selkin",
      "foci/Harpooner",
      "weapons/Gloamglass Knife", "weapons/Gloamhook", "weapons/Harpoon", "weapons/Lantern Pike",
      "spells/Gloam Bolt",
    ].sort());
  }, 60_000);
});
