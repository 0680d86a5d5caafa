/**
 * `createWorld` for tests that run under happy-dom. There the global URL class is happy-dom's,
 * which resolves `new URL(rel, import.meta.url)` against http://localhost, so the node entry's
 * file reads fail; this builds the same world from file paths instead.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sourceEntry } from "../index";
import { systemPackSources } from "../pack-sources";
import { World, type UserSpec } from "../world";
import type { PackSource } from "../packs";
import type { WorldModuleSpec } from "../modules";
import type { SystemInfo } from "../client";
import { seedActors } from "../browser/seed";
import { setTransitionTimeout } from "./registry";

const ROOT = join(import.meta.dirname, "..", "..", "..");

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(join(ROOT, path), "utf8")) as T;
}

export interface DomWorldOptions {
  users?: UserSpec[];
  profile?: "v13" | "v14";
  extraPacks?: PackSource[];
  /** Setting modules (and others) installed in the world, as createWorld takes them. */
  modules?: WorldModuleSpec[];
  /**
   * A closing window's transition wait (core: up to 1000 ms); tests use 10 ms by default and
   * still wait for the close (the returned promise, the "close" event or `world.settle()`).
   */
  transitionMs?: number;
}

export async function createDomWorld({ transitionMs = 10, ...options }: DomWorldOptions = {}): Promise<World> {
  setTransitionTimeout(transitionMs);
  const manifest = readJson<SystemInfo>("system.json");
  const { extraPacks = [], ...rest } = options;
  return World.create({
    ...rest,
    packs: [...systemPackSources(), ...extraPacks],
    system: { id: manifest.id, title: manifest.title, version: manifest.version, documentTypes: manifest.documentTypes },
    translations: readJson("lang/en.json"),
    entry: sourceEntry,
  });
}

/**
 * A fresh page with a DOM world holding the browser seed's actors (Ada owned by Alice, Bo by
 * Bob, the NPCs the GM's), settled: the starting point of the sheet and dialog tests.
 */
export async function createSeededDomWorld(options: Omit<DomWorldOptions, "users"> = {}): Promise<World> {
  document.body.innerHTML = "";
  const world = await createDomWorld(options);
  await world.seed("Actor", seedActors({ alice: world.player("Alice").user.id as string, bob: world.player("Bob").user.id as string }));
  await world.settle();
  return world;
}
