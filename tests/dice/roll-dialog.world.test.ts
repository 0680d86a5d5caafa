// @vitest-environment happy-dom
/**
 * The roll dialog under the test world's ApplicationV2: a change re-renders only the parts it
 * alters, so the roll button and the controls are the same elements under the pointer, and
 * the pool and odds follow the change.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { ClockworkRollDialog } from "../../src/dice/roll-dialog";
import type { GainRollRequest } from "../../src/dice/pool";
import { request } from "./requests";

let world: World;
let alice: WorldClient;

const flush = () => world.settle();

async function change(input: HTMLInputElement | HTMLSelectElement, value: string): Promise<void> {
  await world.as(alice, async () => {
    input.value = value;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await flush();
  });
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  alice = world.player("Alice");
});

describe("the roll dialog's parts", () => {
  it("keep the button and the controls in place while the pool and the odds follow each change", async () => {
    const result = world.as(alice, () => ClockworkRollDialog.prompt(request({ attributeDice: 8, threshold: 7, difficulty: "normal" })));
    await flush();
    const app = document.querySelector<HTMLElement>(".cw-roll-dialog-app")!;
    expect(app).not.toBeNull();
    const part = (selector: string) => app.querySelector<HTMLElement>(selector)!;
    const button = part(".cw-roll-dialog__roll");
    const choices = part(".cw-roll-dialog__choices");
    const pool = part(".cw-roll-dialog__pool");
    const odds = part(".cw-odds");
    expect(part("[data-dice]").dataset.dice).toBe("8");

    await change(part("input[name=situational]") as HTMLInputElement, "2");
    expect(part(".cw-roll-dialog__roll")).toBe(button);
    expect(part(".cw-roll-dialog__choices")).toBe(choices);
    expect(part(".cw-roll-dialog__pool")).not.toBe(pool);
    expect(part(".cw-odds")).not.toBe(odds);
    expect(part("[data-dice]").dataset.dice).toBe("10");

    // A new roll mode changes nothing shown: nothing re-renders.
    const oddsNow = part(".cw-odds");
    await change(part("select[name=rollMode]") as HTMLSelectElement, "gmroll");
    expect(part(".cw-odds")).toBe(oddsNow);
    expect(part(".cw-roll-dialog__choices")).toBe(choices);

    // A custom difficulty adds its gains box: the controls re-render, the button stays.
    await change(part("select[name=difficulty]") as HTMLSelectElement, "custom");
    expect(part(".cw-roll-dialog__choices")).not.toBe(choices);
    expect(part("input[name=customDifficulty]")).not.toBeNull();
    expect(part("select[name=difficulty] option[value=custom]").hasAttribute("selected")).toBe(true);
    expect(part(".cw-roll-dialog__roll")).toBe(button);
    // happy-dom selects the wrong option of parsed markup with a `selected` attribute (a browser
    // shows "custom"); set what the browser would show before submitting.
    (part("select[name=difficulty]") as HTMLSelectElement).value = "custom";

    await world.as(alice, async () => {
      part(".cw-roll-dialog__roll").click();
      await flush();
    });
    const rolled = (await result) as GainRollRequest;
    expect(rolled).toMatchObject({ situational: 2, rollMode: "gmroll", difficulty: "custom" });
    expect(document.querySelector(".cw-roll-dialog-app")).toBeNull();
  });
});
