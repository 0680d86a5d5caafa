/**
 * Contract: the world's plumbing: scopes and globals, seeding, settling, UUIDs over world,
 * embedded and compendium documents, packs, token bars, synthetic actors, errors, persistence.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, loadWorld, type World, type WorldClient } from "./index";

let world: World;
let gm: WorldClient;
let alice: WorldClient;

type Doc = {
  id: string; name: string; uuid: string; system: Record<string, unknown>; items: { contents: Doc[] }; pack: string | null;
  update(c: object): Promise<unknown>; modifyTokenAttribute(a: string, v: number, d?: boolean, b?: boolean): Promise<unknown>;
};
const g = () => globalThis as unknown as { game: WorldClient["game"]; fromUuid(u: string): Promise<Doc | null>; fromUuidSync(u: string): unknown };

beforeAll(async () => {
  world = await createWorld();
  gm = world.gm;
  alice = world.player("Alice");
});

describe("scopes", () => {
  it("resolve the globals to the client of world.as(), and to the GM outside it", async () => {
    expect(g().game.user.name).toBe("Gamemaster");
    expect(await world.as(alice, async () => {
      await Promise.resolve();
      return g().game.user.name;
    })).toBe("Alice");
    expect(g().game).toBe(gm.game);
  });

  it("give every client its own CONFIG and Hooks, with the system booted on each", () => {
    expect(alice.CONFIG).not.toBe(gm.CONFIG);
    expect(alice.Hooks).not.toBe(gm.Hooks);
    for (const client of world.clients) {
      expect(client.game.ready).toBe(true);
      expect(Object.keys((client.CONFIG.Actor as { dataModels: object }).dataModels)).toEqual(["character", "npc", "loot", "party"]);
      expect(client.errors).toEqual([]);
    }
  });

  it("label the system's document types with their TYPES keys, as core's localization does after init", () => {
    const labels = (gm.CONFIG.Actor as { typeLabels: Record<string, string> }).typeLabels;
    expect(labels).toEqual({ character: "TYPES.Actor.character", npc: "TYPES.Actor.npc", loot: "TYPES.Actor.loot", party: "TYPES.Actor.party" });
    expect(gm.i18n.localize(labels.character)).toBe("Character");
  });
});

describe("uuids", () => {
  it("resolve world, embedded and compendium documents; an unloaded compendium document syncs to its index entry", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character", items: [{ name: "Rope", type: "equipment" }] }]);
    const ada = gm.game.actors.get(id) as unknown as Doc;
    const rope = ada.items.contents[0];
    expect(rope.uuid).toBe(`Actor.${id}.Item.${rope.id}`);
    expect(g().fromUuidSync(ada.uuid)).toBe(ada);
    expect(await g().fromUuid(rope.uuid)).toBe(rope);
    const uuid = "Compendium.clockwork.species.Item.aYJ3Hs26CSgCf3QJ";
    expect(await world.as(alice, () => g().fromUuidSync(uuid))).toMatchObject({ _id: "aYJ3Hs26CSgCf3QJ", name: "Changelings", type: "species", uuid });
    const doc = await world.as(alice, () => g().fromUuid(uuid));
    expect(doc).toMatchObject({ name: "Changelings", pack: "clockwork.species", uuid });
    expect(await world.as(alice, () => g().fromUuidSync(uuid))).toBe(doc);
    const page = await g().fromUuid("Compendium.clockwork.rules.JournalEntry.jsW1Q0frhoYWjYfN.JournalEntryPage.xD2XD8IgSTSXBUde");
    expect(page?.name).toBe("Bleeding");
  });
});

describe("packs", () => {
  it("index with extra fields, load documents, and give players observer rights", async () => {
    const pack = alice.game.packs.get("clockwork.spells")!;
    const index = await pack.getIndex({ fields: ["system.school"] });
    const entry = index.contents[0] as { _id: string; system?: { school?: string } };
    expect(entry.system?.school).toEqual(expect.any(String));
    const spells = await pack.getDocuments({ type: "spell" });
    expect(spells.length).toBe(index.size);
    expect(pack.locked).toBe(true);
    expect(pack.getUserLevel()).toBe(2);
    expect((spells[0] as unknown as { isOwner: boolean }).isOwner).toBe(false);
    expect(gm.game.packs.get("clockwork.spells")!.getUserLevel()).toBe(3);
  });
});

describe("token bars", () => {
  it("an unlinked token's synthetic actor writes into the token's delta, leaving the base actor", async () => {
    const [actorId] = await world.seed("Actor", [{ name: "Goblin", type: "npc" }]);
    const [sceneId] = await world.seed("Scene", [{ name: "Cave", active: true, tokens: [{ name: "Goblin 1", actorId, actorLink: false }] }]);
    const token = (gm.game.scenes.get(sceneId) as unknown as { tokens: { contents: { actor: Doc }[] } }).tokens.contents[0];
    await world.as(gm, () => token.actor.update({ "system.currency": 5 }));
    await world.settle();
    expect(token.actor.system.currency).toBe(5);
    expect((gm.game.actors.get(actorId) as unknown as Doc).system.currency).toBe(2000);
    const other = (alice.game.scenes.get(sceneId) as unknown as { tokens: { contents: { actor: Doc }[] } }).tokens.contents[0];
    expect(other.actor.system.currency).toBe(5);
  });
});

describe("errors", () => {
  it("records Hooks.onError and throwing hooks per client; the other handlers still run", async () => {
    const client = (await createWorld({ packs: false, system: false })).gm;
    let after = false;
    client.Hooks.on("ping", () => { throw new Error("boom"); });
    client.Hooks.on("ping", () => { after = true; });
    client.Hooks.callAll("ping");
    expect(after).toBe(true);
    expect(String(client.errors[0])).toContain("Error thrown in hooked function");
  });
});

describe("persistence", () => {
  it("saves the server's state as JSON and loads it into a new world", async () => {
    const [id] = await world.seed("Actor", [{ name: "Saved", type: "character" }], { ownership: { [alice.userId]: 3 } });
    const snapshot = JSON.parse(JSON.stringify(world.save()));
    const copy = await loadWorld(snapshot, { packs: false });
    const saved = copy.player("Alice").game.actors.get(id) as unknown as Doc & { isOwner: boolean };
    expect(saved.name).toBe("Saved");
    expect(saved.isOwner).toBe(true);
    expect(copy.clients.map((c) => c.user.name)).toEqual(["Gamemaster", "Alice", "Bob"]);
    copy.close();
  });
});

describe("status effects", () => {
  it("toggleStatusEffect adds an effect from CONFIG.statusEffects with its static id, then removes it; statuses follow on every client", async () => {
    const [id] = await world.seed("Actor", [{ name: "Target", type: "npc" }], { ownership: { [alice.userId]: 3 } });
    for (const client of world.clients) client.CONFIG.statusEffects = [{ id: "prone", _id: "proneStatus00000", name: "Prone", img: "icons/svg/falling.svg" }];
    type StatusActor = Doc & { statuses: Set<string>; toggleStatusEffect(id: string, o?: object): Promise<unknown>; effects: { contents: { id: string; name: string }[] } };
    const mine = alice.game.actors.get(id) as unknown as StatusActor;
    const added = (await world.as(alice, () => mine.toggleStatusEffect("prone"))) as { id: string };
    expect(added.id).toBe("proneStatus00000");
    await world.settle();
    expect((gm.game.actors.get(id) as unknown as StatusActor).statuses.has("prone")).toBe(true);
    expect(await world.as(alice, () => mine.toggleStatusEffect("prone", { active: true }))).toBe(true);
    expect(await world.as(alice, () => mine.toggleStatusEffect("prone"))).toBe(false);
    await world.settle();
    expect((gm.game.actors.get(id) as unknown as StatusActor).statuses.size).toBe(0);
    await expect(world.as(alice, () => mine.toggleStatusEffect("nope"))).rejects.toThrow('Invalid status ID "nope"');
  });
});

describe("offline users", () => {
  it("have no running client until they connect; then the system boots for them", async () => {
    const late = await createWorld({ packs: false, users: [{ name: "Gamemaster", role: "gm" }, { name: "Alice", role: "player", active: false }] });
    const client = late.player("Alice");
    expect(client.booted).toBe(false);
    expect(late.gm.game.users.get(client.userId)?.active).toBe(false);
    await client.connect();
    expect(client.game.ready).toBe(true);
    expect(late.gm.game.users.get(client.userId)?.active).toBe(true);
    expect(client.errors).toEqual([]);
  });
});
