/**
 * Magic's world settings. "vs GM" spells (roll kind "difficulty") are cast against the GM's
 * number: a world setting only a GM may change, so neither a player's cast nor a player's card
 * can lower it (issue 18). A player may cast against a higher one (a macro's `difficulty`).
 */
import { getSetting, registerSetting } from "../foundry";

export const SPELL_DIFFICULTY_SETTING = "spellDifficulty";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.spellDifficulty": number;
  }
}

/** Registers the settings; call in `init`. */
export function registerMagicSettings(): void {
  registerSetting("clockwork", SPELL_DIFFICULTY_SETTING, {
    name: "CLOCKWORK.Magic.Setting.SpellDifficulty.Name",
    hint: "CLOCKWORK.Magic.Setting.SpellDifficulty.Hint",
    scope: "world", config: true, type: Number, default: 0,
    range: { min: 0, max: 12, step: 1 },
  });
}

/** The GM's difficulty for "vs GM" spells (whole gains, 0–12). */
export function gmSpellDifficulty(): number {
  const value = Number(getSetting("clockwork", SPELL_DIFFICULTY_SETTING));
  return Number.isInteger(value) && value >= 0 ? Math.min(12, value) : 0;
}

/**
 * The difficulty a cast is made against: a GM's own number stands; anyone else casts against the
 * GM's setting, or a higher number they name.
 */
export function castDifficulty(named: unknown, byGM: boolean): number {
  const own = typeof named === "number" && Number.isInteger(named) ? Math.max(0, Math.min(99, named)) : null;
  if (byGM) return own ?? gmSpellDifficulty();
  return Math.max(own ?? 0, gmSpellDifficulty());
}
