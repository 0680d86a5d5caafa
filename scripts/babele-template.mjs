// Writes lang/babele/template/: one Babele translation file per compendium pack
// (clockwork.<pack>.json: label, mapping, folders, and an entry per document with its English
// text) and clockwork._packs-folders.json for the sidebar folders of system.json. A translator
// copies the folder to lang/babele/<language>/ and translates the values; Babele matches
// entries by English name. `node scripts/babele-template.mjs` after a pack changes; a test
// fails while the template is out of date.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";

const ROOT = join(import.meta.dirname, "..");

function yamlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "_folders" ? [] : yamlFiles(path);
    return e.name.endsWith(".yml") ? [path] : [];
  }).sort();
}

const byName = (list, entry) => Object.fromEntries(list.map((x) => [x.name, entry(x)]).sort(([a], [b]) => a.localeCompare(b)));
const itemEntry = (doc) => ({ name: doc.name, ...(doc.system?.description ? { description: doc.system.description } : {}) });

const ENTRY = {
  Item: itemEntry,
  Actor: (doc) => ({
    name: doc.name,
    ...(doc.system?.biography ? { biography: doc.system.biography } : {}),
    ...(doc.prototypeToken?.name && doc.prototypeToken.name !== doc.name ? { tokenName: doc.prototypeToken.name } : {}),
    ...(doc.items?.length ? { items: byName(doc.items, itemEntry) } : {}),
  }),
  JournalEntry: (doc) => ({ name: doc.name, pages: byName(doc.pages ?? [], (p) => ({ name: p.name, ...(p.text?.content ? { text: p.text.content } : {}) })) }),
};

/** The template files, by file name. */
export function babeleTemplate(root = ROOT) {
  const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));
  const en = JSON.parse(readFileSync(join(root, "lang", "en.json"), "utf8"));
  const mapping = JSON.parse(readFileSync(join(root, "lang", "babele", "mapping.json"), "utf8"));
  const english = (key) => key.split(".").reduce((n, p) => n?.[p], en) ?? key;
  const files = {};
  for (const pack of manifest.packs) {
    const dir = join(root, "packs", "_source", pack.name);
    const docs = yamlFiles(dir).map((f) => parse(readFileSync(f, "utf8")));
    let folders = [];
    try { folders = readdirSync(join(dir, "_folders")).sort().map((f) => parse(readFileSync(join(dir, "_folders", f), "utf8"))); } catch { /* a pack without folders */ }
    files[`${manifest.id}.${pack.name}.json`] = {
      label: english(pack.label),
      mapping: mapping[pack.type],
      ...(folders.length ? { folders: byName(folders, (f) => f.name) } : {}),
      entries: byName(docs, ENTRY[pack.type]),
    };
  }
  const names = (folders) => folders.flatMap((f) => [f.name, ...names(f.folders ?? [])]);
  files[`${manifest.id}._packs-folders.json`] = { entries: Object.fromEntries(names(manifest.packFolders ?? []).map((n) => [n, n])) };
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const out = join(ROOT, "lang", "babele", "template");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const files = babeleTemplate();
  for (const [name, content] of Object.entries(files)) writeFileSync(join(out, name), `${JSON.stringify(content, null, 2)}\n`);
  console.log(`wrote ${Object.keys(files).length} files to lang/babele/template/`);
}
