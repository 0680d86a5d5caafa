/**
 * The public roll API behind `actor.rollSkill`, `rollAttack`, `rollDamage`, `rollFlat` and
 * `rollDeath` (declared on ClockworkActor). Each builds its request from the actor (pure, in
 * `actor-source.ts`), opens the roll dialog unless skipped, runs `clockwork.preRoll`, rolls,
 * posts the chat card and runs `clockwork.roll`. See docs/api.md.
 */
import { ClockworkRollDialog } from "./roll-dialog";
import { isModifierActive, notify, targetedTokens as userTargets, viewedCombat } from "../foundry";
import { MAX_DICE, type DamageType } from "../rules";
import {
  attackRollRequest, hasFeature, luckKeepsBest, skillRollRequest, withConditionDice,
  type GainRollCallOptions, type RollActor, type RollEnvironment, type RollItem,
} from "./actor-source";
import { postRoll, type RollMessage } from "./chat";
import type { ClockworkRoll } from "./clockwork-roll";
import { DamageRoll } from "./damage-roll";
import { applyDeathRoll, deathRollProblem, healthTrack } from "./death";
import { DeathRoll } from "./death-roll";
import { FlatRoll } from "./flat-roll";
import { GainRoll } from "./gain-roll";
import { callPreRoll, callRolled } from "./hooks";
import { gainRollSetup, type GainRollRequest } from "./pool";
import { currentRollMode } from "./roll-mode";
import type { DamageTargetData, RollModeKey } from "./types";

/** An actor that can pay for rolls: the roll API writes wounds and luck through `update`. */
export type RollingActor = RollActor & { update(changes: object): Promise<unknown> };

/** What only Foundry knows about this roll: the user's roll mode and whether the actor fights. */
function environment(actor: RollActor): RollEnvironment {
  const combat = viewedCombat<{ started?: boolean; combatants?: Iterable<{ actor?: { id?: string | null } | null }> }>();
  const inCombat = combat?.started === true && [...(combat.combatants ?? [])].some((c) => c.actor?.id === actor.id);
  return { rollMode: currentRollMode(), inCombat };
}

/** Shift-click, `skipDialog`, or the shift key held (for buttons that pass no event). */
function skipsDialog(options: GainRollCallOptions): boolean {
  if (options.skipDialog || options.event?.shiftKey) return true;
  return isModifierActive("Shift");
}

/** Reports bad input from a macro or sheet as a localized notification; null means no roll. */
function guarded<T>(build: () => T): T | null {
  try {
    return build();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    notify("error", "CLOCKWORK.Roll.Error.BadRequest", { details: error.message });
    return null;
  }
}

async function finish(actor: RollActor, roll: ClockworkRoll, rollMode: RollModeKey, flavor?: string, item?: RollItem, flags?: Record<string, unknown>): Promise<RollMessage> {
  await roll.evaluate();
  const message = await postRoll(actor, roll, { rollMode, keepBest: luckKeepsBest(actor), flavor, item: item as { uuid?: string | null } | undefined, flags });
  callRolled(actor, roll, message);
  return message;
}

/** The roll dialog. */
function promptDialog(request: GainRollRequest): Promise<GainRollRequest | null> {
  return ClockworkRollDialog.prompt(request);
}

/** Dialog (unless skipped), preRoll hook, roll, chat card, roll hook. */
async function performGainRoll(actor: RollActor, start: GainRollRequest | null, options: GainRollCallOptions, item?: RollItem): Promise<GainRoll | null> {
  if (!start) return null;
  const request = skipsDialog(options) ? start : await promptDialog(start);
  if (!request) return null;
  const hookRequest = { kind: "gain" as const, ...request };
  if (!callPreRoll(actor, hookRequest)) return null;
  const { kind: _kind, ...edited } = hookRequest;
  const setup = guarded(() => gainRollSetup(edited));
  if (!setup) return null;
  const roll = GainRoll.fromPool(setup.dice, setup.options);
  await finish(actor, roll, edited.rollMode, undefined, item, options.messageFlags);
  return roll;
}

/** Rolls a skill: its attribute's dice against its rank (§4.1). */
export async function rollSkill(actor: RollActor, skill: string, options: GainRollCallOptions = {}): Promise<GainRoll | null> {
  return performGainRoll(actor, guarded(() => withConditionDice(actor, skillRollRequest(actor, skill, options, environment(actor)))), options);
}

/** Rolls a weapon's or spell's attack pool (§4.9 step 4). */
export async function rollAttack(actor: RollActor, item: RollItem, options: GainRollCallOptions = {}): Promise<GainRoll | null> {
  return performGainRoll(actor, guarded(() => withConditionDice(actor, attackRollRequest(actor, item, options, environment(actor)))), options, item);
}

export interface FlatRollCallOptions {
  /** Roll twice and keep the better. */
  keepBetter?: boolean;
  /** What the roll is for ("End Burning"). */
  label?: string;
  rollMode?: RollModeKey;
}

/** Rolls a Flat N: 1d12 ≥ N (§4.2). */
export async function rollFlat(actor: RollActor, target: number, options: FlatRollCallOptions = {}): Promise<FlatRoll | null> {
  const request = { kind: "flat" as const, target, keepBetter: options.keepBetter === true, label: options.label, rollMode: options.rollMode ?? currentRollMode() };
  if (!callPreRoll(actor, request)) return null;
  const roll = guarded(() => FlatRoll.forTarget(request.target, { keepBetter: request.keepBetter, label: request.label }));
  if (!roll) return null;
  await finish(actor, roll, request.rollMode);
  return roll;
}

export interface DeathRollCallOptions {
  /** Add the fatal wounds to the actor's wounds, which kills when they exceed grit (default true). */
  apply?: boolean;
  rollMode?: RollModeKey;
}

/** Rolls the 6d12 death roll (§4.14), Diehard aware, and by default adds the fatal wounds. Only a dying creature rolls. */
export async function rollDeath(actor: RollingActor, options: DeathRollCallOptions = {}): Promise<DeathRoll | null> {
  const problem = deathRollProblem(actor);
  if (problem) {
    notify("warn", problem, { name: actor.name });
    return null;
  }
  const track = healthTrack(actor);
  const request = {
    kind: "death" as const, diehard: hasFeature(actor, "diehard"), apply: options.apply !== false,
    rollMode: options.rollMode ?? currentRollMode(),
  };
  if (!callPreRoll(actor, request)) return null;
  const roll = DeathRoll.sixDice({ diehard: request.diehard, wounds: track?.wounds, grit: track?.grit, applied: request.apply && track !== null });
  await finish(actor, roll, request.rollMode);
  if (roll.settings.applied) await applyDeathRoll(actor, roll);
  return roll;
}

export interface DamageRollCallOptions {
  damageType?: DamageType;
  /** Extra or fewer dice (Deadly +1, shot or slug ±1). */
  extraDice?: number;
  /** Critical damage from the attack roll. */
  criticals?: number;
  /** Targets to count against; by default the user's targeted tokens, all hit. */
  targets?: DamageTargetData[];
  rollMode?: RollModeKey;
}

interface TargetToken {
  name?: string;
  actor?: RollActor | null;
}

/** The user's targeted tokens as damage targets, with their resistance to the type. */
export function targetedTokens(type: DamageType): DamageTargetData[] {
  return userTargets<TargetToken>().flatMap((token) => {
    const resistance = token.actor?.system.resistances?.[type];
    if (!resistance) return [];
    return [{
      name: token.name ?? token.actor?.name ?? "", actorUuid: token.actor?.uuid ?? null,
      species: resistance.species, armor: resistance.armor, hit: true,
    }];
  });
}

/** Rolls a weapon's or spell's damage once and counts it against each target (§4.9 step 7). */
export async function rollDamage(actor: RollActor, item: RollItem, options: DamageRollCallOptions = {}): Promise<DamageRoll | null> {
  const damage = item.system.damage;
  const damageType = options.damageType ?? (damage?.types?.[0] as DamageType | undefined);
  if (!damage?.dice || !damageType) {
    notify("warn", "CLOCKWORK.Roll.Error.NoDamage", { name: item.name });
    return null;
  }
  const armorPiercing = (item.system.properties ?? []).some((p) => p.key === "armorPiercing" && (!p.damageType || p.damageType === damageType));
  const request = {
    kind: "damage" as const, dice: damage.dice + (options.extraDice ?? 0), damageType, armorPiercing,
    aoe: (item.system.area?.shape ?? "none") !== "none",
    criticals: options.criticals ?? 0, targets: options.targets ?? targetedTokens(damageType),
    rollMode: options.rollMode ?? currentRollMode(),
  };
  if (!callPreRoll(actor, request)) return null;
  const roll = guarded(() => DamageRoll.forDice(Math.max(0, Math.min(MAX_DICE, request.dice)), {
    damageType: request.damageType, armorPiercing: request.armorPiercing, aoe: request.aoe, criticals: request.criticals,
    targets: request.targets, itemName: item.name,
  }));
  if (!roll) return null;
  await finish(actor, roll, request.rollMode, undefined, item);
  return roll;
}
