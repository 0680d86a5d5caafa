/**
 * The rules every write keeps (src/documents/write-rules.ts), played in the test world by Alice
 * (a player owning the character) and the GM, through the paths other than the sheet's buttons:
 * the API, drops (item creation), batches, deletions, token bars.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createWorld, type World } from "../world";
import {
  AMULET_OF_VITALITY, AMULET_OF_WIZARDRY, AXE, BATTLEAXE, FIRE_FLASK, HEALTH_POTION, KITE_SHIELD, PIERCING_PROTECTION, SCALEMAIL,
  copy, creature, type ItemFixture,
} from "../fixtures/actors";

let world: World;
beforeAll(async () => {
  world = await createWorld({ packs: false });
});
afterAll(() => world.close());

type Doc = Actor.Implementation;

const withId = (item: ItemFixture, id: string, system: Record<string, unknown> = {}): ItemFixture => ({ ...copy(item), _id: id, system: { ...copy(item.system), ...system } });
const potion = (n: number, container = "belt") => withId(HEALTH_POTION, `potion0000000${String(n).padStart(3, "0")}`, { quantity: 1, container });
const ring = (n: number, equipped = false): ItemFixture => ({ _id: `ring00000000000${n}`, name: `Ring ${n}`, type: "artifact", system: { slot: "ring", gains: 5, equipped } });

/** v13 actors carry `statuses` (rebuilt from effects on each preparation); the test world has none, so give it one. */
function statusesAfterPreparing(actor: Doc): string[] {
  const withStatuses = actor as unknown as { statuses?: Set<string> };
  withStatuses.statuses = new Set();
  actor.prepareData();
  return [...withStatuses.statuses];
}

/** A character owned by Alice; the write runs on Alice's client (or the GM's). */
async function play<T>(items: ItemFixture[], write: (actor: Doc) => Promise<T>, { as = "Alice", system = {} }: { as?: string; system?: object } = {}) {
  const alice = world.player("Alice");
  const [id] = await world.seed("Actor", [{ name: "Ada", type: "character", system: { ...creature({ strength: 7 }), ...system }, items: copy(items) }], {
    ownership: { [alice.user.id as string]: 3 },
  });
  const client = as === "GM" ? world.gm : alice;
  const before = client.notifications.length;
  const result = await world.as(client, () => write(game.actors!.get(id) as Doc));
  await world.settle();
  const stored = structuredClone(world.server.sources.Actor.get(id)) as { system: Record<string, Record<string, unknown>>; items: { _id: string; system: Record<string, unknown> }[] };
  const item = (itemId: string) => stored.items.find((i) => i._id === itemId)?.system;
  return { id, result, stored, item, messages: client.notifications.slice(before).map((n) => n.message) };
}

// Each test builds a three-client world and waits for the GM's follow-up writes: seconds when
// both cores are busy, so the world tests' 20 s budget rather than vitest's 5 s.
describe("equipped slots written through the API", { timeout: 20_000 }, () => {
  it("refuses a two-handed weapon written into one hand, and takes it through equip()", async () => {
    const direct = await play([BATTLEAXE], (actor) => actor.update({ "system.equipped.mainHand": BATTLEAXE._id } as never));
    expect(direct.stored.system.equipped.mainHand).toBe("");
    expect(direct.messages).toEqual(["A two-handed weapon fills both hands (one hand only with Titan Grip)."]);
    const planned = await play([BATTLEAXE], (actor) => (actor as unknown as { equip(item: Item.Implementation): Promise<void> }).equip(actor.items.get(BATTLEAXE._id)!));
    expect(planned.stored.system.equipped).toMatchObject({ mainHand: BATTLEAXE._id, offHand: BATTLEAXE._id });
  });

  it("refuses changing an equipped weapon to two-handed until it is unequipped", async () => {
    const { item, messages } = await play([AXE], (actor) => actor.items.get(AXE._id)!.update({ "system.hands": "two" } as never), {
      system: { equipped: { mainHand: AXE._id, offHand: "", armor: "", shield: "" } },
    });
    expect(item(AXE._id)?.hands).toBe("main");
    expect(messages[0]).toMatch(/^Axe is equipped; unequip it first\./);
  });
});

describe("an actor created with its items (a duplicate, an import, the builder)", { timeout: 20_000 }, () => {
  it("keeps the slots the hand rules allow and unequips the rest, saying which", async () => {
    const unarmed = { _id: "unarmedStrike001", name: "Unarmed Strike", type: "weapon", system: { category: "melee", group: "unarmed", hands: "none" } };
    const messages: string[] = [];
    const id = await world.as(world.gm, async () => {
      const before = world.gm.notifications.length;
      const actor = await Actor.create({
        name: "Imported", type: "character", items: [copy(BATTLEAXE), copy(KITE_SHIELD), unarmed, copy(SCALEMAIL)],
        system: { equipped: { mainHand: unarmed._id, offHand: BATTLEAXE._id, armor: SCALEMAIL._id, shield: KITE_SHIELD._id } },
      } as never, { keepEmbeddedIds: true } as never);
      messages.push(...world.gm.notifications.slice(before).map((n) => n.message));
      return actor!.id as string;
    });
    await world.settle();
    const stored = world.server.sources.Actor.get(id) as { system: { equipped: Record<string, string> } };
    expect(stored.system.equipped).toEqual({ mainHand: "", offHand: "", armor: SCALEMAIL._id, shield: KITE_SHIELD._id });
    expect(messages).toEqual(["Imported: Unarmed Strike, Battleaxe could not stay equipped (the hand rules do not allow it) and are unequipped."]);
  });
});

describe("belt and bandolier on every path", { timeout: 20_000 }, () => {
  it("sends a dropped item that does not fit the belt to the backpack, and says so", async () => {
    const { stored, messages } = await play([potion(1), potion(2), potion(3)], (actor) => actor.createEmbeddedDocuments("Item", [potion(4)] as never));
    expect(stored.items.map((i) => i.system.container)).toEqual(["belt", "belt", "belt", "backpack"]);
    expect(messages).toEqual(["Health Potion does not fit the belt (3 slots) and goes to the backpack."]);
  });

  it("counts every item of a dropped batch", async () => {
    const { stored } = await play([potion(1)], (actor) => actor.createEmbeddedDocuments("Item", [potion(2), potion(3), potion(4)] as never));
    expect(stored.items.filter((i) => i.system.container === "belt")).toHaveLength(3);
  });

  it("counts every write of a batch update", async () => {
    const items = [potion(1), potion(2), potion(3, "backpack"), potion(4, "backpack")];
    const { stored } = await play(items, (actor) => actor.updateEmbeddedDocuments("Item", [
      { _id: potion(3)._id, "system.container": "belt" }, { _id: potion(4)._id, "system.container": "belt" },
    ] as never));
    expect(stored.items.filter((i) => i.system.container === "belt")).toHaveLength(3);
  });

  it("refuses a larger quantity that overfills the belt", async () => {
    const { item } = await play([potion(1), potion(2)], (actor) => actor.items.get(potion(2)._id)!.update({ "system.quantity": 3 } as never));
    expect(item(potion(2)._id)?.quantity).toBe(1);
  });
});

describe("artifacts per body slot", { timeout: 20_000 }, () => {
  it("refuses a second amulet through the item, allows two rings but not three", async () => {
    const amulet = await play([AMULET_OF_VITALITY, withId(AMULET_OF_WIZARDRY, AMULET_OF_WIZARDRY._id, { equipped: false })],
      (actor) => actor.items.get(AMULET_OF_WIZARDRY._id)!.update({ "system.equipped": true } as never));
    expect(amulet.item(AMULET_OF_WIZARDRY._id)?.equipped).toBe(false);
    expect(amulet.messages).toEqual(["Only 1 artifact(s) of the Amulet slot can be worn at once."]);

    const rings = await play([ring(1, true), ring(2), ring(3)], (actor) => actor.updateEmbeddedDocuments("Item", [
      { _id: ring(2)._id, "system.equipped": true }, { _id: ring(3)._id, "system.equipped": true },
    ] as never));
    expect(rings.stored.items.filter((i) => i.system.equipped === true)).toHaveLength(2);
  });

  it("lets an artifact dropped onto a full slot arrive unequipped", async () => {
    const { stored, messages } = await play([AMULET_OF_VITALITY], (actor) => actor.createEmbeddedDocuments("Item", [copy(AMULET_OF_WIZARDRY)] as never));
    expect(stored.items.map((i) => i.system.equipped)).toEqual([true, false]);
    expect(messages[0]).toMatch(/^Amulet of Wizardry arrives unequipped/);
  });
});

describe("deleting items", { timeout: 20_000 }, () => {
  it("unequips a batch of deleted items in one actor write, and detaches enchantments", async () => {
    const items = [AXE, SCALEMAIL, KITE_SHIELD, PIERCING_PROTECTION];
    const system = { equipped: { mainHand: AXE._id, offHand: "", armor: SCALEMAIL._id, shield: KITE_SHIELD._id } };
    let actorWrites = 0;
    const { stored, item } = await play(items, async (actor) => {
      Hooks.on("updateActor", () => actorWrites++);
      await actor.deleteEmbeddedDocuments("Item", [AXE._id, SCALEMAIL._id]);
    }, { system });
    expect(stored.system.equipped).toEqual({ mainHand: "", offHand: "", armor: "", shield: KITE_SHIELD._id });
    expect(item(PIERCING_PROTECTION._id)?.appliedTo).toBe("");
    expect(actorWrites).toBe(1);
  });
});

describe("health, mana and statuses", { timeout: 20_000 }, () => {
  it("refuses more mana than the maximum, and reads stored mana above a lowered maximum as the maximum", async () => {
    // Magic 5 (every magic skill untrained): 6 mana.
    const refused = await play([], (actor) => actor.update({ "system.mana.value": 7 } as never));
    expect(refused.stored.system.mana.value).toBe(0);
    expect(refused.messages).toEqual(["Ada: 7 mana is more than the maximum of 6."]);
    // 12 mana stored while an Amulet of Wizardry (+6) was worn; it is gone now.
    const lowered = await play([], async (actor) => (actor.system as unknown as { mana: { value: number; max: number } }).mana, { system: { mana: { value: 12 } } });
    expect(lowered.result).toEqual({ value: 6, max: 6 });
    expect(lowered.stored.system.mana.value).toBe(12);
  });

  it("makes the character dying when the token bar takes the last vital, and shows the status", async () => {
    const { id, stored } = await play([], (actor) => actor.modifyTokenAttribute("health", 0, false, true));
    expect(stored.system.health).toMatchObject({ vitalsLost: 6 });
    // The designated GM follows the track (a write of its own after this one): wait for it.
    await vi.waitFor(async () => {
      await world.settle();
      expect(world.server.sources.Actor.get(id)).toMatchObject({ system: { health: { vitalsLost: 6, dying: true, dead: false } } });
    }, { timeout: 30_000, interval: 50 });
    expect(await world.as(world.player("Alice"), () => statusesAfterPreparing(game.actors!.get(id) as Doc))).toContain("dying");
  }, 40_000);

  it("lets the GM mark a healthy character dead (the sheet asks first)", async () => {
    const { stored, result } = await play([], async (actor) => {
      await actor.update({ "system.health.dead": true } as never);
      return statusesAfterPreparing(actor);
    }, { as: "GM" });
    expect(stored.system.health.dead).toBe(true);
    expect(result).toContain("dead");
  });
});

describe("number boxes on items and below the document", { timeout: 20_000 }, () => {
  it("keeps an emptied item quantity", async () => {
    const flask = withId(FIRE_FLASK, FIRE_FLASK._id, { container: "backpack", quantity: 2 });
    const { item, messages } = await play([flask], (actor) => actor.items.get(FIRE_FLASK._id)!.update({ "system.quantity": null } as never));
    expect(item(FIRE_FLASK._id)?.quantity).toBe(2);
    expect(messages).toEqual(["Fire Flask: Quantity was left empty, so it stays 2."]);
  });

  it("refuses an emptied number in updateSource too, quoting what was typed", async () => {
    const { result } = await play([], async (actor) => {
      const errors: string[] = [];
      for (const value of [null, "", "seven"]) {
        try {
          actor.updateSource({ "system.skills.strength.rank": value } as never);
        } catch (error) {
          errors.push((error as Error).message);
        }
      }
      return { errors, rank: (actor.system as unknown as { skills: { strength: { rank: number } } }).skills.strength.rank };
    });
    expect(result.rank).toBe(7);
    expect(result.errors).toHaveLength(3);
    expect(result.errors.join("\n")).toMatch(/left empty/);
    expect(result.errors.join("\n")).toMatch(/"seven" is not a number/);
    expect(result.errors.join("\n")).not.toMatch(/NaN/);
  });
});
