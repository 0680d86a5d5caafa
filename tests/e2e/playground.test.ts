/**
 * The playground as a user gets it: `npm run playground` as a child process, its printed address
 * opened in Chromium. As Alice (a player) a pregenerated character is opened, a weapon dragged
 * onto it from the compendium and its attack rolled, and the chat card checked; then the page
 * switches to the Gamemaster from the toolbar, who sees the roll. The server must listen on
 * 127.0.0.1 only and stop cleanly on Ctrl-C (SIGINT to the process group, as a terminal sends it)
 * and on SIGTERM. Screenshots: artifacts/screenshots/playground-{dark,light}.png.
 *
 * The tests run in order and share one server (its world kept in a state file of its own, which
 * must hold the world's last change once the server stopped) and one browser context.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_STATE, missingBuildFiles, parseArgs, plan, staleSources } from "../../scripts/playground.mjs";
import { launch, SHOT_DIR } from "./harness";

const ROOT = join(import.meta.dirname, "..", "..");
const SHEET = ".application.sheet.character";

interface Server {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the playground and resolves once it printed its address. */
function start(command: string, args: string[]): Promise<Server> {
  // Its own process group, so a SIGINT can go to the whole group like a terminal's Ctrl-C.
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed within 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ClockWork playground: (http:\/\/127\.0\.0\.1:(\d+))\//.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({ child, url: match[1], port: Number(match[2]), output: () => output, exited });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exited.then(({ code }) => { clearTimeout(timer); reject(new Error(`the playground exited (${code}) before printing its address:\n${output}`)); });
  });
}

/** Whether something accepts TCP connections at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once("connect", () => { socket.destroy(); resolve(true); });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => { socket.destroy(); resolve(false); });
  });
}

/** The local addresses listening on a TCP port, from the kernel's socket tables (Linux). */
function listeners(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const out: string[] = [];
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let table: string;
    try {
      table = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of table.split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== "0A" || !local?.endsWith(`:${hex}`)) continue; // 0A: LISTEN
      const address = local.split(":")[0];
      out.push(address.length === 8 ? address.match(/../g)!.reverse().map((b) => parseInt(b, 16)).join(".") : `[${address}]`);
    }
  }
  return out;
}

async function openAs(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  await waitReady(page);
  return page;
}

async function waitReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const handle = (window as unknown as { clockworkWorld?: { ready?: boolean; error?: string } }).clockworkWorld;
    return handle?.ready === true || handle?.error !== undefined;
  }, null, { timeout: 45_000 });
  const error = await page.evaluate(() => (window as unknown as { clockworkWorld?: { error?: string } }).clockworkWorld?.error);
  if (error) throw new Error(`the playground did not boot:\n${error}`);
}

async function showTab(page: Page, tab: "actors" | "combat" | "compendium"): Promise<void> {
  await page.click(`#sidebar-tabs [data-tab=${tab}]`);
  await page.locator(`#${tab}.active`).waitFor();
}

async function clickTab(sheet: Locator, tab: string): Promise<void> {
  await sheet.locator(`[data-action=tab][data-tab=${tab}]`).click();
  await expect.poll(() => sheet.locator(`section.tab[data-tab=${tab}]`).getAttribute("class"), { timeout: 3_000 }).toContain("active");
}

/** What the page's server holds for an actor (the canonical source). */
function serverActor(page: Page, id: string): Promise<{ name: string; items: { _id: string; name: string; type: string }[]; _stats?: { compendiumSource?: string } }> {
  return page.evaluate((actorId) => {
    const world = window.clockworkWorld!.world as unknown as { server: { sources: { Actor: Map<string, unknown> } } };
    return JSON.parse(JSON.stringify(world.server.sources.Actor.get(actorId)));
  }, id);
}

describe("npm run playground: deciding to build", () => {
  it("builds when dist/ is missing or incomplete, with --build, and not with --src", () => {
    const root = mkdtempSync(join(tmpdir(), "cw-playground-"));
    try {
      expect(plan({ build: false, src: false }, root)).toMatchObject({ build: true });
      expect(plan({ build: false, src: true }, root)).toMatchObject({ build: false });
      mkdirSync(join(root, "dist", "packs", "weapons"), { recursive: true });
      mkdirSync(join(root, "dist", "templates"));
      writeFileSync(join(root, "dist", "system.json"), JSON.stringify({ esmodules: ["clockwork.mjs"], packs: [{ name: "weapons", path: "packs/weapons" }] }));
      expect(missingBuildFiles(root)).toEqual(["dist/clockwork.mjs"]);
      expect(plan({ build: false, src: false }, root).build).toBe(true);
      writeFileSync(join(root, "dist", "clockwork.mjs"), "");
      expect(plan({ build: false, src: false }, root)).toEqual({ build: false, reason: null, stale: [] });
      expect(plan({ build: true, src: false }, root)).toMatchObject({ build: true, reason: "--build" });
      // A source edited after the build is reported, not rebuilt behind the user's back.
      mkdirSync(join(root, "src"));
      writeFileSync(join(root, "src", "later.ts"), "export {};");
      const future = new Date(Date.now() + 60_000);
      utimesSync(join(root, "src", "later.ts"), future, future);
      expect(staleSources(root)).toEqual(["src"]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("takes only its own options", () => {
    expect(parseArgs(["--port", "0", "--src"])).toMatchObject({ port: 0, src: true, build: false, state: DEFAULT_STATE });
    expect(parseArgs(["--state", "somewhere/world.json"]).state).toBe(join(process.cwd(), "somewhere", "world.json"));
    expect(() => parseArgs(["--host", "0.0.0.0"])).toThrow(/Unknown option/);
    expect(() => parseArgs(["--port", "http"])).toThrow(/--port/);
  });
});

describe("npm run playground", () => {
  let server: Server;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let heroId = "";
  let foeId = "";
  let weapon = "";
  let stateDir = "";

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), "cw-playground-state-"));
    server = await start("npm", ["run", "--silent", "playground", "--", "--port", "0", "--state", join(stateDir, "world.json")]);
    browser = await launch();
    mkdirSync(SHOT_DIR, { recursive: true });
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      try { process.kill(-(server.child.pid as number), "SIGKILL"); } catch { /* already gone */ }
    }
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it("prints its address and serves the built system with the compiled packs", async () => {
    expect(server.output()).toContain(`${server.url}/?user=Alice`);
    page = await openAs(context, `${server.url}/?user=Gamemaster`);
    const system = await page.evaluate(() => window.clockworkWorld!.system);
    expect(system.mode).toBe("built");
    expect(system.packs).toBe("compiled");
  });

  it("as the GM: puts Alice's pregenerated character and a foe into an encounter", async () => {
    const ids = await page.evaluate(() => {
      const world = window.clockworkWorld!.world as unknown as { player(n: string): { userId: string }; server: { sources: { Actor: Map<string, { _id: string; type: string; ownership: Record<string, number> }> } } };
      const alice = world.player("Alice").userId;
      const actors = [...world.server.sources.Actor.values()];
      return { hero: actors.find((a) => a.ownership[alice] === 3)!._id, foe: actors.find((a) => a.type === "npc")!._id };
    });
    heroId = ids.hero;
    foeId = ids.foe;
    expect((await serverActor(page, heroId))._stats?.compendiumSource).toMatch(/^Compendium\.clockwork\.pregens\.Actor\./);
    await showTab(page, "actors");
    for (const id of [heroId, foeId]) {
      await page.click(`#actors [data-combat-toggle="${id}"]`);
      await page.locator(`#actors [data-combat-toggle="${id}"][aria-pressed=true]`).waitFor();
    }
    await showTab(page, "combat");
    expect(await page.locator("#combat li.combatant").count()).toBe(2);
    // The combatants are the map's tokens (issue 28): the GM brings the foe beside the hero, within a weapon's reach.
    await page.evaluate(({ hero, foe }) => window.clockworkWorld!.run(async () => {
      type Token = { actorId: string; x: number; y: number; update(d: object): Promise<unknown> };
      const tokens = (game.scenes as unknown as { active: { tokens: { contents: Token[] } } }).active.tokens.contents;
      const at = tokens.find((t) => t.actorId === hero)!;
      await tokens.find((t) => t.actorId === foe)!.update({ x: at.x + 100, y: at.y });
    }), { hero: heroId, foe: foeId });
    await page.evaluate(() => window.clockworkWorld!.persist());
  });

  it("as a player: opens the pregenerated character, takes a weapon from the compendium, rolls its attack", async () => {
    await Promise.all([page.waitForURL(/user=Alice/), page.click("#world-toolbar a[data-user=Alice]")]);
    await waitReady(page);
    expect(await page.locator("#world-toolbar a.current").textContent()).toBe("Alice");
    // Target the foe, as a player clicks a token on the map (the attack workflow reads the targets).
    await showTab(page, "combat");
    const foeRow = page.locator("#combat li.combatant").filter({ hasNot: page.locator(`text=${(await serverActor(page, heroId)).name}`) });
    await foeRow.locator("[data-combat-action=target]").click();
    await foeRow.locator("[data-combat-action=target][aria-pressed=true]").waitFor();

    await showTab(page, "actors");
    const hero = await serverActor(page, heroId);
    const row = page.locator(`#actors .directory-item[data-actor-id="${heroId}"]`);
    expect(await row.locator(".entry-permission").count()).toBe(0); // Alice owns it
    await row.locator(".entry-name").click();
    const sheet = page.locator(SHEET);
    await sheet.waitFor({ state: "visible" });
    expect(await sheet.locator(".window-title").textContent()).toContain(hero.name);

    await showTab(page, "compendium");
    await page.locator("#compendium details[data-pack='clockwork.weapons'] summary").click();
    const owns = new Set(hero.items.map((i) => i.name));
    const entries = page.locator("#compendium details[data-pack='clockwork.weapons'] li.compendium-entry");
    await entries.first().waitFor(); // a pack draws its entries when opened
    const names = await entries.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.name ?? ""));
    weapon = names.find((n) => !owns.has(n)) as string;
    expect(weapon).toBeTruthy();
    const entry = page.locator(`#compendium details[data-pack='clockwork.weapons'] li[data-name="${weapon}"]`);
    await entry.scrollIntoViewIfNeeded();
    await entry.dragTo(sheet.locator(".window-content"));
    await expect.poll(async () => (await serverActor(page, heroId)).items.filter((i) => i.name === weapon).length, { timeout: 10_000 }).toBe(1);
    const itemId = (await serverActor(page, heroId)).items.find((i) => i.name === weapon)!._id;

    await clickTab(sheet, "equipment");
    await sheet.locator(`[data-action=rollAttack][data-item-id="${itemId}"]`).click();
    // The roll dialog, or the attack workflow's dialog once the sheet's attack button opens it.
    const dialog = page.locator(".application.cw-roll-dialog-app, .application.cw-attack-dialog-app");
    await dialog.waitFor({ state: "visible" });
    await dialog.locator("button[type=submit]").click();
    await dialog.waitFor({ state: "detached" });
    const card = page.locator("#chat-log .chat-message").last();
    await card.waitFor({ state: "visible" });
    expect(await card.locator(".message-content").textContent()).toContain(weapon);
    expect(await card.locator(".message-content .cw-card").count()).toBe(1);
    expect(await card.locator(".message-header").textContent()).toContain(hero.name);
    await page.screenshot({ path: join(SHOT_DIR, "playground-dark.png") });
  });

  it("switched to the Gamemaster from the toolbar: the GM sees the roll (light theme)", async () => {
    await page.click("#world-toolbar .theme-toggle[data-theme=light]");
    expect(await page.evaluate(() => document.body.classList.contains("theme-light"))).toBe(true);
    await Promise.all([page.waitForURL(/user=Gamemaster/), page.click("#world-toolbar a[data-user=Gamemaster]")]);
    await waitReady(page);
    expect(await page.locator("#world-toolbar a.current").textContent()).toBe("Gamemaster");
    const card = page.locator("#chat-log .chat-message", { hasText: weapon });
    await card.first().waitFor({ state: "visible" });
    expect(await card.count()).toBe(1);
    expect(await card.locator(".cw-card").count()).toBe(1);
    // The GM sees every actor of the starter world, the foes included, and the character's new weapon.
    await showTab(page, "actors");
    const actors = await page.evaluate(() => (window.clockworkWorld!.world as unknown as { server: { sources: { Actor: Map<string, unknown> } } }).server.sources.Actor.size);
    expect(actors).toBeGreaterThan(2);
    expect(await page.locator("#actors .directory-item").count()).toBe(actors);
    await page.locator(`#actors .directory-item[data-actor-id="${heroId}"] .entry-name`).click();
    const sheet = page.locator(SHEET);
    await sheet.waitFor({ state: "visible" });
    await clickTab(sheet, "equipment");
    expect(await sheet.locator(".cw-weapons").textContent()).toContain(weapon);
    expect(await page.evaluate(() => document.body.classList.contains("theme-light"))).toBe(true);
    await page.screenshot({ path: join(SHOT_DIR, "playground-light.png") });
  });

  it("listens on 127.0.0.1 only", async () => {
    expect(await accepts("127.0.0.1", server.port)).toBe(true);
    const table = listeners(server.port);
    if (table.length) expect(table).toEqual(["127.0.0.1"]);
    expect(await accepts("::1", server.port)).toBe(false);
    const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal);
    if (external) expect(await accepts(external.address, server.port)).toBe(false);
  });

  it("stops cleanly on Ctrl-C", async () => {
    const group = server.child.pid as number;
    process.kill(-group, "SIGINT");
    const { code, signal } = await server.exited;
    // The script closes the server and exits 0; npm's shell, hit by the same Ctrl-C, then ends
    // by SIGINT as shells do (a terminal shows ^C, exit status 130). Either is a clean stop.
    expect(code === 0 || signal === "SIGINT").toBe(true);
    expect(server.output()).toMatch(/SIGINT, stopping\.\s+ClockWork playground: stopped\./);
    expect(server.output()).not.toMatch(/Error|ERR!/);
    expect(await accepts("127.0.0.1", server.port)).toBe(false);
    // Nothing of the process group is left running.
    await expect.poll(() => { try { process.kill(-group, 0); return true; } catch { return false; } }, { timeout: 5_000 }).toBe(false);
    // The world it kept: the character with the weapon Alice took (a restart starts from this).
    const saved = JSON.parse(readFileSync(join(stateDir, "world.json"), "utf8")) as { seeded: boolean; world: { server: { sources: { Actor: { _id: string; items: { name: string }[] }[] } } } };
    expect(saved.seeded).toBe(true);
    expect(saved.world.server.sources.Actor.find((a) => a._id === heroId)?.items.map((i) => i.name)).toContain(weapon);
  });
});

describe("the playground script", () => {
  it("stops cleanly on SIGTERM", async () => {
    const state = mkdtempSync(join(tmpdir(), "cw-playground-state-"));
    const server = await start(process.execPath, ["scripts/playground.mjs", "--port", "0", "--state", join(state, "world.json")]);
    expect(await accepts("127.0.0.1", server.port)).toBe(true);
    server.child.kill("SIGTERM");
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toMatch(/SIGTERM, stopping\.[\s\S]*stopped\./);
    expect(await accepts("127.0.0.1", server.port)).toBe(false);
    rmSync(state, { recursive: true, force: true });
  }, 60_000);
});
