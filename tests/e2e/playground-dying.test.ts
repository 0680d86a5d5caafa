/**
 * Dying you can play from the sheet (issue 19 item 7), in the playground as `npm run playground
 * -- --src` serves it: as the GM, one character loses the last vital and goes dying; an ally
 * stabilizes it from the ally's sheet with one click on Stabilize, which charges its counters
 * once and leaves the dying character stabilized.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, SHOT_DIR, stopServer, startPlayground, type PlaygroundServer } from "./harness";




type Game = {
  actors: { get(id: string): { system: { health: { dying: boolean } }; statuses: Set<string>; update(d: object): Promise<unknown> } };
  combat: { startCombat(): Promise<unknown>; nextTurn(): Promise<unknown>; combatants: { contents: { actorId: string; system: { counters: { available: number } } }[] } } | null;
  settings: { set(s: string, k: string, v: unknown): Promise<unknown> };
};

describe("dying in the playground", () => {
  let server: PlaygroundServer;
  let browser: Browser;
  let page: Page;
  let stateDir = "";

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), "cw-dying-"));
    server = await startPlayground(join(stateDir, "world.json"), ["--src"]);
    browser = await launch();
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopServer(server?.child);
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("a character goes dying; an ally stabilizes it from the sheet with one click and one charge", async () => {
    await page.goto(`${server.url}/?user=Gamemaster&fresh=1`);
    await page.waitForFunction(() => window.clockworkWorld?.ready === true || window.clockworkWorld?.error !== undefined, null, { timeout: 60_000 });
    expect(await page.evaluate(() => window.clockworkWorld?.error)).toBeUndefined();
    const ids = await page.evaluate(() => {
      const world = window.clockworkWorld!.world as unknown as { server: { sources: { Actor: Map<string, { _id: string; type: string }> } } };
      const characters = [...world.server.sources.Actor.values()].filter((a) => a.type === "character");
      return { dying: characters[0]._id, ally: characters[1]._id };
    });
    await page.click("#sidebar-tabs [data-tab=actors]");
    for (const id of [ids.dying, ids.ally]) {
      await page.click(`#actors [data-combat-toggle="${id}"]`);
      await page.locator(`#actors [data-combat-toggle="${id}"][aria-pressed=true]`).waitFor();
    }
    // Top faces for every roll: the death roll has no fatal wound, the Medicine check succeeds.
    await page.evaluate(() => {
      const handle = window.clockworkWorld!;
      (handle.client.CONFIG as { Dice: { randomUniform: () => number } }).Dice.randomUniform = () => 0.0001;
    });
    await page.evaluate(async ({ dying, ally }) => {
      const handle = window.clockworkWorld!;
      await handle.run(async () => {
        const g = game as unknown as Game;
        await g.settings.set("clockwork", "autoRollOwnChecks", true);
        await g.combat!.startCombat();
        // The ally's turn, whatever the initiative order (a combatant whose turn has passed may only react).
        const combat = g.combat as unknown as { turn: number | null; turns: { actorId: string }[]; nextTurn(): Promise<unknown> };
        while (combat.turns[combat.turn ?? 0]?.actorId !== ally) await combat.nextTurn();
        // Medicine needs medical equipment on the healer and the dying creature within its reach
        // (L968, docs/rulings.md 165): the GM hands the ally a Medical Kit and sets the two side by side.
        const ally_ = g.actors.get(ally) as unknown as { items: { some(f: (i: { system: { category?: string; identifier?: string } }) => boolean): boolean }; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown>; getActiveTokens(): { document: { x: number; y: number; parent: { grid: { size: number } } } }[] };
        if (!ally_.items.some((i) => i.system.category === "kit" && /medic/.test(i.system.identifier ?? ""))) {
          await ally_.createEmbeddedDocuments("Item", [{ name: "Medical Kit", type: "equipment", system: { category: "kit", identifier: "medical-kit", container: "backpack" } }]);
        }
        const beside = ally_.getActiveTokens()[0]?.document;
        const dyingToken = (g.actors.get(dying) as unknown as { getActiveTokens(): { document: { update(c: object): Promise<unknown> } }[] }).getActiveTokens()[0]?.document;
        if (beside && dyingToken) await dyingToken.update({ x: beside.x + (beside.parent?.grid?.size ?? 100), y: beside.y });
        await g.actors.get(dying).update({ "system.health.vitalsLost": 6, "system.health.wounds": 1 });
      });
      await handle.settle();
    }, ids);
    const dying = () => page.evaluate((id) => (game as unknown as Game).actors.get(id).system.health.dying, ids.dying);
    await expect.poll(dying, { timeout: 10_000 }).toBe(true);
    const counters = () => page.evaluate((id) => (game as unknown as Game).combat!.combatants.contents.find((c) => c.actorId === id)!.system.counters.available, ids.ally);
    const before = await counters();

    await page.locator(`#actors .directory-item[data-actor-id="${ids.ally}"] .entry-name`).click();
    const sheet = page.locator(".application.sheet.character").last();
    await sheet.waitFor({ state: "visible" });
    await sheet.locator('button[data-action="combatAction"][data-key="stabilize"]').click();

    await expect.poll(dying, { timeout: 10_000 }).toBe(false);
    await page.evaluate(() => window.clockworkWorld!.settle());
    expect(await counters()).toBe(before - 2);
    expect(await page.evaluate((id) => [...(game as unknown as Game).actors.get(id).statuses], ids.dying)).toContain("stabilized");
    await page.screenshot({ path: join(SHOT_DIR, "e2e-dying-stabilize.png") });
  });
});
