/**
 * Driving the browser host in Debian's Chromium: one browser per test file, one page per
 * client (`?user=Alice`), state handed between pages as the world's JSON snapshot (what the
 * server holds), screenshots to artifacts/screenshots/e2e-*.png.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { inject } from "vitest";

export const SHOT_DIR = join(import.meta.dirname, "..", "..", "artifacts", "screenshots");

const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync",
];

export async function launch(): Promise<Browser> {
  mkdirSync(SHOT_DIR, { recursive: true });
  return chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
}

export interface ClientPage {
  page: Page;
  /** Console errors and uncaught exceptions of the page. */
  errors: string[];
}

export interface OpenOptions {
  user: string;
  theme?: "light" | "dark";
  /** A world snapshot (world.save()) to start from instead of the seeded fixture. */
  state?: unknown;
  width?: number;
  height?: number;
}

/** Opens the host as one user and waits until that client has booted the system. */
export async function openClient(browser: Browser, { user, theme = "dark", state, width = 1400, height = 940 }: OpenOptions): Promise<ClientPage> {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  const errors: string[] = [];
  page.on("console", (msg) => { if (msg.type() === "error") errors.push(msg.text()); });
  page.on("pageerror", (error) => errors.push(String(error)));
  if (state !== undefined) {
    await page.addInitScript((json) => sessionStorage.setItem("clockwork-world-handoff", json), JSON.stringify(state));
  }
  await page.goto(`${inject("hostUrl")}/?user=${encodeURIComponent(user)}&theme=${theme}`);
  await page.waitForFunction(() => (window as unknown as { clockworkWorld?: { ready?: boolean } }).clockworkWorld?.ready === true, null, { timeout: 30_000 });
  return { page, errors };
}

export async function shot(page: Page, name: string): Promise<string> {
  const path = join(SHOT_DIR, `e2e-${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** Drops drag data on an element the way a drag from the sidebar ends (a DragEvent with a DataTransfer). */
export async function dropData(page: Page, selector: string, data: object): Promise<void> {
  await page.evaluate(({ selector, json }) => {
    const target = document.querySelector(selector);
    if (!target) throw new Error(`no drop target ${selector}`);
    const transfer = new DataTransfer();
    transfer.setData("text/plain", json);
    const rect = target.getBoundingClientRect();
    const init = { bubbles: true, cancelable: true, dataTransfer: transfer, clientX: rect.x + rect.width / 2, clientY: rect.y + rect.height / 2 };
    target.dispatchEvent(new DragEvent("dragover", init));
    target.dispatchEvent(new DragEvent("drop", init));
  }, { selector, json: JSON.stringify(data) });
}
