// @vitest-environment happy-dom
/**
 * Issue 20: what a sheet says when a change is not saved, and names in tooltips and
 * notifications. Core's own validation text ("Name: may not be undefined", "ClockworkActor joint
 * validation error: …") reached players; now each field is named as the form labels it and the
 * reason is in words. Foundry renders tooltips and notifications as HTML: a name is escaped.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createSeededDomWorld } from "../../world/applications/dom-world";
import { ADA_ID } from "../../world/browser/seed";
import { notify } from "../../../src/foundry";

let world: World;
let alice: WorldClient;

interface SheetLike { element: HTMLElement; render(options?: object): Promise<unknown> }
interface ActorDoc {
  name: string;
  system: { xp: { spent: number } };
  sheet: SheetLike;
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
}
const ada = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): ActorDoc }).get(ADA_ID);
const RAW = /validation error|may not be|must be|Clockwork(Actor|Item)/;

async function editSheet(): Promise<SheetLike> {
  const sheet = await world.as(alice, async () => {
    await ada(alice).sheet.render({ force: true });
    return ada(alice).sheet;
  });
  if (!sheet.element.querySelector('[name="name"]')) {
    await world.as(alice, async () => {
      sheet.element.querySelector<HTMLElement>('[data-action="toggleMode"]')!.click();
      await world.settle();
    });
  }
  return sheet;
}

async function change(sheet: SheetLike, name: string, value: string): Promise<void> {
  const input = sheet.element.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!input) throw new Error(`no field ${name}`);
  await world.as(alice, async () => {
    input.value = value;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await world.settle();
  });
  await world.settle();
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createSeededDomWorld();
  alice = world.player("Alice");
}, 30_000);

describe("a sheet's refused change, in words", { timeout: 30_000 }, () => {
  it("an emptied name: 'Name cannot be empty', not core's 'may not be undefined'", async () => {
    const sheet = await editSheet();
    alice.notifications.length = 0;
    await change(sheet, "name", "");
    expect(alice.notifications).toEqual([{ type: "error", message: "Change not saved: Name cannot be empty" }]);
    expect(ada(alice).name).toBe("Ada");
  });

  it("a change the whole-character rules refuse names the character and its type, once, in words", async () => {
    const sheet = await editSheet();
    alice.notifications.length = 0;
    await change(sheet, "system.xp.spent", "9999");
    expect(alice.notifications).toEqual([{ type: "error", message: "Ada (Character): change not saved: XP spent (9999) cannot exceed XP earned (0)." }]);
    expect(alice.notifications.some((n) => RAW.test(n.message))).toBe(false);
    expect(ada(alice).system.xp.spent).toBe(0);
  });

  it("names go into tooltips and notifications escaped", async () => {
    const name = '<img src="x" onerror="alert(1)">Axe';
    await world.as(alice, () => ada(alice).createEmbeddedDocuments("Item", [{ name, type: "weapon", system: { category: "melee", damage: { dice: 4, types: ["slashing"] } } }]));
    await world.settle();
    const sheet = await world.as(alice, async () => {
      await ada(alice).sheet.render({ force: true });
      return ada(alice).sheet;
    });
    const tooltips = [...sheet.element.querySelectorAll<HTMLElement>("[data-tooltip]")].map((el) => el.dataset.tooltip!);
    const withName = tooltips.filter((t) => t.includes("Axe"));
    expect(withName.length).toBeGreaterThanOrEqual(3);
    // Foundry sets the tooltip's HTML from the attribute: the name must arrive as text.
    for (const tip of withName) expect(tip).toContain("&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;Axe");
    alice.notifications.length = 0;
    world.as(alice, () => notify("warn", "CLOCKWORK.Relay.NoHealth", { name }));
    expect(alice.notifications.at(-1)?.message).toBe('&lt;img src="x" onerror="alert(1)"&gt;Axe has no health track to change.');
  });
});
