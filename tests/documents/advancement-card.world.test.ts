/**
 * The XP award's chat card in a GM + two players world (issue 33), on the profile the run
 * names (v13 reads `core.rollMode`, v14 `core.messageMode`): an award posts one card naming
 * who got how much and why; a public award reaches everyone, a GM-roll award the GMs and the
 * awarded characters' owners only, blind and self awards the GMs / the GM alone. A card a
 * player posts with the same look is only a message: it writes no XP.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { awardXp, xpStateOf } from "../../src/documents/advancement";
import type { RollModeKey } from "../../src/dice/types";

interface ActorDoc { id: string; name: string; system: { xp: { earned: number; spent: number } }; getFlag(scope: string, key: string): unknown }
interface MessageDoc { id: string; content: string; whisper: string[]; blind: boolean; visible: boolean; author?: { id: string } }

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;
let adaId: string;
let bromId: string;

const actor = (client: WorldClient, id: string) => (client.game.actors as unknown as { get(id: string): ActorDoc }).get(id);
const messages = (client: WorldClient) => [...(client.game.messages as unknown as Iterable<MessageDoc>)];
const cards = (client: WorldClient) => messages(client).filter((m) => m.content.includes("cw-card--xp-award"));
/** The cards this client's user may see, as core's chat log lists them (`visible`). */
const seen = (client: WorldClient) => cards(client).filter((m) => m.visible);

/** The GM's chat mode, in the setting this profile's core keeps. */
async function setMode(mode: RollModeKey): Promise<void> {
  const v14 = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" }[mode];
  await world.as(gm, () => (world.profile === "v14"
    ? gm.game.settings.set("core", "messageMode" as never, v14 as never)
    : gm.game.settings.set("core", "rollMode", mode as never)));
}

async function award(ids: string[], amount = 3, reason = "essential", note?: string): Promise<string[]> {
  const names = await world.as(gm, () => awardXp(ids.map((id) => actor(gm, id)), { amount, reason, note }));
  await world.settle();
  return names;
}

beforeEach(async () => {
  world = await createWorld();
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
  [adaId] = await world.seed("Actor", [{ name: "Ada", type: "character" }], { ownership: { [alice.userId]: 3 } });
  [bromId] = await world.seed("Actor", [{ name: "Brom", type: "character" }], { ownership: { [bob.userId]: 3, [alice.userId]: 2 } });
  await world.settle();
});

describe("an XP award's chat card", () => {
  it("is posted once per award, naming who got how much and why; public by default, seen by all", async () => {
    expect(await award([adaId, bromId], 3, "essential", "held the bridge")).toEqual(["Ada", "Brom"]);
    expect(cards(gm)).toHaveLength(1);
    const card = cards(gm)[0];
    expect(card.whisper).toEqual([]);
    expect(card.content).toMatch(/data-xp-amount="3">3 XP each to</);
    expect([...card.content.matchAll(/<li data-xp-recipient>([^<]*)<\/li>/g)].map((m) => m[1])).toEqual(["Ada", "Brom"]);
    expect(card.content).toContain("Essential to the success");
    expect(card.content).toContain("held the bridge");
    for (const client of [gm, alice, bob]) expect(seen(client).map((m) => m.id)).toEqual([card.id]);
    expect(actor(bob, bromId).system.xp.earned).toBe(3);
    for (const client of [gm, alice, bob]) expect(client.errors).toEqual([]);
  });

  it("in a GM roll reaches the GMs and the awarded character's owner only", async () => {
    await setMode("gmroll");
    await award([adaId], 2, "contribution");
    const card = cards(gm)[0];
    expect(new Set(card.whisper)).toEqual(new Set([gm.userId, alice.userId]));
    expect(card.blind).toBe(false);
    expect(seen(gm)).toHaveLength(1);
    expect(seen(alice)).toHaveLength(1);
    expect(seen(alice)[0].content).toContain("Ada");
    // Bob owns no awarded character: the whisper does not name him.
    expect(seen(bob)).toEqual([]);
    // He still sees the award he gets later, and Alice (an observer of Brom only) does not.
    await award([bromId], 1, "roleplayed");
    expect(seen(bob)).toHaveLength(1);
    expect(seen(bob)[0].content).toContain("Brom");
    expect(seen(alice)).toHaveLength(1);
    // v14 keeps the mode in core.messageMode; its deprecated rollMode was never read.
    expect(gm.deprecations).toEqual([]);
  });

  it("in a blind roll reaches the GMs only; in a self roll the GM alone", async () => {
    await setMode("blindroll");
    await award([adaId], 1, "clue");
    expect(cards(gm)[0].whisper).toEqual([gm.userId]);
    expect(seen(alice)).toEqual([]);
    expect(seen(bob)).toEqual([]);
    await setMode("selfroll");
    await award([bromId], 1, "clue");
    expect(cards(gm)[1].whisper).toEqual([gm.userId]);
    expect(seen(gm)).toHaveLength(2);
    expect(seen(bob)).toEqual([]);
    // Both were still written.
    expect(actor(alice, adaId).system.xp.earned).toBe(1);
    expect(actor(bob, bromId).system.xp.earned).toBe(1);
  });

  it("is a report: a player's copy of the card, flags and all, writes no XP anywhere", async () => {
    await award([adaId], 3, "essential");
    const original = cards(alice)[0];
    const before = xpStateOf(actor(gm, adaId));
    await world.as(alice, () => ((alice.CONFIG.ChatMessage as { documentClass: unknown }).documentClass as { create(data: object): Promise<unknown> }).create({
      content: original.content.replace(/3 XP/g, "4 XP"),
      speaker: { alias: "Experience" },
      flags: { clockwork: { xpAward: { amount: 4, reason: "majorQuest", actorIds: [adaId] } } },
    }));
    await world.settle();
    expect(cards(gm)).toHaveLength(2);
    expect(cards(gm)[1].author?.id).toBe(alice.userId);
    expect(xpStateOf(actor(gm, adaId))).toEqual(before);
    expect(actor(alice, adaId).system.xp.earned).toBe(3);
  });

  it("is not posted when nothing is awarded or the caller asks for none", async () => {
    await expect(world.as(gm, () => awardXp([actor(gm, adaId)], { amount: 5, reason: "other" }))).rejects.toThrow();
    await world.as(gm, () => awardXp([actor(gm, adaId)], { amount: 1, reason: "clue" }, { chat: false }));
    await world.settle();
    expect(cards(gm)).toEqual([]);
    expect(actor(gm, adaId).system.xp.earned).toBe(1);
  });
});
