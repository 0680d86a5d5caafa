/**
 * Conditions in play (digest §4.8, §4.10, §4.14, §4.15, RULINGS 26, 32, 59, 68, 69, 70):
 * stable status ids, start-of-turn ticks, end-of-turn checks, movement limits, roll
 * modifiers, and the dying / death roll / stabilize steps. Numbers come from
 * `CONDITION_TABLE` and `CALLED_SHOT_TABLE`; health changes go through `health.ts`.
 */
import { deathRollFatalWounds, flatChance, flatSucceeds } from "./dice";
import { requireFaces, requireInteger, ruleError } from "./errors";
import { applyDamageDetailed, applyFatalWounds, stabilize, stabilizeSucceeds } from "./health";
import type { DamageApplication, HealthTrack } from "./health";
import { CALLED_SHOT_TABLE, CONDITION_TABLE, FROZEN_BECOMES } from "./tables";
import { DAMAGE_TYPES } from "./types";
import type { ConditionKey, DamageType } from "./types";
import { COMBAT_STATUS_IDS, persistentStatusId, type CombatStatusId } from "./condition-ids";

// Status ids and the movement and roll effects live apart (registering status effects needs only the ids).
export {
  CALLED_SHOT_STATES, COMBAT_STATUS_IDS, HEALTH_STATES, persistentStatusId, statusEffectId, type CombatStatusId,
} from "./condition-ids";
export {
  attackerConditionFlags, conditionDice, movementActionBlocks, movementBlocks, targetConditionFlags, type MoveBlock, type MoveMode,
  type MoveSpecials,
} from "./condition-effects";

/** How a status ends at the end of its creature's turn. */
export type EndCheck =
  | { kind: "flat"; target: number }
  /** Poison: a Body / Stamina roll reaching the poison's difficulty (§4.15, RULING 70). */
  | { kind: "stamina" };

/** What a status does each turn. */
export interface StatusRule {
  /** The rules condition behind it (`persistent` for every persistent type). */
  condition: ConditionKey | null;
  damageType?: DamageType;
  /** Unavoidable hits at the start of the creature's turn; never wounds (RULING in §4.13). */
  tickHits: number;
  /** End-of-turn check that ends it, or null when something else ends it. */
  end: EndCheck | null;
  /** Status it turns into when the check succeeds (Frozen → Chilled). */
  becomes?: CombatStatusId;
}

function ruleOf(id: CombatStatusId): StatusRule {
  if (id.startsWith("persistent")) {
    const type = DAMAGE_TYPES.find((t) => persistentStatusId(t) === id) as DamageType;
    const row = CONDITION_TABLE.persistent;
    return { condition: "persistent", damageType: type, tickHits: row.tickHits, end: row.endFlat === null ? null : { kind: "flat", target: row.endFlat } };
  }
  if (id === "armDisabled" || id === "legDisabled") {
    const flat = CALLED_SHOT_TABLE[id === "armDisabled" ? "arm" : "leg"].endFlat;
    return { condition: null, tickHits: 0, end: flat === null ? null : { kind: "flat", target: flat } };
  }
  if (id === "stabilized" || id === "dead" || id === "destroyed") return { condition: null, tickHits: 0, end: null };
  const key = id as Exclude<ConditionKey, "persistent">;
  const row = CONDITION_TABLE[key];
  const end: EndCheck | null = key === "poisoned" ? { kind: "stamina" } : row.endFlat === null ? null : { kind: "flat", target: row.endFlat };
  return { condition: key, tickHits: row.tickHits, end, ...(id === "frozen" ? { becomes: FROZEN_BECOMES as CombatStatusId } : {}) };
}

/** The rule of every status id. */
export const STATUS_RULES: Readonly<Record<CombatStatusId, StatusRule>> = Object.fromEntries(
  COMBAT_STATUS_IDS.map((id) => [id, ruleOf(id)]),
) as Record<CombatStatusId, StatusRule>;

/** A status on a creature, as stored by the Foundry layer. */
export interface ActiveStatus {
  id: CombatStatusId;
  /** Poison's difficulty (gains needed on the Body / Stamina roll). */
  difficulty?: number;
  /** The source's own end Flat (Flashbang's Deafened: 7); `null` = no end roll. */
  endFlat?: number | null;
  /** No end roll through this round (Disintegrate on Burning, Ice Beam on Chilled). */
  noEndThroughRound?: number;
}

function requireStatus(status: ActiveStatus): ActiveStatus {
  if (!COMBAT_STATUS_IDS.includes(status.id)) ruleError("status id", "must be a combat status id", "statuses are the conditions of §4.15 and the combat states", status.id);
  return status;
}

/** The plain condition keys of a status list (persistent types fold into `persistent`), plus the other ids. */
export function statusKeys(statuses: readonly ActiveStatus[]): string[] {
  const keys = new Set<string>();
  for (const status of statuses) {
    requireStatus(status);
    keys.add(status.id);
    const condition = STATUS_RULES[status.id].condition;
    if (condition) keys.add(condition);
  }
  return [...keys];
}

// ---------------------------------------------------------------- start of turn

/** Ticks at the start of a turn: the hits and the statuses that dealt them. */
export interface TurnTicks {
  hits: number;
  sources: CombatStatusId[];
}

/**
 * Start-of-turn ticks (§4.15): Bleeding, Burning, Poisoned and each persistent damage deal 2
 * unavoidable hits (docs/rulings.md #37). Bloodless creatures do not bleed.
 */
export function startOfTurnTicks(statuses: readonly ActiveStatus[], options: { bloodless?: boolean } = {}): TurnTicks {
  const sources: CombatStatusId[] = [];
  let hits = 0;
  const seen = new Set<CombatStatusId>();
  for (const status of statuses) {
    requireStatus(status);
    if (seen.has(status.id)) continue;
    seen.add(status.id);
    const rule = STATUS_RULES[status.id];
    if (rule.tickHits === 0) continue;
    if (status.id === "bleeding" && options.bloodless) continue;
    hits += rule.tickHits;
    sources.push(status.id);
  }
  return { hits, sources };
}

/** What a tick did to the creature. */
export interface TickResult extends DamageApplication {
  ticks: TurnTicks;
  /** Statuses that taking damage ended (Pacified). */
  ended: CombatStatusId[];
}

/**
 * Applies the start-of-turn ticks as one unavoidable event that never wounds (§4.13 RULING):
 * a barrier absorbs first; damage that gets through ends Pacified; a dying creature that takes
 * damage owes a death roll (§4.14).
 */
export function applyTicks(track: HealthTrack, statuses: readonly ActiveStatus[], options: { bloodless?: boolean } = {}): TickResult {
  const ticks = startOfTurnTicks(statuses, options);
  const application = applyDamageDetailed(track, ticks.hits, { unavoidable: true });
  return { ...application, ticks, ended: application.damage > 0 ? endedByDamage(statuses) : [] };
}

/** Statuses that end when the creature takes damage (Pacified, §3.3 Mycorreans). */
export function endedByDamage(statuses: readonly ActiveStatus[]): CombatStatusId[] {
  return statuses.map(requireStatus).filter((s) => {
    const condition = STATUS_RULES[s.id].condition;
    return condition !== null && CONDITION_TABLE[condition].endsOnDamage;
  }).map((s) => s.id);
}

// ---------------------------------------------------------------- end of turn

/** One roll owed at the end of the creature's turn. */
export interface EndOfTurnCheck {
  /** The status it may end, or the species ability waiting to recharge (RULING 68). */
  statusId?: CombatStatusId;
  cooldown?: string;
  kind: "flat" | "stamina";
  /** Flat N, or the gains the Body / Stamina roll must reach. */
  target: number;
  /** Roll twice and keep the better (Froads vs Burning, Lizardfolk vs poison, Trolls vs Bleeding). */
  rolls: 1 | 2;
  /** Exact chance of success for a Flat check (stamina checks depend on the pool). */
  chance: number | null;
  /** What success does: remove the status and maybe add another (Frozen → Chilled). */
  becomes?: CombatStatusId;
}

/** Flat roll to recharge a used species ability (RULING 68). */
export const RECHARGE_FLAT = 10;

/**
 * The rolls owed at the end of the creature's turn (§4.15, §4.10, RULING 68), and only its own:
 * each status with an end check, unless blocked this round; species rerolls roll twice;
 * spent species abilities roll Flat 10 to recharge.
 */
export function endOfTurnChecks(
  statuses: readonly ActiveStatus[],
  options: { rerolls?: readonly string[]; round?: number; cooldowns?: readonly string[] } = {},
): EndOfTurnCheck[] {
  const checks: EndOfTurnCheck[] = [];
  const seen = new Set<CombatStatusId>();
  const round = options.round ?? 0;
  for (const status of statuses) {
    requireStatus(status);
    if (seen.has(status.id)) continue;
    seen.add(status.id);
    if (status.noEndThroughRound !== undefined && round <= status.noEndThroughRound) continue;
    const rule = STATUS_RULES[status.id];
    let end = rule.end;
    if (status.endFlat !== undefined) end = status.endFlat === null ? null : { kind: "flat", target: requireInteger(status.endFlat, "end Flat", "a Flat N has N from 1 to 12", 1, 12) };
    if (!end) continue;
    const rerolled = (options.rerolls ?? []).includes(rule.condition ?? status.id);
    const rolls = rerolled ? 2 : 1;
    if (end.kind === "stamina") {
      const difficulty = requireInteger(status.difficulty ?? 0, "poison difficulty", "a poison's difficulty is whole gains of 0 or more", 0);
      checks.push({ statusId: status.id, kind: "stamina", target: difficulty, rolls, chance: null });
    } else {
      checks.push({ statusId: status.id, kind: "flat", target: end.target, rolls, chance: flatChance(end.target, { rolls }), ...(rule.becomes ? { becomes: rule.becomes } : {}) });
    }
  }
  for (const cooldown of options.cooldowns ?? []) {
    checks.push({ cooldown, kind: "flat", target: RECHARGE_FLAT, rolls: 1, chance: flatChance(RECHARGE_FLAT) });
  }
  return checks;
}

/**
 * Whether an end-of-turn check succeeds: a Flat keeps the better of its faces; a stamina check
 * takes the better of its gains against the difficulty.
 */
export function endCheckSucceeds(check: EndOfTurnCheck, results: readonly number[]): boolean {
  if (results.length !== check.rolls) ruleError("end-of-turn results", `must hold ${check.rolls} result(s)`, "roll once, or twice and keep the better (§4.2)", results.length);
  if (check.kind === "flat") {
    requireFaces(results);
    return results.some((face) => flatSucceeds(face, check.target));
  }
  return results.some((gains) => requireInteger(gains, "gains", "gains are whole numbers") >= check.target);
}

/** Applies the outcome of end-of-turn checks: a success removes the status (Frozen becomes Chilled). */
export function applyEndOfTurn(statuses: readonly ActiveStatus[], outcomes: readonly { check: EndOfTurnCheck; success: boolean }[]): { statuses: ActiveStatus[]; removed: CombatStatusId[]; added: CombatStatusId[]; recharged: string[] } {
  let next = statuses.map((s) => ({ ...requireStatus(s) }));
  const removed: CombatStatusId[] = [];
  const added: CombatStatusId[] = [];
  const recharged: string[] = [];
  for (const { check, success } of outcomes) {
    if (!success) continue;
    if (check.cooldown !== undefined) {
      recharged.push(check.cooldown);
      continue;
    }
    const id = check.statusId as CombatStatusId;
    if (!next.some((s) => s.id === id)) continue;
    next = next.filter((s) => s.id !== id);
    removed.push(id);
    if (check.becomes && !next.some((s) => s.id === check.becomes)) {
      next.push({ id: check.becomes });
      added.push(check.becomes);
    }
  }
  return { statuses: next, removed, added, recharged };
}

// ---------------------------------------------------------------- dying and death

/** The result of one death roll (§4.14, RULINGS 23, 59). */
export interface DeathRollResult {
  track: HealthTrack;
  fatalWounds: number;
  died: boolean;
}

/** Applies a 6-die death roll: its fatal wounds are added; wounds above grit kill (§4.14). */
export function resolveDeathRoll(track: HealthTrack, faces: readonly number[], options: { diehard?: boolean } = {}): DeathRollResult {
  if (!track.dying || track.dead) ruleError("death roll", "is made only by a dying creature", "the death roll comes on becoming dying, on each turn and on damage (§4.14)", track);
  const fatalWounds = deathRollFatalWounds(faces, options);
  const next = applyFatalWounds(track, fatalWounds);
  return { track: next, fatalWounds, died: next.dead };
}

/** What a stabilize attempt needs to know about its target. */
export interface StabilizeTarget {
  dying: boolean;
  dead: boolean;
  wounds: number;
  /** Brought to 0 vitals by Disintegrate or Ice Beam: cannot be stabilized (L1321, L1481). */
  destroyed?: boolean;
}

/** Whether a stabilize attempt works, and why not. */
export type StabilizeVerdict = { success: true } | { success: false; reason: "notDying" | "destroyed" | "gains" };

/**
 * The one stabilize rule, for the Medicine check, the Stabilize spell and every other path
 * (§4.14 L970, RULING 9 for the spell L1667): only a dying creature, never a destroyed one, and
 * only when the gains reach its current wounds.
 */
export function stabilizeVerdict(target: StabilizeTarget, gains: number): StabilizeVerdict {
  if (!target.dying || target.dead) return { success: false, reason: "notDying" };
  if (target.destroyed) return { success: false, reason: "destroyed" };
  return stabilizeSucceeds(gains, target.wounds) ? { success: true } : { success: false, reason: "gains" };
}

/** An item as the Medicine check reads it: its type, category, identifier and quantity. */
export interface MedicineItem {
  type: string;
  category?: string;
  identifier?: string;
  quantity?: number;
}

/**
 * Medical equipment (L968, docs/rulings.md #165): an equipment item of the Kit category whose
 * identifier (its name's slug by default) names medicine ("medical-kit", "medic-bag"), at least one of it.
 */
export function isMedicalEquipment(item: MedicineItem): boolean {
  if (item.type !== "equipment" || item.category !== "kit") return false;
  if (item.quantity !== undefined && !(item.quantity >= 1)) return false;
  return /medic/.test(item.identifier ?? "");
}

/** Why a Medicine check cannot stabilize: no medical equipment on the healer, or the dying creature beyond its reach. */
export type MedicineProblem = "noEquipment" | "outOfReach";

/**
 * Whether a healer may try the Medicine check on a dying creature (L968): medical equipment on its
 * person, and the creature within its melee reach (§4.9) where both stand on one map; with no
 * distance (no tokens) the reach is the table's call. The Stabilize spell needs neither (L1667).
 */
export function medicineProblem(input: { items: readonly MedicineItem[]; distance?: number; reach: number }): MedicineProblem | null {
  if (!input.items.some(isMedicalEquipment)) return "noEquipment";
  if (input.distance !== undefined && input.distance > Math.max(1, input.reach)) return "outOfReach";
  return null;
}

/** The result of a stabilize attempt (§4.14, RULING 9). */
export interface StabilizeResult {
  track: HealthTrack;
  success: boolean;
  /** Why it failed: too few gains, or a destroyed target. */
  reason: "destroyed" | "gains" | null;
}

/**
 * A stabilize attempt (Mind / Knowledge with Medicine, or the spell) on a track, by
 * {@link stabilizeVerdict}: success ends dying, heals nothing, and leaves the creature out of
 * the fight for the combat. Pass `destroyed` for a creature Disintegrate or Ice Beam destroyed.
 */
export function attemptStabilize(track: HealthTrack, gains: number, options: { destroyed?: boolean } = {}): StabilizeResult {
  if (!track.dying || track.dead) ruleError("stabilize", "works only on a dying creature", "stabilizing ends dying (§4.14)", track);
  const verdict = stabilizeVerdict({ ...track, destroyed: options.destroyed }, gains);
  if (verdict.success) return { track: stabilize(track), success: true, reason: null };
  return { track: { ...track }, success: false, reason: verdict.reason === "destroyed" ? "destroyed" : "gains" };
}

/** The health statuses a track shows: dying, dead (the token overlay and defeated marker). */
export function healthStatuses(track: HealthTrack): CombatStatusId[] {
  if (track.dead) return ["dead"];
  return track.dying ? ["dying"] : [];
}
