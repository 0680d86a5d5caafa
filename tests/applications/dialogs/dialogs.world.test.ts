// @vitest-environment happy-dom
/**
 * The dialogs' wiring in the test world: the roll dialog's keyboard (the roll button focused
 * on opening, Enter on a select rolls) and the species dialog's option names (from the
 * compendium index, marked when the document itself does not load).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { World, WorldClient } from "../../world";
import { createSeededDomWorld } from "../../world/applications/dom-world";
import { ADA_ID } from "../../world/browser/seed";
import { appear } from "../../world/wait";
import { speciesOptionNames } from "../../../src/applications/sheets/links";

const ORCS = "Compendium.clockwork.species.Item.TwKsBqSMQlosKmdm";
const AXES = "Compendium.clockwork.foci.Item.7KOGAJrOpJ1ITZfd";
const CLUBS = "Compendium.clockwork.foci.Item.CLtbONV1VghJQRhD";

let world: World;
let gm: WorldClient;
let alice: WorldClient;

/** Waits for the writes the world tracks; a dialog opened by an untracked click handler is waited for by state. */
const flush = () => world.settle();

interface SheetLike { element: HTMLElement; render(options?: object): Promise<unknown> }
const ada = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): { sheet: SheetLike } }).get(ADA_ID);
const root = (client: WorldClient) => document.querySelector<HTMLElement>(`.world-client[data-user-id="${client.user.id}"]`) ?? document.body;
const messageCount = (client: WorldClient) => (client.game.messages as unknown as { size: number }).size;

async function openSheet(client: WorldClient): Promise<SheetLike> {
  return world.as(client, async () => {
    const sheet = ada(client).sheet;
    await sheet.render({ force: true });
    return sheet;
  });
}

/** Makes `fromUuid` on a client find nothing for some UUIDs, as for a broken compendium entry. */
function breakUuids(client: WorldClient, ...broken: string[]): void {
  const original = client.fromUuid.bind(client);
  vi.spyOn(client, "fromUuid").mockImplementation(async (uuid: string) => (broken.includes(uuid) ? null : original(uuid)));
}

beforeEach(async () => {
  world = await createSeededDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
});

describe("the roll dialog's keyboard", () => {
  async function openDialog(): Promise<HTMLElement> {
    const sheet = await openSheet(alice);
    await world.as(alice, async () => {
      sheet.element.querySelector<HTMLElement>("[data-action=rollSkill][data-skill=strength]")!.click();
      await flush();
    });
    return appear(".cw-roll-dialog-app", root(alice));
  }

  it("opens with the roll button focused, so Enter rolls", async () => {
    const dialog = await openDialog();
    await flush();
    expect(document.activeElement).toBe(dialog.querySelector("button[type=submit]"));
  });

  it("Enter on a select rolls and closes the dialog", async () => {
    const dialog = await openDialog();
    const before = messageCount(gm);
    const select = dialog.querySelector<HTMLSelectElement>("select[name=difficulty]")!;
    expect(select).not.toBeNull();
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    await world.as(alice, async () => {
      select.focus();
      select.dispatchEvent(enter);
      await flush();
    });
    expect(enter.defaultPrevented).toBe(true);
    await flush();
    expect(messageCount(gm)).toBe(before + 1);
    await flush();
    expect(root(alice).querySelector(".cw-roll-dialog-app")).toBeNull();
  });

  it("other keys on a select do nothing", async () => {
    const dialog = await openDialog();
    const before = messageCount(gm);
    await world.as(alice, async () => {
      dialog.querySelector("select[name=difficulty]")!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true, cancelable: true }));
      await flush();
    });
    expect(root(alice).querySelector(".cw-roll-dialog-app")).not.toBeNull();
    // Enter afterwards is the sync point: it posts exactly one card, so the arrow key posted none.
    await world.as(alice, async () => {
      dialog.querySelector("select[name=difficulty]")!.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
      await flush();
    });
    await flush();
    expect(messageCount(gm)).toBeGreaterThan(before);
    await flush();
    expect(messageCount(gm)).toBe(before + 1);
  });
});

describe("species option names", () => {
  it("come from the pack index with the icon; a UUID that does not load keeps its index name, resolved false", async () => {
    breakUuids(alice, AXES);
    const names = await world.as(alice, () => speciesOptionNames([AXES, CLUBS, AXES]));
    expect(Object.keys(names)).toEqual([AXES, CLUBS]);
    expect(names[AXES]).toEqual({ name: "Axes", img: expect.stringMatching(/\S/), resolved: false });
    expect(names[CLUBS]).toEqual({ name: "Clubs", img: expect.stringMatching(/\S/), resolved: true });
  });

  it("a UUID neither the index nor the world knows is left out (the dialog shows its last part)", async () => {
    const ghost = "Compendium.clockwork.foci.Item.zzzzzzzzzzzzzzzz";
    const names = await world.as(alice, () => speciesOptionNames([ghost]));
    expect(names).toEqual({});
  });

  it("the dialog names a broken option from the index, marks it and warns; no raw UUID is shown", async () => {
    breakUuids(alice, AXES);
    const sheet = await openSheet(alice);
    await world.as(alice, async () => {
      const event = new Event("drop", { bubbles: true, cancelable: true });
      Object.defineProperty(event, "dataTransfer", { value: { getData: () => JSON.stringify({ type: "Item", uuid: ORCS }) } });
      sheet.element.querySelector(".window-content")!.dispatchEvent(event);
      await flush();
    });
    const dialog = await appear("dialog.dialog", root(alice));
    await appear("label.cw-choice", dialog);
    const axes = [...dialog.querySelectorAll("label.cw-choice")].find((l) => l.textContent?.includes("Axes"));
    expect(axes?.classList).toContain("is-unresolved");
    expect(dialog.querySelector(".cw-unresolved")).not.toBeNull();
    const clubs = [...dialog.querySelectorAll("label.cw-choice")].find((l) => l.textContent?.includes("Clubs"));
    expect(clubs?.classList).not.toContain("is-unresolved");
    expect(dialog.textContent).not.toContain("Compendium.");
    expect(dialog.textContent).not.toContain("7KOGAJrOpJ1ITZfd");
  });
});
