/**
 * The sheets' choice lists for the running world, read from `CONFIG.CLOCKWORK` at each render
 * so entries a fork adds at any time show up. Building them costs microseconds.
 */
import type { ClockworkConfig } from "../config";
import { DEFAULT_CHOICES, sheetChoices, type SheetChoices } from "./context/choices";
import { getConfig, localize } from "../foundry";

/** A stored value no list has any more (a removed setting module's entry): shown as such, never dropped. */
const unknown = (key: string): string => localize("CLOCKWORK.SettingModules.Unknown", { key });

export function currentChoices(): SheetChoices {
  const config = getConfig().CLOCKWORK as ClockworkConfig | undefined;
  return config ? sheetChoices(config, { unknown }) : DEFAULT_CHOICES;
}
