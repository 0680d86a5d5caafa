// @vitest-environment happy-dom
/**
 * A setting module's focus suggestions where a focus is named (issue 31): Frostmarch suggests
 * "Ice axes" for Strength (this variant ships no pack, so no document carries that name). Alice
 * sees it offered in her Strength focus's name field, not once the focus is an Agility one, and
 * in her builder's foci step she swaps Medicine for it; Create writes a new Ice axes focus.
 * With the module disabled, a draft that took the suggestion is refused in words, nothing written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { appear, eventually, markupIdle } from "../../world/wait";
import { frostmarch } from "../../setting-modules/fixture";
import { applyChanges } from "../../../src/applications/builder/draft";
import { dwarfDraft, entry, sourceEntries } from "./fixtures";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let heroId: string;
let focusId: string;

interface App { element: HTMLElement; rendered: boolean; draft: { step: string; build: { foci: { id: string }[] } } }
interface ItemDoc {
  name: string; type: string; system: Record<string, unknown>;
  sheet: { element: HTMLElement; render(options?: object): Promise<unknown> };
  update(changes: object): Promise<unknown>;
}
interface ActorDoc {
  items: { contents: ItemDoc[] };
  getFlag(scope: string, key: string): unknown;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
}
type Api = { openBuilder(actor: unknown): Promise<App | null> };

const SUGGESTION = "clockwork-suggestion:strength:iceAxes";
const flush = () => world.settle();
const hero = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): ActorDoc }).get(heroId);
const focus = (client: WorldClient) => (client.game.items as unknown as { get(id: string): ItemDoc }).get(focusId);
const api = (client: WorldClient) => (client.game as unknown as { clockwork: Api }).clockwork;

/** Frostmarch's declaration alone: its pack (with an "Ice axes" focus document) left out. */
const declarationOnly = () => {
  const spec = frostmarch();
  return { ...spec, manifest: { ...spec.manifest, packs: [] }, packs: {} };
};

async function click(app: App, selector: string): Promise<void> {
  const el = await appear<HTMLElement>(selector, app.element);
  await world.as(alice, async () => {
    el.click();
    await markupIdle(() => app.element, flush);
  });
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld({ modules: [declarationOnly()] });
  gm = world.gm;
  alice = world.player("Alice");
  const owner = { ownership: { [alice.user.id as string]: 3 } };
  [heroId] = await world.seed("Actor", [{ name: "New Character", type: "character" }], owner);
  [focusId] = await world.seed("Item", [{ name: "New Focus", type: "focus", system: { skill: "strength" } }], owner);
  await flush();
}, 60_000);

describe("a setting module's focus suggestions", { timeout: 60_000 }, () => {
  it("are offered in a focus's name field for its skill, with their hints", async () => {
    const sheet = focus(alice).sheet;
    await world.as(alice, () => sheet.render({ force: true, mode: "edit" }));
    await flush();
    const input = await appear<HTMLInputElement>("input[name=name]", sheet.element);
    const list = sheet.element.querySelector(`datalist#${input.getAttribute("list")}`);
    expect([...list!.querySelectorAll("option")].map((o) => [o.value, o.getAttribute("label")])).toEqual([["Ice axes", "Axes forged for the cold."]]);
    expect(sheet.element.querySelector(".cw-focus-suggestions")?.textContent?.replace(/\s+/g, " ").trim()).toBe("A setting suggests for Strength: Ice axes");

    // An Agility focus has no suggestions: no list, no note.
    await world.as(alice, () => focus(alice).update({ "system.skill": "agility" }));
    await flush();
    await eventually(() => expect(sheet.element.querySelector("datalist")).toBeNull());
    expect(sheet.element.querySelector("input[name=name]")?.hasAttribute("list")).toBe(false);
    expect(sheet.element.querySelector(".cw-focus-suggestions")).toBeNull();
  });

  it("can be taken in the builder's foci step and become a new focus of that skill", async () => {
    const entries = sourceEntries();
    await world.as(alice, () => hero(alice).setFlag("clockwork", "builderDraft", { ...dwarfDraft(entries), step: "foci" }));
    await flush();
    const app = await world.as(alice, () => api(alice).openBuilder(hero(alice)));
    await flush();
    if (!app) throw new Error("the builder did not open");

    const box = await appear<HTMLInputElement>(`[data-action=toggleFocus][data-uuid="${SUGGESTION}"]`, app.element);
    expect(box.closest("fieldset")?.querySelector("legend")?.textContent).toBe("Strength");
    expect(box.closest("label")?.textContent?.trim()).toBe("Ice axes");
    expect(box.closest("label")?.nextElementSibling?.textContent?.replace(/\s+/g, " ").trim()).toBe("suggested by Frostmarch Axes forged for the cold.");
    expect(box.checked).toBe(false);

    // Three foci are already chosen: Medicine makes room for it.
    await click(app, `[data-action=toggleFocus][data-uuid="${entry(entries, "focus", "Medicine").uuid}"]`);
    await click(app, `[data-action=toggleFocus][data-uuid="${SUGGESTION}"]`);
    expect(app.draft.build.foci.map((f) => f.id)).toContain(SUGGESTION);

    await click(app, "[data-action=goto][data-step=review]");
    await eventually(() => expect(app.element.querySelector("section[data-step=review]")?.textContent).toContain("Ice axes"));
    await click(app, "[data-action=confirm]");
    const yes = await appear<HTMLElement>("[data-action=yes]").catch(() => null);
    if (yes) await world.as(alice, async () => { yes.click(); await markupIdle(() => app.element, flush); });
    await eventually(() => expect(hero(gm).getFlag("clockwork", "builderDraft")).toBeUndefined());
    await flush();

    const foci = hero(gm).items.contents.filter((i) => i.type === "focus");
    expect(foci.map((i) => i.name).sort()).toEqual(["Hammers", "Ice axes", "Juggernaut"]);
    expect(foci.find((i) => i.name === "Ice axes")!.system).toMatchObject({ skill: "strength", identifier: "ice-axes", description: "<p>Axes forged for the cold.</p>" });
    expect(hero(alice).items.contents.some((i) => i.name === "Ice axes")).toBe(true);
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });

  it("taken before the module was disabled, refuses Create in words and writes nothing", async () => {
    world.close();
    document.body.innerHTML = "";
    world = await createDomWorld({ modules: [{ ...declarationOnly(), active: false }] });
    gm = world.gm;
    alice = world.player("Alice");
    [heroId] = await world.seed("Actor", [{ name: "New Character", type: "character" }], { ownership: { [alice.user.id as string]: 3 } });
    const entries = sourceEntries();
    const taken = { uuid: SUGGESTION, name: "Ice axes", type: "focus", system: { identifier: "ice-axes", skill: "strength" } };
    const { draft } = applyChanges(dwarfDraft(entries), [
      { kind: "focus", entry: entry(entries, "focus", "Medicine"), on: false }, { kind: "focus", entry: taken, on: true },
    ]);
    await world.as(alice, () => hero(alice).setFlag("clockwork", "builderDraft", draft));
    await flush();
    const app = await world.as(alice, () => api(alice).openBuilder(hero(alice)));
    await flush();
    if (!app) throw new Error("the builder did not open");
    // Not offered any more in the step; the review still names what was taken.
    await click(app, "[data-action=goto][data-step=foci]");
    expect(app.element.querySelector(`[data-uuid="${SUGGESTION}"]`)).toBeNull();
    await click(app, "[data-action=goto][data-step=review]");
    await click(app, "[data-action=confirm]");
    const yes = await appear<HTMLElement>("[data-action=yes]").catch(() => null);
    if (yes) await world.as(alice, async () => { yes.click(); await markupIdle(() => app.element, flush); });
    await eventually(() => expect(alice.notifications.map((n) => n.message).join(" ")).toContain(
      "Ice axes was suggested by a setting module that is no longer active: choose another focus in the foci step."));
    await flush();
    expect(hero(gm).items.contents).toEqual([]);
    expect(hero(gm).getFlag("clockwork", "builderDraft")).toBeDefined();
  });
});
