// @vitest-environment happy-dom
/**
 * The real attack dialog and reaction prompt (ApplicationV2, DialogV2) in the happy-dom test
 * world: opening from `actor.attack`, the targets' odds, a change that re-renders the targets and
 * not the Attack button, a fire-mode change that collects the area's tokens, and the GM clicking
 * "Dodge" in the reaction prompt a player's attack raised.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { appear } from "../../world/wait";
import { ADA, BRAM, GRUSHA, RIFLE, SWORD, seedFight, tokenId, SCENE_ID } from "./world-fixtures";
import { setReactionPrompt } from "../../../src/combat/attack/reactions";
import { attackData, type AttackMessage } from "../../../src/combat/attack/chat";
import type { AttackOutcome } from "../../../src/combat/attack/workflow";

let world: World;
let gm: WorldClient;
let alice: WorldClient;
let bob: WorldClient;

/** Waits for the writes the world tracks; dialogs and prompts (opened by an untracked click handler, or behind an open query) are waited for by state. */
const flush = () => world.settle();

type ActorDoc = { items: { get(id: string): unknown }; attack(item: unknown, options?: object): Promise<AttackOutcome | null> };
const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc;
const token = (client: WorldClient, actorId: string) => (client.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(actorId));
const root = (client: WorldClient): HTMLElement => document.querySelector<HTMLElement>(`.world-client[data-user-id="${client.user.id}"]`) ?? document.body;

async function change(client: WorldClient, input: HTMLInputElement | HTMLSelectElement, value: string): Promise<void> {
  await world.as(client, async () => {
    input.value = value;
    input.dispatchEvent(new Event("change", { bubbles: true }));
    await flush();
  });
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  ({ gm, alice, bob } = await seedFight(world));
  await flush();
});

afterEach(() => setReactionPrompt(null));

describe("the attack dialog", () => {
  it("shows each target's odds; a change re-renders the targets, not the Attack button; Attack posts the card", async () => {
    setReactionPrompt(async () => "none");
    // Exact chances for every target (the default shows a band for the ones Alice may not observe).
    await world.as(gm, () => gm.game.settings.set("clockwork", "attackHiddenInfo", "percentages"));
    await world.settle();
    const ada = actor(alice, ADA);
    const pending = world.as(alice, () => ada.attack(ada.items.get(RIFLE), { targets: [token(alice, GRUSHA), token(alice, "attackBramChar01")] }));
    const dialog = await appear(".cw-attack-dialog-app", root(alice));
    expect(dialog.querySelectorAll("tr.cw-attack-row")).toHaveLength(2);
    const button = dialog.querySelector("button[type=submit]");
    const chance = dialog.querySelector("tr.cw-attack-row [data-chance]")!.getAttribute("data-chance");
    await change(alice, dialog.querySelector<HTMLSelectElement>("select[name='targets.0.cover']")!, "75");
    await flush();
    expect(Number(dialog.querySelector("tr.cw-attack-row [data-chance]")!.getAttribute("data-chance"))).toBeLessThan(Number(chance));
    expect(dialog.querySelector("button[type=submit]")).toBe(button);
    // Autofire is an area: a 2×2 square on Grusha's space takes in who stands there, and no cover.
    await change(alice, dialog.querySelector<HTMLSelectElement>("select[name=mode]")!, "autofire");
    await flush();
    expect(dialog.querySelector("select[name='targets.0.cover']")).toBeNull();
    const names = [...dialog.querySelectorAll("tr.cw-attack-row label")].map((l) => l.textContent);
    expect(names).toContain("Grusha");
    await world.as(alice, async () => {
      dialog.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
      await flush();
    });
    const outcome = await pending;
    await flush();
    expect(outcome?.data.mode).toBe("autofire");
    await flush();
    expect(root(alice).querySelector(".cw-attack-dialog-app")).toBeNull();
    // The last card.
    const message = (gm.game.messages.contents as unknown as AttackMessage[]).filter((m) => attackData(m)).at(-1)!;
    expect(attackData(message)?.itemName).toBe("Assault Rifle");
    expect(alice.errors).toEqual([]);
  });

  it("a finesse weapon opens on the better skill the odds use, and attacking untouched rolls it (issue 20)", async () => {
    setReactionPrompt(async () => "none");
    // Bram: Agility rank 8 beats Strength 9, so a finesse dagger attacks with Agility.
    const [dagger] = await world.as(gm, () => (gm.game.actors.get(BRAM) as unknown as { createEmbeddedDocuments(t: string, d: object[]): Promise<{ id: string }[]> })
      .createEmbeddedDocuments("Item", [{ name: "Dagger", type: "weapon", system: { category: "melee", group: "knife", counters: 2, damage: { dice: 4, types: ["piercing"] }, properties: [{ key: "finesse", damageType: "" }] } }]));
    await flush();
    const bram = actor(bob, BRAM);
    const pending = world.as(bob, () => bram.attack(bram.items.get(dagger.id), { targets: [token(bob, GRUSHA)] }));
    const dialog = await appear(".cw-attack-dialog-app", root(bob));
    const select = dialog.querySelector<HTMLSelectElement>("select[name=skill]")!;
    expect(select.value).toBe("agility");
    await world.as(bob, async () => {
      dialog.querySelector<HTMLButtonElement>("button[type=submit]")!.click();
      await flush();
    });
    const outcome = await pending;
    await flush();
    expect(outcome?.data.attacks[0].threshold).toBe(8);
    expect(bob.errors).toEqual([]);
  });

  it("closing the dialog attacks no one and charges nothing", async () => {
    const ada = actor(alice, ADA);
    const before = gm.game.messages.size;
    const pending = world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)] }));
    const dialog = await appear(".cw-attack-dialog-app", root(alice));
    await world.as(alice, async () => {
      dialog.querySelector<HTMLElement>("[data-action=close]")!.click();
      await flush();
    });
    expect(await pending).toBeNull();
    expect(gm.game.messages.size).toBe(before);
  });
});

describe("the reaction prompt", () => {
  it("appears on the GM's client for an NPC; Dodge there is the reaction the attack uses", async () => {
    const ada = actor(alice, ADA);
    const pending = world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)], skipDialog: true }));
    // The prompt opens on the GM's client behind a query the attack awaits: no settle() until it is answered.
    const prompt = (await appear(".cw-attack-reaction", root(gm))).closest("dialog")!;
    expect(prompt.textContent).toContain("Ada attacks Grusha with Longsword");
    await world.as(gm, async () => {
      prompt.querySelector<HTMLButtonElement>("button[data-action=dodge]")!.click();
    });
    const outcome = await pending;
    expect(outcome?.data.targets[0].reaction).toBe("dodge");
  });
});
