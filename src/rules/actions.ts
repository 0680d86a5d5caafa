/**
 * Combat actions and what they cost (digest §4.7, §4.8, §4.17, RULINGS 24, 69, 74): one typed
 * table of actions whose fixed costs come from `ACTION_COSTS`, weapon attack costs, and
 * {@link affordableActions}, which says what a combatant can pay for now and why not.
 */
import { actionCost, chargeFor, channelCounters, requireCounters } from "./counters";
import { COMMAND_COST } from "./counters";
import type { CounterProblem, CounterState } from "./counters";
import { requireInteger, ruleError } from "./errors";
import { movementBlocks } from "./conditions";
import type { MoveBlock, MoveMode } from "./conditions";
import { ACTION_COSTS } from "./tables";
import type { Encumbrance } from "./types";

// ---------------------------------------------------------------- the table

/** Where an action's base cost comes from. */
export type ActionCostSource =
  /** A fixed number of counters. */
  | { fixed: number }
  /** The weapon's counters (and the mode's extra, see {@link attackCost}). */
  | { weapon: true }
  /** At least this many; the GM or the amount may raise it (skill rolls, prepared actions, channeling). */
  | { atLeast: number };

/** One row of the action table. */
export interface ActionDefinition {
  /** Groups the sheet lists the actions under. */
  group: "move" | "attack" | "defense" | "equipment" | "brawl" | "other";
  cost: ActionCostSource;
  /** Reactions may be paid outside the own turn (§4.7, §4.11). */
  reaction: boolean;
  /** Movement: blocked by the movement limits of §4.8 and §4.15. */
  movement?: "run" | "walk" | "step" | "crawl" | "climb";
  /** A melee-range attack: no effective melee while prone (§4.15). */
  melee?: boolean;
  /** An offensive action: Pacified creatures make none (§3.3 Mycorreans). */
  offensive?: boolean;
}

/**
 * The combat actions of §4.7 (with §4.8, §4.17 and the species rows of §3.3). Fixed costs are
 * read from `ACTION_COSTS`, so the numbers live in one table.
 */
export const COMBAT_ACTIONS = {
  run: { group: "move", cost: { fixed: ACTION_COSTS.run }, reaction: false, movement: "run" },
  walk: { group: "move", cost: { fixed: ACTION_COSTS.walk }, reaction: false, movement: "walk" },
  step: { group: "move", cost: { fixed: ACTION_COSTS.step }, reaction: false, movement: "step" },
  /** Crawl at step speed: 1 counter per space (§4.7 RULING). */
  crawl: { group: "move", cost: { fixed: ACTION_COSTS.step }, reaction: false, movement: "crawl" },
  /** +1 per space of height climbed (§4.8). */
  climb: { group: "move", cost: { fixed: ACTION_COSTS.climbSpace }, reaction: false, movement: "climb" },
  attack: { group: "attack", cost: { weapon: true }, reaction: false, offensive: true },
  autofire: { group: "attack", cost: { weapon: true }, reaction: false, offensive: true },
  /** Both weapons: main weapon + 1, or 3 melee / 4 ranged for a Dual Wield pair (RULING 24). */
  twoWeaponAttack: { group: "attack", cost: { weapon: true }, reaction: false, offensive: true },
  /** Flourish: after a missed attack, attack again for 1 (§1.27). */
  flourish: { group: "attack", cost: { fixed: ACTION_COSTS.flourishFollowUp }, reaction: false, offensive: true, melee: true },
  dodge: { group: "defense", cost: { fixed: ACTION_COSTS.dodge }, reaction: true },
  block: { group: "defense", cost: { fixed: ACTION_COSTS.block }, reaction: true },
  /** Set counters aside with a trigger; the cost is the prepared action's (§4.7). */
  prepare: { group: "defense", cost: { atLeast: 1 }, reaction: false },
  draw: { group: "equipment", cost: { fixed: ACTION_COSTS.draw }, reaction: false },
  stow: { group: "equipment", cost: { fixed: ACTION_COSTS.stow }, reaction: false },
  drop: { group: "equipment", cost: { fixed: ACTION_COSTS.drop }, reaction: false },
  pickUp: { group: "equipment", cost: { fixed: ACTION_COSTS.pickUp }, reaction: false },
  drawAlchemy: { group: "equipment", cost: { fixed: ACTION_COSTS.drawAlchemy }, reaction: false },
  useAlchemy: { group: "equipment", cost: { fixed: ACTION_COSTS.useAlchemy }, reaction: false },
  emplaceMine: { group: "equipment", cost: { fixed: ACTION_COSTS.emplaceMine }, reaction: false },
  detonateMine: { group: "equipment", cost: { fixed: ACTION_COSTS.detonateMine }, reaction: false, offensive: true },
  recallWeapon: { group: "equipment", cost: { fixed: ACTION_COSTS.recallReturningWeapon }, reaction: false },
  dropProne: { group: "move", cost: { fixed: ACTION_COSTS.standOrDropProne }, reaction: false },
  stand: { group: "move", cost: { fixed: ACTION_COSTS.standOrDropProne }, reaction: false },
  feint: { group: "brawl", cost: { fixed: ACTION_COSTS.feint }, reaction: false, offensive: true },
  disarm: { group: "brawl", cost: { fixed: ACTION_COSTS.disarm }, reaction: false, offensive: true, melee: true },
  trip: { group: "brawl", cost: { fixed: ACTION_COSTS.trip }, reaction: false, offensive: true, melee: true },
  grapple: { group: "brawl", cost: { fixed: ACTION_COSTS.grapple }, reaction: false, offensive: true, melee: true },
  crush: { group: "brawl", cost: { fixed: ACTION_COSTS.crush }, reaction: false, offensive: true },
  piledrive: { group: "brawl", cost: { fixed: ACTION_COSTS.piledrive }, reaction: false, offensive: true },
  shove: { group: "brawl", cost: { fixed: ACTION_COSTS.shove }, reaction: false, offensive: true },
  /** Skill roll in combat: at least 2, the GM may raise it (§4.7). */
  skillRoll: { group: "other", cost: { atLeast: ACTION_COSTS.skillRoll }, reaction: false },
  /** Stabilize a dying creature: a Medicine skill roll, at least 2 (§4.14 RULING). */
  stabilize: { group: "other", cost: { atLeast: ACTION_COSTS.stabilize }, reaction: false },
  /** Stop another's Bleeding in combat: 4 counters (RULING 69). */
  firstAid: { group: "other", cost: { fixed: ACTION_COSTS.bleedingFirstAid }, reaction: false },
  stopDropRoll: { group: "other", cost: { fixed: ACTION_COSTS.stopDropRoll }, reaction: false },
  /** 1 counter per 2 mana, rounded up (§4.18, docs/rulings.md #33). */
  channel: { group: "other", cost: { atLeast: ACTION_COSTS.channelPerTwoMana }, reaction: false },
  /** Command: 2 counters give an ally 1 (§3.2, RULING 72; see `command`). */
  command: { group: "other", cost: { fixed: COMMAND_COST }, reaction: false },
  moveSummonedArea: { group: "other", cost: { fixed: ACTION_COSTS.moveSummonedArea }, reaction: false },
  dragonkinBreath: { group: "attack", cost: { fixed: ACTION_COSTS.dragonkinBreath }, reaction: false, offensive: true },
  mycorreanSpores: { group: "attack", cost: { fixed: ACTION_COSTS.mycorreanSpores }, reaction: false, offensive: true },
} as const satisfies Record<string, ActionDefinition>;

export type CombatActionKey = keyof typeof COMBAT_ACTIONS;
export const COMBAT_ACTION_KEYS = Object.keys(COMBAT_ACTIONS) as CombatActionKey[];

// ---------------------------------------------------------------- attack costs

/** A weapon as the action list needs it. */
export interface ActionWeapon {
  id: string;
  category: "melee" | "ranged" | "thrown" | "explosive";
  /** The weapon's attack cost in counters (2–4). */
  counters: number;
  /** Where it is held; `null` when stowed. Unarmed strikes need no hand. */
  slot: "main" | "off" | "both" | null;
  unarmed?: boolean;
  autofire?: boolean;
  autofireOnly?: boolean;
  dualWield?: boolean;
  flourish?: boolean;
  /** Returning weapon that was thrown and can be recalled. */
  returning?: boolean;
}

/** Fire modes and extras that change an attack's cost. */
export interface AttackCostOptions {
  /** Autofire, strafe and spray: +1 (§4.9). */
  autofire?: boolean;
  /** Power Attack counters (+1 critical each, melee only). */
  powerAttack?: number;
}

const isRanged = (weapon: Pick<ActionWeapon, "category">): boolean => weapon.category !== "melee";

/** Base cost of one weapon attack: the weapon's counters, +1 for autofire, + Power Attack. */
export function attackCost(weapon: Pick<ActionWeapon, "counters" | "category" | "autofireOnly">, options: AttackCostOptions = {}): number {
  const base = requireInteger(weapon.counters, "weapon counters", "a weapon attack costs whole counters of 0 or more", 0);
  const power = requireInteger(options.powerAttack ?? 0, "Power Attack counters", "each extra counter adds +1 critical", 0);
  if (power > 0 && isRanged(weapon)) ruleError("Power Attack", "applies to melee attacks only", "Power Attack (§3.2)", power);
  const autofire = options.autofire || weapon.autofireOnly ? ACTION_COSTS.autofireExtra : 0;
  return base + autofire + power;
}

/**
 * Base cost of attacking with both hands' weapons (RULING 24): the main weapon's cost + 1, or a
 * flat 3 (melee) / 4 (ranged or thrown) when both carry the Dual Wield property.
 */
export function twoWeaponCost(main: Pick<ActionWeapon, "counters" | "category" | "dualWield">, off: Pick<ActionWeapon, "category" | "dualWield">): number {
  requireInteger(main.counters, "weapon counters", "a weapon attack costs whole counters of 0 or more", 0);
  if (main.dualWield && off.dualWield) {
    return isRanged(main) || isRanged(off) ? ACTION_COSTS.dualWieldRanged : ACTION_COSTS.dualWieldMelee;
  }
  return main.counters + ACTION_COSTS.twoWeaponExtra;
}

// ---------------------------------------------------------------- affordability

/** Why an action cannot be taken now: a counter problem or a rule of the situation. */
export type ActionBlock =
  | CounterProblem
  | MoveBlock
  | "noShield" | "notDrawn" | "nothingToDraw" | "nothingToStow" | "handsFull"
  | "autofireOnly" | "needsTwoWeapons" | "noPreviousMiss" | "notGrappling"
  | "manaFull" | "notBurning" | "onCooldown" | "nothingToRecall";

/** What a combatant could do: its counters and its situation. */
export interface ActionContext {
  /** Outside combat nothing is charged and counters are not checked (default: in combat). */
  inCombat?: boolean;
  /** Condition keys on the creature (`stunned`, `prone`, `grappled`, …, and `legDisabled` from a leg shot). */
  conditions?: readonly string[];
  /** Dead, or stabilized and out of the fight for this combat (§4.14). */
  dead?: boolean;
  incapacitated?: boolean;
  /** The creature holds someone in a grapple: it cannot move, dodge or block (§4.17). */
  grappling?: boolean;
  encumbrance?: Encumbrance;
  weapons?: readonly ActionWeapon[];
  shieldDrawn?: boolean;
  /** Owns a shield that is not drawn (something Draw can take). */
  shieldStowed?: boolean;
  /** Quick Draw: drawing is free (§3.2). */
  quickDraw?: boolean;
  /** The previous action was a missed attack (Flourish). */
  lastAttackMissed?: boolean;
  /** The GM's skill-roll cost, at least 2. */
  skillRollCost?: number;
  /** Personal mana; channeling is refused when it is full (§4.18 step 6). */
  mana?: { value: number; max: number };
  /** Has the Command feature. */
  command?: boolean;
  /** Alchemy items and mines ready on the belt or bandolier. */
  alchemy?: boolean;
  mines?: boolean;
  /** Species actions and whether each waits for its Flat 10 recharge (RULING 68). */
  speciesActions?: readonly { key: "dragonkinBreath" | "mycorreanSpores"; spent: boolean }[];
  /** A summoned area (Cyclone, Flaming Sphere) to move. */
  summonedArea?: boolean;
}

/** One action the sheet can offer, with its cost now and whether it can be paid. */
export interface ActionOption {
  key: CombatActionKey;
  /** The weapon of an attack (the main weapon of a two-weapon attack). */
  weaponId?: string;
  offWeaponId?: string;
  /** Cost before Stunned. */
  baseCost: number;
  /** Counters charged now: Stunned included, 0 outside combat. */
  cost: number;
  /** The cost is a minimum (skill rolls, prepared actions, channeling). */
  variable: boolean;
  reaction: boolean;
  affordable: boolean;
  reason: ActionBlock | null;
}

/** Conditions that stop every action, most severe first, with the reaction rule for each. */
const STOPPERS: readonly { key: ActionBlock; condition?: string; reactions: boolean }[] = [
  { key: "dead", condition: "dead", reactions: false },
  { key: "dying", condition: "dying", reactions: false },
  { key: "incapacitated", condition: "stabilized", reactions: false },
  { key: "petrified", condition: "petrified", reactions: false },
  { key: "frozen", condition: "frozen", reactions: false },
  // Pacified makes no attacks and takes no actions, but may still react (docs/rulings.md).
  { key: "pacified", condition: "pacified", reactions: true },
];

interface Situation {
  conditions: ReadonlySet<string>;
  context: ActionContext;
  stopper: { key: ActionBlock; reactions: boolean } | null;
}

function situationBlock(key: CombatActionKey, s: Situation, weapon?: ActionWeapon): ActionBlock | null {
  const def: ActionDefinition = COMBAT_ACTIONS[key];
  const { conditions, context } = s;
  if (s.stopper && !(def.reaction && s.stopper.reactions)) return s.stopper.key;
  if (def.offensive && conditions.has("pacified")) return "pacified";
  if (def.movement) return movementBlocks(conditions, { encumbrance: context.encumbrance, grappling: context.grappling })[def.movement];
  const meleeAttack = def.melee || (weapon !== undefined && weapon.category === "melee" && (key === "attack" || key === "twoWeaponAttack"));
  if (meleeAttack && conditions.has("prone")) return "prone";
  const weapons = context.weapons ?? [];
  switch (key) {
    case "dodge":
    case "block":
      if (conditions.has("grappled")) return "grappled";
      if (context.grappling) return "grappling";
      return key === "block" && !context.shieldDrawn ? "noShield" : null;
    case "stand":
      return conditions.has("prone") ? null : "notProne";
    case "dropProne":
      return conditions.has("prone") ? "prone" : null;
    case "draw":
      return weapons.some((w) => !w.unarmed && w.slot === null) || context.shieldStowed ? null : "nothingToDraw";
    case "stow":
      return weapons.some((w) => !w.unarmed && w.slot !== null) || context.shieldDrawn ? null : "nothingToStow";
    case "recallWeapon":
      return weapons.some((w) => w.returning && w.slot === null) ? null : "nothingToRecall";
    case "grapple":
      if (conditions.has("grappled")) return "grappled";
      return weapons.some((w) => !w.unarmed && w.slot !== null) ? "handsFull" : null;
    case "crush":
    case "piledrive":
    case "shove":
      return context.grappling ? null : "notGrappling";
    case "flourish":
      return context.lastAttackMissed && weapons.some((w) => w.flourish && w.slot !== null) ? null : "noPreviousMiss";
    case "stopDropRoll":
      return conditions.has("burning") ? null : "notBurning";
    case "channel":
      return context.mana && context.mana.value >= context.mana.max ? "manaFull" : null;
    case "dragonkinBreath":
    case "mycorreanSpores":
      return context.speciesActions?.find((a) => a.key === key)?.spent ? "onCooldown" : null;
    default:
      return null;
  }
}

function baseCostOf(key: CombatActionKey, context: ActionContext): { cost: number; variable: boolean } {
  const source: ActionCostSource = COMBAT_ACTIONS[key].cost;
  if ("fixed" in source) {
    if (key === "draw" && context.quickDraw) return { cost: 0, variable: false };
    return { cost: source.fixed, variable: false };
  }
  if ("atLeast" in source) {
    if (key === "skillRoll" || key === "stabilize") {
      const gm = requireInteger(context.skillRollCost ?? source.atLeast, "skill roll cost", "a skill roll in combat costs at least 2 counters (§4.7)", ACTION_COSTS.skillRoll);
      return { cost: gm, variable: true };
    }
    if (key === "channel") return { cost: channelCounters(2), variable: true };
    return { cost: source.atLeast, variable: true };
  }
  ruleError("action", "takes its cost from a weapon", "use attackCost for weapon attacks", key);
}

/** Which actions the combatant offers at all: feature, species and item-bound ones only when it has them. */
function offered(key: CombatActionKey, context: ActionContext): boolean {
  switch (key) {
    case "command":
      return context.command === true;
    case "useAlchemy":
    case "drawAlchemy":
      return context.alchemy === true;
    case "emplaceMine":
    case "detonateMine":
      return context.mines === true;
    case "dragonkinBreath":
    case "mycorreanSpores":
      return (context.speciesActions ?? []).some((a) => a.key === key);
    case "moveSummonedArea":
      return context.summonedArea === true;
    case "recallWeapon":
      return (context.weapons ?? []).some((w) => w.returning);
    default:
      return true;
  }
}

/**
 * Every action the combatant could take, its cost now, and whether it can be paid: situation
 * first (conditions, movement limits, equipment), then counters. Weapon attacks appear once per
 * weapon (plus autofire and a two-weapon attack where they apply). Outside combat the cost is 0
 * and counters are not checked; the situation still is.
 */
export function affordableActions(state: CounterState, context: ActionContext = {}): ActionOption[] {
  requireCounters(state);
  const conditions = new Set(context.conditions ?? []);
  const inCombat = context.inCombat !== false;
  const stunned = conditions.has("stunned");
  let stopper: Situation["stopper"] = null;
  for (const entry of STOPPERS) {
    const active = conditions.has(entry.condition as string)
      || (entry.key === "dead" && context.dead === true)
      || (entry.key === "incapacitated" && context.incapacitated === true);
    if (active) {
      stopper = entry;
      break;
    }
  }
  const situation: Situation = { conditions, context, stopper };
  const options: ActionOption[] = [];

  const add = (key: CombatActionKey, baseCost: number, variable: boolean, extra: Partial<ActionOption> = {}, block: ActionBlock | null = null): void => {
    const reaction = COMBAT_ACTIONS[key].reaction;
    let reason = block ?? situationBlock(key, situation, undefined);
    let cost = 0;
    if (inCombat) {
      const charge = chargeFor(state, baseCost, { stunned, reaction });
      cost = charge.cost;
      reason = reason ?? charge.problem;
    }
    options.push({ key, baseCost, cost, variable, reaction, affordable: reason === null, reason, ...extra });
  };

  const weapons = context.weapons ?? [];
  for (const key of COMBAT_ACTION_KEYS) {
    if (!offered(key, context)) continue;
    if (key === "attack" || key === "autofire") {
      for (const weapon of weapons) {
        if (key === "autofire" && !weapon.autofire && !weapon.autofireOnly) continue;
        const held = weapon.unarmed || weapon.slot !== null;
        let block: ActionBlock | null = situationBlock(key, situation, weapon);
        if (!block && !held) block = "notDrawn";
        if (!block && key === "attack" && weapon.autofireOnly) block = "autofireOnly";
        add(key, attackCost(weapon, { autofire: key === "autofire" }), false, { weaponId: weapon.id }, block);
      }
      continue;
    }
    if (key === "twoWeaponAttack") {
      const armed = weapons.filter((w) => !w.unarmed);
      if (armed.length < 2) continue;
      const main = armed.find((w) => w.slot === "main");
      const off = armed.find((w) => w.slot === "off");
      const pair = main && off ? [main, off] : [main ?? armed[0], off ?? armed.find((w) => w !== (main ?? armed[0])) as ActionWeapon];
      const block = situationBlock(key, situation, pair[0].category === "melee" ? pair[0] : pair[1]) ?? (main && off ? null : "needsTwoWeapons");
      add(key, twoWeaponCost(pair[0], pair[1]), false, { weaponId: pair[0].id, offWeaponId: pair[1].id }, block);
      continue;
    }
    const { cost, variable } = baseCostOf(key, context);
    add(key, cost, variable);
  }
  return options;
}

/** The counters an action costs now (Stunned included), for a fixed-cost action. */
export function combatActionCost(key: CombatActionKey, options: { stunned?: boolean; context?: ActionContext } = {}): number {
  return actionCost(baseCostOf(key, options.context ?? {}).cost, { stunned: options.stunned });
}

// ---------------------------------------------------------------- movement cost (token ruler)

/** One stretch of a planned move. */
export interface MoveSegment {
  mode: "run" | "walk" | "step" | "crawl";
  spaces: number;
  /** Counters it costs (Stunned included). */
  cost: number;
  /** Whether the counters left before it pay for it. */
  affordable: boolean;
}

/** The cheapest way to move a number of spaces, and whether the counters pay for it. */
export interface MovePlan {
  segments: MoveSegment[];
  cost: number;
  affordable: boolean;
  /** Why the creature cannot move at all, or null. */
  blocked: MoveBlock | null;
}

/** Spaces between two grid offsets when every diagonal step counts 2 (§4.8): |Δrow| + |Δcol|. */
export function moveSpaces(a: { i: number; j: number }, b: { i: number; j: number }): number {
  return Math.abs(a.i - b.i) + Math.abs(a.j - b.j);
}

/** Spaces of a path of grid offsets, each diagonal step 2 (§4.8), whatever the scene's rule. */
export function pathSpaces(offsets: readonly { i: number; j: number }[]): number {
  let spaces = 0;
  for (let k = 1; k < offsets.length; k++) spaces += moveSpaces(offsets[k - 1], offsets[k]);
  return spaces;
}

/**
 * Plans a move of `spaces` (diagonals already counted as 2, §4.8) at the cheapest cost in
 * counters: whole runs (2 counters for Run spaces; walks when running is not allowed), then the
 * rest as one more run or as steps (1 counter a space), whichever is cheaper (a run on a tie); prone creatures
 * crawl a space per counter. With `available` counters each segment says whether it can still
 * be paid, so a ruler can colour the part of the path beyond them.
 */
export function planMovement(
  spaces: number,
  speeds: { run: number; walk: number },
  options: { blocks?: Record<MoveMode, MoveBlock | null>; available?: number; stunned?: boolean } = {},
): MovePlan {
  requireInteger(spaces, "spaces moved", "moves are whole spaces of 0 or more", 0);
  const run = requireInteger(speeds.run, "Run", "speeds are whole spaces of 0 or more", 0);
  const walk = requireInteger(speeds.walk, "Walk", "speeds are whole spaces of 0 or more", 0);
  const blocks = options.blocks ?? movementBlocks([]);
  const available = options.available === undefined ? Number.POSITIVE_INFINITY : requireInteger(options.available, "available counters", "counters are whole numbers of 0 or more", 0);
  const stride = actionCost(ACTION_COSTS.run, { stunned: options.stunned });
  const single = actionCost(ACTION_COSTS.step, { stunned: options.stunned });
  const segments: MoveSegment[] = [];
  const push = (mode: MoveSegment["mode"], count: number, cost: number): void => {
    if (count > 0) segments.push({ mode, spaces: count, cost, affordable: true });
  };
  let blocked: MoveBlock | null = null;
  if (blocks.crawl === null) {
    for (let i = 0; i < spaces; i++) push("crawl", 1, single);
  } else {
    const long: "run" | "walk" | null = blocks.run === null && run > 0 ? "run" : blocks.walk === null && walk > 0 ? "walk" : null;
    const length = long === "run" ? run : walk;
    const canStep = blocks.step === null;
    if (!long && !canStep) blocked = blocks.step ?? blocks.walk ?? blocks.run;
    let left = spaces;
    if (long) {
      for (; left >= length && (!canStep || stride <= single * length); left -= length) push(long, length, stride);
    }
    if (left > 0 && !blocked) {
      if (long && left < length && (!canStep || stride <= single * left)) push(long, left, stride);
      else if (canStep) for (; left > 0; left--) push("step", 1, single);
    }
  }
  let spent = 0;
  for (const segment of segments) {
    spent += segment.cost;
    segment.affordable = spent <= available;
  }
  return { segments, cost: spent, affordable: blocked === null && spent <= available, blocked };
}
