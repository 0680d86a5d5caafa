/**
 * Boot the system against the stand-in: install the globals, import the entry point and run
 * start-up as Foundry does (init, localization of the data models, i18nInit, setup, ready).
 * Each call starts from a clean state.
 */
import { Hooks } from "./hooks";
import { Localization } from "../world/i18n";
import { installFoundryStandIn, type StandInHandle } from "./index";
import { state } from "./documents";

let entryLoaded = false;

export async function bootClockwork(): Promise<StandInHandle> {
  const handle = installFoundryStandIn();
  // The entry registers its init hook when first evaluated; later boots in the same module
  // graph call its exported initializer instead, since installing cleared the hooks.
  const entry = await import("../../src/clockwork");
  if (entryLoaded) entry.initClockwork();
  else Hooks.callAll("init");
  entryLoaded = true;
  for (const config of Object.values(state.config)) {
    for (const model of Object.values(config.dataModels)) Localization.localizeDataModel(model, handle.i18n);
  }
  for (const hook of ["i18nInit", "setup", "ready"]) Hooks.callAll(hook);
  return handle;
}
