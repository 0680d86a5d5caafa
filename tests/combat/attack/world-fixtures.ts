/**
 * A small fight for the attack tests: Ada (Alice's character), Bram (Bob's character), two NPCs
 * only the GM owns (Grusha and a minion), all on one scene with tokens one grid space (100 px)
 * apart, and a started combat with every one of them as a combatant.
 */
import type { World, WorldClient } from "../../world";

export const SCENE_ID = "attackScene00001";
export const COMBAT_ID = "attackCombat0001";
export const ADA = "attackAdaChar001";
export const BRAM = "attackBramChar01";
export const GRUSHA = "attackGrushaNpc1";
export const MINION = "attackMinionNpc1";
export const SWORD = "attackAdaSword01";
export const RIFLE = "attackAdaRifle01";
export const GRENADE = "attackAdaGrenad1";
export const CLUB = "attackGrushaClub";
export const SHIELD = "attackBramShield";

const OWNER = 3;
const OBSERVER = 2;

/** Token id of an actor in the scene. */
export const tokenId = (actorId: string): string => `tok${actorId}`.slice(0, 16);
/** Combatant id of an actor. */
export const combatantId = (actorId: string): string => `cbt${actorId}`.slice(0, 16);

const skills = (ranks: Record<string, number>) => Object.fromEntries(Object.entries(ranks).map(([k, v]) => [k, { rank: v }]));

export function actorSources(users: { alice: string; bob: string }): Record<string, unknown>[] {
  return [
    {
      _id: ADA, name: "Ada", type: "character", ownership: { default: 0, [users.alice]: OWNER, [users.bob]: OBSERVER },
      system: { skills: skills({ strength: 8, agility: 9, stamina: 8, accuracy: 8 }), equipped: { mainHand: SWORD } },
      items: [
        { _id: SWORD, name: "Longsword", type: "weapon", system: { category: "melee", group: "sword", counters: 2, damage: { dice: 8, types: ["slashing"] } } },
        { _id: RIFLE, name: "Assault Rifle", type: "weapon", system: { category: "ranged", group: "rifle", hands: "two", counters: 2, damage: { dice: 8, types: ["ballistic"] }, rangeIncrement: 9, properties: [{ key: "autofire", damageType: "" }] } },
        {
          _id: GRENADE, name: "Concussion Grenade", type: "weapon",
          system: { category: "explosive", group: "grenade", counters: 4, damage: { dice: 10, types: ["explosive"] }, rangeIncrement: 3, properties: [{ key: "arcShot", damageType: "" }], area: { shape: "radius", size: 2 }, conditions: [{ key: "stunned", trigger: "proc" }], container: "bandolier" },
        },
      ],
    },
    {
      _id: BRAM, name: "Bram", type: "character", ownership: { default: 0, [users.bob]: OWNER },
      system: { skills: skills({ strength: 9, agility: 8, stamina: 9 }), equipped: { shield: SHIELD } },
      items: [{ _id: SHIELD, name: "Buckler", type: "shield", system: {} }],
    },
    {
      _id: GRUSHA, name: "Grusha", type: "npc", ownership: { default: 0 },
      system: { skills: skills({ strength: 8, agility: 10, stamina: 8 }), equipped: { mainHand: CLUB } },
      items: [{ _id: CLUB, name: "Club", type: "weapon", system: { category: "melee", group: "club", counters: 2, damage: { dice: 6, types: ["blunt"] } } }],
    },
    { _id: MINION, name: "Goblin Minion", type: "npc", ownership: { default: 0 }, system: { minion: true, skills: skills({ strength: 10 }) } },
  ];
}

const NAMES: Record<string, string> = { [ADA]: "Ada", [BRAM]: "Bram", [GRUSHA]: "Grusha", [MINION]: "Goblin Minion" };

/** Grid positions (spaces) of each actor's token. */
export const POSITIONS: Record<string, [number, number]> = { [ADA]: [0, 0], [BRAM]: [0, 1], [GRUSHA]: [1, 0], [MINION]: [4, 0] };

export interface Fight {
  world: World;
  gm: WorldClient;
  alice: WorldClient;
  bob: WorldClient;
}

/** Seeds the actors, the scene with tokens and (unless `combat: false`) a started combat. */
export async function seedFight(world: World, options: { combat?: boolean; counters?: Partial<Record<string, object>> } = {}): Promise<Fight> {
  const alice = world.player("Alice");
  const bob = world.player("Bob");
  await world.seed("Actor", actorSources({ alice: alice.userId, bob: bob.userId }));
  await world.seed("Scene", [{
    _id: SCENE_ID, name: "Arena", active: true,
    tokens: Object.entries(POSITIONS).map(([actorId, [x, y]]) => ({
      _id: tokenId(actorId), name: NAMES[actorId], actorId, actorLink: true, x: x * 100, y: y * 100,
    })),
  }]);
  if (options.combat !== false) {
    const gmOnline = world.gm.connected;
    const counters = (id: string) => options.counters?.[id] ?? { available: 6, reserved: 0, hadTurn: true, passed: false };
    await world.seed("Combat", [{
      _id: COMBAT_ID, scene: SCENE_ID, active: true, round: gmOnline ? 0 : 1, turn: gmOnline ? null : 0,
      combatants: Object.keys(POSITIONS).map((actorId, i) => ({
        _id: combatantId(actorId), actorId, tokenId: tokenId(actorId), sceneId: SCENE_ID, initiative: 10 - i, system: { counters: counters(actorId) },
      })),
    }]);
    // Seeding a started combat trips the world's turn events (no previous state); start it instead.
    if (gmOnline) {
      const combat = world.gm.game.combats.get(COMBAT_ID)!;
      await world.as(world.gm, () => combat.update({ round: 1, turn: 0 }));
      await world.settle();
      // Starting the combat resets every combatant's counters (the turn bookkeeping); set the fight's.
      const updates = Object.keys(POSITIONS).map((actorId) => ({ _id: combatantId(actorId), "system.counters": counters(actorId) }));
      await world.as(world.gm, () => (combat as unknown as { updateEmbeddedDocuments(n: string, u: object[]): Promise<unknown> }).updateEmbeddedDocuments("Combatant", updates));
    }
    await world.settle();
  }
  return { world, gm: world.gm, alice, bob };
}

/** A document of a client's world by UUID. */
export function doc<T = Record<string, unknown>>(client: WorldClient, uuid: string): T {
  return client.run(() => (globalThis as unknown as { fromUuidSync(u: string): T }).fromUuidSync(uuid));
}

export const actorUuid = (id: string): string => `Actor.${id}`;
export const combatantUuid = (actorId: string): string => `Combat.${COMBAT_ID}.Combatant.${combatantId(actorId)}`;

/**
 * Posts a chat card as `client` whose ClockWork flags name `userUuid` using an item on each of
 * `targetUuids` (an alchemy use's flags: no render hook draws them): the cause a relayed batch
 * names (docs/rulings.md 138). Resolves the message's UUID.
 */
export async function postCauseCard(world: World, client: WorldClient, userUuid: string, targetUuids: readonly string[]): Promise<string> {
  const [targetUuid, ...more] = targetUuids;
  const message = await world.as(client, () => (globalThis as unknown as { ChatMessage: { implementation: { create(d: object): Promise<{ uuid: string }> } } })
    .ChatMessage.implementation.create({ content: "<p>cause</p>", flags: { clockwork: { alchemyUse: { actorUuid: userUuid, targetUuid }, ...(more.length ? { cast: { caster: { uuid: userUuid }, targets: more.map((uuid) => ({ uuid })) } } : {}) } } }));
  await world.settle();
  return message.uuid;
}

/** The GM moves an actor's token to a grid space (spaces, not pixels): melee reaches only the next space (issue 28). */
export async function placeToken(world: World, actorId: string, x: number, y: number): Promise<void> {
  const scene = world.gm.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): { update(c: object): Promise<unknown> } } };
  await world.as(world.gm, () => scene.tokens.get(tokenId(actorId)).update({ x: x * 100, y: y * 100 }));
  await world.settle();
}
