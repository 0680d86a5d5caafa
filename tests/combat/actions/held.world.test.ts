/**
 * Issue 34 item 4 in the multi-user world: every action the list offers does what it costs.
 * Stow and Draw change what is held (`system.equipped`) in the same batch as the payment, and the
 * next cast and attack read it; the free-hand refusal names what is held and suggests Stow; a
 * refused action charges nothing; the actions the list no longer offers charge nothing either.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type WorldClient } from "../../world";
import { ADA, GRUSHA, RIFLE, SWORD, SCENE_ID, combatantUuid, doc, seedFight, tokenId } from "../attack/world-fixtures";
import { BRAM as MAGIC_BRAM, GREATSWORD, ILINDE, SPELL_IDS, actorUuid as magicActorUuid, combatantUuid as magicCombatantUuid, seedArena, tokenId as magicTokenId, SCENE_ID as MAGIC_SCENE } from "../../magic/world-fixtures";
import { combatActionsFor, performCombatAction } from "../../../src/combat/actions";
import type { ActingActor } from "../../../src/combat/actions/perform";
import { setReactionPrompt } from "../../../src/combat/attack/reactions";

type Equipped = { mainHand: string; offHand: string; shield: string };
type Live = ActingActor & {
  system: { equipped: Equipped; mana: { value: number } };
  statuses: Set<string>;
  items: { get(id: string): unknown } & Iterable<unknown>;
  update(changes: object): Promise<unknown>;
  castSpell(item: unknown, options?: object): Promise<unknown>;
  toggleStatusEffect(id: string, options?: object): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
};
const actorOf = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as Live;
const available = (client: WorldClient, uuid: string) => doc<{ system: { counters: { available: number } } }>(client, uuid).system.counters.available;
const lastMessage = (client: WorldClient) => client.notifications.at(-1)?.message;
const chatLines = (client: WorldClient) => [...(client.game.messages as Iterable<{ content: string }>)].map((m) => m.content);
type ActionsContext = ReturnType<typeof combatActionsFor>;
const find = (context: ActionsContext, key: string, weaponId?: string) => context.groups.flatMap((g) => g.actions).find((a) => a.key === key && (weaponId === undefined || a.weaponId === weaponId));

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
});

describe("Stow and Draw change what is held", { timeout: 20_000 }, () => {
  it("stowing the two-handed sword frees a hand for a spell; drawing it back refuses the spell, naming the sword", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedArena(world);
    const ilinde = () => actorOf(alice, ILINDE);
    const counters = () => available(gm, magicCombatantUuid(ILINDE));
    const cast = () => world.as(alice, () => ilinde().castSpell(ilinde().items.get(SPELL_IDS.Barrier), { targets: [magicActorUuid(MAGIC_BRAM)] }));
    await world.as(alice, () => ilinde().update({ "system.equipped.mainHand": GREATSWORD, "system.equipped.offHand": GREATSWORD }));
    await world.settle();

    const refusal = "Barrier cannot be cast: casting needs a free hand, and the hands hold Greatsword. Stow something first (the Stow action).";
    expect(await cast()).toBeNull();
    expect(lastMessage(alice)).toBe(refusal);
    expect(counters()).toBe(6);

    // The only thing held: Stow takes it without asking, pays 1 and empties both hands.
    const stow = await world.as(alice, () => performCombatAction(ilinde(), { key: "stow" }));
    await world.settle();
    expect(stow).toEqual({ ok: true, paid: 1 });
    expect(actorOf(gm, ILINDE).system.equipped).toMatchObject({ mainHand: "", offHand: "" });
    expect(counters()).toBe(5);
    expect(chatLines(gm).at(-1)).toContain("Greatsword");

    // The cast reads the free hands: it goes ahead (2 counters, 4 mana).
    const scene = alice.game.scenes.get(MAGIC_SCENE) as unknown as { tokens: { get(id: string): unknown } };
    (alice.user as unknown as { targets: Set<unknown> }).targets.add(scene.tokens.get(magicTokenId(MAGIC_BRAM)));
    queueFaces(6, 6, 6, 6, 6, 6, 6, 6, 6);
    expect(await cast()).not.toBeNull();
    await world.settle();
    expect(counters()).toBe(3);
    expect(actorOf(gm, ILINDE).system.mana.value).toBe(26);

    // Draw it back (the only thing to draw): both hands again, and the next cast is refused.
    const draw = await world.as(alice, () => performCombatAction(ilinde(), { key: "draw" }));
    await world.settle();
    expect(draw).toEqual({ ok: true, paid: 1 });
    expect(actorOf(gm, ILINDE).system.equipped).toMatchObject({ mainHand: GREATSWORD, offHand: GREATSWORD });
    expect(counters()).toBe(2);
    expect(await cast()).toBeNull();
    expect(lastMessage(alice)).toBe(refusal);
    expect(counters()).toBe(2);
  });

  it("the attacks read the held weapons; Draw into full hands is refused, names what is held and charges nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const ada = () => actorOf(alice, ADA);
    const counters = () => available(gm, combatantUuid(ADA));

    // Several things to draw and none chosen: asked to choose, nothing charged.
    expect(await world.as(alice, () => performCombatAction(ada(), { key: "draw" }))).toEqual({ ok: false });
    expect(lastMessage(alice)).toBe("Draw: choose which item; Ada has several.");
    // The rifle needs both hands and the longsword fills one: Stow first.
    expect(await world.as(alice, () => performCombatAction(ada(), { key: "draw", itemId: RIFLE }))).toEqual({ ok: false });
    expect(lastMessage(alice)).toBe("Ada cannot draw Assault Rifle: the hands it needs hold Longsword. Stow that first (the Stow action).");
    // Something not Ada's to draw (a forged id): refused.
    expect(await world.as(alice, () => performCombatAction(ada(), { key: "draw", itemId: "nope" }))).toEqual({ ok: false });
    await world.settle();
    expect(counters()).toBe(6);
    expect(actorOf(gm, ADA).system.equipped.mainHand).toBe(SWORD);

    // Stow the sword: its attack is now refused as not drawn, and nothing is charged for that.
    expect(await world.as(alice, () => performCombatAction(ada(), { key: "stow", itemId: SWORD }))).toEqual({ ok: true, paid: 1 });
    await world.settle();
    expect(actorOf(gm, ADA).system.equipped.mainHand).toBe("");
    expect(counters()).toBe(5);
    const stowed = await world.as(alice, () => combatActionsFor(ada()));
    expect(find(stowed, "attack", SWORD)).toMatchObject({ disabled: true, reason: "Not drawn" });
    expect(find(stowed, "stow")).toMatchObject({ disabled: true, reason: "Nothing held" });
    expect(await world.as(alice, () => performCombatAction(ada(), { key: "attack", weaponId: SWORD }))).toEqual({ ok: false });
    expect(counters()).toBe(5);

    // Draw the rifle: both hands, its attack open, and it fires.
    expect(await world.as(alice, () => performCombatAction(ada(), { key: "draw", itemId: RIFLE }))).toEqual({ ok: true, paid: 1 });
    await world.settle();
    expect(actorOf(gm, ADA).system.equipped).toMatchObject({ mainHand: RIFLE, offHand: RIFLE });
    expect(counters()).toBe(4);
    const drawn = await world.as(alice, () => combatActionsFor(ada()));
    expect(find(drawn, "attack", RIFLE)).toMatchObject({ disabled: false });
    setReactionPrompt(async () => "none");
    const grusha = (alice.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(GRUSHA));
    const shot = await world.as(alice, () => performCombatAction(ada(), { key: "attack", weaponId: RIFLE, attack: { targets: [grusha as never], skipDialog: true } }));
    await world.settle();
    expect(shot).toMatchObject({ ok: true, paid: 2 });
    expect(counters()).toBe(2);
  });

  it("outside combat Stow and Draw change what is held and charge nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world, { combat: false });
    expect(await world.as(alice, () => performCombatAction(actorOf(alice, ADA), { key: "stow" }))).toEqual({ ok: true, paid: 0 });
    await world.settle();
    expect(actorOf(gm, ADA).system.equipped.mainHand).toBe("");
  });
});

describe("every listed action has its effect; the others are not offered", { timeout: 20_000 }, () => {
  it("the list offers no action that would charge for nothing, and a forged one is refused without a charge", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const context = await world.as(alice, () => combatActionsFor(actorOf(alice, ADA)));
    const keys = new Set(context.groups.flatMap((g) => g.actions).map((a) => a.key));
    for (const key of ["dodge", "block", "drop", "pickUp", "feint", "disarm", "trip", "grapple", "crush", "piledrive", "shove", "firstAid", "channel", "drawAlchemy", "useAlchemy", "emplaceMine", "detonateMine"]) {
      expect(keys.has(key), key).toBe(false);
    }
    for (const key of ["step", "walk", "run", "draw", "stow", "stand", "dropProne", "prepare", "skillRoll", "stopDropRoll"]) expect(keys.has(key), key).toBe(true);
    expect(await world.as(alice, () => performCombatAction(actorOf(alice, ADA), { key: "feint" }))).toEqual({ ok: false });
    expect(lastMessage(alice)).toBe("Feint is not taken from the action list; nothing was charged.");
    await world.settle();
    expect(available(gm, combatantUuid(ADA))).toBe(6);
  });

  it("stop, drop and roll ends Burning; a skill roll rolls the chosen skill; a step pays and says to move the token", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const ada = () => actorOf(alice, ADA);
    const counters = () => available(gm, combatantUuid(ADA));
    await world.as(gm, () => actorOf(gm, ADA).toggleStatusEffect("burning", { active: true }));
    await world.settle();
    expect(actorOf(gm, ADA).statuses.has("burning")).toBe(true);
    expect(await world.as(alice, () => performCombatAction(ada(), { key: "stopDropRoll" }))).toEqual({ ok: true, paid: 4 });
    await world.settle();
    expect(actorOf(gm, ADA).statuses.has("burning")).toBe(false);
    expect(counters()).toBe(2);

    // No skill chosen: refused, nothing charged; then Agility rolled for 2.
    expect(await world.as(alice, () => performCombatAction(ada(), { key: "skillRoll" }))).toEqual({ ok: false });
    expect(lastMessage(alice)).toBe("Ada: choose a skill to roll.");
    expect(counters()).toBe(2);
    const before = gm.game.messages.size;
    queueFaces(6, 6, 6, 6, 6, 6, 6, 6, 6);
    expect(await world.as(alice, () => performCombatAction(ada(), { key: "skillRoll", skill: "agility", cost: 2, skipDialog: true }))).toEqual({ ok: true, paid: 2 });
    await world.settle();
    expect(counters()).toBe(0);
    // The action line and the roll's card.
    expect(gm.game.messages.size).toBe(before + 2);
    expect(chatLines(gm).some((c) => c.includes("Agility"))).toBe(true);
  });

  it("a step from the list is refused while the creature's token is in the combat (the token's move pays, ruling 170); Recall takes a returning weapon back into hand", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const ada = () => actorOf(alice, ADA);
    expect(await world.as(alice, () => performCombatAction(ada(), { key: "step" }))).toEqual({ ok: false });
    await world.settle();
    expect(String(lastMessage(alice))).toContain("drag");
    expect(available(gm, combatantUuid(ADA))).toBe(6);

    await world.as(alice, () => ada().createEmbeddedDocuments("Item", [
      { name: "Throwing Axe", type: "weapon", system: { category: "thrown", group: "axe", hands: "main", counters: 2, damage: { dice: 6, types: ["slashing"] } } },
    ]));
    await world.settle();
    const AXE = ([...ada().items] as { id: string; name: string }[]).find((i) => i.name === "Throwing Axe")!.id;
    await world.as(alice, () => ada().createEmbeddedDocuments("Item", [
      { name: "Returning", type: "enchantment", system: { target: "weapon", appliedTo: AXE }, flags: { clockwork: { magicItem: { action: { key: "recallWeapon", counters: 1 } } } } },
    ]));
    await world.as(alice, () => ada().update({ "system.equipped.mainHand": "" }));
    await world.settle();
    const recall = await world.as(alice, () => performCombatAction(ada(), { key: "recallWeapon" }));
    expect(recall, String(lastMessage(alice))).toEqual({ ok: true, paid: 1 });
    await world.settle();
    expect(actorOf(gm, ADA).system.equipped.mainHand).toBe(AXE);
    expect(available(gm, combatantUuid(ADA))).toBe(5);
  });
});
