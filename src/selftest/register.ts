/**
 * The self-test's registration, in the entry module: the settings button and
 * `game.clockwork.selfTest` (the test itself: run.ts).
 */
import { SelfTestMenu } from "./menu";
import { selfTest } from "./run";

const SYSTEM_ID = "clockwork";

interface SettingsWithMenus {
  registerMenu?(namespace: string, key: string, data: object): void;
}

/** Registers the settings button and `game.clockwork.selfTest`; call in `init`, after `game.clockwork` is set. */
export function registerSelfTest(): void {
  (game.settings as unknown as SettingsWithMenus | undefined)?.registerMenu?.(SYSTEM_ID, "selfTest", {
    name: "CLOCKWORK.SelfTest.Menu.Name",
    label: "CLOCKWORK.SelfTest.Menu.Label",
    hint: "CLOCKWORK.SelfTest.Menu.Hint",
    icon: "fa-solid fa-stethoscope",
    type: SelfTestMenu,
    restricted: true,
  });
  const holder = game as unknown as { clockwork?: Record<string, unknown> };
  holder.clockwork = { ...holder.clockwork, selfTest };
}
