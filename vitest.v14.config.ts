/**
 * The second CI pass (issue 21 item 3): every test that builds a test world, run with
 * `CLOCKWORK_PROFILE=v14` so each of those worlds is a Foundry v14 one. Tests that build no
 * world (the rules core, pure contexts, pack sources) do not depend on the profile and run once,
 * in the default pass. A file builds a world when it, or a test helper it imports, calls
 * `createWorld`, `createDomWorld`, `createSeededDomWorld` or `loadWorld`.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { defineConfig } from "vitest/config";

const ROOT = dirname(new URL(import.meta.url).pathname);
const BUILDS = /\b(createWorld|createDomWorld|createSeededDomWorld|loadWorld)\s*\(/;
// The world's own entry points define these functions; importing them builds nothing.
const DEFINERS = new Set(["tests/world/index.ts", "tests/world/world.ts", "tests/world/applications/dom-world.ts"]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const seen = new Map<string, boolean>();

/** Whether a test-side module (or what it imports under tests/) builds a world. */
function buildsWorld(path: string): boolean {
  const known = seen.get(path);
  if (known !== undefined) return known;
  seen.set(path, false);
  const rel = relative(ROOT, path);
  let source: string;
  try {
    source = readFileSync(path, "utf8");
  } catch {
    return false;
  }
  let result = !DEFINERS.has(rel) && BUILDS.test(source);
  for (const [, spec] of source.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
    if (result) break;
    const target = resolve(dirname(path), spec);
    if (!relative(ROOT, target).startsWith("tests/")) continue;
    result = [`${target}.ts`, join(target, "index.ts"), target].some((candidate) => candidate.endsWith(".ts") && buildsWorld(candidate));
  }
  seen.set(path, result);
  return result;
}

export const worldTests = files(join(ROOT, "tests"))
  .filter((path) => path.endsWith(".test.ts") && !path.endsWith(".browser.test.ts") && !relative(ROOT, path).startsWith("tests/e2e/"))
  .filter(buildsWorld)
  .map((path) => relative(ROOT, path))
  .sort();

// As vitest.config.ts, with this include list instead of every test.
export default defineConfig({ test: { include: worldTests, environment: "node", maxWorkers: "100%", pool: "threads" } });
