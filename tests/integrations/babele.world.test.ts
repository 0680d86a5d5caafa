/**
 * The Babele mapping (lang/babele/mapping.json) and the translation template built from the
 * packs (lang/babele/template/). Every mapped path exists on every type's data model in the
 * test world, so a translation lands on a real field; the template is in step with the pack
 * sources; the `clockworkItems` converter translates embedded items by English name; and the
 * system registers with Babele only when Babele starts (nothing happens without it).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { babeleTemplate } from "../../scripts/babele-template.mjs";
import { BABELE_DIR, registerBabele, translateEmbeddedItems } from "../../src/integrations/babele";
import { hooks } from "../../src/foundry/hooks";
import { createWorld, type World } from "../world";

const ROOT = join(import.meta.dirname, "..", "..");
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8"));
const manifest = read("system.json") as { id: string; packs: { name: string; type: string }[]; documentTypes: Record<string, Record<string, unknown>> };
type Spec = string | { path: string; converter: string };
const mapping = read("lang/babele/mapping.json") as Record<string, Record<string, Spec>>;
const pathOf = (spec: Spec) => (typeof spec === "string" ? spec : spec.path);
/** Built once: it reads every pack source. */
const template = babeleTemplate(ROOT);
const get = (data: unknown, path: string) => path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);

let world: World;
// The world runs the system's init (and so registerBabele) on the GM's client.
beforeAll(async () => {
  world = await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }] });
  expect(world.gm).toBeDefined();
}, 30_000);

describe("the Babele mapping", () => {
  it("maps every document type the packs hold", () => {
    expect(Object.keys(mapping).sort()).toEqual([...new Set(manifest.packs.map((p) => p.type))].sort());
  });

  it("names only system paths that exist on every actor and item type's data model the packs hold", () => {
    // Loot and party actors ship in no pack (a GM makes chests, shops and parties in the world), so nothing of theirs is mapped.
    const inNoPack = new Set(["loot", "party"]);
    for (const documentName of ["Actor", "Item"] as const) {
      const cls = CONFIG[documentName].documentClass as unknown as new (data: object) => { toObject(): object };
      const paths = Object.values(mapping[documentName]).map(pathOf).filter((p) => p.startsWith("system."));
      expect(paths.length).toBeGreaterThan(0);
      for (const type of Object.keys(manifest.documentTypes[documentName]).filter((t) => !inNoPack.has(t))) {
        const source = new cls({ name: "Probe", type }).toObject();
        for (const path of paths) expect(get(source, path), `${documentName}.${type}: ${path}`).not.toBeUndefined();
      }
    }
  });

  it("names core paths every pack document of its type has (name, items, pages, the token's name)", () => {
    const docs = (type: string) => manifest.packs.filter((p) => p.type === type).flatMap((p) => {
      const entries = Object.values(template[`${manifest.id}.${p.name}.json`].entries);
      return entries.length ? [p.name] : [];
    });
    for (const [type, fields] of Object.entries(mapping)) {
      expect(docs(type).length, type).toBeGreaterThan(0);
      for (const spec of Object.values(fields)) {
        const path = pathOf(spec);
        if (path.startsWith("system.")) continue;
        expect(["name", "items", "pages", "prototypeToken.name"], `${type}: ${path}`).toContain(path);
      }
    }
  });

  it("maps an actor's items with ClockWork's converter onto the item mapping's description path", () => {
    expect(mapping.Actor.items).toEqual({ path: "items", converter: "clockworkItems" });
    expect(mapping.Item.description).toBe("system.description");
    // Journal pages use Babele's own `pages` converter: a page's text is text.content.
    const rules = read("lang/babele/template/clockwork.rules.json") as { entries: Record<string, { pages: Record<string, { text?: string }> }> };
    expect(Object.values(rules.entries).flatMap((e) => Object.values(e.pages)).every((p) => typeof p.text === "string")).toBe(true);
    expect(pathOf(mapping.JournalEntry.pages)).toBe("pages");
  });
});

describe("the translation template", () => {
  const files = template;
  const committed = readdirSync(join(ROOT, "lang", "babele", "template")).sort();

  it("is in step with the packs (run node scripts/babele-template.mjs after editing one)", () => {
    expect(committed).toEqual(Object.keys(files).sort());
    for (const [name, content] of Object.entries(files)) expect(read(`lang/babele/template/${name}`), name).toEqual(content);
  });

  it("has one file per pack named as Babele looks it up, with the pack's mapping, folders and every document", () => {
    for (const pack of manifest.packs) {
      const file = files[`${manifest.id}.${pack.name}.json`];
      expect(file, pack.name).toBeDefined();
      expect(file.mapping).toEqual(mapping[pack.type]);
      expect(Object.keys(file.entries).length, pack.name).toBeGreaterThan(0);
    }
    expect(Object.keys(files["clockwork._packs-folders.json"].entries)).toEqual(expect.arrayContaining(["ClockWork", "Starter Kit", "Equipment"]));
    expect(Object.keys(files["clockwork.weapons.json"].folders!)).toContain("Melee Weapons");
  });
});

describe("the clockworkItems converter", () => {
  const items = [
    { name: "Dagger", type: "weapon", system: { description: "<p>Light.</p>", price: 5 } },
    { name: "Rope", type: "equipment", system: { description: "<p>Long.</p>" } },
  ];

  it("translates an embedded item's name and description by its English name and leaves the rest", () => {
    const out = translateEmbeddedItems(items, { Dagger: { name: "Dolch", description: "<p>Leicht.</p>" } });
    expect(out[0]).toEqual({ name: "Dolch", type: "weapon", system: { description: "<p>Leicht.</p>", price: 5 }, translated: true });
    expect(out[1]).toBe(items[1]);
    expect(items[0].name).toBe("Dagger");
    expect(translateEmbeddedItems(items, { Rope: { name: "Seil" } })[1].system).toEqual({ description: "<p>Long.</p>" });
    expect(translateEmbeddedItems(items, undefined)).toEqual(items);
  });

  it("init registers the folder and the converter for when Babele starts, once", () => {
    // The world ran the system's init on this client, which called registerBabele.
    expect(registerBabele).toBeTypeOf("function");
    const calls: unknown[] = [];
    const babele = { setSystemTranslationsDir: (dir: string) => calls.push(["dir", dir]), registerConverters: (c: object) => calls.push(["converters", Object.keys(c)]) };
    hooks().callAll("babele.init", babele);
    expect(calls).toEqual([["dir", BABELE_DIR], ["converters", ["clockworkItems"]]]);
    expect(BABELE_DIR).toBe("lang/babele");
    hooks().callAll("babele.init", babele);
    expect(calls).toHaveLength(2);
  });
});
