/** Installed modules: what the system reads of `game.modules` and of a module's packs (setting modules, issue 31). */
import type { ContractCheck } from "../types";
import { ensure, game, same } from "./support";

type ModuleLike = { id: unknown; active: unknown; flags: unknown; relationships?: { systems?: Iterable<{ id?: unknown }> }; packs?: Iterable<{ name?: unknown }> };
type PackLike = { collection: string; metadata: { name: string; packageType?: string; packageName?: string } };

const modules = (): ModuleLike[] => [...game().modules.values()] as ModuleLike[];
const packs = (): PackLike[] => [...game().packs.values()] as PackLike[];

export const moduleChecks: ContractCheck[] = [
  {
    id: "installed-modules.packages",
    behaviour: "Installed modules",
    title: "game.modules holds one package per installed module by id, active or not, with its flags and a set of related systems",
    source: "client/game.mjs (Game constructor: modules); client/packages/module.mjs (active); common/packages/base-package.mjs (PackageRelationships, a SetField of RelatedPackage)",
    async run() {
      for (const module of modules()) {
        ensure(typeof module.id === "string" && game().modules.get(module.id) === module, "each package under its own id", module.id);
        same(`${String(module.id)}: type of active`, typeof module.active, "boolean");
        ensure(module.flags !== null && typeof module.flags === "object", `${String(module.id)}: flags as an object`, module.flags);
        const systems = module.relationships?.systems;
        ensure(systems && typeof (systems as Iterable<unknown>)[Symbol.iterator] === "function", `${String(module.id)}: relationships.systems iterable`, systems);
        for (const system of systems!) same(`${String(module.id)}: a related system's id`, typeof system.id, "string");
      }
      same("the system's id", game().system.id, "clockwork");
    },
  },
  {
    id: "installed-modules.packs",
    behaviour: "Installed modules",
    title: "An active module's packs load under <moduleId>.<pack> with packageType 'module'; an inactive module's do not",
    source: "client/game.mjs initializePacks; common/packages/base-package.mjs (PackageCompendiumData)",
    async run() {
      const loaded = new Map(packs().map((pack) => [pack.collection, pack]));
      for (const pack of loaded.values()) {
        if (pack.metadata.packageType !== "module") continue;
        const owner = game().modules.get(pack.metadata.packageName);
        ensure(owner?.active === true, `${pack.collection}: packs of an active module only`, owner ? "an inactive module's pack" : "no such module");
        same(`${pack.collection}: collection name`, pack.collection, `${pack.metadata.packageName}.${pack.metadata.name}`);
      }
      for (const module of modules()) {
        for (const pack of module.packs ?? []) {
          const collection = `${String(module.id)}.${String(pack.name)}`;
          same(`${collection} loaded`, loaded.has(collection), module.active === true);
        }
      }
    },
  },
];
