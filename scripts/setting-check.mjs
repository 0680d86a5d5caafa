// Checks a ClockWork setting before it ships: a setting module (a folder with module.json) or a fork
// of the system (a folder with system.json, this repository included). Every pack the manifest
// declares is read, from its YAML sources (packs/_source/<name>/ or src/packs/<name>/) or, when it
// has none, from its compiled LevelDB pack (the manifest's `path`), and every Item and Actor is
// validated against the system's data models and lists; a module's declaration (module.json
// `flags.clockwork`) is validated and merged into the lists first, by the system itself as at a
// world's start, so a weapon of the module's own new weapon group is valid. A declaration in the
// JSON file `flags.clockwork.declaration` names is checked as if inline, and reported (the system
// reads only inline ones). A fork's own setting modules (modules/<id>/ with packs/_source/, which
// its build zips) are checked with it.
//
// The data models are the real ones: the system is booted in the test world (tests/world, loaded
// through vite so its TypeScript runs as is), one world per folder, with the module active in it.
// Every problem names its file and line (a compiled pack: the pack, the document's name and id);
// the exit code is 1 on any problem, 2 on a usage error, 0 with a one-line summary per folder.
// `npm run build` runs it on this repository.
//
//   npm run setting:check -- <folder> [<folder>…]
//   node scripts/setting-check.mjs <folder> [<folder>…]
//   npm run setting:check -- --help
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { LineCounter, isMap, isScalar, isSeq, parse, parseDocument } from "yaml";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SYSTEM_ID = "clockwork";

export const USAGE = `Usage: npm run setting:check -- <folder> [<folder>…]
       node scripts/setting-check.mjs <folder> [<folder>…]

Checks a ClockWork setting before it ships. <folder> is a setting module (it holds
module.json) or a fork of the system (it holds system.json). For every pack the
manifest declares, the YAML sources in packs/_source/<pack name>/ (or
src/packs/<pack name>/) are read, or, when there are none, the compiled pack at the
pack's "path". Every Item and Actor is validated against ClockWork's data models,
after the module's declaration (flags.clockwork in module.json) has been checked and
added to the system's lists, as ClockWork does when a world starts. A declaration in
a separate file (flags.clockwork.declaration) is checked too, and reported: the
system reads only an inline one.
A fork's own setting modules (modules/<id>/ with packs/_source/) are checked with it.

Each problem is printed as  <file>:<line>: <field>: <what is wrong>  (a compiled
pack names the pack and the document's name and id instead of a line).

Exit code: 0 when every folder is valid (one summary line each), 1 when any
problem is found, 2 when the command is used wrongly.`;

/** Compendium document types Foundry accepts in a pack. */
const PACK_TYPES = ["Actor", "Adventure", "Cards", "Item", "JournalEntry", "Macro", "Playlist", "RollTable", "Scene"];
/** A pack type to the collection its documents' `_key`s name (`!items!<id>`). */
const PACK_COLLECTION = {
  Actor: "actors", Adventure: "adventures", Cards: "cards", Item: "items", JournalEntry: "journal",
  Macro: "macros", Playlist: "playlists", RollTable: "tables", Scene: "scenes",
};
/** Collections whose documents are validated against the system's data models. */
const VALIDATED = { items: "Item", actors: "Actor" };
/** Foundry's document ids: 16 letters and digits. */
const ID = /^[A-Za-z0-9]{16}$/;

// ---------------------------------------------------------------------------------------------
// Locations: a field's line in a YAML or JSON file.

/**
 * A function from a path (["system", "group"]) to the line (1-based) of the deepest part of it
 * the file has: the line of the key for a mapping entry, of the item for a list entry. JSON is
 * YAML, so the same reader locates module.json's entries.
 */
function locator(document, lineCounter) {
  return (path) => {
    let node = document.contents;
    let line = node?.range ? lineCounter.linePos(node.range[0]).line : 1;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => String(isScalar(item.key) ? item.key.value : item.key) === String(segment));
        if (!pair) break;
        if (pair.key?.range) line = lineCounter.linePos(pair.key.range[0]).line;
        node = pair.value;
      } else if (isSeq(node)) {
        // A Foundry failure path names an embedded document by its index or by its _id.
        const index = /^\d+$/.test(String(segment)) ? Number(segment) : node.items.findIndex((item) => isMap(item) && item.get("_id") === segment);
        const item = node.items[index];
        if (!item) break;
        if (item.range) line = lineCounter.linePos(item.range[0]).line;
        node = item;
      } else break;
    }
    return line;
  };
}

/** A YAML or JSON text read with line positions; `errors` are the reader's own. */
function readLocated(text) {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: false });
  return { document, locate: locator(document, lineCounter) };
}

/**
 * The first JSON syntax error of a text: its offset and what is wrong (JSON.parse's message has no
 * position on every Node version). Null when the text is JSON.
 */
export function jsonSyntaxError(text) {
  let i = 0;
  let comma = -1;
  const ws = () => { while (i < text.length && " \t\n\r".includes(text[i])) i++; };
  const fail = (reason) => { throw { at: i, reason }; };
  const unexpected = () => {
    if (i >= text.length) fail("the file ends too early (a bracket or quote is not closed)");
    if ((text[i] === "]" || text[i] === "}") && comma >= 0 && !text.slice(comma + 1, i).trim()) throw { at: comma, reason: `a comma before the closing ${text[i]} (JSON allows no trailing comma)` };
    fail(`unexpected ${JSON.stringify(text[i])}`);
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\n") fail("a line break inside a string");
      i += text[i] === "\\" ? 2 : 1;
    }
    if (i >= text.length) unexpected();
    i++;
  };
  const value = () => {
    ws();
    const open = text[i];
    if (open === "{" || open === "[") {
      const close = open === "{" ? "}" : "]";
      i++;
      ws();
      if (text[i] === close) return void i++;
      for (;;) {
        if (open === "{") {
          ws();
          if (text[i] !== '"') unexpected();
          string();
          ws();
          if (text[i] !== ":") unexpected();
          i++;
        }
        value();
        ws();
        if (text[i] === ",") { comma = i++; continue; }
        if (text[i] === close) return void i++;
        unexpected();
      }
    }
    if (open === '"') return string();
    const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64));
    if (!literal) unexpected();
    i += literal[0].length;
  };
  try {
    value();
    ws();
    if (i < text.length) unexpected();
    return null;
  } catch (error) {
    if (error && typeof error.at === "number") return error;
    throw error;
  }
}

/** module.json or a declaration file: its value, a locator, or the problem that stops reading it. */
function readJson(file, shown, problems) {
  const text = readFileSync(file, "utf8");
  try {
    const value = JSON.parse(text);
    return { value, locate: readLocated(text).locate };
  } catch (error) {
    const syntax = jsonSyntaxError(text);
    const line = syntax ? text.slice(0, syntax.at).split("\n").length : 1;
    problems.push({ file: shown, line, message: `not valid JSON: ${syntax?.reason ?? String(error.message)}` });
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a folder: the manifest, its packs, the declaration.

const isPlain = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

function yamlFiles(dir) {
  return readdirSync(dir).sort().flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

/** A source as Foundry sees it: the CLI's `_key`s (nested ones included) removed. */
function withoutKeys(value) {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "_key").map(([key, v]) => [key, withoutKeys(v)]));
  return value;
}

/** A bare y/n/yes/no/on/off as a value or list item: only a text with one needs the YAML 1.1 reading. */
const YAML11_BOOLEAN_WORD = /(?:^|[\s:[,-])(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)[ \t]*(?:$|[,\]#}])/m;

/** Fields (paths) where a YAML 1.1 reader sees a boolean and this YAML 1.2 reader a string. */
function yaml11Booleans(strict, loose, path = []) {
  if (typeof loose === "boolean" && typeof strict === "string") return [path];
  if (!strict || typeof strict !== "object" || !loose || typeof loose !== "object") return [];
  return Object.keys(strict).flatMap((key) => yaml11Booleans(strict[key], loose[key], [...path, key]));
}

/** Fields where the source has a boolean and the built document a string (a string field cast it). */
function booleansAsStrings(source, built, path = []) {
  if (typeof source === "boolean" && typeof built === "string") return [path];
  if (!source || typeof source !== "object" || !built || typeof built !== "object") return [];
  return Object.keys(source).flatMap((key) => booleansAsStrings(source[key], built[key], [...path, key]));
}

const dotted = (path) => path.join(".");
const posix = (path) => path.split(sep).join("/");

/** Where a pack's YAML sources are, if it has any. */
function sourceFolder(folder, name) {
  return [join(folder, "packs", "_source", name), join(folder, "src", "packs", name)].find((dir) => existsSync(dir) && statSync(dir).isDirectory()) ?? null;
}

/** A document's `_id` and `_key` against the pack: what the Foundry CLI and core need to load it. */
function checkIdentity(doc, pack, report, seen) {
  const id = doc._id;
  if (id === undefined || id === null || id === "") report(["_id"], "missing; every document in a pack needs one (16 letters and digits)");
  else if (typeof id !== "string" || !ID.test(id)) report(["_id"], `"${id}" is not a Foundry id (16 letters and digits)`);
  else if (seen.has(id)) report(["_id"], `"${id}" is already the _id of ${seen.get(id)} in pack "${pack.name}"; one document would replace the other`);
  if (typeof id === "string" && id && !seen.has(id)) seen.set(id, report.where);
  const key = doc._key;
  if (pack.sources && (typeof key !== "string" || !key)) {
    report(["_key"], `missing; the Foundry CLI leaves a source file without one out of the compiled pack (write _key: "!${PACK_COLLECTION[pack.type] ?? "items"}!${typeof id === "string" ? id : "<_id>"}")`);
    return null;
  }
  const [, collection = "", keyId = ""] = String(key).split("!");
  if (collection === "folders") return collection;
  const expected = PACK_COLLECTION[pack.type];
  if (expected && collection !== expected) {
    // Not validated further: as another kind of document, every field of it would be reported.
    report(["_key"], `"${key}" puts a document of "${collection}" in pack "${pack.name}", whose type is ${pack.type} (its _key starts with "!${expected}!")`);
    return null;
  }
  if (typeof id === "string" && keyId !== id) report(["_key"], `"${key}" does not end with the document's _id "${id}"`);
  return collection;
}

/** Reads one pack's YAML sources; documents to validate go to `documents`. */
function readSourcePack(folder, pack, problems, documents) {
  const seen = new Map();
  for (const file of yamlFiles(pack.sources)) {
    const shown = posix(relative(folder, file));
    const text = readFileSync(file, "utf8");
    const { document, locate } = readLocated(text);
    const at = (path) => locate(path);
    const fail = (path, message) => problems.push({ file: shown, line: at(path), field: path.length ? dotted(path) : "", message });
    if (document.errors.length) {
      for (const error of document.errors) {
        const line = error.linePos?.[0]?.line ?? 1;
        const column = error.linePos?.[0]?.col;
        const reason = String(error.message).split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
        problems.push({ file: shown, line, message: `the YAML does not parse: ${reason}${column ? ` (column ${column})` : ""}` });
      }
      continue;
    }
    const doc = document.toJS();
    if (!isPlain(doc)) {
      problems.push({ file: shown, line: 1, message: "not a document: the file must be a YAML mapping (name: …, type: …)" });
      continue;
    }
    const booleans = YAML11_BOOLEAN_WORD.test(text) ? yaml11Booleans(doc, parse(text, { version: "1.1" })) : [];
    for (const path of booleans) {
      fail(path, `"${String(doc && path.reduce((v, k) => v?.[k], doc))}" is a bare word a YAML 1.1 reader (the Foundry CLI) takes for a boolean; quote it as a string`);
    }
    const report = (path, message) => fail(path, message);
    report.where = `${shown}:${at(["_id"])}`;
    const collection = checkIdentity(doc, pack, report, seen);
    const documentName = VALIDATED[collection];
    if (documentName) documents.push({ documentName, source: withoutKeys(doc), fail });
  }
}

/** Reads one compiled (LevelDB) pack through the Foundry CLI, writing nothing. */
async function readCompiledPack(folder, pack, problems, documents) {
  const shown = `${posix(relative(folder, pack.compiled))} (compiled)`;
  if (!statSync(pack.compiled).isDirectory()) {
    problems.push({ file: shown, message: `not a LevelDB pack${pack.compiled.endsWith(".db") ? " (a .db file is the NeDB format of Foundry 10 and older)" : ""}` });
    return;
  }
  const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
  const scratch = mkdtempSync(join(tmpdir(), "clockwork-setting-check-"));
  const read = [];
  try {
    await extractPack(pack.compiled, scratch, { transformEntry: (doc) => { read.push(structuredClone(doc)); return false; } });
  } catch (error) {
    problems.push({ file: shown, message: `cannot be read as a LevelDB pack (${String(error.message).split("\n")[0]}); if Foundry is running with it open, close the world first` });
    return;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const seen = new Map();
  for (const doc of read) {
    const where = `${doc.name ?? "(no name)"} [${doc._id}]`;
    const fail = (path, message) => problems.push({ file: shown, document: where, field: path.length ? dotted(path) : "", message });
    const report = (path, message) => fail(path, message);
    report.where = where;
    const collection = checkIdentity(doc, pack, report, seen);
    const documentName = VALIDATED[collection];
    if (documentName) documents.push({ documentName, source: withoutKeys(doc), fail });
  }
}

/**
 * Everything the check reads from one folder, before any system code runs: the manifest's own
 * problems, the documents to validate, the raw declaration and where its entries are.
 */
export async function readFolder(folder) {
  const problems = [];
  const documents = [];
  const moduleFile = join(folder, "module.json");
  const systemFile = join(folder, "system.json");
  const kind = existsSync(moduleFile) ? "module" : existsSync(systemFile) ? "system" : null;
  const result = { folder, kind, id: null, title: null, problems, documents, packs: 0, declaration: null, manifest: null, locateManifest: null, lang: null, englishFile: null };
  if (!kind) return result;
  const manifestName = `${kind}.json`;
  const manifest = readJson(kind === "module" ? moduleFile : systemFile, manifestName, problems);
  if (!manifest) return result;
  const { value, locate } = manifest;
  const at = (path, message) => problems.push({ file: manifestName, line: locate(path), field: dotted(path), message });
  if (!isPlain(value)) {
    problems.push({ file: manifestName, line: 1, message: "the manifest must be a JSON object" });
    return result;
  }
  result.id = typeof value.id === "string" ? value.id : null;
  result.title = typeof value.title === "string" ? value.title : null;
  if (!result.id) at(["id"], "the manifest has no id");
  result.manifest = value;
  result.locateManifest = locate;
  // The module's English strings, which its declaration's label keys may name.
  for (const [index, language] of (Array.isArray(value.languages) ? value.languages : []).entries()) {
    if (!isPlain(language) || language.lang !== "en" || typeof language.path !== "string") continue;
    const file = resolve(folder, language.path);
    if (!existsSync(file)) {
      at(["languages", index, "path"], `the English language file ${language.path} is not in the ${kind}`);
      continue;
    }
    const read = readJson(file, posix(relative(folder, file)), problems);
    if (read && isPlain(read.value)) {
      result.lang = read.value;
      result.englishFile = posix(relative(folder, file));
    }
  }

  if (kind === "module") {
    const systems = value.relationships?.systems;
    const names = Array.isArray(systems) && systems.some((entry) => isPlain(entry) && entry.id === SYSTEM_ID);
    if (!names) {
      const path = Array.isArray(systems) ? ["relationships", "systems"] : value.relationships ? ["relationships"] : [];
      at(path, `the module does not name the system "${SYSTEM_ID}" in relationships.systems ([{ "id": "${SYSTEM_ID}", "type": "system" }]); Foundry would not tie it to ClockWork and ClockWork would not read its declaration`);
    }
  }

  // Packs: each must have its YAML sources or its compiled pack.
  const packs = value.packs ?? [];
  if (!Array.isArray(packs)) at(["packs"], "packs must be a list");
  const names = new Map();
  for (const [index, entry] of (Array.isArray(packs) ? packs : []).entries()) {
    const path = ["packs", index];
    if (!isPlain(entry)) {
      at(path, "a pack must be an object with name, label, path and type");
      continue;
    }
    const { name, type } = entry;
    if (typeof name !== "string" || !name) {
      at([...path, "name"], "the pack has no name");
      continue;
    }
    if (names.has(name)) at([...path, "name"], `a second pack named "${name}" (the first is packs[${names.get(name)}])`);
    names.set(name, index);
    if (!PACK_TYPES.includes(type)) at([...path, "type"], `pack "${name}": type ${JSON.stringify(type ?? null)} is not a compendium type (one of: ${PACK_TYPES.join(", ")})`);
    if (kind === "module" && entry.system !== undefined && entry.system !== SYSTEM_ID) {
      at([...path, "system"], `pack "${name}" is for the system "${entry.system}", so a ClockWork world would not show it`);
    }
    const sources = sourceFolder(folder, name);
    const compiled = typeof entry.path === "string" && entry.path ? join(folder, entry.path) : null;
    if (!sources && !(compiled && existsSync(compiled))) {
      at(path, `pack "${name}" has neither YAML sources (packs/_source/${name}/ or src/packs/${name}/) nor a compiled pack${compiled ? ` at ${posix(relative(folder, compiled))}` : " (no path)"}`);
      continue;
    }
    const pack = { name, type, sources, compiled };
    if (sources) readSourcePack(folder, pack, problems, documents);
    else await readCompiledPack(folder, pack, problems, documents);
    result.packs += 1;
  }

  // The declaration: flags.clockwork, or the JSON file flags.clockwork.declaration names.
  const flags = value.flags?.[SYSTEM_ID];
  if (kind === "module" && flags !== undefined) {
    if (!isPlain(flags)) at(["flags", SYSTEM_ID], `must be an object (the declaration: { "version": 1, … }), not ${Array.isArray(flags) ? "a list" : JSON.stringify(flags)}`);
    else if (typeof flags.declaration === "string") {
      const file = resolve(folder, flags.declaration);
      const shown = posix(relative(folder, file));
      if (!file.startsWith(resolve(folder) + sep) || !existsSync(file)) {
        at(["flags", SYSTEM_ID, "declaration"], `the declaration file "${flags.declaration}" is not in the module`);
      } else {
        const read = readJson(file, shown, problems);
        if (read) result.declaration = { raw: read.value, file: shown, locate: read.locate, prefix: [] };
      }
    } else result.declaration = { raw: flags, file: manifestName, locate, prefix: ["flags", SYSTEM_ID] };
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Validation in the test world.

/** A vite server that runs the test world and the system's TypeScript, as vitest would. */
async function startServer() {
  const { createServer } = await import("vite");
  return createServer({
    root: ROOT, configFile: false, logLevel: "error", appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, entries: [] },
    // Test modules may use CommonJS's __dirname, which vitest provides; so does this.
    plugins: [{ name: "dirname", transform: (code, id) => (code.includes("__dirname") ? code.replaceAll("__dirname", JSON.stringify(dirname(id))) : null) }],
  });
}

/** Where a declaration problem is: the JSON line of the entry in module.json (or in the declaration file). */
function declarationLocation(read, path) {
  if (read.declaration?.prefix.length === 0) return { file: read.declaration.file, line: read.declaration.locate(path), field: dotted(path) };
  const full = ["flags", SYSTEM_ID, ...path];
  return { file: "module.json", line: read.locateManifest(full), field: dotted(full) };
}

/**
 * The manifest the world installs. A declaration in a separate file is put inline, so its entries
 * are checked and its keys known to the documents; the system itself reads only an inline one,
 * which `reportDeclaration` says.
 */
function installedManifest(read) {
  if (read.declaration?.prefix.length !== 0) return read.manifest;
  return { ...read.manifest, flags: { ...read.manifest.flags, [SYSTEM_ID]: read.declaration.raw } };
}

/** Every label of a validated declaration given as a localization key, with its path. */
function labelKeys(declaration, path = []) {
  if (!isPlain(declaration)) return [];
  return Object.entries(declaration).flatMap(([key, value]) => {
    // A damage type's abbreviation is the text itself; the currency's may be a key.
    const label = ["label", "hint", "description"].includes(key) || (key === "abbreviation" && path[0] === "currency");
    if (label && typeof value === "string" && path.length) return [{ path: [...path, key], key: value }];
    return isPlain(value) ? labelKeys(value, [...path, key]) : [];
  });
}

/**
 * The problems the system found in the module's declaration when it read it at init (the same
 * validator, the same messages a GM is shown), and label keys no language file provides.
 */
async function reportDeclaration(server, read) {
  const { settingModules } = await server.ssrLoadModule("/src/setting-modules/load.ts");
  const loaded = settingModules().find((module) => module.id === read.id);
  if (!loaded) return;
  const { i18n } = globalThis.game;
  if (read.declaration?.prefix.length === 0) {
    const path = ["flags", SYSTEM_ID, "declaration"];
    const file = read.manifest.flags[SYSTEM_ID].declaration;
    read.problems.push({ file: "module.json", line: read.locateManifest(path), field: dotted(path), message: i18n.format("CLOCKWORK.SettingModules.Problem.FileDeclaration", { file }) });
  }
  for (const problem of loaded.problems) {
    if (problem.warning) continue;
    read.problems.push({ ...declarationLocation(read, problem.path), message: i18n.format(problem.key, problem.data) });
  }
  const english = read.englishFile ?? "its English language file";
  for (const { path, key } of labelKeys(loaded.declaration)) {
    if (!i18n.has(key)) read.problems.push({ ...declarationLocation(read, path), message: `"${key}" is a localization key that neither ${english} nor ClockWork's provides; give the text, or add the key` });
  }
}

/** Validates one folder's documents in a world booted for it; adds the problems found. */
async function validateInWorld(server, read) {
  const world = await server.ssrLoadModule("/tests/world/index.ts");
  // The module is installed and active, as in a real world: the system reads its declaration at init.
  const modules = read.kind === "module" && read.manifest ? [{ manifest: installedManifest(read), lang: read.lang ?? undefined }] : [];
  // The system tells the GM its declaration problems on the console; this check prints them itself.
  const warn = console.warn;
  console.warn = (...args) => (String(args[0]).startsWith("ClockWork | setting module") ? undefined : warn(...args));
  let instance;
  try {
    instance = await world.createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }], modules });
  } finally {
    console.warn = warn;
  }
  try {
    await instance.as(instance.gm, async () => {
      if (modules.length) await reportDeclaration(server, read);
      const types = (name) => Object.keys(globalThis.CONFIG[name].dataModels ?? {});
      for (const { documentName, source, fail } of read.documents) {
        const known = types(documentName);
        if (known.length && !known.includes(source.type)) {
          fail(["type"], `${JSON.stringify(source.type ?? null)} is not a ClockWork ${documentName} type (one of: ${known.join(", ")})`);
          continue;
        }
        const result = world.validateDocument(documentName, source);
        for (const [field, reason] of Object.entries(result.errors)) fail(field ? field.split(".") : [], reason);
        if (!result.valid) continue;
        const built = new globalThis.CONFIG[documentName].documentClass(structuredClone(source)).toObject();
        for (const path of booleansAsStrings(source, built)) fail(path, "a boolean (true/false) where text is expected; quote it");
      }
    });
    // The GM's `ready` migration loads its code with import(): let it finish before the server closes.
    const migrations = await server.ssrLoadModule("/src/migrations/index.ts");
    await instance.as(instance.gm, () => migrations.readyMigration());
  } finally {
    instance.close();
  }
}

/** One problem as a line: `file:line: field: message`, or `pack (compiled): Name [id]: field: message`. */
export function formatProblem({ file, line, document, field, message }) {
  return `${file}${line ? `:${line}` : ""}: ${document ? `${document}: ` : ""}${field ? `${field}: ` : ""}${message}`;
}

/** The setting modules kept inside a system's folder: modules/<id>/ with module.json and packs/_source/. */
function settingModulesIn(folder) {
  const modules = join(folder, "modules");
  if (!existsSync(modules)) return [];
  return readdirSync(modules).sort().map((name) => join(modules, name))
    .filter((dir) => existsSync(join(dir, "module.json")) && existsSync(join(dir, "packs", "_source")));
}

/** Problems in file order, then line order (a file's own order kept for equal lines). */
export function sortProblems(problems) {
  return problems.map((problem, index) => ({ problem, index }))
    .sort((a, b) => a.problem.file.localeCompare(b.problem.file) || (a.problem.line ?? 0) - (b.problem.line ?? 0) || a.index - b.index)
    .map(({ problem }) => problem);
}

/** Checks folders (one vite server, one world each); returns each folder's result. */
export async function checkFolders(given) {
  const folders = [...new Set(given.map((folder) => resolve(folder)))];
  const reads = [];
  for (const folder of folders) {
    const read = await readFolder(folder);
    reads.push(read);
    // A fork's (or this repository's) own setting modules, which its build zips: modules/<id>/ with YAML sources.
    if (read.kind === "system") {
      for (const module of settingModulesIn(folder)) if (!folders.includes(module)) reads.push(await readFolder(module));
    }
  }
  // A module's declaration is read by the system at init, so a module is booted even without documents.
  const toValidate = reads.filter((read) => read.kind && read.manifest && (read.documents.length || read.kind === "module"));
  if (toValidate.length) {
    const server = await startServer();
    try {
      for (const read of toValidate) await validateInWorld(server, read);
    } finally {
      await server.close();
    }
  }
  return reads;
}

function summary(read) {
  const what = read.kind === "module" ? `module "${read.id}"` : `system "${read.id}"`;
  const docs = `${read.documents.length} document${read.documents.length === 1 ? "" : "s"} in ${read.packs} pack${read.packs === 1 ? "" : "s"}`;
  return `${what}: ${docs} valid against ClockWork's data models${read.declaration ? ", and its declaration" : ""}.`;
}

async function main(args) {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  const unknown = args.find((arg) => arg.startsWith("-"));
  if (unknown || !args.length) {
    console.error(unknown ? `Unknown option ${unknown}.\n\n${USAGE}` : USAGE);
    return 2;
  }
  // npm runs scripts in the repository: a folder given to `npm run setting:check` is relative to
  // where the command was typed; the build's `.` is the repository.
  const base = process.env.npm_lifecycle_event === "setting:check" ? (process.env.INIT_CWD ?? process.cwd()) : process.cwd();
  const folders = args.map((arg) => resolve(base, arg));
  const missing = folders.filter((folder) => !existsSync(folder) || !statSync(folder).isDirectory());
  if (missing.length) {
    for (const folder of missing) console.error(`No folder at ${folder}.`);
    return 2;
  }
  const reads = await checkFolders(folders);
  let status = 0;
  for (const read of reads) {
    const shown = posix(relative(base, read.folder));
    const name = shown.startsWith("..") ? read.folder : shown || ".";
    if (!read.kind) {
      console.error(`${name}: neither module.json nor system.json here; give the folder of a setting module or of a fork of ClockWork.`);
      status = Math.max(status, 2);
      continue;
    }
    if (!read.problems.length) {
      console.log(`${name}: ${summary(read)}`);
      continue;
    }
    status = Math.max(status, 1);
    console.error(`${name}: ${read.problems.length} problem${read.problems.length === 1 ? "" : "s"}:`);
    for (const problem of sortProblems(read.problems)) console.error(`  ${formatProblem(problem)}`);
  }
  return status;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
