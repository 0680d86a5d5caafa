// @vitest-environment happy-dom
/**
 * Issue 20 item 5: on her turn a player saw her counters only in the tracker. The real character
 * sheet (ApplicationV2 in the happy-dom test world) shows its combatant's counters in the header
 * while the combat runs, each number with its meaning and the reaction rule on hover, and draws
 * them again as the combat changes (a payment, passing, the combat's end).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../../world";
import { createDomWorld } from "../../world/applications/dom-world";
import { ADA, COMBAT_ID, combatantUuid, seedFight } from "../../combat/attack/world-fixtures";

let world: World;
let gm: WorldClient;
let alice: WorldClient;

interface SheetLike { element: HTMLElement; render(options?: object): Promise<unknown> }
type CombatDoc = { updateEmbeddedDocuments(n: string, u: object[]): Promise<unknown>; delete(): Promise<unknown> };

async function openSheet(client: WorldClient, id: string): Promise<SheetLike> {
  return world.as(client, async () => {
    const sheet = (client.game.actors.get(id) as unknown as { sheet: SheetLike }).sheet;
    await sheet.render({ force: true });
    return sheet;
  });
}

const setCounters = (counters: object) => world.as(gm, () => (gm.game.combats.get(COMBAT_ID) as unknown as CombatDoc)
  .updateEmbeddedDocuments("Combatant", [{ _id: combatantUuid(ADA).split(".").at(-1), "system.counters": counters }]));

/** The header's counters as read: each number with the words beside it. */
function headerCounters(sheet: SheetLike): { text: string; tooltip: string | undefined; state: string } | null {
  const box = sheet.element.querySelector<HTMLElement>(".cw-sheet-header .cw-sheet-counters");
  if (!box) return null;
  const values = [...box.querySelectorAll(".cw-sheet-counters__value")].map((v) => v.textContent!.replace(/\s+/g, " ").trim());
  return { text: values.join(" | "), tooltip: box.dataset.tooltip, state: [...box.classList].find((c) => c.startsWith("cw-sheet-counters--"))!.slice(19) };
}

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  ({ gm, alice } = await seedFight(world, { counters: { [ADA]: { available: 4, reserved: 0, hadTurn: true, passed: false } } }));
  await world.settle();
}, 30_000);

describe("the sheet header in combat", { timeout: 30_000 }, () => {
  it("shows the combatant's counters with their meaning and follows the combat", async () => {
    const sheet = await openSheet(alice, ADA);
    expect(headerCounters(sheet)).toEqual({
      text: "4 this turn | 0 reserved for reactions",
      tooltip: expect.stringContaining("Passing reserves what is left: until the next turn it pays only for reactions"),
      state: "ready",
    });
    // The actions sit before the skills on the Main tab, their costs in words.
    const main = sheet.element.querySelector(".cw-tab-main")!;
    expect(main.firstElementChild?.classList.contains("cw-combat-actions")).toBe(true);
    expect(main.querySelector('[data-key="step"] .cw-combat-action__cost')!.textContent!.trim()).toBe("1 counter");

    // Passing (the tracker's button or the GM): the header draws the reserve at once.
    await setCounters({ available: 0, reserved: 4, hadTurn: true, passed: true });
    await world.settle();
    expect(headerCounters(sheet)).toMatchObject({ text: "0 this turn | 4 reserved for reactions", state: "passed" });
    expect(sheet.element.querySelector(".cw-sheet-counters__note")!.textContent).toBe("Passed: the reserved counters pay only for reactions now.");

    // The combat ends: no counters, and the actions go back below the skills with their cost in a combat.
    await world.as(gm, () => (gm.game.combats.get(COMBAT_ID) as unknown as CombatDoc).delete());
    await world.settle();
    expect(headerCounters(sheet)).toBeNull();
    const after = sheet.element.querySelector(".cw-tab-main")!;
    expect(after.firstElementChild?.classList.contains("cw-combat-actions")).toBe(false);
    expect(after.querySelector('[data-key="step"] .cw-combat-action__cost')!.textContent!.trim()).toBe("1 counter in combat");
    expect([...alice.errors, ...gm.errors]).toEqual([]);
  });
});
