/**
 * Babele (the compendium translation module) is optional: when it is active it reads
 * translations from the system's `lang/babele/<language>/` folder (and from any translation
 * module), with the field mapping of `lang/babele/mapping.json` in each file. ClockWork adds
 * one converter, for the items embedded in its actors (pregens, foes): their name and
 * description translate by the item's English name, as Babele keys every entry.
 * API used: `babele.init` hook, `setSystemTranslationsDir`, `registerConverters`
 * (Babele's README and src/babele.js on gitlab.com/riccisi/foundryvtt-babele).
 */
import { hooks } from "../foundry/hooks";

/** The system folder Babele reads `<language>/clockwork.<pack>.json` from. */
export const BABELE_DIR = "lang/babele";

interface EmbeddedItem {
  name: string;
  system?: { description?: string } & Record<string, unknown>;
  [key: string]: unknown;
}

/** One entry of a translation file: the translated fields, keyed by the English name. */
export interface ItemTranslation {
  name?: string;
  description?: string;
}

/** The `clockworkItems` converter: embedded items take their entry's name and description. */
export function translateEmbeddedItems(items: readonly EmbeddedItem[], translations?: Record<string, ItemTranslation> | null): EmbeddedItem[] {
  if (!Array.isArray(items)) return items as EmbeddedItem[];
  if (!translations || typeof translations !== "object") return [...items];
  return items.map((item) => {
    const entry = translations[item.name];
    if (!entry) return item;
    const system = entry.description === undefined ? item.system : { ...item.system, description: entry.description };
    return { ...item, name: entry.name ?? item.name, system, translated: true };
  });
}

interface BabeleLike {
  setSystemTranslationsDir?(dir: string): void;
  registerConverters?(converters: Record<string, (...args: never[]) => unknown>): void;
}

/** Registers with Babele if it starts; nothing happens without it. */
export function registerBabele(): void {
  hooks().once("babele.init", (babele: BabeleLike) => {
    babele?.setSystemTranslationsDir?.(BABELE_DIR);
    babele?.registerConverters?.({ clockworkItems: translateEmbeddedItems as never });
  });
}
