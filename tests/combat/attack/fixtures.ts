/** Plain prepared actors and weapons for the attack workflow's pure modules. */
import type { AttackActor, AttackItem } from "../../../src/combat/attack/source";
import type { AttackTargetInfo } from "../../../src/combat/attack/preview";

const SKILLS = ["accuracy", "agility", "strength", "stamina", "celestial", "elemental", "soul", "spellcraft", "intuition", "ingenuity", "knowledge", "perception", "creativity", "charisma", "manipulation", "will"];

/** A prepared creature: Body 8, every skill at 12 unless given, resistances species 3 + armor 2. */
export function creature(name: string, options: {
  ranks?: Record<string, number>; body?: number; defense?: { base: number; dodge: number; block: number };
  armor?: number; species?: number; grit?: number; items?: AttackItem[]; statuses?: string[]; shield?: boolean; identifier?: string; barrier?: number;
} = {}): AttackActor {
  const skills: Record<string, { rank: number; bonus?: boolean }> = {};
  for (const key of SKILLS) skills[key] = { rank: options.ranks?.[key] ?? 12 };
  const row = { species: options.species ?? 3, armor: options.armor ?? 2, total: (options.species ?? 3) + (options.armor ?? 2) };
  return {
    id: name, uuid: `Actor.${name}`, name, type: "character",
    system: {
      skills,
      attributes: { body: options.body ?? 8, magic: 5, mind: 5, spirit: 5 },
      health: { grit: options.grit ?? 6, wounds: 0, hits: 0, vitalsMax: 6, vitalsLost: 0, vitalsRemaining: 6, barrier: options.barrier ?? 0 },
      defense: options.defense ?? { base: 3, dodge: 2, block: 1 },
      resistances: { ballistic: { ...row }, blunt: { ...row }, energy: { ...row }, piercing: { ...row }, slashing: { ...row }, explosive: { ...row } },
      equipped: { shield: options.shield ? "shield" : "" },
      species: options.identifier ? { identifier: options.identifier } : null,
      reach: 1,
    },
    items: options.items ?? [],
    statuses: options.statuses ?? [],
  } as AttackActor;
}

export function weapon(name: string, system: Record<string, unknown> = {}): AttackItem {
  return {
    id: name, uuid: `Item.${name}`, name, type: "weapon",
    system: { category: "melee", group: "sword", counters: 2, damage: { dice: 8, types: ["slashing"] }, rangeIncrement: 0, properties: [], area: { shape: "none", size: 0 }, conditions: [], ...system },
  } as AttackItem;
}

export function feature(identifier: string, flags?: Record<string, unknown>): AttackItem {
  return { id: identifier, name: identifier, type: "feature", system: { identifier }, ...(flags ? { flags } : {}) } as AttackItem;
}

export function targetInfo(actor: AttackActor, options: Partial<AttackTargetInfo> = {}): AttackTargetInfo {
  return {
    key: `Scene.s.Token.${actor.name}`, name: actor.name, actor, actorUuid: actor.uuid as string, tokenUuid: `Scene.s.Token.${actor.name}`,
    situation: { distance: 1 }, include: true, observable: false,
    counters: { available: 6, reserved: 0, hadTurn: true, passed: false }, ...options,
  };
}
