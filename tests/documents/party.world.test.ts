/**
 * The party's members and stash (issue 32, src/documents/party.ts and src/data/actor/party.ts) in
 * the multi-user test world: who may join (characters and NPC companions of this world), a member
 * deleted from the world gone from the party on read without errors, and the stash's give and
 * take under the write rules (a player who cannot write the party is refused, and nothing moves).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "../world";
import { addPartyMember, giveToStash, memberRefusal, mayTakeFromStash, partyMembers, removePartyMember } from "../../src/documents/party";
import { resolvePartyMembers } from "../../src/data/actor/party";

const OWNER = 3;
const OBSERVER = 2;
const PARTY = "docPartyActor001";
const ADA = "docPartyAdaChar1";
const BRAM = "docPartyBramChr1";
const PET = "docPartyPetNpc01";
const FOE = "docPartyFoeNpc01";
const CHEST = "docPartyChest001";
const ROPE = "docPartyRopeItm1";
const SWORD = "docPartySword001";
const AXE = "docPartyBramAxe1";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

type ActorDoc = Actor.Implementation;
const actor = (c: WorldClient, id: string) => c.game.actors.get(id) as unknown as ActorDoc;
const memberNames = (c: WorldClient) => partyMembers(actor(c, PARTY)).map((m) => m.name);
const itemNames = (c: WorldClient, id: string) => actor(c, id).items.contents.map((i) => i.name).sort();
const warnings = (c: WorldClient) => c.notifications.filter((n) => n.type === "warn").map((n) => n.message);

beforeEach(async () => {
  world = await createWorld();
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
  await world.seed("Actor", [
    { _id: ADA, name: "Ada", type: "character", ownership: { default: 0, [alice.userId]: OWNER, [bob.userId]: OBSERVER },
      items: [{ _id: SWORD, name: "Longsword", type: "weapon", system: {} }] },
    { _id: BRAM, name: "Bram", type: "character", ownership: { default: 0, [bob.userId]: OWNER },
      items: [{ _id: AXE, name: "Hand Axe", type: "weapon", system: {} }] },
    { _id: PET, name: "Rusty", type: "npc", ownership: { default: 0, [bob.userId]: OWNER } },
    { _id: FOE, name: "Grusha", type: "npc", ownership: { default: 0 } },
    { _id: CHEST, name: "Chest", type: "loot" },
    // Alice owns the party; Bob only observes it.
    { _id: PARTY, name: "The Company", type: "party", ownership: { default: 0, [alice.userId]: OWNER, [bob.userId]: OBSERVER },
      system: { members: [`Actor.${ADA}`, `Actor.${BRAM}`] },
      items: [{ _id: ROPE, name: "Rope", type: "equipment", system: { quantity: 3 } }] },
  ]);
  await world.settle();
});

describe("the party's members", { timeout: 30_000 }, () => {
  it("are the stored UUIDs resolved on read, on every client", () => {
    for (const c of [gm, alice, bob]) expect(memberNames(c)).toEqual(["Ada", "Bram"]);
    expect((actor(gm, PARTY).system as unknown as { members: string[] }).members).toEqual([`Actor.${ADA}`, `Actor.${BRAM}`]);
  });

  it("take characters and NPC companions; a foe, a chest, a party, a compendium or token copy and a second join are refused with the reason", async () => {
    const party = actor(gm, PARTY);
    const refusal = (doc: unknown) => memberRefusal(party, doc as never)?.key ?? null;
    expect(refusal(actor(gm, PET))).toBeNull();
    expect(refusal(actor(gm, FOE))).toBe("CLOCKWORK.Party.Refused.NotCompanion");
    expect(refusal(actor(gm, CHEST))).toBe("CLOCKWORK.Party.Refused.Type");
    expect(refusal(party)).toBe("CLOCKWORK.Party.Refused.Type");
    expect(refusal(actor(gm, ADA))).toBe("CLOCKWORK.Party.Refused.Already");
    expect(refusal({ ...actor(gm, PET), documentName: "Actor", uuid: "Compendium.clockwork.pregens.Actor.abc", type: "character", pack: "clockwork.pregens" })).toBe("CLOCKWORK.Party.Refused.NotWorld");
    expect(refusal(null)).toBe("CLOCKWORK.Party.Refused.NotActor");
    // A summoned companion (magic/companions.ts marks it) joins even when only the GM owns it.
    expect(refusal({ documentName: "Actor", uuid: "Actor.x", name: "Golem", type: "npc", hasPlayerOwner: false, flags: { clockwork: { companion: { controller: "u" } } } })).toBeNull();

    expect(await world.as(gm, () => addPartyMember(party, actor(gm, FOE) as never))).toBe(false);
    expect(warnings(gm)).toEqual(["Grusha is an NPC nobody plays: only NPC companions (a player's, or a summoned one) join a party."]);
    expect(await world.as(gm, () => addPartyMember(party, actor(gm, PET) as never))).toBe(true);
    await world.settle();
    for (const c of [gm, alice, bob]) expect(memberNames(c)).toEqual(["Ada", "Bram", "Rusty"]);
  });

  it("change only for the party's writers: Bob, an observer, is refused and nothing is written", async () => {
    expect(await world.as(bob, () => addPartyMember(actor(bob, PARTY), actor(bob, PET) as never))).toBe(false);
    expect(await world.as(bob, () => removePartyMember(actor(bob, PARTY), `Actor.${ADA}`))).toBe(false);
    await world.settle();
    expect(warnings(bob)).toEqual(["You cannot change The Company: only its owners may.", "You cannot change The Company: only its owners may."]);
    expect(memberNames(gm)).toEqual(["Ada", "Bram"]);
    expect(await world.as(alice, () => removePartyMember(actor(alice, PARTY), `Actor.${BRAM}`))).toBe(true);
    await world.settle();
    expect(memberNames(bob)).toEqual(["Ada"]);
  });

  it("lose a member deleted from the world at once, without an error, and the party still works", async () => {
    await world.as(gm, () => actor(gm, BRAM).delete());
    await world.settle();
    for (const c of [gm, alice, bob]) {
      expect(memberNames(c)).toEqual(["Ada"]);
      expect(c.errors).toEqual([]);
    }
    // The stored list keeps the dangling UUID until someone removes it; reading skips it.
    expect((actor(gm, PARTY).system as unknown as { members: string[] }).members).toContain(`Actor.${BRAM}`);
    expect(await world.as(gm, () => removePartyMember(actor(gm, PARTY), `Actor.${BRAM}`))).toBe(true);
    await world.settle();
    expect((actor(alice, PARTY).system as unknown as { members: string[] }).members).toEqual([`Actor.${ADA}`]);
    expect(await world.as(gm, () => addPartyMember(actor(gm, PARTY), actor(gm, PET) as never))).toBe(true);
  });

  it("refuse a forged write of the list: a foe or a chest added from the console, a malformed UUID, a party created with a foe", async () => {
    const party = actor(alice, PARTY);
    const members = [`Actor.${ADA}`, `Actor.${BRAM}`];
    expect(await world.as(alice, () => party.update({ "system.members": [...members, `Actor.${FOE}`] } as never))).toBeUndefined();
    expect(await world.as(alice, () => party.update({ system: { members: [...members, `Actor.${CHEST}`] } } as never))).toBeUndefined();
    expect(warnings(alice)).toEqual([
      "Grusha is an NPC nobody plays: only NPC companions (a player's, or a summoned one) join a party.",
      "Chest is a Loot: only characters and their NPC companions join a party.",
    ]);
    await world.as(alice, () => party.update({ "system.members": [...members, "not a uuid"] } as never));
    expect(alice.notifications.filter((n) => n.type === "error").map((n) => n.message).join(" ")).toContain('"not a uuid" is not a document UUID.');
    await world.settle();
    for (const c of [gm, alice, bob]) expect((actor(c, PARTY).system as unknown as { members: string[] }).members).toEqual(members);
    const created = await world.as(gm, () => (gm.CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<unknown> } }).documentClass
      .create({ name: "Raiders", type: "party", system: { members: [`Actor.${ADA}`, `Actor.${FOE}`] } }));
    expect(created).toBeUndefined();
    expect(warnings(gm).at(-1)).toBe("Grusha is an NPC nobody plays: only NPC companions (a player's, or a summoned one) join a party.");
    // A member that is gone is no one: removing another member keeps the write possible.
    await world.as(gm, () => actor(gm, BRAM).delete());
    expect(await world.as(gm, () => removePartyMember(actor(gm, PARTY), `Actor.${ADA}`))).toBe(true);
  });

  it("resolve only world actors of a member type, each once (pure)", () => {
    const docs: Record<string, object> = {
      "Actor.a": { uuid: "Actor.a", type: "character", documentName: "Actor" },
      "Actor.l": { uuid: "Actor.l", type: "loot", documentName: "Actor" },
      "Item.i": { uuid: "Item.i", type: "weapon", documentName: "Item" },
      "Scene.s.Token.t.Actor.a": { uuid: "Scene.s.Token.t.Actor.a", type: "character", documentName: "Actor", parent: {} },
    };
    const found = resolvePartyMembers(["Actor.a", "Actor.gone", "Actor.l", "Item.i", "Scene.s.Token.t.Actor.a", "Actor.a"], (u) => docs[u] ?? null);
    expect(found.map((a) => a.uuid)).toEqual(["Actor.a"]);
  });
});

describe("the shared stash", { timeout: 30_000 }, () => {
  it("takes a member's gear from its owner who writes the party: moved, set down, on every client", async () => {
    const sword = actor(alice, ADA).items.get(SWORD)!;
    const created = await world.as(alice, () => giveToStash(actor(alice, PARTY), sword, alice.user as never));
    await world.settle();
    expect(created?.name).toBe("Longsword");
    for (const c of [gm, alice, bob]) {
      expect(itemNames(c, PARTY)).toEqual(["Longsword", "Rope"]);
      expect(itemNames(c, ADA)).toEqual([]);
    }
    expect(alice.errors).toEqual([]);
  });

  it("refuses what the write rules refuse: Bob cannot write the party, a non-member's gear, a spell", async () => {
    const axe = actor(bob, BRAM).items.get(AXE)!;
    expect(await world.as(bob, () => giveToStash(actor(bob, PARTY), axe, bob.user as never))).toBeNull();
    await world.settle();
    expect(warnings(bob)).toEqual(["You cannot put Hand Axe into The Company's stash: only the party's owners may. Ask the GM to make you one."]);
    expect(itemNames(gm, BRAM)).toEqual(["Hand Axe"]);
    expect(itemNames(gm, PARTY)).toEqual(["Rope"]);
    // Alice writes the party, but the axe is Bram's, not a member's she plays.
    expect(await world.as(alice, () => giveToStash(actor(alice, PARTY), actor(alice, BRAM).items.get(AXE)!, alice.user as never))).toBeNull();
    expect(warnings(alice)).toEqual(["Hand Axe does not belong to a member you play: only a member's own gear goes into The Company's stash."]);
    const [spellId] = await world.seed("Item", [{ name: "Fire Bolt", type: "spell" }]);
    expect(await world.as(gm, () => giveToStash(actor(gm, PARTY), gm.game.items.get(spellId) as never, gm.user as never))).toBeNull();
    expect(warnings(gm)).toEqual(["Fire Bolt is a Spell: only weapons, armor, shields, equipment and artifacts go into the stash."]);
    await world.settle();
    expect(itemNames(gm, PARTY)).toEqual(["Rope"]);
  });

  it("lets a writer take for a member, and refuses a player who cannot write the party and a non-member", async () => {
    const rope = (c: WorldClient) => actor(c, PARTY).items.get(ROPE)!;
    // Bob observes the party: taking would copy what he cannot delete; refused before anything.
    expect(await world.as(bob, () => mayTakeFromStash(rope(bob), actor(bob, BRAM), bob.user as never))).toBe(false);
    expect(warnings(bob)).toEqual(["You cannot take Rope from The Company's stash: only the party's owners may. Ask the GM to make you one, or to hand it over."]);
    expect(await world.as(alice, () => mayTakeFromStash(rope(alice), actor(alice, ADA), alice.user as never))).toBe(true);
    // The loot chest is no member.
    expect(await world.as(alice, () => mayTakeFromStash(rope(alice), actor(alice, CHEST), alice.user as never))).toBe(false);
    expect(warnings(alice)).toEqual(["Chest is not in The Company: only members take from its stash."]);
    // Items from anywhere else pass untouched.
    expect(await world.as(bob, () => mayTakeFromStash(actor(bob, BRAM).items.get(AXE)!, actor(bob, BRAM), bob.user as never))).toBe(true);
  });
});
