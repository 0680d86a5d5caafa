/**
 * The self-test's registration, in the entry module: the settings button and
 * `game.clockwork.selfTest`. The test itself (run.ts) loads when someone runs it.
 */
import { SelfTestMenu } from "./menu";
import type { SelfTestReport } from "./report";

const SYSTEM_ID = "clockwork";

interface SettingsWithMenus {
  registerMenu?(namespace: string, key: string, data: object): void;
}

/** Runs the self-test (see run.ts), loading it first. */
export async function selfTest(options: { post?: boolean } = {}): Promise<SelfTestReport | null> {
  const { selfTest: run } = await import("./run");
  return run(options);
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
