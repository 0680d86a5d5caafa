/**
 * Driving the browser host in Debian's Chromium: one browser per test file, one page per
 * client (`?user=Alice`), every page a client of the host's one shared world (live),
 * screenshots to artifacts/screenshots/e2e-*.png.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
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
  /** Start the shared world again from the seed (every other open page reloads into it). */
  fresh?: boolean;
  /** The host's address (default: the e2e run's host; a test that starts the playground passes its own). */
  baseUrl?: string;
}

/**
 * Opens the host as one user in a browser context (every page is a client of the host's one
 * world, as the users of one Foundry server are) and waits until that client has booted.
 */
export async function openClient(context: BrowserContext, { user, theme = "dark", fresh = false, baseUrl }: OpenOptions): Promise<ClientPage> {
  const page = await context.newPage();
  // Everything here answers in well under a second (more on a loaded CI machine); a missing
  // element should still fail fast.
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on("console", (msg) => { if (msg.type() === "error") errors.push(msg.text()); });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(`${baseUrl ?? inject("hostUrl")}/?user=${encodeURIComponent(user)}&theme=${theme}${fresh ? "&fresh=1" : ""}`);
  await waitBooted(page, user);
  return { page, errors };
}

/** Waits until the page's client has booted (after a load or a reload). */
export async function waitBooted(page: Page, user: string): Promise<void> {
  await page.waitForFunction(() => {
    const handle = (window as unknown as { clockworkWorld?: { ready?: boolean; error?: string } }).clockworkWorld;
    return handle?.ready === true || handle?.error !== undefined;
  }, null, { timeout: 30_000 });
  const error = await page.evaluate(() => (window as unknown as { clockworkWorld?: { error?: string } }).clockworkWorld?.error);
  if (error) throw new Error(`the host did not boot as ${user}:\n${error}`);
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

/**
 * Stops a spawned playground and waits until it has exited: on SIGTERM it writes its world file
 * once more, so a temporary state folder is removed only after that (else rmdir finds it not empty).
 */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A spawned playground: its process, its address, and what it printed so far. */
export interface PlaygroundServer {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/**
 * `node scripts/playground.mjs` on a free port with its world in `state` (never the user's),
 * resolved once it printed its address. `args` adds flags (`--src` serves the sources).
 */
export function startPlayground(state: string, args: string[] = []): Promise<PlaygroundServer> {
  const root = join(import.meta.dirname, "..", "..");
  const child = spawn(process.execPath, ["scripts/playground.mjs", "--port", "0", "--state", state, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed within 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ClockWork playground: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({ child, url: match[1], output: () => output });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`the playground exited (${code}):\n${output}`)); });
  });
}
