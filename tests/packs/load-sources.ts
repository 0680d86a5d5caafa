/**
 * Loads every compendium source under packs/_source/ (all packs, whoever writes them) for the
 * pack tests. Nothing here knows about a particular pack's content.
 *
 * - `loadSources()` parses each YAML file once (cached) and keeps parse errors instead of throwing,
 *   so one broken file shows up as one failing assertion;
 * - `documentUuids()` lists every UUID the sources define (documents, folders, journal pages);
 * - `uuidReferences()` finds every `@UUID[...]` link and every UUID-valued field in a document.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { createRequire } from "node:module";

export const REPO_ROOT = join(__dirname, "..", "..");
export const SOURCE_ROOT = join(REPO_ROOT, "packs", "_source");

export type PlainObject = Record<string, unknown>;

/** One primary document as written in a source file. */
export interface SourceDocument extends PlainObject {
  _id: string;
  _key: string;
  name: string;
  type?: string;
  img?: string;
  folder?: string | null;
  system?: PlainObject;
  pages?: SourceDocument[];
}

export interface SourceFile {
  /** Path relative to the repository root, with forward slashes. */
  path: string;
  /** Pack folder name: the first directory under packs/_source/. */
  pack: string;
  doc: SourceDocument | null;
  error: string | null;
}

export interface ManifestPack {
  name: string;
  label: string;
  path: string;
  type: string;
}

export interface Manifest {
  id: string;
  documentTypes: Record<string, Record<string, unknown>>;
  packs: ManifestPack[];
}

export const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as Manifest;

/** Collection name in a `_key` ("!items!id" → "items") to the Foundry document name. */
export const KEY_COLLECTIONS: Record<string, string> = { items: "Item", journal: "JournalEntry", folders: "Folder", actors: "Actor" };

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

let cache: SourceFile[] | null = null;

// Parsing the YAML takes about half a second; each test file runs in a fresh module graph, so
// the parsed sources are kept on disk too, under a hash of every source file's path and text.
const DISK_CACHE = join(REPO_ROOT, "node_modules", ".cache", "clockwork-pack-sources");

// The YAML parser is loaded only when the disk cache misses: importing it costs more than reading the cache.
const parse = (text: string): unknown => (createRequire(import.meta.url)("yaml") as { parse(text: string): unknown }).parse(text);

function parseSource(file: string, text: string): SourceFile {
  const path = relative(REPO_ROOT, file).split(sep).join("/");
  const pack = relative(SOURCE_ROOT, file).split(sep)[0];
  try {
    const doc = parse(text) as unknown;
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) return { path, pack, doc: null, error: "not a YAML mapping" };
    return { path, pack, doc: doc as SourceDocument, error: null };
  } catch (err) {
    return { path, pack, doc: null, error: (err as Error).message };
  }
}

/** Every YAML file under packs/_source/, parsed. */
export function loadSources(): SourceFile[] {
  if (cache) return cache;
  const files = yamlFiles(SOURCE_ROOT).map((file) => ({ file, text: readFileSync(file, "utf8") }));
  const hash = createHash("sha1");
  for (const { file, text } of files) hash.update(`${relative(SOURCE_ROOT, file)}\0${text}\0`);
  const cached = join(DISK_CACHE, `${hash.digest("hex")}.json`);
  try {
    cache = JSON.parse(readFileSync(cached, "utf8")) as SourceFile[];
  } catch {
    cache = files.map(({ file, text }) => parseSource(file, text));
    try {
      // Written whole under another name, then renamed: a parallel worker never reads half a file.
      mkdirSync(DISK_CACHE, { recursive: true });
      const partial = `${cached}.${process.pid}`;
      writeFileSync(partial, JSON.stringify(cache));
      renameSync(partial, cached);
    } catch {
      // A read-only checkout only loses the speed-up.
    }
  }
  return cache;
}

/** Parsed documents of one pack (or all packs), skipping files that failed to parse. */
export function documents(pack?: string): SourceDocument[] {
  return loadSources()
    .filter((f) => f.doc && (pack === undefined || f.pack === pack))
    .map((f) => f.doc as SourceDocument);
}

/** Collection of a document from its `_key` ("items", "journal", "folders"). */
export function keyCollection(doc: SourceDocument): string {
  return String(doc._key).split("!")[1] ?? "";
}

export const items = (pack?: string): SourceDocument[] => documents(pack).filter((d) => keyCollection(d) === "items");
export const folders = (pack?: string): SourceDocument[] => documents(pack).filter((d) => keyCollection(d) === "folders");
export const journals = (pack?: string): SourceDocument[] => documents(pack).filter((d) => keyCollection(d) === "journal");

/** The documents of a pack that sit in the named folder (direct children only). */
export function inFolder(pack: string, folderName: string): SourceDocument[] {
  const matches = folders(pack).filter((f) => f.name === folderName);
  if (matches.length !== 1) throw new Error(`pack ${pack} has ${matches.length} folders named "${folderName}"`);
  return documents(pack).filter((d) => d.folder === matches[0]._id && keyCollection(d) !== "folders");
}

/** The one item of a pack with this name. */
export function named(pack: string, name: string): SourceDocument {
  const matches = items(pack).filter((d) => d.name === name);
  if (matches.length !== 1) throw new Error(`pack ${pack} has ${matches.length} items named "${name}"`);
  return matches[0];
}

/** Every UUID the sources define, mapped to the name of the document it points at. */
export function documentUuids(): Map<string, { name: string; type: string; pack: string; doc: SourceDocument }> {
  const out = new Map<string, { name: string; type: string; pack: string; doc: SourceDocument }>();
  for (const file of loadSources()) {
    const doc = file.doc;
    if (!doc) continue;
    const documentName = KEY_COLLECTIONS[keyCollection(doc)];
    if (!documentName) continue;
    const uuid = `Compendium.${manifest.id}.${file.pack}.${documentName}.${doc._id}`;
    out.set(uuid, { name: doc.name, type: documentName, pack: file.pack, doc });
    for (const page of doc.pages ?? []) {
      out.set(`${uuid}.JournalEntryPage.${page._id}`, { name: page.name, type: "JournalEntryPage", pack: file.pack, doc: page });
    }
  }
  return out;
}

export interface UuidReference {
  uuid: string;
  /** The text between braces after a link, or null for a bare UUID field. */
  label: string | null;
  /** Dot path of the field that holds the reference. */
  field: string;
}

const LINK = /@UUID\[([^\]]+)\](?:\{([^}]*)\})?/g;
const BARE_UUID = /^Compendium\.[\w-]+\.[\w-]+\.\w+\.[A-Za-z0-9]{16}(\.\w+\.[A-Za-z0-9]{16})*$/;

/** Every `@UUID[...]` link in any string, and every string field that is itself a compendium UUID. */
export function uuidReferences(value: unknown, field = ""): UuidReference[] {
  if (typeof value === "string") {
    if (BARE_UUID.test(value)) return [{ uuid: value, label: null, field }];
    return [...value.matchAll(LINK)].map((m) => ({ uuid: m[1], label: m[2] ?? null, field }));
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => uuidReferences(v, `${field}.${i}`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => uuidReferences(v, field ? `${field}.${k}` : k));
  }
  return [];
}

/** Every string field anywhere in a document, with its path (for URL and HTML checks). */
export function stringFields(value: unknown, field = ""): { field: string; text: string }[] {
  if (typeof value === "string") return [{ field, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringFields(v, `${field}.${i}`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringFields(v, field ? `${field}.${k}` : k));
  return [];
}
