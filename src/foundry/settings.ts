/**
 * Settings, typed by foundry-vtt-types' `SettingConfig` (each feature declares its keys there).
 * A read of a setting not registered yet (or outside Foundry) gives undefined instead of throwing.
 */
import { maybeGame } from "./game";

type Namespace = ClientSettings.Namespace;
type Key<N extends Namespace> = ClientSettings.KeyFor<N>;

/** Registers a setting (no-op when `game.settings` does not exist yet). */
export function registerSetting<N extends Namespace, K extends Key<N>>(namespace: N, key: K, config: object): void {
  maybeGame()?.settings?.register(namespace, key, config as never);
}

/** A setting's value, or undefined when it is not registered. */
export function getSetting<N extends Namespace, K extends Key<N>>(namespace: N, key: K): ClientSettings.SettingInitializedType<N, K> | undefined {
  try {
    return maybeGame()?.settings?.get(namespace, key);
  } catch {
    return undefined;
  }
}

/** Stores a setting's value. */
export async function setSetting<N extends Namespace, K extends Key<N>>(namespace: N, key: K, value: unknown): Promise<void> {
  await maybeGame()?.settings?.set(namespace, key, value as never);
}

/** Registers a settings menu (a button in the settings that opens `config.type`); no-op before `game.settings` exists. */
export function registerMenu(namespace: string, key: string, config: object): void {
  (maybeGame()?.settings as { registerMenu?(n: string, k: string, c: object): void } | undefined)?.registerMenu?.(namespace, key, config);
}
