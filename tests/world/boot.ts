/**
 * Start the system on a client as Foundry does (client/game.mjs): `init`, localization of the
 * data models and `i18nInit`, then the world's documents are built, then `setup` and `ready`.
 * The entry module is imported once per process under the loader scope; its module-level
 * `Hooks.once("init", …)` is replayed on every client, as each tab evaluates the module itself.
 */
import type { WorldClient } from "./client";
import { runAs } from "./context";
import type { DataModel } from "./data-model";
import { Localization } from "./i18n";
import { loaderScope } from "./scope";

export type SystemEntry = () => Promise<unknown>;

let loaded: { entry: SystemEntry; done: Promise<unknown> } | null = null;

/**
 * Import the system's entry module once per process, with hooks registered in the loader scope.
 * A second, different entry in the same process (the built bundle after the sources) fails
 * loudly instead of quietly testing the first one.
 */
export function loadSystem(entry: SystemEntry): Promise<unknown> {
  if (loaded && loaded.entry !== entry) {
    throw new Error("This process already booted another system entry: boot one entry per test file.");
  }
  loaded ??= { entry, done: runAs(loaderScope, entry) };
  return loaded.done;
}

export async function bootClient(client: WorldClient): Promise<void> {
  client.booted = true;
  client.Hooks.adopt(loaderScope.Hooks);
  await client.run(async () => {
    client.Hooks.callAll("init");
    const config = client.CONFIG as Record<string, { dataModels?: Record<string, typeof DataModel> }>;
    for (const name of ["Actor", "Item"]) {
      for (const model of Object.values(config[name]?.dataModels ?? {})) Localization.localizeDataModel(model as never, client.i18n);
    }
    defineTypeLabels(client);
    client.Hooks.callAll("i18nInit");
    client.loadWorld();
    client.Hooks.callAll("setup");
    client.game.ready = true;
    client.Hooks.callAll("ready");
  });
}

/**
 * Core's Localization#initialize (after `init`) labels every system document type with its
 * `TYPES.<Document>.<type>` key unless the system set one (v13 client/i18n.mjs).
 */
function defineTypeLabels(client: WorldClient): void {
  const config = client.CONFIG as Record<string, { typeLabels?: Record<string, string> } | undefined>;
  const documentTypes = (client.game as unknown as { documentTypes?: Record<string, string[]> }).documentTypes ?? {};
  for (const [documentName, types] of Object.entries(documentTypes)) {
    const labels = config[documentName] ? (config[documentName].typeLabels ??= {}) : undefined;
    if (!labels) continue;
    for (const type of types) labels[type] ??= `TYPES.${documentName}.${type}`;
  }
}
