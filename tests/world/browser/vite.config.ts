/**
 * The browser host of the test world: one page, one client, the system's real code, CSS,
 * templates and compendium packs. The Chromium end-to-end tests (tests/e2e/) serve it from the
 * sources; the playground (`npm run playground`, scripts/playground.mjs) serves the built system.
 * Serves on 127.0.0.1 only.
 *
 * Two ways to serve the system (`HostOptions.system`):
 * - "source": `src/clockwork.ts` through Vite (edits reload the page), templates, styles, lang
 *   and system.json from the repository, packs parsed from the YAML under packs/_source/;
 * - "built": what Foundry would install, from dist/: the bundle, its templates and styles, its
 *   system.json and lang, and the packs read from the COMPILED LevelDB packs in dist/packs with
 *   the official CLI (@foundryvtt/foundryvtt-cli `extractPack`, nothing written to disk).
 *
 * What the plugin adds to Vite:
 * - `virtual:clockwork-packs`: every pack as the world's PackSource plus its folders; packs a
 *   fork added without declaring them in system.json are included (and flagged);
 * - `virtual:clockwork-host`: the host's options, the served system.json and translations;
 * - `/systems/clockwork/*` served from the system's root (the repository or dist/), as Foundry
 *   serves an installed system: templates are fetched there, pack images point there;
 * - `/icons/*`: small stand-in SVGs for Foundry's core icons, which are not ours to ship;
 * - setting modules (`modules`: folders, the playground's `--module`): each one's manifest, English
 *   strings and packs (YAML under `packs/_source/`, else its compiled packs) go to the page and the
 *   world as an installed, active module; its files are served at `/modules/<id>/*`;
 * - the one shared world (tests/world/hub.ts) every open tab is a client of, over a WebSocket at
 *   `/__clockwork/world`, kept in `state` (a JSON file) when given.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import type { Duplex } from "node:stream";
import { defineConfig, type Plugin, type UserConfig, type ViteDevServer } from "vite";
import { parse } from "yaml";
import type { HubOptions, WorldHub } from "../hub";
import type { Channel } from "../wire";
import type { SocketServer } from "./socket";

const HERE = import.meta.dirname;
export const REPO = join(HERE, "..", "..", "..");
const PACKS_VIRTUAL = "virtual:clockwork-packs";
const HOST_VIRTUAL = "virtual:clockwork-host";

export interface HostOptions {
  /** Serve the sources (default) or the build in dist/. */
  system?: "source" | "built";
  /** The world a fresh page starts with: the test fixtures (default) or the starter kit. */
  seed?: "fixtures" | "starter";
  /** Port to try first (the next free one is taken when it is busy; 0: any free port). */
  port?: number;
  /** The build folder "built" serves (default: the repository's dist/; the browser benchmark compares two). */
  dist?: string;
  /** The JSON file the shared world is kept in (the playground's); none: in memory only (the e2e tests). */
  state?: string | null;
  /** Folders of setting modules to install and activate in the world (the playground's `--module`). */
  modules?: string[];
}

interface ManifestPack { name: string; label: string; path: string; type: string; ownership?: Record<string, string> }
/** A module.json as the host reads it (type literals, so it is also the world's ModuleManifest). */
type HostModuleManifest = {
  id: string; title?: string; version?: string; flags?: Record<string, unknown>; relationships?: { systems?: { id: string }[] };
  languages?: { lang: string; path: string }[]; esmodules?: string[];
  packs?: { name: string; label: string; path: string; type: string; ownership?: Record<string, string> }[];
};
interface Manifest { id: string; title: string; version: string; styles?: string[]; esmodules?: string[]; languages?: { lang: string; path: string }[]; documentTypes: Record<string, unknown>; packs?: ManifestPack[] }
type Doc = Record<string, unknown>;

/** A folder of a pack, for the sidebar's tree (the world does not model folders). */
export interface PackFolder { _id: string; name: string; folder: string | null; sort: number }

/** One pack as the page receives it: the world's PackSource plus what the sidebar shows. */
export interface HostPackSource {
  name: string;
  label: string;
  type: string;
  system: string;
  ownership?: Record<string, string>;
  documents: Doc[];
  folders: PackFolder[];
  /** False when the pack exists under packs/ but system.json does not list it (Foundry will not load it). */
  declared: boolean;
  /** "module" for a setting module's pack (`system` is then the module's id). */
  packageType?: "system" | "module";
}

/** A setting module as the page and the world install it (tests/world/modules.ts `WorldModuleSpec`). */
export interface HostModule {
  /** Its module.json. */
  manifest: HostModuleManifest;
  /** Its English strings (the file its manifest lists for "en"), merged into the world's. */
  lang: Record<string, unknown>;
  /** Its packs, in module.json's order. */
  packs: HostPackSource[];
  /** The folder it was read from, relative to the repository when inside it. */
  folder: string;
}

export interface LoadedPacks {
  packs: HostPackSource[];
  /** What the page should tell the user (undeclared packs, unreadable packs, fallbacks). */
  warnings: string[];
  /** Where the packs came from: "compiled" (dist/packs) or "yaml" (packs/_source). */
  from: "compiled" | "yaml";
  /** Setting modules installed in the world (the playground's `--module`), with their packs. */
  modules: HostModule[];
}

/** The document types a pack's `_key` names (`!items!<id>`), as the CLI maps them. */
const COLLECTION_TYPES: Record<string, string> = {
  actors: "Actor", items: "Item", journal: "JournalEntry", tables: "RollTable", macros: "Macro", scenes: "Scene",
  cards: "Cards", playlists: "Playlist", adventures: "Adventure",
};
/** Pack types the test world can hold. */
const WORLD_TYPES = new Set(["Actor", "Item", "JournalEntry"]);
const DEFAULT_OWNERSHIP = { PLAYER: "OBSERVER", ASSISTANT: "OWNER" };

function readManifest(root: string): Manifest {
  return JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as Manifest;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

function collectionOf(doc: Doc): string {
  return String(doc?._key ?? "").split("!")[1] ?? "";
}

function titleCase(name: string): string {
  return name.split(/[-_\s]+/).filter(Boolean).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

/**
 * Splits a pack's documents into primary documents and folders, and gives it its manifest entry
 * (or, for an undeclared pack, a label from its folder name and the type of its documents).
 */
function hostPack(name: string, docs: Doc[], manifest: Manifest): HostPackSource | string {
  const declared = manifest.packs?.find((p) => p.name === name);
  const folders = docs.filter((d) => collectionOf(d) === "folders")
    .map((d) => ({ _id: String(d._id), name: String(d.name), folder: (d.folder as string | null) ?? null, sort: Number(d.sort ?? 0) }));
  const documents = docs.filter((d) => collectionOf(d) !== "folders");
  const type = declared?.type ?? COLLECTION_TYPES[collectionOf(documents[0] ?? {})] ?? "Item";
  if (!WORLD_TYPES.has(type)) return `The pack "${name}" holds ${type} documents, which the playground does not show.`;
  return {
    name, label: declared?.label ?? titleCase(name), type, system: manifest.id,
    ownership: declared?.ownership ?? DEFAULT_OWNERSHIP, documents, folders, declared: Boolean(declared),
  };
}

function packOrder(manifest: Manifest, names: string[]): string[] {
  const declared = (manifest.packs ?? []).map((p) => p.name);
  return [...declared.filter((n) => names.includes(n)), ...names.filter((n) => !declared.includes(n)).sort()];
}

function undeclaredWarning(pack: HostPackSource): string[] {
  return pack.declared ? [] : [`The pack "${pack.name}" is not listed in system.json "packs": Foundry will not load it until it is.`];
}

/**
 * Every pack under packs/_source/ from its YAML (folders kept apart), in system.json's order,
 * then the packs a fork added without declaring them.
 */
export function loadSourcePacks(root = REPO): LoadedPacks {
  const manifest = readManifest(root);
  const dir = join(root, "packs", "_source");
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => statSync(join(dir, n)).isDirectory()) : [];
  const warnings: string[] = [];
  const packs: HostPackSource[] = [];
  for (const name of packOrder(manifest, names)) {
    const docs = yamlFiles(join(dir, name)).map((file) => parse(readFileSync(file, "utf8")) as Doc).filter(Boolean);
    const pack = hostPack(name, docs, manifest);
    if (typeof pack === "string") {
      warnings.push(pack);
    } else {
      packs.push(pack);
      warnings.push(...undeclaredWarning(pack));
    }
  }
  for (const declared of manifest.packs ?? []) {
    if (!names.includes(declared.name)) warnings.push(`system.json lists the pack "${declared.name}", but packs/_source/${declared.name}/ does not exist.`);
  }
  return { packs, warnings, from: "yaml", modules: [] };
}

/**
 * Every compiled pack in `<dist>/packs/` (LevelDB, as Foundry reads it), read with the official
 * CLI: `extractPack` hands each document (embedded documents put back in place) to
 * `transformEntry`, which keeps it and returns false, so the CLI writes no file.
 */
export async function loadCompiledPacks(dist = join(REPO, "dist")): Promise<LoadedPacks> {
  const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
  const manifest = readManifest(dist);
  const dir = join(dist, "packs");
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => statSync(join(dir, n)).isDirectory()) : [];
  const warnings: string[] = [];
  const packs: HostPackSource[] = [];
  // The CLI wants a destination; nothing is written there because every entry is kept in memory.
  const nowhere = join(tmpdir(), "clockwork-playground-unused");
  for (const name of packOrder(manifest, names)) {
    const docs: Doc[] = [];
    await extractPack(join(dir, name), nowhere, {
      transformEntry: (doc: Doc) => { docs.push(doc); return false; },
    } as never);
    const pack = hostPack(name, docs, manifest);
    if (typeof pack === "string") {
      warnings.push(pack);
    } else {
      packs.push(pack);
      warnings.push(...undeclaredWarning(pack));
    }
  }
  for (const declared of manifest.packs ?? []) {
    if (!names.includes(declared.name)) warnings.push(`system.json lists the pack "${declared.name}", but dist/packs/${declared.name}/ does not exist (run npm run build).`);
  }
  return { packs, warnings, from: "compiled", modules: [] };
}

/**
 * A setting module from its folder: module.json, its English strings, and each pack its manifest
 * lists, from the YAML under `packs/_source/<name>/` (what an author edits) or else the compiled
 * LevelDB at the pack's `path` (a released module). What is missing or wrong becomes a warning.
 */
export async function loadSettingModule(folder: string): Promise<{ module: HostModule | null; warnings: string[] }> {
  const shown = folder.startsWith(REPO + sep) ? folder.slice(REPO.length + 1) : folder;
  const manifestPath = join(folder, "module.json");
  if (!existsSync(manifestPath)) return { module: null, warnings: [`${shown} has no module.json: not a module folder.`] };
  let manifest: HostModuleManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as HostModuleManifest;
  } catch (error) {
    return { module: null, warnings: [`${shown}/module.json is not valid JSON (${String((error as Error).message)}).`] };
  }
  const warnings: string[] = [];
  const system = readManifest(REPO).id;
  if (!(manifest.relationships?.systems ?? []).some((s) => s.id === system)) {
    warnings.push(`${manifest.id}: module.json does not name "${system}" in relationships.systems, so Foundry would not offer it in a ${system} world.`);
  }
  const langPath = manifest.languages?.find((l) => l.lang === "en")?.path;
  let lang: Record<string, unknown> = {};
  if (langPath && existsSync(join(folder, langPath))) lang = JSON.parse(readFileSync(join(folder, langPath), "utf8")) as Record<string, unknown>;
  else if (langPath) warnings.push(`${manifest.id}: module.json lists ${langPath} for English, which does not exist.`);
  const asModule: Manifest = { id: manifest.id, title: manifest.title ?? manifest.id, version: manifest.version ?? "", documentTypes: {}, packs: manifest.packs };
  const packs: HostPackSource[] = [];
  for (const declared of manifest.packs ?? []) {
    const yamlDir = join(folder, "packs", "_source", declared.name);
    let docs: Doc[] = [];
    if (existsSync(yamlDir)) {
      docs = yamlFiles(yamlDir).map((file) => parse(readFileSync(file, "utf8")) as Doc).filter(Boolean);
    } else if (declared.path && existsSync(join(folder, declared.path))) {
      const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
      await extractPack(join(folder, declared.path), join(tmpdir(), "clockwork-playground-unused"), {
        transformEntry: (doc: Doc) => { docs.push(doc); return false; },
      } as never);
    } else {
      warnings.push(`${manifest.id}: the pack "${declared.name}" has neither packs/_source/${declared.name}/ nor ${declared.path ?? "a path"}.`);
      continue;
    }
    const pack = hostPack(declared.name, docs, asModule);
    if (typeof pack === "string") warnings.push(`${manifest.id}: ${pack}`);
    else packs.push({ ...pack, packageType: "module" });
  }
  return { module: { manifest, lang, packs, folder: shown }, warnings };
}

/** Every setting module of the host, in the order given. */
export async function loadSettingModules(folders: string[]): Promise<{ modules: HostModule[]; warnings: string[] }> {
  const modules: HostModule[] = [];
  const warnings: string[] = [];
  for (const folder of folders) {
    const loaded = await loadSettingModule(folder);
    warnings.push(...loaded.warnings);
    if (loaded.module && modules.some((m) => m.manifest.id === loaded.module!.manifest.id)) warnings.push(`The module "${loaded.module.manifest.id}" is given twice; the first is kept.`);
    else if (loaded.module) modules.push(loaded.module);
  }
  return { modules, warnings };
}

const TYPES: Record<string, string> = {
  ".hbs": "text/plain", ".html": "text/html", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml",
  ".webp": "image/webp", ".png": "image/png", ".jpg": "image/jpeg", ".woff2": "font/woff2", ".mjs": "text/javascript",
  ".js": "text/javascript",
};

/** Simple shapes for the core icons the packs use most; anything else gets its initial. */
const ICON_SHAPES: Record<string, string> = {
  "mystery-man": `<circle cx="32" cy="22" r="11"/><path d="M12 56c0-12 9-20 20-20s20 8 20 20z"/>`,
  sword: `<path d="M46 8h10v10L28 46l-4-4z"/><path d="M14 40l10 10-4 4-3-3-6 6-4-4 6-6-3-3z"/>`,
  upgrade: `<path d="M32 8 52 30H40v24H24V30H12z"/>`,
  target: `<circle cx="32" cy="32" r="22" fill="none" stroke="#eadfc8" stroke-width="5"/><circle cx="32" cy="32" r="8"/>`,
  shield: `<path d="M32 6 54 14v16c0 14-10 24-22 28C20 54 10 44 10 30V14z"/>`,
  "item-bag": `<path d="M22 16h20l-4 8h-12z"/><path d="M18 26h28c6 8 8 16 8 22 0 6-4 10-10 10H20c-6 0-10-4-10-10 0-6 2-14 8-22z"/>`,
  book: `<path d="M12 10h18c2 0 2 2 2 2v42c0-2-2-4-4-4H12z"/><path d="M52 10H34s-2 0-2 2v42c0-2 2-4 4-4h16z"/>`,
  gun: `<path d="M6 22h50v8H26l-4 18h-9l3-18H6z"/>`,
  axe: `<path d="M30 10h5v46h-5z"/><path d="M35 12c12 0 20 6 20 16s-8 16-20 16z"/>`,
  potion: `<path d="M26 8h12v6h-2v10c8 3 12 9 12 17 0 10-7 16-16 16s-16-6-16-16c0-8 4-14 12-17V14h-2z"/>`,
  spark: `<path d="M32 6l6 18 18 8-18 8-6 18-6-18-18-8 18-8z"/>`,
  ring: `<circle cx="32" cy="38" r="16" fill="none" stroke="#eadfc8" stroke-width="6"/><path d="M26 8h12l4 8-10 8-10-8z"/>`,
};

/** Core's icon folders, each drawn with the nearest shape above. */
const FOLDER_SHAPES: [RegExp, string][] = [
  [/\/guns\//, "gun"], [/\/(swords|polearms|daggers|sickles)\//, "sword"], [/\/axes\//, "axe"], [/\/(chest|head|shields)\//, "shield"],
  [/\/(potions|laboratory)\//, "potion"], [/\/magic\//, "spark"], [/\/(books|sundries)\//, "book"], [/\/(finger|neck)\//, "ring"],
];

function iconStandIn(path: string): string {
  const name = (path.split("/").pop() ?? "?").replace(/\.[a-z0-9]+$/, "");
  const folder = FOLDER_SHAPES.find(([pattern]) => pattern.test(path))?.[1];
  const shape = ICON_SHAPES[name] ?? (folder ? ICON_SHAPES[folder] : null);
  const body = shape ?? `<text x="32" y="43" font-size="30" font-family="sans-serif" text-anchor="middle">${name.charAt(0).toUpperCase()}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#4b4034"/><g fill="#eadfc8">${body}</g></svg>`;
}

/**
 * The one world every tab is a client of (tests/world/hub.ts), loaded through Vite's SSR loader
 * (the world's TypeScript, in Node) when the server starts listening, with the packs the page
 * gets. Each tab connects a WebSocket at WORLD_SOCKET_PATH; closing the server saves the world
 * and ends the sockets first.
 */
function hostWorld(server: ViteDevServer, state: string | null, loadPacks: () => Promise<LoadedPacks>): void {
  const http = server.httpServer;
  if (!http) return;
  interface Hosted { hub: WorldHub; sockets: SocketServer; Channel: typeof Channel; path: string }
  const load = <T>(file: string) => server.ssrLoadModule(join(HERE, file)) as Promise<T>;
  let hosted: Promise<Hosted> | null = null;
  const start = () => (hosted ??= (async () => {
    const [{ WorldHub: Hub }, socket, wire, loaded] = await Promise.all([
      load<{ WorldHub: new (options: HubOptions) => WorldHub }>("../hub.ts"),
      load<{ SocketServer: new () => SocketServer }>("./socket.ts"),
      load<{ Channel: typeof Channel; WORLD_SOCKET_PATH: string }>("../wire.ts"),
      loadPacks(),
    ]);
    // A setting module's packs are the world's too, as `<moduleId>.<pack>` (tests/world/modules.ts).
    const packs = [...loaded.packs, ...loaded.modules.flatMap((m) => m.packs)];
    return { hub: new Hub({ state, packs }), sockets: new socket.SocketServer(), Channel: wire.Channel, path: wire.WORLD_SOCKET_PATH };
  })());
  http.once("listening", () => void start().catch((error: unknown) => console.error(`ClockWork | the shared world did not start: ${String((error as Error)?.stack ?? error)}`)));
  http.on("upgrade", (req: IncomingMessage, socket: Duplex) => {
    // Vite's own socket has its own protocol; this one is the world's (WORLD_SOCKET_PATH in wire.ts).
    if (req.headers["sec-websocket-protocol"] || !(req.url ?? "").startsWith("/__clockwork/")) return;
    void start().then(({ hub, sockets, Channel: Link, path }) => {
      if ((req.url ?? "").split("?")[0] !== path) return void socket.destroy();
      sockets.upgrade(req, socket, (peer) => {
        // The tab's messages wait in the channel until the hub listens.
        const channel = new Link((text) => peer.send(text), () => peer.close());
        hub.attach(channel);
        return { message: (text) => channel.deliver(text), closed: () => channel.ended() };
      });
    }, () => socket.destroy());
  });
  const close = server.close.bind(server);
  server.close = async () => {
    if (hosted) await hosted.then(({ hub, sockets }) => { hub.close(); sockets.close(); }, () => undefined);
    return close();
  };
}

/** A module folder's id (its module.json's), or "" when it has none. */
function moduleId(folder: string): string {
  try {
    return String((JSON.parse(readFileSync(join(folder, "module.json"), "utf8")) as { id?: unknown }).id ?? "");
  } catch {
    return "";
  }
}

function clockworkWorld(options: Required<Omit<HostOptions, "port" | "dist" | "state">> & { dist?: string; state: string | null }): Plugin {
  const systemRoot = options.system === "built" ? (options.dist ?? join(REPO, "dist")) : REPO;
  let packs: Promise<LoadedPacks> | null = null;
  // The system's packs, then the setting modules' (read again each time: an author's edits show on reload).
  const loadPacks = async (): Promise<LoadedPacks> => {
    const [loaded, setting] = await Promise.all([systemPacks(), loadSettingModules(options.modules)]);
    return { ...loaded, modules: setting.modules, warnings: [...loaded.warnings, ...setting.warnings] };
  };
  const systemPacks = (): Promise<LoadedPacks> => {
    if (options.system === "source") return Promise.resolve(loadSourcePacks());
    packs ??= loadCompiledPacks(systemRoot).catch((error: unknown) => {
      // A compiled pack can be locked by another reader (LevelDB allows one): show the sources.
      const fallback = loadSourcePacks();
      fallback.warnings.unshift(`The compiled packs in dist/packs could not be read (${String((error as Error)?.message ?? error)}); showing packs/_source instead.`);
      return fallback;
    });
    return packs;
  };
  return {
    name: "clockwork-world",
    resolveId(id) {
      if (id === PACKS_VIRTUAL || id === HOST_VIRTUAL) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (id === `\0${PACKS_VIRTUAL}`) {
        const result = await loadPacks();
        for (const warning of result.warnings) console.warn(`ClockWork | ${warning}`);
        return `export default ${JSON.stringify(result)};`;
      }
      if (id === `\0${HOST_VIRTUAL}`) {
        const manifest = readManifest(systemRoot);
        const lang = manifest.languages?.find((l) => l.lang === "en")?.path ?? "lang/en.json";
        const translations = JSON.parse(readFileSync(join(systemRoot, lang), "utf8")) as unknown;
        return [
          `export const host = ${JSON.stringify({ system: options.system, seed: options.seed })};`,
          `export const manifest = ${JSON.stringify(manifest)};`,
          `export const translations = ${JSON.stringify(translations)};`,
        ].join("\n");
      }
      return null;
    },
    configureServer(server) {
      hostWorld(server, options.state, loadPacks);
      // Sources: a changed pack, manifest or translation reloads the page with it.
      if (options.system === "source") {
        const watched = [join(REPO, "packs", "_source"), join(REPO, "system.json"), join(REPO, "lang"), ...options.modules];
        server.watcher.add(watched);
        server.watcher.on("change", (file) => {
          if (!watched.some((path) => file.startsWith(path))) return;
          for (const id of [PACKS_VIRTUAL, HOST_VIRTUAL]) {
            const module = server.moduleGraph.getModuleById(`\0${id}`);
            if (module) server.moduleGraph.invalidateModule(module);
          }
          server.ws.send({ type: "full-reload" });
        });
      }
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url ?? "").split("?")[0]);
        if (url.startsWith("/icons/")) {
          res.setHeader("Content-Type", "image/svg+xml");
          res.setHeader("Cache-Control", "max-age=3600");
          res.end(iconStandIn(url));
          return;
        }
        // A setting module's own files (images, a declaration file), where Foundry serves an installed module's.
        const settingModule = /^\/modules\/([^/]+)\//.exec(url);
        const folder = settingModule ? options.modules.find((m) => moduleId(m) === settingModule[1]) : undefined;
        if (folder) {
          const file = normalize(join(folder, url.slice(settingModule![0].length)));
          if (!file.startsWith(folder + sep) || /node_modules|\.git/.test(file) || !existsSync(file)) {
            res.statusCode = 404;
            res.end("not found");
            return;
          }
          res.setHeader("Content-Type", TYPES[extname(file)] ?? "application/octet-stream");
          res.setHeader("Cache-Control", "no-store");
          res.end(readFileSync(file));
          return;
        }
        if (!url.startsWith("/systems/clockwork/")) return next();
        const file = normalize(join(systemRoot, url.slice("/systems/clockwork/".length)));
        if (!file.startsWith(systemRoot + sep) || /node_modules|\.git/.test(file)) return next();
        try {
          const body = readFileSync(file);
          res.setHeader("Content-Type", TYPES[extname(file)] ?? "application/octet-stream");
          res.setHeader("Cache-Control", "no-store");
          res.end(body);
        } catch {
          res.statusCode = 404;
          res.end("not found");
        }
      });
    },
  };
}

/** The Vite configuration of the host (the e2e tests use the default; the playground passes its options). */
export function hostConfig(options: HostOptions = {}): UserConfig {
  const resolved = { system: options.system ?? "source", seed: options.seed ?? "fixtures", dist: options.dist, state: options.state ?? null, modules: options.modules ?? [] };
  return {
    root: HERE,
    publicDir: false,
    clearScreen: false,
    logLevel: "warn",
    preview: { host: "127.0.0.1" },
    // The one bare dependency the page imports, prebundled up front: no discovery, so no
    // mid-test "optimized dependencies changed" reload.
    optimizeDeps: { include: ["handlebars"], noDiscovery: true },
    server: {
      host: "127.0.0.1", port: options.port ?? 5317, strictPort: false, fs: { allow: [REPO, ...(options.dist ? [options.dist] : []), ...resolved.modules] },
      warmup: { clientFiles: ["./main.ts"] },
    },
    plugins: [clockworkWorld(resolved)],
  };
}

/**
 * The default: sources and fixtures (the e2e tests). scripts/playground.mjs sets
 * CLOCKWORK_HOST_SYSTEM=built|source and CLOCKWORK_HOST_SEED=starter before loading this file;
 * scripts/bench-browser.mjs also CLOCKWORK_HOST_DIST (the build folder to serve); the playground
 * CLOCKWORK_HOST_STATE (the file its world is kept in) and CLOCKWORK_HOST_MODULES (a JSON list of
 * setting module folders, its `--module`).
 */
export default defineConfig(() => hostConfig({
  system: process.env.CLOCKWORK_HOST_SYSTEM === "built" ? "built" : "source",
  seed: process.env.CLOCKWORK_HOST_SEED === "starter" ? "starter" : "fixtures",
  dist: process.env.CLOCKWORK_HOST_DIST || undefined,
  state: process.env.CLOCKWORK_HOST_STATE || null,
  modules: process.env.CLOCKWORK_HOST_MODULES ? (JSON.parse(process.env.CLOCKWORK_HOST_MODULES) as string[]) : [],
}));
