// @vitest-environment happy-dom
/**
 * "Build by the recipe" in the test world: Alice opens it from her new species' sheet, builds
 * the book's Satyr (L275–L277) with the limits explained as she goes, and saves; the species is
 * then custom and waits for approval, which only the GM's toggle gives.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { appear, eventually, markupIdle } from "../../world/wait";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let speciesId: string;

interface Species {
  name: string;
  sheet: { render(options: object): Promise<unknown>; element: HTMLElement };
  system: Record<string, unknown> & { custom: boolean; approved: boolean; ability: { name: string; text: string; kinds: string[]; attack: { dice: number; type: string } } };
}
interface Recipe { element: HTMLElement; draft: { ability: { kinds: string[] } } }

const flush = () => world.settle();
const species = (client: WorldClient) => (client.game.items as unknown as { get(id: string): Species }).get(speciesId);

async function openRecipe(client: WorldClient): Promise<Recipe> {
  const sheet = species(client).sheet;
  await world.as(client, () => sheet.render({ force: true }));
  await flush();
  const button = await appear<HTMLElement>("[data-action=openRecipe]", sheet.element);
  await world.as(client, async () => {
    button.click();
    await flush();
  });
  const element = await appear<HTMLElement>(".cw-recipe .cw-recipe-body");
  // Each client has its own windows.
  const app = await world.as(client, async () => (globalThis as unknown as { foundry: { applications: { instances: Map<string, Recipe> } } }).foundry.applications.instances.get(`clockwork-species-recipe-${speciesId}`));
  if (!app) throw new Error("the recipe window did not open");
  expect(element.closest(".cw-recipe")).toBe(app.element);
  return app;
}

/** Sets a control and lets the window redraw. */
async function set(client: WorldClient, app: Recipe, name: string, value: string | boolean): Promise<void> {
  const el = await appear<HTMLInputElement>(`[name="${name}"]`, app.element);
  await world.as(client, async () => {
    if (typeof value === "boolean") el.checked = value;
    else el.value = value;
    el.dispatchEvent(new Event("change", { bubbles: true }));
    await markupIdle(() => app.element, flush);
  });
}

const problems = (app: Recipe) => [...app.element.querySelectorAll(".cw-problem")].map((p) => p.textContent?.trim());

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  [speciesId] = await world.seed("Item", [{ name: "Satyrs", type: "species" }], { ownership: { [alice.user.id as string]: 3 } });
  await flush();
}, 30_000);

describe("building a species by the recipe", () => {
  it("explains each limit as the player builds the book's Satyr, then saves it as a custom species waiting for approval", async () => {
    const app = await openRecipe(alice);
    // A new species has a size but nothing else of the recipe.
    expect(problems(app)).toEqual(expect.arrayContaining(["Name one damage type for the +1 resistance bonus.", "List 3 different bonus skills (now 0).", "Describe the special ability in a few words."]));
    // Players see the approval's state, not the toggle.
    expect(app.element.querySelector("[data-action=approve]")).toBeNull();
    expect(app.element.querySelector(".cw-recipe-approval")?.textContent).toContain("Waiting for the GM's approval");

    await set(alice, app, "resistanceBonus", "explosive");
    expect(problems(app)).toContain("The +1 resistance bonus cannot be Explosive: no species resists that by nature.");
    await set(alice, app, "resistanceBonus", "blunt");
    for (const skill of ["creativity", "charisma", "manipulation"]) await set(alice, app, `skill.${skill}`, true);
    await set(alice, app, "ability.name", "Headbutt");
    await set(alice, app, "ability.text", "Horned heads butt for 6 piercing dice; reverse joints give +1 Run.");
    // Ticking a kind fills in the premade numbers: 6 dice, +1 Run.
    await set(alice, app, "kind.unarmedAttack", true);
    expect((app.element.querySelector<HTMLInputElement>('[name="attack.dice"]'))?.value).toBe("6");
    await set(alice, app, "attack.type", "piercing");
    await set(alice, app, "kind.runBonus", true);
    expect(problems(app)).toEqual([]);
    expect(app.element.querySelector(".cw-recipe-fits")?.textContent).toContain("Built by the recipe.");
    // A third part is too much for a minor ability; 8 dice are more than a natural attack has.
    await set(alice, app, "kind.restHealing", true);
    expect(problems(app)).toContain("Too strong for a minor ability: its parts weigh 3, at most 2. One weak part may be paired with a small bonus (a headbutt with +1 Run).");
    await set(alice, app, "kind.restHealing", false);
    await set(alice, app, "attack.dice", "8");
    expect(problems(app)).toContain("A natural attack deals 1 to 6 dice (horns and beaks deal 6); this one deals 8.");
    await set(alice, app, "attack.dice", "6");
    // Nothing is written before Save.
    expect(species(gm).system.custom).toBe(false);

    await world.as(alice, async () => {
      app.element.querySelector<HTMLButtonElement>(".cw-recipe-save")!.click();
      await flush();
    });
    await eventually(() => expect(species(gm).system.custom).toBe(true));
    expect(species(gm).system).toMatchObject({
      approved: false, size: "medium", resistanceBonus: "blunt", bonusSkills: ["creativity", "charisma", "manipulation"], runBonus: 1, restHealing: 1,
      ability: { name: "Headbutt", kinds: ["unarmedAttack", "runBonus"], attack: { dice: 6, type: "piercing" } },
    });
    expect(alice.notifications.map((n) => n.message)).toContain("Satyrs is saved.");
    // The species' card says what it is and shows the ability in words.
    const sheet = species(alice).sheet;
    await world.as(alice, () => sheet.render({ force: true }));
    await flush();
    await eventually(() => expect(sheet.element.querySelector(".cw-recipe-badge")?.textContent).toContain("Custom species · ⚠ Waiting for the GM's approval"));
    expect(sheet.element.querySelector(".cw-item-card")?.textContent).toContain("Horned heads butt for 6 piercing dice");
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  }, 60_000);

  it("gives the GM the approval toggle, which every client then sees", async () => {
    const app = await openRecipe(gm);
    const toggle = await appear<HTMLInputElement>("[data-action=approve]", app.element);
    expect(toggle.checked).toBe(false);
    await world.as(gm, async () => {
      toggle.click();
      await flush();
    });
    await eventually(() => expect(species(alice).system.approved).toBe(true));
    expect(species(gm).system.custom).toBe(true);
    // Alice's sheet says so.
    const sheet = species(alice).sheet;
    await world.as(alice, () => sheet.render({ force: true }));
    await flush();
    expect((await appear<HTMLElement>(".cw-recipe-badge", sheet.element)).textContent).toContain("Approved by the GM");
  }, 60_000);
});
