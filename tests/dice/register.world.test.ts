/** registerDice: roll classes, the odds setting, the chat, scene-control and Dice So Nice hooks. */
import { clearQueuedFaces, createWorld, Roll as WorldRoll, type World } from "../world";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { config, diceApi, registerDice } from "../../src/dice";
import { oddsVisibility } from "../../src/dice/settings";
import { animateRoll, configureDiceSoNice, DSN_D12_LABELS, type Dice3D } from "../../src/dice/dice-so-nice";

/** The typed hook table knows core hooks in their own shapes; tests call them loosely. */
const callAll = (hook: string, ...args: unknown[]) => (Hooks as unknown as { callAll(h: string, ...a: unknown[]): void }).callAll(hook, ...args);

let world: World;
beforeEach(async () => {
  world = await createWorld({ packs: false, system: false, users: [{ name: "Gamemaster", role: "gm" }, { name: "Alice", role: "player" }] });
  clearQueuedFaces();
});

function fakeDice3d(): Dice3D & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    addSystem: (system) => void calls.push(`system:${system.id}`),
    addColorset: (colorset) => void calls.push(`colorset:${String(colorset.name)}:${String(colorset.description)}`),
    addDicePreset: (preset) => void calls.push(`preset:${preset.type}:${preset.system}:${preset.labels.length}`),
    showForRoll: vi.fn(async () => true),
  };
}

describe("registerDice", () => {
  it("registers the four roll classes once each, after Foundry's Roll", () => {
    registerDice();
    registerDice();
    expect(CONFIG.Dice.rolls).toEqual([WorldRoll, ...Object.values(config)]);
    expect(Object.values(config).map((c) => c.name)).toEqual(["GainRoll", "FlatRoll", "DamageRoll", "DeathRoll"]);
    expect(diceApi.rolls.GainRoll).toBe(config.gain);
  });

  it("registers the odds setting, everyone by default", () => {
    registerDice();
    expect(oddsVisibility()).toBe("all");
  });

  it("adds the luck refresh to the token controls for the GM only", async () => {
    registerDice();
    const controls = { tokens: { tools: {} as Record<string, { button?: boolean; title?: string }> } };
    callAll("getSceneControlButtons", controls);
    expect(controls.tokens.tools.clockworkRefreshLuck).toMatchObject({ button: true, title: "CLOCKWORK.Luck.RefreshTool" });
    const player = { tokens: { tools: {} as Record<string, unknown> } };
    await world.as(world.player("Alice"), () => {
      registerDice();
      callAll("getSceneControlButtons", player);
    });
    expect(player.tokens.tools).toEqual({});
  });

  it("sets up the ClockWork d12 when Dice So Nice is ready, with localized names", async () => {
    registerDice();
    const dice3d = fakeDice3d();
    callAll("diceSoNiceReady", dice3d);
    await world.settle();
    expect(dice3d.calls).toHaveLength(3);
    expect(dice3d.calls).toEqual(["system:clockwork", "colorset:clockwork:ClockWork brass", `preset:d12:clockwork:${DSN_D12_LABELS.length}`]);
  });
});

describe("Dice So Nice", () => {
  it("animates a luck reroll only when the module is active, with the message's privacy", async () => {
    const message = { id: "m1", whisper: ["gm"], blind: true, speaker: { alias: "Ada" } };
    await expect(animateRoll({}, message)).resolves.toBeUndefined();
    const dice3d = fakeDice3d();
    (game as unknown as { dice3d: Dice3D }).dice3d = dice3d;
    const roll = {};
    await animateRoll(roll, message);
    expect(dice3d.showForRoll).toHaveBeenCalledWith(roll, game.user, true, ["gm"], true, "m1", { alias: "Ada" });
    configureDiceSoNice(dice3d);
    expect(dice3d.calls[0]).toBe("system:clockwork");
  });
});
