// @vitest-environment happy-dom
/**
 * The built-in self-test, run by the test world's GM as a GM would in a scratch world: every
 * step passes, nothing is left behind, and the report is whispered to the GM only.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { World, WorldClient } from "../world";
import { createDomWorld } from "../world/applications/dom-world";
import type { SelfTestReport } from "../../src/selftest";
import { SelfTestMenu } from "../../src/selftest/menu";
import { BASIC_STEPS } from "../../src/selftest/run";
import { PLAYED_PATHS } from "../../src/selftest/paths";

// Each run writes a scratch world through every client; the menu's run plays every path.
vi.setConfig({ testTimeout: 60_000 });

let world: World;
let gm: WorldClient;
let alice: WorldClient;

interface Doc { id: string; content?: string; whisper?: string[]; flags: Record<string, Record<string, unknown> | undefined> }
const actors = (client: WorldClient) => (client.game.actors as unknown as { contents: Doc[] }).contents;
const messages = (client: WorldClient) => (client.game.messages as unknown as { contents: Doc[] }).contents;
const selfTest = (client: WorldClient, options: object = { paths: [] }) => (client.game as unknown as { clockwork: { selfTest(o: object): Promise<SelfTestReport | null> } }).clockwork.selfTest(options);

beforeEach(async () => {
  document.body.innerHTML = "";
  world = await createDomWorld();
  gm = world.gm;
  alice = world.player("Alice");
  // Booting a world with its packs, however long that takes on a loaded machine.
}, 60_000);

describe("game.clockwork.selfTest()", () => {
  it("passes every step on a GM's client, cleans up, and whispers the report to that GM", async () => {
    const report = await world.as(gm, () => selfTest(gm));
    await world.settle();
    expect(report?.steps.map((s) => [s.key, s.status, s.detail?.startsWith("The") ? s.detail : "ok"]))
      .toEqual(["createActor", "openSheet", "dropItem", "closeSheet", "rollSkill", "effectDuration", "drawArea", "cleanup"].map((k) => [k, "pass", "ok"]));
    expect(report?.errors).toEqual([]);
    expect(report?.ok).toBe(true);
    expect(report?.environment).toMatchObject({ system: expect.stringMatching(/^clockwork \d/), generation: world.profile === "v14" ? 14 : 13, user: "Gamemaster" });
    // No scene is viewed here: the area check says so and passes.
    expect(report?.steps.find((s) => s.key === "drawArea")?.detail).toBe("no scene is viewed: nothing to draw on");
    expect(report?.steps.find((s) => s.key === "effectDuration")?.detail).toBe("1 minute(s)");
    // Nothing left behind on any client: no actor, no roll message.
    for (const client of [gm, alice]) {
      expect(actors(client)).toEqual([]);
      expect(messages(client).filter((m) => m.flags.clockwork?.roll)).toEqual([]);
    }
    const card = messages(gm).find((m) => m.flags.clockwork?.selfTestReport === true);
    expect(card?.whisper).toEqual([gm.user.id]);
    expect(card?.content).toContain('data-ok="true"');
    expect(card?.content).toContain("[pass] Roll a skill");
    // The whisper reaches the GM alone.
    const visible = (client: WorldClient) => (client.game.messages as unknown as { get(id: string): { visible: boolean } }).get(card!.id).visible;
    expect([visible(gm), visible(alice)]).toEqual([true, false]);
  });

  it("reports a failing step and the console errors around it, and still cleans up", async () => {
    // A module that breaks drops: its hook throws on the GM's client.
    gm.Hooks.on("dropActorSheetData", () => {
      console.error("a module's drop handler failed");
      return false;
    });
    const report = await world.as(gm, () => selfTest(gm));
    await world.settle();
    expect(report?.ok).toBe(false);
    expect(report?.steps.find((s) => s.key === "dropItem")).toMatchObject({ status: "fail" });
    expect(report?.steps.find((s) => s.key === "cleanup")).toMatchObject({ status: "pass" });
    expect(report?.errors).toContain("error: a module's drop handler failed");
    expect(actors(gm)).toEqual([]);
  });

  it("lists console warnings without failing for them", async () => {
    gm.Hooks.on("createActor", (() => console.warn("a module's deprecation warning")) as never);
    const report = await world.as(gm, () => selfTest(gm));
    expect(report?.errors).toContain("warn: a module's deprecation warning");
    expect(report?.ok).toBe(true);
  });

  it("removes what an interrupted earlier run left behind", async () => {
    await world.seed("Actor", [{ name: "Left over", type: "character", flags: { clockwork: { selfTest: true } } }]);
    // A played path's scratch scene and combat, from a run stopped mid-path.
    const [scene] = await world.seed("Scene", [{ name: "Left over", navigation: false, flags: { clockwork: { selfTest: true } } }]);
    await world.seed("Combat", [{ scene, active: false, flags: { clockwork: { selfTest: true } } }]);
    await world.settle();
    const report = await world.as(gm, () => selfTest(gm));
    expect(report?.ok).toBe(true);
    expect(actors(gm)).toEqual([]);
    expect([(gm.game.scenes as unknown as { size: number }).size, (gm.game.combats as unknown as { size: number }).size]).toEqual([0, 0]);
  });

  it("passes on a v14 world too", async () => {
    document.body.innerHTML = "";
    world = await createDomWorld({ profile: "v14" });
    const report = await world.as(world.gm, () => selfTest(world.gm));
    expect(report?.environment.generation).toBe(14);
    expect(report?.steps.filter((s) => s.status !== "pass")).toEqual([]);
    expect(report?.ok).toBe(true);
  });

  it.each(["v13", "v14"] as const)("draws an area on the viewed scene with this Foundry's document and removes it (%s)", async (profile) => {
    document.body.innerHTML = "";
    world = await createDomWorld({ profile });
    await world.seed("Scene", [{ name: "Scratch", active: true }]);
    const report = await world.as(world.gm, () => selfTest(world.gm));
    expect(report?.steps.find((s) => s.key === "drawArea")).toMatchObject({ status: "pass", detail: profile === "v14" ? "Region" : "MeasuredTemplate" });
    expect(report?.steps.find((s) => s.key === "effectDuration")).toMatchObject({ status: "pass", detail: "1 minute(s)" });
    const scene = (world.gm.game.scenes as unknown as { contents: { regions: { size: number }; templates: { size: number } }[] }).contents[0]!;
    expect([scene.regions.size, scene.templates.size]).toEqual([0, 0]);
    expect(world.gm.deprecations).toEqual([]);
  });

  it("refuses a player with a warning and changes nothing", async () => {
    expect(await world.as(alice, () => selfTest(alice))).toBeNull();
    expect(alice.notifications.at(-1)).toMatchObject({ type: "warn", message: "Only a GM can run the ClockWork self-test." });
    expect(actors(gm)).toEqual([]);
  });
});

describe("the settings button", () => {
  const menu = (client: WorldClient) => (client.game.settings as unknown as { menus: Map<string, { type: unknown; restricted: boolean }> }).menus.get("clockwork.selfTest");

  it("is a GM-only menu whose window runs the self-test with a progress bar and closes", async () => {
    expect(menu(gm)).toMatchObject({ type: SelfTestMenu, restricted: true, label: "CLOCKWORK.SelfTest.Menu.Label" });
    const app = await world.as(gm, async () => {
      const opened = new SelfTestMenu();
      await opened.render({ force: true });
      return opened;
    });
    expect(app.element.textContent).toContain("Run it in a scratch world");
    expect(app.element.querySelector("progress")).toBeNull();
    // What the window shows while each roll of the run is made: the bar and the step under way.
    const seen: { step: string | undefined; value: number | undefined; max: number | undefined; text: string | undefined; disabled: boolean | undefined }[] = [];
    gm.Hooks.on("clockwork.preRoll", (() => {
      const bar = app.element.querySelector("progress");
      seen.push({
        step: app.element.querySelector<HTMLElement>(".cw-selftest-progress")?.dataset.step, value: bar?.value, max: bar?.max,
        text: app.element.querySelector("[role=status]")?.textContent ?? undefined, disabled: app.element.querySelector<HTMLButtonElement>("[data-action=run]")?.disabled,
      });
    }) as never);
    await world.as(gm, async () => {
      app.element.querySelector<HTMLButtonElement>("[data-action=run]")!.click();
      // The run loads its code and writes a scratch world: however long that takes on a loaded machine.
      await world.settle();
      expect(app.rendered).toBe(false);
    });
    await world.settle();
    expect(messages(gm).filter((m) => m.flags.clockwork?.selfTestReport === true)).toHaveLength(1);
    const total = BASIC_STEPS.length + PLAYED_PATHS.length;
    const index = (key: string) => [...BASIC_STEPS, ...PLAYED_PATHS.map((p) => p.key)].indexOf(key);
    expect(seen.find((s) => s.step === "rollSkill")).toEqual({ step: "rollSkill", value: index("rollSkill"), max: total, text: `Step ${index("rollSkill") + 1} of ${total}: Roll a skill`, disabled: true });
    expect(seen.find((s) => s.step === "rollOdds")).toEqual({ step: "rollOdds", value: index("rollOdds"), max: total, text: `Step ${index("rollOdds") + 1} of ${total}: Roll a skill and check its odds`, disabled: true });
  });
});
