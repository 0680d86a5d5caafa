/** Display names of configuration entries for messages (no Foundry classes needed). */
import { CLOCKWORK, type ClockworkConfig } from "../config";
import { localize } from "../foundry";

/** The localized name of a configuration entry ("will" → "Will"), or the key itself when none is known. */
export function labelOf(list: keyof ClockworkConfig, key: string): string {
  const entry = (CLOCKWORK[list] as Record<string, { label: string } | undefined>)[key];
  const label = entry ? localize(entry.label) : key;
  return label === entry?.label ? key : label;
}
