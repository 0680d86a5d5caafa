/**
 * Casting a spell from the sheet or a macro (issue 11 item 3): check → pay → roll → resolve by
 * the spell's roll kind → apply → card.
 *
 * 1. **Check** (src/rules/spells.ts `castingProblem`): the spell is known, a free hand, not
 *    Berserk, not a ritual in combat, the targets it needs (and what they must have), counters,
 *    personal mana. A refusal names the failed check in the user's language and changes nothing.
 * 2. **Pay** the counters (in a started combat) and the mana, as one write.
 * 3. **Roll**, in this order: the casting roll (Magic / the spell's skill with its bonus-skill and
 *    focus dice), the damage dice, the caster's own Null Magic Flat, each target's spell
 *    resistance dice, and each target's reaction (rolled by its owner, or the GM).
 * 4. **Resolve** with `resolveSpell`, **apply** through the magic relay (damage through the combat
 *    damage path, healing, barrier, wounds, statuses and Active Effects that store the gains),
 *    and post the card. When the writes cannot be made now (no GM connected), the card keeps
 *    them behind an Apply button.
 */
import { activeGM, allUsers, currentUser, documentClass, foundryMember, hooks as foundryHooks, localize, notify, targetedTokens, viewedCombat, worldCollection, worldTime } from "../foundry";
import { GainRoll } from "../dice/gain-roll";
import { DamageRoll } from "../dice/damage-roll";
import { applyRollMode, currentRollMode, toRollMode } from "../dice/roll-mode";
import { sourceFlags } from "../dice/message-flags";
import {
  borrowTime, castingProblem, castingPool, countGains, loseOneCounter, newTimeShift, slideTime, spellManaCost, spellOdds, resolveSpell,
  harmfulTo, resistanceChecks, targetMeetsRequirement, targetLimits, isAreaSpell, inRadiusArea, modeThatReaches, spellRangeLimit, spellReaches,
  type Caster, type SpellPlace, type CounterState, type DamageType, type SpellOutcome, type SpellProfile, type SpellTarget, type TimeShift,
} from "../rules";
import { CAST_CARD_TEMPLATE, CAST_FLAG, buildCastCardContext, castCardData, type CastCardData, type CastRequest, type CastRollIndex } from "./card";
import {
  casterOf, handsOf, knowsSpell, reactionPoolOf, spellDamageTypes, spellEffectsOf, spellProfileOf, spellTargetOf, statusesOf, withMode,
  type CastActor, type EffectLike, type SpellEffectFlag, type SpellItem,
} from "./context";
import { targetOps, type CastClock } from "./effects";
import { answerSpellDodge, askSpellReactions, isCastId, recordReaction, withDefenseParts, type SpellDodgeQuery } from "./reactions";
import { castDifficulty } from "./settings";
import { refusal } from "../combat/query-refusal";
import { drawSpellArea, placeSpellArea, spaceOf, tokensInSpellArea } from "./area";
import { sightBetween } from "../combat/area/sight";
import { gridSizeOf, spacesBetween as boxSpaces, spacesToPoint, tokenBox, type GridBox, type TokenPosition } from "../combat/attack/geometry";
import type { AreaPlacement, AreaScene } from "../combat/area/templates";
import { writeOwned, type RelayOp as MagicOp } from "../relay";
import { summonCompanion, type CompanionResult } from "./companions";
import { SPELL_REACTION_QUERY } from "./constants";
import { answerCounterspell as answerCounterspellWith, offerCounterspell, type CastFn, type Counterspelled } from "./counterspell";
import { canBeCounterspelled } from "../rules/counterspell";
import { hiddenInfoLevel } from "../combat/attack/settings";

/** Spells whose success makes a companion (tables 1.37 and 1.39). */
const COMPANION_TABLES = new Set(["golemancy", "callOfTheWild"]);

/** The query a target's owner answers with its reaction roll (defined in ./constants). */
export { SPELL_REACTION_QUERY };
/** Hooks: `clockwork.preCast` (actor, item, options; false cancels), `clockwork.cast` (actor, item, result). */
export const CAST_HOOKS = { pre: "clockwork.preCast", done: "clockwork.cast" } as const;

// ---------------------------------------------------------------- documents

export interface TokenLike {
  uuid?: string;
  id?: string | null;
  x?: number;
  y?: number;
  actor?: CastDoc | null;
  document?: TokenLike;
  parent?: { grid?: { size?: number } } | null;
}

/** An actor as the workflow uses it. */
export interface CastDoc extends CastActor {
  uuid: string;
  isOwner?: boolean;
  ownership?: Record<string, number>;
  testUserPermission?(user: unknown, level: string | number): boolean;
  getActiveTokens?(): TokenLike[];
}

interface CombatantLike {
  id?: string | null;
  uuid: string;
  actorId?: string | null;
  actor?: { id?: string | null } | null;
  system: { counters?: CounterState; shift?: TimeShift };
  checkSpend?(cost: number, options?: { reaction?: boolean }): { problem: string | null; reason: string };
}

export interface CombatLike {
  id: string;
  started?: boolean;
  round: number;
  turn: number | null;
  combatants: Iterable<CombatantLike>;
}

/** A target as callers name it: a token, a token's placeable, an actor, or a UUID. */
export type CastTargetLike = string | TokenLike | CastDoc;

function fromUuid(uuid: string): unknown {
  try {
    return fromUuidSync(uuid as never) ?? null;
  } catch {
    return null;
  }
}

function isActor(value: unknown): value is CastDoc {
  return !!value && (value as { documentName?: string }).documentName === "Actor";
}

/** The token and actor a target names. */
function resolveTarget(target: CastTargetLike): { token: TokenLike | null; actor: CastDoc | null } {
  const value = typeof target === "string" ? fromUuid(target) : target;
  if (!value) return { token: null, actor: null };
  if (isActor(value)) return { token: value.getActiveTokens?.()[0] ?? null, actor: value };
  const token = ((value as TokenLike).document ?? value) as TokenLike;
  return { token, actor: token.actor ?? null };
}

function runningCombat(): CombatLike | null {
  const combat = viewedCombat<CombatLike>();
  return combat?.started ? combat : null;
}

function combatantOf(combat: CombatLike | null, actor: CastDoc): CombatantLike | null {
  if (!combat) return null;
  for (const c of combat.combatants) if ((c.actor?.id ?? c.actorId) === actor.id) return c;
  return null;
}

/** Spaces between two tokens' nearest spaces (every step counts one, RULING 62). */
function spacesBetween(a: TokenLike | null, b: TokenLike | null): number | undefined {
  return distanceOf(boxOf(a), boxOf(b));
}

function userTargets(): TokenLike[] {
  return targetedTokens<TokenLike>();
}

// ---------------------------------------------------------------- options

/** Options of `actor.castSpell(item, options)`. */
export interface CastOptions {
  /**
   * Targets (tokens, actors or UUIDs); default: the user's targeted tokens. An area spell with a
   * template shape (radius, cone, line) and no named targets places its template from the caster
   * toward `area` (or the first targeted token's space) and takes every token inside; named
   * targets without `area` are taken as the area's (a macro or a scene without a grid).
   */
  targets?: CastTargetLike[];
  /** An area spell's aim point (grid space). */
  area?: { x: number; y: number };
  /** Draw the area's template on the scene (default true where templates exist). */
  drawArea?: boolean;
  /** A mode of the spell (Heal: "target", "area"). */
  mode?: string;
  /** The damage type, where the spell offers several (Shard). */
  damageType?: DamageType;
  /** The GM's difficulty for "vs GM DC" spells (default 0). */
  difficulty?: number;
  /** Dispel, Melt, Soften: the UUID of the effect to end (default: the target's only one). */
  effect?: string;
  /** Counterspell: the casting gains to beat, or the cast's chat message (or its id). */
  against?: number | string | { flags?: Record<string, unknown> };
  /**
   * Counterspell against a roll this user may not see (docs/rulings.md 136): the card shows its
   * gains but no comparison, odds or outcome; the caster's client decides (./counterspell).
   */
  sealed?: boolean;
  /** Whether each target resists an unopposed spell with a resisting skill (by target id; default: harmful spells on creatures the user does not own). */
  unwilling?: boolean | Record<string, boolean>;
  /** Cast as a reaction (Counterspell, Force Field). */
  reaction?: boolean;
  /**
   * Reading a scroll (§4.18 step 8, RULING 86): the reader need not know the spell, a shield hand
   * will do, the reader pays the counters and mana, and the scroll's stored casting roll (its
   * faces against the scribe's rank) replaces the casting roll.
   */
  scroll?: boolean | { faces: number[]; rank: number } | ScrollItem;
  /** A Counterspell cast in answer to a cast (its cast id): the GM reads this card as the record that it was countered. */
  answers?: string;
  focus?: string | boolean;
  situational?: number;
  /** Write the results at once (default true). */
  apply?: boolean;
  /** Post the card (default true). */
  chat?: boolean;
  rollMode?: string;
  /** Sliding / Borrow Time: counters to move (default: the gains). */
  counters?: number;
  /**
   * Offer Counterspell to the other combatants after the casting roll, before the effects
   * (default true; only in a started combat, src/magic/counterspell.ts). False skips the window.
   */
  counterspell?: boolean;
  /**
   * Golemancy / Call of the Wild: the companion a success makes, as an actor (src/magic/companions.ts).
   * A GM's only: the GM refuses a player's free-form companion (the card's table button is the
   * player's path, docs/rulings.md 140).
   */
  companion?: { name: string; img?: string | null; system?: Record<string, unknown> };
}

/** A scroll item (equipment, category "scroll"): the spell it casts and its stored casting roll (`flags.clockwork.scroll`). */
export interface ScrollItem {
  uuid?: string;
  name: string;
  type?: string;
  parent?: unknown;
  system: { category?: string; castsSpell?: string };
  flags?: { clockwork?: { scroll?: { faces?: unknown; rank?: unknown } } };
}

/** A scroll item's stored roll when it is a scroll of `spell` (by UUID), else null. */
export function scrollRollOf(scroll: ScrollItem | null | undefined, spellUuid: string | null | undefined): { faces: number[]; rank: number } | null {
  if (!scroll || scroll.type !== "equipment" || scroll.system?.category !== "scroll" || !spellUuid || scroll.system.castsSpell !== spellUuid) return null;
  const stored = scroll.flags?.clockwork?.scroll;
  const faces = stored?.faces;
  const rank = stored?.rank;
  if (!Array.isArray(faces) || !faces.length || faces.length > 12 || !faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 12)) return null;
  if (typeof rank !== "number" || !Number.isInteger(rank) || rank < 1 || rank > 12) return null;
  return { faces: [...faces] as number[], rank };
}

/** What a cast resolves to. */
export interface CastResult {
  outcome: SpellOutcome;
  data: CastCardData;
  message: unknown;
  applied: boolean;
  /** The companion actor a Golemancy / Call of the Wild cast made (`options.companion`). */
  companion?: CompanionResult | null;
}

function refuse(key: string, data: Record<string, unknown> = {}): null {
  notify("warn", `CLOCKWORK.Magic.Refused.${key}`, data);
  return null;
}

function storedGainsOf(against: CastOptions["against"]): number | null {
  if (typeof against === "number") return against;
  const message = typeof against === "string" ? (worldCollection<{ get(id: string): unknown }>("messages")?.get(against) ?? fromUuid(against)) : against;
  const gains = ((message as { flags?: Record<string, unknown> } | null)?.flags?.clockwork as { cast?: CastCardData } | undefined)?.cast?.gains;
  return typeof gains === "number" ? gains : null;
}

/** The effects an "against effect" spell compares with: Melt the Chilled/Frozen ones, Soften Petrified, Dispel the chosen spell effect. */
function storedEffectsFor(spell: SpellProfile, actor: CastDoc, chosen: string | undefined): { effect: EffectLike; gains: number; dispellable: boolean; flag?: SpellEffectFlag }[] {
  const effects = spellEffectsOf(actor);
  if (spell.automation.removes.length) {
    // Melt and Soften: the statuses they end, with the gains stored by whoever caused them (0 when none was).
    return [...(actor.effects ?? [])].filter((e) => !e.disabled && [...(e.statuses ?? [])].some((s) => spell.automation.removes.includes(s))).map((effect) => {
      const flag = (effect.flags?.clockwork as { spell?: SpellEffectFlag } | undefined)?.spell;
      return { effect, gains: flag?.gains ?? 0, dispellable: true, flag };
    });
  }
  const pick = chosen ? effects.filter((e) => e.effect.uuid === chosen) : effects.length === 1 ? effects : [];
  return pick.map(({ effect, spell: flag }) => ({ effect, gains: flag.gains, dispellable: flag.dispellable, flag }));
}

// ---------------------------------------------------------------- rolling

/** The user who rolls a creature's reaction: an active player who owns it, else the active GM. */
function reactionRoller(actor: CastDoc): { id: string | null; query?(name: string, data: unknown, options?: object): Promise<unknown> } | null {
  for (const user of allUsers<{ id: string | null; isGM: boolean; active: boolean; query?(n: string, d: unknown, o?: object): Promise<unknown> }>()) {
    if (!user.active || user.isGM) continue;
    if (actor.testUserPermission?.(user, "OWNER")) return user;
  }
  return activeGM<{ id: string | null; query?(name: string, data: unknown, options?: object): Promise<unknown> }>();
}

/** A target's reaction roll: by its owner (query), or here when that is this user or cannot be asked; the roll goes on the card. */
async function reactionRoll(actor: CastDoc, skill: string, castId: string): Promise<{ gains: number; roll: Roll | null }> {
  const pool = reactionPoolOf(actor, skill);
  if (!pool) return { gains: 0, roll: null };
  const roller = reactionRoller(actor);
  if (roller && roller.id !== game.user?.id && roller.query) {
    try {
      const answer = await roller.query(SPELL_REACTION_QUERY, { actorUuid: actor.uuid, skill, castId }, { timeout: 15_000 }) as { gains?: unknown; roll?: unknown } | null;
      if (typeof answer?.gains === "number") {
        let roll: Roll | null = null;
        try {
          roll = answer.roll && typeof answer.roll === "object" ? (Roll.fromData(answer.roll as never) as unknown as Roll) : null;
        } catch {
          roll = null;
        }
        return { gains: answer.gains, roll };
      }
    } catch (error) {
      console.warn("ClockWork | a spell reaction was not answered; rolling it here", error);
    }
  }
  const roll = GainRoll.fromPool(pool.dice, { threshold: pool.threshold, hexed: pool.hexed });
  await roll.evaluate();
  // Rolled here for a creature this user answers for: its record, as its owner's side would write it.
  if (actor.isOwner) await recordReaction(actor as never, castId, { faces: [...roll.faces] });
  return { gains: roll.gains, roll };
}

/**
 * The owner's side of the reaction query: rolls the actor's skill (the roll travels back for the
 * card, and its faces are recorded on the actor under the cast's id), or, with `dodge`, answers
 * a dodge or block against an attack spell (./reactions).
 */
export async function answerSpellReaction(data: unknown): Promise<unknown> {
  if (data && typeof data === "object" && "dodge" in data) return answerSpellDodge(data as SpellDodgeQuery);
  const request = data as { actorUuid?: unknown; skill?: unknown; castId?: unknown } | null;
  if (typeof request?.actorUuid !== "string" || typeof request.skill !== "string") return refusal("BadRequest");
  if (request.castId !== undefined && !isCastId(request.castId)) return refusal("BadRequest");
  const actor = fromUuid(request.actorUuid) as CastDoc | null;
  if (!actor) return refusal("NoActor");
  if (!actor.isOwner) return refusal("NotOwner", { name: actor.name });
  // Only a skill this creature resists with (its pool); nothing is written either way.
  const pool = reactionPoolOf(actor, request.skill);
  if (!pool) return refusal("BadRequest");
  const roll = GainRoll.fromPool(pool.dice, { threshold: pool.threshold, hexed: pool.hexed });
  await roll.evaluate();
  if (isCastId(request.castId)) await recordReaction(actor as never, request.castId, { faces: [...roll.faces] });
  return { gains: roll.gains, roll: roll.toJSON() as object };
}

// ---------------------------------------------------------------- the workflow

interface Prepared {
  spell: SpellProfile;
  /** An area spell's placed template and its scene. */
  placement: { area: AreaPlacement; scene: AreaScene } | null;
  targets: { token: TokenLike | null; actor: CastDoc; self: boolean }[];
  combat: CombatLike | null;
  combatant: CombatantLike | null;
  mana: number;
  counters: number;
  /** Each target's place for the range check (./spell-range of the rules). */
  places: SpellPlace[];
  /** An area spell's aim point, in spaces from the caster. */
  aimDistance: number | undefined;
  /** The way of casting used (named, or the one that reaches): the card records it for the GM's Apply. */
  mode: string | undefined;
}

/** A target of an aimed cast, with whether the spell reaches it and why not, in words. */
export interface AimedTarget {
  token: TokenLike | null;
  actor: CastDoc;
  self: boolean;
  name: string;
  /** Null when the spell reaches it; else the localized reason (too far, not in the area, unseen behind a wall). */
  unreached: string | null;
}

/** What a cast aimed at a space or at targets would take (see {@link aimSpell}). */
export interface SpellAim {
  /** The spell in the way of casting that will be used (a named mode, or the one that reaches). */
  spell: SpellProfile;
  mode: string | undefined;
  /** An area spell's placed area (the rules core's spaces) and its scene; null without a placed area. */
  placement: { area: AreaPlacement; scene: AreaScene } | null;
  targets: AimedTarget[];
  places: SpellPlace[];
  aimDistance: number | undefined;
}

/**
 * Aiming on the map (issue 28), before anything is paid, written or drawn: the creatures a cast
 * of `item` would take and whether it reaches each of them. An area spell with a template shape
 * is placed from the caster's token toward `options.area` (a grid space; else the first targeted
 * token's) and takes whoever the rules core puts inside it; other spells take `options.targets`
 * (else the user's targets). Each target is checked for range, reach and, for sight spells,
 * walls (core's sight collision test from the caster's token). `castSpell` casts exactly this;
 * a casting dialog calls it to preview the area and the targets as the aim moves.
 */
export function aimSpell(actor: CastDoc, item: SpellItem, options: Pick<CastOptions, "targets" | "area" | "mode"> = {}): SpellAim {
  const profile = spellProfileOf(item);
  let spell = withMode(profile, options.mode);
  const kind = spell.automation.targets.kind;
  const casterToken = actor.getActiveTokens?.()[0] ?? null;
  let targets: Prepared["targets"] = [];
  let placement: Prepared["placement"] = null;
  const casterDoc = (casterToken?.document ?? casterToken) as (TokenLike & { parent?: AreaScene | null }) | null;
  const aimed = options.targets ? null : userTargets().map((t) => (t.document ?? t) as TokenLike);
  const aim = options.area ?? (aimed?.[0] && typeof aimed[0].x === "number" ? spaceOf(aimed[0] as never) : null);
  const area = kind === "area" && (options.area || aimed) ? placeSpellArea(spell, casterDoc as never, aim) : null;
  if (area && casterDoc?.parent) {
    // The template decides who is in the area (combat's helpers, shared with area weapons).
    placement = { area, scene: casterDoc.parent };
    targets = tokensInSpellArea(area, casterDoc.parent).map((token) => {
      const target = token.actor as CastDoc;
      return { token: token as TokenLike, actor: target, self: target === actor || target.uuid === actor.uuid };
    // A radius cast on oneself (Force Blast) is around the caster, not on her.
    }).filter((t) => !(t.self && spell.range.kind === "self"));
  } else if (kind === "self") targets = [{ token: casterToken, actor, self: true }];
  else if (kind !== "none") {
    const named = (options.targets ?? userTargets()).map(resolveTarget).filter((t): t is { token: TokenLike | null; actor: CastDoc } => t.actor !== null);
    targets = named.map((t) => ({ ...t, self: t.actor === actor || t.actor.uuid === actor.uuid }));
  }
  // Range (issue 19): with no mode named, the way of casting that reaches (Heal beyond touch: its ranged mode).
  const reach = placesOf(spell, casterDoc, targets, placement ? aim : options.area ?? null, !!placement);
  let mode = options.mode;
  if (!options.mode && !placement) {
    const reaching = modeThatReaches(spell, reach.places);
    if (reaching) {
      spell = withMode(profile, reaching);
      mode = reaching;
    }
  }
  const aimedTargets = targets.map((t, i): AimedTarget => {
    const place = reach.places[i];
    const verdict = spellReaches(spell, place);
    return {
      ...t,
      name: String((t.token as { name?: string } | null)?.name || t.actor.name),
      unreached: verdict.reaches ? null : localize(`CLOCKWORK.Magic.Reach.${verdict.problem}`, { distance: place.distance ?? "?", aim: place.aimDistance ?? "?", limit: verdict.limit ?? "?" }),
    };
  });
  return { spell, mode, placement, targets: aimedTargets, places: reach.places, aimDistance: reach.aimDistance };
}

/** Works out and checks a cast; null (with the reason shown) when it cannot be cast. */
function prepare(actor: CastDoc, item: SpellItem, options: CastOptions): Prepared | null {
  if (item?.type !== "spell") return refuse("notSpell", { name: item?.name ?? "" });
  const aimed = aimSpell(actor, item, options);
  const { spell, placement, places, aimDistance, mode: chosenMode } = aimed;
  const targets: Prepared["targets"] = aimed.targets.map(({ token, actor: target, self }) => ({ token, actor: target, self }));
  const kind = spell.automation.targets.kind;
  const combat = runningCombat();
  const combatant = combatantOf(combat, actor);
  const inCombat = combatant !== null;
  const limits = targetLimits(spell.automation);
  const needsTargets = kind === "area" ? 1 : limits.min;
  if (targets.length < needsTargets) return refuse(kind === "area" ? "noOneInArea" : "noTarget", { name: item.name });
  // Range, reach and sight, before anything is paid.
  const unreached = aimed.targets.filter((t) => t.unreached !== null);
  if (unreached.length) {
    const list = unreached.map((t) => localize("CLOCKWORK.Magic.Reach.target", { name: t.name, reason: t.unreached })).join("; ");
    return refuse("outOfReach", { name: item.name, targets: list });
  }
  const valid = targets.every((t) => targetMeetsRequirement(spell.automation.requires, {
    statuses: [...statusesOf(t.actor)], wounds: t.actor.system.health?.wounds, dying: t.actor.system.health?.dying,
  }));
  const mana = spellManaCost(spell, Math.max(1, kind === "self" || kind === "area" ? 1 : targets.length));
  const counterCost = spell.counters ?? 0;
  const statuses = statusesOf(actor);
  const problem = castingProblem({
    spell,
    known: options.scroll ? true : knowsSpell(actor, item),
    hands: handsOf(actor),
    scroll: !!options.scroll,
    berserk: statuses.has("berserk"),
    mana: actor.system.mana?.value ?? 0,
    manaCost: mana,
    targets: kind === "self" || kind === "area" || kind === "none" ? 0 : targets.length,
    targetsValid: valid,
    inCombat,
    counters: combatant?.system.counters,
    stunned: statuses.has("stunned"),
    reaction: options.reaction,
  });
  if (problem) {
    const cost = spell.counters ?? 0;
    return refuse(problem, { name: item.name, mana, have: actor.system.mana?.value ?? 0, cost, spell: item.name });
  }
  // The combat layer's own checks: Frozen, Petrified, dying … spend no counters (docs/rulings.md 81).
  if (inCombat && combatant?.checkSpend) {
    const check = combatant.checkSpend(counterCost, { reaction: options.reaction });
    if (check.problem) {
      notify("warn", "CLOCKWORK.Magic.Refused.counters", { reason: check.reason });
      return null;
    }
  }
  return { spell, placement, targets, combat, combatant, mana, counters: inCombat ? counterCost : 0, places, aimDistance, mode: chosenMode };
}

/**
 * Where each target stands for the range check: its distance from the caster, and for an area
 * spell the aim point's distance and whether it is in the area. Targets named without an aim
 * point are taken as the area's when each is within the spell's spaces plus the area's size
 * (docs/rulings.md 143); the one roll is then checked at the nearest of them, within range.
 */
/**
 * Where each target stands for the spell's range, from the tokens as they are: with an aim point
 * (a placed area) each target is in it; without one (a macro, the GM applying a card) each area
 * target is accepted within the range plus the area (docs/rulings.md 143).
 */
export function placesOf(spell: SpellProfile, caster: TokenLike | null, targets: readonly { token: TokenLike | null; self: boolean }[], aim: { x: number; y: number } | null, placed: boolean): SpellReach {
  const casterBox = boxOf(caster);
  const boxes = targets.map((t) => boxOf(t.token));
  const distances = targets.map((t, i) => (t.self ? 0 : distanceOf(casterBox, boxes[i])));
  if (!isAreaSpell(spell)) {
    // A sight spell (Void Bolt, L1711) asks core's sight test whether walls hide the target (unknown: taken as seen).
    const seen = (t: { token: TokenLike | null; self: boolean }) => (spell.range.kind === "sight" && !t.self && sightBetween(caster, t.token) === "blocked" ? { seen: false } : {});
    return { places: targets.map((t, i) => ({ self: t.self, distance: distances[i], ...seen(t) })), aimDistance: undefined };
  }
  if (spell.range.kind === "self") return { places: targets.map((t, i) => ({ self: t.self, distance: distances[i], ...(placed ? { inArea: true } : {}) })), aimDistance: undefined };
  const aimDistance = casterBox && aim ? spacesToPoint(casterBox, aim) : undefined;
  const places = targets.map((t, i): SpellPlace => {
    const box = boxes[i];
    const inArea = placed ? true : aim && box && spell.area.shape === "radius" ? inRadiusArea(spell.area.size, aim, { x: box.x, y: box.y, size: Math.max(box.w, box.h) }) : undefined;
    return { self: t.self, distance: distances[i], aimDistance, inArea };
  });
  const measured = distances.filter((d): d is number => d !== undefined);
  const limit = spellRangeLimit(spell);
  const unaimed = aimDistance === undefined && measured.length && limit !== null ? Math.min(limit, ...measured) : undefined;
  return { places, aimDistance: aimDistance ?? unaimed };
}

/** A token's spaces on its scene, or null when it has no position. */
function boxOf(token: TokenLike | null): GridBox | null {
  const doc = (token?.document ?? token) as (TokenLike & { width?: number; height?: number }) | null;
  if (!doc || typeof doc.x !== "number" || typeof doc.y !== "number") return null;
  return tokenBox(doc as TokenPosition, gridSizeOf(doc));
}

function distanceOf(a: GridBox | null, b: GridBox | null): number | undefined {
  return a && b ? boxSpaces(a, b) : undefined;
}

/** Pays the cast's counters and mana as one write; false (nothing paid) when it is refused. */
async function pay(actor: CastDoc, prepared: Prepared, options: CastOptions, reactionOps: MagicOp[] = []): Promise<boolean> {
  const ops: MagicOp[] = [...reactionOps];
  // A free spell stays free when Stunned (docs/rulings.md 32): nothing to write.
  if (prepared.combatant && prepared.counters > 0) {
    ops.push({ op: "counters", uuid: prepared.combatant.uuid, spend: { cost: prepared.counters, reaction: options.reaction, stunned: statusesOf(actor).has("stunned") } });
  }
  if (prepared.mana > 0) ops.push({ op: "mana", uuid: actor.uuid, value: (actor.system.mana?.value ?? 0) - prepared.mana });
  const result = await writeOwned(ops);
  return result.ok;
}

function unwillingOf(options: CastOptions, spell: SpellProfile, actor: CastDoc, self: boolean): boolean {
  if (self) return false;
  const u = options.unwilling;
  if (typeof u === "boolean") return u;
  const id = actor.id ?? actor.uuid;
  if (u && id in u) return u[id];
  return spell.automation.harmful && !actor.isOwner;
}

/** Stored rolls an "against" spell compares with, by target index. */
export type StoredRolls = Record<number, { gains: number; effects: { effect: EffectLike; gains: number; dispellable: boolean; flag?: SpellEffectFlag }[] }>;

/** The stored rolls a cast compares with, or the refusal's key (before anything is paid). */
export function storedRollsFor(spell: SpellProfile, targets: readonly { actor: CastDoc }[], options: Pick<CastOptions, "against" | "effect">): StoredRolls | "noCast" | "noEffect" {
  const stored: StoredRolls = {};
  if (spell.automation.against === "casting") {
    const gains = storedGainsOf(options.against);
    if (gains === null) return "noCast";
    targets.forEach((_, i) => (stored[i] = { gains, effects: [] }));
  } else if (spell.automation.against === "effect") {
    for (const [i, target] of targets.entries()) {
      const effects = storedEffectsFor(spell, target.actor, options.effect);
      if (!effects.length) return "noEffect";
      stored[i] = { gains: Math.max(...effects.map((e) => e.gains)), effects };
    }
  }
  return stored;
}

/** The cast's targets as the rules core sees them, from the caster's and targets' current data. */
export interface CastSetup {
  spell: SpellProfile;
  caster: Caster;
  damageType: DamageType | undefined;
  ruleTargets: (SpellTarget & { reactionPool?: { dice: number; threshold: number; hexed?: boolean } })[];
  /** A Force Field met by target index (its effect's UUID). */
  fields: Record<number, string>;
  /** The distance an area's one roll is checked at (its aim point's). */
  aimDistance: number | undefined;
}

/** Where each target stands for the spell's range (./placesOf), and an area's aim distance. */
export interface SpellReach {
  places: SpellPlace[];
  aimDistance: number | undefined;
}

/** Builds the rules' view of a cast (the caster's client before rolling, the GM when applying its card). */
export function castSetup(actor: CastDoc, item: SpellItem, spell: SpellProfile, targets: readonly { token: TokenLike | null; actor: CastDoc; self: boolean }[], combat: CombatLike | null, stored: StoredRolls, options: CastOptions, reach: SpellReach): CastSetup {
  const { caster } = casterOf(actor, item, { situational: options.situational, focus: options.focus });
  const damageTypes = spellDamageTypes(spell);
  const damageType = options.damageType && damageTypes.includes(options.damageType) ? options.damageType : damageTypes[0];
  const fields: Record<number, string> = {};
  const ruleTargets: CastSetup["ruleTargets"] = targets.map((t, i) => {
    const id = t.actor.uuid;
    const combatant = combatantOf(combat, t.actor);
    const base = spellTargetOf(t.actor, damageType, {
      id,
      distance: reach.places[i]?.distance,
      defenseless: combatant ? combatant.system.counters?.hadTurn === false : false,
      self: t.self,
      unwilling: unwillingOf(options, spell, t.actor, t.self),
    });
    const pool = reactionPoolOf(t.actor, spell.roll.opposedSkill);
    // Attack spells meet the whole defense a weapon does, reactions included (§4.9).
    const full = spell.roll.kind === "attack" && !t.self ? withDefenseParts(base, t.actor, damageType) : base;
    // A Force Field stands against one attack or area spell; Void Bolt passes through it (§3.1).
    const field = (spell.roll.kind === "attack" || spell.roll.kind === "area") && !t.self ? forceFieldOf(t.actor) : null;
    if (field && !spell.automation.attack.voidBolt) {
      full.forceField = field.amount;
      if (field.uuid) fields[i] = field.uuid;
    }
    const inArea = reach.places[i]?.inArea;
    return { ...full, reactionGains: stored[i]?.gains, ...(inArea !== undefined ? { inArea } : {}), ...(pool ? { reactionPool: pool } : {}) };
  });
  return { spell, caster, damageType, ruleTargets, fields, aimDistance: reach.aimDistance };
}

/** Ops that record what they add on the written actor under a ledger tag (src/relay/ops). */
const LEDGERED = new Set(["damage", "heal", "health", "status", "barrier", "cureWounds", "stabilize", "effect"]);

/** The ledger tag of a cast card's target: `<messageId>.t<index>`. */
export function castLedger(messageId: string, index: number): string {
  return `${messageId}.${castTargetKey(index)}`;
}

/** A card's target key (the slot of its ledger tag and of `args.targets`). */
export function castTargetKey(index: number): string {
  return `t${index}`;
}

/**
 * What a resolved cast writes on each target (by index): damage, healing, statuses, effects, a
 * spent Force Field or Ward, Dispel's ends, Stun's lost counter. Tagged with the card's ledger
 * when it has one. Shared by the cast and the GM's Apply (one copy of the spell's writes).
 */
export function targetWrites(setup: CastSetup, outcome: SpellOutcome, targets: readonly { actor: CastDoc }[], stored: StoredRolls, combat: CombatLike | null, context: { name: string; img: string | null; casterUuid: string; itemUuid: string | null; clock: CastClock; gains: number }, messageId: string | null): MagicOp[][] {
  const { spell, fields } = setup;
  return outcome.targets.map((t, i) => {
    const ops: MagicOp[] = [];
    const target = targets[i];
    ops.push(...targetOps(spell, t, target.actor, context));
    // The Force Field met this attack and is spent (one attack, like a block).
    if (fields[i] && !t.resistance?.negated) ops.push({ op: "endEffect", uuid: fields[i] });
    // A spell that got through a Ward ends it (§3.1 Ward).
    if (t.resistance?.wardEnds) {
      const ward = spellEffectsOf(target.actor).find((e) => e.spell.effect === "ward");
      if (ward?.effect.uuid) ops.push({ op: "endEffect", uuid: ward.effect.uuid });
    }
    if (t.success) {
      const kind = spell.automation.effect.kind;
      if (spell.automation.against === "effect") {
        for (const { effect, dispellable, flag } of stored[i]?.effects ?? []) {
          if (!effect.uuid || (kind === "dispel" && !dispellable)) continue;
          if (spell.automation.removes.length) continue; // Melt and Soften end their statuses by id (targetOps).
          ops.push({ op: "endEffect", uuid: effect.uuid });
          if (flag?.effect === "barrier") ops.push({ op: "barrier", uuid: target.actor.uuid, amount: 0 });
        }
      }
      if (kind === "stunOne" && t.damageTotal > 0) {
        const combatant = combatantOf(combat, target.actor);
        if (combatant) {
          const lost = loseOneCounter(combatant.system.counters ?? { available: 0, reserved: 0, hadTurn: false, passed: false }, combatant.system.shift ?? newTimeShift());
          ops.push({ op: "update", uuid: combatant.uuid, changes: { "system.counters": lost.counters, "system.shift": lost.shift } });
        }
      }
    }
    if (!messageId) return ops;
    const ledger = castLedger(messageId, i);
    return ops.map((op) => (LEDGERED.has(op.op) ? { ...op, ledger } as MagicOp : op));
  });
}

/** The running combat as a cast sees it (the GM's when it applies a card). */
export function castCombat(): CombatLike | null {
  return runningCombat();
}

/** A cast's resolution from its dice (shared by the cast and the GM's Apply). */
export function resolveCast(setup: CastSetup, roller: Caster, dice: { casting: number[]; damage: number[]; ownNullMagic?: number; resistance: Record<string, number[]> }, options: { difficulty?: number; counterspelled?: boolean }): SpellOutcome {
  return resolveSpell(setup.spell, roller, setup.ruleTargets, {
    casting: dice.casting, damage: dice.damage, ownNullMagic: dice.ownNullMagic, resistance: dice.resistance,
    difficulty: options.difficulty ?? 0, counterspelled: options.counterspelled === true,
  }, { damageType: setup.damageType, distance: setup.aimDistance });
}

/** A world clock for a cast's effects (when they began). */
export function castClock(combat: CombatLike | null): CastClock {
  return { combat: combat ? { id: combat.id, round: combat.round, turn: combat.turn ?? 0 } : null, worldTime: worldTime() };
}

/**
 * Casts a spell: checks, pays, rolls, resolves and applies (see the module comment). Resolves
 * with the outcome and the card, or null when the cast was refused (nothing changed) or cancelled.
 */
export async function castSpell(actor: CastDoc, item: SpellItem, options: CastOptions = {}): Promise<CastResult | null> {
  const hooks = foundryHooks();
  if (hooks.call(CAST_HOOKS.pre, actor, item, options) === false) return null;
  // A scroll item: its stored roll, when it is a scroll of this spell (the GM checks the same item on Apply).
  const scrollItem = options.scroll && typeof options.scroll === "object" && "system" in options.scroll ? options.scroll : null;
  const scroll = scrollItem ? scrollRollOf(scrollItem, item?.uuid) : typeof options.scroll === "object" ? options.scroll as { faces: number[]; rank: number } : null;
  if (scrollItem && !scroll) return refuse("notScroll", { name: scrollItem.name, spell: item?.name ?? "" });
  // "vs GM" spells: against the GM's number (a world setting), or a higher one a player names.
  if (item?.type === "spell" && spellProfileOf(item).roll.kind === "difficulty") options = { ...options, difficulty: castDifficulty(options.difficulty, currentUser<{ isGM?: boolean }>()?.isGM === true) };
  // The cast's id: reactors and Counterspells record their answers under it (the GM reads them on Apply).
  const castId = foundryMember<() => string>("utils.randomID")?.() ?? Math.random().toString(36).slice(2, 18);
  const prepared = prepare(actor, item, options);
  if (!prepared) return null;
  const { spell, targets } = prepared;

  // Stored rolls to compare with, before anything is paid.
  const stored = storedRollsFor(spell, targets, options);
  if (stored === "noCast") return refuse("noCast", { name: item.name });
  if (stored === "noEffect") return refuse("noEffect", { name: targets.find((t) => !storedEffectsFor(spell, t.actor, options.effect).length)?.actor.name ?? "" });

  const setup = castSetup(actor, item, spell, targets, prepared.combat, stored, options, { places: prepared.places, aimDistance: prepared.aimDistance });
  const { caster, damageType, ruleTargets } = setup;
  // An area's one roll is checked for range at its aim point, not at each target (issue 19 item 4).
  const odds = spellOdds(spell, caster, ruleTargets, { difficulty: options.difficulty, damageType, distance: prepared.aimDistance });

  // Dodge or block, declared before any die is rolled, through combat's reaction path.
  const reactions = await askSpellReactions(spell, caster, actor.name, item.name, ruleTargets, targets.map((t) => ({
    actor: t.actor, self: t.self, tokenName: t.token ? (t.token as { name?: string }).name ?? null : null, combatant: combatantOf(prepared.combat, t.actor),
  })), odds.targets.map((t) => t.attack), damageType, prepared.combatant?.uuid ?? null, castId);

  if (!(await pay(actor, prepared, options, reactions.ops))) return null;

  // Dice, in a fixed order (tests queue faces in it). Each roll goes on the card: the GM reads them back.
  const rolls: CastRolls = { list: [], index: { resistance: targets.map(() => null), reaction: targets.map(() => null) } };
  const pool = castingPool(caster);
  const casting = scroll ? [...scroll.faces] : await rollPool(rolls, "casting", pool.dice, caster.rank, caster.hexed);
  // A scroll's roll stands as the scribe made it: its own dice against the scribe's rank.
  const roller: Caster = scroll ? { magic: scroll.faces.length, rank: scroll.rank, affinity: caster.affinity } : caster;

  // Counterspell, before anything of the spell happens (the caster has paid, §3.1 Counterspell).
  const counterspelled = await counterspellWindow(actor, item.name, spell, prepared, Math.max(0, countGains(casting, roller.rank, { hexed: roller.hexed })), options, castId);
  let damageFaces: number[] = [];
  if (spell.damage.dice > 0 && !counterspelled) {
    const roll = DamageRoll.forDice(spell.damage.dice, { damageType: damageType ?? "energy" });
    await roll.evaluate();
    damageFaces = roll.faces;
    rolls.index.damage = rolls.list.push(roll) - 1;
  }
  const ownNullMagic = !counterspelled && ruleTargets.length && (actor.items ? [...actor.items].some((i) => i.type === "feature" && i.system.identifier === "null-magic") : false)
    ? (await rollPool(rolls, "nullMagic", 1))[0] : undefined;
  const resistance: Record<string, number[]> = {};
  for (const [i, target] of (counterspelled ? [] : ruleTargets).entries()) {
    const res = target.spellResistance ? (target.self ? { ...target.spellResistance, nullMagic: false } : target.spellResistance) : null;
    const checks = res ? resistanceChecks(res, { harmful: harmfulTo(spell, target) }) : [];
    if (checks.length) resistance[target.id] = await rollPool(rolls, `resistance:${i}`, checks.length);
  }
  for (const [i, target] of (counterspelled ? [] : ruleTargets).entries()) {
    const reacts = spell.roll.kind === "opposed" ? !spell.automation.against : spell.roll.kind === "unopposed" && target.unwilling && !!spell.roll.opposedSkill;
    if (reacts && spell.roll.opposedSkill) {
      const { gains, roll } = await reactionRoll(targets[i].actor, spell.roll.opposedSkill, castId);
      target.reactionGains = gains;
      if (roll) rolls.index.reaction[i] = rolls.list.push(roll) - 1;
    }
  }

  const outcome = resolveCast(setup, roller, { casting, damage: damageFaces, ownNullMagic, resistance }, { difficulty: options.difficulty, counterspelled: !!counterspelled });

  // What the cast writes: on each target, and on the caster's own documents.
  const combat = prepared.combat;
  const context = { name: item.name, img: item.img ?? null, casterUuid: actor.uuid, itemUuid: item.uuid ?? null, clock: castClock(combat), gains: outcome.gains };
  const casterOps: MagicOp[] = [];
  if (outcome.casterHeal > 0) casterOps.push({ op: "heal", uuid: actor.uuid, amount: outcome.casterHeal });
  if (outcome.casterDamage > 0) casterOps.push({ op: "damage", uuid: actor.uuid, amount: outcome.casterDamage, unavoidable: true });
  const moved = timeOps(spell, outcome, prepared.combatant, options);
  if (moved === false) notify("warn", "CLOCKWORK.Magic.Refused.time", { name: item.name });
  else casterOps.push(...moved);

  if (prepared.placement && options.drawArea !== false) await drawSpellArea(prepared.placement.area, prepared.placement.scene);
  // The card is posted before the writes: the GM writes a player's cast on creatures the player
  // does not own only as it works them out from this card's rolls (docs/rulings.md 139).
  const planned = targetWrites(setup, outcome, targets, stored, combat, context, null);
  const data = castCardData({
    spell, name: item.name, img: item.img ?? null, caster: { name: actor.name, uuid: actor.uuid },
    dice: casting.length, threshold: roller.rank, faces: casting, hexed: roller.hexed === true, damageFaces, damageType: damageType ?? null,
    difficulty: spell.roll.kind === "difficulty" ? options.difficulty ?? 0 : null,
    outcome, targets: targets.map((t, i) => ({ uuid: t.actor.uuid, name: t.token ? String((t.token as { name?: string }).name ?? t.actor.name) : t.actor.name, chance: odds.targets[i]?.chance ?? null })),
    paid: { mana: prepared.mana, counters: prepared.counters }, writes: planned.map((ops) => ops.length > 0), chance: ruleTargets.length ? null : odds.chanceOfSuccess,
    counteredBy: counterspelled ? counterspelled.name : null, sealed: options.sealed === true,
    request: castRequestOf(item, { ...options, mode: prepared.mode as CastOptions["mode"] }, scroll && { ...scroll, itemUuid: scrollItem?.uuid ?? null }, targets.map((t, i) => ruleTargets[i]?.unwilling === true), rolls.index, castId),
    reveal: hiddenInfoLevel(),
  });
  const message = (options.chat === false ? null : await postCastCard(actor, data, options.rollMode ?? currentRollMode(), rolls.list)) as CastMessage | null;
  // The caster's own documents (Borrow Time, a caster's drawback) are written here at once.
  if (casterOps.length && options.apply !== false) await writeOwned(casterOps);
  let applied = data.applied;
  if (options.apply !== false && !applied) {
    if (message) applied = await applyCastCard(message);
    else {
      // No card (a macro's `chat: false`): only what this user may write itself.
      const all = planned.flat();
      applied = all.length > 0 && (game.user?.isGM === true || planned.every((ops, i) => !ops.length || targets[i].actor.isOwner === true))
        ? (await writeOwned(all)).ok : false;
    }
    if (applied) data.applied = true;
  }
  const result: CastResult = { outcome, data, message, applied };
  // The golem or animal acts as its own actor right after the caster (issue 11 item 8).
  if (options.companion && outcome.success && COMPANION_TABLES.has(spell.automation.table)) {
    result.companion = await summonCompanion(actor, { ...options.companion, spell: spell.identifier });
  }
  hooks.callAll(CAST_HOOKS.done, actor, item, result);
  return result;
}

/** The rolls a cast puts on its card, and where each is (indices into the message's rolls). */
interface CastRolls {
  list: Roll[];
  index: CastRollIndex;
}

async function rollPool(rolls: CastRolls, part: string, dice: number, threshold = 12, hexed = false): Promise<number[]> {
  if (dice <= 0) return [];
  const roll = GainRoll.fromPool(Math.min(12, dice), { threshold, hexed });
  await roll.evaluate();
  const at = rolls.list.push(roll) - 1;
  if (part === "casting") rolls.index.casting = at;
  else if (part === "nullMagic") rolls.index.nullMagic = at;
  else if (part.startsWith("resistance:")) rolls.index.resistance[Number(part.slice("resistance:".length))] = at;
  return roll.faces;
}

/** What the GM needs besides the dice to work the cast out again: the caster's choices. */
function castRequestOf(item: SpellItem, options: CastOptions, scroll: { faces: number[]; rank: number; itemUuid: string | null } | null, unwilling: boolean[], rolls: CastRollIndex, castId: string): CastRequest {
  const against = typeof options.against === "string" ? options.against : typeof options.against === "number" ? options.against : null;
  return {
    itemUuid: item.uuid ?? null,
    mode: options.mode ?? null,
    situational: options.situational ?? 0,
    focus: options.focus ?? null,
    effect: options.effect ?? null,
    against,
    scroll: scroll ? { faces: [...scroll.faces], rank: scroll.rank, itemUuid: scroll.itemUuid } : null,
    unwilling,
    rolls,
    castId,
    answers: isCastId(options.answers) ? options.answers : null,
  };
}

/** Offers Counterspell to the other combatants of a started combat (none eligible: no wait). */
async function counterspellWindow(actor: CastDoc, name: string, spell: SpellProfile, prepared: Prepared, gains: number, options: CastOptions, castId: string): Promise<Counterspelled | null> {
  const combat = prepared.combat as (CombatLike & { turns?: CombatantLike[] }) | null;
  if (!combat || options.counterspell === false || !canBeCounterspelled(spell)) return null;
  const casterToken = actor.getActiveTokens?.()[0] ?? null;
  return offerCounterspell({
    caster: { uuid: actor.uuid, name: actor.name, actor: actor as never },
    rollMode: toRollMode(options.rollMode) ?? currentRollMode(),
    spell: name,
    gains,
    castId,
    combatants: (combat.turns?.length ? combat.turns : [...combat.combatants]) as never,
    distance: (reactor) => spacesBetween(casterToken, (reactor as CastDoc).getActiveTokens?.()[0] ?? null),
    cast: castSpell as CastFn,
  });
}

/** The reactor's side of the `clockwork.counterspell` query (./counterspell), casting with `castSpell`. */
export function answerCounterspell(data: unknown): ReturnType<typeof answerCounterspellWith> {
  return answerCounterspellWith(data, castSpell as CastFn);
}

/** A creature's Force Field effect (its defense bonus and the effect to spend), or null. */
function forceFieldOf(actor: CastDoc): { amount: number; uuid: string | undefined } | null {
  const found = spellEffectsOf(actor).find((e) => e.spell.identifier === "force-field" && e.spell.effect === "defense" && e.spell.amount > 0);
  return found ? { amount: found.spell.amount, uuid: found.effect.uuid } : null;
}

/** Borrow Time / Sliding Time: the caster's counters moved between turns (docs/rulings.md 79). */
function timeOps(spell: SpellProfile, outcome: SpellOutcome, combatant: CombatantLike | null, options: CastOptions): MagicOp[] | false {
  const kind = spell.automation.effect.kind;
  if ((kind !== "borrowTime" && kind !== "slideTime") || !outcome.success || !combatant) return [];
  const count = Math.min(outcome.counters, options.counters ?? outcome.counters);
  const counters = combatant.system.counters ?? { available: 0, reserved: 0, hadTurn: false, passed: false };
  // The cast was just paid: the counters on this client are the ones before paying.
  const paid = { ...counters, available: Math.max(0, counters.available - (spell.counters ?? 0)) };
  try {
    const moved = kind === "borrowTime" ? borrowTime(paid, combatant.system.shift ?? newTimeShift(), count) : slideTime(paid, combatant.system.shift ?? newTimeShift(), count);
    return [{ op: "update", uuid: combatant.uuid, changes: { "system.counters": moved.counters, "system.shift": moved.shift } }];
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

// ---------------------------------------------------------------- the card

interface ChatMessageClass {
  create(data: object, options?: object): Promise<unknown>;
  getSpeaker?(options: object): object;
}

async function postCastCard(actor: CastDoc, data: CastCardData, rollMode: string, rolls: readonly Roll[] = []): Promise<unknown> {
  const content = await castCardContent(data);
  const cls = documentClass<ChatMessageClass>("ChatMessage")!;
  const messageData = applyRollMode({
    content,
    speaker: cls.getSpeaker?.({ actor }) ?? { actor: actor.id, alias: actor.name },
    // The dice travel as the message's rolls: the GM works the cast out again from them.
    ...(rolls.length ? { rolls: rolls.map((roll) => roll.toJSON()) } : {}),
    flags: { clockwork: { [CAST_FLAG]: data, ...sourceFlags(data.request?.itemUuid ? { uuid: data.request.itemUuid } : null, actor as never) } },
  }, toRollMode(rollMode) ?? currentRollMode());
  return cls.create(messageData);
}

/** The card's content again after its state changed (Applied, Undone). */
export function castCardContent(data: CastCardData): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(CAST_CARD_TEMPLATE, buildCastCardContext(data, { isGM: false, canApply: true }) as never);
}

/** The cast data on a chat message. */
export function castData(message: { flags?: Record<string, unknown> } | null | undefined): CastCardData | null {
  const data = (message?.flags?.clockwork as { cast?: CastCardData } | undefined)?.cast;
  return data && typeof data === "object" ? data : null;
}

/** A posted cast card, as the cast writes it. */
export interface CastMessage {
  id?: string | null;
  uuid?: string;
  flags?: Record<string, unknown>;
  isOwner?: boolean;
  update(changes: object): Promise<unknown>;
}

/** Applies a card's writes (./cast-apply, set at init: it reads this module's resolution). */
export type CastApplier = (message: CastMessage) => Promise<boolean>;
let castApplier: CastApplier | null = null;

export function setCastApplier(apply: CastApplier): void {
  castApplier = apply;
}

/** Applies a card's writes that were not made yet (the cast itself, the Apply button); the card is their cause. */
export function applyCastCard(message: CastMessage): Promise<boolean> {
  return castApplier ? castApplier(message) : Promise.resolve(false);
}
