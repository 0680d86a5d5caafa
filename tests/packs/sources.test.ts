/**
 * Shared harness, part 1: every source file of every pack is a well-formed compendium document.
 * Parse, ids and keys, declared types and packs, folders, images, and every UUID link.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  KEY_COLLECTIONS, REPO_ROOT, SOURCE_ROOT, documentUuids, documents, folders, keyCollection, loadSources, manifest,
  stringFields, uuidReferences, type SourceDocument,
} from "./load-sources";

const ID = /^[A-Za-z0-9]{16}$/;
const files = loadSources();
const parsed = files.filter((f) => f.doc);

/** Core icon paths named anywhere in the installed Foundry types; Foundry ships these files. */
function knownCoreIcons(): Set<string> {
  const root = join(REPO_ROOT, "node_modules", "@league-of-foundry-developers", "foundry-vtt-types", "src");
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith(".d.mts")) for (const m of readFileSync(path, "utf8").matchAll(/icons\/svg\/[a-z0-9-]+\.svg/g)) found.add(m[0]);
    }
  };
  walk(root);
  // Core icons outside icons/svg are not named in the types; tests/fixtures/core-icons.json lists those the packs use, each with where it is seen in use.
  const listed = JSON.parse(readFileSync(join(REPO_ROOT, "tests", "fixtures", "core-icons.json"), "utf8")) as { icons: Record<string, string> };
  for (const icon of Object.keys(listed.icons)) found.add(icon);
  return found;
}

describe("pack sources: files", () => {
  it("finds a source folder for every pack that system.json declares, and no undeclared ones", () => {
    const onDisk = readdirSync(SOURCE_ROOT).filter((d) => statSync(join(SOURCE_ROOT, d)).isDirectory()).sort();
    expect(onDisk).toEqual(manifest.packs.map((p) => p.name).sort());
    for (const pack of manifest.packs) expect(pack.path, pack.name).toBe(`packs/${pack.name}`);
  });

  it("parses every file as one YAML mapping", () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => f.error).map((f) => `${f.path}: ${f.error}`)).toEqual([]);
  });

  it("gives every document a 16-character _id and a _key of its collection", () => {
    const bad: string[] = [];
    for (const { path, doc } of parsed) {
      const d = doc as SourceDocument;
      if (!ID.test(String(d._id))) bad.push(`${path}: _id ${String(d._id)}`);
      const collection = keyCollection(d);
      if (!KEY_COLLECTIONS[collection]) bad.push(`${path}: unknown collection in _key ${String(d._key)}`);
      if (d._key !== `!${collection}!${d._id}`) bad.push(`${path}: _key ${String(d._key)} does not match _id`);
      if (typeof d.name !== "string" || !d.name.trim()) bad.push(`${path}: no name`);
      for (const page of d.pages ?? []) {
        if (!ID.test(String(page._id))) bad.push(`${path}: page _id ${String(page._id)}`);
        if (page._key !== `!journal.pages!${d._id}.${page._id}`) bad.push(`${path}: page _key ${String(page._key)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("never reuses an _id, in one pack or across packs (pages included)", () => {
    const seen = new Map<string, string>();
    const dupes: string[] = [];
    for (const { path, doc } of parsed) {
      for (const id of [doc!._id, ...(doc!.pages ?? []).map((p) => p._id)]) {
        if (seen.has(id)) dupes.push(`${id}: ${seen.get(id)} and ${path}`);
        else seen.set(id, path);
      }
    }
    expect(dupes).toEqual([]);
  });

  it("holds only the pack's own document type, plus folders of that type", () => {
    const bad: string[] = [];
    for (const { path, pack, doc } of parsed) {
      const declared = manifest.packs.find((p) => p.name === pack)!.type;
      const documentName = KEY_COLLECTIONS[keyCollection(doc!)];
      if (documentName === "Folder") {
        if (doc!.type !== declared) bad.push(`${path}: folder of type ${String(doc!.type)} in a ${declared} pack`);
      } else if (documentName !== declared) bad.push(`${path}: ${documentName} in a ${declared} pack`);
    }
    expect(bad).toEqual([]);
  });

  it("uses only item and actor types declared in system.json documentTypes", () => {
    const bad: string[] = [];
    for (const { path, doc } of parsed) {
      const documentName = KEY_COLLECTIONS[keyCollection(doc!)];
      if (documentName !== "Item" && documentName !== "Actor") continue;
      if (!Object.hasOwn(manifest.documentTypes[documentName] ?? {}, String(doc!.type))) bad.push(`${path}: ${documentName} type ${String(doc!.type)}`);
    }
    expect(bad).toEqual([]);
  });

  it("writes items with system data, an empty effects list and flags", () => {
    const bad: string[] = [];
    for (const { path, doc } of parsed) {
      if (keyCollection(doc!) !== "items") continue;
      if (!doc!.system || typeof doc!.system !== "object") bad.push(`${path}: no system`);
      if (!Array.isArray(doc!.effects)) bad.push(`${path}: effects is not a list`);
      if (!doc!.flags || typeof doc!.flags !== "object") bad.push(`${path}: no flags`);
    }
    expect(bad).toEqual([]);
  });
});

describe("pack sources: folders", () => {
  it("points every folder reference at a folder of the same pack", () => {
    const bad: string[] = [];
    for (const { path, pack, doc } of parsed) {
      if (doc!.folder === null || doc!.folder === undefined) continue;
      if (!folders(pack).some((f) => f._id === doc!.folder)) bad.push(`${path}: folder ${String(doc!.folder)}`);
    }
    expect(bad).toEqual([]);
  });

  it("never nests folders in a loop or deeper than Foundry's four levels", () => {
    for (const pack of manifest.packs.map((p) => p.name)) {
      const byId = new Map(folders(pack).map((f) => [f._id, f]));
      for (const folder of byId.values()) {
        let depth = 1;
        let parent = folder.folder ? byId.get(folder.folder) : undefined;
        while (parent) {
          depth += 1;
          expect(depth, `${pack}/${folder.name}`).toBeLessThanOrEqual(4);
          parent = parent.folder ? byId.get(parent.folder) : undefined;
        }
      }
    }
  });

  it("leaves no folder empty", () => {
    const used = new Set(documents().map((d) => d.folder).filter(Boolean));
    const empty = folders().filter((f) => !used.has(f._id)).map((f) => f.name);
    expect(empty).toEqual([]);
  });
});

describe("pack sources: images and text", () => {
  const coreIcons = knownCoreIcons();

  it("knows Foundry's core icon set from the installed types", () => {
    expect(coreIcons.has("icons/svg/sword.svg")).toBe(true);
    expect(coreIcons.size).toBeGreaterThan(50);
  });

  it("uses only core icons Foundry ships or files of this system", () => {
    const bad: string[] = [];
    for (const { path, doc } of parsed) {
      const img = doc!.img;
      if (img === undefined) continue;
      const own = /^systems\/clockwork\/(.+)$/.exec(String(img));
      if (own ? !existsSync(join(REPO_ROOT, own[1])) : !coreIcons.has(String(img))) bad.push(`${path}: ${String(img)}`);
    }
    expect(bad).toEqual([]);
  });

  it("contains no external URLs", () => {
    const bad = parsed.flatMap(({ path, doc }) =>
      stringFields(doc).filter((s) => /(https?:)?\/\/[a-z]/i.test(s.text)).map((s) => `${path} ${s.field}`));
    expect(bad).toEqual([]);
  });

  it("writes every item description as HTML paragraphs with no leftover placeholder", () => {
    const bad: string[] = [];
    for (const { path, doc } of parsed) {
      if (keyCollection(doc!) !== "items") continue;
      const text = String(doc!.system?.description ?? "");
      if (!/^<(p|h\d|ul|table)>/.test(text) || text.length < 20) bad.push(`${path}: description ${JSON.stringify(text.slice(0, 40))}`);
      if (/lorem ipsum|TODO|MISSING/i.test(JSON.stringify(doc))) bad.push(`${path}: placeholder text`);
    }
    expect(bad).toEqual([]);
  });

  it("gives every item a kebab-case identifier unique within its type", () => {
    const seen = new Map<string, string>();
    const bad: string[] = [];
    for (const { path, doc } of parsed) {
      if (keyCollection(doc!) !== "items") continue;
      const identifier = String(doc!.system?.identifier ?? "");
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(identifier)) bad.push(`${path}: identifier ${identifier}`);
      const key = `${String(doc!.type)}:${identifier}`;
      if (seen.has(key)) bad.push(`${path}: identifier ${identifier} also in ${seen.get(key)}`);
      seen.set(key, path);
    }
    expect(bad).toEqual([]);
  });
});

describe("pack sources: links", () => {
  const targets = documentUuids();
  const references = parsed.flatMap(({ path, doc }) => uuidReferences(doc).map((ref) => ({ path, ...ref })));

  it("finds the links it checks", () => {
    expect(references.filter((r) => r.label !== null).length).toBeGreaterThan(100);
    expect(references.filter((r) => r.label === null).length).toBeGreaterThan(10);
  });

  it("resolves every @UUID link and every UUID field to a document of the sources", () => {
    const broken = references.filter((r) => !targets.has(r.uuid)).map((r) => `${r.path} ${r.field}: ${r.uuid}`);
    expect(broken).toEqual([]);
  });

  it("labels every link with the name of the document it points at", () => {
    const mislabeled = references
      .filter((r) => r.label !== null && targets.has(r.uuid) && targets.get(r.uuid)!.name !== r.label)
      .map((r) => `${r.path}: {${r.label}} → ${targets.get(r.uuid)!.name}`);
    expect(mislabeled).toEqual([]);
  });

  it("only links compendium documents of this system", () => {
    const foreign = references.filter((r) => !r.uuid.startsWith(`Compendium.${manifest.id}.`)).map((r) => `${r.path}: ${r.uuid}`);
    expect(foreign).toEqual([]);
  });
});
