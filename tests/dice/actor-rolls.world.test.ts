/**
 * The roll API in the test world (a GM and two players; the actors are plain test doubles, the
 * chat messages real world ChatMessages): requests become GainRolls with the right pool,
 * chat cards are rendered with the real templates in every roll mode, hooks can edit or cancel
 * a roll, and luck rerolls in the same message (Halflings keep the best).
 */
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import type { ChatMessage } from "../world/documents/chat-message";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { count, createRenderer } from "../applications/render-harness";
import { countGains, damageDealt, deathRollFatalWounds, markDice } from "../../src/rules";
import { ClockworkRollDialog } from "../../src/dice/roll-dialog";
import {
  rollAttack, rollDamage, rollDeath, rollFlat, rollSkill,
} from "../../src/dice/actor-rolls";
import * as actorRolls from "../../src/dice/actor-rolls";
import { onRenderChatMessageHTML, rollFlags, type RollMessage } from "../../src/dice/chat";
import { GainRoll } from "../../src/dice/gain-roll";
import { refreshLuck, spendLuck } from "../../src/dice/luck";
import { registerRollClasses } from "../../src/dice/registry";
import { registerDiceSettings } from "../../src/dice/settings";
import { fakeActor, item, type FakeActor } from "./fake-actor";

let world: World;
let gm: WorldClient;
/** The GM client's chat log, oldest first. */
let messages: ChatMessage[];
const known = new Map<string, FakeActor>();

beforeEach(async () => {
  world = await createWorld({ packs: false, system: false });
  gm = world.gm;
  clearQueuedFaces();
  messages = [];
  gm.Hooks.on("createChatMessage", ((message: ChatMessage) => void messages.push(message)) as never);
  for (const client of world.clients) client.run(() => {
    registerRollClasses();
    registerDiceSettings();
  });
  const renderer = createRenderer();
  foundry.applications.handlebars.renderTemplate = (async (path: string, context: object) => renderer.render(path, context)) as never;
  known.clear();
  (globalThis as unknown as { fromUuidSync: (uuid: string) => unknown }).fromUuidSync = (uuid: string) => known.get(uuid) ?? null;
});

/** The actor as dying (a death roll needs it, issue 18). */
function dying(actor: FakeActor): FakeActor {
  actor.system.health!.dying = true;
  return actor;
}

function actorWith(options: Parameters<typeof fakeActor>[0] = {}): FakeActor {
  const actor = fakeActor(options);
  known.set(actor.uuid, actor);
  return actor;
}

const lastMessage = (): ChatMessage & RollMessage => messages.at(-1) as unknown as ChatMessage & RollMessage;
const gainRolls = (message: RollMessage): GainRoll[] => message.rolls as unknown as GainRoll[];
const marksIn = (html: string) => [...html.matchAll(/data-mark="(\w+)"/g)].map((m) => m[1]);

describe("rollSkill", () => {
  it("rolls the skill's pool against its rank and posts a card that marks every die", async () => {
    const actor = actorWith({ ranks: { strength: 7 }, bonus: ["strength"] });
    const faces = [1, 5, 12, 6, 5, 8, 7, 2, 9];
    queueFaces(...faces);
    const roll = await rollSkill(actor, "strength", { skipDialog: true, difficulty: "normal" });
    expect(roll).toBeInstanceOf(GainRoll);
    expect(roll?.formula).toBe("9d12");
    expect(roll?.gains).toBe(countGains(faces, 7));
    expect(messages).toHaveLength(1);
    const message = lastMessage();
    expect(message.rolls[0]).toBeInstanceOf(GainRoll);
    expect(rollFlags(message)).toEqual({ kind: "gain", rollMode: "publicroll", actorUuid: actor.uuid, luck: { spent: 0, keepBest: false } });
    expect(marksIn(message.content)).toEqual(markDice(faces, 7));
    expect(message.content).toContain(`data-gains="${countGains(faces, 7)}"`);
    expect(message.content).toContain("Success");
    expect(message.speaker).toMatchObject({ alias: "Ada" });
  });

  it("whispers GM rolls to the GMs and blinds blind rolls", async () => {
    const actor = actorWith();
    queueFaces(5, 5, 5, 5, 5, 5, 5, 5);
    await rollSkill(actor, "agility", { skipDialog: true, rollMode: "blindroll" });
    expect(lastMessage()).toMatchObject({ whisper: [gm.userId], blind: true });
    expect(rollFlags(lastMessage())?.rollMode).toBe("blindroll");
    queueFaces(5, 5, 5, 5, 5, 5, 5, 5);
    await rollSkill(actor, "agility", { skipDialog: true, rollMode: "gmroll" });
    expect(lastMessage()).toMatchObject({ whisper: [gm.userId], blind: false });
  });

  it("applies the roll mode once: to the message data, with no rollMode option for core to apply again", async () => {
    const statics = (globalThis as unknown as { ChatMessage: unknown }).ChatMessage as { applyRollMode(data: object, mode: string): object; applyMode?(data: object, mode: string): object; implementation: { create(data: object, options?: object): Promise<unknown> } };
    // v14 renamed it `applyMode` (src/dice/roll-mode.ts): one of the two is called, once.
    const applyRollMode = vi.spyOn(statics, "applyRollMode");
    const applyMode = typeof statics.applyMode === "function" ? vi.spyOn(statics as { applyMode(data: object, mode: string): object }, "applyMode") : null;
    const create = vi.spyOn(statics.implementation, "create");
    await rollSkill(actorWith(), "will", { skipDialog: true, rollMode: "gmroll" });
    expect(applyRollMode.mock.calls.length + (applyMode?.mock.calls.length ?? 0)).toBe(1);
    expect(create).toHaveBeenCalledOnce();
    const options = (create.mock.calls[0][1] ?? {}) as Record<string, unknown>;
    expect(options).not.toHaveProperty("rollMode");
    expect(options).not.toHaveProperty("messageMode");
    applyRollMode.mockRestore();
    applyMode?.mockRestore();
    create.mockRestore();
  });

  it("uses the user's roll mode from the core setting by default", async () => {
    await game.settings!.set("core", "rollMode", "selfroll" as never);
    await rollSkill(actorWith(), "will", { skipDialog: true });
    expect(lastMessage().whisper).toEqual([game.user!.id]);
  });

  it("opens the dialog unless skipped, and rolls what the dialog returns", async () => {
    const prompt = vi.spyOn(ClockworkRollDialog, "prompt").mockImplementation(async (request) => ({ ...request, situational: -3 }));
    const roll = await rollSkill(actorWith(), "strength", {});
    expect(prompt).toHaveBeenCalledOnce();
    expect(roll?.formula).toBe("5d12");
    prompt.mockResolvedValueOnce(null);
    expect(await rollSkill(actorWith(), "strength", {})).toBeNull();
    expect(messages).toHaveLength(1);
    await rollSkill(actorWith(), "strength", { event: { shiftKey: true } });
    expect(prompt).toHaveBeenCalledTimes(2);
    prompt.mockRestore();
  });

  it("lets clockwork.preRoll edit the request or cancel, and reports clockwork.roll", async () => {
    const seen: unknown[] = [];
    const preRoll = Hooks.on("clockwork.preRoll" as never, ((_actor: unknown, request: { situational: number }) => { request.situational = 2; }) as never);
    const rolled = Hooks.on("clockwork.roll" as never, ((...args: unknown[]) => seen.push(args)) as never);
    const actor = actorWith();
    const roll = await rollSkill(actor, "strength", { skipDialog: true });
    expect(roll?.formula).toBe("10d12");
    expect(seen).toEqual([[actor, roll, lastMessage()]]);
    Hooks.off("clockwork.preRoll" as never, preRoll);
    Hooks.on("clockwork.preRoll" as never, (() => false) as never);
    expect(await rollSkill(actor, "strength", { skipDialog: true })).toBeNull();
    expect(messages).toHaveLength(1);
    Hooks.off("clockwork.roll" as never, rolled);
  });

  it("refuses a misspelt skill with a localized notification and no roll", async () => {
    expect(await rollSkill(actorWith(), "strenght", { skipDialog: true })).toBeNull();
    expect(messages).toHaveLength(0);
    expect(gm.notifications.at(-1)?.type).toBe("error");
    expect(gm.notifications.at(-1)?.message).toMatch(/^Cannot roll: skill must be one of .*got "strenght"/);
  });
});

describe("other rolls", () => {
  it("rollAttack rolls a weapon's pool with its group's focus", async () => {
    const axe = item("wAxe", "Axe", "weapon", { category: "melee", group: "axe" });
    const focus = item("fAxe", "Axe Fighter", "focus", { skill: "strength", weaponGroup: "axe" });
    const roll = await rollAttack(actorWith({ ranks: { strength: 7 }, items: [focus, axe] }), axe, { skipDialog: true, defense: 3 });
    expect(roll?.formula).toBe("9d12");
    expect(roll?.settings).toMatchObject({ threshold: 7, needed: 3, difficulty: "defense", subject: { kind: "attack", itemName: "Axe" } });
    expect(lastMessage().content).toContain("Axe");
  });

  it("rollFlat keeps the better of two when asked", async () => {
    queueFaces(4, 8);
    const roll = await rollFlat(actorWith(), 7, { keepBetter: true, label: "Burning" });
    expect(roll?.face).toBe(8);
    expect(roll?.success).toBe(true);
    expect(marksIn(lastMessage().content)).toEqual(["dropped", "gain"]);
  });

  it("rollDeath counts Diehard and adds the fatal wounds, killing when they exceed grit", async () => {
    const faces = [1, 12, 4, 8, 6, 12];
    const tough = dying(actorWith({ wounds: 2, grit: 5, items: [item("d", "Diehard", "feature", { identifier: "diehard" })] }));
    queueFaces(...faces);
    const roll = await rollDeath(tough);
    expect(roll?.fatalWounds).toBe(deathRollFatalWounds(faces, { diehard: true }));
    expect(tough.updates.at(-1)).toEqual({ "system.health.wounds": 2, "system.health.dead": false, "system.health.dying": true });
    const frail = dying(actorWith({ wounds: 4, grit: 5 }));
    queueFaces(1, 1, 2, 9, 9, 9);
    await rollDeath(frail);
    expect(frail.updates.at(-1)).toMatchObject({ "system.health.wounds": 9, "system.health.dead": true });
    expect(lastMessage().content).toContain("Wounds exceed grit: dead");
    const untouched = dying(actorWith({ wounds: 1 }));
    await rollDeath(untouched, { apply: false });
    expect(untouched.updates).toEqual([]);
    // Only a dying creature rolls (issue 18): a healthy one is refused with a message.
    const healthy = actorWith({ wounds: 1 });
    expect(await rollDeath(healthy)).toBeNull();
    expect(healthy.updates).toEqual([]);
  });

  it("rollDamage counts one roll against each given target", async () => {
    const axe = item("wAxe", "Battleaxe", "weapon", { category: "melee", damage: { dice: 4, types: ["slashing"] } });
    const faces = [12, 6, 3, 1];
    const targets = [{ name: "Orc", species: 3, armor: 3, hit: true }, { name: "Rat", species: 2, armor: 0, hit: true }];
    queueFaces(...faces);
    const roll = await rollDamage(actorWith(), axe, { targets });
    expect(roll?.targetResults.map((r) => r.total)).toEqual(targets.map((t) => damageDealt(faces, t)));
    expect(roll?.settings).toMatchObject({ damageType: "slashing", armorPiercing: false, aoe: false, itemName: "Battleaxe" });
    expect(lastMessage().content).toContain("Orc");
    expect(await rollDamage(actorWith(), item("s", "Shield", "weapon", {}), {})).toBeNull();
  });
});

describe("luck", () => {
  async function rolled(actor: FakeActor, faces: number[]): Promise<ChatMessage & RollMessage> {
    queueFaces(...faces);
    await rollSkill(actor, "strength", { skipDialog: true, difficulty: "easy" });
    return lastMessage();
  }

  it("rerolls in the same message, marks the old dice discarded, and the new result stands even if worse", async () => {
    const actor = actorWith({ ranks: { strength: 7 } });
    const message = await rolled(actor, [12, 12, 9, 9, 9, 9, 9, 9]);
    queueFaces(1, 1, 2, 2, 2, 2, 2, 2);
    const reroll = (await spendLuck(message)) as GainRoll | null;
    expect(reroll?.gains).toBe(0);
    expect(messages).toHaveLength(1);
    expect(gainRolls(message).map((r) => r.discarded)).toEqual([true, false]);
    expect(gainRolls(message).map((r) => r.gains)).toEqual([10, 0]);
    expect(rollFlags(message)?.luck).toEqual({ spent: 1, keepBest: false });
    expect(actor.system.luck?.value).toBe(2);
    expect(count(message.content, "cw-attempt is-discarded")).toBe(1);
    expect(message.content).toContain("Failure");
    expect(message.content).not.toContain('data-cw-action="spendLuck"');
  });

  it("does not reroll when the payment is refused (Foundry resolves undefined, it does not throw)", async () => {
    const actor = actorWith();
    const message = await rolled(actor, [5, 5, 5, 5, 5, 5, 5, 5]);
    const content = message.content;
    actor.update = async (changes) => { actor.updates.push(changes); return undefined as never; };
    expect(await spendLuck(message)).toBeNull();
    expect(message.rolls).toHaveLength(1);
    expect(rollFlags(message)?.luck.spent).toBe(0);
    expect(message.content).toBe(content);
    expect(gm.notifications.at(-1)).toMatchObject({ type: "warn", message: "Ada's luck could not be spent, so the roll stands." });
  });

  it("allows one luck per roll for everyone but Halflings", async () => {
    const actor = actorWith();
    const message = await rolled(actor, [5, 5, 5, 5, 5, 5, 5, 5]);
    await spendLuck(message);
    expect(await spendLuck(message)).toBeNull();
    expect(gm.notifications.at(-1)?.message).toBe("Luck was already spent on this roll.");
    expect(message.rolls).toHaveLength(2);
    expect(actor.system.luck?.value).toBe(2);
  });

  it("lets a Halfling spend several and keep the best", async () => {
    const halfling = actorWith({ ranks: { strength: 7 }, items: [item("h", "Halfling", "species", { luckKeepBest: true })] });
    const message = await rolled(halfling, [9, 9, 2, 2, 2, 2, 2, 2]);
    queueFaces(12, 12, 12, 2, 2, 2, 2, 2);
    await spendLuck(message);
    queueFaces(9, 2, 2, 2, 2, 2, 2, 2);
    await spendLuck(message);
    const gains = gainRolls(message).map((r) => r.gains);
    expect(gains).toEqual([2, 6, 1]);
    expect(gainRolls(message).map((r) => r.discarded)).toEqual([true, false, true]);
    expect(halfling.system.luck?.value).toBe(1);
    expect(rollFlags(message)?.luck).toEqual({ spent: 2, keepBest: true });
    expect(message.content).toContain('data-gains="6"');
    expect(message.content).toContain('data-cw-action="spendLuck"');
  });

  it("needs luck left, and the user must own the message and the character", async () => {
    const broke = actorWith({ luck: 0 });
    const message = await rolled(broke, [5, 5, 5, 5, 5, 5, 5, 5]);
    expect(await spendLuck(message)).toBeNull();
    expect(gm.notifications.at(-1)?.message).toBe("Ada has no luck left this session.");
    const other = actorWith();
    other.isOwner = false;
    const theirs = await rolled(other, [5, 5, 5, 5, 5, 5, 5, 5]);
    expect(await spendLuck(theirs)).toBeNull();
    expect(gm.notifications.at(-1)?.message).toMatch(/^Only the owner/);
    expect(theirs.rolls).toHaveLength(1);
  });

  it("a luck reroll of a death roll rewrites the wounds from where they stood, and can undo a death", async () => {
    const actor = dying(actorWith({ wounds: 4, grit: 5 }));
    queueFaces(1, 1, 2, 9, 9, 9);
    await rollDeath(actor);
    expect(actor.system.health).toMatchObject({ wounds: 9, dead: true, dying: false });
    queueFaces(8, 9, 10, 11, 12, 7);
    await spendLuck(lastMessage());
    expect(actor.system.health).toMatchObject({ wounds: 4 + deathRollFatalWounds([8, 9, 10, 11, 12, 7]), dead: false, dying: true });
    expect(lastMessage().content).toContain("Still dying");
  });

  it("refreshLuck sets every character back to 3, GM only", async () => {
    const a = fakeActor({ luck: 0 });
    const b = fakeActor({ luck: 3 });
    const npc = { ...fakeActor({ luck: 1 }), type: "npc" };
    const actors = game.actors as unknown as Map<string, unknown>;
    actors.set("a", a).set("b", b).set("n", npc);
    // One batched update, as core's updateDocuments: each change lands on its actor.
    const batches: object[][] = [];
    // The configured Actor class (core's Actor.implementation is CONFIG.Actor.documentClass) records the batch.
    const configured = CONFIG.Actor.documentClass;
    CONFIG.Actor.documentClass = {
      async updateDocuments(updates: { _id: string; "system.luck.value": number }[]) {
        batches.push(updates);
        return updates.map((u) => { a.system.luck!.value = u["system.luck.value"]; return a; });
      },
    } as never;
    onTestFinished(() => { CONFIG.Actor.documentClass = configured; });
    expect(await world.as(world.player("Alice"), () => refreshLuck())).toBe(0);
    expect(a.system.luck?.value).toBe(0);
    expect(await refreshLuck()).toBe(1);
    expect(batches).toEqual([[{ _id: a.id, "system.luck.value": 3 }]]);
    expect(a.system.luck?.value).toBe(3);
    expect(npc.system.luck?.value).toBe(1);
    expect(gm.notifications.at(-1)?.message).toBe("Luck refreshed for 2 characters.");
  });
});

/** Just enough of an element for the chat hook: a content node and the luck button. */
function fakeMessageElement(withButton: boolean) {
  const content = { innerHTML: "<p>???</p>" };
  const button = {
    disabled: false, removed: false, listeners: [] as ((event: { preventDefault(): void }) => void)[],
    remove() { this.removed = true; },
    addEventListener(_type: string, fn: (event: { preventDefault(): void }) => void) { this.listeners.push(fn); },
  };
  const html = {
    querySelector: (selector: string) => (selector === ".message-content" ? content : selector.includes("spendLuck") && withButton ? button : null),
  };
  return { html: html as unknown as HTMLElement, content, button };
}

describe("chat hook", () => {
  it("shows the blind roller a summary without the dice, and other players only that a roll was made", async () => {
    const actor = actorWith();
    const alice = world.player("Alice");
    const bob = world.player("Bob");
    queueFaces(5, 5, 5, 5, 5, 5, 5, 5);
    await world.as(alice, () => rollSkill(actor, "strength", { skipDialog: true, rollMode: "blindroll" }));
    await world.settle();
    const id = lastMessage().id as string;
    const own = fakeMessageElement(false);
    await world.as(alice, () => onRenderChatMessageHTML(alice.game.messages.get(id), own.html, spendLuck));
    await world.settle();
    expect(own.content.innerHTML).toContain('data-visibility="summary"');
    expect(own.content.innerHTML).not.toContain("cw-roll-die");
    expect(own.content.innerHTML).toContain("Strength");
    const other = fakeMessageElement(false);
    await world.as(bob, () => onRenderChatMessageHTML(bob.game.messages.get(id), other.html, spendLuck));
    await world.settle();
    expect(other.content.innerHTML).toContain('data-visibility="hidden"');
    expect(other.content.innerHTML).not.toContain("Strength");
  });

  it("keeps the luck button for the owner and removes it for everyone else", async () => {
    const actor = actorWith();
    await rollSkill(actor, "strength", { skipDialog: true });
    const message = lastMessage();
    const owner = fakeMessageElement(true);
    onRenderChatMessageHTML(message, owner.html, spendLuck);
    expect(owner.button.removed).toBe(false);
    expect(owner.button.listeners).toHaveLength(1);
    actor.isOwner = false;
    const stranger = fakeMessageElement(true);
    onRenderChatMessageHTML(message, stranger.html, spendLuck);
    expect(stranger.button.removed).toBe(true);
  });

  it("clicking the button spends luck on that message", async () => {
    const actor = actorWith();
    await rollSkill(actor, "strength", { skipDialog: true });
    const message = lastMessage();
    const el = fakeMessageElement(true);
    const spend = vi.fn(async () => null);
    onRenderChatMessageHTML(message, el.html, spend);
    el.button.listeners[0]({ preventDefault() {} });
    expect(spend).toHaveBeenCalledWith(message);
  });
});

describe("the roll API ClockworkActor delegates to", () => {
  it("rolls for the actor passed first; casting is magic's, not the dice layer's", async () => {
    const roll = await rollSkill(actorWith({ ranks: { will: 8 } }), "will", { skipDialog: true });
    expect(roll?.threshold).toBe(8);
    expect(typeof actorRolls.rollDeath).toBe("function");
    expect("castSpell" in actorRolls).toBe(false);
  });
});
