/**
 * Magic's forged requests (issue 18 item 7): every relay kind magic registers ("cast.apply",
 * "cast.undo", "channel", "alchemy.apply", "alchemy.undo", "companion.summon") sent from a player's console as the
 * relay's one query, each lying in one way; and the spell dodge shape of `clockwork.spellReaction`.
 * A cast card's claims (a scroll's roll, a Counterspell, a dodge, a resisting roll, a "vs GM"
 * difficulty) are checked against records its author cannot write (`magicRefusalKeys`). The
 * table is the magic arena (tests/magic/world-fixtures) out of combat: Alice's Ilinde (30 mana,
 * room 5 after the seed below) and her pending Fire Bolt card at Grusha, Bob's Bram, the GM's NPCs
 * and the scene's pool (60).
 */
import { RELAY_QUERY } from "../../../src/relay";
import { SPELL_REACTION_QUERY } from "../../../src/magic/constants";
import { queueFaces, clearQueuedFaces, createWorld, type World, type WorldClient } from "../../world";
import { BRAM, GRUSHA, ILINDE, SPELL_IDS, actorUuid, doc, sceneUuid, seedArena, spellItem } from "../../magic/world-fixtures";
import type { ForgeryCase } from "./case";

export interface MagicTable {
  world: World;
  gm: WorldClient;
  alice: WorldClient;
  bob: WorldClient;
  /** Alice's real Fire Bolt card at Grusha, not applied (UUID). */
  bolt: string;
  /** A chat message a client makes from its console, with these flags and rolls. */
  note(client: WorldClient, flags: Record<string, unknown>, rolls?: unknown[]): Promise<string>;
  /** Alice's real card, applied by her (for reuse and Undo). */
  applied(): Promise<string>;
}

interface Caster {
  items: { get(id: string): unknown };
  update(changes: object): Promise<unknown>;
  castSpell(item: unknown, options?: object): Promise<{ message: { uuid: string } } | null>;
}
interface Message { uuid: string; flags: Record<string, Record<string, unknown>>; rolls: { toJSON(): unknown }[] }

const ilinde = (client: WorldClient) => doc<Caster>(client, actorUuid(ILINDE));
const message = (client: WorldClient, uuid: string) => doc<Message>(client, uuid);

/** The arena with Alice's Fire Bolt at Grusha posted but not applied (her mana 25 of 30). */
export async function magicTable(): Promise<MagicTable> {
  const world = await createWorld({ packs: false });
  const { gm, alice, bob } = await seedArena(world, { combat: false });
  const cast = async (apply: boolean) => {
    // 9 dice against Elemental 5: 5 gains, then the damage dice.
    queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, 9, 9, 9, 9, 9, 9);
    const made = await world.as(alice, () => ilinde(alice).castSpell(ilinde(alice).items.get(SPELL_IDS["Fire Bolt"]), { targets: [actorUuid(GRUSHA)], apply }));
    await world.settle();
    clearQueuedFaces();
    return made!.message.uuid;
  };
  const bolt = await cast(false);
  await world.as(alice, () => ilinde(alice).update({ "system.mana.value": 25 }));
  await world.settle();
  const note = async (client: WorldClient, flags: Record<string, unknown>, rolls: unknown[] = []) => {
    const made = (await world.as(client, () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ uuid: string }> } })
      .ChatMessage.create({ content: "looks like nothing", rolls, flags: { clockwork: flags } })))!;
    await world.settle();
    return made.uuid;
  };
  const applied = async () => {
    const uuid = await cast(true);
    await world.as(alice, () => ilinde(alice).update({ "system.mana.value": 25 }));
    await world.settle();
    return uuid;
  };
  return { world, gm, alice, bob, bolt, note, applied };
}

const ask = (from: WorldClient, to: WorldClient, kind: string, cause: string | null, userId: string, args: Record<string, unknown> = {}) =>
  ({ from, to, data: { kind, args, cause, userId } });

/** A copy of Alice's card whose flags lie: 9 gains and 50 damage, with the card's own rolls (5 gains, or 1 with `lowRoll`). */
async function lyingCard(t: MagicTable, client: WorldClient): Promise<string> {
  const real = message(t.alice, t.bolt);
  const cast = structuredClone(real.flags.clockwork.cast) as { gains: number; targets: { damage: number }[] };
  cast.gains = 9;
  cast.targets[0].damage = 50;
  return t.note(client, { cast }, real.rolls.map((r) => r.toJSON()));
}

/**
 * A copy of Alice's card, posted by `client` with the card's own rolls, its cast data changed by
 * `lie` (a claim the GM must check against a record the card's author cannot write).
 */
async function forgedCard(t: MagicTable, client: WorldClient, lie: (cast: CastData) => void): Promise<string> {
  const real = message(t.alice, t.bolt);
  const cast = structuredClone(real.flags.clockwork.cast) as CastData;
  lie(cast);
  return t.note(client, { cast }, real.rolls.map((r) => r.toJSON()));
}

interface CastData {
  countered: boolean;
  counteredBy: string | null;
  difficulty: number | null;
  targets: { reaction?: string }[];
  request: { itemUuid: string | null; scroll: { faces: number[]; rank: number; itemUuid: string | null } | null };
}

const FIRE_BOLT = `${actorUuid(ILINDE)}.Item.${SPELL_IDS["Fire Bolt"]}`;

/** The GM gives Ilinde an item (with its own id) from its source. */
async function giveIlinde(t: MagicTable, source: Record<string, unknown>): Promise<string> {
  await t.world.as(t.gm, () => doc<{ createEmbeddedDocuments(n: string, d: object[], o: object): Promise<unknown> }>(t.gm, actorUuid(ILINDE)).createEmbeddedDocuments("Item", [source], { keepId: true }));
  await t.world.settle();
  return `${actorUuid(ILINDE)}.Item.${String(source._id)}`;
}

/** A scroll of Fire Bolt in Ilinde's belt whose stored roll is 9 dice against rank 5. */
const scrollOfFireBolt = (t: MagicTable) => giveIlinde(t, {
  _id: "magicScrollFire1", name: "Scroll of Fire Bolt", type: "equipment",
  system: { category: "scroll", container: "belt", castsSpell: FIRE_BOLT },
  flags: { clockwork: { scroll: { faces: [12, 6, 6, 5, 2, 2, 2, 2, 2], rank: 5 } } },
});

/** Combat's reaction request for a creature, as a caster's client sends it inside the spell dodge query. */
const dodgeOf = (actorId: string) => ({
  attacker: "Ilinde", weapon: "Fire Bolt", target: "someone", timeout: 2_000, actorUuid: actorUuid(actorId),
  choices: [{ reaction: "none", defense: 5, chanceToHit: 0.5, expectedDamage: 3 }, { reaction: "dodge", defense: 8, chanceToHit: 0.2, expectedDamage: 1 }],
});

const channel = (actorId: string, amount: unknown) => ({ channel: { actorUuid: actorUuid(actorId), sceneUuid, amount } });

export const magicForgeries: ForgeryCase<MagicTable>[] = [
  // cast.apply
  { name: "cast.apply claiming the GM's id", query: RELAY_QUERY, kind: "cast.apply", forgery: "claimed-gm", build: async (t) => ask(t.alice, t.gm, "cast.apply", t.bolt, t.gm.userId) },
  { name: "cast.apply by Bob claiming Alice's id with his own copy of her card", query: RELAY_QUERY, kind: "cast.apply", forgery: "claimed-player", build: async (t) => ask(t.bob, t.gm, "cast.apply", await lyingCard(t, t.bob), t.alice.userId) },
  { name: "cast.apply with no card", query: RELAY_QUERY, kind: "cast.apply", forgery: "no-cause", build: async (t) => ask(t.alice, t.gm, "cast.apply", null, t.alice.userId) },
  { name: "cast.apply by Bob with Alice's card", query: RELAY_QUERY, kind: "cast.apply", forgery: "not-author", build: async (t) => ask(t.bob, t.gm, "cast.apply", t.bolt, t.bob.userId) },
  { name: "cast.apply naming a target the card does not name", query: RELAY_QUERY, kind: "cast.apply", forgery: "other-document", build: async (t) => ask(t.alice, t.gm, "cast.apply", t.bolt, t.alice.userId, { targets: ["t3"] }) },
  { name: "cast.apply with a console-made card whose flags lie (9 gains, its dice 5)", query: RELAY_QUERY, kind: "cast.apply", forgery: "out-of-range", build: async (t) => ask(t.alice, t.gm, "cast.apply", await lyingCard(t, t.alice), t.alice.userId) },
  { name: "cast.apply with targets that are not keys", query: RELAY_QUERY, kind: "cast.apply", forgery: "out-of-range", build: async (t) => ask(t.alice, t.gm, "cast.apply", t.bolt, t.alice.userId, { targets: "t0" }) },
  { name: "cast.apply with a card already applied (after the ledger merge)", query: RELAY_QUERY, kind: "cast.apply", forgery: "reused-cause", build: async (t) => ask(t.alice, t.gm, "cast.apply", await t.applied(), t.alice.userId) },
  // cast.apply: what a card says besides its dice, checked against records its author cannot write
  {
    name: "cast.apply with a console card reading a scroll at a rank and roll its scroll does not hold", query: RELAY_QUERY, kind: "cast.apply", forgery: "out-of-range",
    build: async (t) => {
      const scroll = await scrollOfFireBolt(t);
      return ask(t.alice, t.gm, "cast.apply", await forgedCard(t, t.alice, (cast) => (cast.request.scroll = { faces: [12, 12, 12, 12, 12, 12, 12, 12, 12], rank: 12, itemUuid: scroll })), t.alice.userId);
    },
  },
  { name: "cast.apply with a console card reading a scroll its caster does not hold", query: RELAY_QUERY, kind: "cast.apply", forgery: "out-of-range", build: async (t) => ask(t.alice, t.gm, "cast.apply", await forgedCard(t, t.alice, (cast) => (cast.request.scroll = { faces: [12, 12, 12, 12, 12, 12, 12, 12, 12], rank: 12, itemUuid: null })), t.alice.userId) },
  { name: "cast.apply with a console card saying a Counterspell that never happened countered it", query: RELAY_QUERY, kind: "cast.apply", forgery: "out-of-range", build: async (t) => ask(t.alice, t.gm, "cast.apply", await forgedCard(t, t.alice, (cast) => Object.assign(cast, { countered: true, counteredBy: "Grusha" })), t.alice.userId) },
  { name: "cast.apply with a console card saying Grusha dodged (she was never asked)", query: RELAY_QUERY, kind: "cast.apply", forgery: "out-of-range", build: async (t) => ask(t.alice, t.gm, "cast.apply", await forgedCard(t, t.alice, (cast) => (cast.targets[0].reaction = "dodge")), t.alice.userId) },
  {
    name: "cast.apply with a console card cast against an easier \"vs GM\" difficulty than the GM's", query: RELAY_QUERY, kind: "cast.apply", forgery: "out-of-range",
    build: async (t) => {
      await t.world.as(t.gm, () => t.gm.game.settings.set("clockwork", "spellDifficulty", 4));
      const detect = await giveIlinde(t, spellItem("Detect Magic", "magicSpellDetect"));
      return ask(t.alice, t.gm, "cast.apply", await forgedCard(t, t.alice, (cast) => Object.assign(cast, { difficulty: 0, request: { ...cast.request, itemUuid: detect } })), t.alice.userId);
    },
  },
  {
    name: "cast.apply with a console card whose Slow gives Grusha's resisting roll all 1s (the GM rolled and recorded hers)", query: RELAY_QUERY, kind: "cast.apply", forgery: "out-of-range",
    build: async (t) => {
      queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* Grusha, on the GM's client */ 12, 12, 12, 12, 12, 12, 12, 12);
      const made = await t.world.as(t.alice, () => ilinde(t.alice).castSpell(ilinde(t.alice).items.get(SPELL_IDS.Slow), { targets: [actorUuid(GRUSHA)], apply: false }));
      await t.world.settle();
      clearQueuedFaces();
      const real = message(t.alice, made!.message.uuid);
      const cast = structuredClone(real.flags.clockwork.cast) as { request: { rolls: { reaction: (number | null)[] } } };
      const at = cast.request.rolls.reaction[0];
      const rolls = real.rolls.map((r, i) => {
        const json = r.toJSON() as { terms?: { results?: { result: number }[] }[] };
        if (i === at) for (const term of json.terms ?? []) for (const die of term.results ?? []) die.result = 1;
        return json;
      });
      return ask(t.alice, t.gm, "cast.apply", await t.note(t.alice, { cast }, rolls), t.alice.userId);
    },
  },
  {
    name: "cast.apply with a console card saying Grusha was willing to be shrunk (her side never said so)", query: RELAY_QUERY, kind: "cast.apply", forgery: "out-of-range",
    build: async (t) => {
      const shrink = await giveIlinde(t, spellItem("Shrink", "magicSpellShrink"));
      // Her side is asked (no prompt can be drawn in this world: unanswered, so unwilling) and rolls her Stamina.
      queueFaces(12, 6, 6, 5, 2, 2, 2, 2, 2, /* Grusha, on the GM's client */ 2, 2, 2, 2, 2, 2, 2, 2);
      const made = await t.world.as(t.alice, () => ilinde(t.alice).castSpell(ilinde(t.alice).items.get("magicSpellShrink"), { targets: [actorUuid(GRUSHA)], apply: false }));
      await t.world.settle();
      clearQueuedFaces();
      const real = message(t.alice, made!.message.uuid);
      const cast = structuredClone(real.flags.clockwork.cast) as { request: { itemUuid: string | null; unwilling: boolean[]; rolls: { reaction: (number | null)[] } } };
      // The lie: willing, and no resisting roll.
      cast.request.unwilling = [false];
      cast.request.rolls.reaction = [null];
      cast.request.itemUuid = shrink;
      return ask(t.alice, t.gm, "cast.apply", await t.note(t.alice, { cast }, real.rolls.map((r) => r.toJSON())), t.alice.userId);
    },
  },
  // clockwork.spellReaction's dodge (combat's checks, then the record): never written for a creature the answerer does not own
  { name: "spell dodge for Grusha sent to Bob, who does not own her (no record written)", query: SPELL_REACTION_QUERY, forgery: "claimed-player", build: async (t) => ({ from: t.alice, to: t.bob, data: { castId: "forgedCast000001", dodge: dodgeOf(GRUSHA) } }) },
  // clockwork.spellReaction's willing question (./willing): answered only for a creature the answerer owns
  { name: "willing question for Grusha sent to Bob, who does not own her (no record written)", query: SPELL_REACTION_QUERY, forgery: "claimed-player", build: async (t) => ({ from: t.alice, to: t.bob, data: { willing: true, actorUuid: actorUuid(GRUSHA), caster: "Ilinde", spell: "Shrink", castId: "forgedCast000002" } }) },
  { name: "willing question for Bram under a cast id that is no flag key", query: SPELL_REACTION_QUERY, forgery: "out-of-range", build: async (t) => ({ from: t.alice, to: t.bob, data: { willing: true, actorUuid: actorUuid(BRAM), caster: "Ilinde", spell: "Shrink", castId: "../ledger" } }) },
  { name: "spell dodge for Bram under a cast id that is no flag key", query: SPELL_REACTION_QUERY, forgery: "out-of-range", build: async (t) => ({ from: t.alice, to: t.bob, data: { castId: "../ledger", dodge: dodgeOf(BRAM) } }) },
  // cast.undo
  { name: "cast.undo asked by the card's author", query: RELAY_QUERY, kind: "cast.undo", forgery: "own-id", build: async (t) => ask(t.alice, t.gm, "cast.undo", await t.applied(), t.alice.userId) },
  { name: "cast.undo claiming the GM's id", query: RELAY_QUERY, kind: "cast.undo", forgery: "claimed-gm", build: async (t) => ask(t.alice, t.gm, "cast.undo", await t.applied(), t.gm.userId) },
  { name: "cast.undo by Bob claiming Alice's id", query: RELAY_QUERY, kind: "cast.undo", forgery: "claimed-player", build: async (t) => ask(t.bob, t.gm, "cast.undo", await t.applied(), t.alice.userId) },
  { name: "cast.undo by Bob with Alice's card", query: RELAY_QUERY, kind: "cast.undo", forgery: "not-author", build: async (t) => ask(t.bob, t.gm, "cast.undo", await t.applied(), t.bob.userId) },
  { name: "cast.undo with no card", query: RELAY_QUERY, kind: "cast.undo", forgery: "no-cause", build: async (t) => ask(t.alice, t.gm, "cast.undo", null, t.alice.userId) },
  // channel
  { name: "channel: a bare drain (a card that is no channeling note)", query: RELAY_QUERY, kind: "channel", forgery: "no-cause", build: async (t) => ask(t.alice, t.gm, "channel", t.bolt, t.alice.userId) },
  { name: "channel: a drain larger than the mana room", query: RELAY_QUERY, kind: "channel", forgery: "out-of-range", build: async (t) => ask(t.alice, t.gm, "channel", await t.note(t.alice, channel(ILINDE, 20)), t.alice.userId) },
  { name: "channel: a negative amount", query: RELAY_QUERY, kind: "channel", forgery: "out-of-range", build: async (t) => ask(t.alice, t.gm, "channel", await t.note(t.alice, channel(ILINDE, -5)), t.alice.userId) },
  { name: "channel: a fraction", query: RELAY_QUERY, kind: "channel", forgery: "out-of-range", build: async (t) => ask(t.alice, t.gm, "channel", await t.note(t.alice, channel(ILINDE, 2.5)), t.alice.userId) },
  { name: "channel claiming the GM's id", query: RELAY_QUERY, kind: "channel", forgery: "claimed-gm", build: async (t) => ask(t.alice, t.gm, "channel", await t.note(t.alice, channel(ILINDE, 3)), t.gm.userId) },
  { name: "channel by Bob claiming Alice's id with his own note", query: RELAY_QUERY, kind: "channel", forgery: "claimed-player", build: async (t) => ask(t.bob, t.gm, "channel", await t.note(t.bob, channel(ILINDE, 3)), t.alice.userId) },
  { name: "channel by Bob with Alice's note", query: RELAY_QUERY, kind: "channel", forgery: "not-author", build: async (t) => ask(t.bob, t.gm, "channel", await t.note(t.alice, channel(ILINDE, 3)), t.bob.userId) },
  { name: "channel into a creature the asker does not own", query: RELAY_QUERY, kind: "channel", forgery: "other-document", build: async (t) => ask(t.alice, t.gm, "channel", await t.note(t.alice, channel(GRUSHA, 3)), t.alice.userId) },
  {
    name: "channel: a note already drained for", query: RELAY_QUERY, kind: "channel", forgery: "reused-cause",
    build: async (t) => {
      const note = await t.note(t.alice, channel(ILINDE, 3));
      const first = await t.world.as(t.alice, () => (t.alice.game.users.get(t.gm.userId) as unknown as { query(n: string, d: unknown): Promise<{ ok: boolean }> }).query(RELAY_QUERY, { kind: "channel", args: {}, cause: note, userId: t.alice.userId }));
      if (!first.ok) throw new Error("the first drain was refused");
      await t.world.settle();
      return ask(t.alice, t.gm, "channel", note, t.alice.userId);
    },
  },
  // alchemy.apply
  { name: "alchemy.apply claiming the GM's id", query: RELAY_QUERY, kind: "alchemy.apply", forgery: "claimed-gm", build: async (t) => ask(t.alice, t.gm, "alchemy.apply", await t.note(t.alice, { alchemyUse: { actorUuid: actorUuid(ILINDE), targetUuid: actorUuid(BRAM), itemUuid: null } }), t.gm.userId) },
  { name: "alchemy.apply by Bob with his own note claiming Alice's id", query: RELAY_QUERY, kind: "alchemy.apply", forgery: "claimed-player", build: async (t) => ask(t.bob, t.gm, "alchemy.apply", await t.note(t.bob, { alchemyUse: { actorUuid: actorUuid(ILINDE), targetUuid: actorUuid(GRUSHA), itemUuid: null } }), t.alice.userId) },
  { name: "alchemy.apply with no card", query: RELAY_QUERY, kind: "alchemy.apply", forgery: "no-cause", build: async (t) => ask(t.alice, t.gm, "alchemy.apply", null, t.alice.userId) },
  { name: "alchemy.apply by Bob with Alice's card", query: RELAY_QUERY, kind: "alchemy.apply", forgery: "not-author", build: async (t) => ask(t.bob, t.gm, "alchemy.apply", await t.note(t.alice, { alchemyUse: { actorUuid: actorUuid(ILINDE), targetUuid: actorUuid(BRAM), itemUuid: null } }), t.bob.userId) },
  { name: "alchemy.apply naming a spell as the item", query: RELAY_QUERY, kind: "alchemy.apply", forgery: "out-of-range", build: async (t) => ask(t.alice, t.gm, "alchemy.apply", await t.note(t.alice, { alchemyUse: { actorUuid: actorUuid(ILINDE), targetUuid: actorUuid(GRUSHA), itemUuid: `${actorUuid(ILINDE)}.Item.${SPELL_IDS.Barrier}` } }), t.alice.userId) },
  { name: "alchemy.apply by Alice for Bob's creature's item", query: RELAY_QUERY, kind: "alchemy.apply", forgery: "other-document", build: async (t) => ask(t.alice, t.gm, "alchemy.apply", await t.note(t.alice, { alchemyUse: { actorUuid: actorUuid(BRAM), targetUuid: actorUuid(GRUSHA), itemUuid: `${actorUuid(BRAM)}.Item.magicBramSword01` } }), t.alice.userId) },
  // alchemy.undo (issue 34): GMs only
  { name: "alchemy.undo claiming the GM's id", query: RELAY_QUERY, kind: "alchemy.undo", forgery: "claimed-gm", build: async (t) => ask(t.alice, t.gm, "alchemy.undo", await t.note(t.alice, { alchemyUse: { actorUuid: actorUuid(ILINDE), targetUuid: actorUuid(BRAM), itemUuid: null } }), t.gm.userId) },
  { name: "alchemy.undo by Bob of his own note claiming Alice's id", query: RELAY_QUERY, kind: "alchemy.undo", forgery: "claimed-player", build: async (t) => ask(t.bob, t.gm, "alchemy.undo", await t.note(t.bob, { alchemyUse: { actorUuid: actorUuid(BRAM), targetUuid: actorUuid(ILINDE), itemUuid: null } }), t.alice.userId) },
  { name: "alchemy.undo with no card", query: RELAY_QUERY, kind: "alchemy.undo", forgery: "no-cause", build: async (t) => ask(t.alice, t.gm, "alchemy.undo", null, t.alice.userId) },
  { name: "alchemy.undo by Bob of Alice's note", query: RELAY_QUERY, kind: "alchemy.undo", forgery: "not-author", build: async (t) => ask(t.bob, t.gm, "alchemy.undo", await t.note(t.alice, { alchemyUse: { actorUuid: actorUuid(ILINDE), targetUuid: actorUuid(BRAM), itemUuid: null } }), t.bob.userId) },
  // companion.summon
  { name: "companion.summon with a console-made Golemancy card", query: RELAY_QUERY, kind: "companion.summon", forgery: "out-of-range", build: async (t) => ask(t.alice, t.gm, "companion.summon", await t.note(t.alice, { cast: { spell: { name: "Golemancy", identifier: "golemancy", table: "golemancy" }, caster: { name: "Ilinde", uuid: actorUuid(ILINDE) }, targets: [], success: true, gains: 9 } }), t.alice.userId, { choice: { material: "iron", size: "large" } }) },
  { name: "companion.summon claiming the GM's id", query: RELAY_QUERY, kind: "companion.summon", forgery: "claimed-gm", build: async (t) => ask(t.alice, t.gm, "companion.summon", await t.note(t.alice, { cast: { spell: { name: "Golemancy", identifier: "golemancy", table: "golemancy" }, caster: { name: "Ilinde", uuid: actorUuid(ILINDE) }, targets: [], success: true, gains: 9 } }), t.gm.userId) },
  { name: "companion.summon by Bob with his own card claiming Alice's id", query: RELAY_QUERY, kind: "companion.summon", forgery: "claimed-player", build: async (t) => ask(t.bob, t.gm, "companion.summon", await t.note(t.bob, { cast: { spell: { name: "Golemancy", identifier: "golemancy", table: "golemancy" }, caster: { name: "Ilinde", uuid: actorUuid(ILINDE) }, targets: [], success: true, gains: 9 } }), t.alice.userId) },
  { name: "companion.summon by Bob with Alice's Fire Bolt card", query: RELAY_QUERY, kind: "companion.summon", forgery: "not-author", build: async (t) => ask(t.bob, t.gm, "companion.summon", t.bolt, t.bob.userId) },
  { name: "companion.summon with no card", query: RELAY_QUERY, kind: "companion.summon", forgery: "no-cause", build: async (t) => ask(t.alice, t.gm, "companion.summon", null, t.alice.userId) },
  { name: "companion.summon with a Fire Bolt card", query: RELAY_QUERY, kind: "companion.summon", forgery: "other-document", build: async (t) => ask(t.alice, t.gm, "companion.summon", t.bolt, t.alice.userId) },
];

/** The refusal each claim case must get (the key, so a case refused for another reason fails). */
export const magicRefusalKeys: Record<string, string> = {
  "cast.apply with a console card reading a scroll at a rank and roll its scroll does not hold": "CLOCKWORK.Magic.Trust.ScrollMismatch",
  "cast.apply with a console card reading a scroll its caster does not hold": "CLOCKWORK.Magic.Trust.ScrollUnknown",
  "cast.apply with a console card saying a Counterspell that never happened countered it": "CLOCKWORK.Magic.Trust.NoCounterspellRecord",
  "cast.apply with a console card saying Grusha dodged (she was never asked)": "CLOCKWORK.Magic.Trust.ReactionRecord",
  "cast.apply with a console card cast against an easier \"vs GM\" difficulty than the GM's": "CLOCKWORK.Magic.Trust.Difficulty",
  "cast.apply with a console card whose Slow gives Grusha's resisting roll all 1s (the GM rolled and recorded hers)": "CLOCKWORK.Magic.Trust.ReactionRoll",
  "cast.apply with a console card saying Grusha was willing to be shrunk (her side never said so)": "CLOCKWORK.Magic.Trust.BadRoll",
};
