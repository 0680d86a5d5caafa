// @vitest-environment happy-dom
/**
 * Where the builder, the advancement window, the award dialog and the browser open from: a
 * character sheet's header menu (core's getHeaderControls hooks), the Actors tab and the
 * Compendium tab, and `game.clockwork`.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let emptyId: string;
let builtId: string;

interface Control { icon: string; label: string; action: string }
type Actions = Record<string, (event: PointerEvent, target: HTMLElement) => unknown>;

const actor = (client: WorldClient, id: string) => (client.game.actors as unknown as { get(id: string): unknown }).get(id);

function headerControls(client: WorldClient, id: string): { controls: Control[]; actions: Actions } {
  const sheet = { document: actor(client, id), options: { actions: {} as Actions } };
  const controls: Control[] = [];
  client.Hooks.callAll("getHeaderControlsActorSheetV2" as never, sheet as never, controls as never);
  return { controls, actions: sheet.options.actions };
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  const ownership = { [alice.user.id as string]: 3 };
  [emptyId] = await world.seed("Actor", [{ name: "Blank", type: "character" }], { ownership });
  [builtId] = await world.seed("Actor", [{ name: "Done", type: "character", items: [{ name: "Humans", type: "species", system: {} }] }], { ownership });
  await world.settle();
});

describe("character sheet header menu", () => {
  it("offers the builder on an empty character and the advancement window on every owned character", async () => {
    const empty = headerControls(alice, emptyId);
    expect(empty.controls.map((c) => [c.label, c.action])).toEqual([
      ["CLOCKWORK.Builder.Open", "clockworkBuilder"], ["CLOCKWORK.Advancement.Open", "clockworkAdvancement"],
    ]);
    expect(headerControls(alice, builtId).controls.map((c) => c.action)).toEqual(["clockworkAdvancement"]);
    // Bob owns neither: nothing for him.
    expect(headerControls(world.player("Bob"), emptyId).controls).toEqual([]);
  });

  it("wires the actions so the menu entries open the windows", async () => {
    const { actions } = headerControls(alice, emptyId);
    await world.as(alice, async () => {
      await actions.clockworkBuilder({} as PointerEvent, document.body);
      await world.settle();
    });
    expect(document.getElementById(`clockwork-builder-${emptyId}`)).not.toBeNull();
  });
});

describe("sidebar buttons", () => {
  function directory(): HTMLElement {
    const html = document.createElement("section");
    html.innerHTML = `<footer class="directory-footer"></footer>`;
    return html;
  }

  // Hooks run inside `world.as(client)`, where `game.user` is that client's user.
  const render = (client: WorldClient, hook: string, html: HTMLElement) => world.as(client, () => client.Hooks.callAll(hook as never, {} as never, html as never));

  it("the Actors tab has New Character for every user and Award XP for the GM", async () => {
    const forGm = directory();
    await render(gm, "renderActorDirectory", forGm);
    const labels = [...forGm.querySelectorAll("button")].map((b) => b.textContent?.trim());
    expect(labels).toEqual(expect.arrayContaining(["Award XP"]));
    const again = forGm.querySelectorAll("button").length;
    await render(gm, "renderActorDirectory", forGm);
    expect(forGm.querySelectorAll("button")).toHaveLength(again);
    const forAlice = directory();
    await render(alice, "renderActorDirectory", forAlice);
    const forAliceLabels = [...forAlice.querySelectorAll("button")].map((b) => b.textContent?.trim());
    expect(forAliceLabels).not.toContain("Award XP");
    // Every player may start a character (issue 20): without ACTOR_CREATE too.
    expect(forAliceLabels).toContain("New Character");
  });

  it("the Compendium tab opens the compendium browser", async () => {
    const html = directory();
    await render(alice, "renderCompendiumDirectory", html);
    expect([...html.querySelectorAll("button")].map((b) => b.textContent?.trim())).toEqual(["Compendium Browser"]);
  });
});

describe("game.clockwork", () => {
  it("adds the builder API beside the roll API and audits an actor's build", async () => {
    const api = (alice.game as unknown as { clockwork: Record<string, unknown> }).clockwork;
    for (const name of ["openBuilder", "openAdvancement", "awardXp", "openCompendiumBrowser", "creationProblems", "selfTest"]) {
      expect(typeof api[name], name).toBe("function");
    }
    // Async: the audit loads with the builder's windows (their own chunk of the bundle).
    const problems = await (api.creationProblems as (a: unknown) => Promise<{ code: string }[]>)(actor(alice, emptyId));
    expect(problems.map((p) => p.code)).toEqual(expect.arrayContaining(["pointsSpent", "speciesMissing", "fociCount"]));
  });
});
