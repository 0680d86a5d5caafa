// @vitest-environment happy-dom
/**
 * Issue 9: "Dying/Dead are statuses set by the rules (or by the GM with a confirmation), not
 * bare checkboxes." In edit mode a GM gets a toggle that asks first; a player gets the state
 * read-only, and no form input can carry it. Rendered from the real context, then driven through
 * the real sheet class in the GM + Alice + Bob test world.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildCharacterContext } from "../../../src/applications/context/character";
import { buildNpcContext } from "../../../src/applications/context/npc";
import { PARTIALS } from "../../../src/applications/handlebars";
import type { World, WorldClient } from "../../world";
import { createSeededDomWorld } from "../../world/applications/dom-world";
import { ADA_ID, GRUSHA_ID } from "../../world/browser/seed";
import { clearQueuedFaces, queueFaces } from "../../world/dice";
import { appear } from "../../world/wait";
import { FULL_CHARACTER, NPC } from "../../fixtures/sheets/actors";
import { count, createRenderer } from "../render-harness";

describe("the health track's Dying and Dead in edit mode (render)", () => {
  const renderer = createRenderer();
  const track = (context: { health: object }) => renderer.render(PARTIALS["cw-health-track"], context.health);

  it("offers a GM a toggle per status, pressed when set, and no checkbox", () => {
    const dead = { ...FULL_CHARACTER, system: { ...FULL_CHARACTER.system, health: { ...FULL_CHARACTER.system.health, dead: true } } };
    const html = track(buildCharacterContext(dead, { editable: true, editMode: true, gm: true }));
    expect(html).toMatch(/data-action="toggleHealthStatus" data-status="dying" aria-pressed="false"/);
    expect(html).toMatch(/data-action="toggleHealthStatus" data-status="dead" aria-pressed="true"/);
    expect(count(html, /name="system\.health\.(dying|dead)"/)).toBe(0);
    expect(count(html, /type="checkbox"/)).toBe(0);
    expect([...renderer.missingKeys]).toEqual([]);
  });

  it("shows a player the statuses read-only, with the reason on hover", () => {
    const html = track(buildNpcContext(NPC, { editable: true, editMode: true, gm: false }));
    expect(count(html, /data-action="toggleHealthStatus"/)).toBe(0);
    expect(html).toMatch(/class="cw-status-readonly" data-status="dying" data-tooltip="Set by the rules from the health track; only the GM can change it by hand.">Dying: no<\/span>/);
    expect(count(html, /name="system\.health\.(dying|dead)"/)).toBe(0);
    expect([...renderer.missingKeys]).toEqual([]);
  });

  it("shows nothing of the kind in play mode (the badges say it)", () => {
    expect(count(track(buildCharacterContext(FULL_CHARACTER, { editable: true, editMode: false, gm: true })), /toggleHealthStatus|cw-status-readonly/)).toBe(0);
  });
});

let world: World;
let gm: WorldClient;
let alice: WorldClient;

interface Sheet { element: HTMLElement; render(options?: object): Promise<unknown> }
interface ActorDoc { sheet: Sheet; system: { health: { dying: boolean; dead: boolean } }; update(changes: object): Promise<unknown> }

const flush = () => world.settle();
const actor = (client: WorldClient, id = ADA_ID) => (client.game.actors as unknown as { get(id: string): ActorDoc }).get(id);

async function click(client: WorldClient, el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await world.as(client, async () => {
    (el as HTMLElement).click();
    await flush();
  });
}

async function editSheet(client: WorldClient, id = ADA_ID): Promise<Sheet> {
  const sheet = await world.as(client, async () => {
    const s = actor(client, id).sheet;
    await s.render({ force: true });
    return s;
  });
  await flush();
  if (!sheet.element.querySelector(".cw-health-status")) await click(client, sheet.element.querySelector("[data-action=toggleMode]"));
  return sheet;
}

const toggle = (sheet: Sheet, status: string) => sheet.element.querySelector<HTMLButtonElement>(`[data-action=toggleHealthStatus][data-status=${status}]`);

beforeEach(async () => {
  // The page outlives each test's world: a window an earlier test left (its world dropped mid-close)
  // would hold the first [data-action=yes] and take the click meant for this test's dialog.
  for (const stale of document.querySelectorAll(".application")) stale.remove();
  world = await createSeededDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
});

describe("the health track's Dying and Dead in edit mode (world)", () => {
  it("a GM's click asks first: Yes marks the character dead on every client, No changes nothing", async () => {
    const sheet = await editSheet(gm);
    expect(toggle(sheet, "dead")?.getAttribute("aria-pressed")).toBe("false");
    await click(gm, toggle(sheet, "dead"));
    const dialog = document.querySelector<HTMLElement>("[data-action=yes]")?.closest<HTMLElement>(".application, dialog, form") ?? document.body;
    expect(dialog.textContent).toContain("Mark Ada as Dead?");
    expect(actor(gm).system.health.dead).toBe(false);
    await click(gm, await appear("[data-action=no]"));
    expect(actor(gm).system.health.dead).toBe(false);

    await click(gm, toggle(sheet, "dead"));
    await click(gm, await appear("[data-action=yes]"));
    await flush();
    expect(actor(alice).system.health.dead).toBe(true);
    await flush();
    expect(toggle(sheet, "dead")?.getAttribute("aria-pressed")).toBe("true");

    // Clearing it asks too.
    await click(gm, toggle(sheet, "dead"));
    await flush();
    expect(document.body.textContent).toContain("Clear Dead from Ada?");
    await click(gm, await appear("[data-action=yes]"));
    await flush();
    expect(actor(alice).system.health.dead).toBe(false);
    expect([...gm.errors]).toEqual([]);
  }, 60_000);

  it("the owning player sees the statuses read-only; no toggle and no form field can set them", async () => {
    const sheet = await editSheet(alice);
    expect(sheet.element.querySelector(".cw-health-status")).not.toBeNull();
    expect(sheet.element.querySelectorAll("[data-action=toggleHealthStatus]")).toHaveLength(0);
    expect(sheet.element.querySelectorAll("[name='system.health.dead'], [name='system.health.dying']")).toHaveLength(0);
    expect(sheet.element.querySelector(".cw-status-readonly[data-status=dead]")?.textContent).toBe("Dead: no");
    // The data layer refuses a player's Dead that the track disagrees with.
    await world.as(alice, () => actor(alice).update({ "system.health.dead": true }));
    await flush();
    expect(actor(gm).system.health.dead).toBe(false);
  }, 60_000);

  it("the NPC sheet offers the GM the same confirmed toggles", async () => {
    const sheet = await editSheet(gm, GRUSHA_ID);
    // Becoming dying rolls Grusha's death roll at once: one fatal wound, so chance never kills her.
    clearQueuedFaces();
    queueFaces(3, 8, 9, 10, 11, 7);
    await click(gm, toggle(sheet, "dying"));
    await click(gm, await appear("[data-action=yes]"));
    await vi.waitFor(async () => {
      await flush();
      expect(actor(gm, GRUSHA_ID).system.health.dying).toBe(true);
    }, { timeout: 30_000, interval: 50 });
  }, 60_000);
});

describe("vital markers that would start dying ask first (issue 19 item 7)", () => {
  type Health = { vitalsLost: number; vitalsMax: number; hits: number; wounds: number; dying: boolean };
  const health = (client: WorldClient) => actor(client).system.health as unknown as Health;
  async function playSheet(client: WorldClient): Promise<Sheet> {
    const sheet = await world.as(client, async () => {
      const s = actor(client).sheet;
      await s.render({ force: true });
      return s;
    });
    await flush();
    return sheet;
  }
  const marker = (sheet: Sheet, box: number) => sheet.element.querySelector<HTMLButtonElement>(`[data-action=toggleVital][data-box="${box}"]`);

  it("the owner clicks the last vital: No changes nothing and rolls nothing; Yes marks every vital lost and Ada dying", async () => {
    // The death roll that follows rolls itself (no prompt to answer here).
    await world.as(alice, () => game.settings?.set("clockwork", "autoRollOwnChecks", true));
    const sheet = await playSheet(alice);
    const before = structuredClone(health(gm));
    const messages = gm.game.messages.contents.length;
    await click(alice, marker(sheet, before.vitalsMax - 1));
    expect(document.body.textContent).toContain("Ada loses the last vital, starts dying and makes a death roll at once.");
    await click(alice, await appear("[data-action=no]"));
    await flush();
    expect(health(gm)).toEqual(before);
    expect(gm.game.messages.contents.length).toBe(messages);

    // The death roll's faces: one fatal wound, so chance never kills Ada before the check
    // (six random dice can exceed her grit, ending dying in death).
    clearQueuedFaces();
    queueFaces(3, 8, 9, 10, 11, 7);
    await click(alice, marker(sheet, before.vitalsMax - 1));
    await click(alice, await appear("[data-action=yes]"));
    await flush();
    expect(health(gm).vitalsLost).toBe(before.vitalsMax);
    // Dying follows the vitals write (the health rules react to it), then the death roll: under
    // load a settle can come back between the steps, so wait for each (60 s is the test's limit).
    await vi.waitFor(() => expect(health(gm).dying).toBe(true), { timeout: 30_000, interval: 50 });
    // The dying sheet draws the death-roll tray with the roll made at once.
    await vi.waitFor(async () => {
      await flush();
      expect(sheet.element.querySelectorAll(".cw-death-tray__rolls li")).toHaveLength(1);
    }, { timeout: 30_000, interval: 50 });
    expect(sheet.element.querySelector(".cw-death-tray__allies")?.textContent).toContain("An ally can Stabilize Ada");
    expect(health(gm)).toMatchObject({ dying: true, wounds: before.wounds + 1 });
  }, 60_000);

  it("a click that keeps a vital does not ask", async () => {
    const sheet = await playSheet(alice);
    const lost = health(gm).vitalsLost;
    await click(alice, marker(sheet, lost));
    await flush();
    expect(document.querySelector("[data-action=yes]")).toBeNull();
    expect(health(gm).vitalsLost).toBe(lost + 1);
  }, 60_000);
});
