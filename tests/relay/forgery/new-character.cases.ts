/**
 * Forged requests for a new character (issue 20 item 2; RULING 162), sent from Bob's client.
 * The table: Bob asked once honestly and has his empty character waiting; Alice posted a request
 * note the GM has not answered yet; Bob posted a second note (unanswered) and a plain message.
 */
import { createWorld, type World, type WorldClient } from "../../world";
import type { ForgeryCase } from "./case";

export interface NewCharacterTable {
  world: World;
  gm: WorldClient;
  alice: WorldClient;
  bob: WorldClient;
  /** Bob's note the GM answered (his character waits). */
  answered: string;
  /** Bob's note, not answered. */
  fresh: string;
  /** Alice's note, not answered. */
  alices: string;
  /** A plain chat message of Bob's. */
  plain: string;
}

type Doc = { uuid: string };

async function post(world: World, client: WorldClient, flags: Record<string, unknown>): Promise<string> {
  const created = await world.as(client, () => ((client.CONFIG.ChatMessage as { documentClass: unknown }).documentClass as { create(d: object): Promise<Doc> }).create({ content: "<p>note</p>", flags }));
  return created.uuid;
}

export async function newCharacterTable(): Promise<NewCharacterTable> {
  const world = await createWorld({ packs: false });
  const gm = world.gm;
  const alice = world.player("Alice");
  const bob = world.player("Bob");
  const { newCharacter } = await import("../../../src/documents/new-character");
  await world.as(bob, () => newCharacter());
  await world.settle();
  const notes = (gm.game.messages.contents as unknown as (Doc & { flags: { clockwork?: { newCharacter?: { actorId?: string } } } })[]);
  const answered = notes.find((m) => m.flags.clockwork?.newCharacter?.actorId)!.uuid;
  const fresh = await post(world, bob, { clockwork: { newCharacter: { userId: bob.userId } } });
  const alices = await post(world, alice, { clockwork: { newCharacter: { userId: alice.userId } } });
  const plain = await post(world, bob, {});
  await world.settle();
  return { world, gm, alice, bob, answered, fresh, alices, plain };
}

const QUERY = "clockwork.newCharacter";
type Case = ForgeryCase<NewCharacterTable>;

const toGM = (t: NewCharacterTable, data: Record<string, unknown>) => ({ from: t.bob, to: t.gm, data });

export const newCharacterForgeries: Case[] = [
  { name: "a character claiming the GM's id", query: QUERY, forgery: "claimed-gm", build: async (t) => toGM(t, { userId: t.gm.userId, cause: t.fresh }) },
  { name: "a character for Alice, following Bob's own note", query: QUERY, forgery: "claimed-player", build: async (t) => toGM(t, { userId: t.alice.userId, cause: t.fresh }) },
  { name: "a character for Bob, following Alice's note", query: QUERY, forgery: "not-author", build: async (t) => toGM(t, { userId: t.bob.userId, cause: t.alices }) },
  { name: "a character with no request note", query: QUERY, forgery: "no-cause", build: async (t) => toGM(t, { userId: t.bob.userId }) },
  { name: "a character following a plain chat message", query: QUERY, forgery: "other-document", build: async (t) => toGM(t, { userId: t.bob.userId, cause: t.plain }) },
  { name: "a character following a note already answered", query: QUERY, forgery: "reused-cause", build: async (t) => toGM(t, { userId: t.bob.userId, cause: t.answered }) },
  { name: "a second character while Bob's first waits empty", query: QUERY, forgery: "wrong-state", build: async (t) => toGM(t, { userId: t.bob.userId, cause: t.fresh }) },
  { name: "a character with a 500-character name", query: QUERY, forgery: "out-of-range", build: async (t) => toGM(t, { userId: t.bob.userId, cause: t.fresh, name: "x".repeat(500) }) },
  { name: "a character asked of Alice, a player", query: QUERY, forgery: "own-id", build: async (t) => ({ from: t.bob, to: t.alice, data: { userId: t.bob.userId, cause: t.fresh } }) },
];
