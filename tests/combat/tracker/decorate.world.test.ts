// @vitest-environment happy-dom
/**
 * The combat tracker's decoration (issue 10 item 3) on the rows core's tracker renders
 * (templates/sidebar/tabs/combat/tracker.hbs: `li.combatant[data-combatant-id]` with
 * `.token-name` and `.token-initiative input.initiative-input`), as each user sees it: counters
 * as pips, a Pass button and the initiative skill for the owner only. The initiative itself is
 * prepared as gains by the system's tracker (tracker-app.world.test.ts), not rewritten here.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDomWorld } from "../../world/applications/dom-world";
import { as, combatOn, countersOn, createFight, queueFaces, type Fight } from "../world-setup";

let fight: Fight;
beforeEach(async () => {
  fight = await createFight({ world: () => createDomWorld() });
}, 60_000);
afterEach(() => {
  fight.world.close();
  document.body.innerHTML = "";
});

/** The tracker's list as core renders it, for this client's view of the combat. */
function trackerHtml(client: Fight["gm"]): HTMLElement {
  const combat = combatOn(client, fight.combatId);
  const root = document.createElement("section");
  root.innerHTML = `<ol class="combat-tracker plain">${combat.turns.map((c) => `<li class="combatant" data-combatant-id="${c.id}">
    <img class="token-image" alt=""><div class="token-name"><strong class="name">${c.name}</strong></div>
    <div class="token-initiative"><input type="text" class="initiative-input" value="${c.initiative ?? ""}"></div></li>`).join("")}</ol>`;
  document.body.append(root);
  return root;
}

async function decorate(client: Fight["gm"]): Promise<HTMLElement> {
  const html = trackerHtml(client);
  const { decorateTracker } = await import("../../../src/combat/tracker/decorate");
  await fight.world.as(client, () => decorateTracker(html, combatOn(client, fight.combatId) as never));
  return html;
}

const row = (html: HTMLElement, key: keyof Fight["ids"]) => html.querySelector<HTMLElement>(`[data-combatant-id="${fight.ids[key]}"]`) as HTMLElement;

describe("the decorated tracker", { timeout: 30_000 }, () => {
  it("shows pips, defenseless and a Pass button only to the owner on its turn", async () => {
    await as(fight, fight.gm, (c) => c.startCombat());
    const alice = await decorate(fight.alice);
    expect(row(alice, "ada").querySelectorAll(".cw-counter-pip--available")).toHaveLength(6);
    expect(row(alice, "bo").querySelector(".cw-counters__defenseless")).not.toBeNull();
    expect(row(alice, "bo").classList.contains("cw-defenseless")).toBe(true);
    expect(row(alice, "ada").querySelector("[data-cw-action=pass]")).not.toBeNull();
    const bob = await decorate(fight.bob);
    expect(row(bob, "ada").querySelector("[data-cw-action=pass]")).toBeNull();

    (row(alice, "ada").querySelector("[data-cw-action=pass]") as HTMLButtonElement).click();
    await fight.world.settle();
    expect(countersOn(fight.gm, fight, "ada")).toEqual({ available: 0, reserved: 6, hadTurn: true, passed: true });
  });

  it("shows initiative as gains, and lets the owner pick the skill before rolling", async () => {
    await as(fight, fight.gm, (c) => c.updateEmbeddedDocuments("Combatant", [fight.ids.ada, fight.ids.bo, fight.ids.gob, fight.ids.orc].map((_id) => ({ _id, initiative: null }))));
    const alice = await decorate(fight.alice);
    const pick = row(alice, "ada").querySelector<HTMLSelectElement>("[data-cw-action=initiativeSkill]") as HTMLSelectElement;
    expect(pick.getAttribute("aria-label")).toBe("Ada: initiative skill");
    expect(row(alice, "bo").querySelector("[data-cw-action=initiativeSkill]")).toBeNull();
    pick.value = "intuition";
    pick.dispatchEvent(new Event("change"));
    await fight.world.settle();
    expect(combatOn(fight.gm, fight.combatId).combatants.get(fight.ids.ada)?.system.initiativeSkill).toBe("intuition");
    await fight.world.settle();

    queueFaces(11, 11, 11, 2, 2, 2, 2, 2, 2, 2, 2, 2);
    await as(fight, fight.alice, (c) => c.rollInitiative([fight.ids.ada]));
    const rolled = await decorate(fight.alice);
    // The decoration leaves core's initiative input as the tracker drew it.
    expect(row(rolled, "ada").querySelector<HTMLInputElement>(".initiative-input")?.value).toBe(String(combatOn(fight.alice, fight.combatId).combatants.get(fight.ids.ada)?.initiative));
    expect(combatOn(fight.gm, fight.combatId).combatants.get(fight.ids.ada)?.system.initiativeRoll).toMatchObject({ skill: "intuition", rank: 10 });
    expect(row(rolled, "ada").querySelector("[data-cw-action=initiativeSkill]")).toBeNull();
  });
});
