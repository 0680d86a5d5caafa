// @vitest-environment happy-dom
/**
 * The GM's approval of a custom species (src/documents/species-approval.ts) in a GM + players
 * world: only the GM sets it, on every write path a player has (an update, a creation, a copy
 * onto a character); a player's change to the rules of an approved species takes the approval
 * back; a copy of an approved species keeps it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../world";
import { createSeededDomWorld } from "../world/applications/dom-world";
import { ADA_ID } from "../world/browser/seed";
import type { ClockworkActor } from "../../src/documents/actor";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let goatId: string;

interface SpeciesDoc {
  id: string;
  uuid: string;
  name: string;
  system: { approved: boolean; custom: boolean; runBonus: number; description: string; ability: { text: string } };
  flags: Record<string, Record<string, unknown>>;
  update(changes: object): Promise<unknown>;
}

const flush = () => world.settle();
const goat = (client: WorldClient) => (client.game.items as unknown as { get(id: string): SpeciesDoc }).get(goatId);
const ada = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): ClockworkActor }).get(ADA_ID);
const messages = (client: WorldClient) => client.notifications.map((n) => n.message).join(" ");

/** The book's worked example (L275–L277), made by Alice. */
const GOATFOLK = {
  name: "Goatfolk", type: "species",
  system: {
    custom: true, approved: false, size: "medium", resistanceBonus: "blunt", bonusSkills: ["creativity", "charisma", "manipulation"], runBonus: 1,
    ability: { name: "Headbutt", text: "Horned heads butt for 6 piercing dice; reverse joints give +1 Run.", kinds: ["unarmedAttack", "runBonus"], attack: { dice: 6, type: "piercing" } },
  },
};

beforeEach(async () => {
  world = await createSeededDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  [goatId] = await world.seed("Item", [GOATFOLK], { ownership: { [alice.user.id as string]: 3 } });
  await flush();
  // The first boot of the system in this file is slow on a loaded machine.
}, 30_000);

describe("approving a custom species", () => {
  it("is refused to its player owner, with a message, and changes nothing", async () => {
    await world.as(alice, () => goat(alice).update({ "system.approved": true }));
    await flush();
    expect(messages(alice)).toContain("Only a game master can approve a species or withdraw its approval; Goatfolk was not changed.");
    for (const client of [gm, alice]) expect(goat(client).system.approved).toBe(false);
  });

  it("is the GM's: every client sees it, and the player cannot withdraw it either", async () => {
    await world.as(gm, () => goat(gm).update({ "system.approved": true }));
    await flush();
    expect(goat(alice).system.approved).toBe(true);
    await world.as(alice, () => goat(alice).update({ system: { approved: false } }));
    await flush();
    expect(goat(gm).system.approved).toBe(true);
    expect(messages(alice)).toContain("Only a game master can approve");
  });

  it("lapses when the player changes its rules after approval, not when they reword its description", async () => {
    await world.as(gm, () => goat(gm).update({ "system.approved": true }));
    await flush();
    await world.as(alice, () => goat(alice).update({ "system.description": "<p>Goat-legged folk of the hills.</p>" }));
    await flush();
    expect(goat(gm).system.approved).toBe(true);
    await world.as(alice, () => goat(alice).update({ "system.ability.text": "Horns deal 6 piercing dice; +1 Run; they also fly." }));
    await flush();
    expect(goat(gm).system.approved).toBe(false);
    expect(goat(gm).system.ability.text).toContain("they also fly");
    expect(messages(alice)).toContain("Goatfolk changed after the GM approved it, so it waits for approval again.");
  });

  it("cannot be forged by creating a species already marked approved", async () => {
    const before = ada(gm).items.size;
    await world.as(alice, () => ada(alice).createEmbeddedDocuments("Item", [{ ...GOATFOLK, name: "Forged", system: { ...GOATFOLK.system, approved: true } }] as never));
    await flush();
    expect(ada(gm).items.size).toBe(before);
    expect(messages(alice)).toContain("Only a game master can approve a species or withdraw its approval; Forged was not changed.");
    // Naming an approved origin does not help when the data differs from it.
    await world.as(gm, () => goat(gm).update({ "system.approved": true }));
    await flush();
    const forged = { ...GOATFOLK, name: "Forged", system: { ...GOATFOLK.system, approved: true, runBonus: 4 }, flags: { clockwork: { speciesOrigin: goat(alice).uuid } } };
    await world.as(alice, () => ada(alice).createEmbeddedDocuments("Item", [forged] as never));
    await flush();
    expect(ada(gm).items.size).toBe(before);
  });

  it("is needed before a player gives the species to a character; the GM may give it unapproved", async () => {
    await expect(world.as(alice, () => ada(alice).applySpecies(goat(alice) as never, { bonusSkills: ["charisma", "creativity"] }))).rejects.toThrow(
      "Goatfolk waits for the GM's approval: only a game master can give it to a character until then.",
    );
    await flush();
    expect(ada(gm).items.contents.some((i) => i.name === "Goatfolk")).toBe(false);
    await world.as(gm, () => ada(gm).applySpecies(goat(gm) as never, { bonusSkills: ["charisma", "creativity"] }));
    await flush();
    expect(ada(alice).items.contents.find((i) => i.type === "species")?.name).toBe("Goatfolk");
  });

  it("stays on a character's copy of the approved species", async () => {
    await world.as(gm, () => goat(gm).update({ "system.approved": true }));
    await flush();
    await world.as(alice, () => ada(alice).applySpecies(goat(alice) as never, { bonusSkills: ["charisma", "creativity"] }));
    await flush();
    const copy = ada(gm).items.contents.find((i) => i.type === "species") as unknown as SpeciesDoc;
    expect(copy.name).toBe("Goatfolk");
    expect(copy.system.approved).toBe(true);
    expect(copy.flags.clockwork.speciesOrigin).toBe(goat(gm).uuid);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });
});
