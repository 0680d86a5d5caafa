/**
 * The self-test's registration, in the entry module: the settings button and
 * `game.clockwork.selfTest` (the test itself: run.ts).
 */
import { registerMenu, systemApi } from "../foundry";
import { SelfTestMenu } from "./menu";
import { selfTest } from "./run";

const SYSTEM_ID = "clockwork";

/** Registers the settings button and `game.clockwork.selfTest`; call in `init`, after `game.clockwork` is set. */
export function registerSelfTest(): void {
  registerMenu(SYSTEM_ID, "selfTest", {
    name: "CLOCKWORK.SelfTest.Menu.Name",
    label: "CLOCKWORK.SelfTest.Menu.Label",
    hint: "CLOCKWORK.SelfTest.Menu.Hint",
    icon: "fa-solid fa-stethoscope",
    type: SelfTestMenu,
    restricted: true,
  });
  systemApi().selfTest = selfTest;
}
