// Completes `dist/` after the vite bundle: manifest, static files, compiled packs, and the zip.
import { cp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createWriteStream, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import yazl from "yazl";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "dist");
const STATIC_ENTRIES = ["templates", "lang", "styles", "assets", "README.md", "LICENSE"];

async function copyStatic() {
  await cp(join(root, "system.json"), join(dist, "system.json"));
  for (const entry of STATIC_ENTRIES) {
    const from = join(root, entry);
    if (existsSync(from)) await cp(from, join(dist, entry), { recursive: true });
  }
}

/** Every `packs/_source/<pack>/` becomes LevelDB in `dist/packs/<pack>/`, through the official CLI. */
async function compilePacks() {
  const sourceRoot = join(root, "packs", "_source");
  if (!existsSync(sourceRoot)) return [];
  const packs = [];
  for (const name of (await readdir(sourceRoot)).sort()) {
    if (!(await stat(join(sourceRoot, name))).isDirectory()) continue;
    await compilePack(join(sourceRoot, name), join(dist, "packs", name), { yaml: true, recursive: true, log: false });
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

/** The zip holds exactly what Foundry installs, with system.json at its root. */
async function writeZip() {
  const zipPath = join(dist, "clockwork.zip");
  await rm(zipPath, { force: true });
  const files = (await listFiles(dist)).filter((f) => !f.endsWith(".zip")).sort();
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addFile(file, relative(dist, file));
  zip.end();
  await new Promise((resolve, reject) => {
    zip.outputStream.pipe(createWriteStream(zipPath)).on("close", resolve).on("error", reject);
  });
  return files.length;
}

await copyStatic();
const packs = await compilePacks();
await checkManifestPacks(packs);
const count = await writeZip();
console.log(`dist/: ${packs.length} packs compiled, ${count} files zipped into dist/clockwork.zip`);
