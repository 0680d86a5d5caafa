/**
 * Installed modules (`game.modules`): Foundry builds one Module package per installed module from
 * its manifest when the game starts, before `init` (client/game.mjs, `Game` constructor:
 * `this.modules` from `data.modules`), marks each `active` from the world's module configuration
 * (client/packages/module.mjs, `Module#active`), and loads the compendium packs of active modules
 * only, under `<moduleId>.<pack>` beside the system's (client/game.mjs `initializePacks`,
 * `packageType: "module"`). A manifest's `relationships.systems` is a set of
 * `{id, type: "system", compatibility}` (common/packages/base-package.mjs: `PackageRelationships`,
 * a SetField of `RelatedPackage`), its `flags` a free object (API: BasePackage#flags).
 *
 * An active module's language file for English is merged into the translations, as core's
 * Localization merges every active package's files (client/helpers/localization.mjs
 * `#getTranslationFiles`); here a module spec gives it inline (`lang`).
 */
import { Collection } from "./collections";
import type { PackSource } from "./packs";
import { deepClone, type PlainObject } from "./utils";

/** A module.json, as far as the world models it. */
export interface ModuleManifest {
  id: string;
  title?: string;
  version?: string;
  flags?: PlainObject;
  relationships?: { systems?: PlainObject[]; requires?: PlainObject[]; recommends?: PlainObject[]; conflicts?: PlainObject[] };
  /** `{ name, label, type, system?, path?, ownership? }` per pack. */
  packs?: PlainObject[];
  languages?: PlainObject[];
  esmodules?: string[];
}

/** One installed module of a test world. */
export interface WorldModuleSpec {
  manifest: ModuleManifest;
  /** The documents of each pack the manifest declares, by pack name. */
  packs?: Record<string, PlainObject[]>;
  /** Enabled in the world's module configuration (default true). */
  active?: boolean;
  /** Its English translations (what its `lang/en.json` holds), merged in when it is active. */
  lang?: PlainObject;
}

/** A Module package as `game.modules` holds it (the fields the world models). */
export interface WorldModule {
  id: string;
  type: "module";
  title: string;
  version: string;
  active: boolean;
  flags: PlainObject;
  relationships: { systems: Set<PlainObject>; requires: Set<PlainObject>; recommends: Set<PlainObject>; conflicts: Set<PlainObject>; flags: PlainObject };
  packs: Set<PlainObject>;
  languages: Set<PlainObject>;
  esmodules: Set<string>;
}

const asSet = <T>(list: T[] | undefined): Set<T> => new Set(deepClone(list ?? []));

/** A fresh Module object per client, so one client's changes never leak into another's. */
export function moduleOf(spec: WorldModuleSpec): WorldModule {
  const m = spec.manifest;
  return {
    id: m.id,
    type: "module",
    title: m.title ?? m.id,
    version: m.version ?? "1.0.0",
    active: spec.active !== false,
    flags: deepClone(m.flags ?? {}),
    relationships: {
      systems: asSet(m.relationships?.systems?.map((s) => ({ type: "system", ...s }))),
      requires: asSet(m.relationships?.requires),
      recommends: asSet(m.relationships?.recommends),
      conflicts: asSet(m.relationships?.conflicts),
      flags: {},
    },
    packs: asSet(m.packs?.map((p) => ({ ...p, packageType: "module", packageName: m.id }))),
    languages: asSet(m.languages),
    esmodules: asSet(m.esmodules),
  };
}

/** `game.modules`: every installed module, active or not. */
export function moduleCollection(specs: readonly WorldModuleSpec[]): Collection<WorldModule> {
  return new Collection(specs.map((spec) => [spec.manifest.id, moduleOf(spec)] as [string, WorldModule]));
}

/** The packs of the active modules, as the server loads them. */
export function modulePackSources(specs: readonly WorldModuleSpec[]): PackSource[] {
  const out: PackSource[] = [];
  for (const spec of specs) {
    if (spec.active === false) continue;
    for (const pack of spec.manifest.packs ?? []) {
      const name = pack.name as string;
      out.push({
        name,
        label: (pack.label as string | undefined) ?? name,
        type: (pack.type as string | undefined) ?? "Item",
        system: spec.manifest.id,
        packageType: "module",
        ownership: pack.ownership as Record<string, string> | undefined,
        documents: deepClone(spec.packs?.[name] ?? []),
      });
    }
  }
  return out;
}

/** The translations with every active module's English strings merged in after the system's (later files override earlier ones). */
export function withModuleTranslations(translations: PlainObject, specs: readonly WorldModuleSpec[]): PlainObject {
  const active = specs.filter((s) => s.active !== false && s.lang);
  if (!active.length) return translations;
  const merged = deepClone(translations);
  for (const spec of active) mergeInto(merged, spec.lang!);
  return merged;
}

function mergeInto(target: PlainObject, source: PlainObject): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === "object" && !Array.isArray(value) && existing && typeof existing === "object") mergeInto(existing as PlainObject, value as PlainObject);
    else target[key] = deepClone(value);
  }
}
