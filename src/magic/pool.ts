/**
 * The scene's global mana pool (digest §1.10, §4.18 step 6): the GM sets its connection to the
 * mana source (strong 60 / middling 48 / low 36, or a custom size) in the scene configuration;
 * it is stored in `flags.clockwork.manaPool` with the world time its refill clock counts from,
 * and it refills one point per in-world hour on the `updateWorldTime` hook — once, on the active
 * GM's client, exactly across long skips (src/rules/mana.ts `refillGlobalPool`).
 */
import { newGlobalPool, refillGlobalPool, resizeGlobalPool, type GlobalManaPool, type ManaConnectionPreset } from "../rules";
import { POOL_FLAG, storedPool } from "./views";
import { writeOwned, type BatchResult } from "../relay";
import { deletionEntry, hooks as foundryHooks, isDesignatedGM, maybeCanvas, worldCollection, worldTime } from "../foundry";

export { poolView, type PoolView } from "./views";

/** Hook called on every client after a scene's pool changed: (scene, pool). */
export const POOL_CHANGED_HOOK = "clockwork.manaPoolChanged";

export interface SceneDoc {
  id?: string | null;
  uuid: string;
  name?: string | null;
  active?: boolean;
  flags?: Record<string, unknown>;
  update(changes: object, options?: object): Promise<unknown>;
}

/** The scene a user plays on: the one the canvas shows, else the active scene. */
export function currentScene(): SceneDoc | null {
  const scenes = worldCollection<{ viewed?: SceneDoc | null; active?: SceneDoc | null }>("scenes");
  const viewed = maybeCanvas<{ scene?: SceneDoc | null }>()?.scene ?? scenes?.viewed ?? null;
  return viewed ?? scenes?.active ?? null;
}

/** A scene's pool, or null when the GM has not set one. */
export function scenePool(scene: SceneDoc | null | undefined): GlobalManaPool | null {
  return storedPool(scene);
}

/**
 * Sets a scene's pool to a connection (or a custom size). A new pool starts full; changing an
 * existing one keeps what was drained (`resizeGlobalPool`). `null` removes the pool. GM only.
 */
export async function configurePool(scene: SceneDoc, connection: ManaConnectionPreset | null, custom?: number): Promise<BatchResult> {
  if (connection === null) {
    const [path, value] = deletionEntry("flags.clockwork", POOL_FLAG);
    await scene.update({ [path]: value });
    return { ok: true, viaGM: false, results: [], effects: [] };
  }
  const current = storedPool(scene);
  const set = current ? resizeGlobalPool(current, connection, custom) : newGlobalPool(connection, worldTime(), custom);
  return writeOwned([{ op: "pool", uuid: scene.uuid, set }]);
}

/** The pool written back at a new world time, or null when nothing changes. */
export function refilledPool(pool: GlobalManaPool, now: number): GlobalManaPool | null {
  const { pool: next } = refillGlobalPool(pool, now);
  return next.value === pool.value && next.refilledAt === pool.refilledAt ? null : next;
}

/**
 * Refills every scene's pool to world time `now`, on the active GM only (every client sees the
 * hook; one writes). Each scene is one batch; a failure leaves that scene for the next hook.
 */
export async function refillPools(now = worldTime()): Promise<number> {
  if (!isDesignatedGM()) return 0;
  const scenes = worldCollection<Iterable<SceneDoc>>("scenes");
  let written = 0;
  for (const scene of [...(scenes ?? [])] as SceneDoc[]) {
    const pool = storedPool(scene);
    if (!pool) continue;
    const next = refilledPool(pool, now);
    if (!next) continue;
    const result = await writeOwned([{ op: "pool", uuid: scene.uuid, set: next }]);
    if (result.ok) written++;
  }
  return written;
}

/** Registers the refill on world time (every client runs the hook; only the active GM writes). */
export function registerPoolHooks(): void {
  const hooks = foundryHooks();
  hooks.on("updateWorldTime", (time: number) => {
    void refillPools(typeof time === "number" ? time : worldTime());
  });
  hooks.on("updateScene", (scene: SceneDoc, changes: { flags?: { clockwork?: Record<string, unknown> } }) => {
    const flags = changes?.flags?.clockwork;
    if (flags && (POOL_FLAG in flags || `-=${POOL_FLAG}` in flags)) hooks.callAll(POOL_CHANGED_HOOK, scene, storedPool(scene));
  });
}
