/**
 * Pure views of the global pool (no Foundry calls, so render tests and benches import them):
 * the pool's view, the mana HUD's context and the scene configuration fieldset's context. The
 * stored pool is read with the relay's `storedPool` (the relay writes it).
 */
import { MANA_CONNECTIONS, globalPoolMax, type GlobalManaPool, type ManaConnectionPreset } from "../rules";
import { POOL_FLAG, storedPool } from "../relay/planner";

/** Where a scene keeps its global pool (`flags.clockwork.manaPool`) and how it is read: the relay's, which writes it. */
export { POOL_FLAG, storedPool };
/** What the scene configuration submits: `flags.clockwork.manaPoolConfig`. */
export const POOL_CONFIG_FLAG = "manaPoolConfig";
export const MANA_HUD_TEMPLATE = "systems/clockwork/templates/magic/mana-hud.hbs";
export const SCENE_POOL_TEMPLATE = "systems/clockwork/templates/magic/scene-pool.hbs";

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

export const SPELL_EFFECTS_TEMPLATE = "systems/clockwork/templates/magic/spell-effects.hbs";

/** A lasting spell effect as the magic tab lists it. */
export interface SpellEffectRow {
  uuid: string;
  name: string;
  img: string | null;
  gains: number;
  amount: number;
  dispellable: boolean;
  /** The localization key and data of what is left (rounds, a time, a Flat), or null. */
  remaining: { key: string; data: Record<string, number> } | null;
}

interface EffectFlagLike {
  name?: string;
  gains?: number;
  amount?: number;
  dispellable?: boolean;
  endFlat?: number | null;
  expires?: { combat: string; round: number; turn: number } | { time: number } | null;
}

/**
 * The magic tab's list of the spell effects on an actor (`flags.clockwork.spell`), with what is
 * left of each: rounds in the running combat, minutes of world time, or the Flat that ends it.
 */
export function spellEffectsContext(
  effects: Iterable<{ uuid?: string; name?: string; img?: string | null; disabled?: boolean; flags?: Record<string, unknown> }>,
  now: { combat?: { id: string; round: number } | null; worldTime: number },
): { effects: SpellEffectRow[]; hasEffects: boolean } {
  const rows: SpellEffectRow[] = [];
  for (const effect of effects) {
    const flag = (effect.flags?.clockwork as { spell?: EffectFlagLike } | undefined)?.spell;
    if (effect.disabled || !flag || typeof flag.gains !== "number") continue;
    let remaining: SpellEffectRow["remaining"] = null;
    const expires = flag.expires;
    if (expires && "time" in expires) remaining = { key: "CLOCKWORK.Magic.Effects.Minutes", data: { count: Math.max(0, Math.ceil((expires.time - now.worldTime) / 60)) } };
    else if (expires && now.combat && expires.combat === now.combat.id) remaining = { key: "CLOCKWORK.Magic.Effects.Rounds", data: { count: Math.max(0, expires.round - now.combat.round) } };
    else if (flag.endFlat) remaining = { key: "CLOCKWORK.Magic.Effects.Flat", data: { flat: flag.endFlat } };
    rows.push({
      uuid: effect.uuid ?? "", name: effect.name ?? flag.name ?? "", img: effect.img ?? null, gains: flag.gains,
      amount: flag.amount ?? 0, dispellable: flag.dispellable !== false, remaining,
    });
  }
  return { effects: rows, hasEffects: rows.length > 0 };
}
