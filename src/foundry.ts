/**
 * The one thin adapter between the data layer and Foundry's runtime globals (i18n, UUID
 * lookup, notifications). Keeping these calls here lets the data models and documents run
 * in the test world and fall back gracefully before `game` exists.
 */

interface I18nLike {
  localize(key: string): string;
  format(key: string, data?: Record<string, unknown>): string;
}

interface RuntimeGlobals {
  game?: { i18n?: I18nLike; user?: { id?: string | null } };
  ui?: { notifications?: { warn(message: string): unknown; info(message: string): unknown } };
  fromUuid?: (uuid: string) => Promise<unknown>;
}

const runtime = globalThis as unknown as RuntimeGlobals;

/** Localize `key`, filling `{placeholders}` from `data`; returns the key before i18n is ready. */
export function localize(key: string, data?: Record<string, unknown>): string {
  const i18n = runtime.game?.i18n;
  if (!i18n) return key;
  return data ? i18n.format(key, data) : i18n.localize(key);
}

/** An Error whose message is the localized text of `key`. */
export function localizedError(key: string, data?: Record<string, unknown>): Error {
  return new Error(localize(key, data));
}

/** Show a localized warning to the current user. */
export function warn(key: string, data?: Record<string, unknown>): void {
  runtime.ui?.notifications?.warn(localize(key, data));
}

/** Resolve a document UUID (world or compendium); null when it does not exist. */
export async function resolveUuid(uuid: string): Promise<unknown> {
  if (!runtime.fromUuid) return null;
  return (await runtime.fromUuid(uuid)) ?? null;
}

/** The id of the user running this client, or null outside Foundry. */
export function currentUserId(): string | null {
  return runtime.game?.user?.id ?? null;
}
