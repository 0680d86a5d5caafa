/**
 * Localization through `game.i18n`. Before i18n is ready (or outside Foundry) a key comes back
 * as itself, so data models and documents still run in the test world and at `init`.
 */
import { maybeGame } from "./game";

/** Localize `key`, filling `{placeholders}` from `data`; returns the key before i18n is ready. */
export function localize(key: string, data?: Record<string, unknown>): string {
  const i18n = maybeGame()?.i18n;
  if (!i18n) return key;
  return data ? i18n.format(key as never, data as never) : i18n.localize(key as never);
}

/** `game.i18n.format`: the same as `localize(key, data)`, named for call sites that always fill placeholders. */
export function format(key: string, data: Record<string, unknown>): string {
  return localize(key, data);
}

/** An Error whose message is the localized text of `key`. */
export function localizedError(key: string, data?: Record<string, unknown>): Error {
  const message = localize(key, data);
  if (ownMessages.size >= 500) ownMessages.clear();
  ownMessages.add(message);
  return new Error(message);
}

// Core keeps only a thrown error's text in its validation failure: the texts the system made
// itself are remembered, so a refusal can show them as they are and word only core's own.
const ownMessages = new Set<string>();

/** Whether a validation failure's text is one the system wrote (through `localizedError`). */
export function isOwnMessage(message: unknown): message is string {
  return typeof message === "string" && ownMessages.has(message);
}

/** The client's language code ("en" before i18n is ready). */
export function language(): string {
  return maybeGame()?.i18n?.lang ?? "en";
}
