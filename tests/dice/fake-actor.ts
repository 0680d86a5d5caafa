/** A plain actor as the roll API reads it (derived data already in place), for tests. */
import type { RollActor, RollItem } from "../../src/dice/actor-source";

const SKILLS = [
  "accuracy", "agility", "strength", "stamina", "celestial", "elemental", "soul", "spellcraft",
  "intuition", "ingenuity", "knowledge", "perception", "creativity", "charisma", "manipulation", "will",
] as const;

export interface FakeActor extends RollActor {
  uuid: string;
  isOwner: boolean;
  updates: Record<string, unknown>[];
  update(changes: Record<string, unknown>): Promise<FakeActor>;
}

export function fakeActor(options: {
  name?: string; ranks?: Record<string, number>; bonus?: string[]; attributes?: Partial<Record<string, number>>;
  items?: RollItem[]; vitalsRemaining?: number; luck?: number; wounds?: number; grit?: number; statuses?: string[];
} = {}): FakeActor {
  const skills: RollActor["system"]["skills"] = {};
  for (const key of SKILLS) skills[key] = { rank: options.ranks?.[key] ?? 12, bonus: options.bonus?.includes(key) ?? false };
  const actor: FakeActor = {
    id: "actorAda00000001",
    uuid: "Actor.actorAda00000001",
    name: options.name ?? "Ada",
    type: "character",
    isOwner: true,
    system: {
      skills,
      attributes: { body: 8, magic: 5, mind: 6, spirit: 6, ...options.attributes },
      health: { grit: options.grit ?? 8, wounds: options.wounds ?? 0, hits: 0, vitalsMax: 6, vitalsLost: 6 - (options.vitalsRemaining ?? 6), vitalsRemaining: options.vitalsRemaining ?? 6, dying: false, dead: false },
      luck: { value: options.luck ?? 3, max: 3 },
      resistances: { slashing: { species: 3, armor: 2 }, blunt: { species: 2, armor: 2 } },
    },
    items: options.items ?? [],
    statuses: options.statuses ?? [],
    updates: [],
    async update(changes) {
      actor.updates.push(changes);
      for (const [path, value] of Object.entries(changes)) {
        const keys = path.split(".");
        let node = actor as unknown as Record<string, unknown>;
        for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
        node[keys[keys.length - 1]] = value;
      }
      return actor;
    },
  };
  return actor;
}

export const item = (id: string, name: string, type: string, system: RollItem["system"]): RollItem => ({ id, uuid: `Item.${id}`, name, type, system });
