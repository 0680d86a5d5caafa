/**
 * The one roll-mode helper against both generations: v13 keeps `core.rollMode` and
 * `ChatMessage.applyRollMode`; v14 registers `core.messageMode` (public, gm, blind, self) and
 * `ChatMessage.applyMode` instead. v14 keeps the old setting deprecated (reading it warns);
 * the stub here throws on it, so any read of it on v14 fails the test.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyRollMode, currentRollMode, setRollMode, toRollMode, usesMessageModes } from "../../src/dice/roll-mode";

function install(generation: 13 | 14, stored: string) {
  const key = generation >= 14 ? "messageMode" : "rollMode";
  const values = new Map([[`core.${key}`, stored]]);
  const settings = {
    get: vi.fn((ns: string, k: string) => {
      if (!values.has(`${ns}.${k}`)) throw new Error(`"${ns}.${k}" is not a registered game setting`);
      return values.get(`${ns}.${k}`);
    }),
    set: vi.fn(async (ns: string, k: string, v: string) => {
      if (!values.has(`${ns}.${k}`)) throw new Error(`"${ns}.${k}" is not a registered game setting`);
      values.set(`${ns}.${k}`, v);
      return v;
    }),
  };
  const chat = generation >= 14
    ? { applyMode: vi.fn((data: Record<string, unknown>, mode: string) => Object.assign(data, { mode })) }
    : { applyRollMode: vi.fn((data: Record<string, unknown>, mode: string) => Object.assign(data, { mode })) };
  vi.stubGlobal("game", { release: { generation }, settings });
  vi.stubGlobal("ChatMessage", chat);
  return { settings, chat, values };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("roll mode helper", () => {
  it("reads and writes core.rollMode on v13 and applies it with applyRollMode", async () => {
    const { chat, values } = install(13, "gmroll");
    expect(usesMessageModes()).toBe(false);
    expect(currentRollMode()).toBe("gmroll");
    await setRollMode("blindroll");
    expect(values.get("core.rollMode")).toBe("blindroll");
    expect(applyRollMode({}, "selfroll")).toEqual({ mode: "selfroll" });
    expect((chat as { applyRollMode: unknown }).applyRollMode).toHaveBeenCalledOnce();
  });

  it("reads and writes core.messageMode on v14, never the old setting, and applies it with applyMode", async () => {
    const { settings, chat, values } = install(14, "blind");
    expect(usesMessageModes()).toBe(true);
    expect(currentRollMode()).toBe("blindroll");
    await setRollMode("gmroll");
    expect(values.get("core.messageMode")).toBe("gm");
    expect(settings.get.mock.calls.every(([, k]) => k === "messageMode")).toBe(true);
    expect(applyRollMode({}, "selfroll")).toEqual({ mode: "self" });
    expect((chat as { applyMode: unknown }).applyMode).toHaveBeenCalledOnce();
  });

  it("understands both vocabularies, and v14's in-character mode as public", () => {
    expect(["publicroll", "public", "gm", "blind", "self", "ic", "nonsense"].map(toRollMode))
      .toEqual(["publicroll", "publicroll", "gmroll", "blindroll", "selfroll", "publicroll", null]);
  });
});
