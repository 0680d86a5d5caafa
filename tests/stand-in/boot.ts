/**
 * Boot the system in a single-GM test world (tests/world): import the entry point and run
 * start-up on the GM's client as Foundry does (init, data model localization, i18nInit, setup,
 * ready). Each call starts a fresh world. Packs are not loaded (the old stand-in had none).
 */
import { createWorld } from "../world";
import { handleFor, type StandInHandle } from "./index";

export async function bootClockwork(): Promise<StandInHandle> {
  return handleFor(await createWorld({ users: [{ name: "Gamemaster", role: "gm" }], packs: false }));
}
