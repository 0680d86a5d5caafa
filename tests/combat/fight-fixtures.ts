/**
 * The acceptance fight's table (issue 10): the GM, Alice and Bob; Alice's Ada (a grenade and a
 * knife) and Bob's Bram (a longsword that makes its target bleed on a proc, a buckler, the
 * Medicine focus); the GM's Grusha (an orc with a stunning club), a gnoll with a greataxe and a
 * band of three goblin minions (one actor, three unlinked tokens, one combatant). All on one
 * scene with 100 px spaces; Ada starts the fight worn down (one vital left).
 */
import type { World, WorldClient } from "../world";

export const SCENE_ID = "fightScene000001";
export const COMBAT_ID = "fightCombat00001";
export const ADA = "fightAdaCharactr";
export const BRAM = "fightBramCharact";
export const GRUSHA = "fightGrushaOrcNp";
export const GNOLL = "fightGnollNpc001";
export const GOBLIN = "fightGoblinMinio";
export const GRENADE = "fightAdaGrenade1";
export const KNIFE = "fightAdaKnife001";
export const SWORD = "fightBramSword01";
export const SHIELD = "fightBramShield1";
export const MEDICINE = "fightBramMedicin";
export const CLUB = "fightGrushaClub1";
export const AXE = "fightGnollAxe001";
export const SHIV = "fightGoblinShiv1";
export const GOBLIN_TOKENS = ["fightGoblinTok01", "fightGoblinTok02", "fightGoblinTok03"] as const;

const OWNER = 3;
const OBSERVER = 2;

const skills = (ranks: Record<string, number>) => Object.fromEntries(Object.entries(ranks).map(([k, v]) => [k, { rank: v }]));

export function actorSources(users: { alice: string; bob: string }): Record<string, unknown>[] {
  return [
    {
      _id: ADA, name: "Ada", type: "character", ownership: { default: 0, [users.alice]: OWNER, [users.bob]: OBSERVER },
      system: {
        skills: skills({ strength: 8, agility: 9, stamina: 8, accuracy: 10 }),
        equipped: { mainHand: KNIFE },
        health: { vitalsLost: 5, wounds: 1 },
      },
      items: [
        { _id: KNIFE, name: "Knife", type: "weapon", system: { category: "melee", group: "knife", counters: 2, damage: { dice: 4, types: ["piercing"] } } },
        {
          _id: GRENADE, name: "Frag Grenade", type: "weapon",
          system: { category: "explosive", group: "grenade", counters: 4, damage: { dice: 8, types: ["explosive"] }, rangeIncrement: 5, properties: [{ key: "arcShot", damageType: "" }], area: { shape: "radius", size: 1 }, container: "bandolier" },
        },
      ],
    },
    {
      _id: BRAM, name: "Bram", type: "character", ownership: { default: 0, [users.bob]: OWNER, [users.alice]: OBSERVER },
      system: { skills: skills({ strength: 10, agility: 8, stamina: 9, knowledge: 9 }), equipped: { mainHand: SWORD, shield: SHIELD } },
      items: [
        { _id: SWORD, name: "Longsword", type: "weapon", system: { category: "melee", group: "sword", counters: 2, damage: { dice: 8, types: ["slashing"] }, conditions: [{ key: "bleeding", trigger: "proc" }] } },
        { _id: SHIELD, name: "Buckler", type: "shield", system: {} },
        { _id: MEDICINE, name: "Medicine", type: "focus", system: { identifier: "medicine", skill: "knowledge" } },
        // The Medicine check needs medical equipment on the healer (L968).
        { _id: "fightBramMedKit1", name: "Medical Kit", type: "equipment", system: { category: "kit", identifier: "medical-kit" } },
      ],
    },
    {
      _id: GRUSHA, name: "Grusha", type: "npc", ownership: { default: 0 },
      system: { skills: skills({ strength: 9, agility: 8, stamina: 9 }), equipped: { mainHand: CLUB } },
      items: [{ _id: CLUB, name: "Spiked Club", type: "weapon", system: { category: "melee", group: "club", counters: 2, damage: { dice: 6, types: ["blunt"] }, conditions: [{ key: "stunned", trigger: "proc" }] } }],
    },
    {
      _id: GNOLL, name: "Gnoll", type: "npc", ownership: { default: 0 },
      system: { skills: skills({ strength: 10, agility: 8 }), equipped: { mainHand: AXE } },
      items: [{ _id: AXE, name: "Greataxe", type: "weapon", system: { category: "melee", group: "axe", hands: "two", counters: 2, damage: { dice: 10, types: ["slashing"] } } }],
    },
    {
      _id: GOBLIN, name: "Goblin", type: "npc", ownership: { default: 0 },
      system: { minion: true, skills: skills({ strength: 8, agility: 8 }), equipped: { mainHand: SHIV } },
      items: [{ _id: SHIV, name: "Shiv", type: "weapon", system: { category: "melee", group: "knife", counters: 2, damage: { dice: 4, types: ["piercing"] } } }],
    },
  ];
}

/** Grid spaces of each token: the party and the orc and gnoll in melee, two goblins together, one apart. */
export const POSITIONS: Record<string, [number, number]> = {
  [`tok${ADA}`.slice(0, 16)]: [1, 0],
  [`tok${BRAM}`.slice(0, 16)]: [1, 1],
  [`tok${GRUSHA}`.slice(0, 16)]: [2, 0],
  [`tok${GNOLL}`.slice(0, 16)]: [2, 1],
  [GOBLIN_TOKENS[0]]: [4, 4],
  [GOBLIN_TOKENS[1]]: [5, 4],
  [GOBLIN_TOKENS[2]]: [2, 2],
};

/** Where the band's two other goblins run to in round 1: beside Bram. */
export const GOBLIN_RUN: [number, number][] = [[0, 2], [1, 2]];

export const tokenId = (actorId: string): string => `tok${actorId}`.slice(0, 16);
export const combatantId = (actorId: string): string => `cbt${actorId}`.slice(0, 16);

/** Initiative order: Ada, Bram, Grusha, the gnoll, the goblin band. */
export const INITIATIVE: Record<string, number> = { [ADA]: 50, [BRAM]: 40, [GRUSHA]: 30, [GNOLL]: 20, [GOBLIN]: 10 };

export interface Table {
  world: World;
  gm: WorldClient;
  alice: WorldClient;
  bob: WorldClient;
}

/** Seeds the actors, the scene and an unstarted combat (each goblin token its own combatant). */
export async function seedTable(world: World): Promise<Table> {
  const alice = world.player("Alice");
  const bob = world.player("Bob");
  await world.seed("Actor", actorSources({ alice: alice.userId, bob: bob.userId }));
  const linked = [ADA, BRAM, GRUSHA, GNOLL].map((actorId) => ({ _id: tokenId(actorId), actorId, actorLink: true }));
  const goblins = GOBLIN_TOKENS.map((id, i) => ({ _id: id, actorId: GOBLIN, actorLink: false, name: `Goblin ${i + 1}` }));
  const names: Record<string, string> = { [ADA]: "Ada", [BRAM]: "Bram", [GRUSHA]: "Grusha", [GNOLL]: "Gnoll" };
  await world.seed("Scene", [{
    _id: SCENE_ID, name: "Mill ford", active: true,
    tokens: [...linked.map((t) => ({ ...t, name: names[t.actorId] })), ...goblins].map((t) => ({ ...t, x: POSITIONS[t._id][0] * 100, y: POSITIONS[t._id][1] * 100 })),
  }]);
  await world.seed("Combat", [{
    _id: COMBAT_ID, scene: SCENE_ID, active: true,
    combatants: [
      ...[ADA, BRAM, GRUSHA, GNOLL].map((actorId) => ({ _id: combatantId(actorId), actorId, tokenId: tokenId(actorId), sceneId: SCENE_ID, initiative: INITIATIVE[actorId] })),
      ...GOBLIN_TOKENS.map((id, i) => ({ _id: `cbtGoblinMinion${i + 1}`, actorId: GOBLIN, tokenId: id, sceneId: SCENE_ID, name: `Goblin ${i + 1}`, initiative: INITIATIVE[GOBLIN] - i * 0.1 })),
    ],
  }]);
  await world.settle();
  return { world, gm: world.gm, alice, bob };
}
