/**
 * A small fight in the multi-user test world: the GM, Alice (owns Ada) and Bob (owns Bo), two
 * NPCs, and a combat with all four. Helpers read a combatant's state on any client.
 */
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import type { CounterState } from "../../src/rules";

export interface Fight {
  world: World;
  gm: WorldClient;
  alice: WorldClient;
  bob: WorldClient;
  actors: Record<"ada" | "bo" | "gob" | "orc", string>;
  combatId: string;
  /** Combatant ids by actor key. */
  ids: Record<"ada" | "bo" | "gob" | "orc", string>;
}

export type AnyDoc = Record<string, unknown> & {
  id: string;
  name: string;
  system: Record<string, unknown>;
  update(changes: object, options?: object): Promise<unknown>;
};

const OWNER = 3;

/** A medical kit (an equipment item of the Kit category): what a Medicine check needs on the healer (L968). */
export const MEDICAL_KIT = { name: "Medical Kit", type: "equipment", system: { category: "kit", identifier: "medical-kit" } };

/** Actor sources: Agility and Intuition ranks decide initiative; NPCs are stock. */
export function actorSources(): Record<string, unknown>[] {
  return [
    { name: "Ada", type: "character", system: { skills: { agility: { rank: 8 }, intuition: { rank: 10 } } } },
    // Bo, the healer, carries a medical kit: the Medicine check needs one (L968).
    { name: "Bo", type: "character", system: { skills: { agility: { rank: 10 }, intuition: { rank: 9 } } }, items: [MEDICAL_KIT] },
    { name: "Gob", type: "npc", system: { skills: { agility: { rank: 9 }, intuition: { rank: 11 } } } },
    { name: "Orc", type: "npc", system: { skills: { agility: { rank: 11 }, intuition: { rank: 11 } } } },
  ];
}

export async function createFight(options: { initiative?: Record<string, number>; world?: () => Promise<World> } = {}): Promise<Fight> {
  clearQueuedFaces();
  // Under happy-dom the world is built from file paths (tests/world/applications/dom-world.ts).
  const world = await (options.world ?? (() => createWorld({ packs: false })))();
  const gm = world.gm;
  const alice = world.player("Alice");
  const bob = world.player("Bob");
  const sources = actorSources();
  const [ada] = await world.seed("Actor", [sources[0]], { ownership: { [alice.userId]: OWNER } });
  const [bo] = await world.seed("Actor", [sources[1]], { ownership: { [bob.userId]: OWNER } });
  const [gob, orc] = await world.seed("Actor", [sources[2], sources[3]]);
  const init = { ada: 40, bo: 30, gob: 20, orc: 10, ...options.initiative };
  const [combatId] = await world.seed("Combat", [{
    active: true,
    combatants: [
      { actorId: ada, name: "Ada", initiative: init.ada },
      { actorId: bo, name: "Bo", initiative: init.bo },
      { actorId: gob, name: "Gob", initiative: init.gob },
      { actorId: orc, name: "Orc", initiative: init.orc },
    ],
  }]);
  const combat = combatOn(gm, combatId);
  const idOf = (actorId: string) => (combat.combatants.contents as AnyDoc[]).find((c) => c.actorId === actorId)?.id as string;
  return { world, gm, alice, bob, actors: { ada, bo, gob, orc }, combatId, ids: { ada: idOf(ada), bo: idOf(bo), gob: idOf(gob), orc: idOf(orc) } };
}

export interface CombatDoc extends AnyDoc {
  round: number;
  turn: number | null;
  started: boolean;
  combatant: AnyDoc | null;
  combatants: { get(id: string): AnyDoc | undefined; contents: AnyDoc[]; size: number };
  turns: AnyDoc[];
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  previousTurn(): Promise<unknown>;
  nextRound(): Promise<unknown>;
  previousRound(): Promise<unknown>;
  rollInitiative(ids: string[] | string, options?: object): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
  updateEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
  delete(): Promise<unknown>;
}

export function combatOn(client: WorldClient, combatId: string): CombatDoc {
  return client.game.combats.get(combatId) as unknown as CombatDoc;
}

/** A combatant's counters as a client sees them (undefined stored = defenseless). */
export function countersOn(client: WorldClient, fight: Fight, key: keyof Fight["ids"]): CounterState {
  const c = combatOn(client, fight.combatId).combatants.get(fight.ids[key]) as unknown as { counters: CounterState };
  return c.counters;
}

/** Run as a client and wait for the world to settle. */
export async function as<T>(fight: Fight, client: WorldClient, fn: (combat: CombatDoc) => T | Promise<T>): Promise<T> {
  const result = await fight.world.as(client, () => fn(combatOn(client, fight.combatId)));
  await fight.world.settle();
  return result;
}

export function actorOn(client: WorldClient, id: string): AnyDoc {
  return client.game.actors.get(id) as unknown as AnyDoc;
}

export { queueFaces };
