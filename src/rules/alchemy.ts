/**
 * Using an alchemy item (digest §1.33, docs/rulings.md 7–10, 50): what it costs, who it may be
 * used on, what stops it, and what it does, read from the item's structured data (pure).
 *
 * - Cost: in combat only belt and bandolier contents can be used; drawing one costs 1 AC and
 *   using it 2 AC, so 3 in all. Out of combat it costs nothing and may come from anywhere.
 * - Target: remedies (healing, removing conditions, Soothing Gel) work on the user or an
 *   adjacent creature; drinks work on the drinker.
 * - Effects: the item's `system.restores` (hits or mana, Nd12 summed, RULING 84),
 *   `system.removesConditions`, and `flags.clockwork.alchemy.effects` for what those fields
 *   cannot say (Ironskin's armor, Soothing Gel's school).
 */
import { ACTION_COSTS } from "./tables";
import { ruleError } from "./errors";

/** What one alchemy item does. */
export type AlchemyEffect =
  /** Roll `dice` d12 and sum them: that many hits cleared or mana restored (RULING 84). */
  | { kind: "restore"; resource: "hits" | "mana"; dice: number }
  /** Ends these statuses. */
  | { kind: "removeConditions"; conditions: string[] }
  /** Ends every lasting spell effect of this school (Soothing Gel: emotion). */
  | { kind: "endSchool"; school: string }
  /** Counts as wearing armor of this resistance in every type, for `hours`, only with no armor worn (Ironskin). */
  | { kind: "armor"; resistance: number; hours: number; armorName: string };

/** The structured flag an item may carry (`flags.clockwork.alchemy`). */
export interface AlchemyFlag {
  target?: "self" | "touch";
  effects?: AlchemyEffect[];
}

/** The item fields the rules read. */
export interface AlchemyItemData {
  category?: string;
  thrown?: boolean;
  container?: string;
  quantity?: number;
  restores?: { resource?: string; dice?: number };
  removesConditions?: readonly string[];
  castsSpell?: string;
}

export interface AlchemyProfile {
  /** "touch": the user or an adjacent creature; "self": the user only. */
  target: "self" | "touch";
  effects: AlchemyEffect[];
  /** Thrown items are area attacks (combat's attack workflow), not a use. */
  thrown: boolean;
  /** Casts a spell (Oil of Accuracy, Time Hopper, Jar of Flies): the card names it; the GM applies it. */
  castsSpell: string;
}

const RESOURCES = ["hits", "mana"] as const;

function requireDice(dice: number): number {
  if (!Number.isInteger(dice) || dice < 0 || dice > 12) ruleError("alchemy dice", "must be a whole number from 0 to 12", "an item restores Nd12 (§1.33)", dice);
  return dice;
}

/** The item's profile: its fields and its flag together. */
export function alchemyProfile(system: AlchemyItemData, flag: AlchemyFlag | null | undefined = null): AlchemyProfile {
  const effects: AlchemyEffect[] = [];
  const resource = system.restores?.resource ?? "";
  const dice = requireDice(system.restores?.dice ?? 0);
  if ((RESOURCES as readonly string[]).includes(resource) && dice > 0) effects.push({ kind: "restore", resource: resource as "hits" | "mana", dice });
  const removes = [...(system.removesConditions ?? [])];
  if (removes.length) effects.push({ kind: "removeConditions", conditions: removes });
  for (const effect of flag?.effects ?? []) effects.push(effect);
  // Remedies reach an adjacent creature (docs/rulings.md 9); a mana potion is the drinker's own.
  const remedy = effects.some((e) => (e.kind === "restore" && e.resource === "hits") || e.kind === "removeConditions" || e.kind === "endSchool");
  return { target: flag?.target ?? (remedy ? "touch" : "self"), effects, thrown: system.thrown === true, castsSpell: system.castsSpell ?? "" };
}

/** Why an item cannot be used now, or null. */
export type AlchemyProblem = "notAlchemy" | "empty" | "notOnBelt" | "thrown" | "tooFar" | "wearingArmor";

export interface AlchemyUseInput {
  profile: AlchemyProfile;
  category?: string;
  quantity: number;
  container: string;
  inCombat: boolean;
  /** Spaces between user and target (0 for the user itself). */
  distance: number;
  /** The target wears armor (Ironskin does nothing then). */
  targetArmored: boolean;
}

/** The first check a use fails, in the order a player would meet them. */
export function alchemyUseProblem(input: AlchemyUseInput): AlchemyProblem | null {
  if (input.category !== undefined && input.category !== "alchemy") return "notAlchemy";
  if (input.quantity < 1) return "empty";
  if (input.profile.thrown) return "thrown";
  // Only belt and bandolier contents can be used in combat (§1.11).
  if (input.inCombat && input.container !== "belt" && input.container !== "bandolier") return "notOnBelt";
  const reach = input.profile.target === "touch" ? 1 : 0;
  if (input.distance > reach) return "tooFar";
  if (input.profile.effects.some((e) => e.kind === "armor") && input.targetArmored) return "wearingArmor";
  return null;
}

/** Counters a use costs: draw 1 + use 2 in combat (§1.33), nothing out of combat. */
export function alchemyUseCost(inCombat: boolean): { draw: number; use: number; total: number } {
  if (!inCombat) return { draw: 0, use: 0, total: 0 };
  return { draw: ACTION_COSTS.drawAlchemy, use: ACTION_COSTS.useAlchemy, total: ACTION_COSTS.drawAlchemy + ACTION_COSTS.useAlchemy };
}

/** The sum of the item's dice (RULING 84), checked. */
export function alchemySum(faces: readonly number[]): number {
  for (const face of faces) if (!Number.isInteger(face) || face < 1 || face > 12) ruleError("alchemy die", "must be a face from 1 to 12", "alchemy rolls d12s", face);
  return faces.reduce((a, b) => a + b, 0);
}
