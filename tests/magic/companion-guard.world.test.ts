/**
 * The GM makes a player's companion only from the player's own cast card (docs/rulings.md 140):
 * Alice's table button works; a request with free-form stats, a card by someone else, a card of
 * another spell or caster, a failed cast, a used card or a choice beyond the card's gains is
 * refused with a message and makes no actor. Stats sent along with a good card are ignored. The
 * GM's own free-form companion still works.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { summonCompanion } from "../../src/magic/companions";
import { useSpellTable } from "../../src/magic/spell-tables";
import { GRUSHA, ILINDE, actorUuid, doc, seedArena, spellItem } from "./world-fixtures";

interface Message { id: string; uuid: string; flags: { clockwork: { cast: { gains: number; success: boolean; tableUse?: { companion?: { uuid: string } } } } }; update(c: object): Promise<unknown> }
interface Caster {
  uuid: string;
  items: { get(id: string): unknown };
  createEmbeddedDocuments(n: string, d: object[], o?: object): Promise<unknown>;
  castSpell(item: unknown, options?: object): Promise<{ message: Message; data: { gains: number; success: boolean } } | null>;
}
interface NpcView { name: string; system: { vitalsMax: number; skills: Record<string, { rank: number }> }; flags: { clockwork: { companion: { cause?: string } } } }

const IDS = { "Call of the Wild": "magicSpellCallWd", Golemancy: "magicSpellGolemy", Shapeshift: "magicSpellShapes" } as const;
const ilinde = (client: WorldClient) => doc<Caster>(client, actorUuid(ILINDE));
const message = (client: WorldClient, id: string) => (client.game.messages as unknown as { get(id: string): Message }).get(id);
const FORGED = { system: { vitalsMax: 99, skills: { strength: { rank: 1 } } }, items: [{ name: "Laser", type: "weapon", system: { damage: { dice: 40 } } }], runes: "major" };

async function arena() {
  const world = await createWorld({ packs: false });
  const seeded = await seedArena(world, { combat: false });
  const { gm, alice } = seeded;
  await world.as(gm, () => ilinde(gm).createEmbeddedDocuments("Item", Object.entries(IDS).map(([name, id]) => spellItem(name, id)), { keepId: true }));
  await world.settle();
  const cast = async (client: WorldClient, name: keyof typeof IDS, ...faces: number[]) => {
    queueFaces(...faces);
    const result = await world.as(client, () => ilinde(client).castSpell(ilinde(client).items.get(IDS[name])));
    await world.settle();
    clearQueuedFaces();
    return result!;
  };
  const actors = () => [...(gm.game.actors as Iterable<unknown>)].length;
  const ask = async (request: Record<string, unknown>, casterUuid = actorUuid(ILINDE)) => {
    const made = await world.as(alice, () => summonCompanion(doc<{ uuid: string }>(alice, casterUuid), { name: "Forged", ...request }));
    await world.settle();
    return made;
  };
  return { ...seeded, cast, actors, ask };
}

afterEach(() => clearQueuedFaces());

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("the GM's check of a player's companion", { timeout: 20_000 }, () => {
  it("the table button works; stats sent along with the card are ignored; a used card makes no second one", async () => {
    const { world, gm, alice, cast, actors, ask } = await arena();
    const call = await cast(alice, "Call of the Wild", 12, 12, 6, 6, 2, 2, 2, 2, 2);
    expect(call.data.success).toBe(true);
    const before = actors();
    // A good card and choice, with forged stats: the GM builds the wolf from the card.
    const made = await ask({ spell: "call-of-the-wild", cause: call.message.uuid, choice: { animal: "wolf", name: "Grey" }, ...FORGED });
    expect(made).not.toBeNull();
    const wolf = doc<NpcView>(gm, made!.actorUuid);
    expect(wolf.name).toBe("Grey");
    expect(wolf.system.vitalsMax).toBe(5);
    expect(wolf.system.skills.strength.rank).toBe(7);
    expect(wolf.flags.clockwork.companion.cause).toBe(call.message.uuid);
    expect([...(doc<{ items: Iterable<{ name: string }> }>(gm, made!.actorUuid).items)].map((i) => i.name)).toEqual(["Bite"]);
    expect(actors()).toBe(before + 1);
    // The GM recorded it on the card: the card is used.
    expect(message(gm, call.message.id).flags.clockwork.cast.tableUse?.companion?.uuid).toBe(made!.actorUuid);
    expect(await ask({ spell: "call-of-the-wild", cause: call.message.uuid, choice: { animal: "dog" } })).toBeNull();
    expect(alice.notifications.at(-1)).toMatchObject({ type: "warn", message: "Forged was not made: that Call of the Wild card has already made its companion." });
    // Alice clears the record on her own card: the wolf made from it still counts.
    await world.as(alice, () => message(alice, call.message.id).update({ "flags.clockwork.cast.-=tableUse": null }));
    await world.settle();
    expect(message(gm, call.message.id).flags.clockwork.cast.tableUse).toBeUndefined();
    expect(await ask({ spell: "call-of-the-wild", cause: call.message.uuid, choice: { animal: "dog" } })).toBeNull();
    expect(alice.notifications.at(-1)?.message).toContain("already made its companion");
    expect(actors()).toBe(before + 1);

    // The button on a fresh card: a golem.
    const golem = await cast(alice, "Golemancy", 12, 6, 6, 2, 2, 2, 2, 2, 2);
    expect(await world.as(alice, () => useSpellTable(message(alice, golem.message.id), { material: "clay", size: "medium", name: "Mud" }))).toBe(true);
    await world.settle();
    expect(actors()).toBe(before + 2);
  });

  it("forged requests are refused with a message and make nothing", async () => {
    const { world, gm, alice, cast, actors, ask } = await arena();
    const call = await cast(alice, "Call of the Wild", 12, 12, 6, 6, 2, 2, 2, 2, 2);
    const gains = call.data.gains;
    const shift = await cast(alice, "Shapeshift", 12, 12, 6, 2, 2, 2, 2, 2, 2);
    const failed = await cast(alice, "Call of the Wild", 1, 1, 1, 1, 1, 1, 1, 1, 1);
    expect(failed.data.success).toBe(false);
    const gmCard = await cast(gm, "Call of the Wild", 12, 12, 6, 6, 2, 2, 2, 2, 2);
    // Alice is given Grusha too, to ask for a companion of the wrong caster.
    await world.as(gm, () => doc<{ update(c: object): Promise<unknown> }>(gm, actorUuid(GRUSHA)).update({ [`ownership.${alice.userId}`]: 3 }));
    await world.settle();
    const before = actors();

    // The relay answers for a card that is not the asker's or not a companion spell's (src/relay); the guard for the rest.
    const refusals: [Record<string, unknown>, string, string?][] = [
      [{ spell: "golemancy", ...FORGED }, "Forged was not made: a player's companion comes from the button on their cast card, not from stats sent along."],
      [{ spell: "call-of-the-wild", cause: gmCard.message.uuid, choice: { animal: "wolf" } }, "That chat card is not yours to apply."],
      [{ spell: "call-of-the-wild", cause: shift.message.uuid, choice: { animal: "wolf" } }, "That request does not follow from a chat card of the right kind; nothing was changed."],
      [{ spell: "golemancy", cause: call.message.uuid, choice: { material: "clay", size: "medium" } }, "Forged was not made: Call of the Wild does not make a companion."],
      [{ spell: "call-of-the-wild", cause: call.message.uuid, choice: { animal: "wolf" } }, "Forged was not made: that card is Ilinde's cast, not this caster's.", actorUuid(GRUSHA)],
      [{ spell: "call-of-the-wild", cause: failed.message.uuid, choice: { animal: "turtle" } }, "Forged was not made: that Call of the Wild cast did not succeed."],
      [{ spell: "call-of-the-wild", cause: call.message.uuid, choice: { animal: "adultDragon" } }, `Forged was not made: that choice is beyond the ${gains} gains of the Call of the Wild card.`],
      [{ spell: "call-of-the-wild", cause: "ChatMessage.nothingHere00000", choice: { animal: "wolf" } }, "That request does not follow from a chat card of the right kind; nothing was changed."],
    ];
    for (const [request, text, caster] of refusals) {
      expect(await ask(request, caster)).toBeNull();
      expect(alice.notifications.at(-1)).toMatchObject({ type: "warn", message: text });
      expect(actors()).toBe(before);
    }
    // A player's castSpell with a free-form companion: the cast works, the companion is refused.
    queueFaces(12, 12, 6, 6, 2, 2, 2, 2, 2);
    const freeForm = await world.as(alice, () => ilinde(alice).castSpell(ilinde(alice).items.get(IDS["Call of the Wild"]), { companion: { name: "Grey Wolf", ...FORGED } })) as { data: { success: boolean }; companion?: unknown };
    await world.settle();
    expect(freeForm.data.success).toBe(true);
    expect(freeForm.companion).toBeNull();
    expect(alice.notifications.at(-1)?.message).toBe("Grey Wolf was not made: a player's companion comes from the button on their cast card, not from stats sent along.");
    expect(actors()).toBe(before);
  });

  it("the GM's free-form companion keeps its stats", async () => {
    const { world, gm, actors } = await arena();
    const before = actors();
    const made = await world.as(gm, () => summonCompanion(doc<{ uuid: string }>(gm, actorUuid(ILINDE)), { name: "Stone Warden", spell: "golemancy", system: { vitalsMax: 9 }, runes: "major" }));
    await world.settle();
    expect(made).not.toBeNull();
    expect(actors()).toBe(before + 1);
    const warden = doc<NpcView & { flags: { clockwork: { golemRunes?: string } } }>(gm, made!.actorUuid);
    expect(warden.system.vitalsMax).toBe(9);
    expect(warden.flags.clockwork.golemRunes).toBe("major");
    expect(warden.flags.clockwork.companion.cause).toBeUndefined();
  });
});
