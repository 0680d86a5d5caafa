/**
 * Issue 11 item 6 in the multi-user world: the Spiked Shield's damage on a melee attacker, a
 * Reflective Shield turning an energy roll onto an adjacent creature, Acid's persistent damage on
 * a proc, and falls (prevented by Feather Fall, deadly on the last vital), each through the GM
 * relay where the user does not own the creature (docs/rulings.md 128–131).
 */
import { afterEach, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../../world";
import { ADA, BRAM, GRUSHA, MINION, SCENE_ID, SHIELD, SWORD, actorUuid, doc, seedFight, tokenId } from "./world-fixtures";
import { setReactionPrompt } from "../../../src/combat/attack/reactions";
import { attackData, cardFor, renderAttackCard, viewerFor, type AttackMessage } from "../../../src/combat/attack/chat";
import { applyAttackCard, undoAttackCard } from "../../../src/combat/attack/apply";
import { redirectAttackDamage, setRedirectChooser } from "../../../src/combat/attack/redirect";
import { fall } from "../../../src/combat/fall";
import { recomputeCard } from "../../../src/combat/attack/recompute";
import type { AttackOutcome } from "../../../src/combat/attack/workflow";

type Health = { hits: number; wounds: number; vitalsLost: number; vitalsMax: number; dying: boolean; dead: boolean; grit: number };
type ActorDoc = { items: { get(id: string): unknown }; statuses: Set<string>; attack(item: unknown, options?: object): Promise<AttackOutcome | null>; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown>; update(d: object): Promise<unknown> };

const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc;
const token = (client: WorldClient, actorId: string) => (client.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(actorId));
const health = (client: WorldClient, id: string) => doc<{ system: { health: Health } }>(client, actorUuid(id)).system.health;
const messages = (client: WorldClient) => client.game.messages.contents as unknown as (AttackMessage & { content: string })[];

const enchantment = (name: string, appliedTo: string, magicItem: object) => ({ name, type: "enchantment", system: { appliedTo, target: "armor", gains: 4 }, flags: { clockwork: { magicItem } } });

async function give(world: World, actorId: string, items: object[]): Promise<void> {
  await world.as(world.gm, () => actor(world.gm, actorId).createEmbeddedDocuments("Item", items));
  await world.settle();
}

afterEach(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
  setRedirectChooser(null);
});

describe("Spiked Shield (docs/rulings.md 128)", () => {
  it("a melee hit on the wearer deals its piercing roll to the attacker with Apply; Undo restores both; hidden numbers stay hidden", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedFight(world);
    await give(world, BRAM, [enchantment("Spiked Shield", SHIELD, { retaliate: { trigger: "meleeHit", damage: 6, damageType: "piercing" } })]);
    setReactionPrompt(async () => "none");
    // Every die an 11: the club hits, its damage and the spikes' 6 dice each count 1 against low resistance.
    queueFaces(...Array(40).fill(11));
    const grusha = actor(gm, GRUSHA);
    const outcome = await world.as(gm, () => grusha.attack(grusha.items.get("attackGrushaClub"), { targets: [token(gm, BRAM)], skipDialog: true }));
    await world.settle();
    const row = outcome!.data.targets[0];
    expect(row.hit).toBe(true);
    expect(row.retaliation?.damage).toBeGreaterThan(0);
    const spikes = row.retaliation!.damage;
    const message = messages(gm).at(-1)!;
    // Bob (Bram's player) may not observe Grusha: the damage, not her wounds.
    const bobView = await world.as(bob, () => renderAttackCard(cardFor(message)!, viewerFor({ isAuthor: false })));
    expect(bobView).toContain(`Spiked shield: Grusha takes ${spikes} damage.`);
    expect(bobView).not.toContain("wounds gained");
    // Bob's client works out no numbers of a creature he may not observe.
    expect(await world.as(bob, () => cardFor(message)!.targets[0].retaliation?.health)).toBeUndefined();
    const gmCard = (await world.as(gm, () => cardFor(message)))!;
    const gmView = await world.as(gm, () => renderAttackCard(gmCard, viewerFor({ isAuthor: true })));
    expect(gmView).toContain("wounds gained");

    const before = health(gm, GRUSHA);
    const applied = await world.as(gm, () => applyAttackCard(messages(gm).at(-1)!));
    await world.settle();
    expect(applied?.ok).toBe(true);
    // The spikes' damage landed on Grusha, as the card's preview said.
    const after = health(gm, GRUSHA);
    expect(after.wounds - before.wounds).toBe(gmCard.targets[0].retaliation!.health!.woundsAdded);
    expect(after.vitalsLost - before.vitalsLost).toBe(gmCard.targets[0].retaliation!.health!.vitalsLost);
    expect(after.hits + after.vitalsLost + after.wounds).toBeGreaterThan(0);
    expect(health(gm, BRAM).hits + health(gm, BRAM).vitalsLost).toBeGreaterThan(0);
    // Undo reverts the ledger's tags on both (passes once the relay's ledger is merged).
    await world.as(gm, () => undoAttackCard(messages(gm).at(-1)!));
    await world.settle();
    expect(health(gm, GRUSHA)).toMatchObject({ hits: before.hits, wounds: before.wounds, vitalsLost: before.vitalsLost });
    expect(health(gm, BRAM)).toMatchObject({ hits: 0, wounds: 0, vitalsLost: 0 });
    expect([...gm.errors, ...bob.errors]).toEqual([]);
  });

  it("a ranged hit does not trigger it", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    await give(world, BRAM, [enchantment("Spiked Shield", SHIELD, { retaliate: { trigger: "meleeHit", damage: 6, damageType: "piercing" } })]);
    setReactionPrompt(async () => "none");
    queueFaces(...Array(40).fill(11));
    const ada = actor(alice, ADA);
    const outcome = await world.as(alice, () => ada.attack(ada.items.get("attackAdaRifle01"), { targets: [token(alice, BRAM)], skipDialog: true }));
    await world.settle();
    expect(outcome!.data.targets[0].hit).toBe(true);
    expect(outcome!.data.targets[0].retaliation).toBeUndefined();
    expect(gm.errors).toEqual([]);
  });
});

describe("Reflective Shield (docs/rulings.md 129)", () => {
  async function energyAttack() {
    const world = await createWorld({ packs: false });
    const fight = await seedFight(world);
    await give(world, BRAM, [enchantment("Reflective Shield", SHIELD, { redirect: { damageType: "energy", to: "adjacent" } })]);
    await give(world, ADA, [{ name: "Energy Pistol", type: "weapon", system: { category: "ranged", group: "beam", counters: 2, damage: { dice: 8, types: ["energy"] }, rangeIncrement: 6 } }]);
    setReactionPrompt(async () => "none");
    queueFaces(...Array(40).fill(10));
    const ada = actor(fight.alice, ADA);
    const pistol = (ada.items as unknown as { find(f: (i: { name: string }) => boolean): unknown }).find((i) => i.name === "Energy Pistol");
    const outcome = await world.as(fight.alice, () => ada.attack(pistol, { targets: [token(fight.alice, BRAM)], skipDialog: true }));
    await world.settle();
    return { ...fight, outcome: outcome!, message: (client: WorldClient = fight.gm) => messages(client).at(-1)! };
  }

  it("Bram's player turns the roll onto adjacent Grusha through the GM; Apply damages Grusha, not Bram", async () => {
    const { world, gm, alice, bob, outcome, message } = await energyAttack();
    const row = outcome.data.targets[0];
    expect(row).toMatchObject({ hit: true, redirectable: true });
    const bobView = await world.as(bob, () => renderAttackCard(attackData(message())!, viewerFor({ isAuthor: false })));
    expect(bobView).toContain('data-cw-attack="redirect"');
    const aliceView = await world.as(alice, () => renderAttackCard(attackData(message())!, viewerFor({ isAuthor: true })));
    expect(aliceView).not.toContain('data-cw-attack="redirect"');

    // The player picks in the dialog (here: the chooser), among the adjacent creatures only.
    let offered: string[] = [];
    setRedirectChooser(async (candidates) => {
      offered = candidates.map((c) => c.name);
      return candidates.find((c) => c.name === "Grusha") ?? null;
    });
    const result = await world.as(bob, () => redirectAttackDamage(message(bob), row.key));
    await world.settle();
    expect(result).toMatchObject({ ok: true, viaGM: true });
    expect(offered.sort()).toEqual(["Ada", "Grusha"]);
    const card = attackData(message())!;
    expect(card.targets.map((t) => [t.name, t.redirectedTo ?? null, t.redirectedFrom ?? null])).toEqual([["Bram", "Grusha", null], ["Grusha", null, "Bram"]]);
    expect(card.targets[0].damage.total).toBe(0);
    await world.as(alice, () => applyAttackCard(message(alice)));
    await world.settle();
    expect(health(gm, BRAM)).toMatchObject({ hits: 0, wounds: 0, vitalsLost: 0 });
    const grusha = health(gm, GRUSHA);
    expect(card.targets[1].damage.total).toBeGreaterThan(0);
    expect(grusha.hits + grusha.vitalsLost).toBeGreaterThan(0);
    expect([...gm.errors, ...alice.errors, ...bob.errors]).toEqual([]);
  });

  it("the turned row follows the creature it was turned to: its defense and resistance as they stand at Apply", async () => {
    const { world, gm, bob, outcome, message } = await energyAttack();
    setRedirectChooser(async (candidates) => candidates.find((c) => c.name === "Grusha") ?? null);
    await world.as(bob, () => redirectAttackDamage(message(bob), outcome.data.targets[0].key));
    await world.settle();
    const taken = async () => {
      const recomputed = await world.as(gm, () => recomputeCard(message()));
      if (!recomputed.ok) throw new Error(JSON.stringify(recomputed.problem));
      return { wearer: recomputed.rows[0], taken: recomputed.rows[1] };
    };
    const before = await taken();
    expect(before.taken.actorUuid).toBe(actorUuid(GRUSHA));
    // Grusha's numbers, not Bram's: Grusha gains Blur (+5) after the redirect.
    await world.as(gm, () => doc<{ createEmbeddedDocuments(t: string, d: object[]): Promise<unknown> }>(gm, actorUuid(GRUSHA)).createEmbeddedDocuments("ActiveEffect", [
      { name: "Blur", flags: { clockwork: { spell: { identifier: "blur", name: "Blur", gains: 3, dispellable: true, casterUuid: null, itemUuid: null, effect: "defense", amount: 5, endFlat: null, expires: null } } } },
    ]));
    await world.settle();
    const after = await taken();
    expect(after.taken.detail.defense).toBe(before.taken.detail.defense + 5);
    expect(after.wearer.detail.defense).toBe(before.wearer.detail.defense);
    // Grusha's own energy resistance counts against the faces, not Bram's.
    const energy = (id: string) => doc<{ system: { resistances: Record<string, { species: number; armor: number }> } }>(gm, actorUuid(id)).system.resistances.energy;
    expect(after.taken.detail.resistance).toBe(Math.min(12, energy(GRUSHA).species + energy(GRUSHA).armor));
    // Apply writes what Grusha's track gives now.
    const track = health(gm, GRUSHA);
    await world.as(gm, () => applyAttackCard(message()));
    await world.settle();
    const now = health(gm, GRUSHA);
    expect(after.taken.detail.health).not.toBeNull();
    expect([now.wounds - track.wounds, now.vitalsLost - track.vitalsLost]).toEqual([after.taken.detail.health!.woundsAdded, after.taken.detail.health!.vitalsLost]);
  });

  it("a creature that is not adjacent, or a user who does not own the wearer, is refused and nothing changes", async () => {
    const { world, alice, bob, outcome, message } = await energyAttack();
    const key = outcome.data.targets[0].key;
    const far = await world.as(bob, () => redirectAttackDamage(message(bob), key, token(bob, MINION) as never));
    expect(far).toBeNull();
    expect(bob.notifications.at(-1)).toEqual({ type: "warn", message: "Goblin Minion is not next to the shield's wearer: pick an adjacent creature." });
    const notOwner = await world.as(alice, () => redirectAttackDamage(message(alice), key, token(alice, GRUSHA) as never));
    expect(notOwner).toBeNull();
    expect(alice.notifications.at(-1)).toEqual({ type: "warn", message: "Only the owner of Bram or the GM can turn this damage aside." });
    await world.settle();
    expect(attackData(message())!.targets).toHaveLength(1);
    expect(attackData(message())!.targets[0].redirectedTo).toBeUndefined();
  });
});

describe("Acid (docs/rulings.md 130)", () => {
  it("a proc of a weapon with Acid gives the target persistent damage of the attack's type", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    await give(world, ADA, [{ ...enchantment("Acid", SWORD, { proc: { condition: "persistent", source: "acid", tickHits: 2, unavoidable: true, endFlat: 7 } }), system: { appliedTo: SWORD, target: "weapon", gains: 4 } }]);
    setReactionPrompt(async () => "none");
    queueFaces(...Array(40).fill(12));
    const ada = actor(alice, ADA);
    const outcome = await world.as(alice, () => ada.attack(ada.items.get(SWORD), { targets: [token(alice, GRUSHA)], skipDialog: true }));
    await world.settle();
    expect(outcome!.data.targets[0].conditions).toContain("persistentSlashing");
    const applied = await world.as(alice, () => applyAttackCard(messages(alice).at(-1)!));
    await world.settle();
    expect(applied).toMatchObject({ ok: true, viaGM: true });
    expect(actor(gm, GRUSHA).statuses.has("persistentSlashing")).toBe(true);
    expect([...gm.errors, ...alice.errors]).toEqual([]);
  });
});

describe("falls (docs/rulings.md 131)", () => {
  it("the GM makes an NPC fall: 4 unavoidable hits per space, one event that wounds, and a card", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    const grit = health(gm, GRUSHA).grit;
    const result = await world.as(gm, () => fall(token(gm, GRUSHA) as never, 3));
    await world.settle();
    expect(result?.write).toMatchObject({ ok: true, viaGM: false });
    expect(result?.outcome.damage).toBe(12);
    expect(health(gm, GRUSHA).wounds).toBe(Math.floor(12 / grit));
    expect(messages(gm).at(-1)!.content).toContain("Grusha takes 12 unavoidable hits from the fall.");
  });

  it("a player cannot make a creature they do not own fall: a localized message, nothing changed, no card (docs/rulings.md 138)", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const before = { health: health(gm, GRUSHA), messages: messages(gm).length };
    expect(await world.as(alice, () => fall(token(alice, GRUSHA) as never, 3))).toBeNull();
    await world.settle();
    expect(alice.notifications).toEqual([{ type: "warn", message: "Only the GM makes Grusha fall (the Fall button of its token): it is not yours. Nothing was changed." }]);
    expect(health(gm, GRUSHA)).toEqual(before.health);
    expect(messages(gm)).toHaveLength(before.messages);
  });

  it("Feather Fall on the worn shield prevents it; the card says so", async () => {
    const world = await createWorld({ packs: false });
    const { gm, bob } = await seedFight(world);
    await give(world, BRAM, [enchantment("Feather Fall", SHIELD, { noFallingDamage: true })]);
    const result = await world.as(bob, () => fall(actor(bob, BRAM) as never, 5));
    await world.settle();
    expect(result?.outcome).toMatchObject({ prevented: "featherFall", damage: 0 });
    expect(health(gm, BRAM)).toMatchObject({ hits: 0, wounds: 0, vitalsLost: 0 });
    expect(messages(gm).at(-1)!.content).toContain("Feather Fall: Bram takes no falling damage.");
  });

  it("losing the last vital to a fall kills outright, with no death roll", async () => {
    const world = await createWorld({ packs: false });
    const { gm } = await seedFight(world);
    await world.as(gm, () => actor(gm, GRUSHA).update({ "system.health.vitalsLost": health(gm, GRUSHA).vitalsMax - 1 }));
    await world.settle();
    await world.as(gm, () => fall(actor(gm, GRUSHA) as never, 4));
    await world.settle();
    expect(health(gm, GRUSHA)).toMatchObject({ dead: true, dying: false });
    expect(messages(gm).at(-1)!.content).toContain("Grusha dies from the fall.");
  });

  it("a bad height gets a localized message and changes nothing", async () => {
    const world = await createWorld({ packs: false });
    const { gm, alice } = await seedFight(world);
    const before = messages(gm).length;
    expect(await world.as(alice, () => fall(token(alice, GRUSHA) as never, -2))).toBeNull();
    expect(await world.as(alice, () => fall(token(alice, GRUSHA) as never, 1.5))).toBeNull();
    expect(alice.notifications.at(-1)).toEqual({ type: "warn", message: "A fall is a whole number of spaces, 0 or more (not 1.5). Nothing was changed." });
    await world.settle();
    expect(messages(gm).length).toBe(before);
    expect(health(gm, GRUSHA)).toMatchObject({ hits: 0, wounds: 0, vitalsLost: 0 });
  });
});
