/**
 * Pure views of the global pool (no Foundry calls, so render tests and benches import them):
 * the stored pool read back from a scene's flags, the pool's view, the mana HUD's context and
 * the scene configuration fieldset's context.
 */
import { MANA_CONNECTIONS, globalPoolMax, requireGlobalPool, type GlobalManaPool, type ManaConnectionPreset } from "../rules";

/** Where a scene keeps its global pool: `flags.clockwork.manaPool`. */
export const POOL_FLAG = "manaPool";
/** What the scene configuration submits: `flags.clockwork.manaPoolConfig`. */
export const POOL_CONFIG_FLAG = "manaPoolConfig";
export const MANA_HUD_TEMPLATE = "systems/clockwork/templates/magic/mana-hud.hbs";
export const SCENE_POOL_TEMPLATE = "systems/clockwork/templates/magic/scene-pool.hbs";

/** A scene's pool as stored, or null when the scene has none (or a broken one). */
export function storedPool(scene: { flags?: Record<string, unknown> } | null | undefined): GlobalManaPool | null {
  const pool = (scene?.flags?.clockwork as Record<string, unknown> | undefined)?.[POOL_FLAG];
  if (!pool || typeof pool !== "object") return null;
  try {
    return requireGlobalPool(pool as GlobalManaPool);
  } catch {
    return null;
  }
}

/** What the scene configuration's pool fields and the HUD show. */
export interface PoolView {
  connection: ManaConnectionPreset | "";
  max: number;
  value: number;
  percent: number;
  custom: boolean;
  choices: { key: ManaConnectionPreset; label: string; max: number | null; selected: boolean }[];
}

/** The pool's view: the connection choices with their sizes, and the pool's state. */
export function poolView(pool: GlobalManaPool | null): PoolView {
  return {
    connection: pool?.connection ?? "",
    max: pool?.max ?? 0,
    value: pool?.value ?? 0,
    percent: pool && pool.max > 0 ? Math.round((pool.value / pool.max) * 100) : 0,
    custom: pool?.connection === "custom",
    choices: MANA_CONNECTIONS.map((key) => ({
      key, label: `CLOCKWORK.Magic.Pool.Connection.${key}`, max: key === "custom" ? null : globalPoolMax(key), selected: pool?.connection === key,
    })),
  };
}

/** The actor a user channels for, as the HUD shows it. */
export interface HudActor {
  name: string;
  mana: { value: number; max: number };
}

/** The HUD's context. */
export function manaHudContext(input: { pool: GlobalManaPool | null; sceneName: string; isGM: boolean; actor: HudActor | null }) {
  const view = poolView(input.pool);
  return {
    hasPool: input.pool !== null,
    sceneName: input.sceneName,
    pool: view,
    isGM: input.isGM,
    connectionKey: view.connection ? `CLOCKWORK.Magic.Pool.Connection.${view.connection}` : "",
    actor: input.actor,
    room: input.actor ? Math.max(0, input.actor.mana.max - input.actor.mana.value) : 0,
    canChannel: input.pool !== null && input.actor !== null && input.pool.value > 0 && input.actor.mana.value < input.actor.mana.max,
  };
}

export type ManaHudContext = ReturnType<typeof manaHudContext>;

/** The scene configuration fieldset's context. */
export function scenePoolContext(scene: { flags?: Record<string, unknown> } | null) {
  const pool = storedPool(scene);
  const view = poolView(pool);
  return {
    name: `flags.clockwork.${POOL_CONFIG_FLAG}`,
    connection: view.connection,
    custom: pool?.connection === "custom" ? pool.max : "",
    value: view.value,
    max: view.max,
    choices: [{ key: "", label: "CLOCKWORK.Magic.Pool.Connection.none", max: null, selected: !pool }, ...view.choices],
  };
}
