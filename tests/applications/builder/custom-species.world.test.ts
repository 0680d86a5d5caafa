// @vitest-environment happy-dom
/**
 * A custom species in the real builder window (issue 31 item 3): Alice made "Goatfolk" by the
 * book's recipe in the Items sidebar. Dragged onto her builder it is picked like a premade
 * species and its card says it waits for the GM's approval; a player cannot finish with it
 * until the GM approves (docs/rulings.md 175), which the open window shows at once; then Create
 * writes the character with the species, its picks, its +1 resistance and its natural attack.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { appear, eventually, markupIdle } from "../../world/wait";
import { speciesAttacksOf } from "../../../src/combat/actions/species-attacks";
import { dwarfDraft, sourceEntries } from "./fixtures";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let heroId: string;
let goatId: string;

interface App { element: HTMLElement; rendered: boolean; draft: { step: string; build: { species: { id?: string } | null; speciesBonusSkills: string[] } } }
interface ActorDoc {
  name: string;
  system: Record<string, unknown> & { speciesBonusSkills: string[]; resistances: Record<string, { species: number }> };
  items: { contents: { id: string; name: string; type: string; system: Record<string, unknown>; flags: Record<string, Record<string, unknown>> }[]; size: number };
  flags: Record<string, unknown>;
  getFlag(scope: string, key: string): unknown;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
}
interface ItemDoc { uuid: string; update(changes: object): Promise<unknown> }
type Api = { openBuilder(actor: unknown): Promise<App | null> };

const flush = () => world.settle();
const idle = (app: App) => markupIdle(() => app.element, flush);
const hero = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): ActorDoc }).get(heroId);
const goat = (client: WorldClient) => (client.game.items as unknown as { get(id: string): ItemDoc }).get(goatId);
const api = (client: WorldClient) => (client.game as unknown as { clockwork: Api }).clockwork;
const text = (app: App, selector: string) => (app.element.querySelector(selector)?.textContent ?? "").replace(/\s+/g, " ");

/** The book's worked example (L275–L277), as the recipe dialog stores it. */
const GOATFOLK = {
  name: "Goatfolk", type: "species", img: "icons/svg/mystery-man.svg",
  system: {
    custom: true, approved: false, size: "medium", resistanceBonus: "blunt", bonusSkills: ["creativity", "charisma", "manipulation"], runBonus: 1,
    description: "<p>Goat-legged hill folk.</p>",
    ability: { name: "Headbutt", text: "Horned heads butt for 6 piercing dice; reverse joints give +1 Run.", kinds: ["unarmedAttack", "runBonus"], attack: { dice: 6, type: "piercing" } },
  },
};

async function click(app: App, selector: string): Promise<void> {
  const el = await appear<HTMLElement>(selector, app.element);
  await world.as(alice, async () => {
    el.click();
    await idle(app);
  });
}

/** What a drag from the Items sidebar carries, dropped on the window. */
async function drop(app: App, data: object): Promise<void> {
  await world.as(alice, async () => {
    const event = new Event("drop", { bubbles: true, cancelable: true });
    Object.defineProperty(event, "dataTransfer", { value: { getData: (type: string) => (type === "text/plain" ? JSON.stringify(data) : "") } });
    app.element.querySelector(".window-content")!.dispatchEvent(event);
    await idle(app);
  });
  await flush();
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  const owner = { ownership: { [alice.user.id as string]: 3 } };
  [heroId] = await world.seed("Actor", [{ name: "New Character", type: "character" }], owner);
  [goatId] = await world.seed("Item", [GOATFOLK], owner);
  await flush();
  // A finished Dwarf draft (fixtures.ts); Alice then swaps the species for her own.
  await world.as(alice, () => hero(alice).setFlag("clockwork", "builderDraft", { ...dwarfDraft(sourceEntries()), step: "concept" }));
  await flush();
}, 30_000);

describe("a custom species in the builder", () => {
  it("is picked by a drop, waits for the GM's approval, and once approved builds the character", async () => {
    const app = await world.as(alice, () => api(alice).openBuilder(hero(alice)));
    await flush();
    if (!app) throw new Error("the builder did not open");

    // Dropped anywhere on the window: the species step opens with Goatfolk chosen.
    await drop(app, { type: "Item", uuid: goat(alice).uuid });
    await eventually(() => expect(app.element.querySelector("section[data-step=species] .cw-builder-chosen")).not.toBeNull());
    expect(app.draft.step).toBe("species");
    expect(app.draft.build.species?.id).toBe(goat(alice).uuid);
    const card = app.element.querySelector(`[data-action=pickSpecies][data-uuid="${goat(alice).uuid}"]`)!;
    expect(card.querySelector(".cw-builder-approval.is-pending")?.textContent).toContain("Waiting for the GM's approval");
    expect(card.textContent).toContain("Special ability: Headbutt: Horned heads butt for 6 piercing dice");
    expect(text(app, ".cw-builder-unapproved")).toContain("Goatfolk is a custom species the GM has not approved yet.");
    // Its three bonus skills are offered as a premade species' are.
    expect([...app.element.querySelectorAll<HTMLElement>("[data-action=toggleSpeciesSkill]")].map((b) => b.dataset.skill)).toEqual(["creativity", "charisma", "manipulation"]);
    await click(app, "[data-action=toggleSpeciesSkill][data-skill=charisma]");
    await click(app, "[data-action=toggleSpeciesSkill][data-skill=creativity]");
    expect(app.draft.build.speciesBonusSkills).toEqual(["charisma", "creativity"]);

    // A non-species drop is refused in words and changes nothing.
    const warhammer = sourceEntries().find((e) => e.name === "Warhammer")!;
    await drop(app, { type: "Item", uuid: warhammer.uuid });
    expect(alice.notifications.map((n) => n.message)).toContain("Warhammer is not a species: drop a species here.");
    expect(app.draft.build.species?.id).toBe(goat(alice).uuid);

    // The review stops Alice until the GM approves.
    await click(app, "[data-action=goto][data-step=review]");
    await eventually(() => expect(text(app, "section[data-step=review] .cw-builder-issues")).toContain("Goatfolk is a custom species the GM has not approved yet."));
    expect((app.element.querySelector<HTMLButtonElement>("[data-action=confirm]"))?.disabled).toBe(true);

    // The GM approves: Alice's open window shows it without a click.
    await world.as(gm, () => goat(gm).update({ "system.approved": true }));
    await flush();
    await eventually(() => expect(app.element.querySelector<HTMLButtonElement>("[data-action=confirm]")?.disabled).toBe(false));
    expect(text(app, "section[data-step=review]")).not.toContain("has not approved");

    await click(app, "[data-action=confirm]");
    const yes = await appear<HTMLElement>("[data-action=yes]").catch(() => null);
    if (yes) await world.as(alice, async () => { yes.click(); await idle(app); });
    await eventually(() => {
      expect(hero(gm).getFlag("clockwork", "builderDraft")).toBeUndefined();
      expect(app.rendered).toBe(false);
    });
    await flush();

    const actor = hero(gm);
    const species = actor.items.contents.filter((i) => i.type === "species");
    expect(species.map((i) => i.name)).toEqual(["Goatfolk"]);
    expect(species[0].system).toMatchObject({ custom: true, approved: true, runBonus: 1 });
    expect(species[0].flags.clockwork.speciesOrigin).toBe(goat(gm).uuid);
    expect(actor.system.speciesBonusSkills).toEqual(["charisma", "creativity"]);
    // The +1 Blunt of the species, on top of the Dwarf draft's allocation (3 in blunt) and the base.
    expect(actor.system.resistances.blunt.species).toBe(6);
    // Its natural attack is in the attack list, as the Satyr's horns are.
    const [attack] = speciesAttacksOf(actor as never);
    expect(attack).toMatchObject({ key: "customNatural", name: "Headbutt", damage: { dice: 6, type: "piercing" } });
    // Every client sees the same character.
    expect(hero(alice).items.contents.some((i) => i.name === "Goatfolk")).toBe(true);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  }, 60_000);

  it("lets the GM finish with an unapproved custom species, warning first", async () => {
    const app = await world.as(gm, () => api(gm).openBuilder(hero(gm)));
    await flush();
    if (!app) throw new Error("the builder did not open");
    await world.as(gm, async () => {
      const event = new Event("drop", { bubbles: true, cancelable: true });
      Object.defineProperty(event, "dataTransfer", { value: { getData: () => JSON.stringify({ type: "Item", uuid: goat(gm).uuid }) } });
      app.element.querySelector(".window-content")!.dispatchEvent(event);
      await idle(app);
    });
    await flush();
    await eventually(() => expect(app.draft.build.species?.id).toBe(goat(gm).uuid));
    expect(text(app, ".cw-builder-unapproved")).toContain("as the GM, you may finish the character with it all the same");
    await world.as(gm, async () => {
      for (const skill of ["charisma", "creativity"]) {
        app.element.querySelector<HTMLElement>(`[data-action=toggleSpeciesSkill][data-skill=${skill}]`)!.click();
        await idle(app);
      }
      app.element.querySelector<HTMLElement>("[data-action=goto][data-step=review]")!.click();
      await idle(app);
    });
    await eventually(() => expect(text(app, "section[data-step=review] .cw-builder-warnings")).toContain("Goatfolk is a custom species no one has approved yet"));
    expect(app.element.querySelector<HTMLButtonElement>("[data-action=confirm]")?.disabled).toBe(false);
  }, 60_000);
});
