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
