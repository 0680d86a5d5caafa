/**
 * Contract: core's v13 write semantics (client/data/client-backend.mjs). Validation failures
 * resolve, they do not throw; pre-hooks run before validation and may rewrite; after a write
 * every connected client runs `_on*` and the hooks with the requesting user's id.
 * Batch updates, pre-hook rewrites and cancelled creations are checks of the contract suite
 * (src/selftest/contracts/checks/writes.ts); these tests keep what needs several clients.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createWorld, type World, type WorldClient } from "./index";
import { checkUpdate } from "../../src/foundry/validation";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

type Doc = { id: string; name: string; system: Record<string, unknown>; update(c: object, o?: object): Promise<unknown>; items: { contents: Doc[] } };
const actorOn = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as Doc;

beforeEach(async () => {
  world = await createWorld({ packs: false });
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
  // These tests watch core's own validation; the system's check in words (issue 20) would refuse first.
  for (const client of world.clients) for (const hook of ["preUpdateActor", "preUpdateItem"]) client.Hooks.off(hook, checkUpdate as never);
});

describe("an update that fails validation", () => {
  it("resolves undefined, shows an error notification, records the error, and changes nothing anywhere", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }]);
    const result = await world.as(gm, () => actorOn(gm, id).update({ "system.skills.strength.rank": 13 }));
    expect(result).toBeUndefined();
    expect(gm.notifications.at(-1)?.type).toBe("error");
    expect(gm.notifications.at(-1)?.message).toMatch(/skills\.strength\.rank/);
    expect(gm.errors).toHaveLength(1);
    await world.settle();
    for (const client of world.clients) expect((actorOn(client, id).system.skills as Record<string, { rank: number }>).strength.rank).toBe(12);
  });

  it("keeps core's cleaning: an emptied (null) number that may not be null becomes the field's initial value", async () => {
    // Core's NumberField, not the system's fields (which refuse null): Combat#round, initial 0.
    const [id] = await world.seed("Combat", [{ round: 3 }]);
    const combat = gm.game.combats.get(id)!;
    await world.as(gm, () => combat.update({ round: null }, { turnEvents: false }));
    expect(combat.round).toBe(0);
  });

  it("sends nothing when nothing changes: update resolves undefined and no hook runs", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }]);
    let calls = 0;
    for (const client of world.clients) client.Hooks.on("updateActor", () => calls++);
    expect(await world.as(gm, () => actorOn(gm, id).update({ name: "Ada" }))).toBeUndefined();
    await world.settle();
    expect(calls).toBe(0);
  });
});

describe("Document#validate with changes", () => {
  it("validates system changes against the document type's model, then leaves the changes without a type", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }]);
    const actor = actorOn(gm, id) as unknown as { validate(o: object): boolean };
    const bad = { system: { skills: { strength: { rank: 99 } } } };
    expect(() => actor.validate({ changes: bad, clean: true, fallback: false })).toThrow(/skills\.strength\.rank/);
    expect(bad).not.toHaveProperty("type");
    const good = { system: { skills: { strength: { rank: 8 } } } };
    expect(actor.validate({ changes: good, clean: true, fallback: false })).toBe(true);
    expect(good).not.toHaveProperty("type");
  });
});

describe("createDocuments", () => {
  it("skips an invalid entry, notifies, and creates the rest", async () => {
    const Actor = gm.CONFIG.Actor as { documentClass: { createDocuments(d: object[]): Promise<Doc[]> } };
    const created = await world.as(gm, () => Actor.documentClass.createDocuments([
      { name: "Good", type: "character" },
      { name: "Bad", type: "character", system: { skills: { strength: { rank: 3 } } } },
      { name: "Also good", type: "npc" },
    ]));
    expect(created.map((d) => d.name)).toEqual(["Good", "Also good"]);
    expect(gm.notifications.filter((n) => n.type === "error")).toHaveLength(1);
    await world.settle();
    expect(bob.game.actors.map((a) => a.name).sort()).toEqual(["Also good", "Good"]);
  });

});

describe("pre-update hooks", () => {
  it("cancel the update when one returns false", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }]);
    gm.Hooks.on("preUpdateActor", () => false);
    expect(await world.as(gm, () => actorOn(gm, id).update({ name: "Changed" }))).toBeUndefined();
    await world.settle();
    expect(actorOn(bob, id).name).toBe("Ada");
  });
});

describe("broadcast", () => {
  it("runs _onUpdate and updateActor on every connected client with the requesting userId", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }], { ownership: { [alice.userId]: 3 } });
    const seen: [string, string, string][] = [];
    for (const client of world.clients) {
      client.Hooks.on("updateActor", (doc: Doc, _change: unknown, _options: unknown, userId: string) => {
        seen.push([client.user.name, (globalThis as unknown as { game: { user: { name: string } } }).game.user.name, userId]);
        expect(doc).toBe(actorOn(client, id));
      });
    }
    await world.as(alice, () => actorOn(alice, id).update({ name: "Ada L." }));
    expect(seen).toEqual([["Alice", "Alice", alice.userId]]);
    await world.settle();
    expect(seen.sort()).toEqual([["Alice", "Alice", alice.userId], ["Bob", "Bob", alice.userId], ["Gamemaster", "Gamemaster", alice.userId]]);
    for (const client of world.clients) expect(actorOn(client, id).name).toBe("Ada L.");
  });

  it("reaches only connected clients; a client that reconnects loads the current state", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }]);
    bob.disconnect();
    await world.as(gm, () => actorOn(gm, id).update({ name: "Renamed" }));
    await world.settle();
    expect(actorOn(bob, id).name).toBe("Ada");
    await bob.connect();
    expect(actorOn(bob, id).name).toBe("Renamed");
  });

  it("applies embedded item writes on every client", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character" }], { ownership: { [alice.userId]: 3 } });
    const actor = actorOn(alice, id) as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<Doc[]> };
    const [item] = await world.as(alice, () => actor.createEmbeddedDocuments("Item", [{ name: "Rope", type: "equipment" }]));
    await world.settle();
    expect(actorOn(bob, id).items.contents.map((i) => i.name)).toEqual(["Rope"]);
    await world.as(alice, () => item.update({ name: "Long rope" }));
    await world.settle();
    expect(actorOn(gm, id).items.contents.map((i) => i.name)).toEqual(["Long rope"]);
  });

  it("removes a flag with a -= key on every client", async () => {
    const [id] = await world.seed("Actor", [{ name: "Ada", type: "character", flags: { clockwork: { note: "x", keep: 1 } } }]);
    const actor = actorOn(gm, id) as unknown as { unsetFlag(s: string, k: string): Promise<unknown>; getFlag(s: string, k: string): unknown };
    await world.as(gm, () => actor.unsetFlag("clockwork", "note"));
    await world.settle();
    const other = actorOn(bob, id) as unknown as { flags: Record<string, unknown> };
    expect(other.flags.clockwork).toEqual({ keep: 1 });
  });
});

describe("compendium packs", () => {
  it("refuse writes while locked: an error notification, then a throw", async () => {
    const packWorld = await createWorld({ users: [{ name: "Gamemaster", role: "gm" }] });
    const client = packWorld.gm;
    const pack = client.game.packs.get("clockwork.species");
    const [entry] = [...(await pack!.getIndex())];
    const doc = (await pack!.getDocument(entry._id as string)) as unknown as Doc;
    await expect(packWorld.as(client, () => doc.update({ name: "Changed" }))).rejects.toThrow(/locked compendium "clockwork.species"/);
    expect(client.notifications.at(-1)?.type).toBe("error");
  });
});

describe("migration", () => {
  it("runs the subtype model's migrateData on creation and on each update's changes (TypeDataField#migrateSource)", async () => {
    const bare = await createWorld({ packs: false, system: false, users: [{ name: "Gamemaster", role: "gm" }] });
    const { TypeDataModel, fields } = await import("./index");
    class Gadget extends TypeDataModel {
      static override defineSchema() {
        return { power: new fields.NumberField({ required: true, nullable: false, initial: 1 }) };
      }

      static override migrateData(source: Record<string, unknown>) {
        if ("strength" in source) {
          source.power = source.strength;
          delete source.strength;
        }
        return super.migrateData(source);
      }
    }
    const client = bare.gm;
    (client.CONFIG.Item as { dataModels: Record<string, unknown> }).dataModels.gadget = Gadget;
    const Item = (client.CONFIG.Item as { documentClass: { create(d: object): Promise<Doc> } }).documentClass;
    const item = await bare.as(client, () => Item.create({ name: "Widget", type: "gadget", system: { strength: 4 } }));
    expect(item.system.power).toBe(4);
    await bare.as(client, () => item.update({ system: { strength: 6 } }));
    expect(item.system.power).toBe(6);
  });
});
