/**
 * The combat paths, on a scratch scene of their own (never the scene the GM is viewing): a
 * combat with an NPC and initiative rolled; an attack whose target's reaction is answered
 * without a person (the world's auto rule, or the rules' own best choice standing in for the
 * GM's answer), its damage applied from the card and undone; a condition ticking at the start of
 * its turn and ending by its end roll or the HUD's removal; dying and stabilizing. Checks hold
 * whatever the dice show: they compare what was written with what the rules core says the
 * card's own figures give.
 */
import { documentImplementation, getSetting, localize, worldCollection } from "../../foundry";
import { applyDamage, applyTicks, type ActiveStatus, type HealthTrack } from "../../rules";
import { healthTrackOf } from "../../combat/turn-state";
import { addStatus, removeStatus } from "../../combat/conditions";
import { AUTO_NPC_SETTING } from "../../combat/prompts";
import { applyAttackCard, undoAttackCard } from "../../combat/attack/apply";
import { autoChoice, setReactionPrompt } from "../../combat/attack/reactions";
import { npcReactionMode } from "../../combat/attack/settings";
import type { AttackOutcome } from "../../combat/attack/workflow";
import { writeOwned } from "../../relay";
import { documentAt, packEntry, scratchCharacter, type CharacterDoc } from "./character";
import { expectThat, problem, skip, type PathContext, type PlayedPath } from "./types";
import { until } from "./wait";

const GRID = 100;
/** Attacks tried before a hit that deals damage (each misses with a small chance at rank 4 with 10 dice). */
const ATTEMPTS = 6;

interface Doc {
  id: string | null;
  uuid: string;
  name: string;
  update(changes: object): Promise<unknown>;
}

export interface CreatureDoc extends CharacterDoc {
  statuses: Set<string>;
  items: CharacterDoc["items"] & { get(id: string): unknown };
  createEmbeddedDocuments(name: string, data: object[]): Promise<Doc[] | undefined>;
  attack(item: unknown, options: object): Promise<AttackOutcome | null>;
  castSpell(item: unknown, options: object): Promise<unknown>;
}

interface TokenDoc extends Doc {
  actor: CreatureDoc | null;
}

interface SceneDoc extends Doc {
  tokens: { contents: TokenDoc[] };
  createEmbeddedDocuments(name: string, data: object[]): Promise<Doc[] | undefined>;
}

interface CombatantDoc extends Doc {
  actorId: string;
  initiative: number | null;
}

interface CombatDoc extends Doc {
  round: number;
  turn: number | null;
  started: boolean;
  combatant: CombatantDoc | null;
  combatants: { contents: CombatantDoc[] };
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  rollInitiative(ids: string[]): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[]): Promise<Doc[] | undefined>;
}

interface Creator<T> {
  create(data: object): Promise<T | undefined>;
}

export interface Arena {
  scene: SceneDoc;
  hero: CreatureDoc;
  heroToken: TokenDoc;
  foe: CreatureDoc;
  foeToken: TokenDoc;
}

const skills = (ranks: Record<string, number>) => Object.fromEntries(Object.entries(ranks).map(([k, rank]) => [k, { rank }]));

/** A scratch scene with the GM's character and an NPC on it, side by side; nothing is viewed or activated. */
export async function arena(context: PathContext, options: { hero?: object; foe?: object } = {}): Promise<Arena> {
  const tag = { clockwork: { selfTest: true } };
  const scene = await documentImplementation<Creator<SceneDoc>>("Scene")!.create({
    name: localize("CLOCKWORK.SelfTest.SceneName"), width: 12 * GRID, height: 8 * GRID, padding: 0, grid: { size: GRID }, navigation: false, flags: tag,
  });
  if (!scene) throw problem("Refused");
  context.scratch.track(scene);
  // Body 10 at rank 4 (a likely hit) and Magic 9 with its 30 mana (table 1.4).
  const hero = (await scratchCharacter(context, {
    system: { skills: skills({ accuracy: 4, strength: 4, agility: 4, stamina: 4, celestial: 7, elemental: 5, soul: 6, spellcraft: 6 }), mana: { value: 30 } }, ...options.hero,
  })) as CreatureDoc;
  const foe = await documentImplementation<Creator<CreatureDoc>>("Actor")!.create({
    name: localize("CLOCKWORK.SelfTest.NpcName"), type: "npc", flags: tag, ...options.foe,
  });
  if (!foe) throw problem("Refused");
  context.scratch.track(foe);
  const made = (await scene.createEmbeddedDocuments("Token", [
    { name: hero.name, actorId: hero.id, actorLink: true, x: 2 * GRID, y: 2 * GRID },
    { name: foe.name, actorId: foe.id, actorLink: true, x: 3 * GRID, y: 2 * GRID },
  ])) ?? [];
  expectThat(made.length === 2, "Refused");
  const [heroToken, foeToken] = made as TokenDoc[];
  return { scene, hero, heroToken, foe, foeToken };
}

/**
 * Nobody is asked while a path attacks the NPC: the world's auto rule decides, or (the world asks
 * the GM) the rule's own best choice stands in for the GM's answer through the system's prompt
 * hook. Returns the restore (also run by the scratch, should the path fail midway).
 */
export function answerReactions(context: PathContext): () => void {
  if (npcReactionMode() === "auto") return () => undefined;
  setReactionPrompt(async (data) => autoChoice(data.choices));
  let restored = false;
  const restore = () => {
    if (!restored) setReactionPrompt(null);
    restored = true;
  };
  context.scratch.defer(restore);
  return restore;
}

/** A combat on the arena's scene with the given combatants (initiative given: the order is known). */
async function combatOf(context: PathContext, scene: SceneDoc, entries: { actor: CreatureDoc; token: TokenDoc; initiative?: number }[]): Promise<CombatDoc> {
  // Not activated: the GM's own combat stays the one the tracker shows (turn events run for any started combat).
  const combat = await documentImplementation<Creator<CombatDoc>>("Combat")!.create({ scene: scene.id, active: false, flags: { clockwork: { selfTest: true } } });
  if (!combat) throw problem("Refused");
  context.scratch.track(combat);
  await combat.createEmbeddedDocuments("Combatant", entries.map((e) => ({
    actorId: e.actor.id, tokenId: e.token.id, sceneId: scene.id, ...(e.initiative === undefined ? {} : { initiative: e.initiative }),
  })));
  expectThat(combat.combatants.contents.length === entries.length, "Refused");
  return combat;
}

function trackOf(actor: CreatureDoc): HealthTrack {
  const track = healthTrackOf(actor as never);
  if (!track) throw problem("NoHealth", { name: actor.name });
  return track;
}

const TRACK_KEYS = ["grit", "wounds", "hits", "vitalsLost", "dying", "dead"] as const;
const sameTrack = (a: HealthTrack, b: HealthTrack, keys: readonly (keyof HealthTrack)[] = TRACK_KEYS) => keys.every((k) => a[k] === b[k]);
const showTrack = (t: HealthTrack) => TRACK_KEYS.map((k) => `${k} ${String(t[k])}`).join(", ");

/** The NPC side's prompts roll at once only when the world says so; otherwise a path would wait on the GM. */
function npcChecksRollAtOnce(): void {
  if (getSetting("clockwork" as never, AUTO_NPC_SETTING as never) !== true) throw skip("NpcChecksAsk");
}

// ---------------------------------------------------------------- combat and initiative

const combatInitiative: PlayedPath = {
  key: "combatInitiative",
  async run(context) {
    const { scene, hero, heroToken, foe, foeToken } = await arena(context);
    const combat = await combatOf(context, scene, [{ actor: hero, token: heroToken }, { actor: foe, token: foeToken }]);
    await combat.rollInitiative(combat.combatants.contents.map((c) => c.id!));
    const rolled = () => combat.combatants.contents.every((c) => typeof c.initiative === "number");
    expectThat(await until(rolled), "NoInitiative");
    await combat.startCombat();
    expectThat(combat.started && combat.round === 1 && combat.turn === 0, "NotStarted");
    return combat.combatants.contents.map((c) => `${c.name} ${c.initiative}`).join(", ");
  },
};

// ---------------------------------------------------------------- an attack, applied and undone

const attackApplyUndo: PlayedPath = {
  key: "attackDamage",
  async run(context) {
    const weapon = await packEntry("clockwork.weapons", "weapon");
    const { hero, foe, foeToken } = await arena(context);
    const source = (await fromPack(weapon.uuid)) as Record<string, unknown>;
    const [item] = (await hero.createEmbeddedDocuments("Item", [source])) ?? [];
    expectThat(item, "NotDropped", { name: weapon.name });
    const before = trackOf(foe);
    const restore = answerReactions(context);
    // A miss leaves nothing to apply: attack again (out of combat nothing is paid), a few times at most.
    let outcome: AttackOutcome | null = null;
    let attempts = 0;
    for (; attempts < ATTEMPTS; attempts++) {
      outcome = await hero.attack(item, { targets: [foeToken], skipDialog: true, rollMode: "selfroll" });
      expectThat(outcome?.message, "NoAttack");
      const row = outcome!.data.targets[0];
      if (row?.hit && row.damage.total > 0) break;
    }
    restore();
    expectThat(attempts < ATTEMPTS, "NoHit", { attempts: ATTEMPTS });
    const decision = Object.values(outcome!.reactions)[0];
    expectThat(decision && ["auto", "gm", "none"].includes(decision.by), "ReactionBy", { by: decision?.by ?? "-" });
    const row = outcome!.data.targets[0];
    const damage = row.damage.total;
    const applied = await applyAttackCard(outcome!.message as never);
    expectThat(applied?.ok, "NotApplied", { details: applied && !applied.ok ? JSON.stringify(applied.problem) : "-" });
    // What the card's figure does to the track by the rules core, before the GM's follow-ups (a death roll) run.
    const expected = applyDamage(before, damage);
    const after = trackOf(foe);
    expectThat(sameTrack(after, expected, ["wounds", "hits", "vitalsLost", "dying"]) || (expected.dying && sameTrack(after, expected, ["hits", "vitalsLost", "dying"])), "DamageDiffers", { expected: showTrack(expected), got: showTrack(after) });
    if (!expected.dying) {
      const undone = await undoAttackCard(outcome!.message as never);
      expectThat(undone?.ok, "NotUndone");
      expectThat(sameTrack(trackOf(foe), before), "UndoDiffers", { expected: showTrack(before), got: showTrack(trackOf(foe)) });
    }
    // Damage that made the target dying is not undone: its death roll followed, which the undo does not take back.
    return localize(expected.dying ? "CLOCKWORK.SelfTest.AttackNoteDying" : "CLOCKWORK.SelfTest.AttackNote", { reaction: `${row.reaction} (${decision.by})`, attempts: attempts + 1, damage });
  },
};

/** A compendium item's source to create on an actor, marked with where it came from. */
export async function fromPack(uuid: string): Promise<object> {
  const doc = await documentAt<{ toObject(): Record<string, unknown> }>(uuid);
  const { _id: _drop, folder: _folder, ...source } = doc.toObject();
  return { ...source, _stats: { compendiumSource: uuid } };
}

// ---------------------------------------------------------------- a condition ticking and ending

const conditionTicks: PlayedPath = {
  key: "conditionTick",
  async run(context) {
    npcChecksRollAtOnce();
    const { scene, hero, heroToken, foe, foeToken } = await arena(context);
    // Three in the order given: the NPC's turn starts and ends within round 1 (no round passes, no world time).
    const tail = (await documentImplementation<Creator<CreatureDoc>>("Actor")!.create({ name: localize("CLOCKWORK.SelfTest.NpcName"), type: "npc", flags: { clockwork: { selfTest: true } } }))!;
    context.scratch.track(tail);
    const [tailToken] = ((await scene.createEmbeddedDocuments("Token", [{ name: tail.name, actorId: tail.id, actorLink: true, x: 6 * GRID, y: 2 * GRID }])) ?? []) as TokenDoc[];
    const combat = await combatOf(context, scene, [
      { actor: hero, token: heroToken, initiative: 30 }, { actor: foe, token: foeToken, initiative: 20 }, { actor: tail, token: tailToken, initiative: 10 },
    ]);
    await combat.startCombat();
    expectThat(combat.combatant?.actorId === hero.id, "NotStarted");
    await addStatus(foe as never, "bleeding");
    expectThat(foe.statuses.has("bleeding"), "NoStatus", { status: "bleeding" });
    const before = trackOf(foe);
    const expected = applyTicks(before, [{ id: "bleeding" } as ActiveStatus], {}).track;
    await combat.nextTurn();
    // The designated GM ticks the start of the NPC's turn.
    const ticked = await until(() => sameTrack(trackOf(foe), expected, ["hits", "vitalsLost", "wounds"]));
    expectThat(ticked, "TickDiffers", { expected: showTrack(expected), got: showTrack(trackOf(foe)) });
    const flats = () => messagesAbout(foe.uuid, "FlatRoll");
    const seen = flats().length;
    await combat.nextTurn();
    // Its end-of-turn Flat roll ends it on a success; the status follows the roll.
    expectThat(await until(() => flats().length > seen), "NoEndRoll");
    const roll = flats().at(-1)!;
    const success = (roll as { rolls?: { success?: boolean }[] }).rolls?.[0]?.success === true;
    expectThat(await until(() => foe.statuses.has("bleeding") !== success), "EndDiffers", { success: String(success) });
    if (!success) {
      await removeStatus(foe as never, "bleeding");
      expectThat(!foe.statuses.has("bleeding"), "NotEnded", { status: "bleeding" });
    }
    return localize("CLOCKWORK.SelfTest.TickNote", { hits: before.hits === expected.hits ? 0 : Math.abs(expected.hits - before.hits), ended: localize(success ? "CLOCKWORK.SelfTest.EndedByRoll" : "CLOCKWORK.SelfTest.EndedByHand") });
  },
};

interface MessageLike {
  rolls?: { constructor: { name: string } }[];
  flags?: { clockwork?: { roll?: { actorUuid?: string } } };
}

function messagesAbout(actorUuid: string, rollClass: string): MessageLike[] {
  const messages = worldCollection<{ contents: MessageLike[] }>("messages")?.contents ?? [];
  return messages.filter((m) => m.flags?.clockwork?.roll?.actorUuid === actorUuid && m.rolls?.[0]?.constructor.name === rollClass);
}

// ---------------------------------------------------------------- dying and stabilizing

/** The least damage that takes the last vital, by the rules core. */
function damageToDying(track: HealthTrack): number {
  for (let amount = 1; amount <= 200; amount++) if (applyDamage(track, amount).dying) return amount;
  throw problem("NoHealth", { name: "-" });
}

const dyingStabilize: PlayedPath = {
  key: "dyingStabilize",
  async run(context) {
    npcChecksRollAtOnce();
    const { foe } = await arena(context);
    const before = trackOf(foe);
    const amount = damageToDying(before);
    const hit = await writeOwned([{ op: "damage", uuid: foe.uuid, amount }]);
    expectThat(hit.ok, "NotApplied", { details: hit.ok ? "-" : JSON.stringify(hit.problem) });
    const dying = trackOf(foe);
    expectThat(dying.dying, "NotDying");
    // The designated GM marks it dying and makes its death roll at once (an NPC's), whose fatal wounds it adds.
    expectThat(await until(() => foe.statuses.has("dying") || foe.statuses.has("dead")), "NoStatus", { status: "dying" });
    expectThat(await until(() => messagesAbout(foe.uuid, "DeathRoll").length > 0), "NoDeathRoll");
    const fatal = Number((messagesAbout(foe.uuid, "DeathRoll")[0] as { rolls?: { total?: number }[] }).rolls?.[0]?.total ?? 0);
    // Wounds past grit + 1 are not counted; dead exactly when the wounds pass the grit.
    const wounds = Math.min(dying.wounds + fatal, dying.grit + 1);
    expectThat(await until(() => trackOf(foe).wounds === wounds), "DeathDiffers", { got: showTrack(trackOf(foe)) });
    const track = trackOf(foe);
    expectThat(track.dead === track.wounds > track.grit, "DeathDiffers", { got: showTrack(track) });
    if (track.dead) return localize("CLOCKWORK.SelfTest.DiedNote", { wounds: track.wounds, grit: track.grit });
    const saved = await writeOwned([{ op: "stabilize", uuid: foe.uuid }]);
    expectThat(saved.ok, "NotApplied", { details: saved.ok ? "-" : JSON.stringify(saved.problem) });
    expectThat(!trackOf(foe).dying, "StillDying");
    expectThat(await until(() => !foe.statuses.has("dying")), "StillDying");
    return localize("CLOCKWORK.SelfTest.StabilizedNote", { amount, wounds: track.wounds, grit: track.grit });
  },
};

export const COMBAT_PATHS: readonly PlayedPath[] = [combatInitiative, attackApplyUndo, conditionTicks, dyingStabilize];
export { combatOf };
export type { SceneDoc, TokenDoc, CombatDoc };
