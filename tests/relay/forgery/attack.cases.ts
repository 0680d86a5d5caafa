/**
 * Forged requests for the attack card's relay kinds (issue 18 item 7): "attack.apply",
 * "attack.undo" and "attack.redirect", each sent from Bob's console to the GM with his own id,
 * a claimed GM or other player, no cause, someone else's card, a card of his naming another
 * target, a card already applied, a console-made card whose flags lie, and arguments out of
 * range. The table: the attack fight (GM, Alice with Ada, Bob with Bram; Grusha and a minion
 * the GM's), Bram with a mace and a Reflective Shield, Ada with an energy pistol.
 */
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../../world";
import { ADA, BRAM, GRUSHA, MINION, SCENE_ID, SWORD, seedFight, tokenId } from "../../combat/attack/world-fixtures";
import { setReactionPrompt } from "../../../src/combat/attack/reactions";
import { attackData } from "../../../src/combat/attack/chat";
import { RELAY_QUERY } from "../../../src/relay";
import type { ForgeryCase } from "./case";

interface ActorDoc {
  items: { get(id: string): unknown; find(f: (i: { name: string }) => boolean): unknown };
  attack(item: unknown, options?: object): Promise<unknown>;
  createEmbeddedDocuments(type: string, data: object[]): Promise<unknown>;
}

interface MessageDoc {
  id: string;
  uuid: string;
  flags: Record<string, unknown>;
  rolls: { toJSON(): object }[];
  update(changes: object): Promise<unknown>;
}

export interface AttackTable {
  world: World;
  gm: WorldClient;
  alice: WorldClient;
  bob: WorldClient;
  /** A real attack: `attackerId` with the named weapon on `targetId`, by `client`; the card's message. */
  attack(client: WorldClient, attackerId: string, weapon: string, targetId: string): Promise<MessageDoc>;
  /** A chat message `client` makes from the console with these flags and rolls. */
  forge(client: WorldClient, flags: object, rolls?: object[]): Promise<MessageDoc>;
  /** A card's message as `client` has it. */
  message(client: WorldClient, id: string): MessageDoc;
  /** A token's UUID. */
  token(actorId: string): string;
}

const MACE = "Mace";
const PISTOL = "Energy Pistol";
const enchantment = (name: string, appliedTo: string, magicItem: object) => ({ name, type: "enchantment", system: { appliedTo, target: "armor", gains: 4 }, flags: { clockwork: { magicItem } } });

/** Sets up the table: Bram can strike and wears a Reflective Shield; Ada has an energy pistol. */
export async function attackTable(): Promise<AttackTable> {
  const world = await createWorld({ packs: false });
  const { gm, alice, bob } = await seedFight(world);
  const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc;
  await world.as(gm, () => actor(gm, BRAM).createEmbeddedDocuments("Item", [
    { name: MACE, type: "weapon", system: { category: "melee", group: "club", counters: 2, damage: { dice: 6, types: ["blunt"] } } },
    enchantment("Reflective Shield", "attackBramShield", { redirect: { damageType: "energy", to: "adjacent" } }),
  ]));
  await world.as(gm, () => actor(gm, BRAM).createEmbeddedDocuments("Item", [
    { name: "Bram's Pistol", type: "weapon", system: { category: "ranged", group: "beam", counters: 2, damage: { dice: 8, types: ["energy"] }, rangeIncrement: 6 } },
  ]));
  await world.as(gm, () => actor(gm, ADA).createEmbeddedDocuments("Item", [
    { name: PISTOL, type: "weapon", system: { category: "ranged", group: "beam", counters: 2, damage: { dice: 8, types: ["energy"] }, rangeIncrement: 6 } },
  ]));
  await world.settle();
  setReactionPrompt(async () => "none");
  const cards = (client: WorldClient) => (client.game.messages.contents as unknown as MessageDoc[]).filter((m) => attackData(m));
  const table: AttackTable = {
    world, gm, alice, bob,
    async attack(client, attackerId, weapon, targetId) {
      const attacker = actor(client, attackerId);
      const item = attacker.items.get(weapon) ?? attacker.items.find((i) => i.name === weapon);
      // Every die a 10: the attack hits and the damage counts against low resistance.
      queueFaces(...Array(60).fill(10));
      const token = (client.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(targetId));
      // Fresh counters for each strike: the table's attacks are set-up, not turns.
      const outcome = await world.as(client, () => attacker.attack(item, { targets: [token], skipDialog: true, baseCost: 0 }));
      clearQueuedFaces();
      await world.settle();
      if (!outcome) throw new Error(`the table's attack with ${weapon} on ${targetId} did not happen`);
      return cards(client).at(-1)!;
    },
    async forge(client, flags, rolls = []) {
      const made = await world.as(client, () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ id: string }> } }).ChatMessage.create({ content: "<p>attack</p>", rolls, flags: { clockwork: flags } }));
      await world.settle();
      return table.message(client, made.id);
    },
    message: (client, id) => client.game.messages.get(id) as unknown as MessageDoc,
    token: (actorId) => `Scene.${SCENE_ID}.Token.${tokenId(actorId)}`,
  };
  return table;
}

const ask = (t: AttackTable, kind: string, cause: string | null, args: object = {}, userId = t.bob.userId) => ({ from: t.bob, to: t.gm, data: { kind, args, cause, userId } });
/** A copy of a real card's flags and rolls, as Bob could post from the console. */
const copy = (m: MessageDoc) => ({ flags: structuredClone(m.flags.clockwork as object) as { attack: { targets: { damage: { total: number } }[]; attacks: { attackFaces: number[] }[] } }, rolls: m.rolls.map((r) => r.toJSON()) });
const key = (t: AttackTable, actorId: string) => t.token(actorId).replace(/\./g, "_");

/** Bob's card on Grusha, applied once by Bob; then he clears its display as a forger would. */
async function appliedByBob(t: AttackTable): Promise<MessageDoc> {
  const card = await t.attack(t.bob, BRAM, MACE, GRUSHA);
  await t.world.as(t.bob, async () => {
    const { applyAttackCard } = await import("../../../src/combat/attack/apply");
    await applyAttackCard(t.message(t.bob, card.id) as never);
  });
  await t.world.settle();
  await t.world.as(t.bob, () => t.message(t.bob, card.id).update({ [`flags.clockwork.attack.-=applied`]: null }));
  await t.world.settle();
  return card;
}

function casesFor(kind: "attack.apply" | "attack.undo"): ForgeryCase<AttackTable>[] {
  const c = (name: string, forgery: ForgeryCase<AttackTable>["forgery"], build: ForgeryCase<AttackTable>["build"]): ForgeryCase<AttackTable> => ({ name: `${kind}: ${name}`, query: RELAY_QUERY, kind, forgery, build });
  return [
    c("Bob's card on his own Bram", "own-id", async (t) => ask(t, kind, (await t.attack(t.bob, BRAM, MACE, BRAM)).uuid)),
    c("claims the GM's id", "claimed-gm", async (t) => ask(t, kind, (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, {}, t.gm.userId)),
    c("claims Alice's id with Bob's card", "claimed-player", async (t) => ask(t, kind, (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, {}, t.alice.userId)),
    c("no cause", "no-cause", async (t) => ask(t, kind, null)),
    c("Alice's card", "not-author", async (t) => ask(t, kind, (await t.attack(t.alice, ADA, SWORD, GRUSHA)).uuid)),
    c("Bob's card, another target's key", "other-document", async (t) => ask(t, kind, (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, { key: key(t, MINION) })),
    c("a card already applied (its display cleared by Bob)", "reused-cause", async (t) => ask(t, kind, (await appliedByBob(t)).uuid)),
    c("a console card whose faces lie about its rolls", "out-of-range", async (t) => {
      const { flags, rolls } = copy(await t.attack(t.bob, BRAM, MACE, GRUSHA));
      flags.attack.targets[0].damage.total = 99;
      flags.attack.attacks[0].attackFaces = flags.attack.attacks[0].attackFaces.map(() => 12);
      return ask(t, kind, (await t.forge(t.bob, flags, rolls)).uuid);
    }),
    c("a target key out of range", "out-of-range", async (t) => ask(t, kind, (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, { key: 42 })),
  ];
}

function redirectCases(): ForgeryCase<AttackTable>[] {
  const kind = "attack.redirect";
  const c = (name: string, forgery: ForgeryCase<AttackTable>["forgery"], build: ForgeryCase<AttackTable>["build"]): ForgeryCase<AttackTable> => ({ name: `${kind}: ${name}`, query: RELAY_QUERY, kind, forgery, build });
  const onBram = (t: AttackTable) => t.attack(t.alice, ADA, PISTOL, BRAM);
  const to = (t: AttackTable, id: string) => ({ key: key(t, BRAM), to: t.token(id) });
  return [
    c("Bob's own card (no shield turns it)", "own-id", async (t) => ask(t, kind, (await t.attack(t.bob, BRAM, MACE, GRUSHA)).uuid, { key: key(t, GRUSHA), to: t.token(ADA) })),
    c("claims the GM's id", "claimed-gm", async (t) => ask(t, kind, (await onBram(t)).uuid, to(t, GRUSHA), t.gm.userId)),
    c("claims Alice's id", "claimed-player", async (t) => ask(t, kind, (await onBram(t)).uuid, to(t, GRUSHA), t.alice.userId)),
    c("no cause", "no-cause", async (t) => ask(t, kind, null, to(t, GRUSHA))),
    c("the GM's card on Ada (Bram is no participant)", "not-author", async (t) => ask(t, kind, (await t.attack(t.gm, GRUSHA, "attackGrushaClub", ADA)).uuid, { key: key(t, ADA), to: t.token(GRUSHA) })),
    c("a row the card does not have", "other-document", async (t) => ask(t, kind, (await onBram(t)).uuid, { key: key(t, ADA), to: t.token(GRUSHA) })),
    c("a roll already turned aside", "reused-cause", async (t) => {
      const card = await onBram(t);
      const first = await t.world.as(t.bob, async () => (await import("../../../src/relay")).relay(kind, to(t, GRUSHA), { cause: card.uuid, notify: false }));
      if (!first.ok) throw new Error(`the first redirect was refused: ${JSON.stringify(first)}`);
      await t.world.settle();
      return ask(t, kind, card.uuid, to(t, ADA));
    }),
    c("a creature not next to the wearer", "out-of-range", async (t) => ask(t, kind, (await onBram(t)).uuid, to(t, MINION))),
    c("a target that is no token", "out-of-range", async (t) => ask(t, kind, (await onBram(t)).uuid, { key: key(t, BRAM), to: 42 })),
  ];
}

/** Bram's lightning breath (always hits; each target saves with Agility): a real card on Grusha. */
export async function breathOnGrusha(t: AttackTable): Promise<MessageDoc> {
  const bram = t.bob.game.actors.get(BRAM) as unknown as ActorDoc;
  if (!bram.items.find((i) => i.name === BREATH)) {
    await t.world.as(t.gm, () => (t.gm.game.actors.get(BRAM) as unknown as ActorDoc).createEmbeddedDocuments("Item", [
      { name: BREATH, type: "weapon", system: { category: "melee", group: "club", counters: 2, damage: { dice: 6, types: ["energy"] } }, flags: { clockwork: { save: "agility" } } },
    ]));
    await t.world.settle();
  }
  return t.attack(t.bob, BRAM, BREATH, GRUSHA);
}
const BREATH = "Lightning Breath";

/** Claims a card makes about what the target did or where it stood (issue 18: the GM believes none of them). */
function claimCases(): ForgeryCase<AttackTable>[] {
  const kind = "attack.apply";
  const c = (name: string, build: ForgeryCase<AttackTable>["build"]): ForgeryCase<AttackTable> => ({ name: `${kind}: ${name}`, query: RELAY_QUERY, kind, forgery: "out-of-range", build });
  return [
    c("a lightning breath card that drops Grusha's save roll", async (t) => {
      const { flags, rolls } = copy(await breathOnGrusha(t));
      (flags.attack.targets[0] as { save?: unknown }).save = null;
      return ask(t, kind, (await t.forge(t.bob, flags, rolls)).uuid);
    }),
    c("a lightning breath card whose save is its attack roll", async (t) => {
      const { flags, rolls } = copy(await breathOnGrusha(t));
      (flags.attack.targets[0] as { save?: unknown }).save = { roll: 0 };
      return ask(t, kind, (await t.forge(t.bob, flags, rolls)).uuid);
    }),
  ];
}

/**
 * Cards whose situation or reactions lie, posted by Bob from the console: the GM's Apply counts
 * what the world and the reactor's own record say, so each writes what the honest card writes.
 * `honest`: the real card; `forged`: Bob's copy with the claim.
 */
export interface ClaimCase {
  name: string;
  build(t: AttackTable): Promise<{ honest: MessageDoc; forged: MessageDoc }>;
}

const forgedCopy = async (t: AttackTable, honest: MessageDoc, change: (row: Record<string, unknown>) => void) => {
  const { flags, rolls } = copy(honest);
  change(flags.attack.targets[0] as unknown as Record<string, unknown>);
  return { honest, forged: await t.forge(t.bob, flags, rolls) };
};

export const claimForgeries: ClaimCase[] = [
  { name: "a dodge Grusha never made", build: async (t) => forgedCopy(t, await t.attack(t.bob, BRAM, MACE, GRUSHA), (row) => { row.reaction = "dodge"; }) },
  {
    name: "no reaction where Grusha dodged", build: async (t) => {
      setReactionPrompt(async () => "dodge");
      const honest = await t.attack(t.bob, BRAM, MACE, GRUSHA);
      setReactionPrompt(async () => "none");
      if ((honest.flags.clockwork as { attack: { targets: { reaction: string }[] } }).attack.targets[0].reaction !== "dodge") throw new Error("Grusha did not dodge");
      return forgedCopy(t, honest, (row) => { row.reaction = "none"; });
    },
  },
  {
    name: "Grusha standing next to Ada when she is 30 spaces away", build: async (t) => {
      // Shot in range; then she is 30 spaces away (a shot out of range is refused before it is made, issue 28).
      const honest = await t.attack(t.bob, BRAM, PISTOL_BOB, GRUSHA);
      const scene = t.gm.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): { update(c: object): Promise<unknown> } } };
      await t.world.as(t.gm, () => scene.tokens.get(tokenId(GRUSHA)).update({ x: 3000 }));
      await t.world.settle();
      return forgedCopy(t, honest, (row) => { row.situation = { ...(row.situation as object), distance: 1 }; });
    },
  },
  {
    name: "Grusha defenseless after her turn", build: async (t) => {
      const honest = await t.attack(t.bob, BRAM, MACE, GRUSHA);
      const situation = (honest.flags.clockwork as { attack: { targets: { situation?: { defenseless?: boolean } }[] } }).attack.targets[0].situation;
      if (situation?.defenseless) throw new Error("Grusha is defenseless for real: the claim would be true");
      return forgedCopy(t, honest, (row) => { row.situation = { ...(row.situation as object), defenseless: true }; });
    },
  },
];
const PISTOL_BOB = "Bram's Pistol";

/** Every forged attack request; each must change nothing and answer a localized refusal. */
export const attackForgeries: ForgeryCase<AttackTable>[] = [...casesFor("attack.apply"), ...casesFor("attack.undo"), ...redirectCases(), ...claimCases()];

