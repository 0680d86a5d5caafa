/**
 * The party sheet end to end in Chromium through the test world's browser host (issue 32): the
 * GM makes a party, drags Ada onto it (Grusha, an NPC nobody plays, is refused), sees Ada's
 * numbers change when she is hurt; Alice, who owns the party, sees it in the light theme. axe-core
 * on each sheet; screenshots artifacts/screenshots/e2e-party-{gm-dark,alice-light}.png.
 */
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADA_ID, GRUSHA_ID } from "../world/browser/seed";
import { dropData, launch, openClient, shot, type ClientPage } from "./harness";

const PARTY_ID = "e2ePartyActor001";
const SHEET = ".application.sheet.party";
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let browser: Browser;
let context: BrowserContext;
let gm: ClientPage;

interface HostGame { actors: { get(id: string): { sheet: { render(force: boolean): unknown }; update(c: object): Promise<unknown> } | undefined }; users: { getName(name: string): { id: string } } }
type Handle = { client: { game: HostGame }; settle(): Promise<void>; persist(): Promise<void> };

beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1400, height: 940 }, deviceScaleFactor: 1 });
  gm = await openClient(context, { user: "Gamemaster", fresh: true });
});

afterAll(async () => {
  await browser?.close();
});

async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const handle = window.clockworkWorld as unknown as Handle;
    await handle.settle();
    await handle.persist();
  });
}

async function openParty(page: Page): Promise<void> {
  await page.evaluate((id) => (window.clockworkWorld as unknown as Handle).client.game.actors.get(id)!.sheet.render(true), PARTY_ID);
  await page.locator(SHEET).waitFor({ state: "visible" });
}

async function axeOnSheet(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (selector) => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<Result> } }).axe;
    const result = await axe.run(document.querySelector(selector)!, { resultTypes: ["violations"] });
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.length} node(s), first ${v.nodes[0]?.target.join(" ")}`);
  }, SHEET);
}

const names = (page: Page) => page.locator(`${SHEET} .cw-party-member__name`).allTextContents();

describe("the party sheet in the browser host", () => {
  it("the GM makes a party and drags Ada onto it; Grusha is refused; Ada's vitals follow her wounds (dark theme)", async () => {
    const { page } = gm;
    await page.evaluate(async (id) => {
      const handle = window.clockworkWorld as unknown as Handle & { client: { CONFIG: { Actor: { documentClass: { create(d: object, o: object): Promise<unknown> } } } } };
      const alice = handle.client.game.users.getName("Alice").id;
      await handle.client.CONFIG.Actor.documentClass.create({ _id: id, name: "The Company", type: "party", ownership: { default: 0, [alice]: 3 } }, { keepId: true });
    }, PARTY_ID);
    await settle(page);
    await openParty(page);
    await dropData(page, `${SHEET} .window-content`, { type: "Actor", uuid: `Actor.${GRUSHA_ID}` });
    await dropData(page, `${SHEET} .window-content`, { type: "Actor", uuid: `Actor.${ADA_ID}` });
    await expect.poll(() => names(page)).toEqual(["Ada"]);
    const vitals = page.locator(`${SHEET} [data-stat=vitals] .cw-party-value`);
    const before = (await vitals.textContent())!.trim();
    await page.evaluate((id) => (window.clockworkWorld as unknown as Handle).client.game.actors.get(id)!.update({ "system.health.vitalsLost": 1 }), ADA_ID);
    await settle(page);
    await expect.poll(async () => (await vitals.textContent())!.trim()).not.toBe(before);
    expect(await axeOnSheet(page)).toEqual([]);
    await shot(page, "party-gm-dark");
    expect(gm.errors).toEqual([]);
  });

  it("Alice, an owner of the party, opens it in the light theme: Ada, and no GM tools", async () => {
    const alice = await openClient(context, { user: "Alice", theme: "light" });
    await openParty(alice.page);
    expect(await names(alice.page)).toEqual(["Ada"]);
    expect(await alice.page.locator(`${SHEET} .cw-party-tools`).count()).toBe(0);
    expect(await axeOnSheet(alice.page)).toEqual([]);
    await shot(alice.page, "party-alice-light");
    expect(alice.errors).toEqual([]);
  });
});
