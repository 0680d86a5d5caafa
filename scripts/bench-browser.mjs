// `npm run bench:browser -- <distA> <distB> [--rounds N] [--edits N]`: two builds of the system
// compared in Debian's Chromium in ONE interleaved run (A, B, B, A, A, B…), each sample in a fresh
// browser, medians printed as a table. Each build is served by the playground's host
// (tests/world/browser/, "built" mode, starter world) on its own 127.0.0.1 port.
//
// Per sample (one cold browser, the GM's page):
//   start-up   the import of clockwork.mjs (fetch, parse, compile, evaluate; marks set by the
//              host around its import()), the page's boot to ready, and the V8 script and task
//              time Chromium reports (CDP Performance.getMetrics) once the page is idle, which
//              includes whatever a build loads after ready;
//   first sheet  the first character sheet opened after start-up (render() until drawn);
//   edit N     a field edit on a character sheet with N items (14 and 100): the input's change
//              event until the sheet's render hook fires, the median of --edits edits; and of
//              that, the sheet's context step (`_prepareContext`, wall time with its awaits) and
//              the pure context builder alone (`buildSheetContext`, synchronous).
//
//   npm run bench:browser -- /work/baseline-dist dist
//   npm run bench:browser -- /work/baseline-dist /tmp/fast-dist --rounds 7 --edits 9
import { existsSync } from "node:fs";
import { resolve, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const HOST_CONFIG = join(ROOT, "tests", "world", "browser", "vite.config.ts");
const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const ITEM_COUNTS = [14, 100];

export function parseArgs(argv) {
  const options = { dists: [], rounds: 5, edits: 7, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") options.help = true;
    else if (arg === "--rounds") options.rounds = Number(argv[++i]);
    else if (arg === "--edits") options.edits = Number(argv[++i]);
    else if (arg.startsWith("--")) throw new Error(`Unknown option "${arg}"`);
    else options.dists.push(resolve(arg));
  }
  if (!options.help && options.dists.length !== 2) throw new Error("give two build folders: bench-browser.mjs <distA> <distB>");
  for (const dist of options.dists) if (!existsSync(join(dist, "system.json"))) throw new Error(`${dist} has no system.json (not a build folder)`);
  if (!(options.rounds >= 1) || !(options.edits >= 1)) throw new Error("--rounds and --edits take a positive number");
  return options;
}

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One host server for one build folder (the host reads CLOCKWORK_HOST_* when its config loads). */
async function serve(dist) {
  process.env.CLOCKWORK_HOST_SYSTEM = "built";
  process.env.CLOCKWORK_HOST_SEED = "starter";
  process.env.CLOCKWORK_HOST_DIST = dist;
  const { createServer } = await import("vite");
  const server = await createServer({ configFile: HOST_CONFIG, logLevel: "error", server: { host: "127.0.0.1", port: 0, hmr: false, watch: null } });
  await server.listen();
  const url = server.resolvedUrls?.local?.[0]?.replace(/\/$/, "");
  if (!url) throw new Error(`no server for ${dist}`);
  return { server, url };
}

/** In the page: a character with `count` items (copies of the starter character's, new ids), its sheet open. */
async function characterWithItems(page, count) {
  return page.evaluate(async (count) => {
    const { client, settle } = window.clockworkWorld;
    const game = client.game;
    const base = game.actors.contents.filter((a) => a.type === "character").sort((a, b) => b.items.size - a.items.size)[0];
    if (!base) throw new Error("the starter world has no character");
    const source = base.toObject();
    const pool = source.items.filter((i) => i.type !== "species");
    const items = [...source.items.filter((i) => i.type === "species")];
    for (let n = 0; items.length < count; n++) items.push({ ...structuredClone(pool[n % pool.length]), _id: undefined, name: `${pool[n % pool.length].name} ${n}` });
    for (const item of items) delete item._id;
    delete source._id;
    const cls = client.CONFIG.Actor.documentClass;
    const actor = await client.run(() => cls.create({ ...source, name: `Bench ${count}`, items, system: { ...source.system, equipped: {} } }));
    await settle();
    await client.run(() => actor.sheet.render({ force: true }));
    await settle();
    return { id: actor.id, items: actor.items.size };
  }, count);
}

/** In the page: `edits` field edits on the open sheet of `actorId`, each timed from the change event to the render hook. */
async function timeEdits(page, actorId, edits) {
  return page.evaluate(async ({ actorId, edits }) => {
    const { client, settle } = window.clockworkWorld;
    const actor = client.game.actors.get(actorId);
    const sheet = actor.sheet;
    const times = [];
    const contextTimes = [];
    const builderTimes = [];
    // The pure builder call alone (synchronous, no awaits: load on the machine disturbs it least).
    const build = sheet.buildSheetContext;
    let builderMs = 0;
    sheet.buildSheetContext = function (...args) {
      const t0 = performance.now();
      try {
        return build.apply(this, args);
      } finally {
        builderMs += performance.now() - t0;
      }
    };
    // The sheet's context step (`_prepareContext`, wall time with its awaits), timed on the instance.
    const prepare = sheet._prepareContext;
    let contextMs = 0;
    sheet._prepareContext = async function (...args) {
      const t0 = performance.now();
      try {
        return await prepare.apply(this, args);
      } finally {
        contextMs += performance.now() - t0;
      }
    };
    for (let i = 0; i < edits; i++) {
      const input = sheet.element.querySelector("input[name='system.luck.value']") ?? sheet.element.querySelector("input[name='system.currency']");
      if (!input) throw new Error("no field to edit on the sheet");
      const max = Number(input.max || 3);
      const value = Number(input.value) >= max ? Number(input.value) - 1 : Number(input.value) + 1;
      const drawn = new Promise((resolve) => {
        const id = client.Hooks.on("renderClockworkCharacterSheet", (app) => {
          if (app !== sheet) return;
          client.Hooks.off("renderClockworkCharacterSheet", id);
          resolve(performance.now());
        });
      });
      contextMs = 0;
      builderMs = 0;
      const start = performance.now();
      input.value = String(value);
      input.dispatchEvent(new Event("change", { bubbles: true }));
      times.push((await drawn) - start);
      contextTimes.push(contextMs);
      builderTimes.push(builderMs);
      await settle();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    delete sheet._prepareContext;
    delete sheet.buildSheetContext;
    return { times, contextTimes, builderTimes };
  }, { actorId, edits });
}

/** One sample of one build: a cold browser, the GM's page, start-up, the first sheet, the edits. */
async function sample(chromium, url, edits) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable", { timeDomain: "timeTicks" });
    await page.goto(`${url}/?user=Gamemaster&fresh=1`);
    await page.waitForFunction(() => window.clockworkWorld?.ready === true || window.clockworkWorld?.error !== undefined, null, { timeout: 60_000 });
    const bootError = await page.evaluate(() => window.clockworkWorld?.error);
    if (bootError) throw new Error(`the page did not boot:\n${bootError}`);
    const start = await page.evaluate(() => ({
      importMs: performance.getEntriesByName("clockwork:import")[0]?.duration ?? NaN,
      readyMs: performance.now(),
    }));
    // What a build fetches after ready (a split build's prefetch) is part of its start-up cost.
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const metrics = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));

    const firstSheetMs = await page.evaluate(async () => {
      const { client, settle } = window.clockworkWorld;
      const actor = client.game.actors.contents.find((a) => a.type === "character");
      const t0 = performance.now();
      await client.run(() => actor.sheet.render({ force: true }));
      const t1 = performance.now();
      await settle();
      await client.run(() => actor.sheet.close());
      return t1 - t0;
    });

    const editMs = {};
    const contextMs = {};
    const builderMs = {};
    for (const count of ITEM_COUNTS) {
      const { id, items } = await characterWithItems(page, count);
      if (items !== count) throw new Error(`the bench character has ${items} items, not ${count}`);
      const { times, contextTimes, builderTimes } = await timeEdits(page, id, edits);
      editMs[count] = median(times);
      contextMs[count] = median(contextTimes);
      builderMs[count] = median(builderTimes);
    }
    if (errors.length) throw new Error(`page errors:\n${errors.join("\n")}`);
    return { ...start, scriptMs: metrics.ScriptDuration * 1000, taskMs: metrics.TaskDuration * 1000, firstSheetMs, editMs, contextMs, builderMs };
  } finally {
    await browser.close();
  }
}

const ROWS = [
  ["start-up: import clockwork.mjs", (s) => s.importMs],
  ["start-up: page boot to ready", (s) => s.readyMs],
  ["start-up: V8 script time, idle", (s) => s.scriptMs],
  ["start-up: main-thread tasks, idle", (s) => s.taskMs],
  ["first sheet opened", (s) => s.firstSheetMs],
  ...ITEM_COUNTS.map((count) => [`field edit, ${count} items`, (s) => s.editMs[count]]),
  ...ITEM_COUNTS.map((count) => [`  of which context, ${count} items`, (s) => s.contextMs[count]]),
  ...ITEM_COUNTS.map((count) => [`  of which builder, ${count} items`, (s) => s.builderMs[count]]),
];

export function table(labels, samples) {
  const [a, b] = samples;
  const lines = [
    `${"median of each (ms)".padEnd(36)}${"A".padStart(10)}${"B".padStart(10)}${"A / B".padStart(9)}`,
    `${"".padEnd(36, "-")}${"".padEnd(29, "-")}`,
  ];
  for (const [name, read] of ROWS) {
    const ma = median(a.map(read));
    const mb = median(b.map(read));
    lines.push(`${name.padEnd(36)}${ma.toFixed(1).padStart(10)}${mb.toFixed(1).padStart(10)}${`${(ma / mb).toFixed(2)}×`.padStart(9)}`);
  }
  lines.push("", `A: ${labels[0]}`, `B: ${labels[1]}`, `${a.length} samples each, interleaved A, B, B, A, A, B…; each in a fresh Chromium.`);
  return lines.join("\n");
}

export async function main(argv = process.argv.slice(2)) {
  const options = parseArgs(argv);
  if (options.help) {
    console.log((await import("node:fs")).readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").filter((l) => l.startsWith("//")).map((l) => l.slice(3)).join("\n"));
    return;
  }
  const { chromium } = await import("playwright-core");
  const servers = [];
  try {
    for (const dist of options.dists) servers.push(await serve(dist));
    const samples = [[], []];
    // One unmeasured warm-up per build (Vite's first transforms of the host page).
    for (const { url } of servers) await sample(chromium, url, 1);
    for (let round = 0; round < options.rounds; round++) {
      // A, B then B, A: neither build always runs right after the other's browser closed.
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const i of order) {
        const { url } = servers[i];
        const s = await sample(chromium, url, options.edits);
        samples[i].push(s);
        console.error(`round ${round + 1}/${options.rounds} ${"AB"[i]}: import ${s.importMs.toFixed(1)} ms, ready ${s.readyMs.toFixed(0)} ms, first sheet ${s.firstSheetMs.toFixed(1)} ms, edits ${ITEM_COUNTS.map((c) => `${c}: ${s.editMs[c].toFixed(1)}`).join(", ")} ms`);
      }
    }
    console.log(`\n${table(options.dists, samples)}`);
  } finally {
    for (const { server } of servers) await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`bench-browser: ${error?.stack ?? error}`);
    process.exit(1);
  });
}
