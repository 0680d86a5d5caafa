/**
 * The system's Combatant (issue 10 items 2, 3, 12): its counter record in `system.counters`,
 * the counter API for sheets, macros and the attack workflow (`spendCounters`, `passTurn`,
 * `prepareAction` …), defenseless until its first turn, initiative through the combat, and a
 * minion group's members. Counter writes go through `update`, which the combatant's owners may
 * make (v13 BaseCombatant: owners of the actor own the combatant).
 */
import { escapeText, localize, worldCollection } from "../../foundry";
import { chargeFor, isDefenseless, type CounterProblem, type CounterState, type SpendOptions } from "../../rules/counters";
import { CounterError, passTurn as rulesPassTurn, prepareAction as rulesPrepareAction, spendCounters as rulesSpendCounters, triggerPrepared as rulesTriggerPrepared } from "../../rules";
import { groupAttack } from "../../rules/minions";
import type { AttackInput } from "../../rules";
import { cannotAct, hasStatus, type StatusActor } from "../conditions";
import { countersOf } from "../turn-state";

/** Why counters cannot be spent: the rules core's reasons and the ones conditions add. */
export type SpendProblem = CounterProblem | "cannotAct" | "pacified" | "notOwner";

/** A payment worked out without making it. */
export interface SpendCheck {
  cost: number;
  pool: "available" | "reserved";
  problem: SpendProblem | null;
  /** Localized reason, or "" when it can be paid. */
  reason: string;
}

/** Options of a payment from the API. */
export interface SpendCallOptions extends Omit<SpendOptions, "stunned"> {
  /** Override Stunned (default: the actor's status). */
  stunned?: boolean;
  /** No warning notification when refused. */
  quiet?: boolean;
}

const PROBLEM_KEYS: Record<SpendProblem, string> = {
  defenseless: "CLOCKWORK.Combat.Turns.Problem.defenseless",
  passed: "CLOCKWORK.Combat.Turns.Problem.passed",
  insufficient: "CLOCKWORK.Combat.Turns.Problem.insufficient",
  cannotAct: "CLOCKWORK.Combat.Turns.Problem.cannotAct",
  pacified: "CLOCKWORK.Combat.Turns.Problem.pacified",
  notOwner: "CLOCKWORK.Combat.Turns.Problem.notOwner",
};

type CombatLike = { started?: boolean; round?: number } | null;
/** `game.scenes` as a band reads it: a scene's tokens by id. */
type SceneLookup<T> = { get(id: string): { tokens: { get(id: string): T | undefined } } | undefined };

/** The localized reason a payment is refused. */
export function spendReason(combatant: { name?: string | null; counters: CounterState }, problem: SpendProblem, cost: number, pool: "available" | "reserved"): string {
  const counters = combatant.counters;
  return localize(PROBLEM_KEYS[problem], { name: combatant.name ?? "", cost, have: counters[pool], pool: localize(`CLOCKWORK.Combat.Turns.Pool.${pool}`) });
}

/** A creature still in the fight: a vital left, neither dying nor dead. */
function standsUp(actor: unknown): boolean {
  const health = (actor as { system?: { health?: { dying?: boolean; dead?: boolean; vitalsRemaining?: number } } } | null)?.system?.health;
  return health !== undefined && !health.dying && !health.dead && (health.vitalsRemaining ?? 1) > 0;
}

// ---------------------------------------------------------------- counter writes

function refuse(check: SpendCheck, options: { quiet?: boolean }): null {
  // The reason names the creature: notifications render as HTML.
  if (!options.quiet) ui.notifications?.warn(escapeText(check.reason));
  return null;
}

async function write(combatant: ClockworkCombatant, next: CounterState): Promise<CounterState | null> {
  if (!combatant.isOwner) return refuse({ cost: 0, pool: "available", problem: "notOwner", reason: spendReason(combatant, "notOwner", 0, "available") }, {});
  await combatant.update({ "system.counters": next } as never);
  return next;
}

/** `ClockworkCombatant#spendCounters`. */
async function spendCountersOf(combatant: ClockworkCombatant, baseCost: number, options: SpendCallOptions = {}): Promise<CounterState | null> {
  if (!combatant.chargesCounters) return combatant.counters;
  const check = combatant.checkSpend(baseCost, options);
  if (check.problem) return refuse(check, options);
  return write(combatant, rulesSpendCounters(combatant.counters, baseCost, { reaction: options.reaction, stunned: options.stunned ?? combatant.isStunned }));
}

/** `ClockworkCombatant#passTurn`. */
async function passTurnOf(combatant: ClockworkCombatant): Promise<CounterState | null> {
  const counters = combatant.counters;
  if (!combatant.chargesCounters || !counters.hadTurn || counters.passed) return counters;
  return write(combatant, rulesPassTurn(counters));
}

/** `ClockworkCombatant#prepareAction`. */
async function prepareActionOf(combatant: ClockworkCombatant, baseCost: number, options: { quiet?: boolean } = {}): Promise<number | null> {
  if (!combatant.chargesCounters) return 0;
  const check = combatant.checkSpend(baseCost);
  if (check.problem) return refuse(check, options);
  const { state, counters } = rulesPrepareAction(combatant.counters, baseCost, { stunned: combatant.isStunned });
  return (await write(combatant, state)) ? counters : null;
}

/** `ClockworkCombatant#triggerPrepared`. */
async function triggerPreparedOf(combatant: ClockworkCombatant, counters: number, options: { quiet?: boolean } = {}): Promise<CounterState | null> {
  if (!combatant.chargesCounters) return combatant.counters;
  try {
    return await write(combatant, rulesTriggerPrepared(combatant.counters, counters));
  } catch (error) {
    if (!(error instanceof CounterError)) throw error;
    return refuse({ cost: counters, pool: "reserved", problem: error.reason, reason: spendReason(combatant, error.reason, counters, "reserved") }, options);
  }
}

/** `ClockworkCombatant#setCounters`. */
async function setCountersOf(combatant: ClockworkCombatant, counters: Partial<CounterState>): Promise<CounterState | null> {
  return write(combatant, { ...combatant.counters, ...counters });
}

export class ClockworkCombatant extends Combatant {
  /** The typed system data (src/combat/data/combatant.ts). */
  get clockwork(): { counters: CounterState; initiativeSkill: string; controllerId: string; members: string[] } {
    return this.system as unknown as { counters: CounterState; initiativeSkill: string; controllerId: string; members: string[] };
  }

  /**
   * The actor: a minion group acts through a standing member once its first token falls, so the
   * band keeps its turn, counters and statuses while any member stands (docs/rulings.md 91).
   */
  override get actor(): Combatant["actor"] {
    const own = super.actor;
    if (!this.members.length || standsUp(own)) return own;
    const scene = worldCollection<SceneLookup<{ actor: Combatant["actor"] }>>("scenes")?.get(this.sceneId ?? "") ?? null;
    for (const id of this.members) {
      const member = scene?.tokens.get(id)?.actor ?? null;
      if (standsUp(member)) return member;
    }
    return own;
  }

  /** The counter record (a copy). */
  get counters(): CounterState {
    return countersOf(this as unknown as { system: { counters?: CounterState } });
  }

  /** No turn yet this combat: no counters, no counter reactions (§4.6 step 4). */
  get isDefenseless(): boolean {
    return isDefenseless(this.counters);
  }

  get #statusActor(): StatusActor | null {
    return (this.actor as unknown as StatusActor | null) ?? null;
  }

  /** Stunned: every cost +1 (§4.7). */
  get isStunned(): boolean {
    return hasStatus(this.#statusActor, "stunned");
  }

  /** Whether counters are charged at all: only in a started combat. */
  get chargesCounters(): boolean {
    const combat = this.combat as unknown as CombatLike;
    return combat?.started === true;
  }

  /**
   * Works out a payment without making it: the cost after Stunned, the pool, and the problem —
   * the counter rules, and conditions that stop a creature acting (Frozen, Petrified, dying,
   * stabilized, dead: no counters at all; Pacified: reactions only, docs/rulings.md 81).
   */
  checkSpend(baseCost: number, options: SpendCallOptions = {}): SpendCheck {
    const charge = chargeFor(this.counters, baseCost, { reaction: options.reaction, stunned: options.stunned ?? this.isStunned });
    let problem: SpendProblem | null = charge.problem;
    const free = options.reaction && charge.cost === 0;
    if (!free && cannotAct(this.#statusActor)) problem = "cannotAct";
    else if (!options.reaction && hasStatus(this.#statusActor, "pacified")) problem = "pacified";
    return { cost: charge.cost, pool: charge.pool, problem, reason: problem ? spendReason(this, problem, charge.cost, charge.pool) : "" };
  }

  /** Whether a payment can be made now (always true outside a started combat). */
  canSpend(baseCost: number, options: SpendCallOptions = {}): boolean {
    return !this.chargesCounters || this.checkSpend(baseCost, options).problem === null;
  }

  /**
   * Pays an action (or with `reaction: true` a dodge, block, prepared action, Counterspell) of
   * `baseCost` counters; Stunned adds 1. Resolves the new counters; outside a started combat
   * nothing is charged and the counters come back unchanged. When it cannot be paid the user
   * gets a localized warning, nothing changes, and it resolves null.
   */
  async spendCounters(baseCost: number, options: SpendCallOptions = {}): Promise<CounterState | null> {
    return spendCountersOf(this, baseCost, options);
  }

  /** Passes: the counters left become reserved for reactions (§4.7). */
  async passTurn(): Promise<CounterState | null> {
    return passTurnOf(this);
  }

  /** Sets a prepared action's counters aside (Stunned included); resolves how many. */
  async prepareAction(baseCost: number, options: { quiet?: boolean } = {}): Promise<number | null> {
    return prepareActionOf(this, baseCost, options);
  }

  /** Spends the counters set aside for a prepared action when its trigger happens. */
  async triggerPrepared(counters: number, options: { quiet?: boolean } = {}): Promise<CounterState | null> {
    return triggerPreparedOf(this, counters, options);
  }

  /** Sets the counter record directly (GM corrections, macros); checked by the data model. */
  async setCounters(counters: Partial<CounterState>): Promise<CounterState | null> {
    return setCountersOf(this, counters);
  }

  /** Rolls this combatant's initiative through its combat (one chat card, roll-offs included). */
  override async rollInitiative(): Promise<this> {
    const combat = this.combat as unknown as { rollInitiative(ids: string[]): Promise<unknown> } | null;
    await combat?.rollInitiative([this.id as string]);
    return this;
  }

  // ---------------------------------------------------------------- minion groups

  /** A minion group's member tokens (ids), or [] for a single combatant. */
  get members(): string[] {
    return [...(this.clockwork.members ?? [])];
  }

  /**
   * The member tokens' actors that still stand (a vital left, neither dying nor dead); with
   * `canAttack`, only those it accepts (the members that can reach the target, docs/rulings.md 91).
   */
  standingMembers(canAttack?: (token: { x: number; y: number; width?: number; height?: number }) => boolean): number {
    const members = this.members;
    if (!members.length) return 1;
    type Health = { dying?: boolean; dead?: boolean; vitalsRemaining?: number };
    type MemberToken = { x: number; y: number; width?: number; height?: number; actor: { system: { health?: Health } } | null };
    const scene = worldCollection<SceneLookup<MemberToken>>("scenes")?.get(this.sceneId ?? "") ?? null;
    return members.filter((id) => {
      const token = scene?.tokens.get(id);
      const health = token?.actor?.system.health;
      const standing = health !== undefined && !health.dying && !health.dead && (health.vitalsRemaining ?? 1) > 0;
      return standing && (!canAttack || canAttack(token as MemberToken));
    }).length;
  }

  /**
   * A minion group's attack (docs/rulings.md 91): the attack input with +1 attack die and +1
   * damage die per standing member beyond the first (both capped at 12). `members` defaults to
   * the standing members.
   */
  groupAttack(input: AttackInput, members = this.standingMembers()): AttackInput {
    return groupAttack(input, Math.max(1, members));
  }
}
