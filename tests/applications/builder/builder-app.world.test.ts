// @vitest-environment happy-dom
/**
 * The real builder window in the multi-user test world: Alice, a player, opens it on her new
 * character and clicks and types her way from an empty draft to a finished Dwarf. A refused
 * pick keeps the draft, closing the window mid-way loses nothing, and only the final confirm
 * writes the character, which every client then sees.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { appear, eventually, markupIdle } from "../../world/wait";
import { items as packItems } from "../../packs/load-sources";
import { applyChange } from "../../../src/applications/builder/draft";
import { dwarfDraft, sourceEntries } from "./fixtures";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let heroId: string;

interface App { element: HTMLElement; rendered: boolean; close(): Promise<unknown>; draft: { step: string; build: { speciesBonusSkills: string[]; name: string; equipment: { id: string }[] } } }
interface ActorDoc {
  id: string;
  name: string;
  system: Record<string, unknown> & { skills: Record<string, { rank: number }>; equipped: Record<string, string>; currency: number };
  items: { contents: { id: string; name: string; type: string; flags: Record<string, Record<string, unknown>> }[]; size: number };
  getFlag(scope: string, key: string): unknown;
}
type Api = { openBuilder(actor: unknown): Promise<App | null> };

const flush = () => world.settle();

/**
 * Waits until the window stops changing: a change writes the draft flag (tracked by the world)
 * and then re-renders every part, which reads templates from disk (not tracked).
 */
const idle = (app: App) => markupIdle(() => app.element, flush);

const hero = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): ActorDoc }).get(heroId);
const api = (client: WorldClient) => (client.game as unknown as { clockwork: Api }).clockwork;
const uuid = (pack: string, name: string) => `Compendium.clockwork.${pack}.Item.${packItems(pack).find((d) => d.name === name)!._id}`;

async function open(): Promise<App> {
  const app = await world.as(alice, () => api(alice).openBuilder(hero(alice)));
  await flush();
  if (!app) throw new Error("the builder did not open");
  return app;
}

/** The element once drawn (after a click, whose handler core does not await); fails naming the step. */
async function drawn<T extends Element>(app: App, selector: string): Promise<T> {
  return appear<T>(selector, app.element).catch(() => {
    throw new Error(`nothing matches ${selector} (step ${app.draft.step})`);
  });
}

async function click(app: App, selector: string): Promise<void> {
  const el = await drawn<HTMLElement>(app, selector);
  await world.as(alice, async () => {
    el.click();
    await idle(app);
  });
}

async function set(app: App, name: string, value: string): Promise<void> {
  const el = await drawn<HTMLInputElement | HTMLSelectElement>(app, `[name="${name}"]`);
  await world.as(alice, async () => {
    el.value = value;
    el.dispatchEvent(new Event("change", { bubbles: true }));
    await idle(app);
  });
}

/** The next step, waited for by its section (drawn by the click's handler, which settle() cannot see). */
async function next(app: App): Promise<void> {
  const from = app.draft.step;
  await click(app, "[data-action=next]");
  await eventually(() => {
    expect(app.draft.step).not.toBe(from);
    expect(app.element.querySelector(`section[data-step=${app.draft.step}]`)).not.toBeNull();
  });
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  [heroId] = await world.seed("Actor", [{ name: "New Character", type: "character" }], { ownership: { [alice.user.id as string]: 3 } });
  await flush();
  // The first boot of the system in this file is slow on a loaded machine.
}, 30_000);

/** Steps 1–3: name, premade option 1, Dwarves with Strength and Ingenuity. */
async function throughSpecies(app: App): Promise<void> {
  await set(app, "name", "Brokka Stonesong");
  await next(app);
  await set(app, "mode", "1");
  await next(app);
  await click(app, `[data-action=pickSpecies][data-uuid="${uuid("species", "Dwarves")}"]`);
  await click(app, "[data-action=toggleSpeciesSkill][data-skill=strength]");
  await click(app, "[data-action=toggleSpeciesSkill][data-skill=ingenuity]");
  // The draft is kept on the actor after each change (a write).
  await flush();
  expect((hero(gm).getFlag("clockwork", "builderDraft") as App["draft"] | undefined)?.build.speciesBonusSkills).toEqual(["strength", "ingenuity"]);
}

describe("the builder in the test world", () => {
  it("drives every step with clicks and typing, and the confirm writes the finished character", async () => {
    const app = await open();
    await drawn(app, "section[data-step=concept] #cw-builder-name");
    await throughSpecies(app);
    await next(app);
    await set(app, "personalBonus", "will");
    await next(app);
    for (const name of ["Juggernaut", "Hammers", "Medicine"]) await click(app, `[data-action=toggleFocus][data-uuid="${uuid("foci", name)}"]`);
    await next(app);
    // Premade option 1 in book order: Accuracy 7, Agility/Strength/Stamina 8. Three ranks to 7 cost 3 CP.
    for (const skill of ["agility", "strength", "stamina"]) await set(app, `custom.${skill}`, "7");
    for (const name of ["Phalanx", "Attack of Opportunity", "Diehard", "Power Attack", "Challenge", "Far Shot"]) {
      await click(app, `[data-action=addFeature][data-uuid="${uuid("features", name)}"]`);
    }
    await flush();
    expect(app.element.querySelector("section[data-step=customization]")?.textContent).toContain("0 of 12 left");
    await next(app);
    await set(app, "allocation.blunt", "3");
    await set(app, "allocation.piercing", "2");
    await set(app, "allocation.slashing", "2");
    await next(app);
    await click(app, `[data-action=buy][data-uuid="${uuid("armor", "Breastplate")}"]`);
    await click(app, `[data-action=equip][data-uuid="${uuid("armor", "Breastplate")}"]`);
    // The shop lists 60 rows at a time; the search finds the rest.
    await set(app, "gearFilter.search", "warham");
    await flush();
    expect(app.element.querySelectorAll("[data-action=buy]")).toHaveLength(1);
    await click(app, `[data-action=buy][data-uuid="${uuid("weapons", "Warhammer")}"]`);
    await click(app, `[data-action=equip][data-uuid="${uuid("weapons", "Warhammer")}"]`);
    await next(app);
    expect(app.draft.step).toBe("review");
    // Nothing written to the character yet, only the draft flag.
    expect(hero(gm).items.size).toBe(0);
    expect(hero(gm).getFlag("clockwork", "builderDraft")).toBeTruthy();
    expect((await drawn<HTMLButtonElement>(app, "[data-action=confirm]")).disabled).toBe(false);
    expect(app.element.querySelector("section[data-step=review] .cw-builder-issues")?.textContent ?? "").toBe("");
    await click(app, "[data-action=confirm]");
    // The confirm's writes end with the draft flag cleared and the window closed.
    await eventually(() => {
      expect(hero(gm).getFlag("clockwork", "builderDraft")).toBeUndefined();
      expect(app.rendered).toBe(false);
    });
    await flush();

    const actor = hero(gm);
    expect(actor.name).toBe("Brokka Stonesong");
    expect(actor.items.contents.map((i) => i.name).sort()).toEqual([
      "Attack of Opportunity", "Breastplate", "Challenge", "Diehard", "Dwarves", "Far Shot", "Hammers", "Juggernaut", "Medicine", "Phalanx",
      "Power Attack", "Warhammer",
    ]);
    expect(actor.system.skills.accuracy.rank).toBe(7);
    expect(actor.system.skills.strength.rank).toBe(7);
    expect(actor.system.speciesBonusSkills).toEqual(["strength", "ingenuity"]);
    expect(actor.system.personalBonusSkill).toBe("will");
    expect(actor.system.currency).toBe(1500);
    const id = (name: string) => actor.items.contents.find((i) => i.name === name)!.id;
    expect(actor.system.equipped).toMatchObject({ mainHand: id("Warhammer"), armor: id("Breastplate") });
    expect((actor.system.resistances as Record<string, { species: number }>).blunt.species).toBe(6);
    expect(actor.getFlag("clockwork", "builderDraft")).toBeUndefined();
    expect((actor.getFlag("clockwork", "creation") as { premadeOption: number }).premadeOption).toBe(1);
    // Alice's and Bob's clients see the same character.
    expect(hero(alice).items.size).toBe(12);
    expect(hero(world.player("Bob")).system.currency).toBe(1500);
    expect(app.rendered).toBe(false);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  }, 60_000);

  it("refuses an illegal pick with its reason and keeps the rest of the draft", async () => {
    const app = await open();
    await throughSpecies(app);
    const before = structuredClone(app.draft);
    await click(app, "[data-action=toggleSpeciesSkill][data-skill=creativity]");
    await flush();
    expect(app.element.querySelector(".cw-builder-refused")?.textContent).toContain("Pick exactly 2 species bonus skills (3 picked).");
    expect(app.draft).toEqual(before);
    expect(app.draft.build.speciesBonusSkills).toEqual(["strength", "ingenuity"]);
  }, 30_000);

  it("loses nothing when closed mid-way: the reopened builder resumes the draft", async () => {
    const first = await open();
    await throughSpecies(first);
    // One window per character: opening it again brings the same window forward.
    expect(await open()).toBe(first);
    expect(first.element.id).toBe(`clockwork-builder-${heroId}`);
    await world.as(alice, () => first.close());
    await flush();
    expect(hero(gm).items.size).toBe(0);
    const again = await open();
    expect(again.draft.step).toBe("species");
    expect(again.draft.build.name).toBe("Brokka Stonesong");
    expect(again.draft.build.speciesBonusSkills).toEqual(["strength", "ingenuity"]);
    await flush();
    expect(again.element.querySelector("section[data-step=species] h3")?.textContent).toContain("Dwarves");
  }, 30_000);

  it("shows each species' and focus' rules text, enriched from its compendium entry", async () => {
    const app = await open();
    await throughSpecies(app);
    const dwarves = app.element.querySelector(`[data-uuid="${uuid("species", "Dwarves")}"]`)!.closest(".cw-builder-species")!;
    expect(dwarves.querySelector(".cw-builder-fact")?.textContent).toBe("Size: Medium");
    const text = (packItems("species").find((d) => d.name === "Dwarves")!.system as { description: string }).description;
    expect(dwarves.querySelector("details.cw-builder-rules .cw-builder-rules-text")?.innerHTML).toBe(text);
    await click(app, "[data-action=goto][data-step=foci]");
    const focus = app.element.querySelector(`[data-uuid="${uuid("foci", "Hammers")}"]`)!.closest("label")!.nextElementSibling;
    expect(focus?.matches("details.cw-builder-rules")).toBe(true);
    expect(focus?.textContent?.length).toBeGreaterThan(40);
  }, 30_000);

  it("counts the shop's first + after a typed search (the filter's redraw waits for the press)", async () => {
    const app = await open();
    await click(app, "[data-action=goto][data-step=equipment]");
    const search = await drawn<HTMLInputElement>(app, '[name="gearFilter.search"]');
    // A row on show, searched for by the start of its name: the search keeps it listed.
    const shown = app.element.querySelector<HTMLButtonElement>("[data-action=buy]")!;
    const id = shown.dataset.uuid!;
    const name = shown.closest("li")!.querySelector(".cw-builder-item-name")!.textContent!;
    await world.as(alice, async () => {
      search.value = name.slice(0, 5);
      search.dispatchEvent(new Event("input", { bubbles: true }));
      // A press on "+": pointerdown, then the search's blur fires its change, then (after the
      // form's work) pointerup and the click, on the button the pointer went down on.
      shown.dispatchEvent(new Event("pointerdown", { bubbles: true }));
      search.dispatchEvent(new Event("change", { bubbles: true }));
      await idle(app);
      document.dispatchEvent(new Event("pointerup"));
      shown.click();
      await idle(app);
    });
    await flush();
    expect(app.draft.build.equipment.map((g) => g.id)).toEqual([id]);
    // The search applies all the same: the list shows what it matches.
    await eventually(() => expect(app.element.querySelector<HTMLInputElement>('[name="gearFilter.search"]')?.value).toBe(name.slice(0, 5)));
  }, 30_000);

  it("a legal build with heavy armor over Strength 7 and 2 unspent points: Review warns in words, and Create asks first (issue 33)", async () => {
    const weak = applyChange({ ...dwarfDraft(sourceEntries()), step: "review" }, { kind: "customRank", skill: "strength", rank: 7 });
    expect(weak.refused).toEqual([]);
    await world.as(alice, () => (hero(alice) as unknown as { setFlag(s: string, k: string, v: unknown): Promise<unknown> }).setFlag("clockwork", "builderDraft", weak.draft));
    await flush();
    const app = await open();
    const review = await drawn<HTMLElement>(app, "section[data-step=review] .cw-builder-warnings");
    const text = app.element.querySelector("section[data-step=review]")!.textContent!.replace(/\s+/g, " ");
    expect(text).not.toContain("Every creation rule is met.");
    expect(review.textContent).toContain("The character can be finished, but look at this first:");
    expect(review.textContent).toContain("2 of 12 customization points are unspent.");
    expect(review.textContent).toMatch(/Heavy armor is more than this character's Strength carries \(Medium at most\)\. Wearing it, they are encumbered and cannot run \(run \d without it\); walk \d → \d, dodge \+\d → \+\d\./);
    expect((await drawn<HTMLButtonElement>(app, "[data-action=confirm]")).disabled).toBe(false);

    // Create asks about the unspent points; "No" writes nothing and keeps the window.
    await click(app, "[data-action=confirm]");
    const question = await appear<HTMLElement>("[data-action=no]");
    expect(document.body.textContent).toContain("2 of 12 customization points are still unspent, and creation does not keep them. Finish the character anyway?");
    await world.as(alice, async () => {
      question.click();
      await idle(app);
    });
    await flush();
    expect(hero(gm).items.size).toBe(0);
    expect(app.rendered).toBe(true);

    // "Yes" finishes the character as it stands.
    await click(app, "[data-action=confirm]");
    const yes = await appear<HTMLElement>("[data-action=yes]");
    await world.as(alice, async () => {
      yes.click();
      await idle(app);
    });
    await eventually(() => {
      expect(hero(gm).getFlag("clockwork", "builderDraft")).toBeUndefined();
      expect(app.rendered).toBe(false);
    });
    await flush();
    expect(hero(gm).system.skills.strength.rank).toBe(7);
    expect(hero(gm).system.encumbrance).toBe("encumbered");
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  }, 60_000);

  it("does not open for a player who does not own the character", async () => {
    const bob = world.player("Bob");
    const app = await world.as(bob, () => api(bob).openBuilder(hero(bob)));
    expect(app).toBeNull();
    expect(bob.notifications.map((n) => n.message).join(" ")).toContain("Only an owner of New Character can build it.");
  });
});
