/**
 * Issue 10 items 4 and 11 in the multi-user world: the sheet's action list (costs from the rules
 * core's table, what cannot be paid disabled with the reason, nothing charged outside combat),
 * taking an action (counters through the relay, Prone toggled), and species attacks read from the
 * species pack's structured data.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, type WorldClient } from "../../world";
import { ADA, GRUSHA, SWORD, combatantUuid, doc, seedFight, tokenId, SCENE_ID } from "../attack/world-fixtures";
import { combatActionsFor, performCombatAction } from "../../../src/combat/actions";
import type { ActingActor } from "../../../src/combat/actions/perform";
import { setReactionPrompt } from "../../../src/combat/attack/reactions";

type ActionsContext = ReturnType<typeof combatActionsFor>;
const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActingActor & { statuses: Set<string>; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> };
const counters = (client: WorldClient, id: string) => doc<{ system: { counters: Record<string, number | boolean> } }>(client, combatantUuid(id)).system.counters;
const find = (context: ActionsContext, key: string, weaponId?: string) => context.groups.flatMap((g) => g.actions).find((a) => a.key === key && (weaponId === undefined || a.weaponId === weaponId));

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
});

describe("combat actions", { timeout: 20_000 }, () => {
  it("lists the actions with their costs now; what cannot be paid is disabled with the reason", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedFight(world, { counters: { [ADA]: { available: 1, reserved: 0, hadTurn: true, passed: false } } });
    const context = await world.as(alice, () => combatActionsFor(actor(alice, ADA)));
    expect(context.inCombat).toBe(true);
    expect(context.summary).toBe("1 counters this turn, 0 reserved.");
    expect(context.groups.map((g) => g.key)).toEqual(["attack", "move", "defense", "equipment", "other"]);
    const sword = find(context, "attack", SWORD)!;
    expect(sword).toMatchObject({ label: "Attack: Longsword", cost: "2", disabled: true, reason: "Not enough counters" });
    expect(find(context, "step")).toMatchObject({ cost: "1", disabled: false, reason: null });
    expect(find(context, "stand")).toMatchObject({ disabled: true, reason: "Not prone" });
    expect(find(context, "skillRoll")).toMatchObject({ cost: "2+" });
  });

  it("after passing only reactions stay open", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedFight(world, { counters: { [ADA]: { available: 0, reserved: 3, hadTurn: true, passed: true } } });
    const context = await world.as(alice, () => combatActionsFor(actor(alice, ADA)));
    expect(find(context, "step")).toMatchObject({ disabled: true, reason: "Passed: reactions only" });
    // Dodge and block are taken in the attack's reaction prompt, not from the list (docs/rulings.md 171).
    expect(find(context, "dodge")).toBeUndefined();
  });

  it("outside combat nothing is charged", async () => {
    const world = await createWorld({ packs: false });
    const { alice, gm } = await seedFight(world, { combat: false });
    const context = await world.as(alice, () => combatActionsFor(actor(alice, ADA)));
    expect(context.inCombat).toBe(false);
    expect(context.summary).toBe("Not in a running combat: nothing is charged.");
    expect(find(context, "attack", SWORD)).toMatchObject({ cost: "0", disabled: false });
    const result = await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "dropProne" }));
    await world.settle();
    expect(result).toMatchObject({ ok: true, paid: 0 });
    expect(actor(gm, ADA).statuses.has("prone")).toBe(true);
  });

  it("dropping prone pays 1 counter and adds Prone; standing pays 1 and removes it", async () => {
    const world = await createWorld({ packs: false });
    const { alice, gm } = await seedFight(world);
    await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "dropProne" }));
    await world.settle();
    expect(counters(gm, ADA)).toMatchObject({ available: 5 });
    expect(actor(gm, ADA).statuses.has("prone")).toBe(true);
    const prone = await world.as(alice, () => combatActionsFor(actor(alice, ADA)));
    expect(find(prone, "attack", SWORD)).toMatchObject({ disabled: true, reason: "Prone" });
    await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "stand" }));
    await world.settle();
    expect(counters(gm, ADA)).toMatchObject({ available: 4 });
    expect(actor(gm, ADA).statuses.has("prone")).toBe(false);
  });

  it("an action one cannot pay for gets a localized warning and changes nothing", async () => {
    const world = await createWorld({ packs: false });
    const { alice, gm } = await seedFight(world, { counters: { [ADA]: { available: 0, reserved: 0, hadTurn: true, passed: false } } });
    const result = await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "dropProne" }));
    await world.settle();
    expect(result.ok).toBe(false);
    expect(alice.notifications.at(-1)).toEqual({ type: "warn", message: "Ada does not have enough counters left for that." });
    expect(actor(gm, ADA).statuses.has("prone")).toBe(false);
    expect(counters(gm, ADA)).toMatchObject({ available: 0 });
  });

  it("the weapon's attack button runs the attack workflow", async () => {
    const world = await createWorld({ packs: false });
    const { alice, gm } = await seedFight(world);
    setReactionPrompt(async () => "none");
    const grusha = (alice.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(GRUSHA));
    const result = await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "attack", weaponId: SWORD, attack: { targets: [grusha as never], skipDialog: true } }));
    await world.settle();
    expect(result).toMatchObject({ ok: true, paid: 2 });
    expect(counters(gm, ADA)).toMatchObject({ available: 4 });
  });

  it("species attacks come from the species pack: a Satyr's horns join the attacks, a Dragonkin's breath waits for its recharge", async () => {
    const world = await createWorld();
    const { alice, gm } = await seedFight(world);
    setReactionPrompt(async () => "none");
    const pack = gm.game.packs.get("clockwork.species")!;
    const satyr = (await pack.getDocuments()).find((d) => (d as unknown as { name: string }).name === "Satyrs") as unknown as { toObject(): object };
    const dragonkin = (await pack.getDocuments()).find((d) => (d as unknown as { name: string }).name === "Dragonkin") as unknown as { toObject(): object };
    await world.as(alice, () => actor(alice, ADA).createEmbeddedDocuments("Item", [satyr.toObject()]));
    await world.settle();
    const context = await world.as(alice, () => combatActionsFor(actor(alice, ADA)));
    const horns = context.groups.flatMap((g) => g.actions).find((a) => a.speciesAttack === "satyrHorns")!;
    expect(horns).toMatchObject({ label: "Horn gore", cost: "2", disabled: false });
    const grusha = (alice.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(GRUSHA));
    const gore = await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "attack", speciesAttack: "satyrHorns", attack: { targets: [grusha as never], skipDialog: true } }));
    await world.settle();
    expect(gore.ok).toBe(true);
    if (gore.ok) expect(gore.attack?.data).toMatchObject({ itemName: "Horn gore", damageType: "piercing" });

    // A Dragonkin: the breath is a cone-3 area on Body / Stamina; used once, it waits for a Flat 10.
    const [drakeId] = await world.seed("Actor", [{ name: "Drake", type: "character", ownership: { default: 0, [alice.userId]: 3 }, items: [dragonkin.toObject()] }]);
    const drake = actor(alice, drakeId);
    const before = await world.as(alice, () => combatActionsFor(drake));
    expect(before.groups.flatMap((g) => g.actions).find((a) => a.key === "dragonkinBreath")).toMatchObject({ label: "Breath weapon", cost: "0" });
    const breath = await world.as(alice, () => performCombatAction(drake, { key: "dragonkinBreath", speciesAttack: "dragonkinBreath", attack: { targets: [grusha as never], skipDialog: true } }));
    await world.settle();
    expect(breath.ok).toBe(true);
    if (breath.ok) {
      expect(breath.attack?.data).toMatchObject({ mode: "area", damageType: "energy" });
    }
    // Marked with the round it was used in: its Flat 10 rolls from the end of its next turn (RULING 68).
    expect((actor(gm, drakeId).flags?.clockwork as { speciesSpent?: Record<string, unknown> }).speciesSpent).toEqual({ dragonkinBreath: 1 });
    const after = await world.as(alice, () => combatActionsFor(actor(alice, drakeId)));
    expect(after.groups.flatMap((g) => g.actions).find((a) => a.key === "dragonkinBreath")).toMatchObject({ disabled: true });
  });
});
