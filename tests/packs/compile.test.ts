/**
 * Shared harness, part 2: the official CLI compiles every pack to LevelDB and reads it back
 * unchanged, and `npm run packs:extract` turns the compiled packs into the same source files.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { extractToSources, slugify, toSourceYaml } from "../../scripts/extract-packs.mjs";
import { SOURCE_ROOT, documents, loadSources, manifest, type SourceDocument } from "./load-sources";

const PACKS = manifest.packs.map((p) => p.name);
let scratch = "";
const compiled = (pack: string): string => join(scratch, "compiled", pack);

function readExtracted(dir: string): SourceDocument[] {
  return readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as SourceDocument);
}

const byId = (docs: SourceDocument[]): Map<string, SourceDocument> => new Map(docs.map((d) => [d._id, d]));

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "clockwork-packs-"));
  for (const pack of PACKS) await compilePack(join(SOURCE_ROOT, pack), compiled(pack), { yaml: true, recursive: true });
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// Runs the pack CLI over every compendium source: seconds on a loaded machine.
describe("compiled packs", { timeout: 20_000 }, () => {
  it.each(PACKS)("%s: the CLI reads back every document, identical to its source", async (pack) => {
    const out = join(scratch, "extracted", pack);
    await extractPack(compiled(pack), out, { yaml: false, transformName: (doc) => `${String(doc._id)}.json` });
    const sources = documents(pack);
    const back = byId(readExtracted(out));
    expect(sources.length).toBeGreaterThan(0);
    expect(back.size).toBe(sources.length);
    for (const source of sources) expect(back.get(source._id), source.name).toEqual(source);
  });

  it("keeps journal pages as embedded documents", async () => {
    const pack = manifest.packs.find((p) => p.type === "JournalEntry")!.name;
    const out = join(scratch, "pages", pack);
    await extractPack(compiled(pack), out, { yaml: false, transformName: (doc) => `${String(doc._id)}.json` });
    const pageCount = (docs: SourceDocument[]): number => docs.reduce((n, d) => n + (d.pages?.length ?? 0), 0);
    expect(pageCount(readExtracted(out))).toBe(pageCount(documents(pack)));
    expect(pageCount(documents(pack))).toBeGreaterThan(0);
  });
});

// Runs the pack CLI over every compendium source: seconds on a loaded machine.
describe("npm run packs:extract", { timeout: 20_000 }, () => {
  it("rewrites nothing when the compiled packs match the sources", async () => {
    const copy = join(scratch, "sources-copy");
    cpSync(SOURCE_ROOT, copy, { recursive: true });
    for (const pack of PACKS) {
      expect(await extractToSources(compiled(pack), join(copy, pack)), pack).toEqual({ written: [], removed: [] });
    }
  });

  it("keeps every file name, adds new documents by name and deletes removed ones", async () => {
    const pack = "spells";
    const copy = join(scratch, "edit-copy");
    cpSync(join(SOURCE_ROOT, pack), copy, { recursive: true });
    const all = loadSources().filter((f) => f.pack === pack && f.doc?._key.startsWith("!items!"));
    const [edited, removed] = [all[0], all[1]];
    // Simulate edits made inside Foundry: change one document, add one, delete one.
    const editedSource = join(scratch, "edited-source");
    cpSync(join(SOURCE_ROOT, pack), editedSource, { recursive: true });
    const inPack = (path: string): string => path.slice(`packs/_source/${pack}/`.length);
    writeFileSync(join(editedSource, inPack(edited.path)), toSourceYaml({ ...edited.doc!, name: `${edited.doc!.name} (edited)`, _stats: { modifiedTime: 1 } }));
    writeFileSync(join(editedSource, "brand-new.yml"), toSourceYaml({ ...edited.doc!, _id: "NewSpellZZZZZZZZ", _key: "!items!NewSpellZZZZZZZZ", name: "Brand New Spell" }));
    unlinkSync(join(editedSource, inPack(removed.path)));
    const recompiled = join(scratch, "recompiled");
    await compilePack(editedSource, recompiled, { yaml: true, recursive: true });

    const result = await extractToSources(recompiled, copy);
    const newFile = join(dirname(inPack(edited.path)), `${slugify("Brand New Spell")}.yml`);
    expect(result.removed).toEqual([inPack(removed.path)]);
    expect(result.written.sort()).toEqual([inPack(edited.path), newFile].sort());
    const rewritten = parse(readFileSync(join(copy, inPack(edited.path)), "utf8")) as SourceDocument;
    expect(rewritten.name).toBe(`${edited.doc!.name} (edited)`);
    expect(rewritten).not.toHaveProperty("_stats");
  });
});
