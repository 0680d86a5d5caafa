// @vitest-environment happy-dom
/**
 * Applying a species in a GM + players world: all or nothing when Foundry refuses part of it
 * (it skips a refused entry and creates the rest, without throwing), and granted items that
 * remember their compendium entry, so reconfiguring pre-selects the earlier picks.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../world";
import { createSeededDomWorld } from "../world/applications/dom-world";
import { ADA_ID } from "../world/browser/seed";
import { reconfigureSpecies } from "../../src/applications/dialogs/species-dialog";
import type { ClockworkActor } from "../../src/documents/actor";

const ORCS = "Compendium.clockwork.species.Item.TwKsBqSMQlosKmdm";
const AXES = "Compendium.clockwork.foci.Item.7KOGAJrOpJ1ITZfd";
const CLUBS = "Compendium.clockwork.foci.Item.CLtbONV1VghJQRhD";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

const flush = () => world.settle();
const ada = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): ClockworkActor }).get(ADA_ID);
const summary = (client: WorldClient) => {
  const actor = ada(client);
  return {
    items: actor.items.contents.map((i) => [i.name, i._stats?.compendiumSource ?? null]).sort(),
    picks: [...actor.creature.speciesBonusSkills],
  };
};

async function applyOrcs(client: WorldClient, picks: { bonusSkills: string[]; grants: string[] }): Promise<unknown> {
  return world.as(client, async () => {
    const orcs = await fromUuid(ORCS as never);
    return ada(client).applySpecies(orcs, picks);
  });
}

beforeEach(async () => {
  world = await createSeededDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  bob = world.player("Bob");
});

describe("applySpecies", () => {
  it("records where the species and each granted item came from", async () => {
    await applyOrcs(alice, { bonusSkills: ["strength", "will"], grants: [AXES] });
    await flush();
    for (const client of [gm, alice, bob]) {
      const items = new Map(summary(client).items.map(([name, source]) => [name, source]));
      expect(items.get("Orcs")).toBe(ORCS);
      expect(items.get("Axes")).toBe(AXES);
    }
  });

  it("is all or nothing: a refused grant leaves the old species, its grants and the picks in place", async () => {
    await applyOrcs(alice, { bonusSkills: ["strength", "will"], grants: [AXES] });
    await flush();
    const before = summary(gm);
    // A module refuses one of the new items on Alice's client; core skips it and creates the rest.
    alice.Hooks.on("preCreateItem", ((item: { name: string }) => (item.name === "Clubs" ? false : undefined)) as never);
    await expect(applyOrcs(alice, { bonusSkills: ["stamina", "will"], grants: [CLUBS] })).rejects.toThrow(/could not be applied/);
    await flush();
    for (const client of [gm, alice, bob]) expect(summary(client)).toEqual(before);
  });

  it("is all or nothing when storing the picks is refused", async () => {
    await applyOrcs(alice, { bonusSkills: ["strength", "will"], grants: [AXES] });
    await flush();
    const before = summary(gm);
    alice.Hooks.on("preUpdateActor", (() => false) as never);
    await expect(applyOrcs(alice, { bonusSkills: ["stamina", "will"], grants: [CLUBS] })).rejects.toThrow(/could not be applied/);
    await flush();
    for (const client of [gm, alice, bob]) expect(summary(client)).toEqual(before);
  });
});

describe("reconfiguring a species", () => {
  it("succeeds with unchanged picks and changes nothing (an empty diff is not a refusal)", async () => {
    await applyOrcs(alice, { bonusSkills: ["strength", "will"], grants: [AXES] });
    await flush();
    const before = summary(gm);
    const stored = () => JSON.parse(JSON.stringify((ada(gm)._source as { system: object }).system)) as Record<string, unknown>;
    const picksBefore = stored();
    await expect(applyOrcs(alice, { bonusSkills: ["strength", "will"], grants: [AXES] })).resolves.toBeTruthy();
    await flush();
    for (const client of [gm, alice, bob]) expect(summary(client)).toEqual(before);
    const after = stored();
    for (const key of ["speciesBonusSkills", "speciesResistance", "sizeChoice"]) expect(after[key]).toEqual(picksBefore[key]);
    expect(alice.errors).toEqual([]);
    expect(alice.notifications.filter((n) => n.type === "error")).toEqual([]);
  });

  it("still reports and rolls back a real refusal when the picks are unchanged", async () => {
    await applyOrcs(alice, { bonusSkills: ["strength", "will"], grants: [AXES] });
    await flush();
    const before = summary(gm);
    const ids = ada(gm).items.contents.map((i) => i.id).sort();
    alice.Hooks.on("preCreateItem", ((item: { name: string }) => (item.name === "Axes" ? false : undefined)) as never);
    await expect(applyOrcs(alice, { bonusSkills: ["strength", "will"], grants: [AXES] })).rejects.toThrow(/could not be applied/);
    await flush();
    for (const client of [gm, alice, bob]) {
      expect(summary(client)).toEqual(before);
      expect(ada(client).items.contents.map((i) => i.id).sort()).toEqual(ids);
    }
  });

  it("opens the choices with the earlier picks selected", async () => {
    await applyOrcs(alice, { bonusSkills: ["strength", "will"], grants: [AXES] });
    await flush();
    const done = world.as(alice, () => reconfigureSpecies(ada(alice), ada(alice).species as never));
    await flush();
    const dialog = document.querySelector<HTMLElement>(".cw-species-dialog");
    expect(dialog).not.toBeNull();
    const checked = [...dialog!.querySelectorAll<HTMLInputElement>("input[type=checkbox]")].filter((i) => i.checked).map((i) => i.name).sort();
    expect(checked).toEqual(["bonusSkills.strength", "bonusSkills.will", `grants.0|${AXES}`]);
    await world.as(alice, async () => {
      dialog!.closest("dialog")!.querySelector<HTMLButtonElement>("button[data-action=cancel]")!.click();
      await flush();
    });
    await done;
  });
});
