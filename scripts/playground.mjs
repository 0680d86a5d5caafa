// `npm run playground`: the system in a browser without Foundry. Starts the test world's browser
// host (tests/world/browser/) as a local Vite dev server on 127.0.0.1 and prints its address.
//
//   npm run playground                      the built system from dist/ (built first when missing)
//   npm run playground -- --build           build first, even when dist/ exists
//   npm run playground -- --src             the sources instead (edits reload the page)
//   npm run playground -- --port 8080       another port (the next free one is taken when busy; 0: any)
//   npm run playground -- --state FILE      keep the world in FILE (default .playground/world.json)
//   npm run playground -- --module FOLDER   also install and activate the setting module in FOLDER
//                                           (its module.json, lang/ and packs: YAML under packs/_source/,
//                                           else its compiled packs); repeat for several (docs/settings.md)
//
// Every tab open at the address is one user of the same world, live (the GM in one, Alice in
// another). The server keeps the world in the state file, so a reload or a restart loses nothing;
// "Reset world" in the toolbar starts it again for every tab. The server listens on 127.0.0.1
// only and stops on Ctrl-C (SIGINT) or SIGTERM. Nothing leaves the machine. See docs/playground.md.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const HOST_CONFIG = join(ROOT, "tests", "world", "browser", "vite.config.ts");
/** What the build reads; a file here newer than the build means dist/ is out of date. */
const SOURCES = ["src", "templates", "styles", "lang", "assets", join("packs", "_source"), "system.json"];
const USERS = ["Gamemaster", "Alice", "Bob"];
/** Where the shared world is kept between runs (gitignored). */
export const DEFAULT_STATE = join(ROOT, ".playground", "world.json");

export function parseArgs(argv) {
  const options = { build: false, src: false, port: 5317, help: false, state: DEFAULT_STATE, modules: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--build") options.build = true;
    else if (arg === "--src") options.src = true;
    else if (arg === "--help" || arg === "-h") options.help = true;
    else if (arg === "--state" || arg.startsWith("--state=")) {
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
      if (!value) throw new Error("--state needs a file name");
      options.state = resolve(value);
    }
    else if (arg === "--module" || arg.startsWith("--module=")) {
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
      if (!value || value.startsWith("--")) throw new Error("--module needs a folder (the one holding module.json)");
      const folder = resolve(value);
      if (!options.modules.includes(folder)) options.modules.push(folder);
    }
    else if (arg === "--port" || arg.startsWith("--port=")) {
      const value = arg.includes("=") ? arg.split("=")[1] : argv[++i];
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port needs a number from 0 to 65535, not "${value}"`);
      options.port = port;
    } else throw new Error(`Unknown option "${arg}" (try --help)`);
  }
  return options;
}

/**
 * Each `--module` folder's manifest, checked before the server starts: a folder without a readable
 * module.json, or one for another system, stops the playground with a sentence saying so.
 */
export function readModules(folders, root = ROOT) {
  const system = JSON.parse(readFileSync(join(root, "system.json"), "utf8")).id;
  const seen = new Map();
  return folders.map((folder) => {
    const file = join(folder, "module.json");
    if (!existsSync(file)) throw new Error(`--module ${folder}: no module.json there (give the module's own folder)`);
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(`--module ${folder}: module.json is not valid JSON (${error.message})`, { cause: error });
    }
    if (typeof manifest.id !== "string" || !manifest.id) throw new Error(`--module ${folder}: module.json has no "id"`);
    if (!(manifest.relationships?.systems ?? []).some((rel) => rel?.id === system)) {
      throw new Error(`--module ${folder}: module.json does not name the system "${system}" in relationships.systems`);
    }
    if (seen.has(manifest.id)) throw new Error(`--module ${folder}: the module "${manifest.id}" is already given (${seen.get(manifest.id)})`);
    seen.set(manifest.id, folder);
    return { id: manifest.id, title: manifest.title ?? manifest.id, folder, packs: (manifest.packs ?? []).length };
  });
}

/** The files a usable build has: the manifest, its bundle and the compiled packs. */
export function missingBuildFiles(root = ROOT) {
  const dist = join(root, "dist");
  const manifestPath = join(dist, "system.json");
  if (!existsSync(manifestPath)) return ["dist/system.json"];
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const wanted = [...(manifest.esmodules ?? []), ...(manifest.styles ?? []), "templates", ...(manifest.packs ?? []).map((p) => p.path)];
  return wanted.filter((path) => !existsSync(join(dist, path))).map((path) => `dist/${path}`);
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let time = 0;
  for (const entry of readdirSync(path)) time = Math.max(time, newest(join(path, entry)));
  return time;
}

/** The source folders changed since the last build (empty when dist/ is up to date). */
export function staleSources(root = ROOT) {
  const built = join(root, "dist", "system.json");
  if (!existsSync(built)) return [];
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.filter((path) => newest(join(root, path)) > builtAt);
}

/** What to do before serving: build (and why), or serve with a warning about what is newer. */
export function plan(options, root = ROOT) {
  if (options.src) return { build: false, reason: null, stale: [] };
  const missing = missingBuildFiles(root);
  if (options.build) return { build: true, reason: "--build", stale: [] };
  if (missing.length) return { build: true, reason: `dist/ is incomplete (${missing.slice(0, 3).join(", ")}${missing.length > 3 ? ", …" : ""})`, stale: [] };
  return { build: false, reason: null, stale: staleSources(root) };
}

function runBuild() {
  return new Promise((resolvePromise, reject) => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const child = spawn(npm, ["run", "build"], { cwd: ROOT, stdio: "inherit", shell: process.platform === "win32" });
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolvePromise() : reject(new Error(`npm run build failed (${signal ?? `exit code ${code}`})`))));
  });
}

function banner(url, options, stale, modules = []) {
  const base = url.replace(/\/$/, "");
  const lines = [
    "",
    `  ClockWork playground: ${base}/`,
    "",
    ...USERS.map((user) => `    as ${user.padEnd(11)} ${base}/?user=${user}`),
    "",
    "  Every tab is one user of the same world, live: open the address twice, the GM in one tab",
    "  and Alice in the other.",
    `  The world is kept in ${relative(ROOT, options.state) || options.state}; "Reset world" (toolbar) starts it again.`,
    options.src
      ? "  Serving the sources (src/, templates/, styles/, packs/_source/); edits reload the page."
      : "  Serving the build in dist/ (compendia read from the compiled packs in dist/packs).",
  ];
  for (const module of modules) {
    lines.push(`  Setting module: ${module.title} (${module.id}, ${module.packs} pack${module.packs === 1 ? "" : "s"}) from ${relative(ROOT, module.folder) || module.folder}.`);
  }
  if (stale.length) {
    lines.push(`  Note: ${stale.join(", ")} changed after the last build; the page shows the last build.`,
      "        Restart with --build to rebuild first, or --src to serve the sources.");
  }
  lines.push("  Listening on 127.0.0.1 only. Press Ctrl-C to stop.", "");
  return lines.join("\n");
}

export async function main(argv = process.argv.slice(2)) {
  const options = parseArgs(argv);
  if (options.help) {
    console.log(readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").filter((l) => l.startsWith("//")).map((l) => l.slice(3)).join("\n"));
    return null;
  }
  const modules = readModules(options.modules);
  const steps = plan(options);
  if (steps.build) {
    console.log(`ClockWork playground: building first: ${steps.reason}.`);
    await runBuild();
  }
  // The host's configuration reads these (tests/world/browser/vite.config.ts).
  process.env.CLOCKWORK_HOST_SYSTEM = options.src ? "source" : "built";
  process.env.CLOCKWORK_HOST_SEED = "starter";
  process.env.CLOCKWORK_HOST_STATE = options.state;
  process.env.CLOCKWORK_HOST_MODULES = JSON.stringify(modules.map((m) => m.folder));
  const { createServer } = await import("vite");
  const server = await createServer({
    configFile: HOST_CONFIG,
    server: { host: "127.0.0.1", port: options.port, strictPort: false, ...(options.src ? {} : { hmr: false, watch: null }) },
  });
  // Vite stops on SIGTERM (and on stdin closing) by itself; this script owns shutdown instead, so
  // Ctrl-C and SIGTERM both close the server the same way and say so.
  for (const listener of process.listeners("SIGTERM")) process.off("SIGTERM", listener);
  for (const listener of process.stdin.listeners("end")) process.stdin.off("end", listener);
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nClockWork playground: ${signal}, stopping.`);
    try {
      await server.close();
      console.log("ClockWork playground: stopped.");
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  await server.listen();
  const url = server.resolvedUrls?.local?.[0];
  if (!url) throw new Error("the playground server did not start");
  console.log(banner(url, options, steps.stale, modules));

  return { server, url };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`ClockWork playground: ${error?.message ?? error}`);
    process.exit(1);
  });
}
