/**
 * Structured effects of magic items whose book text is prose (issue 11 item 6), as the packs
 * store them in `flags.clockwork.magicItem` (packs/_source/magic-items). This reader checks and
 * types them for the layers that act on them: the initiative roll (Boots of Alacrity), the
 * attack workflow (Void ignores cover, Acid's persistent proc, Spiked / Reactive / Reflective
 * shields), actions (Returning) and falls (Feather Fall). Which of them are applied today is in
 * docs/spells.md.
 */

export interface MagicItemEffects {
  /** Boots of Alacrity: reroll initiative this many times, keep the better. */
  initiative?: { rerolls: number; keep: "better" };
  /** Void: attacks ignore cover bonuses. */
  attack?: { ignoresCover: boolean };
  /** Returning: an action that recalls the weapon. */
  action?: { key: string; counters: number };
  /** Acid: a proc applies persistent damage of this source. */
  proc?: { condition: string; source: string; tickHits: number; unavoidable: boolean; endFlat: number };
  /** Reflective / Reactive shield: damage of this type may be counted against an adjacent creature instead. */
  redirect?: { damageType: string; to: "adjacent" };
  /** Spiked shield: a melee hit on the wearer deals this damage back. */
  retaliate?: { trigger: "meleeHit"; damage: number; damageType: string };
  /** Feather Fall: no falling damage. */
  noFallingDamage?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const count = (v: unknown, min = 0): number | null => (Number.isInteger(v) && (v as number) >= min ? (v as number) : null);

/** The item's checked effects; malformed entries are dropped. */
export function magicItemEffects(item: { flags?: Record<string, unknown> } | null | undefined): MagicItemEffects {
  const raw = (item?.flags?.clockwork as { magicItem?: unknown } | undefined)?.magicItem;
  if (!isObject(raw)) return {};
  const out: MagicItemEffects = {};
  const { initiative, attack, action, proc, redirect, retaliate } = raw;
  if (isObject(initiative) && count(initiative.rerolls, 1) !== null && initiative.keep === "better") out.initiative = { rerolls: initiative.rerolls as number, keep: "better" };
  if (isObject(attack) && typeof attack.ignoresCover === "boolean") out.attack = { ignoresCover: attack.ignoresCover };
  if (isObject(action) && typeof action.key === "string" && count(action.counters) !== null) out.action = { key: action.key, counters: action.counters as number };
  if (isObject(proc) && typeof proc.condition === "string" && typeof proc.source === "string" && count(proc.tickHits, 1) !== null && count(proc.endFlat, 1) !== null) {
    out.proc = { condition: proc.condition, source: proc.source, tickHits: proc.tickHits as number, unavoidable: proc.unavoidable === true, endFlat: proc.endFlat as number };
  }
  if (isObject(redirect) && typeof redirect.damageType === "string" && redirect.to === "adjacent") out.redirect = { damageType: redirect.damageType, to: "adjacent" };
  if (isObject(retaliate) && retaliate.trigger === "meleeHit" && count(retaliate.damage, 1) !== null && typeof retaliate.damageType === "string") {
    out.retaliate = { trigger: "meleeHit", damage: retaliate.damage as number, damageType: retaliate.damageType };
  }
  if (raw.noFallingDamage === true) out.noFallingDamage = true;
  return out;
}

/** The best of several initiative results (Boots of Alacrity keep the better). */
export function betterInitiative(results: readonly number[]): number {
  if (!results.length) throw new RangeError("initiative results must not be empty (Boots of Alacrity keep the better of at least one roll)");
  return Math.max(...results);
}

/** An actor as the worn-item readers need it. */
export interface WearingActor {
  system: { equipped?: { armor?: string | null; shield?: string | null } | null };
  items: Iterable<{ id?: string | null; type: string; system: object; flags?: Record<string, unknown> }>;
}

/**
 * Magic-item effects of the enchantments on what the actor wears: its armor and its equipped
 * shield (`system.appliedTo`; an enchantment on armor or a shield in the pack counts only while
 * that item is worn, as the derived resistances do).
 */
export function wornItemEffects(actor: WearingActor): MagicItemEffects[] {
  const worn = new Set([actor.system.equipped?.armor, actor.system.equipped?.shield].filter((id): id is string => !!id));
  const found: MagicItemEffects[] = [];
  for (const item of actor.items) {
    if (item.type !== "enchantment" || !worn.has((item.system as { appliedTo?: string }).appliedTo ?? "")) continue;
    found.push(magicItemEffects(item));
  }
  return found;
}

/** Whether the actor wears an artifact that prevents falling damage (Winged Robe: `system.effects.noFallingDamage`). */
export function wearsFallArtifact(actor: WearingActor): boolean {
  for (const item of actor.items) {
    if (item.type !== "artifact") continue;
    const system = item.system as { equipped?: boolean; effects?: { noFallingDamage?: boolean } };
    if (system.equipped === true && system.effects?.noFallingDamage === true) return true;
  }
  return false;
}
