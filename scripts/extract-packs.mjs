// Turns compiled LevelDB packs back into the YAML sources under packs/_source/, so content edited
// inside Foundry can be reviewed and committed.
//
//   npm run packs:extract                      every pack of system.json, from dist/packs/<name>
//   npm run packs:extract -- spells            one pack by name
//   npm run packs:extract -- /path/to/spells   a compiled pack anywhere (its folder name is the pack name)
//
// File names stay stable: a document keeps the file that already holds its _id; a new document is
// written next to the other documents of its folder as <slug of its name>.yml. Files whose _id is no
// longer in the pack are deleted. Volatile `_stats` blocks that Foundry adds are dropped.
import { mkdtemp, readdir, readFile, rm, unlink, writeFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { Document, parse, visit } from "yaml";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Puts `_id` and `_key` first in every (embedded) document; the CLI re-adds `_key` last on extraction. */
function keysFirst(value) {
  if (Array.isArray(value)) return value.map(keysFirst);
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value).map(([k, v]) => [k, keysFirst(v)]);
  if (!("_id" in value) || !("_key" in value)) return Object.fromEntries(entries);
  const rank = (k) => (k === "_id" ? 0 : k === "_key" ? 1 : 2);
  return Object.fromEntries(entries.sort(([a], [b]) => rank(a) - rank(b)));
}

/** The one YAML form of a source document; pack sources are written with it so extraction is a no-op. */
export function toSourceYaml(doc) {
  const yaml = new Document(keysFirst(doc));
  // A string YAML 1.1 readers would take for a boolean (`off`, `yes`) is written quoted.
  visit(yaml, {
    Scalar(key, node) {
      if (key !== "key" && typeof node.value === "string" && YAML11_BOOLEAN.test(node.value)) node.type = "QUOTE_DOUBLE";
    },
  });
  return yaml.toString({ lineWidth: 0 });
}

/** The plain scalars YAML 1.1 resolves to booleans. */
const YAML11_BOOLEAN = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;

/** Lower-case kebab slug of a document name, used for new file names. */
export function slugify(name) {
  return String(name)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "document";
}

/** Drops Foundry's volatile bookkeeping from a document and its embedded documents. */
export function stripVolatile(value) {
  if (Array.isArray(value)) value.forEach(stripVolatile);
  else if (value && typeof value === "object") {
    delete value._stats;
    for (const child of Object.values(value)) if (child && typeof child === "object") stripVolatile(child);
  }
  return value;
}

async function listYaml(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listYaml(path)));
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Maps every `_id` under a source folder to its file (relative path) and its folder id. */
export async function readSourceIndex(sourceDir) {
  const index = new Map();
  for (const file of await listYaml(sourceDir)) {
    const doc = parse(await readFile(file, "utf8"));
    if (doc && typeof doc._id === "string") {
      index.set(doc._id, { path: relative(sourceDir, file), folder: doc.folder ?? null });
    }
  }
  return index;
}

/** Where a document that has no source file yet should go, next to its folder's other documents. */
function newSourcePath(doc, index, taken) {
  const isFolder = String(doc._key ?? "").startsWith("!folders!");
  let dir = isFolder ? "_folders" : "";
  if (!isFolder && doc.folder) {
    const sibling = [...index.values()].find((entry) => entry.folder === doc.folder && !entry.path.startsWith("_folders"));
    if (sibling) dir = dirname(sibling.path) === "." ? "" : dirname(sibling.path);
  }
  let path = join(dir, `${slugify(doc.name)}.yml`);
  if (taken.has(path)) path = join(dir, `${slugify(doc.name)}-${doc._id}.yml`);
  return path;
}

/**
 * Extracts one compiled pack into a source folder. Returns the relative paths written (changed or new)
 * and removed, so callers and tests can see exactly what moved.
 */
export async function extractToSources(packDir, sourceDir, { log = false } = {}) {
  if (!existsSync(packDir)) throw new Error(`No compiled pack at ${packDir}; run npm run build first or pass a pack path.`);
  const scratch = await mkdtemp(join(tmpdir(), "clockwork-extract-"));
  try {
    await extractPack(packDir, scratch, { yaml: false, transformName: (doc) => `${doc._id}.json` });
    const index = await readSourceIndex(sourceDir);
    const taken = new Set([...index.values()].map((entry) => entry.path));
    const seen = new Set();
    const written = [];
    for (const file of (await readdir(scratch)).filter((f) => f.endsWith(".json")).sort()) {
      const doc = stripVolatile(JSON.parse(await readFile(join(scratch, file), "utf8")));
      seen.add(doc._id);
      let path = index.get(doc._id)?.path;
      if (!path) {
        path = newSourcePath(doc, index, taken);
        taken.add(path);
        index.set(doc._id, { path, folder: doc.folder ?? null });
      }
      const target = join(sourceDir, path);
      const text = toSourceYaml(doc);
      const before = existsSync(target) ? await readFile(target, "utf8") : null;
      if (before === text) continue;
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, text);
      written.push(path);
      if (log) console.log(`${before === null ? "added" : "updated"} ${join(basename(sourceDir), path)}`);
    }
    const removed = [];
    for (const [id, entry] of index) {
      if (seen.has(id)) continue;
      await unlink(join(sourceDir, entry.path));
      removed.push(entry.path);
      if (log) console.log(`removed ${join(basename(sourceDir), entry.path)}`);
    }
    return { written: written.sort(), removed: removed.sort() };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function main(args) {
  const manifest = JSON.parse(await readFile(join(ROOT, "system.json"), "utf8"));
  const targets = args.length ? args : manifest.packs.map((pack) => pack.name);
  for (const target of targets) {
    const isPath = target.includes(sep) || target.includes("/");
    const packDir = isPath ? resolve(target) : join(ROOT, "dist", "packs", target);
    const name = basename(packDir);
    const { written, removed } = await extractToSources(packDir, join(ROOT, "packs", "_source", name), { log: true });
    console.log(`${name}: ${written.length} written, ${removed.length} removed`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
