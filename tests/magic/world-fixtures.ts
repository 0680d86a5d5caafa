/**
 * A small magical fight for the magic tests: Ilinde (Alice's caster), Bram (Bob's fighter), and
 * three NPCs only the GM owns — Grusha, a Gnome (Flat 10 against harmful spells) and a golem
 * with minor runes (Flat 10) — on a scene with a strong global pool, with a started combat.
 * The spells are the compendium's own sources (packs/_source/spells).
 */
import { named } from "../packs/load-sources";
import type { World, WorldClient } from "../world";
import { lifecycleSettled } from "../../src/magic/lifecycle";

export const SCENE_ID = "magicScene000001";
export const COMBAT_ID = "magicCombat00001";
export const ILINDE = "magicIlindeChar1";
export const BRAM = "magicBramChar001";
export const GRUSHA = "magicGrushaNpc01";
export const GNOME = "magicGnomeNpc001";
export const GOLEM = "magicGolemNpc001";
export const SWORD = "magicBramSword01";
export const GREATSWORD = "magicIlindeGSw01";

const OWNER = 3;
export const tokenId = (actorId: string): string => `tok${actorId}`.slice(0, 16);
export const combatantId = (actorId: string): string => `cbt${actorId}`.slice(0, 16);
export const actorUuid = (id: string): string => `Actor.${id}`;
export const combatantUuid = (actorId: string): string => `Combat.${COMBAT_ID}.Combatant.${combatantId(actorId)}`;
export const sceneUuid = `Scene.${SCENE_ID}`;

const skills = (ranks: Record<string, number>) => Object.fromEntries(Object.entries(ranks).map(([k, v]) => [k, { rank: v }]));

/** A compendium spell as an owned item (its own id, its source's system). */
export function spellItem(name: string, id: string): Record<string, unknown> {
  const source = named("spells", name);
  return { _id: id, name: source.name, type: "spell", img: source.img, system: structuredClone(source.system) };
}

export const SPELL_IDS = {
  "Fire Bolt": "magicSpellFirBlt", Fireball: "magicSpellFirBal", Barrier: "magicSpellBarrir", Charm: "magicSpellCharm0",
  Dispel: "magicSpellDispel", Haste: "magicSpellHaste0", Slow: "magicSpellSlow00", Levitate: "magicSpellLevita",
  Regenerate: "magicSpellRegenr", Ward: "magicSpellWard00", "Borrow Time": "magicSpellBorrow", Shock: "magicSpellShock0",
} as const;

export function actorSources(users: { alice: string; bob: string }, options: { mana?: number } = {}): Record<string, unknown>[] {
  const gnomes = named("species", "Gnomes");
  return [
    {
      _id: ILINDE, name: "Ilinde", type: "character", ownership: { default: 0, [users.alice]: OWNER },
      // Elemental 5 + Soul 6 → Magic 9 (table 1.4): 9 casting dice, 30 mana.
      system: { skills: skills({ celestial: 7, elemental: 5, soul: 6, spellcraft: 6 }), mana: { value: options.mana ?? 30 } },
      items: [
        ...Object.entries(SPELL_IDS).map(([name, id]) => spellItem(name, id)),
        { _id: GREATSWORD, name: "Greatsword", type: "weapon", system: { category: "melee", group: "sword", hands: "two", counters: 3, damage: { dice: 10, types: ["slashing"] } } },
      ],
    },
    {
      _id: BRAM, name: "Bram", type: "character", ownership: { default: 0, [users.bob]: OWNER },
      system: { skills: skills({ strength: 8, agility: 8, stamina: 8 }), equipped: { mainHand: SWORD } },
      items: [{ _id: SWORD, name: "Longsword", type: "weapon", system: { category: "melee", group: "sword", counters: 2, damage: { dice: 8, types: ["slashing"] } } }],
    },
    { _id: GRUSHA, name: "Grusha", type: "npc", ownership: { default: 0 }, system: { skills: skills({ strength: 8, stamina: 8 }) } },
    {
      _id: GNOME, name: "Pip", type: "npc", ownership: { default: 0 }, system: { skills: skills({ agility: 8 }), speciesResistance: "energy" },
      items: [{ _id: "magicGnomeSpecie", name: gnomes.name, type: "species", system: structuredClone(gnomes.system) }],
    },
    { _id: GOLEM, name: "Clay Golem", type: "npc", ownership: { default: 0 }, flags: { clockwork: { golemRunes: "minor" } }, system: { skills: skills({ strength: 8 }) } },
  ];
}

/** Grid positions (spaces) of each actor's token. */
export const POSITIONS: Record<string, [number, number]> = { [ILINDE]: [0, 0], [BRAM]: [0, 1], [GRUSHA]: [4, 0], [GNOME]: [5, 1], [GOLEM]: [4, 2] };

export interface Arena {
  world: World;
  gm: WorldClient;
  alice: WorldClient;
  bob: WorldClient;
}

/** Seeds the actors, the scene (with a strong pool unless `pool: null`) and a started combat. */
export async function seedArena(world: World, options: { combat?: boolean; pool?: Record<string, unknown> | null; mana?: number } = {}): Promise<Arena> {
  const alice = world.player("Alice");
  const bob = world.player("Bob");
  await world.seed("Actor", actorSources({ alice: alice.userId, bob: bob.userId }, { mana: options.mana }));
  const pool = options.pool === undefined ? { connection: "strong", max: 60, value: 60, refilledAt: 0 } : options.pool;
  await world.seed("Scene", [{
    _id: SCENE_ID, name: "Tower", active: true,
    ...(pool ? { flags: { clockwork: { manaPool: pool } } } : {}),
    tokens: Object.entries(POSITIONS).map(([actorId, [x, y]]) => ({ _id: tokenId(actorId), name: actorId === GNOME ? "Pip" : undefined, actorId, actorLink: true, x: x * 100, y: y * 100 })),
  }]);
  if (options.combat !== false) {
    await world.seed("Combat", [{
      _id: COMBAT_ID, scene: SCENE_ID, active: true, round: 0, turn: null,
      combatants: Object.keys(POSITIONS).map((actorId, i) => ({
        _id: combatantId(actorId), actorId, tokenId: tokenId(actorId), sceneId: SCENE_ID, initiative: 10 - i,
        system: { counters: { available: 6, reserved: 0, hadTurn: true, passed: false } },
      })),
    }]);
    await world.as(world.gm, () => world.gm.game.combats.get(COMBAT_ID)!.update({ round: 1, turn: 0 }));
    await world.settle();
    await setCounters(world, ILINDE, 6);
  }
  return { world, gm: world.gm, alice, bob };
}

/** A document of a client's world by UUID. */
export function doc<T = Record<string, unknown>>(client: WorldClient, uuid: string): T {
  return client.run(() => (globalThis as unknown as { fromUuidSync(u: string): T }).fromUuidSync(uuid));
}

/** The GM gives a combatant fresh counters (the stand-in for its next turn). */
export async function setCounters(world: World, actorId: string, available: number): Promise<void> {
  const combatant = doc<{ update(c: object): Promise<unknown> }>(world.gm, combatantUuid(actorId));
  await world.as(world.gm, () => combatant.update({ "system.counters": { available, reserved: 0, hadTurn: true, passed: false } }));
  await world.settle();
}

/** Lets fire-and-forget hook handlers (refills, effect ends) finish. */
export async function flush(world: World): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await world.settle();
    // The lifecycle's hook handlers are not awaited by the hooks (their chat cards read templates from disk).
    await lifecycleSettled();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** The GM moves an actor's token to a grid space (spaces, not pixels). */
export async function moveToken(world: World, actorId: string, x: number, y: number): Promise<void> {
  const scene = world.gm.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): { update(c: object): Promise<unknown> } } };
  await world.as(world.gm, () => scene.tokens.get(tokenId(actorId)).update({ x: x * 100, y: y * 100 }));
  await world.settle();
}
