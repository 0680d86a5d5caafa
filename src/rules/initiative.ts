/**
 * Initiative (digest §4.6, RULING 57): 12 dice against the better of Agility or Intuition,
 * tie-break d12s repeated until every tie is resolved, companions right after their
 * controller. Builds on `initiativeGains` and `orderInitiative`; dice come from a roll
 * function so the module stays pure and testable.
 */
import { initiativeGains, orderInitiative } from "./combat";
import type { InitiativeEntry } from "./combat";
import { requireFaces, requireKey, requireSkillRank, ruleError } from "./errors";
import { INITIATIVE_DICE } from "./tables";
import { INITIATIVE_SKILLS, type InitiativeSkill } from "./types";

// The skill list is a schema choice at start-up (src/combat/data/combatant.ts), so it lives in ./types.
export { INITIATIVE_SKILLS, type InitiativeSkill } from "./types";

/**
 * The skill and rank initiative counts against: the better (lower) of Agility and Intuition,
 * Agility on a tie, unless the player picks the other (§4.6 step 1).
 */
export function initiativeSkill(ranks: { agility: number; intuition: number }, choice?: InitiativeSkill): { skill: InitiativeSkill; rank: number } {
  requireSkillRank(ranks.agility, "Agility rank");
  requireSkillRank(ranks.intuition, "Intuition rank");
  if (choice !== undefined) {
    requireKey(choice, INITIATIVE_SKILLS, "initiative skill", "initiative counts against Agility or Intuition (§4.6)");
    return { skill: choice, rank: ranks[choice] };
  }
  return ranks.intuition < ranks.agility ? { skill: "intuition", rank: ranks.intuition } : { skill: "agility", rank: ranks.agility };
}

/** One combatant entering the initiative roll. */
export interface InitiativeCombatant {
  id: string;
  agility: number;
  intuition: number;
  /** The player's pick; default the better rank. */
  skill?: InitiativeSkill;
  /** Companions, clones, golems, undead and mounts act right after this combatant (§4.6 step 6). */
  controllerId?: string;
}

/** Where dice come from: `dice(n)` rolls n d12s (12 for initiative, 1 for a tie-break). */
export type DiceRoller = (count: number) => readonly number[];

/** One combatant's initiative roll and tie-breaks, for the chat card. */
export interface InitiativeRoll {
  id: string;
  skill: InitiativeSkill;
  rank: number;
  faces: number[];
  gains: number;
  tieBreaks: number[];
}

/** The result: every roll and the final order (companions placed). */
export interface InitiativeResult {
  rolls: InitiativeRoll[];
  order: string[];
}

/** Tie-break rounds after which a roller that never separates the tied is reported as broken. */
const MAX_TIE_ROUNDS = 1000;

function rollFaces(roller: DiceRoller, count: number): number[] {
  const faces = [...roller(count)];
  if (faces.length !== count) ruleError("dice roller", `must return ${count} dice`, "the roller rolls exactly the dice asked for", faces.length);
  requireFaces(faces);
  return faces;
}

/**
 * Resolves ties in an initiative order: while a group is tied, each member without a die for
 * the deciding round rolls one more d12 (§4.6 step 3). Returns the entries with their
 * tie-breaks and the resolved order.
 */
export function breakTies(entries: readonly InitiativeEntry[], roller: DiceRoller): { entries: InitiativeEntry[]; order: string[] } {
  const current = entries.map((e) => ({ id: e.id, gains: e.gains, tieBreaks: [...(e.tieBreaks ?? [])] }));
  const byId = new Map(current.map((e) => [e.id, e]));
  for (let round = 0; round < MAX_TIE_ROUNDS; round++) {
    const { order, ties } = orderInitiative(current);
    if (ties.length === 0) return { entries: current, order };
    for (const group of ties) {
      const members = group.map((id) => byId.get(id) as (typeof current)[number]);
      const depth = Math.min(...members.map((m) => m.tieBreaks.length));
      for (const member of members) if (member.tieBreaks.length === depth) member.tieBreaks.push(rollFaces(roller, 1)[0]);
    }
  }
  return ruleError("initiative ties", "were not resolved", `the roller kept tying for ${MAX_TIE_ROUNDS} rounds`, entries.map((e) => e.id));
}

/**
 * Places companions right after their controller (§4.6 step 6), several in their order in the
 * input, a companion's companions after it. A companion whose controller is not in the list
 * keeps its own place.
 */
export function placeCompanions(order: readonly string[], controllers: Readonly<Record<string, string | undefined>>): string[] {
  const present = new Set(order);
  const following = new Map<string, string[]>();
  for (const id of order) {
    const controller = controllers[id];
    if (controller === undefined || !present.has(controller)) continue;
    if (controller === id) ruleError("companion", "cannot control itself", "a companion acts after another combatant", id);
    const list = following.get(controller);
    if (list) list.push(id);
    else following.set(controller, [id]);
  }
  const placed: string[] = [];
  const visiting = new Set<string>();
  const visit = (id: string): void => {
    if (visiting.has(id)) ruleError("companions", "form a cycle", "every companion chain ends at a combatant with its own initiative", id);
    visiting.add(id);
    placed.push(id);
    for (const companion of following.get(id) ?? []) visit(companion);
    visiting.delete(id);
  };
  for (const id of order) {
    const controller = controllers[id];
    if (controller !== undefined && present.has(controller)) continue;
    visit(id);
  }
  if (placed.length !== order.length) ruleError("companions", "form a cycle", "every companion chain ends at a combatant with its own initiative", order.filter((id) => !placed.includes(id)));
  return placed;
}

/**
 * Rolls initiative for a combat (§4.6): each combatant without a controller rolls 12 dice
 * against its initiative rank; ties are rolled off until resolved; companions (whose controller
 * takes part) roll nothing and act right after their controller.
 */
export function rollInitiative(combatants: readonly InitiativeCombatant[], roller: DiceRoller): InitiativeResult {
  const ids = new Set<string>();
  for (const c of combatants) {
    if (ids.has(c.id)) ruleError("initiative id", "must be unique", "each combatant appears once in the order", c.id);
    ids.add(c.id);
  }
  const rolls: InitiativeRoll[] = [];
  const controllers: Record<string, string | undefined> = {};
  for (const c of combatants) {
    controllers[c.id] = c.controllerId;
    if (c.controllerId !== undefined && ids.has(c.controllerId)) continue;
    const { skill, rank } = initiativeSkill(c, c.skill);
    const faces = rollFaces(roller, INITIATIVE_DICE);
    rolls.push({ id: c.id, skill, rank, faces, gains: initiativeGains(faces, rank), tieBreaks: [] });
  }
  const resolved = breakTies(rolls, roller);
  const tieBreaks = new Map(resolved.entries.map((e) => [e.id, e.tieBreaks ?? []]));
  for (const roll of rolls) roll.tieBreaks = [...(tieBreaks.get(roll.id) ?? [])];
  // Companions of companions: resolve every chain through placeCompanions over all ids.
  const companionIds = combatants.filter((c) => c.controllerId !== undefined && ids.has(c.controllerId)).map((c) => c.id);
  return { rolls, order: placeCompanions([...resolved.order, ...companionIds], controllers) };
}

/**
 * Initiative values that sort into `order` (highest first) while showing the gains: each value
 * is its gains plus a fraction below 1 that falls along the order; companions show their
 * controller's gains. For trackers that sort by one number.
 */
export function initiativeScores(order: readonly string[], gains: Readonly<Record<string, number>>, controllers: Readonly<Record<string, string | undefined>> = {}): Record<string, number> {
  const shown = new Map<string, number>();
  for (const id of order) {
    const controller = controllers[id];
    const value = controller !== undefined && shown.has(controller) ? (shown.get(controller) as number) : gains[id];
    if (value === undefined || !Number.isInteger(value)) ruleError("initiative gains", "must be known for every combatant", "each combatant in the order has rolled, or follows its controller", id);
    // Keep the shown numbers falling along the order, even if a companion's controller rolled higher than those before it.
    const previous = shown.size ? Math.min(...shown.values()) : Number.POSITIVE_INFINITY;
    shown.set(id, Math.min(value, previous));
  }
  const scores: Record<string, number> = {};
  let i = 0;
  while (i < order.length) {
    const value = shown.get(order[i]) as number;
    let j = i;
    while (j < order.length && shown.get(order[j]) === value) j++;
    const size = j - i;
    for (let k = i; k < j; k++) scores[order[k]] = value + (size - (k - i)) / (size + 1);
    i = j;
  }
  return scores;
}
