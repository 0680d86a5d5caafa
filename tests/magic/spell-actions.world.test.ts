/**
 * Spells in the sheet's combat action list (issue 11 item 3): magic's provider adds a "Spells"
 * group to `combatActionsFor` with each spell's counters and mana, disabled with the failed
 * casting check; a click on one (`data-provider="magic"`) casts it through `castSpell`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../world";
import { combatActionsFor, onCombatActionClick } from "../../src/combat/actions";
import { BRAM, GREATSWORD, ILINDE, SCENE_ID, SPELL_IDS, actorUuid, combatantUuid, doc, seedArena, setCounters, tokenId } from "./world-fixtures";

type Actions = ReturnType<typeof combatActionsFor>;
const ilinde = (client: WorldClient) => doc<Parameters<typeof combatActionsFor>[0] & { system: { mana: { value: number } }; update(c: object): Promise<unknown> }>(client, actorUuid(ILINDE));
const spells = (ctx: Actions) => ctx.groups.find((g) => g.key === "magic");
const spell = (ctx: Actions, id: string) => spells(ctx)?.actions.find((a) => a.itemId === id);

afterEach(() => clearQueuedFaces());

// Plays whole turns in a three-client world (GM and two players, packs loaded): seconds on a loaded machine.
describe("spells in the combat action list", { timeout: 20_000 }, () => {
  it("lists each spell with counters and mana, disabled with the failed check", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedArena(world);
    await setCounters(world, ILINDE, 3);
    const ctx = await world.as(alice, () => combatActionsFor(ilinde(alice)));
    const group = spells(ctx)!;
    expect(group.label).toBe("Spells");
    // After the attacks, before movement.
    expect(ctx.groups.map((g) => g.key).indexOf("magic")).toBe(ctx.groups.map((g) => g.key).indexOf("attack") + 1);
    expect(group.actions).toHaveLength(Object.keys(SPELL_IDS).length);
    const bolt = spell(ctx, SPELL_IDS["Fire Bolt"])!;
    expect(bolt).toMatchObject({ provider: "magic", key: "castSpell", disabled: false, reason: null });
    expect(bolt.label).toMatch(/^Fire Bolt \(\d+ mana\)$/);
    const fireball = spell(ctx, SPELL_IDS.Fireball)!;
    expect(fireball).toMatchObject({ costValue: 4, disabled: true, reason: "Fireball costs 4 counters; not enough are left." });

    // Two hands on a greatsword: every spell needs a free hand.
    await world.as(alice, () => ilinde(alice).update({ "system.equipped.mainHand": GREATSWORD, "system.equipped.offHand": GREATSWORD }));
    await world.settle();
    const held = await world.as(alice, () => combatActionsFor(ilinde(alice)));
    expect(spells(held)!.actions.every((a) => a.disabled && /free hand/.test(a.reason ?? ""))).toBe(true);
  });

  it("outside combat charges no counters but still checks mana", async () => {
    const world = await createWorld({ packs: false });
    const { alice } = await seedArena(world, { combat: false, mana: 3 });
    const ctx = await world.as(alice, () => combatActionsFor(ilinde(alice)));
    expect(spells(ctx)!.actions.every((a) => a.costValue === 0)).toBe(true);
    const ward = spell(ctx, SPELL_IDS.Ward)!;
    expect(ward).toMatchObject({ disabled: true, reason: "Ward costs 6 mana; only 3 left." });
    expect(spell(ctx, SPELL_IDS.Haste)!.disabled).toBe(false);
  });

  it("a shift-click casts the spell without the dialog, and a refused cast changes nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    const button = (id: string) => ({ dataset: { action: "combatAction", provider: "magic", key: "castSpell", itemId: id } }) as unknown as HTMLElement;
    const counters = () => doc<{ system: { counters: { available: number } } }>(gm, combatantUuid(ILINDE)).system.counters.available;
    // A plain click opens the casting dialog (tests/magic/cast-dialog.world.test.ts); shift casts with the last choices.
    const shift = { shiftKey: true } as unknown as PointerEvent;

    // No target: the cast's own refusal, nothing paid.
    expect(await world.as(alice, () => onCombatActionClick(ilinde(alice) as never, button(SPELL_IDS["Fire Bolt"]), shift))).toEqual({ ok: false });
    expect(alice.notifications.at(-1)?.message).toBe("Fire Bolt needs a target: target a token first.");
    expect(ilinde(gm).system.mana.value).toBe(30);
    expect(counters()).toBe(6);

    // Barrier on Bram, targeted by the user: counters and mana paid, the barrier on him.
    const scene = alice.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } };
    (alice.user as unknown as { targets: Set<unknown> }).targets.add(scene.tokens.get(tokenId(BRAM)));
    queueFaces(6, 6, 6, 6, 6, 6, 6, 6, 6);
    const result = await world.as(alice, () => onCombatActionClick(ilinde(alice) as never, button(SPELL_IDS.Barrier), shift));
    await world.settle();
    expect(result.ok).toBe(true);
    expect(ilinde(gm).system.mana.value).toBe(26);
    expect(counters()).toBe(4);
    expect(gm.game.messages.size).toBeGreaterThan(0);
  });
});
