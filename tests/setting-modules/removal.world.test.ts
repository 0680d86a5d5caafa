/**
 * Issue 31: removing a setting module leaves existing actors and items valid. A world plays with
 * Frostmarch (Ada: a Frostkin with frost resistance points, the Ice axes focus, an Ice lance of
 * the Ice lances group dealing frost damage, with the brittle property and applying Numbed, and
 * Numbed on her); the GM's client remembers the module's keys. The world restarts without the
 * module: every document loads, no value is reset, the sheets show the removed entries as unknown,
 * the rules ignore them, and a new value outside the lists is still refused.
 * And the other way: data stored before the module existed (no frost keys) loads with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, loadWorld, type World, type WorldClient } from "../world";
import { FROST_FOCUS, FROST_LANCE, FROST_SPECIES, frostmarch } from "./fixture";
import { buildItemContext } from "../../src/applications/context/item";
import { currentChoices } from "../../src/applications/choices-registry";

const ADA = "removalAdaChar01";
type ItemDoc = { id: string; name: string; type: string; system: Record<string, unknown>; update(c: object): Promise<unknown>; toObject(): Record<string, unknown> };
type ActorDoc = {
  id: string; name: string; statuses: Set<string>; system: Record<string, unknown> & { resistances: Record<string, { total: number }> };
  items: { get(id: string): ItemDoc | undefined; contents: ItemDoc[] };
  update(c: object): Promise<unknown>; createEmbeddedDocuments(n: string, d: object[], o?: object): Promise<unknown>;
  toggleStatusEffect(id: string, o?: object): Promise<unknown>;
};
const actor = (client: WorldClient) => client.game.actors.get(ADA) as unknown as ActorDoc;
const lance = (client: WorldClient) => actor(client).items.get(FROST_LANCE)!;

let before: World;
let after: World;
let stored: { actor: Record<string, unknown>; items: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  before = await createWorld({ packs: false, modules: [frostmarch()] });
  const gm = before.gm;
  const alice = before.player("Alice");
  const pack = gm.game.packs.get("frostmarch.frost-gear")!;
  const items = await Promise.all([FROST_SPECIES, FROST_FOCUS, FROST_LANCE].map(async (id) => (await pack.getDocument(id))!.toObject()));
  (items[2].system as Record<string, unknown>).conditions = [{ key: "numbed", trigger: "hit" }];
  await before.seed("Actor", [{
    _id: ADA, name: "Ada", type: "character", system: { resistanceAllocation: { frost: 1, blunt: 1 }, speciesResistance: "" }, items,
  }], { ownership: { [alice.userId]: 3 } });
  await before.as(gm, () => actor(gm).update({ "system.equipped.mainHand": FROST_LANCE }));
  await before.as(gm, () => actor(gm).toggleStatusEffect("numbed", { active: true }));
  await before.settle();
  stored = {
    actor: structuredClone(before.server.sources.Actor.get(ADA)!) as Record<string, unknown>,
    items: Object.fromEntries(((before.server.sources.Actor.get(ADA) as { items: Record<string, unknown>[] }).items).map((i) => [i._id as string, structuredClone(i)])),
  };
  const snapshot = before.save();
  before.close();
  after = await loadWorld(snapshot, { packs: false });
}, 60_000);
afterAll(() => after?.close());

describe("with the module", () => {
  it("played as usual: numbed counts as stunned, frost is a resistance, the GM remembered the module's keys", () => {
    const settings = (before.server.sources.Setting as Map<string, { key: string; value: string }>);
    const setting = [...settings.values()].find((s) => s.key === "clockwork.settingModuleKeys");
    expect(JSON.parse(setting!.value)).toMatchObject({ damageTypes: ["frost"], weaponGroups: ["iceLances"], weaponProperties: ["brittle"], conditions: ["numbed"], speciesAbilityKinds: ["coldBlood"] });
    expect((stored.actor.system as { resistanceAllocation: Record<string, number> }).resistanceAllocation.frost).toBe(1);
  });
});

describe("after the module is removed", () => {
  it("loads every document on every client, with no error", () => {
    for (const client of after.clients.filter((c) => c.connected)) {
      expect(client.errors).toEqual([]);
      expect(actor(client)).toBeDefined();
      expect(actor(client).items.contents).toHaveLength(3);
      expect(client.errors).toEqual([]);
      expect((client.CONFIG.CLOCKWORK as { damageTypes: Record<string, unknown> }).damageTypes.frost).toBeUndefined();
    }
  });

  it("keeps every stored value: nothing reset, nothing dropped", () => {
    const source = after.server.sources.Actor.get(ADA) as { system: Record<string, unknown>; items: Record<string, unknown>[] };
    expect(source.system).toEqual(stored.actor.system);
    for (const item of source.items) expect(item).toEqual(stored.items[item._id as string]);
    const ada = actor(after.gm);
    expect((ada.system.resistanceAllocation as Record<string, number>).frost).toBe(1);
    expect(lance(after.gm).system).toMatchObject({ group: "iceLances", damage: { types: ["frost"] }, properties: [{ key: "brittle" }], conditions: [{ key: "numbed" }] });
    expect(ada.items.get(FROST_SPECIES)!.system.resistanceBonus).toBe("frost");
    expect(ada.items.get(FROST_FOCUS)!.system.weaponGroup).toBe("iceLances");
    expect(ada.statuses.has("numbed")).toBe(true);
  });

  it("no longer applies the removed condition's reused rules", () => {
    expect(actor(after.gm).statuses.has("stunned")).toBe(false);
  });

  it("shows the removed entries as unknown in the sheets, and keeps them on save", async () => {
    const context = await after.as(after.gm, () => buildItemContext(lance(after.gm) as never, { editable: true }, currentChoices()));
    const fields = context.groups.flatMap((g) => g.fields) as { name?: string; options?: { value: string; unknown?: boolean; selected: boolean }[] }[];
    const group = fields.find((f) => f.name === "system.group")!;
    expect(group.options!.find((o) => o.selected)).toMatchObject({ value: "iceLances", unknown: true });
    const types = fields.find((f) => f.name === "system.damage.types")!;
    expect(types.options!.find((o) => o.value === "frost")).toMatchObject({ unknown: true, selected: true });
    expect(JSON.stringify(context.summary)).toContain("Unknown (frost)");
    expect(JSON.stringify(context.play.details)).toContain("Unknown (iceLances)");
    expect(JSON.stringify(context.play.details)).toContain("Unknown (brittle)");
  });

  it("lets the owner keep playing: other changes save, the removed values stay", async () => {
    const alice = after.player("Alice");
    await after.as(alice, () => lance(alice).update({ name: "Old ice lance" }));
    await after.as(alice, () => actor(alice).update({ name: "Ada of the North" }));
    await after.settle();
    expect(lance(after.gm).name).toBe("Old ice lance");
    expect(lance(after.gm).system.group).toBe("iceLances");
    expect(actor(after.gm).name).toBe("Ada of the North");
  });

  it("still refuses a new value outside the lists, with a message, changing nothing", async () => {
    const alice = after.player("Alice");
    const notes = alice.notifications.length;
    await after.as(alice, () => lance(alice).update({ "system.group": "bogusGroup" }));
    await after.settle();
    expect(lance(after.gm).system.group).toBe("iceLances");
    expect(alice.notifications.slice(notes).some((n) => n.type === "error")).toBe(true);
  });
});

describe("data stored before the module existed", () => {
  it("loads with the module active: the new damage type's resistance starts at nothing allocated", async () => {
    const world = await createWorld({ packs: false, modules: [frostmarch()] });
    // An actor as an older world stored it: the book's six types only.
    const old = { _id: "oldShapeActor001", name: "Old", type: "character", system: { resistanceAllocation: { ballistic: 0, blunt: 1, energy: 0, piercing: 0, slashing: 2, explosive: 0 } } };
    await world.seed("Actor", [old]);
    const loaded = world.gm.game.actors.get("oldShapeActor001") as unknown as ActorDoc;
    expect((loaded.system.resistanceAllocation as Record<string, number>)).toMatchObject({ blunt: 1, slashing: 2, frost: 0 });
    expect(loaded.system.resistances.frost.total).toBe(2);
    for (const client of world.clients) expect(client.errors).toEqual([]);
    world.close();
  });
});
