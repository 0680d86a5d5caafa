/**
 * The book's spell tables from the casting card (issue 11 item 8): Alice's Ilinde calls a wolf and
 * builds a golem from their cards — the GM creates NPCs owned by Alice with the table's numbers
 * (size, skills, vitals, resistance, natural attack, runes) — and picks a Shapeshift aspect, rolls
 * Item Personality once per gain and designs an Illusion within the gains. Bob may not use
 * Ilinde's card; a design the gains do not buy is refused and makes nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { useSpellTable } from "../../src/magic/spell-tables";
import { ILINDE, actorUuid, doc, seedArena, spellItem } from "./world-fixtures";

interface Message { id: string; content: string; flags: { clockwork: { cast: { gains: number; tableUse?: Record<string, unknown> } } }; update(c: object): Promise<unknown> }
interface Caster {
  items: { get(id: string): unknown };
  effects: Iterable<{ flags: { clockwork?: { spell?: { identifier: string; aspect?: string } } } }>;
  createEmbeddedDocuments(n: string, d: object[], o?: object): Promise<unknown>;
  castSpell(item: unknown, options?: object): Promise<{ message: Message; data: { gains: number; success: boolean } } | null>;
}
interface NpcView {
  name: string; type: string; isOwner: boolean;
  flags: { clockwork: { companion: { controllerUuid: string; spell: string; cause?: string }; golemRunes?: string } };
  system: { sizeChoice: string; vitalsMax: number; skills: Record<string, { rank: number }>; resistanceOverride: Record<string, number | null>; mana: { value: number } };
  items: Iterable<{ name: string; type: string; system: { damage: { dice: number; types: string[] }; counters: number } }>;
}

const IDS = { "Call of the Wild": "magicSpellCallWd", Golemancy: "magicSpellGolemy", Shapeshift: "magicSpellShapes", "Awaken Item": "magicSpellAwaken", Illusion: "magicSpellIllusn" } as const;
const ilinde = (client: WorldClient) => doc<Caster>(client, actorUuid(ILINDE));
const message = (client: WorldClient, id: string) => (client.game.messages as unknown as { get(id: string): Message }).get(id);

async function arena() {
  const world = await createWorld({ packs: false });
  const seeded = await seedArena(world, { combat: false });
  await world.as(seeded.alice, () => ilinde(seeded.alice).createEmbeddedDocuments("Item", Object.entries(IDS).map(([name, id]) => spellItem(name, id)), { keepId: true }));
  await world.settle();
  const cast = async (name: keyof typeof IDS, ...faces: number[]) => {
    queueFaces(...faces);
    const result = await world.as(seeded.alice, () => ilinde(seeded.alice).castSpell(ilinde(seeded.alice).items.get(IDS[name])));
    await world.settle();
    clearQueuedFaces();
    return result!;
  };
  return { ...seeded, cast };
}

afterEach(() => clearQueuedFaces());

// Casts and table choices in a three-client world: seconds each on a loaded machine.
describe("spell tables from the card", { timeout: 20_000 }, () => {
  it("Call of the Wild: a wolf from the card becomes Alice's NPC with the large row's numbers", async () => {
    const { world, gm, alice, bob, cast } = await arena();
    const call = await cast("Call of the Wild", 12, 12, 6, 6, 2, 2, 2, 2, 2);
    expect(call.data.gains).toBeGreaterThanOrEqual(5);
    expect(call.data.gains).toBeLessThan(7);
    expect(call.message.content).toContain('data-action="useSpellTable"');

    // Bob does not control Ilinde: refused, nothing made.
    const before = [...(gm.game.actors as Iterable<unknown>)].length;
    expect(await world.as(bob, () => useSpellTable(message(bob, call.message.id), { animal: "wolf" }))).toBe(false);
    expect(bob.notifications.at(-1)).toMatchObject({ type: "warn", message: "Only the owner of Ilinde or the GM can use this table." });
    // An adult dragon (the huge row) is beyond the rolled row.
    expect(await world.as(alice, () => useSpellTable(message(alice, call.message.id), { animal: "adultDragon" }))).toBe(false);
    expect(alice.notifications.at(-1)?.message).toContain("beyond the rows");
    expect([...(gm.game.actors as Iterable<unknown>)].length).toBe(before);

    expect(await world.as(alice, () => useSpellTable(message(alice, call.message.id), { animal: "wolf", name: "Grey" }))).toBe(true);
    await world.settle();
    const use = message(gm, call.message.id).flags.clockwork.cast.tableUse as { companion: { name: string; uuid: string } };
    expect(use.companion.name).toBe("Grey");
    const wolf = doc<NpcView>(alice, use.companion.uuid);
    expect(wolf).toMatchObject({ name: "Grey", type: "npc", isOwner: true });
    expect(wolf.flags.clockwork.companion).toEqual({ controllerUuid: actorUuid(ILINDE), spell: "call-of-the-wild", cause: `ChatMessage.${call.message.id}` });
    expect(wolf.system).toMatchObject({ sizeChoice: "medium", vitalsMax: 5, mana: { value: 0 } });
    expect(wolf.system.skills.strength.rank).toBe(7);
    expect(wolf.system.resistanceOverride.piercing).toBe(1);
    const [bite] = [...wolf.items];
    expect(bite).toMatchObject({ name: "Bite", type: "weapon", system: { counters: 2, damage: { dice: 6, types: ["piercing"] } } });
    expect(message(gm, call.message.id).content).toContain("Grey answers and acts right after its caster.");
    expect(message(gm, call.message.id).content).not.toContain('data-action="useSpellTable"');
    // One animal per cast.
    expect(await world.as(alice, () => useSpellTable(message(alice, call.message.id), { animal: "dog" }))).toBe(false);
    expect(alice.notifications.at(-1)?.message).toContain("nothing left to choose");
  });

  it("Golemancy: a design within the gains becomes a golem with its material's armor and its runes", async () => {
    const { world, gm, alice, cast } = await arena();
    const golem = await cast("Golemancy", 12, 6, 6, 2, 2, 2, 2, 2, 2);
    const gains = golem.data.gains;
    expect(gains).toBeGreaterThanOrEqual(4);
    expect(gains).toBeLessThan(10);
    const before = [...(gm.game.actors as Iterable<unknown>)].length;
    expect(await world.as(alice, () => useSpellTable(message(alice, golem.message.id), { material: "iron", size: "huge", runes: "major" }))).toBe(false);
    expect(alice.notifications.at(-1)?.message).toContain(`more than the ${gains} gains`);
    expect([...(gm.game.actors as Iterable<unknown>)].length).toBe(before);

    expect(await world.as(alice, () => useSpellTable(message(alice, golem.message.id), { material: "clockwork", size: "medium", runes: "minor", name: "" }))).toBe(true);
    await world.settle();
    const use = message(gm, golem.message.id).flags.clockwork.cast.tableUse as { companion: { name: string; uuid: string } };
    const made = doc<NpcView>(gm, use.companion.uuid);
    expect(made.name).toBe("Clockwork (light armor) golem");
    expect(made.flags.clockwork.golemRunes).toBe("minor");
    expect(made.system).toMatchObject({ sizeChoice: "medium", vitalsMax: 6, mana: { value: 0 } });
    expect(made.system.resistanceOverride).toMatchObject({ ballistic: 2, slashing: 2, explosive: 2 });
    expect([...made.items]).toHaveLength(0);
  });

  it("Shapeshift's aspect, Item Personality rolls and an Illusion's design are recorded on the card", async () => {
    const { world, alice, cast } = await arena();
    const shift = await cast("Shapeshift", 12, 12, 6, 2, 2, 2, 2, 2, 2);
    expect(shift.data.success).toBe(true);
    expect(await world.as(alice, () => useSpellTable(message(alice, shift.message.id), { aspect: "bear" }))).toBe(true);
    await world.settle();
    const effect = [...ilinde(alice).effects].find((e) => e.flags.clockwork?.spell?.identifier === "shapeshift");
    expect(effect?.flags.clockwork?.spell?.aspect).toBe("bear");
    expect(message(alice, shift.message.id).content).toContain("Aspect: Bear");

    const awaken = await cast("Awaken Item", 12, 6, 2, 2, 2, 2, 2, 2, 2);
    const rolls = awaken.data.gains;
    expect(rolls).toBeGreaterThan(0);
    for (let i = 0; i < rolls; i++) {
      queueFaces(i + 1);
      expect(await world.as(alice, () => useSpellTable(message(alice, awaken.message.id)))).toBe(true);
      await world.settle();
    }
    expect(message(alice, awaken.message.id).flags.clockwork.cast.tableUse?.personalities).toEqual(["evil", "heartless", "bravado", "depressed", "anxious", "demure", "balanced", "jester", "valor", "happy", "wise", "good"].slice(0, rolls));
    expect(message(alice, awaken.message.id).content).toContain("Personality roll 1: Evil");
    expect(await world.as(alice, () => useSpellTable(message(alice, awaken.message.id)))).toBe(false);

    const image = await cast("Illusion", 12, 12, 6, 2, 2, 2, 2, 2, 2);
    const gains = image.data.gains;
    expect(await world.as(alice, () => useSpellTable(message(alice, image.message.id), { size: "huge", movement: "volition", complexity: "reactive" }))).toBe(gains >= 10);
    expect(await world.as(alice, () => useSpellTable(message(alice, image.message.id), { size: "small", movement: "static", complexity: "color" }))).toBe(true);
    await world.settle();
    expect(message(alice, image.message.id).flags.clockwork.cast.tableUse?.illusion).toEqual({ size: "small", movement: "static", complexity: "color", cost: 4 });
    expect(message(alice, image.message.id).content).toContain(`4 of ${gains} gains spent, Perception ${gains} to see through it`);
  });
});
