// @vitest-environment happy-dom
/**
 * The self-test's played paths (src/selftest/paths), run by the test world's GM in a world that
 * already holds a table's documents (a character with items, an NPC, a viewed scene with their
 * tokens, a chat message): every path passes, or skips with its reason, and each one leaves the
 * world's documents as it found them, compared through `world.save()` as each next step starts
 * (the first steps share one actor and are compared after their own clean-up). The only document
 * allowed to differ at the end is the report card the self-test whispers to the GM. The default
 * pass runs it on v13, the v14 pass (vitest.v14.config.ts) on v14; the run time is printed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { World, WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import { activateItemPiles } from "../integrations/item-piles-fake";
import type { SelfTestReport, SelfTestStep } from "../../src/selftest";
import { BASIC_STEPS, type SelfTestOptions } from "../../src/selftest/run";
import { PLAYED_PATHS } from "../../src/selftest/paths";

type Source = Record<string, unknown> & { _id: string; flags?: Record<string, Record<string, unknown>> };

let world: World;
let gm: WorldClient;
const OWNER = 3;

const selfTest = (options: SelfTestOptions) => world.as(gm, () =>
  (gm.game as unknown as { clockwork: { selfTest(o: SelfTestOptions): Promise<SelfTestReport | null> } }).clockwork.selfTest(options));

/** The world's documents by type, without the self-test's report card (the one thing it means to leave). */
function documents(): Record<string, Source[]> {
  const { sources } = world.save().server as { sources: Record<string, Source[]> };
  return Object.fromEntries(Object.entries(sources).map(([type, list]) => [type, type === "ChatMessage" ? list.filter((m) => m.flags?.clockwork?.selfTestReport !== true) : list]));
}

/** What differs between two saves: "Type id" of each added, removed or changed document. */
function differences(before: Record<string, Source[]>, after: Record<string, Source[]>): string[] {
  const out: string[] = [];
  for (const type of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = new Map((before[type] ?? []).map((s) => [s._id, JSON.stringify(s)]));
    const b = new Map((after[type] ?? []).map((s) => [s._id, JSON.stringify(s)]));
    for (const [id, json] of b) if (!a.has(id)) out.push(`${type} ${id} added`); else if (a.get(id) !== json) out.push(`${type} ${id} changed`);
    for (const id of a.keys()) if (!b.has(id)) out.push(`${type} ${id} removed`);
  }
  return out;
}

/** Runs the self-test comparing the world as each played path starts and at the end; resolves the report, the drift per step and the progress calls. */
async function runChecked(options: SelfTestOptions = {}) {
  await world.settle();
  const initial = documents();
  const drift: Record<string, string[]> = {};
  const progress: [number, number, string][] = [];
  let previous = "";
  const started = performance.now();
  const report = await selfTest({
    post: true,
    ...options,
    async onProgress(done, total, key) {
      progress.push([done, total, key]);
      // After the shared first steps' clean-up, and after every played path.
      if (previous && !BASIC_STEPS.slice(0, -1).includes(previous)) {
        await world.settle();
        const found = differences(initial, documents());
        if (found.length) drift[previous] = found;
      }
      previous = key;
    },
  });
  const ms = performance.now() - started;
  await world.settle();
  const after = differences(initial, documents());
  if (after.length) drift.end = after;
  // The comparison sees a document added: the report card, left out of `documents()` on purpose.
  const { sources } = world.save().server as { sources: Record<string, Source[]> };
  const card = differences(initial, { ...documents(), ChatMessage: sources.ChatMessage ?? [] });
  return { report: report!, drift, progress, ms, card };
}

const statusOf = (steps: SelfTestStep[]) => Object.fromEntries(steps.map((s) => [s.key, s.status]));

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  const alice = world.player("Alice");
  // A table already in play: what the self-test must not touch.
  const [ada] = await world.seed("Actor", [{
    name: "Ada", type: "character", system: { skills: { agility: { rank: 8 } } },
    items: [{ name: "Longsword", type: "weapon", system: { category: "melee", group: "sword", counters: 2, damage: { dice: 8, types: ["slashing"] } } }],
  }], { ownership: { [alice.userId]: OWNER } });
  const [orc] = await world.seed("Actor", [{ name: "Orc", type: "npc" }]);
  await world.seed("Scene", [{ name: "Table", active: true, tokens: [{ name: "Ada", actorId: ada, actorLink: true, x: 0, y: 0 }, { name: "Orc", actorId: orc, actorLink: true, x: 100, y: 0 }] }]);
  await world.seed("ChatMessage", [{ content: "<p>Session starts.</p>" }]);
  // Booting a world with its packs, however long that takes on a loaded machine.
}, 60_000);

describe("the self-test's played paths", () => {
  it("pass (or skip with the reason), leave the world as they found it after each path, and report progress", async () => {
    const { report, drift, progress, ms, card } = await runChecked();
    console.info(`self-test run time (${world.profile}): ${Math.round(ms)} ms; per step: ${report.steps.map((s) => `${s.key} ${s.ms}`).join(", ")}`);
    const expected = Object.fromEntries([...BASIC_STEPS, ...PLAYED_PATHS.map((p) => p.key)].map((k) => [k, "pass"]));
    // No module is active here: the hand-offs skip and say why.
    expect(statusOf(report.steps)).toEqual({ ...expected, itemPiles: "skip", tokenActionHud: "skip" });
    expect(report.steps.find((s) => s.key === "itemPiles")?.detail).toBe("Item Piles is not active");
    expect(report.steps.find((s) => s.key === "tokenActionHud")?.detail).toBe("Token Action HUD ClockWork is not active");
    expect(report.ok).toBe(true);
    expect(report.errors).toEqual([]);
    expect(drift).toEqual({});
    expect(card).toEqual([expect.stringMatching(/^ChatMessage \w+ added$/)]);
    // Every step was announced before it ran, with the count so far, then the end.
    const total = BASIC_STEPS.length + PLAYED_PATHS.length;
    expect(progress.map(([done, t]) => [done, t])).toEqual([...Array.from({ length: total }, (_, i) => [i, total]), [total, total]]);
    expect(progress.slice(0, -1).map(([, , key]) => key)).toEqual(report.steps.map((s) => s.key));
    // What the checks compared (figures that hold whatever the dice showed).
    const detail = (key: string) => report.steps.find((s) => s.key === key)?.detail ?? "";
    expect(detail("rollOdds")).toMatch(/^\d+ dice at \d+, \d+ gains needed: [\d.]+% as the rules core says; \d+ gains rolled$/);
    expect(detail("castArea")).toBe(`Fireball: ${world.profile === "v14" ? "Region" : "MeasuredTemplate"} placed and removed`);
    expect(detail("castMana")).toBe("Fire Bolt: 4 mana paid, 26 left");
    expect(detail("migrationDryRun")).toBe("weapon-unarmed-hands, item-physical-quantity, creature-health-bounds");
    // No step waited on a prompt until it timed out (the reaction limit is 30 s).
    for (const step of report.steps) expect(step.ms, step.key).toBeLessThan(30_000);
    // The GM's client kept no window the paths opened.
    expect(document.querySelectorAll(".application").length).toBe(0);
  }, 180_000);

  it("hand off to Item Piles and Token Action HUD when those modules are active", async () => {
    activateItemPiles(world);
    gm.run(() => {
      const modules = gm.game.modules as unknown as Map<string, object>;
      for (const id of ["token-action-hud-core", "token-action-hud-clockwork"]) modules.set(id, { id, active: true });
    });
    const { report, drift } = await runChecked({ paths: ["itemPiles", "tokenActionHud"] });
    expect(report.steps.filter((s) => !BASIC_STEPS.includes(s.key)).map((s) => [s.key, s.status])).toEqual([["itemPiles", "pass"], ["tokenActionHud", "pass"]]);
    expect(report.steps.find((s) => s.key === "tokenActionHud")?.detail).toMatch(/^\d+ actions offered$/);
    expect(drift).toEqual({});
  }, 120_000);

  it("clean up a path that fails midway", async () => {
    // A module stops every attack after the path made its scene, actors and combat-ready weapon.
    gm.Hooks.on("clockwork.preAttack", () => false);
    const { report, drift } = await runChecked({ paths: ["attackDamage", "castMana"] });
    expect(report.steps.find((s) => s.key === "attackDamage")).toMatchObject({ status: "fail", detail: "The attack made no card." });
    expect(report.steps.find((s) => s.key === "castMana")?.status).toBe("pass");
    expect(report.ok).toBe(false);
    expect(drift).toEqual({});
  }, 120_000);

  it.each([
    // Every die a 12: the Flat 7 ends Bleeding, the death roll adds no wound and the NPC is stabilized.
    ["high", 0.0001, /^2 hits at the turn's start; ended by its end roll$/, /^\d+ damage made it dying; stabilized \(\d+ wounds, grit \d+\)$/],
    // Every die a 1: the Flat fails and the HUD removes it; the death roll kills.
    ["low", 0.9999, /^2 hits at the turn's start; its end roll failed; removed from the HUD$/, /^the death roll killed it \(\d+ wounds, grit \d+\)$/],
  ] as const)("hold on either branch the dice choose (%s faces)", async (_name, uniform, tick, dying) => {
    gm.run(() => { (gm.CONFIG as unknown as { Dice: { randomUniform: () => number } }).Dice.randomUniform = () => uniform; });
    const { report, drift } = await runChecked({ paths: ["conditionTick", "dyingStabilize"] });
    const played = report.steps.filter((s) => !BASIC_STEPS.includes(s.key));
    expect(played.map((s) => s.status)).toEqual(["pass", "pass"]);
    expect(played[0].detail).toMatch(tick);
    expect(played[1].detail).toMatch(dying);
    expect(drift).toEqual({});
  }, 120_000);

  it("skip the paths whose NPC rolls would wait for the GM when the world asks", async () => {
    await world.as(gm, () => gm.game.settings.set("clockwork" as never, "autoRollNpcChecks" as never, false as never));
    const { report, drift } = await runChecked({ paths: ["conditionTick", "dyingStabilize"] });
    const why = "\"Roll NPC Condition Checks at Once\" is off: the NPC's rolls would wait for your answer";
    expect(report.steps.filter((s) => !BASIC_STEPS.includes(s.key)).map((s) => [s.key, s.status, s.detail])).toEqual([["conditionTick", "skip", why], ["dyingStabilize", "skip", why]]);
    expect(report.ok).toBe(true);
    expect(drift).toEqual({});
  }, 120_000);
});
