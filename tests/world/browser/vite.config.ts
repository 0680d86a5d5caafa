/**
 * The browser host of the test world: one page, one client, the system's real source, CSS,
 * templates and compendium packs. Used by the Chromium end-to-end tests (tests/e2e/) and,
 * later, the playground. Serves on 127.0.0.1 only.
 *
 * What the plugin adds to Vite:
 * - `virtual:clockwork-packs`: every pack of packs/_source/ parsed from YAML, with its
 *   system.json entry (`{ packs: [{ ...manifestEntry, documents }] }`), so a fork's new pack
 *   shows up without code;
 * - `/systems/clockwork/*` served from the repository (templates are fetched there, as Foundry
 *   fetches them, and pack images point there);
 * - `/icons/*`: small stand-in SVGs for Foundry's core icons, which are not ours to ship.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { parse } from "yaml";

const HERE = import.meta.dirname;
const REPO = join(HERE, "..", "..", "..");
const PACKS_VIRTUAL = "virtual:clockwork-packs";

interface ManifestPack { name: string; label: string; path: string; type: string; ownership?: Record<string, string> }
interface PackSourceJson { name: string; label: string; type: string; system: string; ownership?: Record<string, string>; documents: Record<string, unknown>[] }

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

/**
 * Every pack system.json declares, as the world's PackSource (tests/world/packs.ts): manifest
 * fields plus its primary documents (folders left out, as the node loader does).
 */
export function loadPacks(): PackSourceJson[] {
  const manifest = JSON.parse(readFileSync(join(REPO, "system.json"), "utf8")) as { id: string; packs: ManifestPack[] };
  return manifest.packs.map((pack) => {
    const dir = join(REPO, "packs", "_source", pack.name);
    const documents = yamlFiles(dir)
      .map((file) => parse(readFileSync(file, "utf8")) as Record<string, unknown>)
      .filter((doc) => !String(doc?._key ?? "").startsWith("!folders!"));
    return { name: pack.name, label: pack.label, type: pack.type, system: manifest.id, ownership: pack.ownership, documents };
  });
}

const TYPES: Record<string, string> = {
  ".hbs": "text/plain", ".html": "text/html", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml",
  ".webp": "image/webp", ".png": "image/png", ".jpg": "image/jpeg", ".woff2": "font/woff2",
};

/** A neutral square with a glyph: enough to show where core's icon would be. */
function iconStandIn(name: string): string {
  const letter = (name.replace(/\.svg$/, "").split("/").pop() ?? "?").charAt(0).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#5d5142"/><text x="32" y="42" font-size="30" font-family="sans-serif" text-anchor="middle" fill="#eadfc8">${letter}</text></svg>`;
}

function clockworkWorld(): Plugin {
  return {
    name: "clockwork-world",
    resolveId(id) {
      return id === PACKS_VIRTUAL ? `\0${PACKS_VIRTUAL}` : null;
    },
    load(id) {
      if (id !== `\0${PACKS_VIRTUAL}`) return null;
      return `export default ${JSON.stringify(loadPacks())};`;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url ?? "").split("?")[0]);
        if (url.startsWith("/icons/")) {
          res.setHeader("Content-Type", "image/svg+xml");
          res.end(iconStandIn(url));
          return;
        }
        if (!url.startsWith("/systems/clockwork/")) return next();
        const file = normalize(join(REPO, url.slice("/systems/clockwork/".length)));
        if (!file.startsWith(REPO + sep) || /node_modules|\.git/.test(file)) return next();
        try {
          const body = readFileSync(file);
          res.setHeader("Content-Type", TYPES[extname(file)] ?? "application/octet-stream");
          res.end(body);
        } catch {
          res.statusCode = 404;
          res.end("not found");
        }
      });
    },
  };
}

export default defineConfig({
  root: HERE,
  publicDir: false,
  clearScreen: false,
  logLevel: "warn",
  preview: { host: "127.0.0.1" },
  // The one bare dependency the page imports, prebundled up front: no discovery, so no
  // mid-test "optimized dependencies changed" reload.
  optimizeDeps: { include: ["handlebars"], noDiscovery: true },
  server: { host: "127.0.0.1", port: 5317, strictPort: false, fs: { allow: [REPO] }, warmup: { clientFiles: ["./main.ts"] } },
  plugins: [clockworkWorld()],
});
