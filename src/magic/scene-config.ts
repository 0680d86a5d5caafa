/**
 * The global pool in the scene configuration (issue 11 item 1): a fieldset with the connection
 * to the mana source (strong 60 / middling 48 / low 36 / custom, or none) and a custom size.
 * The form writes `flags.clockwork.manaPoolConfig`; on the GM's `preUpdateScene` that becomes
 * the stored pool (`flags.clockwork.manaPool`): a new pool starts full, a changed one keeps
 * what was drained.
 */
import { MANA_CONNECTIONS, newGlobalPool, resizeGlobalPool, type ManaConnectionPreset } from "../rules";
import { POOL_CONFIG_FLAG, POOL_FLAG, SCENE_POOL_TEMPLATE, scenePoolContext, storedPool } from "./views";
import { hooks as foundryHooks, notify, setDeletion, worldTime } from "../foundry";

export { SCENE_POOL_TEMPLATE, scenePoolContext };

/**
 * Turns a submitted pool configuration into the stored pool (a scene update's changes, changed
 * in place). Returns false when the submitted values are not a valid pool (the change is dropped).
 */
export function applyPoolConfig(scene: { flags?: Record<string, unknown> }, changes: Record<string, unknown>, now = worldTime()): boolean {
  const flags = (changes.flags as Record<string, Record<string, unknown>> | undefined)?.clockwork;
  const expanded = flags?.[POOL_CONFIG_FLAG] as { connection?: string; custom?: number | string } | undefined;
  const dotted = changes[`flags.clockwork.${POOL_CONFIG_FLAG}.connection`];
  const config = expanded ?? (dotted !== undefined ? { connection: String(dotted), custom: changes[`flags.clockwork.${POOL_CONFIG_FLAG}.custom`] as number | undefined } : undefined);
  if (!config) return true;
  if (flags) delete flags[POOL_CONFIG_FLAG];
  for (const key of Object.keys(changes)) if (key.startsWith(`flags.clockwork.${POOL_CONFIG_FLAG}`)) delete changes[key];
  const connection = config.connection ?? "";
  const current = storedPool(scene);
  const target = (changes.flags ??= {}) as Record<string, Record<string, unknown>>;
  target.clockwork ??= {};
  if (!connection) {
    if (current) setDeletion(target.clockwork, POOL_FLAG);
    return true;
  }
  if (!(MANA_CONNECTIONS as readonly string[]).includes(connection)) return false;
  const custom = Number(config.custom ?? 0);
  try {
    const preset = connection as ManaConnectionPreset;
    const unchanged = current && current.connection === preset && (preset !== "custom" || current.max === custom);
    if (!unchanged) target.clockwork[POOL_FLAG] = current ? resizeGlobalPool(current, preset, custom) : newGlobalPool(preset, now, custom);
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

interface SceneConfigApp {
  document?: { flags?: Record<string, unknown> };
}

/** Registers the fieldset and the conversion on update. */
export function registerScenePoolConfig(): void {
  const hooks = foundryHooks();
  hooks.on("renderSceneConfig", (app: SceneConfigApp, html: HTMLElement | { 0?: HTMLElement }) => {
    void injectFieldset(app, html instanceof HTMLElement ? html : html[0] ?? null);
  });
  hooks.on("preUpdateScene", (scene: { flags?: Record<string, unknown> }, changes: Record<string, unknown>) => {
    if (!applyPoolConfig(scene, changes)) {
      notify("error", "CLOCKWORK.Magic.Pool.Invalid");
      return false;
    }
    return true;
  });
}

async function injectFieldset(app: SceneConfigApp, root: HTMLElement | null): Promise<void> {
  if (!root || root.querySelector(".cw-scene-pool")) return;
  const html = await foundry.applications.handlebars.renderTemplate(SCENE_POOL_TEMPLATE, scenePoolContext(app.document ?? null) as never);
  // The Basics tab in v13; the form itself as a fallback.
  const anchor = root.querySelector(".tab[data-tab=basics]") ?? root.querySelector("form") ?? root;
  anchor.insertAdjacentHTML("beforeend", html);
}
