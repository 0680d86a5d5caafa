/**
 * A setting module in the playground, as its author previews it:
 * `npm run playground -- --module modules/clockwork-gloamreach` (the built system, the example
 * module's YAML). Its packs are in the Compendium tab under the module's title; its declaration is
 * in the system's lists. As Alice, the Gloamhook (the module's harpoon group, gloam damage) is
 * dragged from its pack onto her character and she attacks a foe with it; the card names the
 * weapon and its damage type, and the Gamemaster applies the damage.
 * Screenshots: artifacts/screenshots/e2e-setting-module-{compendium,sheet,attack}.png.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, shot, stopServer, startPlayground, waitBooted, type PlaygroundServer } from "./harness";

const MODULE = "clockwork-gloamreach";
const TITLE = "Gloamreach: a ClockWork setting";
const WEAPON = "Gloamhook";
const SHEET = ".application.sheet.character";

interface StoredActor { _id: string; name: string; type: string; ownership: Record<string, number>; system: { health?: Record<string, unknown> }; items: { _id: string; name: string; system: { group?: string; damage?: { types: string[] } } }[] }

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

async function clickTab(sheet: Locator, tab: string): Promise<void> {
  await sheet.locator(`[data-action=tab][data-tab=${tab}]`).click();
  await expect.poll(() => sheet.locator(`section.tab[data-tab=${tab}]`).getAttribute("class"), { timeout: 3_000 }).toContain("active");
}

/** Error toasts and the client's recorded errors. */
function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const c = window.clockworkWorld!.client;
    return [
      ...[...document.querySelectorAll("#notifications .notification.error")].map((li) => `toast: ${li.textContent ?? ""}`),
      ...c.notifications.filter((n) => n.type === "error").map((n) => `notification: ${n.message}`),
      ...c.errors.map((e) => `error: ${String((e as Error)?.stack ?? e)}`),
    ];
  });
}

/** Switches the page to another user from the toolbar. */
async function become(page: Page, user: string): Promise<void> {
  await Promise.all([page.waitForURL(new RegExp(`user=${user}`)), page.click(`#world-toolbar a[data-user=${user}]`)]);
  await waitBooted(page, user);
}

describe("npm run playground -- --module modules/clockwork-gloamreach", () => {
  let server: PlaygroundServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let state = "";
  let heroId = "";
  let foeId = "";

  beforeAll(async () => {
    state = mkdtempSync(join(tmpdir(), "cw-setting-"));
    server = await startPlayground(join(state, "world.json"), ["--module", join("modules", MODULE)]);
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopServer(server?.child);
    if (state) rmSync(state, { recursive: true, force: true });
  });

  it("names the module it loaded, and its packs are in the Compendium tab under the module's title", async () => {
    expect(server.output()).toContain(`Setting module: ${TITLE} (${MODULE}, 4 packs) from modules/${MODULE}.`);
    await page.goto(`${server.url}/?user=Gamemaster&fresh=1`);
    await waitBooted(page, "Gamemaster");
    expect(await page.evaluate(() => window.clockworkWorld!.system.modules)).toEqual([MODULE]);
    expect(await page.evaluate(() => window.clockworkWorld!.system.warnings)).toEqual([]);
    await showTab(page, "compendium");
    const heading = page.locator("#compendium h3.pack-group", { hasText: TITLE });
    await heading.waitFor();
    // The module's four packs follow its heading, each with its documents; the system's weapons are still there.
    const packs = await heading.evaluate((h) => {
      const out: string[] = [];
      for (let next = h.nextElementSibling; next && !next.classList.contains("pack-group"); next = next.nextElementSibling) out.push((next as HTMLElement).dataset.pack ?? "");
      return out;
    });
    expect(packs).toEqual(["species", "foci", "weapons", "spells"].map((p) => `${MODULE}.${p}`));
    expect(await page.locator(`#compendium details[data-pack='${MODULE}.weapons'] .pack-count`).textContent()).toBe("4");
    expect(await page.locator(`#compendium details[data-pack='${MODULE}.weapons'] .pack-title`).textContent()).toBe("Gloamreach Weapons");
    expect(await page.locator("#compendium details[data-pack='clockwork.weapons']").count()).toBe(1);
    await page.locator(`#compendium details[data-pack='${MODULE}.weapons'] summary`).click();
    await page.locator(`#compendium details[data-pack='${MODULE}.weapons'] li[data-name="${WEAPON}"]`).waitFor();
    await page.locator(`#compendium details[data-pack='${MODULE}.species'] summary`).click();
    await page.locator(`#compendium details[data-pack='${MODULE}.species'] li[data-name="Mistborn"]`).waitFor();
    await page.locator(`#compendium details[data-pack='${MODULE}.species'] summary`).click();
    // The module's group at the top of the tab, its weapons open, as a player browses it.
    await heading.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await shot(page, "setting-module-compendium");
  });

  it("its declaration is in the system's lists, labelled from the module's language file", async () => {
    const lists = await page.evaluate(() => window.clockworkWorld!.run(() => {
      const config = (CONFIG as unknown as { CLOCKWORK: Record<string, Record<string, { label: string }>> }).CLOCKWORK;
      const i18n = (game as unknown as { i18n: { localize(k: string): string } }).i18n;
      const label = (list: string, key: string) => (config[list]?.[key] ? i18n.localize(config[list][key].label) : null);
      return {
        group: label("weaponGroups", "harpoon"), damage: label("damageTypes", "gloam"), condition: label("conditions", "gloamstruck"),
        tethered: label("weaponProperties", "tethered"), lanternlit: label("weaponProperties", "lanternlit"),
      };
    }));
    expect(lists).toEqual({ group: "Harpoon", damage: "Gloam", condition: "Gloamstruck", tethered: "Tethered", lanternlit: "Lantern-lit" });
  });

  it("as the GM: puts Alice's character and a foe into an encounter, side by side", async () => {
    const ids = await page.evaluate(() => {
      const world = window.clockworkWorld!.world as unknown as { player(n: string): { userId: string }; server: { sources: { Actor: Map<string, { _id: string; type: string; ownership: Record<string, number> }> } } };
      const alice = world.player("Alice").userId;
      const actors = [...world.server.sources.Actor.values()];
      return { hero: actors.find((a) => a.type === "character" && a.ownership[alice] === 3)!._id, foe: actors.find((a) => a.type === "npc")!._id };
    });
    heroId = ids.hero;
    foeId = ids.foe;
    await showTab(page, "actors");
    for (const id of [heroId, foeId]) {
      await page.click(`#actors [data-combat-toggle="${id}"]`);
      await page.locator(`#actors [data-combat-toggle="${id}"][aria-pressed=true]`).waitFor();
    }
    await page.evaluate(({ hero, foe }) => window.clockworkWorld!.run(async () => {
      type Token = { actorId: string; x: number; y: number; update(d: object): Promise<unknown> };
      const tokens = (game.scenes as unknown as { active: { tokens: { contents: Token[] } } }).active.tokens.contents;
      const at = tokens.find((t) => t.actorId === hero)!;
      await tokens.find((t) => t.actorId === foe)!.update({ x: at.x + 100, y: at.y });
    }), { hero: heroId, foe: foeId });
    await page.evaluate(() => window.clockworkWorld!.persist());
  });

  it("as Alice: drags the Gloamhook from the module's pack onto her character and attacks the foe with it", async () => {
    await become(page, "Alice");
    await showTab(page, "combat");
    const hero = await stored(page, heroId);
    const foeRow = page.locator("#combat li.combatant").filter({ hasNot: page.locator(`text=${hero.name}`) });
    await foeRow.locator("[data-combat-action=target]").click();
    await foeRow.locator("[data-combat-action=target][aria-pressed=true]").waitFor();

    await showTab(page, "actors");
    await page.locator(`#actors .directory-item[data-actor-id="${heroId}"] .entry-name`).click();
    const sheet = page.locator(SHEET);
    await sheet.waitFor({ state: "visible" });

    await showTab(page, "compendium");
    await page.locator(`#compendium details[data-pack='${MODULE}.weapons'] summary`).click();
    const entry = page.locator(`#compendium details[data-pack='${MODULE}.weapons'] li[data-name="${WEAPON}"]`);
    await entry.scrollIntoViewIfNeeded();
    await entry.dragTo(sheet.locator(".window-content"));
    await expect.poll(async () => (await stored(page, heroId)).items.filter((i) => i.name === WEAPON).length, { timeout: 10_000 }).toBe(1);
    const item = (await stored(page, heroId)).items.find((i) => i.name === WEAPON)!;
    expect(item.system.group).toBe("harpoon");
    expect(item.system.damage?.types).toEqual(["gloam"]);

    await clickTab(sheet, "equipment");
    const row = sheet.locator(`.cw-weapons li[data-item-id="${item._id}"]`);
    await row.waitFor();
    // The module's words, not its keys: the damage type and the property are labelled.
    expect(await row.textContent()).toContain("Tethered");
    expect(await sheet.textContent()).not.toContain("GLOAMREACH.");
    await row.scrollIntoViewIfNeeded();
    await sheet.screenshot({ path: join(import.meta.dirname, "..", "..", "artifacts", "screenshots", "e2e-setting-module-sheet.png") });

    // She takes it in her main hand (her two-handed battleaxe goes back to her back), then attacks.
    await row.locator("[data-action=equipWeapon][data-slot=mainHand]").click();
    await row.locator("[data-action=equipWeapon][data-slot=mainHand][aria-pressed=true]").waitFor();
    // Alice's dice show their top faces: the hook hits.
    await page.evaluate(() => {
      (window.clockworkWorld!.client.CONFIG as { Dice: { randomUniform: () => number } }).Dice.randomUniform = () => 0.0001;
    });
    const messages = await page.locator("#chat-log .chat-message").count();
    await sheet.locator(`[data-action=rollAttack][data-item-id="${item._id}"]`).click();
    const dialog = page.locator(".application.cw-roll-dialog-app, .application.cw-attack-dialog-app");
    await dialog.waitFor({ state: "visible" }).catch(async (error: unknown) => {
      console.log("no attack dialog; notifications:", await page.evaluate(() => window.clockworkWorld!.client.notifications.map((n) => `${n.type}: ${n.message}`)));
      throw error;
    });
    await dialog.locator("button[type=submit]").click();
    await dialog.waitFor({ state: "detached" });
    const card = page.locator("#chat-log .chat-message").nth(messages);
    await card.waitFor({ state: "visible" });
    expect(await card.locator(".cw-card__item").textContent()).toBe(WEAPON);
    expect(await card.locator(".cw-card__skill").textContent()).toContain("Gloam");
    // Every word on the card is a label, none a key (the damage type, Gloamstruck on a proc).
    expect(await card.locator(".message-content").textContent()).not.toMatch(/CLOCKWORK\.|GLOAMREACH\./);
    expect(await card.locator(".cw-attack-target__outcome").first().getAttribute("data-outcome")).toBe("hit");
    await page.evaluate(() => window.clockworkWorld!.settle());
    expect(await problems(page)).toEqual([]);
    await shot(page, "setting-module-attack");
  });

  it("as the GM: applies the Gloamhook's damage to the foe", async () => {
    await become(page, "Gamemaster");
    const before = (await stored(page, foeId)).system.health;
    const card = page.locator("#chat-log .chat-message", { has: page.locator(".cw-attack-card") }).last();
    await card.waitFor({ state: "visible" });
    expect(await card.locator(".cw-card__item").textContent()).toBe(WEAPON);
    await card.locator("[data-cw-attack=apply]").click();
    await card.locator(".cw-attack-target.is-applied").waitFor();
    await expect.poll(async () => (await stored(page, foeId)).system.health, { timeout: 10_000 }).not.toEqual(before);
    await page.evaluate(() => window.clockworkWorld!.settle());
    expect(await problems(page)).toEqual([]);
  });
});
