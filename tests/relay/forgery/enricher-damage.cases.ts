/**
 * Forged "damage.apply" requests (issue 22 item 3: the `[[/damage …]]` card's Apply). Table: the
 * magic arena with Alice's real damage card at Grusha (6 piercing, not applied) and a console
 * for making chat messages.
 */
import { createWorld, queueFaces, clearQueuedFaces, type World, type WorldClient } from "../../world";
import { RELAY_QUERY } from "../../../src/relay";
import { DAMAGE_APPLY, DAMAGE_FLAG, DAMAGE_UNDO, rollEnricherDamage } from "../../../src/enrichers/damage";
import { GRUSHA, SCENE_ID, seedArena, tokenId } from "../../magic/world-fixtures";
import type { ForgeryCase } from "./case";

export interface DamageTable {
  world: World;
  gm: WorldClient;
  alice: WorldClient;
  bob: WorldClient;
  /** Alice's real damage card at Grusha (UUID). */
  card: string;
  /** A chat message a client makes from its console, with these flags and rolls. */
  note(client: WorldClient, flags: Record<string, unknown>, rolls?: unknown[]): Promise<string>;
  /** Alice's card's rolls as JSON. */
  rolls(): unknown[];
}

export async function damageTable(): Promise<DamageTable> {
  const world = await createWorld({ packs: false });
  const { gm, alice, bob } = await seedArena(world, { combat: false });
  const grusha = (alice.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(GRUSHA));
  (alice.user as unknown as { targets: Set<unknown> }).targets = new Set([grusha]);
  queueFaces(12, 12, 11, 10, 9, 8);
  const made = await world.as(alice, () => rollEnricherDamage(null, 6, "piercing", "Spikes"));
  clearQueuedFaces();
  await world.settle();
  const card = (made as unknown as { uuid: string }).uuid;
  const note = async (client: WorldClient, flags: Record<string, unknown>, rolls: unknown[] = []) => {
    const created = (await world.as(client, () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ uuid: string }> } })
      .ChatMessage.create({ content: "looks like nothing", rolls, flags: { clockwork: flags } })))!;
    await world.settle();
    return created.uuid;
  };
  const rolls = () => (made as unknown as { rolls: { toJSON(): unknown }[] }).rolls.map((r) => r.toJSON());
  return { world, gm, alice, bob, card, note, rolls };
}

const request = (cause: string | null, userId: string) => ({ kind: DAMAGE_APPLY, args: {}, cause, userId });
const flag = (dice: number) => ({ [DAMAGE_FLAG]: { dice, damageType: "piercing" } });

export const enricherDamageForgeries: ForgeryCase<DamageTable>[] = [
  { name: "damage.apply claiming the GM's id", query: RELAY_QUERY, kind: DAMAGE_APPLY, forgery: "claimed-gm", build: async (t) => ({ from: t.bob, to: t.gm, data: request(await t.note(t.bob, flag(6), t.rolls()), t.gm.userId) }) },
  { name: "damage.apply with Bob's card claiming Alice's id", query: RELAY_QUERY, kind: DAMAGE_APPLY, forgery: "claimed-player", build: async (t) => ({ from: t.bob, to: t.gm, data: request(await t.note(t.bob, flag(6), t.rolls()), t.alice.userId) }) },
  { name: "damage.apply with no card", query: RELAY_QUERY, kind: DAMAGE_APPLY, forgery: "no-cause", build: async (t) => ({ from: t.bob, to: t.gm, data: request(null, t.bob.userId) }) },
  { name: "damage.apply with Alice's damage card", query: RELAY_QUERY, kind: DAMAGE_APPLY, forgery: "not-author", build: async (t) => ({ from: t.bob, to: t.gm, data: request(t.card, t.bob.userId) }) },
  { name: "damage.apply with a card whose flag says 12 dice over a roll of 6", query: RELAY_QUERY, kind: DAMAGE_APPLY, forgery: "out-of-range", build: async (t) => ({ from: t.bob, to: t.gm, data: request(await t.note(t.bob, flag(12), t.rolls()), t.bob.userId) }) },
  { name: "damage.apply with Bob's own card, its roll and flag agreeing, typed in chat (no page of the GM's asks for it)", query: RELAY_QUERY, kind: DAMAGE_APPLY, forgery: "wrong-state", build: async (t) => ({ from: t.bob, to: t.gm, data: request(await t.note(t.bob, flag(6), t.rolls()), t.bob.userId) }) },
  { name: "damage.apply with Bob's card naming a page that does not exist", query: RELAY_QUERY, kind: DAMAGE_APPLY, forgery: "other-document", build: async (t) => ({ from: t.bob, to: t.gm, data: request(await t.note(t.bob, { [DAMAGE_FLAG]: { dice: 6, damageType: "piercing", source: "JournalEntry.nope0000000000.JournalEntryPage.nope0000000000" } }, t.rolls()), t.bob.userId) }) },
  { name: "damage.apply with a card that is no damage card", query: RELAY_QUERY, kind: DAMAGE_APPLY, forgery: "other-document", build: async (t) => ({ from: t.bob, to: t.gm, data: request(await t.note(t.bob, { other: true }), t.bob.userId) }) },
  // The GM's Undo (issue 34): GMs only.
  { name: "damage.undo of Alice's card claiming the GM's id", query: RELAY_QUERY, kind: DAMAGE_UNDO, forgery: "claimed-gm", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: DAMAGE_UNDO, args: {}, cause: t.card, userId: t.gm.userId } }) },
  { name: "damage.undo of Alice's card claiming Alice's id", query: RELAY_QUERY, kind: DAMAGE_UNDO, forgery: "claimed-player", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: DAMAGE_UNDO, args: {}, cause: t.card, userId: t.alice.userId } }) },
  { name: "damage.undo with no card", query: RELAY_QUERY, kind: DAMAGE_UNDO, forgery: "no-cause", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: DAMAGE_UNDO, args: {}, cause: null, userId: t.bob.userId } }) },
  { name: "damage.undo of Alice's card by Bob", query: RELAY_QUERY, kind: DAMAGE_UNDO, forgery: "not-author", build: async (t) => ({ from: t.bob, to: t.gm, data: { kind: DAMAGE_UNDO, args: {}, cause: t.card, userId: t.bob.userId } }) },
];
