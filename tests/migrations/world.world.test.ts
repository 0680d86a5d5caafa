/**
 * The world migration on a fixture world saved by 0.1.0 (tests/fixtures/migrations/world-0.1.0.ts),
 * in the test world: the GM's client migrates on `ready`, the server ends up holding the current
 * shapes (world items, actors and their items, an unlinked token's delta, the unlocked
 * compendium; the locked one is left alone), the version is recorded, a second run writes
 * nothing, and an interrupted run finishes on the next one with the same result.
 */
import { afterEach, describe, expect, it } from "vitest";
import { loadWorld, type World, type WorldSnapshot } from "../world";
import { OLD_IDS, OLD_PACK_LOCKS, OLD_PACKS, OLD_SOURCES, OLD_USERS } from "../fixtures/migrations/world-0.1.0";
import { MIGRATION_VERSION, readyMigration } from "../../src/migrations";
import { migrateWorld } from "../../src/migrations/world";

type Source = Record<string, unknown> & { system: Record<string, unknown>; items?: Source[]; flags?: Record<string, unknown> };

const worlds: World[] = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.close();
});

/** A world setting recording that the world is already at the latest migration. */
const MIGRATED_SETTING = { _id: "settingMigrate01", key: "clockwork.systemMigrationVersion", value: JSON.stringify(MIGRATION_VERSION), user: null, flags: {} };

function snapshot(settings: object[] = []): WorldSnapshot {
  return {
    version: 1,
    profile: "v13",
    users: structuredClone(OLD_USERS),
    server: { sources: { ...structuredClone(OLD_SOURCES), Setting: structuredClone(settings) }, packs: { locked: OLD_PACK_LOCKS } },
  };
}

/** The 0.1.0 world, booted: the GM's `ready` migration has finished. */
async function oldWorld(): Promise<World> {
  const world = await loadWorld(snapshot(), { packs: structuredClone(OLD_PACKS) });
  worlds.push(world);
  await world.as(world.gm, () => readyMigration());
  await world.settle();
  return world;
}

function stored(world: World, type: "Actor" | "Item" | "Scene", id: string): Source {
  return structuredClone(world.server.sources[type].get(id)) as Source;
}

function packSource(world: World, pack: string, id: string): Source {
  return structuredClone(world.server.packs.get(pack)?.sources.get(id)) as Source;
}

function item(actor: Source, id: string): Source {
  return actor.items!.find((i) => i._id === id) as Source;
}

/** Everything the server holds, for before/after comparisons. */
function serverState(world: World): unknown {
  const packs = Object.fromEntries([...world.server.packs].map(([id, pack]) => [id, [...pack.sources.values()]]));
  return structuredClone({ sources: world.server.snapshot(), packs });
}

/** The documents the migration writes (no settings or users), for comparing two worlds. */
function documentsState(world: World): unknown {
  const sources = (type: string) => [...(world.server.sources[type]?.values() ?? [])];
  const packs = Object.fromEntries([...world.server.packs].map(([id, pack]) => [id, [...pack.sources.values()]]));
  return structuredClone({ Actor: sources("Actor"), Item: sources("Item"), Scene: sources("Scene"), packs });
}

describe("the fixture really is old", () => {
  it("holds hands 'off', dangling ids and 99 wounds on the server before any client reads it", () => {
    const grusha = OLD_SOURCES.Actor[0] as Source;
    expect(item(grusha, "grushaUnarmed001").system.hands).toBe("off");
    expect((grusha.system.health as Source["system"]).wounds).toBe(99);
    expect((grusha.system.equipped as Source["system"]).mainHand).toBe(OLD_IDS.deletedItem);
  });
});

// Each test boots a three-client world from the old snapshot: over 5 s on a loaded machine.
describe("world migration on ready", { timeout: 20_000 }, () => {
  it("writes the current shapes to the server", async () => {
    const world = await oldWorld();

    const grusha = stored(world, "Actor", OLD_IDS.grusha);
    expect(item(grusha, "grushaUnarmed001").system.hands).toBe("none");
    expect(item(grusha, "grushaBite000001").system.hands).toBe("main");
    expect(item(grusha, "grushaEnchant001").system.appliedTo).toBe("");
    expect(grusha.system.equipped).toEqual({ mainHand: "", offHand: "", armor: "", shield: "" });
    // Stamina 7: the largest size's grit 7 + 3 = 10, so at most 11 wounds can be stored, and
    // wounds above any grit kill (issue 20: the capped creature was left alive).
    expect(grusha.system.health).toMatchObject({ wounds: 11, dead: true, dying: false });

    expect(item(stored(world, "Actor", OLD_IDS.npc), "banditUnarmed001").system.hands).toBe("none");
    expect(stored(world, "Item", OLD_IDS.worldUnarmed).system.hands).toBe("none");
    expect(stored(world, "Item", OLD_IDS.worldArmor).system).toMatchObject({ weight: "light", price: 250, quantity: 1 });
    expect(packSource(world, "world.homebrew", "packUnarmed00001").system.hands).toBe("none");
  });

  it("fixes an unlinked token's own delta, and only the migrated paths", async () => {
    const world = await oldWorld();
    const token = (stored(world, "Scene", OLD_IDS.scene).tokens as Source[])[0] as Source & { delta: Source };
    expect(token.delta.system).toMatchObject({ equipped: { mainHand: "" } });
    expect((token.delta.system.health as Source["system"]).wounds).toBeLessThanOrEqual(11);
    expect(token.delta.system).not.toHaveProperty("skills");
  });

  it("leaves the locked compendium and the current documents alone", async () => {
    const world = await oldWorld();
    expect(packSource(world, "world.archive", "archiveUnarmed01").system.hands).toBe("off");
    expect(stored(world, "Actor", OLD_IDS.clean)).toEqual(OLD_SOURCES.Actor[1]);
    expect(stored(world, "Item", OLD_IDS.worldAxe)).toEqual(OLD_SOURCES.Item[1]);
  });

  it("leaves no migration mark set in the stored sources, nor on the clients", async () => {
    const world = await oldWorld();
    expect(JSON.stringify(serverState(world))).not.toMatch(/"persistSourceMigration":true/);
    const marked = await world.as(world.gm, () => [...game.actors!, ...game.items!].filter((doc) => doc.getFlag("clockwork" as never, "persistSourceMigration" as never)).map((doc) => doc.name));
    expect(marked).toEqual([]);
  });

  it("records the version and says so, with a progress bar", async () => {
    const world = await oldWorld();
    const version = await world.as(world.gm, () => game.settings!.get("clockwork", "systemMigrationVersion"));
    expect(version).toBe(MIGRATION_VERSION);
    const messages = world.gm.notifications.map((n) => n.message);
    const version_ = MIGRATION_VERSION.replaceAll(".", "\\.");
    expect(messages[0]).toMatch(new RegExp(`updating this world's data to version ${version_}`));
    expect(messages.at(-1)).toMatch(new RegExp(`world data updated to version ${version_} \\(\\d+ documents written\\)`));
    expect(world.player("Alice").notifications).toEqual([]);
  });
});

describe("a world with nothing to update (issue 20)", () => {
  it("records the version without a word: no progress bar, no \"0 documents written\"", async () => {
    // Only documents already in the current shape, and no version recorded yet (a new world).
    const clean = { Actor: [structuredClone(OLD_SOURCES.Actor[1])], Item: [structuredClone(OLD_SOURCES.Item[1])], Setting: [] };
    const world = await loadWorld({ version: 1, profile: "v13", users: structuredClone(OLD_USERS), server: { sources: clean, packs: { locked: OLD_PACK_LOCKS } } }, { packs: [] });
    worlds.push(world);
    const report = await world.as(world.gm, () => readyMigration());
    await world.settle();
    expect(report).toMatchObject({ written: 0, failures: [] });
    expect(await world.as(world.gm, () => game.settings!.get("clockwork", "systemMigrationVersion"))).toBe(MIGRATION_VERSION);
    expect(world.gm.notifications).toEqual([]);
  });
});

describe("running it again", () => {
  it("writes nothing and changes nothing the second time", async () => {
    const world = await oldWorld();
    const before = serverState(world);
    const report = await world.as(world.gm, () => migrateWorld());
    await world.settle();
    expect(report).toMatchObject({ written: 0, failures: [] });
    expect(report.checked).toBeGreaterThan(0);
    expect(serverState(world)).toEqual(before);
  });

  it("finishes an interrupted run with the same result as an uninterrupted one", async () => {
    const reference = documentsState(await oldWorld());

    // The same 0.1.0 world, recorded as already migrated so nothing runs on ready; then the
    // record is cleared and the request carrying Grusha's write fails, as a crash would.
    const world = await loadWorld(snapshot([MIGRATED_SETTING]), { packs: structuredClone(OLD_PACKS) });
    worlds.push(world);
    const server = world.server as unknown as { modify(userId: string, request: Request): unknown };
    const modify = server.modify.bind(server);
    const first = await world.as(world.gm, async () => {
      await game.settings!.set("clockwork", "systemMigrationVersion", "");
      server.modify = (userId, request) => {
        if (request.type === "Actor" && request.updates?.some((u) => u._id === OLD_IDS.grusha)) throw new Error("connection lost");
        return modify(userId, request);
      };
      try {
        return await migrateWorld();
      } finally {
        server.modify = modify;
      }
    });
    await world.settle();
    expect(first.failures).toEqual(["Actor Grusha: connection lost"]);
    expect(stored(world, "Item", OLD_IDS.worldUnarmed).system.hands).toBe("none");
    expect(await world.as(world.gm, () => game.settings!.get("clockwork", "systemMigrationVersion"))).toBe("");
    expect(world.gm.notifications.at(-1)?.message).toMatch(/1 document\(s\) could not be updated/);

    const second = await world.as(world.gm, () => migrateWorld());
    await world.settle();
    expect(second.failures).toEqual([]);
    expect(documentsState(world)).toEqual(reference);
    expect(await world.as(world.gm, () => game.settings!.get("clockwork", "systemMigrationVersion"))).toBe(MIGRATION_VERSION);
  });
});

describe("progress", () => {
  it("drives one v13 progress notification from 0 to 100 %", async () => {
    const world = await loadWorld(snapshot([MIGRATED_SETTING]), { packs: structuredClone(OLD_PACKS) });
    worlds.push(world);
    const updates: { pct?: number; message?: string }[] = [];
    const options: unknown[] = [];
    await world.as(world.gm, async () => {
      const notifications = ui.notifications as unknown as { info(message: string, options?: unknown): unknown };
      const info = notifications.info.bind(notifications);
      notifications.info = (message: string, opts?: unknown) => {
        options.push(opts);
        const notification = info(message, opts) as object;
        return { ...notification, update: (u: { pct?: number; message?: string }) => updates.push(u) };
      };
      await migrateWorld();
    });
    expect(options[0]).toMatchObject({ progress: true });
    expect(updates.length).toBeGreaterThan(2);
    const pcts = updates.map((u) => u.pct ?? 0);
    expect(pcts).toEqual([...pcts].sort((a, b) => a - b));
    expect(pcts.at(-1)).toBe(1);
  });
});

const copyId = (id: string, n: number) => `${id.slice(0, 13)}c${String(n).padStart(2, "0")}`;

/** The 0.1.0 world with `copies` more of its old actors and world items (fresh ids), recorded as migrated. */
function widerSnapshot(copies: number): WorldSnapshot {
  const base = snapshot([MIGRATED_SETTING]);
  const sources = base.server!.sources as Record<string, Source[]>;
  // Every id of the document and its items, renamed wherever it appears (equipped slots name items).
  const rename = (source: Source, n: number): Source => {
    let json = JSON.stringify(source);
    for (const id of [source._id, ...(source.items ?? []).map((item) => item._id)]) json = json.replaceAll(`"${String(id)}"`, `"${copyId(String(id), n)}"`);
    return JSON.parse(json) as Source;
  };
  for (let n = 0; n < copies; n++) {
    sources.Actor.push(...(OLD_SOURCES.Actor as Source[]).map((actor) => rename(actor, n)));
    sources.Item.push(...(OLD_SOURCES.Item as Source[]).map((item) => rename(item, n)));
  }
  return base;
}

interface Request { type: string; action: string; parentUuid: string | null; pack: string | null; updates?: { _id: string }[] }

/** Every write request the server receives from now on. */
function countRequests(world: World): Request[] {
  const requests: Request[] = [];
  const server = world.server as unknown as { modify(userId: string, request: Request): unknown };
  const modify = server.modify.bind(server);
  server.modify = (userId, request) => {
    requests.push(structuredClone(request));
    return modify(userId, request);
  };
  return requests;
}

describe("batched writes", () => {
  it("sends one update per document type and parent, with the same end state as the small world's", async () => {
    const copies = 5;
    const world = await loadWorld(widerSnapshot(copies), { packs: structuredClone(OLD_PACKS) });
    worlds.push(world);
    // The `ready` run (nothing to do: recorded as migrated) ends before the record is cleared.
    await world.as(world.gm, () => readyMigration());
    await world.as(world.gm, () => game.settings!.set("clockwork", "systemMigrationVersion", ""));
    await world.settle();
    const requests = countRequests(world);
    const report = await world.as(world.gm, () => migrateWorld());
    await world.settle();
    expect(report.failures).toEqual([]);

    const updates = requests.filter((r) => r.action === "update" && r.type !== "Setting");
    const groups = new Set(updates.map((r) => `${r.type} ${r.parentUuid ?? ""} ${r.pack ?? ""}`));
    expect(updates.length).toBe(groups.size);
    const worldActors = updates.filter((r) => r.type === "Actor" && !r.parentUuid && !r.pack);
    const worldItems = updates.filter((r) => r.type === "Item" && !r.parentUuid && !r.pack);
    // Grusha of the fixture and of each copy needs writing (Bandit only its item); Clean and the Axe nothing.
    expect(worldActors).toHaveLength(1);
    expect(worldActors[0]!.updates).toHaveLength(copies + 1);
    // The Unarmed Strike and the armor (no quantity) of the fixture and of each copy.
    expect(worldItems).toHaveLength(1);
    expect(worldItems[0]!.updates).toHaveLength(2 * (copies + 1));
    expect(report.written).toBe(updates.reduce((n, r) => n + (r.updates?.length ?? 0), 0));

    // Each copy ends as its original does (whose shapes the tests above check).
    const strip = (source: Source | undefined) => JSON.stringify(source).replace(/"([A-Za-z0-9]{13})(c\d\d|[A-Za-z0-9]{3})"/g, "\"$1\"");
    for (let n = 0; n < copies; n++) {
      for (const original of [...OLD_SOURCES.Actor, ...OLD_SOURCES.Item] as Source[]) {
        const type = original.items ? "Actor" : "Item";
        expect(strip(stored(world, type, copyId(String(original._id), n)))).toBe(strip(stored(world, type, original._id as string)));
      }
    }
    expect(item(stored(world, "Actor", OLD_IDS.grusha), "grushaUnarmed001").system.hands).toBe("none");
    expect(stored(world, "Item", OLD_IDS.worldUnarmed).system.hands).toBe("none");
  });
});
