/**
 * The multi-user test world (node entry). Importing it installs the Foundry globals, so import
 * it before any module of `src/`:
 *
 * ```ts
 * import { createWorld } from "../world";
 * const world = await createWorld();                 // GM + Alice + Bob, the system booted on each
 * const alice = world.player("Alice");
 * await world.as(alice, async () => { … game.user is Alice … });
 * ```
 * See README.md for what the world models, with sources, and what it does not.
 */
import { readFileSync } from "node:fs";
import { setScopeResolver } from "./context";
import { nodeResolver } from "./context-node";
import { installGlobals } from "./globals";
import { readSystemTranslations } from "./i18n";
import { systemPackSources } from "./pack-sources";
import type { PackSource } from "./packs";
import { World, defaultProfile, type UserSpec, type WorldCoreOptions, type WorldSnapshot } from "./world";
import type { Profile, SystemInfo } from "./client";

setScopeResolver(nodeResolver);
installGlobals();

export interface WorldOptions {
  users?: UserSpec[];
  /**
   * "v14": game.release.generation 14, core.messageMode (core.rollMode deprecated), Regions and
   * no MeasuredTemplate, v14's ActiveEffect shape, update operators, `{timeout, user}` query
   * options. Default: `CLOCKWORK_PROFILE`, else "v13".
   */
  profile?: Profile;
  /** Load the system's compendium packs from packs/_source (default true), or give them. */
  packs?: boolean | PackSource[];
  /** Boot the system (import src/clockwork.ts and run its hooks; default true). */
  system?: boolean;
  /** Import this entry module instead of src/clockwork.ts (the smoke test boots the built bundle). */
  entry?: () => Promise<unknown>;
  /** Who connects now (names or ids; default: every user of a snapshot, else each spec's `active`). */
  connect?: string[];
  /** Another server than a new in-process one (the remote proxy of tests/world/remote.ts). */
  server?: WorldCoreOptions["server"];
  /** Installed modules: `[{ manifest, packs?, active?, lang? }]` (tests/world/modules.ts). */
  modules?: WorldCoreOptions["modules"];
}

/** The system's source entry, the one node worlds boot: one function, so `loadSystem` can tell it from another entry. */
export const sourceEntry = (): Promise<unknown> => import("../../src/clockwork");

let systemInfo: SystemInfo | null = null;

/** system.json's id, title, version and document types. */
export function systemManifest(): SystemInfo {
  if (!systemInfo) {
    const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as SystemInfo;
    systemInfo = { id: manifest.id, title: manifest.title, version: manifest.version, documentTypes: manifest.documentTypes, grid: manifest.grid };
  }
  return systemInfo;
}

function coreOptions(options: WorldOptions) {
  const packs = options.packs === false ? [] : Array.isArray(options.packs) ? options.packs : systemPackSources();
  return {
    packs,
    system: systemManifest(),
    translations: readSystemTranslations(),
    entry: options.system === false ? undefined : (options.entry ?? sourceEntry),
    connect: options.connect,
    server: options.server,
    modules: options.modules,
  };
}

/** A world with every client booted (init, i18nInit, setup, ready). */
export async function createWorld(options: WorldOptions = {}): Promise<World> {
  return World.create({ users: options.users, profile: options.profile, ...coreOptions(options) });
}

/** A world restored from `world.save()`. */
export async function loadWorld(snapshot: WorldSnapshot, options: Omit<WorldOptions, "users" | "profile"> = {}): Promise<World> {
  return World.load(snapshot, coreOptions(options));
}

export { World, defaultProfile, type UserSpec, type WorldSnapshot };
export { WorldClient } from "./client";
export { queueFaces, queuedFaceCount, clearQueuedFaces, Roll, Die } from "./dice";
export { validateDocument, type DocumentValidation } from "./validate";
export { DataModel, TypeDataModel } from "./data-model";
export { DataModelValidationError, DataModelValidationFailure } from "./validation";
export { fields } from "./fields";
export { Collection } from "./collections";
export { Localization } from "./i18n";
export { DOCUMENT_OWNERSHIP_LEVELS as OWNERSHIP, USER_ROLES } from "./constants";
export type { PlainObject } from "./utils";
export type { ModuleManifest, WorldModuleSpec, WorldModule } from "./modules";
export type { Notification } from "./scope";
