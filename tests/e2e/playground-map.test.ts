/**
 * Two tabs on the playground's map (issue 28 item 5), in the built playground: the GM in one
 * page, Alice (Grosh Ashfang) in the other, both drawing the Crossroads scene
 * (tests/world/browser/map.ts, seed.ts). Alice drags her token 3 spaces (the ruler's colours
 * while dragging; the GM's tab sees it move); an attack out of reach is refused before anything
 * is paid; she steps adjacent and attacks, and the GM's tab is asked to dodge; the GM casts a
 * Fireball from Zafira's sheet and aims it on the map from its dialog ("Aim on the map", a click
 * on the map): the preview and its creatures show before anything is paid, and the cast takes
 * exactly the tokens inside it, drawn on both maps; a sight spell at a target behind a wall is
 * refused. Screenshots: artifacts/screenshots/playground-map-{dark,light}.png and the Fireball's
 * preview, playground-map-fireball-{dark,light}.png.
 * The drag's cost per pointer move at 30 tokens is measured and printed.
 */
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, SHOT_DIR, stopServer, startPlayground, type PlaygroundServer } from "./harness";
import { openTable, type Table } from "./two-pages";

const HERO = "Grosh Ashfang";
const FOE = "Gnoll Tracker";
/** The ruler's band colours as the system names them (`game.clockwork.map.bandColors`). */
function bandColors(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => window.clockworkWorld!.run(() => (game as unknown as { clockwork: { map: { bandColors(): Record<string, string> } } }).clockwork.map.bandColors()));
}

type Token = { id: string; name: string; x: number; y: number; actorId: string };

/** The scene's tokens as the page's client holds them. */
function tokens(page: Page): Promise<Token[]> {
  return page.evaluate(() => window.clockworkWorld!.run(() => {
    const scene = (game.scenes as unknown as { active: { tokens: { contents: Token[] } } }).active;
    return scene.tokens.contents.map((t) => ({ id: t.id, name: t.name, x: t.x, y: t.y, actorId: t.actorId }));
  }));
}

const tokenOf = async (page: Page, name: string) => (await tokens(page)).find((t) => t.name === name)!;
const space = (t: Token) => [t.x / 100, t.y / 100];

/** A combatant's counters as the page's client holds them. */
function counters(page: Page, name: string): Promise<number | null> {
  return page.evaluate((n) => window.clockworkWorld!.run(() => {
    const combat = (game as unknown as { combat: { combatants: { contents: { name: string; system: { counters: { available: number } } }[] } } | null }).combat;
    return combat?.combatants.contents.find((c) => c.name === n)?.system.counters.available ?? null;
  }), name);
}

/** Drags a token on a page's map from its space to another, in small pointer steps. */
async function drag(page: Page, tokenId: string, to: [number, number], { release = true } = {}): Promise<void> {
  // A tab in the background draws no frames, so its pointer input would wait: the dragging tab comes to the front.
  await page.bringToFront();
  const token = page.locator(`#map .map-token[data-token-id="${tokenId}"]`);
  await token.scrollIntoViewIfNeeded();
  const box = (await token.boundingBox())!;
  const surface = (await page.locator("#map .map-surface").boundingBox())!;
  const cell = box.width;
  await page.mouse.move(box.x + cell / 2, box.y + cell / 2);
  await page.mouse.down();
  await page.mouse.move(surface.x + (to[0] + 0.5) * cell, surface.y + (to[1] + 0.5) * cell, { steps: 12 });
  if (release) await page.mouse.up();
}

async function showTab(page: Page, tab: "actors" | "combat" | "compendium"): Promise<void> {
  await page.click(`#sidebar-tabs [data-tab=${tab}]`);
  await page.locator(`#${tab}.active`).waitFor();
}

/** Warnings and errors the page's client showed, newest last. */
function notices(page: Page): Promise<string[]> {
  return page.evaluate(() => window.clockworkWorld!.client.notifications.filter((n) => n.type !== "info").map((n) => n.message));
}

function errors(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const c = window.clockworkWorld!.client;
    return [...c.notifications.filter((n) => n.type === "error").map((n) => n.message), ...c.errors.map((e) => String((e as Error)?.stack ?? e))];
  });
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe-core on the map (the toolbar too): its serious and critical findings. */
async function axeOnMap(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<Result> } }).axe;
    const result = await axe.run({ include: [["#map"], ["#world-toolbar"]] }, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.length} node(s), first ${v.nodes[0]?.target.join(" ")}`);
  });
}

const cards = (page: Page) => page.locator("#chat-log .chat-message").count();

describe("two tabs on the playground's map", () => {
  let server: PlaygroundServer;
  let browser: Browser;
  let table: Table;
  let gm: Page;
  let alice: Page;
  let stateDir = "";

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), "cw-map-"));
    server = await startPlayground(join(stateDir, "world.json"));
    browser = await launch();
    table = await openTable(browser, { users: ["Gamemaster", "Alice"], baseUrl: server.url, viewport: { width: 1440, height: 900 } });
    gm = table.page("Gamemaster");
    alice = table.page("Alice");
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stopServer(server?.child);
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("both tabs draw the scene: every starter token, three walls; the GM starts a fight on Grosh's turn", async () => {
    for (const page of [gm, alice]) {
      await expect.poll(() => page.locator("#map .map-token").count()).toBe(20);
      expect(await page.locator("#map .map-wall").count()).toBe(3);
    }
    expect(await alice.locator("#map .map-token.owned").count()).toBe(1);
    for (const page of [gm, alice]) expect(await axeOnMap(page)).toEqual([]);
    await showTab(gm, "actors");
    for (const name of [HERO, FOE]) {
      const id = (await tokenOf(gm, name)).actorId;
      await gm.click(`#actors [data-combat-toggle="${id}"]`);
      await gm.locator(`#actors [data-combat-toggle="${id}"][aria-pressed=true]`).waitFor();
    }
    // The combatants are the map's tokens, not new ones.
    expect(await gm.locator("#map .map-token").count()).toBe(20);
    // The gnoll acts first (its turn over, it may react to Grosh's attack), then it is Grosh's turn.
    await gm.evaluate(({ hero, foe }) => window.clockworkWorld!.run(async () => {
      type Combatant = { name: string; update(d: object): Promise<unknown> };
      const combat = (game as unknown as { combat: { startCombat(): Promise<unknown>; nextTurn(): Promise<unknown>; combatants: { contents: Combatant[] }; combatant: { name: string } | null } }).combat;
      for (const c of combat.combatants.contents) await c.update({ initiative: c.name === foe ? 20 : 10 });
      await combat.startCombat();
      if (combat.combatant?.name !== hero) await combat.nextTurn();
    }), { hero: HERO, foe: FOE });
    expect(await gm.evaluate(() => window.clockworkWorld!.run(() => (game as unknown as { combat: { combatant: { name: string } } }).combat.combatant.name))).toBe(HERO);
    await expect.poll(() => counters(alice, HERO)).toBe(6);
  });

  it("Alice drags her token 3 spaces: the ruler shows a run while she drags, the GM's tab sees the move", async () => {
    const grosh = await tokenOf(alice, HERO);
    expect(space(grosh)).toEqual([3, 2]);
    await drag(alice, grosh.id, [6, 2], { release: false });
    const ruler = alice.locator("#map .map-ruler-space");
    expect(await ruler.count()).toBe(3);
    // 3 spaces are a run, the cheapest plan: the system's run colour, also the legend's.
    const run = (await bandColors(alice)).run;
    expect(await ruler.evaluateAll((rects) => rects.map((r) => (r as SVGElement).dataset.band))).toEqual(["run", "run", "run"]);
    expect(await ruler.evaluateAll((rects) => rects.map((r) => (r as SVGElement).dataset.color))).toEqual([run, run, run]);
    expect(await alice.locator("#map .map-band[data-band=run] i").evaluate((i) => getComputedStyle(i).backgroundColor)).toBe(`rgb(${[1, 3, 5].map((k) => parseInt(run.slice(k, k + 2), 16)).join(", ")})`);
    await alice.screenshot({ path: join(SHOT_DIR, "playground-map-dark.png") });
    await alice.mouse.up();
    expect(await alice.evaluate(() => (window as unknown as { clockworkMap: { dragging: boolean } }).clockworkMap.dragging)).toBe(false);
    await expect.poll(async () => space(await tokenOf(gm, HERO))).toEqual([6, 2]);

    await expect.poll(async () => gm.locator(`#map .map-token[data-token-id="${grosh.id}"]`).getAttribute("style")).toContain("left:264px");
  });

  it("the move paid 2 counters: 6 → 4 on her sheet, the tracker and the GM's tab", async () => {
    await expect.poll(() => counters(gm, HERO)).toBe(4);
    expect(await counters(alice, HERO)).toBe(4);
    await alice.locator("#world-toolbar button", { hasText: HERO }).click();
    const sheet = alice.locator(".application.sheet.character");
    await expect.poll(() => sheet.locator(".cw-sheet-counters__value[data-counters=available] strong").textContent()).toBe("4");
    await sheet.locator(".window-header [data-action=close]").click();
    await sheet.waitFor({ state: "detached" });
    for (const page of [alice, gm]) {
      await showTab(page, "combat");
      await expect.poll(() => page.locator("#combat li.combatant", { hasText: HERO }).locator(".cw-counters").first().getAttribute("aria-label")).toContain("4");
    }
  });

  it("an attack out of reach is refused before anything is paid", async () => {
    // The GM brings the gnoll 2 spaces below Grosh (the GM's move is not charged).
    const gnoll = await tokenOf(gm, FOE);
    await drag(gm, gnoll.id, [6, 4]);

    await expect.poll(async () => space(await tokenOf(alice, FOE))).toEqual([6, 4]);
    const before = { counters: await counters(alice, HERO), cards: await cards(gm) };

    // Alice targets the gnoll with a click on her map, then swings her battleaxe from the sheet.
    await alice.bringToFront();
    await alice.locator(`#map .map-token[data-token-id="${gnoll.id}"]`).click();
    await alice.locator(`#map .map-token[data-token-id="${gnoll.id}"][aria-pressed=true]`).waitFor();
    await alice.locator("#world-toolbar button", { hasText: HERO }).click();
    const sheet = alice.locator(".application.sheet.character");
    await sheet.waitFor({ state: "visible" });
    await sheet.locator("[data-action=tab][data-tab=equipment]").click({ position: { x: 3, y: 3 } });
    const axe = await alice.evaluate((hero) => window.clockworkWorld!.run(() => {
      const actor = (game.actors as unknown as { getName(n: string): { items: { contents: { id: string; name: string }[] } } }).getName(hero);
      return actor.items.contents.find((i) => i.name === "Battleaxe")!.id;
    }), HERO);
    await sheet.locator(`[data-action=rollAttack][data-item-id="${axe}"]`).click();
    const dialog = alice.locator(".application.cw-attack-dialog-app");
    await dialog.waitFor({ state: "visible" });
    await expect.poll(() => dialog.locator(".cw-attack-dialog__problem").textContent()).toContain(`cannot reach ${FOE}`);
    expect(await dialog.locator("button[type=submit]").isDisabled()).toBe(true);
    await dialog.locator(".window-header [data-action=close]").click();
    await dialog.waitFor({ state: "detached" });
    expect(await counters(alice, HERO)).toBe(before.counters);
    expect(await cards(gm)).toBe(before.cards);
  });

  it("she steps adjacent and attacks; the GM's tab is asked to dodge", async () => {
    await alice.bringToFront();
    const grosh = await tokenOf(alice, HERO);
    // One space down with the keyboard (the focused token, arrow key).
    await alice.locator(`#map .map-token[data-token-id="${grosh.id}"]`).focus();
    await alice.keyboard.press("ArrowDown");
    await expect.poll(async () => space(await tokenOf(gm, HERO))).toEqual([6, 3]);
    await alice.evaluate(() => {
      (window.clockworkWorld!.client.CONFIG as { Dice: { randomUniform: () => number } }).Dice.randomUniform = () => 0.0001;
    });
    const sheet = alice.locator(".application.sheet.character");
    const axe = await alice.evaluate((hero) => window.clockworkWorld!.run(() => {
      const actor = (game.actors as unknown as { getName(n: string): { items: { contents: { id: string; name: string }[] } } }).getName(hero);
      return actor.items.contents.find((i) => i.name === "Battleaxe")!.id;
    }), HERO);
    if (!(await sheet.isVisible())) await alice.locator("#world-toolbar button", { hasText: HERO }).click();
    await sheet.locator(`[data-action=rollAttack][data-item-id="${axe}"]`).click();
    const dialog = alice.locator(".application.cw-attack-dialog-app");
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.locator(".cw-attack-dialog__problem").count()).toBe(0);
    await dialog.locator("button[type=submit]").click();
    // The GM looks at their tab (a tab in the background draws no frames).
    await gm.bringToFront();
    const prompt = gm.locator(".application.dialog", { hasText: FOE });
    await prompt.waitFor({ state: "visible", timeout: 20_000 }).catch(async (error: unknown) => {
      console.log("no reaction prompt in the GM's tab; notices (Alice, GM), windows, counters (foe, hero):", await notices(alice), await notices(gm), await gm.evaluate(() => [...document.querySelectorAll(".application")].map((e) => `${e.className}: ${(e.textContent ?? "").slice(0, 80)}`)), await counters(gm, FOE), await counters(gm, HERO));
      throw error;
    });
    await prompt.locator("button[data-action=dodge]").click();
    await alice.bringToFront();
    const card = alice.locator("#chat-log .chat-message", { has: alice.locator(".cw-attack-card") }).last();
    await expect.poll(() => card.locator(".cw-attack-target", { hasText: FOE }).textContent()).toContain("Dodge");
    await sheet.locator(".window-header [data-action=close]").click();
    await sheet.waitFor({ state: "detached" });
    expect([...(await errors(alice)), ...(await errors(gm))]).toEqual([]);
  });

  it("the GM aims a Fireball from its dialog on the map: previewed with its creatures before anything is paid, then it takes exactly the tokens inside it", async () => {
    await gm.bringToFront();
    const caster = "Zafira Emberwind";
    const before = await gm.evaluate((name) => window.clockworkWorld!.run(() => {
      type Caster = { system: { mana: { value: number } }; items: { contents: { id: string; name: string }[] } };
      const zafira = (game.actors as unknown as { getName(n: string): Caster }).getName(name);
      return { mana: zafira.system.mana.value, ball: zafira.items.contents.find((i) => i.name === "Fireball")!.id, messages: (game.messages as unknown as { contents: unknown[] }).contents.length };
    }), caster);
    // From her sheet's Magic tab, as a player casts.
    await showTab(gm, "actors");
    await gm.locator("#actors .entry-name", { hasText: caster }).click();
    const sheet = gm.locator(".application.sheet.character", { hasText: caster });
    await sheet.waitFor({ state: "visible" });
    await sheet.locator("[data-action=tab][data-tab=magic]").click({ position: { x: 3, y: 3 } });
    await sheet.locator(`[data-action=castSpell][data-item-id="${before.ball}"]`).click();
    const dialog = gm.locator(".application.cw-cast-dialog-app");
    await dialog.waitFor({ state: "visible" });
    await sheet.locator(".window-header [data-action=close]").click();
    await sheet.waitFor({ state: "detached" });
    expect(await dialog.locator(".cw-aim__at").textContent()).toContain("Not aimed yet");
    expect(await dialog.locator("button[type=submit]").isDisabled()).toBe(true);

    // "Aim on the map", then a click on the map's space (12, 7): the dialog steps aside meanwhile.
    await dialog.locator("[data-action=aim]").click();
    await expect.poll(() => dialog.evaluate((el) => el.classList.contains("cw-aiming"))).toBe(true);
    const surface = gm.locator("#map .map-surface");
    await surface.scrollIntoViewIfNeeded();
    const box = (await surface.boundingBox())!;
    const cell = await surface.evaluate((el) => parseFloat(getComputedStyle(el).getPropertyValue("--cell")));
    await gm.mouse.click(box.x + 12.5 * cell, box.y + 7.5 * cell);
    await expect.poll(() => dialog.locator(".cw-aim__at").textContent()).toContain("column 12, row 7");
    expect(await dialog.evaluate((el) => el.classList.contains("cw-aiming"))).toBe(false);
    expect((await dialog.locator(".cw-cast-row__name").allTextContents()).sort()).toEqual(["Goblin Cutthroat", "Mercenary Rifleman", "Ogre Brute"]);
    // The preview on both maps (dashed), before anything is paid or posted.
    for (const page of [gm, alice]) await expect.poll(() => page.locator("#map [data-preview=true]").count()).toBe(1);
    const paid = () => gm.evaluate((name) => window.clockworkWorld!.run(() => ({
      mana: (game.actors as unknown as { getName(n: string): { system: { mana: { value: number } } } }).getName(name).system.mana.value,
      messages: (game.messages as unknown as { contents: unknown[] }).contents.length,
    })), caster);
    expect(await paid()).toEqual({ mana: before.mana, messages: before.messages });
    // The dialog aside (dragged by its title bar) so the map and its preview show beside it.
    const header = (await dialog.locator(".window-header").boundingBox())!;
    await gm.mouse.move(header.x + 40, header.y + header.height / 2);
    await gm.mouse.down();
    await gm.mouse.move(box.x + 16 * cell, header.y + header.height / 2, { steps: 8 });
    await gm.mouse.up();
    await gm.screenshot({ path: join(SHOT_DIR, "playground-map-fireball-dark.png") });
    await gm.click("#world-toolbar .theme-toggle");
    await gm.locator("body.theme-light").waitFor();
    await gm.screenshot({ path: join(SHOT_DIR, "playground-map-fireball-light.png") });

    // Cast: paid, and the area takes exactly the tokens its drawing covers.
    await dialog.locator("button[type=submit]").click();
    await dialog.waitFor({ state: "detached" });
    const result = await gm.evaluate(async (count) => window.clockworkWorld!.run(async () => {
      type Message = { flags: { clockwork?: { cast?: { targets: { uuid: string }[] } } } };
      const messages = () => (game.messages as unknown as { contents: Message[] }).contents;
      for (let i = 0; i < 200 && !messages().slice(count).some((m) => m.flags.clockwork?.cast); i++) await new Promise((r) => setTimeout(r, 25));
      const cast = messages().slice(count).find((m) => m.flags.clockwork?.cast)?.flags.clockwork?.cast;
      const scene = (game.scenes as unknown as { active: { templates?: { contents: { flags: { clockwork?: { preview?: boolean } }; testPoint(p: object): boolean }[] }; regions: { contents: { flags: { clockwork?: { preview?: boolean } }; testPoint(p: object): boolean }[] }; tokens: { contents: { x: number; y: number; actor: { uuid: string } }[] } } }).active;
      const drawn = [...(scene.templates?.contents ?? []), ...scene.regions.contents];
      const covered = scene.tokens.contents.filter((t) => drawn.some((d) => d.testPoint({ x: t.x + 50, y: t.y + 50, elevation: 0 }))).map((t) => t.actor.uuid);
      return { taken: cast?.targets.map((t) => t.uuid).sort() ?? null, covered: covered.sort(), areas: drawn.length, previews: drawn.filter((d) => d.flags.clockwork?.preview).length };
    }), before.messages);
    expect(result.areas).toBe(1);
    expect(result.previews).toBe(0);
    expect(result.taken).toHaveLength(3);
    expect(result.taken).toEqual(result.covered);
    const names = await gm.evaluate((uuids) => window.clockworkWorld!.run(() => uuids.map((u) => (globalThis as unknown as { fromUuidSync(u: string): { name: string } }).fromUuidSync(u).name).sort()), result.taken!);
    expect(names).toEqual(["Goblin Cutthroat", "Mercenary Rifleman", "Ogre Brute"]);
    expect((await paid()).mana).toBeLessThan(before.mana);
    for (const page of [gm, alice]) await expect.poll(() => page.locator("#map [data-area-id]").count()).toBeGreaterThan(0);
    expect(await gm.locator("#map [data-preview=true]").count()).toBe(0);
    await gm.screenshot({ path: join(SHOT_DIR, "playground-map-light.png") });
    expect(await axeOnMap(gm)).toEqual([]);
    expect([...(await errors(gm)), ...(await errors(alice))]).toEqual([]);
  });

  it("a sight spell at a target behind a wall is refused, nothing paid", async () => {
    const outcome = await gm.evaluate(() => window.clockworkWorld!.run(async () => {
      type Caster = { system: { mana: { value: number } }; items: { contents: { id: string; name: string }[]; get(id: string): unknown }; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown>; castSpell(item: unknown, o: object): Promise<unknown> };
      const ilinde = (game.actors as unknown as { getName(n: string): Caster }).getName("Ilinde Sarreth");
      const pack = (game.packs as unknown as { get(n: string): { getDocuments(): Promise<{ name: string; toObject(): object }[]> } }).get("clockwork.spells");
      const bolt = (await pack.getDocuments()).find((d) => d.name === "Void Bolt")!;
      await ilinde.createEmbeddedDocuments("Item", [bolt.toObject()]);
      const item = ilinde.items.contents.find((i) => i.name === "Void Bolt")!;
      const thug = (game.scenes as unknown as { active: { tokens: { contents: { name: string; uuid: string }[] } } }).active.tokens.contents.find((t) => t.name === "Bandit Thug")!;
      const mana = ilinde.system.mana.value;
      const cast = await ilinde.castSpell(ilinde.items.get(item.id), { targets: [thug.uuid], counterspell: false });
      return { cast, mana, after: ilinde.system.mana.value };
    }));
    expect(outcome.cast).toBeNull();
    expect(outcome.after).toBe(outcome.mana);
    expect((await notices(gm)).at(-1)).toContain("cannot see");
  });

  it("a move with too few counters is refused and the token does not move", async () => {
    const grosh = await tokenOf(alice, HERO);
    const before = space(grosh);
    const said = (await notices(alice)).length;
    expect(await counters(gm, HERO)).toBe(0);
    // While she drags, the ruler shows every space in the colours of a move she cannot pay.
    await drag(alice, grosh.id, [5, 7], { release: false });
    const bands = await alice.locator("#map .map-ruler-space").evaluateAll((rects) => rects.map((r) => (r as SVGElement).dataset.band));
    expect(bands.length).toBeGreaterThan(0);
    expect(bands.every((b) => b === "over" || b === "blocked")).toBe(true);
    await alice.mouse.up();
    await expect.poll(async () => (await notices(alice)).length).toBeGreaterThan(said);
    expect(space(await tokenOf(gm, HERO))).toEqual(before);
    expect(space(await tokenOf(alice, HERO))).toEqual(before);
    expect(await counters(gm, HERO)).toBe(0);
    await alice.locator("#notifications .notification.warning").last().waitFor();
  });

  it("undoing a move (Ctrl+Z on the token) returns its counters", async () => {
    // Her last move was the step beside the gnoll (1 counter): undone, she is back where she walked to.
    const grosh = await tokenOf(alice, HERO);
    expect(space(grosh)).toEqual([6, 3]);
    await alice.locator(`#map .map-token[data-token-id="${grosh.id}"]`).focus();
    await alice.keyboard.press("Control+z");
    await expect.poll(() => counters(gm, HERO)).toBe(1);
    await expect.poll(async () => space(await tokenOf(gm, HERO))).toEqual([6, 2]);
  });

  it("performance: a 12-space drag with the ruler at 30 tokens costs little per pointer move", async () => {
    await gm.evaluate(() => window.clockworkWorld!.run(async () => {
      const scene = (game.scenes as unknown as { active: { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> } }).active;
      const orc = (game.actors as unknown as { getName(n: string): { id: string } }).getName("Orc Raider");
      await scene.createEmbeddedDocuments("Token", Array.from({ length: 10 }, (_, k) => ({ name: `Orc ${k + 1}`, actorId: orc.id, actorLink: true, x: (16 + (k % 2)) * 100, y: (2 + k) * 100, disposition: -1 })));
    }));
    await expect.poll(() => gm.locator("#map .map-token").count()).toBe(30);
    await expect.poll(() => alice.locator("#map .map-token").count()).toBe(30);
    await alice.evaluate(() => {
      const map = (window as unknown as { clockworkMap: { timings: { moves: number[]; recomputed: number[] } } }).clockworkMap;
      map.timings.moves.length = 0;
      map.timings.recomputed.length = 0;
    });
    // Alice drags Grosh (his turn: the system prices every new space for her, previewMove) 12 spaces and back.
    const grosh = await tokenOf(alice, HERO);
    await alice.bringToFront();
    const token = alice.locator(`#map .map-token[data-token-id="${grosh.id}"]`);
    const box = (await token.boundingBox())!;
    await alice.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await alice.mouse.down();
    await alice.mouse.move(box.x + box.width * 12.5, box.y + box.height / 2, { steps: 120 });
    const timings = await alice.evaluate(() => {
      const map = (window as unknown as { clockworkMap: { timings: { moves: number[]; recomputed: number[] } } }).clockworkMap;
      return { moves: [...map.timings.moves], recomputed: [...map.timings.recomputed] };
    });
    expect(await alice.locator("#map .map-ruler-space[data-band]").count()).toBeGreaterThanOrEqual(12);
    await alice.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 });
    await alice.mouse.up();
    const stat = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return { n: xs.length, median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.floor(sorted.length * 0.95)], max: sorted.at(-1) };
    };
    console.log("map drag per pointer move (ms)", JSON.stringify({ all: stat(timings.moves), newSpace: stat(timings.recomputed) }));
    expect(timings.recomputed.length).toBeGreaterThanOrEqual(12);
    expect(stat(timings.moves).median).toBeLessThan(2);
  });
});
