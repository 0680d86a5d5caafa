/** The dice layer's world settings. */
import { ODDS_VISIBILITY, type OddsVisibility } from "./types";

export const SYSTEM_ID = "clockwork";
export const ODDS_SETTING = "oddsVisibility";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.oddsVisibility": OddsVisibility;
  }
}

/** Who sees the chance of success in the roll dialog: everyone, the GM only, or nobody. */
export function registerDiceSettings(): void {
  game.settings?.register(SYSTEM_ID, ODDS_SETTING, {
    name: "CLOCKWORK.Setting.OddsVisibility.Name",
    hint: "CLOCKWORK.Setting.OddsVisibility.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      all: "CLOCKWORK.Setting.OddsVisibility.all",
      gm: "CLOCKWORK.Setting.OddsVisibility.gm",
      none: "CLOCKWORK.Setting.OddsVisibility.none",
    },
    default: "all",
  } as never);
}

export function oddsVisibility(): OddsVisibility {
  const value: unknown = game.settings?.get(SYSTEM_ID, ODDS_SETTING);
  return (ODDS_VISIBILITY as readonly unknown[]).includes(value) ? value as OddsVisibility : "all";
}
