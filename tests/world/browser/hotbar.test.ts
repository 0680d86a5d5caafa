// @vitest-environment happy-dom
/**
 * The playground's own macro bar (hotbar.ts): a drop on a slot goes through the world's hotbar
 * drop, so the system's `hotbarDrop` makes its macro there; the redrawn row shows it by name and
 * a click runs it as the user (here a skill roll posting its card).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createDomWorld } from "../applications/dom-world";
import { eventually } from "../wait";
import { OWNERSHIP, type World, type WorldClient } from "../index";
import { renderHotbar, type HotbarUser } from "./hotbar";

let world: World;
let alice: WorldClient;

const hotbarOf = (client: WorldClient) => (client.ui as unknown as { hotbar: { drop(data: object, slot: number): Promise<unknown> } }).hotbar;
const draw = (client: WorldClient) => client.run(() => renderHotbar(client.user as unknown as HotbarUser, { drop: (data, slot) => client.run(() => hotbarOf(client).drop(data, slot)) }));

function dropOn(target: Element, data: object): void {
  const event = new Event("drop", { bubbles: true, cancelable: true });
  Object.defineProperty(event, "dataTransfer", { value: { getData: () => JSON.stringify(data) } });
  target.dispatchEvent(event);
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  alice = world.player("Alice");
  const [adaId] = await world.seed("Actor", [{ name: "Ada", type: "character" }], { ownership: { [alice.userId]: OWNERSHIP.OWNER } });
  await world.as(world.gm, () => (world.gm.game.users.get(alice.userId) as unknown as { update(c: object): Promise<unknown> }).update({ character: adaId }));
  await world.settle();
}, 30_000);

describe("the playground's macro bar", { timeout: 20_000 }, () => {
  it("ten slots of page 1, empty ones disabled and labelled for what to drop", () => {
    const bar = draw(alice);
    expect(bar.getAttribute("aria-label")).toBe("Macro bar (the playground's, not Foundry's)");
    const slots = [...bar.querySelectorAll<HTMLButtonElement>(".hotbar-slot")];
    expect(slots.map((s) => s.dataset.slot)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(slots.every((s) => s.disabled)).toBe(true);
    expect(slots[0].getAttribute("aria-label")).toContain("drop a weapon, spell, skill row or combat action");
  });

  it("a skill row dropped on slot 2 becomes the system's macro there; a click rolls the skill as Alice", async () => {
    const bar = draw(alice);
    document.body.append(bar);
    dropOn(bar.querySelector('li[data-slot="2"]')!, { type: "ClockworkMacro", spec: { kind: "skill", skill: "will" } });
    const id = await eventually(() => (alice.user as unknown as { hotbar: Record<string, string> }).hotbar?.[2] ?? (() => { throw new Error("slot 2 is empty"); })());
    await world.settle();
    const next = draw(alice);
    const slot = next.querySelector<HTMLButtonElement>('.hotbar-slot[data-slot="2"]')!;
    expect([slot.disabled, slot.dataset.macroId, slot.getAttribute("aria-label")]).toEqual([false, id, "Slot 2: Will roll"]);
    const before = world.gm.game.messages.contents.length;
    await world.as(alice, async () => slot.dispatchEvent(new MouseEvent("click", { bubbles: true, shiftKey: true })));
    await eventually(() => expect(world.gm.game.messages.contents.length).toBe(before + 1));
    const card = world.gm.game.messages.contents.at(-1) as unknown as { author: { id: string }; rolls: unknown[] };
    expect([card.author.id, card.rolls.length]).toEqual([alice.userId, 1]);
  });
});
