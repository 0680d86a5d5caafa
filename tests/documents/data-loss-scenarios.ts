/**
 * The data-loss cases of issue 9, each played in the test world by Alice (a player who owns the
 * character) the way a sheet, a drag or a macro writes: the same scenario runs against the build
 * from before issue 9 (data-loss-old-build.world.test.ts, which shows the loss) and against the current
 * build (data-loss.test.ts, which shows it gone). Each reports what the server stored and what
 * Alice was told.
 */
import type { World } from "../world";
import { AXE, FIRE_FLASK, HEALTH_POTION, copy, creature, type ItemFixture } from "../fixtures/actors";

export interface Outcome {
  /** The actor's stored system data on the server after the write. */
  system: Record<string, unknown> & {
    skills: Record<string, { rank: number }>;
    currency: number;
    luck: { value: number };
    health: { hits: number; wounds: number; vitalsLost: number; dying: boolean; dead: boolean };
    equipped: { mainHand: string; offHand: string };
  };
  /** Stored sources of the actor's items. */
  items: { _id: string; name: string; system: Record<string, unknown> }[];
  /** Messages Alice's client showed, in order. */
  messages: string[];
}

const potion = (n: number, container: string): ItemFixture => ({
  ...copy(HEALTH_POTION), _id: `potionHealth000${n}`, name: `Health Potion ${n}`, system: { ...copy(HEALTH_POTION.system), quantity: 1, container },
});

/** Ada: Strength 7, 1500 currency, 1 luck, 2 wounds; three potions on the belt, a fire flask in the backpack, an axe in hand. */
function ada(): Record<string, unknown> {
  const system = creature({ strength: 7, stamina: 8 }, {
    health: { hits: 1, wounds: 2, vitalsLost: 1, barrier: 0, dying: false, dead: false },
    equipped: { mainHand: AXE._id, offHand: "", armor: "", shield: "" },
  });
  return {
    name: "Ada",
    type: "character",
    system: { ...system, currency: 1500, luck: { value: 1 } },
    items: [potion(1, "belt"), potion(2, "belt"), potion(3, "belt"), { ...copy(FIRE_FLASK), system: { ...copy(FIRE_FLASK.system), container: "backpack" } }, copy(AXE)],
  };
}

async function play(world: World, write: (actor: Actor.Implementation) => Promise<unknown>): Promise<Outcome> {
  const alice = world.player("Alice");
  const [id] = await world.seed("Actor", [ada()], { ownership: { [alice.user.id as string]: 3 } });
  const before = alice.notifications.length;
  await world.as(alice, async () => {
    await write(game.actors!.get(id) as Actor.Implementation);
  });
  await world.settle();
  const stored = structuredClone(world.server.sources.Actor.get(id)) as { system: Outcome["system"]; items: Outcome["items"] };
  return { system: stored.system, items: stored.items, messages: alice.notifications.slice(before).map((n) => n.message) };
}

const update = (changes: Record<string, unknown>) => (actor: Actor.Implementation) => actor.update(changes as never);

export const SCENARIOS = {
  /** A skill rank box emptied on the sheet. */
  emptiedRank: (world: World) => play(world, update({ "system.skills.strength.rank": null })),
  /** The currency box emptied (FormDataExtended sends null for an empty number input). */
  emptiedCurrency: (world: World) => play(world, update({ "system.currency": null })),
  /** The luck box emptied. */
  emptiedLuck: (world: World) => play(world, update({ "system.luck.value": null })),
  /** The wounds box emptied, sent as "" (a text input, or a macro). */
  emptiedWounds: (world: World) => play(world, update({ "system.health.wounds": "" })),
  /** Text typed into the currency box. */
  typedCurrency: (world: World) => play(world, update({ "system.currency": "lots" })),
  /** 99 wounds typed in. */
  wounds99: (world: World) => play(world, update({ "system.health.wounds": 99 })),
  /** More hits than the box holds. */
  hitsOverBox: (world: World) => play(world, update({ "system.health.hits": 40 })),
  /** More vitals lost than the creature has. */
  vitalsOver: (world: World) => play(world, update({ "system.health.vitalsLost": 30 })),
  /** A fourth item put on the three-slot belt through the item sheet's Container field. */
  beltFourth: (world: World) => play(world, async (actor) => {
    const flask = actor.items.find((item) => item.name === FIRE_FLASK.name) as Item.Implementation;
    await flask.update({ "system.container": "belt" } as never);
  }),
  /** The equipped axe deleted from the sheet. */
  deleteEquipped: (world: World) => play(world, async (actor) => {
    await (actor.items.get(AXE._id) as Item.Implementation).delete();
  }),
  /** The Dead box ticked by the player on a healthy character. */
  playerTicksDead: (world: World) => play(world, update({ "system.health.dead": true })),
};

export type ScenarioName = keyof typeof SCENARIOS;
