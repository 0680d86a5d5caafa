/**
 * Contract: ownership and permission (common/abstract/document.mjs `getUserLevel`,
 * `testUserPermission`; the server refuses writes the user may not make, as a whole, with
 * "User <name> lacks permission to …", which the client shows and rejects with).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, OWNERSHIP, type World, type WorldClient } from "./index";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;
let heroId: string;
let npcId: string;

type Doc = {
  id: string; name: string; isOwner: boolean; permission: number; limited: boolean; hasPlayerOwner: boolean;
  testUserPermission(user: unknown, level: string | number, o?: object): boolean;
  update(c: object): Promise<unknown>; delete(): Promise<unknown>;
  createEmbeddedDocuments(n: string, d: object[]): Promise<Doc[]>;
  items: { contents: Doc[] };
};
const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as Doc;

beforeAll(async () => {
  world = await createWorld({ packs: false });
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
  [heroId] = await world.seed("Actor", [{ name: "Hero", type: "character", items: [{ name: "Rope", type: "equipment" }] }], { ownership: { [alice.userId]: OWNERSHIP.OWNER, [bob.userId]: OWNERSHIP.OBSERVER } });
  [npcId] = await world.seed("Actor", [{ name: "Goblin", type: "npc" }]);
});

describe("ownership depends on the client's user", () => {
  it("isOwner, permission and testUserPermission per user; GMs own everything", () => {
    expect([gm, alice, bob].map((c) => actor(c, heroId).isOwner)).toEqual([true, true, false]);
    expect([gm, alice, bob].map((c) => actor(c, heroId).permission)).toEqual([OWNERSHIP.OWNER, OWNERSHIP.OWNER, OWNERSHIP.OBSERVER]);
    const hero = actor(gm, heroId);
    expect(hero.testUserPermission(bob.user, "OBSERVER")).toBe(true);
    expect(hero.testUserPermission(bob.user, "OWNER")).toBe(false);
    expect(hero.testUserPermission(bob.user, "OBSERVER", { exact: true })).toBe(true);
    expect(hero.testUserPermission(gm.user, "OWNER")).toBe(true);
    expect(hero.hasPlayerOwner).toBe(true);
    expect(actor(gm, npcId).hasPlayerOwner).toBe(false);
    expect([alice, bob].map((c) => actor(c, npcId).isOwner)).toEqual([false, false]);
  });

  it("owned items take the actor's ownership", () => {
    expect(actor(alice, heroId).items.contents[0].isOwner).toBe(true);
    expect(actor(bob, heroId).items.contents[0].isOwner).toBe(false);
    expect(actor(bob, heroId).items.contents[0].testUserPermission(bob.user, "OBSERVER")).toBe(true);
  });
});

describe("the server refuses writes", () => {
  it("a player's update of an NPC they do not own: notified, rejected, changed nowhere", async () => {
    const before = bob.notifications.length;
    await expect(world.as(bob, () => actor(bob, npcId).update({ name: "Mine now" }))).rejects.toThrow(`User Bob lacks permission to update Actor [${npcId}]`);
    expect(bob.notifications.slice(before)).toEqual([{ type: "error", message: `User Bob lacks permission to update Actor [${npcId}]` }]);
    await world.settle();
    for (const client of world.clients) expect(actor(client, npcId).name).toBe("Goblin");
  });

  it("an observer cannot change or add items to the actor; the owner can", async () => {
    await expect(world.as(bob, () => actor(bob, heroId).items.contents[0].update({ name: "Bob's rope" }))).rejects.toThrow(/lacks permission to update Item .* in parent Actor/);
    await expect(world.as(bob, () => actor(bob, heroId).createEmbeddedDocuments("Item", [{ name: "Gift", type: "equipment" }]))).rejects.toThrow(/lacks permission to create a new Item/);
    const [gift] = await world.as(alice, () => actor(alice, heroId).createEmbeddedDocuments("Item", [{ name: "Gift", type: "equipment" }]));
    expect(gift.name).toBe("Gift");
  });

  it("players may not create world actors or delete actors they own (assistants and GMs may)", async () => {
    const Actor = alice.CONFIG.Actor as { documentClass: { create(d: object): Promise<unknown> } };
    await expect(world.as(alice, () => Actor.documentClass.create({ name: "New", type: "character" }))).rejects.toThrow("User Alice lacks permission to create a new Actor");
    await expect(world.as(alice, () => actor(alice, heroId).delete())).rejects.toThrow(/lacks permission to delete Actor/);
    const created = await world.as(gm, () => (gm.CONFIG.Actor as typeof Actor).documentClass.create({ name: "New", type: "npc" }));
    expect((created as Doc).name).toBe("New");
  });

  it("refuses the whole batch when one document is refused", async () => {
    const Actor = alice.CONFIG.Actor as { documentClass: { updateDocuments(u: object[]): Promise<unknown> } };
    await expect(world.as(alice, () => Actor.documentClass.updateDocuments([{ _id: heroId, name: "Heroine" }, { _id: npcId, name: "Orc" }]))).rejects.toThrow(/lacks permission/);
    expect(actor(gm, heroId).name).toBe("Hero");
  });
});

describe("users", () => {
  it("know their role and permissions", () => {
    expect(gm.user.isGM).toBe(true);
    expect(alice.user.isGM).toBe(false);
    expect(alice.user.hasPermission("ACTOR_CREATE")).toBe(false);
    expect(alice.user.hasPermission("QUERY_USER")).toBe(true);
    expect(alice.game.users.activeGM?.id).toBe(gm.userId);
  });

  it("prefer a full GM, then the lowest id, as the active GM; none when no GM is connected", async () => {
    const staffed = await createWorld({ packs: false, system: false, users: [
      { name: "Assistant", role: "assistant", id: "aaaaaaaaaaaaaaaa" },
      { name: "Second GM", role: "gm", id: "zzzzzzzzzzzzzzzz" },
      { name: "First GM", role: "gm", id: "mmmmmmmmmmmmmmmm" },
      { name: "Player", role: "player" },
    ] });
    const player = staffed.player("Player");
    expect(player.game.users.activeGM?.name).toBe("First GM");
    staffed.player("First GM").disconnect();
    expect(player.game.users.activeGM?.name).toBe("Second GM");
    staffed.player("Second GM").disconnect();
    expect(player.game.users.activeGM?.name).toBe("Assistant");
    staffed.player("Assistant").disconnect();
    expect(player.game.users.activeGM).toBeNull();
  });
});
