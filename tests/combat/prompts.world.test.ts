// @vitest-environment happy-dom
/**
 * The end-of-turn prompt and the death-roll prompt as the owner sees them (issue 10 items 8, 9):
 * a DialogV2 on the owner's client listing the checks with their odds; clicking Roll rolls, and
 * the GM applies the result. Nothing is rolled before the click.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDomWorld } from "../world/applications/dom-world";
import { actorOn, as, createFight, queueFaces, type Fight } from "./world-setup";
import { appear, eventually } from "../world/wait";

let fight: Fight;
beforeEach(async () => {
  fight = await createFight({ world: () => createDomWorld() });
});
afterEach(() => {
  fight.world.close();
  document.body.innerHTML = "";
});

const statuses = (key: keyof Fight["actors"]) => [...(actorOn(fight.gm, fight.actors[key]).statuses as Set<string>)].sort();
const rolls = (kind: string) => (fight.gm.game.messages.contents as unknown as { rolls: { constructor: { name: string } }[] }[]).filter((m) => m.rolls[0]?.constructor.name === kind);


describe("prompts", { timeout: 30_000 }, () => {
  it("end of turn: the owner sees the checks with their odds and rolls on the click", async () => {
    await as(fight, fight.gm, async () => (await import("../../src/combat/conditions")).addStatus(actorOn(fight.gm, fight.actors.ada) as never, "burning"));
    await as(fight, fight.gm, (c) => c.startCombat());
    queueFaces(8);
    // Not settled: the end-of-turn query waits for the click.
    await fight.world.as(fight.gm, () => (fight.gm.game.combats.get(fight.combatId) as unknown as { nextTurn(): Promise<unknown> }).nextTurn());
    const dialog = (await appear(".cw-condition-check")).closest("dialog") as HTMLElement;
    expect(dialog.textContent).toContain("Ada's turn ends");
    expect(dialog.querySelector(".cw-condition-check__chance")?.textContent).toBe("50%");
    expect(rolls("FlatRoll")).toHaveLength(0);
    expect(statuses("ada")).toEqual(["burning"]);
    (dialog.querySelector("button[data-action=roll]") as HTMLButtonElement).click();
    await fight.world.settle();
    expect(statuses("ada")).toEqual([]);
    await fight.world.settle();
    expect(rolls("FlatRoll")).toHaveLength(1);
  });

  it("dying: the owner is asked for the death roll at once", async () => {
    queueFaces(9, 9, 9, 9, 9, 9);
    // Not settled: the death roll query waits for the click.
    await fight.world.as(fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.vitalsLost": 6 }));
    await appear(".cw-condition-prompt__body--death");
    expect(document.querySelector(".cw-condition-prompt__reason")?.textContent).toBe("The last vital is lost: roll at once.");
    // Not settle(): the prompt's query is tracked and waits for this click.
    await eventually(() => expect(statuses("ada")).toEqual(["dying"]));
    (document.querySelector("dialog button[data-action=roll]") as HTMLButtonElement).click();
    await fight.world.settle();
    expect(rolls("DeathRoll")).toHaveLength(1);
    await fight.world.settle();
    expect(rolls("DeathRoll")).toHaveLength(1);
  });

  for (const how of ["Not now", "closing the window"]) {
    it(`dying: declining the death roll (${how}) rolls nothing and writes nothing`, async () => {
      await fight.world.as(fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.vitalsLost": 6 }));
      await appear(".cw-condition-prompt__body--death");
      await eventually(() => expect(statuses("ada")).toEqual(["dying"]));
      const before = JSON.stringify(actorOn(fight.gm, fight.actors.ada).system.health);
      const dialog = document.querySelector(".cw-condition-prompt__body--death")!.closest("dialog") as HTMLElement;
      if (how === "Not now") (dialog.querySelector("button[data-action=decline]") as HTMLButtonElement).click();
      else (dialog.querySelector("[data-action=close]") as HTMLButtonElement).click();
      await fight.world.settle();
      expect(rolls("DeathRoll")).toHaveLength(0);
      expect(JSON.stringify(actorOn(fight.gm, fight.actors.ada).system.health)).toBe(before);
      expect(statuses("ada")).toEqual(["dying"]);
    });
  }

  it("dying: the GM's client leaving while Alice's death-roll prompt is open closes it and tells her the GM left; nothing is rolled, the roll stays owed (issue 34 item 5)", async () => {
    await fight.world.as(fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.vitalsLost": 6 }));
    await appear(".cw-condition-prompt__body--death");
    await eventually(() => expect(statuses("ada")).toEqual(["dying"]));
    const seen = fight.alice.notifications.length;
    fight.gm.disconnect();
    await eventually(() => expect(document.querySelector(".cw-condition-prompt__body--death")).toBeNull());
    await eventually(() => expect(fight.alice.notifications.slice(seen).map((n) => n.message)).toContain("The Gamemaster left while asking for Ada's death roll, so nothing was rolled. It is still owed: roll it from Ada's sheet once a Gamemaster is back."));
    expect(rolls("DeathRoll")).toHaveLength(0);
    expect((actorOn(fight.alice, fight.actors.ada).flags as { clockwork?: { deathRollOwed?: unknown } }).clockwork?.deathRollOwed).toBe("dying");
    // Not the words of a GM who stays and does not answer.
    expect(fight.alice.notifications.slice(seen).map((n) => n.message)).not.toContain(fight.alice.game.i18n.localize("CLOCKWORK.Relay.NoAnswer"));
  });

  it("end of turn: the GM's client leaving while Alice's prompt is open closes it and tells her; the GM who stays keeps it open", async () => {
    await as(fight, fight.gm, async () => (await import("../../src/combat/conditions")).addStatus(actorOn(fight.gm, fight.actors.ada) as never, "burning"));
    await as(fight, fight.gm, (c) => c.startCombat());
    await fight.world.as(fight.gm, () => (fight.gm.game.combats.get(fight.combatId) as unknown as { nextTurn(): Promise<unknown> }).nextTurn());
    await appear(".cw-condition-check");
    // A GM who stays: the prompt waits for Alice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector(".cw-condition-check")).not.toBeNull();
    const seen = fight.alice.notifications.length;
    fight.gm.disconnect();
    await eventually(() => expect(document.querySelector(".cw-condition-check")).toBeNull());
    await eventually(() => expect(fight.alice.notifications.slice(seen).map((n) => n.message)).toContain("The Gamemaster left while asking for Ada's end-of-turn checks, so nothing was rolled and Ada's conditions stay as they are."));
    expect(rolls("FlatRoll")).toHaveLength(0);
    expect(statuses("ada")).toEqual(["burning"]);
  });

  it("dying: Alice leaving while her prompt is open tells the GM she left (not that she did not answer), and the GM rolls for Ada", async () => {
    queueFaces(9, 9, 9, 9, 9, 9);
    await fight.world.as(fight.gm, () => actorOn(fight.gm, fight.actors.ada).update({ "system.health.vitalsLost": 6 }));
    await appear(".cw-condition-prompt__body--death");
    const seen = fight.gm.notifications.length;
    fight.alice.disconnect();
    await eventually(() => expect(fight.gm.notifications.slice(seen).map((n) => n.message)).toContain("Alice left before answering, so you roll for Ada."));
  });
});
