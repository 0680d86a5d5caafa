/**
 * The world's campaign-speed setting, which prices XP (tables 1.21, 1.22; docs/rulings.md #71).
 * Apart from `advancement.ts` so the entry module registers it without carrying the XP logic,
 * which loads with the advancement window or the character sheet.
 */
import { CLOCKWORK } from "../config";
import { CAMPAIGN_SPEEDS } from "../rules/types";
import type { CampaignSpeed } from "../rules";

export const SYSTEM_ID = "clockwork";
export const CAMPAIGN_SPEED_SETTING = "campaignSpeed";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.campaignSpeed": CampaignSpeed;
  }
}

/** Registers the world setting that prices XP (tables 1.21, 1.22; docs/rulings.md #71). */
export function registerAdvancementSettings(): void {
  game.settings?.register(SYSTEM_ID, CAMPAIGN_SPEED_SETTING, {
    name: "CLOCKWORK.Advancement.Setting.CampaignSpeed.Name",
    hint: "CLOCKWORK.Advancement.Setting.CampaignSpeed.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: Object.fromEntries(CAMPAIGN_SPEEDS.map((s) => [s, CLOCKWORK.campaignSpeeds[s]?.label ?? s])),
    default: "normal",
  } as never);
}

/** The world's campaign speed ("normal" before the setting exists). */
export function campaignSpeed(): CampaignSpeed {
  let value: unknown;
  try {
    value = game.settings?.get(SYSTEM_ID, CAMPAIGN_SPEED_SETTING);
  } catch {
    value = undefined;
  }
  return (CAMPAIGN_SPEEDS as readonly unknown[]).includes(value) ? value as CampaignSpeed : "normal";
}
