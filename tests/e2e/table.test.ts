/**
 * Two tabs at one table (issue 20, acceptance 2): the GM and Alice each in their own page, both
 * clients of the host's one world. Alice attacks the GM's NPC from her sheet; the GM's page gets
 * the reaction prompt and dodges; Alice's card shows the dodge; the GM applies the damage and
 * Alice's page shows it applied; reloading either page loses nothing; closing Alice's page is
 * Alice going offline in the GM's.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA_ID, GRUSHA_ID, WEAPON_ID } from "../world/browser/seed";
import { launch, shot } from "./harness";
import { openTable, type Table } from "./two-pages";

interface StoredActor { name: string; system: { health?: Record<string, unknown> } }

/** What the shared world holds for an actor (the page's mirror of the server's sources). */
function stored(page: Page, id: string): Promise<StoredActor> {
  return page.evaluate((actorId) => {
    const world = window.clockworkWorld!.world as unknown as { server: { sources: { Actor: Map<string, unknown> } } };
    return JSON.parse(JSON.stringify(world.server.sources.Actor.get(actorId))) as StoredActor;
  }, id);
}

async function showTab(page: Page, tab: "actors" | "combat" | "compendium"): Promise<void> {
  await page.click(`#sidebar-tabs [data-tab=${tab}]`);
  await page.locator(`#${tab}.active`).waitFor();
}

/** The attack's card in a page's chat log. */
const attackCard = (page: Page) => page.locator("#chat-log .chat-message", { has: page.locator(".cw-attack-card") }).last();

describe("two tabs at one table", () => {
  let browser: Browser;
  let table: Table;
  let gm: Page;
  let alice: Page;
  let healthBefore: Record<string, unknown> | undefined;

  beforeAll(async () => {
    browser = await launch();
    table = await openTable(browser, { users: ["Gamemaster", "Alice"] });
    gm = table.page("Gamemaster");
    alice = table.page("Alice");
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("each page sees the other's user connected and the GM's encounter at once", async () => {
    await expect.poll(() => alice.evaluate(() => window.clockworkWorld!.run(() => game.users?.activeGM?.name ?? null))).toBe("Gamemaster");
    await gm.locator("#players li.player[data-active=true]", { hasText: "Alice" }).waitFor();
    await showTab(gm, "actors");
    for (const id of [ADA_ID, GRUSHA_ID]) {
      await gm.click(`#actors [data-combat-toggle="${id}"]`);
      await gm.locator(`#actors [data-combat-toggle="${id}"][aria-pressed=true]`).waitFor();
    }
    await showTab(alice, "combat");
    await expect.poll(() => alice.locator("#combat li.combatant").count()).toBe(2);
  });

  it("Alice attacks the NPC; the GM's page asks for its reaction and dodges; Alice's card shows it", async () => {
    healthBefore = (await stored(gm, GRUSHA_ID)).system.health;
    // Alice's dice show their top faces: the attack hits even against a dodge.
    await alice.evaluate(() => {
      (window.clockworkWorld!.client.CONFIG as { Dice: { randomUniform: () => number } }).Dice.randomUniform = () => 0.0001;
    });
    const row = alice.locator("#combat li.combatant", { hasText: "Grusha" });
    await row.locator("[data-combat-action=target]").click();
    await row.locator("[data-combat-action=target][aria-pressed=true]").waitFor();
    await alice.click(`#world-toolbar button[data-actor-id="${ADA_ID}"]`);
    const sheet = alice.locator(".application.sheet.character");
    await sheet.waitFor({ state: "visible" });
    await sheet.locator("[data-action=tab][data-tab=equipment]").click({ position: { x: 3, y: 3 } });
    await sheet.locator(`[data-action=rollAttack][data-item-id="${WEAPON_ID}"]`).click();
    const dialog = alice.locator(".application.cw-attack-dialog-app");
    await dialog.waitFor({ state: "visible" });
    await dialog.locator("button[type=submit]").click();

    // The GM's page: the prompt for Grusha, answered with a dodge.
    const prompt = gm.locator(".application.dialog", { hasText: "Grusha" });
    await prompt.waitFor({ state: "visible" });
    await shot(gm, "table-gm-reaction");
    await prompt.locator("button[data-action=dodge]").click();

    const card = attackCard(alice);
    await card.waitFor({ state: "visible" });
    const target = card.locator(".cw-attack-target", { hasText: "Grusha" });
    await expect.poll(() => target.locator(".cw-attack-target__details").textContent()).toContain("Dodge");
    await shot(alice, "table-alice-card");
  });

  it("the GM applies the damage; Alice's page shows it applied", async () => {
    const card = attackCard(gm);
    await card.waitFor({ state: "visible" });
    await expect.poll(() => card.locator(".cw-attack-target", { hasText: "Grusha" }).textContent()).toContain("Dodge");
    await card.locator("[data-cw-attack=apply]").click();
    await expect.poll(async () => (await stored(gm, GRUSHA_ID)).system.health).not.toEqual(healthBefore);
    await attackCard(alice).locator(".cw-attack-target.is-applied", { hasText: "Grusha" }).waitFor();
    expect((await stored(alice, GRUSHA_ID)).system.health).toEqual((await stored(gm, GRUSHA_ID)).system.health);
  });

  it("reloading either page loses nothing", async () => {
    const health = (await stored(gm, GRUSHA_ID)).system.health;
    for (const user of ["Alice", "Gamemaster"]) {
      await table.reload(user);
      const page = table.page(user);
      expect((await stored(page, GRUSHA_ID)).system.health).toEqual(health);
      await attackCard(page).locator(".cw-attack-target.is-applied", { hasText: "Grusha" }).waitFor();
      await showTab(page, "combat");
      expect(await page.locator("#combat li.combatant").count()).toBe(2);
    }
    // The other page is still live after its neighbour reloaded: the GM's user is back for Alice.
    await expect.poll(() => alice.evaluate(() => window.clockworkWorld!.run(() => game.users?.activeGM?.name ?? null))).toBe("Gamemaster");
    for (const user of ["Gamemaster", "Alice"]) expect(table.errors(user)).toEqual([]);
  });

  it("a closed tab is its user going offline for the others", async () => {
    await table.leave("Alice");
    await gm.locator("#players li.player[data-active=false]", { hasText: "Alice" }).waitFor();
    expect(await gm.evaluate(() => window.clockworkWorld!.run(() => game.users?.getName("Alice")?.active))).toBe(false);
  });
});
