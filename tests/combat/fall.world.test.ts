// @vitest-environment happy-dom
/**
 * The GM's fall prompt (the token HUD's Fall button, §4.8) in the test world with the real
 * DialogV2: the height typed in the dialog becomes the fall, its hits and its chat card; a bad
 * height is refused with the message and changes nothing; closing the dialog does nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../world";
import { createSeededDomWorld } from "../world/applications/dom-world";
import { GRUSHA_ID } from "../world/browser/seed";
import { appear } from "../world/wait";
import { promptFall } from "../../src/combat/fall";

let world: World;
let gm: WorldClient;

type Health = { hits: number; wounds: number; vitalsLost: number };
const grusha = (client: WorldClient) => (client.game.actors as unknown as { get(id: string): { name: string; system: { health: Health } } }).get(GRUSHA_ID);
const root = (client: WorldClient) => document.querySelector<HTMLElement>(`.world-client[data-user-id="${client.user.id}"]`) ?? document.body;
const messages = (client: WorldClient) => [...(client.game.messages as unknown as Iterable<{ content: string }>)];

/** Opens the prompt as the GM, types `spaces`, then presses the button with `action`. */
async function fallThroughPrompt(spaces: string, action = "ok") {
  const pending = world.as(gm, () => promptFall(grusha(gm) as never));
  const input = await appear<HTMLInputElement>(".cw-fall-prompt input[name=spaces]", root(gm));
  input.value = spaces;
  const dialog = input.closest("dialog, .application") as HTMLElement;
  if (action === "close") dialog.querySelector<HTMLButtonElement>("[data-action=close]")!.click();
  else dialog.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`)!.click();
  const result = await pending;
  await world.settle();
  return result;
}

beforeEach(async () => {
  world = await createSeededDomWorld();
  gm = world.gm;
});

describe("the GM's fall prompt", () => {
  it("asks the height; 2 spaces are 8 unavoidable hits, written and told in a card", async () => {
    const before = { ...grusha(gm).system.health };
    const result = await fallThroughPrompt("2");
    expect(result?.outcome).toMatchObject({ spaces: 2, damage: 8, prevented: null });
    expect(grusha(gm).system.health).not.toEqual(before);
    expect(messages(gm).at(-1)?.content).toContain(`${grusha(gm).name} falls 2 spaces`);
    expect(messages(gm).at(-1)?.content).toContain("8 unavoidable hits");
  });

  it("refuses a height that is not a whole number of spaces, with the message, and changes nothing", async () => {
    const before = { ...grusha(gm).system.health };
    const count = messages(gm).length;
    expect(await fallThroughPrompt("-2")).toBeNull();
    expect(gm.notifications.at(-1)?.message).toBe("A fall is a whole number of spaces, 0 or more (not -2). Nothing was changed.");
    expect(grusha(gm).system.health).toEqual(before);
    expect(messages(gm)).toHaveLength(count);
  });

  it("closing the prompt makes no one fall", async () => {
    const before = { ...grusha(gm).system.health };
    const count = messages(gm).length;
    expect(await fallThroughPrompt("3", "close")).toBeNull();
    expect(grusha(gm).system.health).toEqual(before);
    expect(messages(gm)).toHaveLength(count);
  });
});
