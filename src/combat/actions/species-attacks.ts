/**
 * Species attacks (issue 10 item 11): the Dragonkin breath, the Mycorrean spores, the Rook's beak
 * and wing gust and the Satyr's horns, read from the species item's structured data
 * (`flags.clockwork.speciesAttacks` in packs/_source/species, kept in flags because the species
 * model is not ours to change). An attack that deals damage becomes a weapon-shaped item the
 * attack workflow rolls like any other (the breath as a cone-3 area on Body / Stamina); the
 * spores and the gust are opposed rolls the GM reads against each target's reaction.
 */
import type { DamageType } from "../../rules";

/** One species attack as stored on the species item. */
export interface SpeciesAttackData {
  key: string;
  /** The rules core's action key when the action table lists it (breath, spores). */
  action?: "dragonkinBreath" | "mycorreanSpores";
  counters: number;
  /** Skills it may roll (Body skills); the first is the default. */
  skills: string[];
  damage?: { dice: number; type: DamageType } | null;
  area?: { shape: "cone" | "radius"; size: number } | null;
  /** Conditions it applies, by trigger (`hit`, `damaged`, `always`). */
  conditions?: { key: string; trigger: "hit" | "damaged" | "always" }[];
  /** Rolled against each target's reaction (Body / Stamina, Body / Strength) instead of defense. */
  versus?: string | null;
  /** Flat N at the end of each later turn makes it usable again this combat (RULING 68). */
  recharge?: number | null;
  /** Kinds chosen at creation (the Dragonkin breath): each may change the type and conditions. */
  kinds?: { key: string; damageType?: DamageType; conditions?: SpeciesAttackData["conditions"]; save?: string }[];
  /** Always hits; each target's save with this skill halves it (lightning breath, L253). */
  save?: string | null;
}

/** A species attack of one actor, resolved to its chosen kind and localized name. */
export interface SpeciesAttack extends SpeciesAttackData {
  name: string;
  kind: string | null;
}

interface ItemLike {
  id?: string | null;
  name: string;
  type: string;
  system: Record<string, unknown>;
  flags?: Record<string, unknown>;
}

export interface SpeciesAttackActor {
  system: { species?: { identifier?: string } | null; [key: string]: unknown };
  items: Iterable<ItemLike>;
  flags?: Record<string, unknown>;
}

/**
 * Whether a species ability is used: `flags.clockwork.speciesSpent.<key>` holds the combat round
 * it was used in (or true outside combat) until its Flat 10 recharges it (RULING 68) or the
 * combat ends (docs/rulings.md 89).
 */
export function isSpent(value: unknown): boolean {
  return value === true || (typeof value === "number" && value > 0);
}

function validAttack(value: unknown): value is SpeciesAttackData {
  const a = value as SpeciesAttackData;
  return !!a && typeof a.key === "string" && Number.isInteger(a.counters) && Array.isArray(a.skills) && a.skills.length > 0;
}

/** The species attacks of an actor, from its species item; the breath's kind from `flags.clockwork.speciesKinds`. */
export function speciesAttacksOf(actor: SpeciesAttackActor, localize: (key: string) => string = (k) => k): SpeciesAttack[] {
  const species = [...actor.items].find((i) => i.type === "species");
  const list = (species?.flags?.clockwork as { speciesAttacks?: unknown[] } | undefined)?.speciesAttacks ?? [];
  const chosen = (actor.flags?.clockwork as { speciesKinds?: Record<string, string> } | undefined)?.speciesKinds ?? {};
  const premade = list.filter(validAttack).map((attack) => {
    const kind = attack.kinds?.find((k) => k.key === chosen[attack.key]) ?? attack.kinds?.[0] ?? null;
    const damage = attack.damage ? { ...attack.damage, type: kind?.damageType ?? attack.damage.type } : null;
    const label = `CLOCKWORK.Combat.Attack.Species.${attack.key}`;
    const name = localize(label);
    return { ...attack, damage, conditions: kind?.conditions ?? attack.conditions ?? [], save: kind?.save ?? attack.save ?? null, name: name === label ? attack.key : name, kind: kind?.key ?? null };
  });
  const custom = species ? customNaturalAttack(species, localize) : null;
  return custom ? [...premade, custom] : premade;
}

/** Key of the natural attack a custom species' ability names (issue 31 item 3). */
export const CUSTOM_NATURAL_ATTACK = "customNatural";

/**
 * A custom species' natural attack (`system.ability`, kind `unarmedAttack`), as the Satyr's
 * horns: melee, 2 counters, Body / Strength or Body / Agility (RULING 33), named by the ability.
 */
function customNaturalAttack(species: ItemLike, localize: (key: string) => string): SpeciesAttack | null {
  const ability = species.system.ability as { name?: string; kinds?: unknown; attack?: { dice?: unknown; type?: unknown } } | undefined;
  const dice = ability?.attack?.dice;
  if (!Array.isArray(ability?.kinds) || !ability.kinds.includes("unarmedAttack") || typeof dice !== "number" || dice < 1) return null;
  return {
    key: CUSTOM_NATURAL_ATTACK, counters: 2, skills: ["strength", "agility"],
    damage: { dice, type: String(ability.attack?.type ?? "piercing") as DamageType },
    conditions: [], save: null, kind: null,
    name: ability.name?.trim() || localize("CLOCKWORK.SpeciesAbilityKind.unarmedAttack"),
  };
}

/**
 * The weapon-shaped item the attack workflow rolls for a damaging species attack: melee natural
 * weapons for the beak and horns, a cone on Body / Stamina for the breath. Null for the opposed
 * ones (spores, gust).
 */
export function speciesAttackItem(attack: SpeciesAttack, owner: { uuid?: string } = {}): {
  id: string; uuid?: string; name: string; type: "weapon"; img: string | null; system: Record<string, unknown>; flags: Record<string, unknown>;
} | null {
  if (!attack.damage || attack.versus) return null;
  const conditions = (attack.conditions ?? []).map((c) => ({ key: c.key, trigger: c.trigger }));
  return {
    id: attack.key,
    uuid: owner.uuid ? `${owner.uuid}.SpeciesAttack.${attack.key}` : undefined,
    name: attack.name,
    type: "weapon",
    img: null,
    system: {
      // A breath reaches its whole cone: no reach to check, no range increments.
      category: attack.area ? "ranged" : "melee",
      group: attack.area ? "natural" : "unarmed",
      counters: attack.counters,
      damage: { dice: attack.damage.dice, types: [attack.damage.type] },
      rangeIncrement: 0,
      properties: [],
      area: attack.area ? { shape: attack.area.shape, size: attack.area.size } : { shape: "none", size: 0 },
      conditions,
    },
    flags: { clockwork: { speciesAttack: attack.key, skills: attack.skills, ...(attack.save ? { save: attack.save } : {}) } },
  };
}
