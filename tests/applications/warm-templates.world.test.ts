// @vitest-environment happy-dom
/**
 * No compile on the first sheet (issue 33 item 6): after `ready` the system's templates are
 * loaded and compiled in idle time, so the first character sheet and the first item sheet a
 * player opens compile no template (Handlebars parses a template when it compiles it).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { World, WorldClient } from "../world";
import { createSeededDomWorld } from "../world/applications/dom-world";
import { ADA_ID, WEAPON_ID } from "../world/browser/seed";
import { applicationTemplatePaths, warmTemplates, type TemplateRegistry } from "../../src/applications/warm-templates";
import { PARTIALS, TEMPLATES } from "../../src/applications/handlebars";

let world: World;
let alice: WorldClient;

interface Sheet { element: HTMLElement | null; render(options: object): Promise<unknown> }
interface Doc { sheet: Sheet; items: { get(id: string): Doc } }

const handlebars = () => (globalThis as unknown as { Handlebars: TemplateRegistry & { parse(...args: unknown[]): unknown } }).Handlebars;
const ada = () => (alice.game.actors as unknown as { get(id: string): Doc }).get(ADA_ID);

beforeEach(async () => {
  world = await createSeededDomWorld();
  alice = world.player("Alice");
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
  world.close();
});

describe("templates compiled after ready", { timeout: 30_000 }, () => {
  it("lists every part of the sheets, dialogs and builder windows", () => {
    const paths = applicationTemplatePaths();
    for (const set of Object.values(TEMPLATES)) for (const path of Object.values(set)) expect(paths).toContain(path);
    expect(paths).toContain("systems/clockwork/templates/builder/foci.hbs");
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("compiles them in idle time, so the first sheets a player opens compile nothing", async () => {
    // The system started the warm-up at ready; this is the same run (one per Handlebars registry).
    const load = vi.fn(async () => []);
    const compiled = await warmTemplates(handlebars(), load);
    expect(load).not.toHaveBeenCalled();
    expect(compiled).toBeGreaterThanOrEqual(Object.keys(PARTIALS).length + Object.values(TEMPLATES.character).length);
    const parse = vi.spyOn(handlebars(), "parse");
    await world.as(alice, async () => {
      await ada().sheet.render({ force: true });
      await ada().items.get(WEAPON_ID).sheet.render({ force: true });
    });
    await world.settle();
    expect(ada().sheet.element?.querySelector("form, .window-content")).toBeTruthy();
    expect(parse).not.toHaveBeenCalled();
  });
});

describe("the first sheet drawn off the page after ready", { timeout: 30_000 }, () => {
  interface WarmSheet extends Sheet { rendered: boolean; warmUp(): Promise<void> }
  const users = () => alice.game.users as unknown as { getName(name: string): { character: unknown } };

  it("picks the user's own character, else the first character they own", async () => {
    const { firstSheetActor } = await import("../../src/applications/warm-templates");
    const mine = { type: "character", isOwner: true, sheet: null };
    const npc = { type: "npc", isOwner: true, sheet: null };
    const theirs = { type: "character", isOwner: false, sheet: null };
    expect(firstSheetActor({ character: mine }, [theirs, npc])).toBe(mine);
    expect(firstSheetActor({ character: null }, [theirs, npc, mine])).toBe(mine);
    expect(firstSheetActor(null, [theirs, npc])).toBeNull();
    // In the seeded world Alice owns Ada, whichever way the user's character is set.
    const actors = (alice.game.actors as unknown as { contents: { id: string }[] }).contents;
    expect((firstSheetActor(users().getName("Alice") as never, actors as never) as { id: string } | null)?.id).toBe(ADA_ID);
  });

  it("draws the sheet's own parts, leaves nothing on the page and opens no window", async () => {
    const sheet = ada().sheet as WarmSheet;
    const before = document.body.innerHTML;
    const renderHooks = vi.fn();
    const hookId = alice.Hooks.on("renderClockworkCharacterSheet", renderHooks);
    const append = vi.spyOn(document.body, "append");
    await world.as(alice, () => sheet.warmUp());
    alice.Hooks.off("renderClockworkCharacterSheet", hookId);
    // Every part was drawn, into one frame that was on the page while it was laid out …
    expect(append).toHaveBeenCalledTimes(1);
    const frame = append.mock.calls[0]![0] as HTMLElement;
    const parts = [...frame.querySelectorAll(".window-content > [data-application-part]")].map((part) => (part as HTMLElement).dataset.applicationPart);
    expect(parts).toEqual(Object.keys(TEMPLATES.character));
    expect(frame.querySelector("[data-application-part='main'] [data-action='rollSkill']")).toBeTruthy();
    // … and then removed: no window, no hook, no trace.
    expect(frame.isConnected).toBe(false);
    expect(document.body.innerHTML).toBe(before);
    expect(sheet.rendered).toBe(false);
    expect(renderHooks).not.toHaveBeenCalled();
    // The real first opening afterwards draws as usual.
    await world.as(alice, () => sheet.render({ force: true }));
    expect(sheet.rendered).toBe(true);
    expect(sheet.element?.querySelector(".window-content")?.children.length).toBe(Object.keys(TEMPLATES.character).length);
  });
});
