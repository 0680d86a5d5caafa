// Completes `dist/` after the vite bundle: manifest, static files, compiled packs, and the zip.
import { cp, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createWriteStream, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { tmpdir } from "node:os";
import { pathToFileURL } from "node:url";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import yazl from "yazl";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist");
const STATIC_ENTRIES = ["templates", "lang", "styles", "assets", "README.md", "LICENSE"];
// The translators' starting point (docs/translating.md) stays in the repository: no world reads it.
const NOT_SHIPPED = [join(root, "lang", "babele", "template")];

async function copyStatic() {
  await cp(join(root, "system.json"), join(dist, "system.json"));
  for (const entry of STATIC_ENTRIES) {
    const from = join(root, entry);
    const filter = (path) => !NOT_SHIPPED.some((skip) => path === skip || path.startsWith(`${skip}/`));
    if (existsSync(from)) await cp(from, join(dist, entry), { recursive: true, filter });
  }
}

/** Embedded collections whose documents carry their own `_stats` (journal pages, actor items …). */
const EMBEDDED = ["pages", "items", "effects", "results", "categories"];

/**
 * The `_stats` every pack document ships with: the core build the packs' data is written for
 * (the minimum generation, whose build the foundry-vtt-types version names, e.g. "13.345") and
 * this system's id and version. Foundry reads them to decide which of its own data migrations a
 * document needs, so a newer core (v14) migrates the packs as it migrates any v13 document.
 */
export async function packStats() {
  const manifest = JSON.parse(await readFile(join(root, "system.json"), "utf8"));
  const pkg = JSON.parse(await readFile(join(root, "package.json"), "utf8"));
  const types = String(pkg.devDependencies?.["@league-of-foundry-developers/foundry-vtt-types"] ?? "");
  const [major, minor] = types.replace(/^[^\d]*/, "").split(".");
  const written = String(manifest.compatibility?.minimum ?? "");
  const coreVersion = major && minor && major === written.split(".")[0] ? `${major}.${minor}` : written;
  return { coreVersion, systemId: manifest.id, systemVersion: manifest.version };
}

/** Stamps a document and its embedded documents with `stats`, keeping any other `_stats` fields. */
export function stampStats(doc, stats) {
  doc._stats = { ...(doc._stats ?? {}), ...stats };
  for (const key of EMBEDDED) {
    if (Array.isArray(doc[key])) for (const child of doc[key]) if (child && typeof child === "object") stampStats(child, stats);
  }
  return doc;
}

/** Every `<sourceRoot>/<pack>/` becomes LevelDB in `<destRoot>/<pack>/`, through the official CLI, each document stamped. */
export async function compilePacks(sourceRoot = join(root, "packs", "_source"), destRoot = join(dist, "packs"), only = null) {
  if (!existsSync(sourceRoot)) return [];
  const stats = await packStats();
  const packs = [];
  for (const name of (await readdir(sourceRoot)).sort()) {
    if (only && !only.includes(name)) continue;
    if (!(await stat(join(sourceRoot, name))).isDirectory()) continue;
    await compilePack(join(sourceRoot, name), join(destRoot, name), {
      yaml: true, recursive: true, log: false, transformEntry: (doc) => { stampStats(doc, stats); },
    });
    packs.push(name);
  }
  return packs;
}

async function checkManifestPacks(compiled) {
  const manifest = JSON.parse(await readFile(join(root, "system.json"), "utf8"));
  const missing = manifest.packs.map((p) => p.name).filter((name) => !compiled.includes(name));
  if (missing.length) throw new Error(`system.json declares packs with no sources in packs/_source/: ${missing.join(", ")}`);
}

async function listFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path)));
    else out.push(path);
  }
  return out;
}

/**
 * The bundle's script files: the entry system.json lists (one ES module, no chunks). One the
 * build did not write fails the build here, not at the table.
 */
export async function bundleFiles(distDir = dist) {
  const manifest = JSON.parse(await readFile(join(root, "system.json"), "utf8"));
  for (const file of manifest.esmodules) {
    if (!existsSync(join(distDir, file))) throw new Error(`system.json loads ${file}, which the build did not write`);
  }
  return [...manifest.esmodules].sort();
}

/** The zip holds exactly what Foundry installs, with system.json at its root. */
export async function writeZip(distDir = dist) {
  const zipPath = join(distDir, "clockwork.zip");
  await rm(zipPath, { force: true });
  const files = (await listFiles(distDir)).filter((f) => !f.endsWith(".zip")).sort();
  const names = new Set(files.map((f) => relative(distDir, f).split("\\").join("/")));
  const missing = (await bundleFiles(distDir)).filter((f) => !names.has(f));
  if (missing.length) throw new Error(`not in the zip: ${missing.join(", ")}`);
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addFile(file, relative(distDir, file).split("\\").join("/"));
  zip.end();
  await new Promise((resolve, reject) => {
    zip.outputStream.pipe(createWriteStream(zipPath)).on("close", resolve).on("error", reject);
  });
  return files.length;
}

/** The Token Action HUD companion module, a second package built from modules/ (never inside clockwork.zip). */
export const MODULE_ID = "token-action-hud-clockwork";
const moduleRoot = join(root, "modules", MODULE_ID);

/**
 * The module's manifest as released: its version and download follow the system's release, and it
 * requires at least that system version (the public API it calls).
 */
export async function moduleManifest() {
  const manifest = JSON.parse(await readFile(join(moduleRoot, "module.json"), "utf8"));
  const system = JSON.parse(await readFile(join(root, "system.json"), "utf8"));
  manifest.version = system.version;
  manifest.download = manifest.download.replace(/\/v[^/]+\/([^/]+)$/, `/v${system.version}/$1`);
  for (const rel of manifest.relationships?.systems ?? []) {
    if (rel.id === system.id) rel.compatibility = { ...(rel.compatibility ?? {}), minimum: system.version };
  }
  return manifest;
}

/** Every file the module zip holds, by its name in the zip: module.json at the root, its scripts and languages, the licence. */
export async function moduleFiles() {
  const manifest = await moduleManifest();
  const files = new Map();
  for (const file of await listFiles(moduleRoot)) {
    const name = relative(moduleRoot, file).split("\\").join("/");
    if (name !== "module.json") files.set(name, file);
  }
  files.set("LICENSE", join(root, "LICENSE"));
  for (const path of [...manifest.esmodules, ...manifest.languages.map((l) => l.path)]) {
    if (!files.has(path)) throw new Error(`${MODULE_ID}/module.json loads ${path}, which is not in modules/${MODULE_ID}`);
  }
  return { manifest, files };
}

/** Writes `<distDir>/token-action-hud-clockwork.zip` (a .zip: the system's zip skips it). */
export async function writeModuleZip(distDir = dist) {
  const zipPath = join(distDir, `${MODULE_ID}.zip`);
  await rm(zipPath, { force: true });
  const { manifest, files } = await moduleFiles();
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), "module.json");
  for (const [name, file] of [...files].sort(([a], [b]) => a.localeCompare(b))) zip.addFile(file, name);
  zip.end();
  await new Promise((resolve, reject) => {
    zip.outputStream.pipe(createWriteStream(zipPath)).on("close", resolve).on("error", reject);
  });
  return files.size + 1;
}

/**
 * Setting modules (docs/settings.md): data-only packages under modules/ that ship compendium packs
 * for ClockWork (their YAML sources in `modules/<id>/packs/_source/`). Each is built into its own
 * zip, never inside clockwork.zip.
 */
export async function settingModuleIds(modulesRoot = join(root, "modules")) {
  const ids = [];
  for (const entry of (await readdir(modulesRoot, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory() && existsSync(join(modulesRoot, entry.name, "packs", "_source"))) ids.push(entry.name);
  }
  return ids;
}

/** A setting module's manifest as released: its version and download follow the system's release, like the HUD module's. */
export async function settingModuleManifest(id, modulesRoot = join(root, "modules")) {
  const manifest = JSON.parse(await readFile(join(modulesRoot, id, "module.json"), "utf8"));
  const system = JSON.parse(await readFile(join(root, "system.json"), "utf8"));
  if (manifest.id !== id) throw new Error(`modules/${id}/module.json has the id "${manifest.id}"; a module's folder is named by its id`);
  if (!(manifest.relationships?.systems ?? []).some((rel) => rel.id === system.id)) {
    throw new Error(`modules/${id}/module.json does not name the system "${system.id}" in relationships.systems`);
  }
  manifest.version = system.version;
  if (manifest.download) manifest.download = manifest.download.replace(/\/v[^/]+\/([^/]+)$/, `/v${system.version}/$1`);
  // It needs at least the release that reads setting declarations (and whose lists its packs use).
  for (const rel of manifest.relationships.systems) {
    if (rel.id === system.id) rel.compatibility = { ...(rel.compatibility ?? {}), minimum: system.version };
  }
  return manifest;
}

/**
 * Writes `<distDir>/<id>.zip`: module.json at the root, its language files, its packs compiled
 * to LevelDB (`packs/<name>/`, from `packs/_source/<name>/`, stamped like the system's), and the
 * licence. The YAML sources stay in the repository. Returns the names in the zip.
 */
export async function writeSettingModuleZip(id, distDir = dist, modulesRoot = join(root, "modules")) {
  const moduleDir = join(modulesRoot, id);
  const manifest = await settingModuleManifest(id, modulesRoot);
  const declared = (manifest.packs ?? []).map((p) => p.name);
  const work = await mkdtemp(join(tmpdir(), `${id}-packs-`));
  try {
    const compiled = await compilePacks(join(moduleDir, "packs", "_source"), join(work, "packs"));
    const missing = declared.filter((name) => !compiled.includes(name));
    if (missing.length) throw new Error(`${id}/module.json declares packs with no sources in packs/_source/: ${missing.join(", ")}`);
    const undeclared = compiled.filter((name) => !declared.includes(name));
    if (undeclared.length) throw new Error(`${id}/packs/_source/ has packs module.json does not declare: ${undeclared.join(", ")}`);
    const files = new Map([["LICENSE", join(root, "LICENSE")]]);
    for (const language of manifest.languages ?? []) {
      if (!existsSync(join(moduleDir, language.path))) throw new Error(`${id}/module.json loads ${language.path}, which is not in modules/${id}`);
      files.set(language.path, join(moduleDir, language.path));
    }
    for (const file of await listFiles(join(work, "packs"))) files.set(`packs/${relative(join(work, "packs"), file).split("\\").join("/")}`, file);
    const zipPath = join(distDir, `${id}.zip`);
    await rm(zipPath, { force: true });
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), "module.json");
    for (const [name, file] of [...files].sort(([a], [b]) => a.localeCompare(b))) zip.addFile(file, name);
    zip.end();
    await new Promise((resolve, reject) => {
      zip.outputStream.pipe(createWriteStream(zipPath)).on("close", resolve).on("error", reject);
    });
    return ["module.json", ...[...files.keys()].sort()];
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// Run as a script (npm run build); tests import the functions above.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await copyStatic();
  const packs = await compilePacks();
  await checkManifestPacks(packs);
  const modules = await bundleFiles();
  const count = await writeZip();
  console.log(`dist/: ${modules.length} script file, ${packs.length} packs compiled, ${count} files zipped into dist/clockwork.zip`);
  const moduleCount = await writeModuleZip();
  console.log(`dist/: ${moduleCount} files zipped into dist/${MODULE_ID}.zip`);
  for (const id of await settingModuleIds()) {
    const names = await writeSettingModuleZip(id);
    console.log(`dist/: ${names.length} files zipped into dist/${id}.zip (setting module)`);
  }
}
