/**
 * The odds of an attack before it is made (pure): for each target the defense it will face, the
 * exact chance to hit and the exact expected damage against its own resistance, from the rules
 * core's `attackOdds`; what the attack costs; and who may see which numbers (hidden
 * information, issue 10 item 5).
 */
import {
  actionCost, attackOdds, chargeFor, groupAttack, isAreaMode, reactionOptions, ACTION_COSTS,
  type AttackInput, type AttackTarget, type CounterProblem, type CounterState, type ReactionBlock, type TargetOdds,
} from "../../rules";
import { attackBaseCost, attackInput, targetOf, type AttackActor, type AttackDeclaration, type AttackItem, type TargetSituation } from "./source";
import { HIDDEN_INFO_LEVELS, type HiddenInfoLevel } from "./settings";

/** What a user who may not observe a target sees of it in the dialog (world setting; defined in ./settings). */
export { HIDDEN_INFO_LEVELS, type HiddenInfoLevel };

/** One target as the workflow knows it. */
export interface AttackTargetInfo {
  /** Stable key: the token's UUID, or the actor's when there is no token. */
  key: string;
  name: string;
  img?: string | null;
  actor: AttackActor;
  actorUuid: string;
  tokenUuid?: string | null;
  situation: TargetSituation;
  /** Attacked (single mode may leave some targets out). */
  include: boolean;
  /** The viewing user may observe the actor (OBSERVER permission). */
  observable: boolean;
  /** The target's combatant counters in a running combat, or null outside combat. */
  counters?: CounterState | null;
  stunned?: boolean;
  /** Walls stand between the attacker's token and this one (core's sight test): a hint to declare cover. */
  wallBetween?: boolean;
}

/** One target's preview. */
export interface PreviewRow {
  key: string;
  odds: TargetOdds;
  /** Whether each reaction is open to the target, and why not. */
  reactions: { dodge: ReactionBlock | null; block: ReactionBlock | null };
  /** Whether the target could pay a reaction now (counters), or why not. */
  reactionCharge: CounterProblem | null;
}

/** What the attack costs (§4.7): each single attack pays on its own; an area or fire mode pays once. */
export interface AttackCost {
  /** Base counters of one attack. */
  base: number;
  /** Counters of one attack now (Stunned included). */
  each: number;
  attacks: number;
  total: number;
  /** In a running combat: whether the attacker can pay it all, and why not. */
  problem: CounterProblem | null;
}

export interface AttackPreview {
  input: AttackInput;
  targets: AttackTarget[];
  rows: PreviewRow[];
  cost: AttackCost;
}

/** Everything a preview needs. */
export interface PreviewRequest {
  actor: AttackActor;
  item: AttackItem;
  declaration: AttackDeclaration;
  targets: readonly AttackTargetInfo[];
  /** The attacker's counters in a running combat, or null outside combat (nothing is charged). */
  counters: CounterState | null;
  stunned?: boolean;
  /** Spaces from the attacker to an area's target point. */
  areaDistance?: number;
  /** The base cost of one attack when something else sets it (a two-weapon attack pays once). */
  baseCost?: number;
  /** A minion group's standing members attacking together (docs/rulings.md 91); 1 or none: a lone attacker. */
  groupMembers?: number;
}

/** How many counters the attack costs and whether they can be paid. */
export function attackCostOf(request: Pick<PreviewRequest, "item" | "declaration" | "counters" | "stunned" | "targets" | "baseCost">): AttackCost {
  const base = request.baseCost ?? attackBaseCost(request.item, request.declaration);
  const each = actionCost(base, { stunned: request.stunned });
  const attacks = isAreaMode(request.declaration.mode) ? 1 : Math.max(1, request.targets.filter((t) => t.include).length);
  if (!request.counters) return { base, each, attacks, total: 0, problem: null };
  // `each` already carries Stunned's +1, so the total is charged as it stands.
  const problem = chargeFor(request.counters, each * attacks).problem;
  return { base, each, attacks, total: each * attacks, problem };
}

/** The odds for every target (included or not), and the cost. */
export function attackPreview(request: PreviewRequest): AttackPreview {
  const single = attackInput(request.actor, request.item, request.declaration, { areaDistance: request.areaDistance });
  // A minion group attacks as one: +1 attack and damage die per standing member beyond the first.
  const input = (request.groupMembers ?? 1) > 1 ? groupAttack(single, request.groupMembers as number) : single;
  const targets = request.targets.map((t) => targetOf(t.actor, t.key, request.declaration.damageType, t.situation));
  const odds = attackOdds(input, targets);
  const rows = odds.map((o, i): PreviewRow => {
    const info = request.targets[i];
    const counters = info.counters ?? null;
    return {
      key: info.key,
      odds: o,
      reactions: reactionOptions(input, targets[i]),
      reactionCharge: counters ? chargeFor(counters, ACTION_COSTS.dodge, { reaction: true, stunned: info.stunned }).problem : null,
    };
  });
  return { input, targets, rows, cost: attackCostOf(request) };
}

/** What one viewer sees of one target: GMs and observers everything, others the world setting. */
export function visibilityOf(target: Pick<AttackTargetInfo, "observable">, viewer: { isGM: boolean; hiddenInfo: HiddenInfoLevel }): HiddenInfoLevel {
  return viewer.isGM || target.observable ? "everything" : viewer.hiddenInfo;
}

/** The reactions a target may choose now: open to it, and payable. */
export function reactionChoices(row: PreviewRow): ("dodge" | "block")[] {
  if (row.reactionCharge) return [];
  return (["dodge", "block"] as const).filter((r) => row.reactions[r] === null);
}

/**
 * The reaction an NPC takes when the GM lets the system decide: the open, payable reaction that
 * lowers the expected damage the most, or none when neither lowers it (docs/rulings.md).
 */
export function autoReaction(row: PreviewRow): "none" | "dodge" | "block" {
  let best: "none" | "dodge" | "block" = "none";
  let bestDamage = row.odds.expectedDamage;
  let bestHit = row.odds.chanceToHit;
  for (const reaction of reactionChoices(row)) {
    const alternative = row.odds.ifReaction[reaction];
    if (!alternative) continue;
    const better = alternative.expectedDamage < bestDamage - 1e-9
      || (Math.abs(alternative.expectedDamage - bestDamage) <= 1e-9 && alternative.chanceToHit < bestHit - 1e-9);
    if (better) {
      best = reaction;
      bestDamage = alternative.expectedDamage;
      bestHit = alternative.chanceToHit;
    }
  }
  return best;
}
