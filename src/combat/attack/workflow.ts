/**
 * `actor.attack(item, { targets })` (issue 10 item 5): declare → pay → reactions → roll → card.
 *
 * 1. The targets are the given ones or the user's targeted tokens (none: the user is asked to
 *    target one). An area weapon or fire mode collects the tokens inside its area instead.
 * 2. The dialog (unless skipped) shows per target the defense faced, the exact chance to hit and
 *    the expected damage against its resistance; the declaration comes back.
 * 3. In a running combat the attacker must be able to pay; if not, a localized warning and
 *    nothing changes. Each target that may react is asked dodge / block / none.
 * 4. The counters (the attack's and the reactions') are paid in one batch, through the GM where
 *    the user does not own a combatant; a refused batch stops the attack before any roll.
 * 5. Single attacks roll once per target; area attacks and fire modes roll the attack once and
 *    the damage once for all. The rules core resolves hits, criticals, damage per target's
 *    resistance and procs. One chat card shows every target; Apply writes the damage.
 */
import { choices } from "../../config";
import { activeCombat, hooks, isModifierActive, notify, targetedTokens } from "../../foundry";
import {
  CALLED_SHOTS, isAreaMode, requireCounters, resolveAttack, applyDamageDetailed, applyMinionDamage, setupTarget,
  conditionStatus, mayRedirect, spikedShieldDamage, MAX_DICE,
  type AttackInput, type AttackTarget, type CounterState, type DamageApplication, type DamageResult, type DamageType, type TargetResult, type TargetSetup,
} from "../../rules";
import { wornItemEffects } from "../../data/item/magic-items";
import { DamageRoll } from "../../dice/damage-roll";
import { GainRoll } from "../../dice/gain-roll";
import { buildPool, chosenFocus } from "../../dice/pool";
import { applyRollMode, currentRollMode } from "../../dice/roll-mode";
import type { RollModeKey } from "../../dice/types";
import { healthTrackOf, writeOwned, type RelayOp as GmWriteOp } from "../../relay";
import {
  areaOf, damageTypesOf, defaultDeclaration, enchantmentProcs, modesOf, poolRequest, resistanceShares, saveSkillOf, skillChoices, weaponConditions, weaponProfile,
  type AttackActor, type AttackDeclaration, type AttackItem,
} from "./source";
import { gridSizeOf, spacesBetween, spacesToPoint, tokenBox, type GridBox } from "./geometry";
import { attackPreview, type AttackPreview, type AttackTargetInfo } from "./preview";
import { declareReaction, decideReaction, isReactionId, type Reaction, type ReactionDecision } from "./reactions";
import { hiddenInfoLevel } from "./settings";
import { ATTACK_FLAG, PUBLIC_VIEWER, type AttackCardData, type CardTarget, type TargetDetail } from "./card";
import { renderAttackCard, safeKey } from "./chat";
import { placeArea } from "../area/placement";
import { drawArea, tokensInside, type AreaPlacement, type AreaScene, type AreaTokenDoc } from "../area/templates";
import { sightBetween } from "../area/sight";
import { ATTACK_HOOKS, BEYOND_REACH } from "./constants";

// ---------------------------------------------------------------- documents

/** An actor document as the workflow needs it. */
export interface WorkflowActor extends AttackActor {
  id: string | null;
  uuid: string;
  img?: string | null;
  isOwner?: boolean;
  token?: TokenDoc | null;
  testUserPermission(user: unknown, level: string): boolean;
  getActiveTokens?(linked?: boolean, document?: boolean): unknown[];
}

/** A target's save: its skill's pool against its rank (0 gains without the skill). */
/** A target's save pool with a skill as its data stands (null: it has no such skill, its save gains nothing). */
export function savePoolOf(actor: WorkflowActor | undefined, skill: string): { dice: number; rank: number; hexed: boolean } | null {
  const row = (actor?.system as { skills?: Record<string, { dice?: number; rank?: number }> } | undefined)?.skills?.[skill];
  if (!row || typeof row.dice !== "number" || typeof row.rank !== "number") return null;
  return { dice: row.dice, rank: row.rank, hexed: [...(actor?.statuses ?? [])].includes("hexed") };
}

/** A target's save roll (kept in the card's message: the GM counts its gains itself). */
async function saveRoll(actor: WorkflowActor | undefined, skill: string): Promise<GainRoll | null> {
  const pool = savePoolOf(actor, skill);
  if (!pool) return null;
  const roll = GainRoll.fromPool(pool.dice, { threshold: pool.rank, hexed: pool.hexed });
  await roll.evaluate();
  return roll;
}

/** A token document as the workflow needs it. */
export interface TokenDoc extends AreaTokenDoc {
  id: string | null;
  uuid: string;
  name: string;
  documentName?: string;
  actor: WorkflowActor | null;
  texture?: { src?: string | null };
  parent?: (AreaScene & { grid?: { size?: number } }) | null;
}

interface CombatantDoc {
  uuid: string;
  actorId: string | null;
  tokenId: string | null;
  system?: { counters?: CounterState; members?: string[] };
  /** A minion group's members still standing, of those `canAttack` accepts (ClockworkCombatant). */
  standingMembers?(canAttack?: (token: { x: number; y: number; width?: number; height?: number }) => boolean): number;
}

interface CombatDoc {
  started: boolean;
  combatants: Iterable<CombatantDoc>;
}

/** Anything a caller may name a target by: a token (placeable or document), an actor, or a UUID. */
export type TargetLike = string | { document?: unknown } | TokenDoc | WorkflowActor;

function fromUuid(uuid: string): unknown {
  try {
    return fromUuidSync(uuid as never);
  } catch {
    return null;
  }
}

/** The token document behind a placeable, a document, an actor or a UUID. */
export function tokenDocOf(target: TargetLike | null | undefined): TokenDoc | null {
  const value = typeof target === "string" ? fromUuid(target) : target;
  if (!value || typeof value !== "object") return null;
  const doc = (value as { document?: unknown }).document ?? value;
  const named = doc as { documentName?: string };
  if (named.documentName === "Token") return doc as TokenDoc;
  if (named.documentName === "Actor") {
    const actor = doc as WorkflowActor;
    if (actor.token) return actor.token;
    const tokens = actor.getActiveTokens?.(false, true) ?? [];
    const first = tokens[0] as { document?: unknown } | undefined;
    return ((first?.document ?? first) as TokenDoc | undefined) ?? null;
  }
  return null;
}

function actorOf(target: TargetLike): WorkflowActor | null {
  const token = tokenDocOf(target);
  if (token?.actor) return token.actor;
  const value = typeof target === "string" ? fromUuid(target) : target;
  const doc = (value as { document?: unknown } | null)?.document ?? value;
  return (doc as { documentName?: string } | null)?.documentName === "Actor" ? doc as WorkflowActor : null;
}

/** The running combat (the active one, else the viewed one), when it has started. */
function runningCombat(): CombatDoc | null {
  const combat = activeCombat<CombatDoc>();
  return combat?.started ? combat : null;
}

/** The attacker's combatant in the running combat when it is a minion group (its members). */
export function attackerGroupMembers(actor: WorkflowActor, token: TokenDoc | null): number {
  return combatantFor(runningCombat(), actor, token)?.system?.members?.length ?? 0;
}

function combatantFor(combat: CombatDoc | null, actor: WorkflowActor | null, token: TokenDoc | null): CombatantDoc | null {
  if (!combat) return null;
  const all = [...combat.combatants];
  return (token?.id ? all.find((c) => c.tokenId === token.id) : undefined) ?? all.find((c) => actor?.id && c.actorId === actor.id) ?? null;
}

function countersOf(combatant: CombatantDoc | null): CounterState | null {
  const counters = combatant?.system?.counters;
  if (!counters) return null;
  try {
    return requireCounters(counters);
  } catch {
    return null;
  }
}

function hasStatus(actor: { statuses?: Iterable<string> } | null, id: string): boolean {
  return actor?.statuses ? new Set(actor.statuses).has(id) : false;
}

function boxOf(token: TokenDoc | null): GridBox | null {
  return token ? tokenBox(token, gridSizeOf(token)) : null;
}

// ---------------------------------------------------------------- the session

/** Options of `actor.attack(item, options)`. */
export interface AttackCallOptions extends Partial<Omit<AttackDeclaration, "focusId">> {
  /** Targets; by default the user's targeted tokens. */
  targets?: TargetLike[];
  /** Skip the dialog (shift-click does the same). */
  skipDialog?: boolean;
  event?: { shiftKey?: boolean } | null;
  /** A focus id or name, or "" for none. */
  focus?: string;
  /** Cover of every target, or per target key (token UUID). */
  cover?: AttackTargetInfo["situation"]["cover"] | Record<string, AttackTargetInfo["situation"]["cover"]>;
  /** Reactions already decided, per target key (nothing is asked for these); with who decided, the card names them. */
  reactions?: Record<string, Reaction | ReactionDecision>;
  /** What the attacker knows of a target, per target key: unaware (base defense only), feinted (§4.17). */
  situations?: Record<string, Pick<AttackTargetInfo["situation"], "unaware" | "feinted">>;
  /** An area's target point (grid space); by default the first target's space. */
  area?: { x: number; y: number };
  /** Draw the area on the scene (default true where templates exist). */
  drawArea?: boolean;
  /** Counters one attack costs, when the caller sets it (a two-weapon attack pays once: 0 for the second strike). */
  baseCost?: number;
  /** The preset reactions were paid already (the second strike of a two-weapon attack). */
  reactionsPaid?: boolean;
  /** The id the reactions were recorded under (the second strike: the first's card `reactionId`). */
  reactionId?: string;
}

/** Everything the dialog edits and the roll uses. */
export interface AttackSession {
  actor: WorkflowActor;
  item: AttackItem;
  token: TokenDoc | null;
  declaration: AttackDeclaration;
  targets: AttackTargetInfo[];
  counters: CounterState | null;
  stunned: boolean;
  areaDistance?: number;
  placement: AreaPlacement | null;
  /** An area's aim point (grid space) picked on the map or given by the caller; else the first aimed token's space. */
  area?: { x: number; y: number };
  /** The user's own targets (kept so a change of fire mode can go back to them). */
  aimed: TokenDoc[];
  /** Counters of one attack when the caller set them. */
  baseCost?: number;
  /** The attacker's combatant when it is a minion group: its members attack as one (docs/rulings.md 91). */
  group?: CombatantDoc;
  choices: { modes: AttackDeclaration["mode"][]; damageTypes: AttackDeclaration["damageType"][]; skills: string[]; calledShots: readonly string[] };
}

/**
 * What this client's world says now of a target's situation against an attacker (the GM's
 * recompute checks a card's claims with it): the spaces between their tokens when both stand on
 * the same scene, and whether the target is defenseless in the running combat (no turn yet).
 */
export function worldSituation(attackerToken: TokenDoc | null, token: TokenDoc | null, actor: WorkflowActor): { distance?: number; defenseless: boolean } {
  const counters = countersOf(combatantFor(runningCombat(), actor, token));
  const attackerBox = attackerToken && token && attackerToken.parent === token.parent ? boxOf(attackerToken) : null;
  const box = attackerBox ? boxOf(token) : null;
  return { ...(attackerBox && box ? { distance: spacesBetween(attackerBox, box) } : {}), defenseless: counters ? !counters.hadTurn : false };
}

function targetInfo(token: TokenDoc | null, actor: WorkflowActor, attackerBox: GridBox | null, combat: CombatDoc | null, cover: AttackCallOptions["cover"], attackerToken: TokenDoc | null = null): AttackTargetInfo {
  const key = token?.uuid ?? actor.uuid;
  const combatant = combatantFor(combat, actor, token);
  const counters = countersOf(combatant);
  const box = boxOf(token);
  const chosenCover = typeof cover === "number" ? cover : cover?.[key];
  return {
    key,
    name: token?.name || actor.name,
    img: token?.texture?.src ?? actor.img ?? null,
    actor,
    actorUuid: actor.uuid,
    tokenUuid: token?.uuid ?? null,
    situation: {
      ...(attackerBox && box ? { distance: spacesBetween(attackerBox, box) } : {}),
      defenseless: counters ? !counters.hadTurn : false,
      cover: chosenCover ?? 0,
    },
    include: true,
    observable: actor.testUserPermission(game.user, "OBSERVER"),
    counters,
    stunned: hasStatus(actor, "stunned"),
    ...(attackerToken && token && sightBetween(attackerToken, token) === "blocked" ? { wallBetween: true } : {}),
  };
}

/** Sets the targets for the session's fire mode: the area's tokens, or the aimed ones. */
export function retarget(session: AttackSession, options: Pick<AttackCallOptions, "area" | "cover"> = {}): AttackSession {
  const combat = runningCombat();
  const attackerBox = boxOf(session.token);
  const mode = session.declaration.mode;
  const previous = new Map(session.targets.map((t) => [t.key, t]));
  const keep = (info: AttackTargetInfo): AttackTargetInfo => {
    const before = previous.get(info.key);
    if (!before) return info;
    const { unaware, feinted, cover } = before.situation;
    return { ...info, include: before.include, situation: { ...info.situation, cover, ...(unaware ? { unaware } : {}), ...(feinted ? { feinted } : {}) } };
  };
  if (!isAreaMode(mode)) {
    const targets = session.aimed.filter((t) => t.actor).map((t) => keep(targetInfo(t, t.actor as WorkflowActor, attackerBox, combat, options.cover, session.token)));
    return { ...session, targets, placement: null, areaDistance: undefined };
  }
  const aimToken = session.aimed[0] ?? null;
  const aimBox = boxOf(aimToken);
  const aim = options.area ?? session.area ?? (aimBox ? { x: aimBox.x, y: aimBox.y } : null);
  const scene = session.token?.parent ?? aimToken?.parent ?? null;
  if (!aim || !attackerBox || !scene) {
    // Without a canvas position the aimed tokens are the area's targets.
    const targets = session.aimed.filter((t) => t.actor).map((t) => keep(targetInfo(t, t.actor as WorkflowActor, attackerBox, combat, options.cover, session.token)));
    return { ...session, targets, placement: null, areaDistance: targets[0]?.situation.distance };
  }
  const placement = placeArea(mode, areaOf(session.item), attackerBox, aim);
  const inside = tokensInside(placement, scene) as TokenDoc[];
  const targets = inside.filter((t) => t.actor).map((t) => keep(targetInfo(t, t.actor as WorkflowActor, attackerBox, combat, options.cover, session.token)));
  return { ...session, targets, placement, areaDistance: spacesToPoint(attackerBox, aim) };
}

/** The odds of the session as it stands. */
export function previewSession(session: AttackSession): AttackPreview {
  return attackPreview({
    actor: session.actor, item: session.item, declaration: session.declaration, targets: session.targets,
    counters: session.counters, stunned: session.stunned, areaDistance: session.areaDistance, baseCost: session.baseCost,
    ...(session.group ? { groupMembers: groupMembersFor(session.group, session) } : {}),
  });
}

/** The user's targeted tokens. */
function userTargets(): TokenDoc[] {
  return targetedTokens<TargetLike>().map((t) => tokenDocOf(t)).filter((t): t is TokenDoc => t !== null);
}

/** Builds the session: declaration defaults, targets, counters. Null (with a message) when there is nothing to attack. */
export function startSession(actor: WorkflowActor, item: AttackItem, options: AttackCallOptions = {}): AttackSession | null {
  if (item.type !== "weapon" || !damageTypesOf(item).length || !item.system.damage?.dice) {
    notify("warn", "CLOCKWORK.Combat.Attack.NotAWeapon", { name: item.name });
    return null;
  }
  const named = options.targets?.map((t) => ({ token: tokenDocOf(t), actor: actorOf(t) })).filter((t) => t.actor) ?? null;
  const aimed = named ? named.map((t) => t.token).filter((t): t is TokenDoc => t !== null) : userTargets();
  const tokenless = named ? named.filter((t) => !t.token).map((t) => t.actor as WorkflowActor) : [];
  const token = tokenDocOf(actor);
  // An area weapon or fire mode on the map may open its dialog unaimed: it is aimed on the map from there.
  const aimLater = !skipsDialog(options) && dialogPrompt !== null && !!token?.parent && isAreaMode(defaultDeclaration(actor, item, currentRollMode(), options).mode);
  if (!aimed.length && !tokenless.length && !options.area && !aimLater) {
    notify("warn", "CLOCKWORK.Combat.Attack.NoTarget");
    return null;
  }
  const combat = runningCombat();
  const own = combatantFor(combat, actor, token);
  const counters = countersOf(own);
  const group = own?.system?.members?.length && typeof own.standingMembers === "function" ? own : null;
  const rollMode: RollModeKey = options.rollMode ?? currentRollMode();
  let focusId: string | undefined;
  if (options.focus !== undefined) {
    const foci = poolRequest(actor, item, { skill: options.skill, rollMode }).foci;
    focusId = options.focus === "" ? "" : foci.find((f) => f.id === options.focus || f.name === options.focus)?.id ?? "";
  }
  const declaration = defaultDeclaration(actor, item, rollMode, { ...options, ...(focusId !== undefined ? { focusId } : {}) });
  if (declaration.calledShot && !CALLED_SHOTS.includes(declaration.calledShot)) declaration.calledShot = null;
  let session: AttackSession = {
    actor, item, token, declaration, targets: [], counters, stunned: hasStatus(actor, "stunned"), placement: null, aimed,
    ...(options.area ? { area: { ...options.area } } : {}),
    ...(options.baseCost !== undefined ? { baseCost: Math.max(0, Math.floor(options.baseCost)) } : {}),
    choices: { modes: modesOf(item), damageTypes: damageTypesOf(item), skills: skillChoices(item), calledShots: CALLED_SHOTS },
  };
  session = retarget(session, options);
  if (tokenless.length) {
    session.targets.push(...tokenless.map((a) => targetInfo(null, a, boxOf(token), combat, options.cover)));
  }
  for (const info of session.targets) {
    const known = options.situations?.[info.key];
    if (known) info.situation = { ...info.situation, ...known };
  }
  if (!session.targets.length && !(aimLater && !options.area && !aimed.length)) {
    notify("warn", isAreaMode(declaration.mode) ? "CLOCKWORK.Combat.Attack.NoOneInArea" : "CLOCKWORK.Combat.Attack.NoTarget");
    return null;
  }
  if (group) session.group = group;
  return session;
}

/**
 * A minion group attacks with its standing members that can each reach every target
 * (docs/rulings.md 91): a melee weapon's reach from each member's token; at range, all of them.
 */
function groupMembersFor(group: CombatantDoc, session: AttackSession): number {
  const reach = weaponProfile(session.actor, session.item, session.declaration).reach;
  const boxes = session.targets.map((t) => boxOf(tokenDocOf(t.tokenUuid ?? null))).filter((b): b is GridBox => b !== null);
  const grid = gridSizeOf(session.token);
  const canAttack = (token: { x: number; y: number; width?: number; height?: number }) =>
    reach === undefined || boxes.every((box) => spacesBetween(tokenBox(token, grid), box) <= reach);
  return Math.max(1, group.standingMembers?.(canAttack) ?? 1);
}

// ---------------------------------------------------------------- rolling

/** What `attack()` resolves to. */
export interface AttackOutcome {
  session: AttackSession;
  results: TargetResult[];
  reactions: Record<string, ReactionDecision>;
  data: AttackCardData;
  message: unknown;
}

/** Public hooks of the attack workflow (defined in ./constants). */
export { ATTACK_HOOKS };


/** The attack roll and the damage roll of one attack (one target, or every target of an area). */
async function rollPair(input: AttackInput, setup: TargetSetup, session: AttackSession): Promise<{ attack: GainRoll; damage: DamageRoll }> {
  const request = poolRequest(session.actor, session.item, session.declaration);
  // The card lists the pool's parts; range, autofire, prone and Exhausted show as situational dice.
  const bonus = request.bonusSkill && !request.fixedPool ? 1 : 0;
  const focus = chosenFocus(request) ? 1 : 0;
  const situational = setup.pool.raw - request.attributeDice - bonus - focus + setup.pool.vitalsPenalty;
  const parts = buildPool({ ...request, situational }).parts;
  const attack = GainRoll.fromPool(setup.pool.dice, {
    threshold: Math.max(1, setup.threshold),
    hexed: input.attacker.hexed === true,
    critical: { headShot: !setup.area && session.declaration.calledShot === "head", improvedCritical: input.attacker.improvedCritical, extra: setup.flatCriticals },
    // The roll travels to every client: it never carries the target's defense (issue 18 item 6).
    needed: null,
    difficulty: "none",
    outOfCombat: false,
    automaticFailure: setup.pool.automaticFailure,
    parts,
    subject: { kind: "attack", itemName: session.item.name, itemUuid: session.item.uuid },
  });
  await attack.evaluate();
  const damage = DamageRoll.forDice(input.weapon.damageDice, {
    damageType: session.declaration.damageType, armorPiercing: input.weapon.armorPiercing, aoe: setup.area, itemName: session.item.name,
  });
  await damage.evaluate();
  return { attack, damage };
}

/** What the damage does to the target's track as it stands now (for the card). */
export function healthPreview(actor: WorkflowActor, damage: number): TargetDetail["health"] {
  const track = healthTrackOf(actor.system);
  if (!track) return null;
  const minion = (actor.system as { minion?: boolean }).minion === true;
  let application: DamageApplication;
  try {
    application = minion ? applyMinionDamage(track, damage) : applyDamageDetailed(track, damage);
  } catch {
    return null;
  }
  return { absorbed: application.absorbed, woundsAdded: application.woundsAdded, vitalsLost: application.vitalsLost, dying: application.track.dying, dead: application.track.dead };
}

/**
 * Status ids a result applies: its conditions (a weapon's persistent damage, as Acid's, of the
 * attack's type: docs/rulings.md 130), and the called shot's disabled arm or leg (§4.10).
 */
export function statusesOf(result: TargetResult, session: AttackSession, damaged: readonly string[]): string[] {
  const type = session.declaration.damageType;
  const ids: string[] = [];
  const add = (id: string): void => {
    const status = conditionStatus(id, type);
    if (!ids.includes(status)) ids.push(status);
  };
  for (const id of result.conditions) add(id);
  if (result.damage.total >= 1) for (const id of damaged) add(id);
  const shot = session.declaration.calledShot;
  if (result.hit && !result.setup.area && (shot === "arm" || shot === "leg")) ids.push(shot === "arm" ? "armDisabled" : "legDisabled");
  return ids;
}

const isDamageType = (type: string): type is DamageType => (choices.damageTypes() as string[]).includes(type);

/** The Spiked Shield a target wears when a melee attack hit it (RULING 35): its dice and type. */
export function spikesOf(wearer: WorkflowActor | undefined, result: TargetResult, melee: boolean): { dice: number; damageType: DamageType } | null {
  const spikes = melee && result.hit && wearer ? wornItemEffects(wearer).find((e) => e.retaliate)?.retaliate : undefined;
  if (!spikes || !isDamageType(spikes.damageType)) return null;
  return { dice: Math.min(MAX_DICE, spikes.damage), damageType: spikes.damageType };
}

/** A Spiked Shield's damage roll counted against the attacker's resistance (docs/rulings.md 128). */
export function spikedDamage(attacker: WorkflowActor, spikes: { damageType: DamageType }, faces: readonly number[], hit: boolean): DamageResult | null {
  return spikedShieldDamage(faces, resistanceShares(attacker, spikes.damageType), { melee: true, hit });
}

/**
 * The Spiked Shields of targets a melee attack hit: each rolls its dice once; the damage is
 * applied with the target's row.
 */
async function spikedShields(session: AttackSession, results: readonly TargetResult[], melee: boolean, first: number): Promise<{ rolls: DamageRoll[]; results: (CardTarget["retaliation"])[] }> {
  const rolls: DamageRoll[] = [];
  const out: (CardTarget["retaliation"])[] = [];
  for (const [i, result] of results.entries()) {
    const wearer = session.targets[i].actor as WorkflowActor | undefined;
    const spikes = spikesOf(wearer, result, melee);
    if (!spikes) {
      out.push(null);
      continue;
    }
    const roll = DamageRoll.forDice(spikes.dice, { damageType: spikes.damageType, armorPiercing: false, aoe: false, itemName: wearer!.name });
    await roll.evaluate();
    const index = first + rolls.length;
    rolls.push(roll);
    const dealt = spikedDamage(session.actor, spikes, roll.faces, result.hit);
    out.push(dealt ? { damage: dealt.total, roll: index } : null);
  }
  return { rolls, results: out };
}

/** Whether the target wears a Reactive / Reflective shield that may turn this damage roll aside (docs/rulings.md 129). */
export function redirectable(actor: WorkflowActor | undefined, damageType: DamageType, result: TargetResult): boolean {
  if (!actor) return false;
  const types = wornItemEffects(actor).map((e) => e.redirect?.damageType).filter((t): t is DamageType => !!t && isDamageType(t));
  return types.length > 0 && mayRedirect(types, damageType, { hit: result.hit, area: result.setup.area, automaticMiss: result.setup.automaticMiss });
}

/**
 * A preset reaction: declared from this client when it owns the reacting creature (the GM's side
 * pays its counter and records it; no combatant: nothing to pay). Another's creature declares its
 * own reactions when asked.
 */
async function payOwnReaction(reactor: CombatantDoc | null, actor: unknown, reactionId: string, reaction: Reaction, attackerUuid: string | null): Promise<boolean> {
  if (reaction === "none") return true;
  if ((actor as { isOwner?: boolean } | null)?.isOwner !== true) return false;
  if (reactor && (reactor as { isOwner?: boolean }).isOwner !== true) return false;
  return (await declareReaction(actor as { uuid?: string }, reactor as never, attackerUuid, { on: "attack", id: reactionId }, reaction)) !== null;
}

/** A fresh id for an attack's reactions. */
function newReactionId(): string {
  const random = (globalThis as { foundry?: { utils?: { randomID?(length?: number): string } } }).foundry?.utils?.randomID;
  return random ? random(16) : Array.from({ length: 16 }, () => "abcdefghijklmnopqrstuvwxyz0123456789"[Math.floor(Math.random() * 36)]).join("");
}

/** The conditions and procs the weapon and the attacker's enchantments bring. */
export function attackConditions(session: Pick<AttackSession, "actor" | "item">): ReturnType<typeof weaponConditions> {
  const conditions = weaponConditions(session.item);
  conditions.procs.push(...enchantmentProcs(session.actor, session.item.id));
  return conditions;
}

/** One roll pair resolved against its targets by the rules core (the workflow and the GM's recompute). */
export function resolveGroup(preview: AttackPreview, group: readonly AttackTarget[], rolls: { attack: readonly number[]; damage: readonly number[] }, conditions: ReturnType<typeof weaponConditions>): TargetResult[] {
  return resolveAttack(preview.input, group, rolls, { onHit: conditions.onHit, always: conditions.always, procs: conditions.procs });
}

/** The targets with their declared reactions. */
export function reactingTargets(preview: AttackPreview, reactions: Record<string, Reaction>): AttackTarget[] {
  return preview.targets.map((t) => ({ ...t, reaction: reactions[t.id] ?? "none" }));
}

/** Pays, asks, rolls and posts. Null when the attack did not happen (a message says why). */
export async function performAttack(session: AttackSession, options: Pick<AttackCallOptions, "reactions" | "drawArea" | "reactionsPaid" | "reactionId"> = {}): Promise<AttackOutcome | null> {
  const included = session.targets.filter((t) => t.include);
  if (!included.length) {
    notify("warn", "CLOCKWORK.Combat.Attack.NoTarget");
    return null;
  }
  session = { ...session, targets: included };
  let preview = previewSession(session);
  if (preview.cost.problem) {
    notify("warn", `CLOCKWORK.Combat.Attack.Counters.${preview.cost.problem}`, { name: session.actor.name });
    return null;
  }
  // A target beyond reach or range is refused here, before any reaction is asked or counter paid (issue 28).
  const beyond = preview.rows.map((row, i) => ({ row, info: session.targets[i] })).filter(({ row }) => BEYOND_REACH.includes(row.odds.setup.automaticMiss ?? ""));
  if (beyond.length) {
    notify("warn", "CLOCKWORK.Combat.Attack.Beyond.refused", { name: session.actor.name, targets: beyond.map(({ info }) => info.name).join(", ") });
    return null;
  }
  if (hooks().call(ATTACK_HOOKS.preAttack, session.actor, session.item, session) === false) return null;

  // Reactions: asked in parallel, declared before any die is rolled (§4.9 step 2).
  const names = { attacker: session.actor.name, weapon: session.item.name };
  // Each reactor records what it declared under this id; the GM reads that, not the card.
  const reactionId = isReactionId(options.reactionId) ? options.reactionId : newReactionId();
  const decisions: Record<string, ReactionDecision> = {};
  const combat = runningCombat();
  const attackerCombatant = combatantFor(combat, session.actor, session.token);
  await Promise.all(preview.rows.map(async (row, i) => {
    const info = session.targets[i];
    const reactor = combatantFor(combat, info.actor as WorkflowActor, tokenDocOf(info.tokenUuid ?? null));
    const given = options.reactions?.[row.key];
    // A bare preset is the caller's own declaration (its player's); the second strike passes the first's deciders on.
    const preset = typeof given === "string" ? given : given?.reaction;
    const by = typeof given === "object" && given ? given.by : "player";
    // The reactor's side pays its counter when it answers; a preset reaction is paid here only by the reactor's owner.
    if (preset) decisions[row.key] = { reaction: options.reactionsPaid || preset === "none" || await payOwnReaction(reactor, info.actor, reactionId, preset, attackerCombatant?.uuid ?? null) ? preset : "none", by };
    else decisions[row.key] = await decideReaction(info as AttackTargetInfo & { actor: WorkflowActor }, row, names, { reactorUuid: reactor?.uuid ?? null, attackerUuid: attackerCombatant?.uuid ?? null, reactionId });
  }));
  // A reaction a target may not take (or cannot pay) counts as none.
  for (const row of preview.rows) {
    const decided = decisions[row.key];
    if (decided.reaction !== "none" && (row.reactions[decided.reaction] !== null || row.reactionCharge)) decisions[row.key] = { reaction: "none", by: decided.by };
  }

  // Pay the attack's counters; each reaction's counter was paid by the side that answered it.
  const ops: GmWriteOp[] = [];
  if (session.counters && attackerCombatant && preview.cost.base > 0) {
    for (let i = 0; i < preview.cost.attacks; i++) ops.push({ op: "counters", uuid: attackerCombatant.uuid, spend: { cost: preview.cost.base, stunned: session.stunned } });
  }
  if (ops.length) {
    const paid = await writeOwned(ops);
    if (!paid.ok) return null;
  }

  const reactions = Object.fromEntries(Object.entries(decisions).map(([k, d]) => [k, d.reaction]));
  const targets = reactingTargets(preview, reactions);
  preview = { ...preview, targets };
  const conditions = attackConditions(session);
  const rolls: (GainRoll | DamageRoll)[] = [];
  const attacks: AttackCardData["attacks"] = [];
  const results: TargetResult[] = [];
  const resultAttack: number[] = [];
  const saveRolls = new Map<AttackTarget, GainRoll>();
  const saveIndex: (number | undefined)[] = [];
  const groups: AttackTarget[][] = isAreaMode(session.declaration.mode) ? [targets] : targets.map((t) => [t]);
  for (const group of groups) {
    const setup = setupTarget(preview.input, group[0]);
    const { attack, damage } = await rollPair(preview.input, setup, session);
    // Always hits, each target saves (lightning breath, L253): its roll against the attack's gains.
    const saveSkill = saveSkillOf(session.item);
    if (saveSkill) {
      for (const t of group) {
        const roll = await saveRoll(session.targets[targets.indexOf(t)]?.actor as WorkflowActor | undefined, saveSkill);
        t.saveGains = roll?.gains ?? 0;
        if (roll) saveRolls.set(t, roll);
      }
    }
    const resolved = resolveGroup(preview, group, { attack: attack.faces, damage: damage.faces }, conditions);
    attacks.push({
      attackRoll: rolls.length, damageRoll: rolls.length + 1, dice: setup.pool.dice, threshold: setup.threshold, hexed: preview.input.attacker.hexed === true,
      criticals: resolved.find((r) => r.hit)?.damage.criticals ?? 0, attackFaces: attack.faces, damageFaces: damage.faces,
    });
    rolls.push(attack, damage);
    for (const t of group) {
      const save = saveRolls.get(t);
      if (save) {
        saveIndex[targets.indexOf(t)] = rolls.length;
        rolls.push(save);
      }
    }
    for (const r of resolved) {
      results.push(r);
      resultAttack.push(attacks.length - 1);
    }
  }

  const spikes = await spikedShields(session, results, preview.input.weapon.kind === "melee", rolls.length);
  rolls.push(...spikes.rolls);

  const data: AttackCardData = {
    version: 1,
    actorUuid: session.actor.uuid,
    actorName: session.token?.name || session.actor.name,
    itemName: session.item.name,
    itemImg: (session.item as { img?: string | null }).img ?? null,
    mode: session.declaration.mode,
    damageType: session.declaration.damageType,
    calledShot: isAreaMode(session.declaration.mode) ? null : session.declaration.calledShot,
    itemUuid: session.item.uuid ?? null,
    tokenUuid: session.token?.uuid ?? null,
    declaration: declarationOf(session.declaration),
    reactionId,
    ...(session.areaDistance !== undefined ? { areaDistance: session.areaDistance } : {}),
    ...(session.group ? { groupMembers: groupMembersFor(session.group, session) } : {}),
    counters: ops.filter((op) => op.op === "counters" && op.uuid === attackerCombatant?.uuid).length * preview.cost.each,
    ...(preview.input.weapon.armorPiercing ? { armorPiercing: true } : {}),
    attacks,
    targets: results.map((r, i): CardTarget => {
      const info = session.targets[i];
      return {
        key: safeKey(info.key), name: info.name, img: info.img ?? null, actorUuid: info.actorUuid, tokenUuid: info.tokenUuid ?? null,
        attack: resultAttack[i], hit: r.hit, gains: r.gains, reaction: r.setup.reaction, reactionBy: decisions[info.key]?.by ?? "none",
        automaticMiss: r.setup.automaticMiss, situation: situationOf(info.situation),
        // Defense, resistance and health stay off the card: each observer works them out (./details).
        damage: { total: r.damage.total, criticals: r.damage.criticals },
        conditions: statusesOf(r, session, conditions.damaged),
        procs: r.procs.procs,
        ...(spikes.results[i] ? { retaliation: spikes.results[i] } : {}),
        ...(saveIndex[i] !== undefined ? { save: { roll: saveIndex[i] as number } } : {}),
        ...(redirectable(info.actor as WorkflowActor, session.declaration.damageType, r) ? { redirectable: true } : {}),
      };
    }),
    applied: {},
  };
  const message = await postAttackCard(session, data, rolls);
  if (session.placement && options.drawArea !== false) await drawArea(session.placement, session.token?.parent ?? null);
  const outcome: AttackOutcome = { session, results, reactions: decisions, data, message };
  hooks().callAll(ATTACK_HOOKS.attack, session.actor, session.item, outcome);
  return outcome;
}

/** The declaration as the card stores it (the roll mode is the message's own). */
function declarationOf(declaration: AttackDeclaration): NonNullable<AttackCardData["declaration"]> {
  const { rollMode: _rollMode, ...rest } = declaration;
  return rest;
}

/** What the card keeps of a target's situation (no reaction: the row has it). */
function situationOf(situation: AttackTargetInfo["situation"]): NonNullable<CardTarget["situation"]> {
  const { reaction: _reaction, ...rest } = situation;
  return rest;
}

async function postAttackCard(session: AttackSession, data: AttackCardData, rolls: (GainRoll | DamageRoll)[]): Promise<unknown> {
  const content = await renderAttackCard(data, PUBLIC_VIEWER);
  const messageData = applyRollMode({
    speaker: ChatMessage.getSpeaker({ actor: session.actor as never, token: session.token as never }),
    rolls,
    content,
    sound: CONFIG.sounds?.dice,
    flags: { clockwork: { [ATTACK_FLAG]: data, itemUuid: data.itemUuid ?? null, tokenUuid: data.tokenUuid ?? null } },
  }, session.declaration.rollMode);
  return ChatMessage.implementation.create(messageData as never);
}

// ---------------------------------------------------------------- the entry point

type DialogPrompt = (session: AttackSession) => Promise<AttackSession | null>;
let dialogPrompt: DialogPrompt | null = null;

/** The attack dialog (set by the dialog module, so this file stays free of the UI). */
export function setAttackDialog(prompt: DialogPrompt | null): void {
  dialogPrompt = prompt;
}

function skipsDialog(options: AttackCallOptions): boolean {
  if (options.skipDialog || options.event?.shiftKey) return true;
  return isModifierActive("Shift");
}

/** `actor.attack(item, options)`: the whole attack, or null when it did not happen. */
export async function attack(actor: WorkflowActor, item: AttackItem, options: AttackCallOptions = {}): Promise<AttackOutcome | null> {
  let session: AttackSession | null;
  try {
    session = startSession(actor, item, options);
    if (!session) return null;
    if (!skipsDialog(options) && dialogPrompt) {
      session = await dialogPrompt(session);
      if (!session) return null;
    }
    return await performAttack(session, options);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    notify("error", "CLOCKWORK.Combat.Attack.Error", { details: error.message });
    return null;
  }
}

/** What a viewer may see of a target in the dialog (exported for the dialog's context). */
export function viewerOf(): { isGM: boolean; hiddenInfo: ReturnType<typeof hiddenInfoLevel> } {
  return { isGM: game.user?.isGM === true, hiddenInfo: hiddenInfoLevel() };
}
