/**
 * The built-in self-test, for a GM in a scratch world (see run.ts for what it does).
 * `game.clockwork.selfTest()` runs it; so does the button in the system's settings.
 */
import { SelfTestMenu } from "./menu";
import { selfTest } from "./run";

export { selfTest } from "./run";
export { reportHtml, reportText, type SelfTestReport, type SelfTestStep } from "./report";

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
