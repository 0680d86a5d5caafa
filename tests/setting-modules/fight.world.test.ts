/**
 * Issue 31's acceptance: a character using a setting module's species, focus, weapon group and
 * damage type rolls, fights and takes damage correctly. Ada (Alice's) becomes a Frostkin (+1 frost
 * resistance) with the Ice axes focus (the Ice lances group) and an Ice lance (frost damage), all
 * from the Frostmarch module's pack; she hits Grusha with frost, and Grusha's frost blade hits her.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearQueuedFaces, createWorld, queueFaces, type World, type WorldClient } from "../world";
import { ADA, GRUSHA, SCENE_ID, seedFight, tokenId } from "../combat/attack/world-fixtures";
import { FROST_FOCUS, FROST_LANCE, FROST_SPECIES, frostmarch } from "./fixture";
import { performCombatAction } from "../../src/combat/actions";
import type { ActingActor } from "../../src/combat/actions/perform";
import { setReactionPrompt } from "../../src/combat/attack/reactions";
import type { AttackOutcome } from "../../src/combat/attack/workflow";
import { attackData, type AttackMessage } from "../../src/combat/attack/chat";
import { applyAttackCard } from "../../src/combat/attack/apply";
import { damageDealt } from "../../src/rules";

type Resistances = Record<string, { species: number; armor: number; total: number }>;
interface Derived { resistances: Resistances; health: Record<string, unknown>; skills: Record<string, { dice: number; diceWithFocus: number; focus: boolean }> }
type ActorDoc = ActingActor & {
  items: { contents: { id: string; type: string }[] };
  update(c: object): Promise<unknown>;
  createEmbeddedDocuments(n: string, d: object[], o?: object): Promise<unknown>;
  attack(item: unknown, options?: object): Promise<AttackOutcome | null>;
};

let world: World;
let gm: WorldClient;
let alice: WorldClient;
const actor = (client: WorldClient, id: string) => client.game.actors.get(id) as unknown as ActorDoc;
const derived = (client: WorldClient, id: string) => actor(client, id).system as unknown as Derived;
const token = (client: WorldClient, actorId: string) => (client.game.scenes.get(SCENE_ID) as unknown as { tokens: { get(id: string): unknown } }).tokens.get(tokenId(actorId)) as never;

beforeAll(async () => {
  world = await createWorld({ packs: false, modules: [frostmarch()] });
  ({ gm, alice } = await seedFight(world));
  setReactionPrompt(async () => "none");
  // The GM gives Ada the module's species, focus and weapon, from its pack.
  const pack = gm.game.packs.get("frostmarch.frost-gear")!;
  const sources = await Promise.all([FROST_SPECIES, FROST_FOCUS, FROST_LANCE].map(async (id) => (await pack.getDocument(id))!.toObject()));
  await world.as(gm, () => actor(gm, ADA).createEmbeddedDocuments("Item", sources, { keepId: true }));
  await world.as(gm, () => actor(gm, ADA).update({ "system.equipped.mainHand": FROST_LANCE }));
  await world.settle();
}, 60_000);
afterAll(() => {
  clearQueuedFaces();
  setReactionPrompt(null);
  world.close();
});

describe("a character built from a setting module", { timeout: 30_000 }, () => {
  it("has the species' frost resistance and the focus on its skill, as every client derives them", () => {
    for (const client of [gm, alice]) {
      const ada = derived(client, ADA);
      expect(ada.resistances.frost).toEqual({ species: 3, armor: 0, total: 3 });
      expect(ada.resistances.blunt.species).toBe(2);
      expect(ada.skills.strength.focus).toBe(true);
    }
  });

  it("attacks with the setting's weapon: its group's focus adds a die, and the target resists with its frost resistance", async () => {
    const grushaBefore = structuredClone(derived(gm, GRUSHA).health);
    const grushaFrost = derived(gm, GRUSHA).resistances.frost.total;
    expect(grushaFrost).toBe(2);
    queueFaces(...Array(60).fill(12));
    const done = await world.as(alice, () => performCombatAction(actor(alice, ADA), { key: "attack", weaponId: FROST_LANCE, attack: { targets: [token(alice, GRUSHA)], skipDialog: true } }));
    await world.settle();
    clearQueuedFaces();
    expect(done).toMatchObject({ ok: true, paid: 2 });
    const card = alice.game.messages.contents.at(-1) as unknown as AttackMessage;
    const data = attackData(card)!;
    expect(data.damageType).toBe("frost");
    expect(data.declaration?.focusId).toBe(FROST_FOCUS);
    // The pool is the skill's dice with the focus.
    const strength = derived(gm, ADA).skills.strength;
    expect(strength.diceWithFocus).toBe(strength.dice + 1);
    expect(data.attacks[0].dice).toBe(strength.diceWithFocus);
    // Eight 12s against Grusha's frost resistance (2), plus the criticals.
    const row = data.targets[0] as unknown as { hit: boolean; damage: { total: number; criticals: number } };
    expect(row.hit).toBe(true);
    expect(row.damage.total).toBe(damageDealt(Array(8).fill(12), { species: 2, armor: 0 }, { criticals: row.damage.criticals }));
    // Alice applies her card; the GM's side recomputes it with the rules and writes the damage.
    await world.as(alice, () => applyAttackCard(card as never));
    await world.settle();
    expect(derived(gm, GRUSHA).health).not.toEqual(grushaBefore);
    for (const client of world.clients) expect(client.errors).toEqual([]);
  });

  it("takes frost damage against the species' frost resistance", async () => {
    const blade = "frostGrushaBlade";
    await world.as(gm, () => actor(gm, GRUSHA).createEmbeddedDocuments("Item", [
      { _id: blade, name: "Frost blade", type: "weapon", system: { category: "melee", group: "iceLances", counters: 2, damage: { dice: 8, types: ["frost"] } } },
    ], { keepId: true }));
    await world.as(gm, () => actor(gm, GRUSHA).update({ "system.equipped.mainHand": blade }));
    await world.settle();
    const before = structuredClone(derived(gm, ADA).health);
    queueFaces(...Array(60).fill(12));
    const outcome = await world.as(gm, () => actor(gm, GRUSHA).attack(actor(gm, GRUSHA).items.contents.find((i) => i.id === blade), { targets: [token(gm, ADA)], skipDialog: true }));
    await world.settle();
    clearQueuedFaces();
    expect(outcome?.session.declaration.damageType).toBe("frost");
    const result = outcome!.results[0];
    expect(result.hit).toBe(true);
    expect(result.damage.resistance).toBe(3);
    expect(result.damage.total).toBeGreaterThan(0);
    await world.as(gm, () => applyAttackCard(gm.game.messages.contents.at(-1) as never));
    await world.settle();
    expect(derived(gm, ADA).health).not.toEqual(before);
    expect(derived(alice, ADA).health).toEqual(derived(gm, ADA).health);
  });
});
