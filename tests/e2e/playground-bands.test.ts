/**
 * Minion bands in the built playground (issue 33 item 5): the GM adds a goblin to the encounter,
 * adds two more of it (+ on its row, and dropping it on the tracker again: each a token and a
 * combatant of its own, as core does for several unlinked tokens of one actor), opens the
 * tracker's context menu on a goblin's row (core's entries and the system's band entries) and
 * forms a band of three, which the tracker shows as one row. Screenshots of the menu and the
 * band: artifacts/screenshots/e2e-playground-band-{menu-dark,band-light}.png.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropData, launch, shot, stopServer, startPlayground, waitBooted, type PlaygroundServer } from "./harness";

const GOBLIN = "Goblin Cutthroat";

interface BandState { rows: { name: string; members: number; tokenId: string | null }[]; tokens: number; unlinked: number }

/** The GM's view of the goblins: their combatants, and their tokens on the scene. */
function goblins(page: Page, actorId: string): Promise<BandState> {
  return page.evaluate((id) => {
    type Combatant = { name: string; actorId: string; tokenId: string | null; system: { members?: string[] } };
    const g = window.clockworkWorld!.client.game as unknown as { combat: { combatants: { contents: Combatant[] } } | null; scenes: { active: { tokens: { contents: { actorId: string; actorLink: boolean }[] } } } };
    const rows = (g.combat?.combatants.contents ?? []).filter((c) => c.actorId === id).map((c) => ({ name: c.name, members: c.system.members?.length ?? 0, tokenId: c.tokenId }));
    const tokens = g.scenes.active.tokens.contents.filter((t) => t.actorId === id);
    return { rows, tokens: tokens.length, unlinked: tokens.filter((t) => !t.actorLink).length };
  }, actorId);
}

describe("minion bands in the playground", () => {
  let server: PlaygroundServer;
  let browser: Browser;
  let page: Page;
  let stateDir = "";
  const errors: string[] = [];

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), "cw-bands-"));
    server = await startPlayground(join(stateDir, "world.json"));
    browser = await launch();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
    page.on("console", (msg) => { if (msg.type() === "error") errors.push(msg.text()); });
    page.on("pageerror", (error) => errors.push(String(error)));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopServer(server?.child);
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("the GM adds three goblins, each its own token, and forms a band of them from the tracker's menu", async () => {
    await page.goto(`${server.url}/?user=Gamemaster&theme=dark&fresh=1`);
    await waitBooted(page, "Gamemaster");
    expect(await page.evaluate(() => window.clockworkWorld!.system.mode)).toBe("built");
    const goblin = await page.evaluate((name) => {
      const world = window.clockworkWorld!.world as unknown as { server: { sources: { Actor: Map<string, { _id: string; name: string; uuid?: string }> } } };
      const actor = [...world.server.sources.Actor.values()].find((a) => a.name === name)!;
      return { id: actor._id, uuid: `Actor.${actor._id}` };
    }, GOBLIN);
    const before = await goblins(page, goblin.id);

    await page.click("#sidebar-tabs [data-tab=actors]");
    await page.click(`#actors [data-combat-toggle="${goblin.id}"]`);
    await page.locator(`#actors [data-combat-toggle="${goblin.id}"][aria-pressed=true]`).waitFor();
    await page.click("#sidebar-tabs [data-tab=combat]");
    const rows = page.locator("#combat li.combatant", { hasText: GOBLIN });
    await expect.poll(() => rows.count()).toBe(1);
    // The first is the goblin's token on the map; the next two are new tokens beside it.
    await rows.first().locator("[data-combat-action=addAnother]").click();
    await expect.poll(() => rows.count()).toBe(2);
    await dropData(page, "#combat", { type: "Actor", uuid: goblin.uuid });
    await expect.poll(() => rows.count()).toBe(3);
    const three = await goblins(page, goblin.id);
    expect(three.rows).toHaveLength(3);
    expect(new Set(three.rows.map((r) => r.tokenId)).size).toBe(3);
    expect(three.tokens).toBe(before.tokens + 2);
    expect(three.unlinked).toBe(before.unlinked + 2);

    // Core's combatant menu, with the system's band entries in it.
    await rows.nth(1).click({ button: "right" });
    const menu = page.locator("#context-menu");
    await menu.waitFor();
    const entries = await menu.locator(".context-item").evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.name));
    expect(entries).toEqual(expect.arrayContaining(["COMBAT.CombatantReroll", "COMBAT.CombatantRemove", "CLOCKWORK.Combat.Turns.Group.Menu.Form"]));
    const form = menu.locator('.context-item[data-name="CLOCKWORK.Combat.Turns.Group.Menu.Form"]');
    expect(await form.textContent()).toContain("Form a minion band");
    await shot(page, "playground-band-menu-dark");
    await form.click();

    // One row: the band of three.
    await expect.poll(() => rows.count()).toBe(1);
    const band = await goblins(page, goblin.id);
    expect(band.rows).toEqual([expect.objectContaining({ name: `${GOBLIN} ×3`, members: 3 })]);
    expect(await rows.first().locator(".token-name .name").textContent()).toBe(`${GOBLIN} ×3`);
    await expect(menu.count()).resolves.toBe(0);
    // The band's row keeps its controls inside the tracker (no + on it: a band grows by Join).
    expect(await rows.first().locator("[data-combat-action=addAnother]").count()).toBe(0);
    const inside = await page.evaluate(() => {
      const panel = document.querySelector("#combat")!.getBoundingClientRect();
      return [...document.querySelectorAll("#combat li.combatant .combat-control")].every((b) => b.getBoundingClientRect().right <= panel.right + 0.5);
    });
    expect(inside).toBe(true);

    // The encounter menu opens from ⋮ (core's place for it).
    await page.click("#combat .encounter-context-menu");
    await menu.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);

    await page.goto(`${server.url}/?user=Gamemaster&theme=light`);
    await waitBooted(page, "Gamemaster");
    await page.click("#sidebar-tabs [data-tab=combat]");
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click({ button: "right" });
    await menu.waitFor();
    await shot(page, "playground-band-band-light");
    expect(errors).toEqual([]);
  }, 120_000);
});
