/**
 * Dying and death in play (issue 10 item 9, digest §4.14): whatever writes the health track (an
 * attack, a tick, a sheet, a token bar), the designated GM follows it —
 * - losing the last vital: the `dying` status drawn over the token, and a death roll at once
 *   (a minion is out of the fight instead: dead, docs/rulings.md 90);
 * - damage while dying: another death roll (the attack workflow's `clockwork.damageApplied` hook,
 *   or a damage writer calling `afterDamage`);
 * - wounds above grit: the `dead` status over the token and every combatant of the actor defeated;
 * - getting a vital back or being stabilized ends `dying`.
 * Stabilize (Mind / Knowledge with the Medicine focus, gains ≥ wounds) is an action here.
 */
import { activeCombat, activeGM, askUser, isDesignatedGM, notify, registerQuery, resolveUuidSync, targetedTokens, type QueryUser, worldCollection } from "../foundry";
import { ACTION_COSTS, attemptStabilize, medicineProblem, type DamageApplication, type MedicineProblem } from "../rules";
import { gridSizeOf, spacesBetween, tokenBox, type TokenPosition } from "./attack/geometry";
import { addStatus, removeStatus, type StatusActor } from "./conditions";
import { DAMAGE_APPLIED_HOOK, NO_ANSWER, RELAY_TIMEOUT } from "../relay";
import { DEATH_ROLL_OWED, deathRollOwed, requestDeathRoll, type PromptActor } from "./prompts";
import { refusal, type QueryRefusal } from "./query-refusal";
import { healthTrackOf, storedHealthOf, type StoredHealth, type TurnActor } from "./turn-state";

export const QUERY_STABILIZE = "clockwork.stabilize";
/** Update option carrying the health before the write (set on the writing client). */
export const HEALTH_BEFORE_OPTION = "clockworkHealthBefore";

type Changes = Record<string, unknown>;

/** Whether a write touches the health track. */
export function touchesHealth(changes: Changes): boolean {
  const system = changes.system as Changes | undefined;
  return (system !== undefined && typeof system === "object" && "health" in system) || Object.keys(changes).some((k) => k.startsWith("system.health"));
}

/** preUpdateActor (on the writing client): remember the health before the write for the GM. */
export function stashHealth(actor: TurnActor, changes: Changes, options: Changes): void {
  if (!touchesHealth(changes)) return;
  const before = storedHealthOf(actor);
  if (before) options[HEALTH_BEFORE_OPTION] = before;
}

/** Registers the hooks and the stabilize query. */
export function registerDying(): void {
  Hooks.on("preUpdateActor", ((actor: TurnActor, changes: Changes, options: Changes) => stashHealth(actor, changes, options)) as never);
  // The designated GM follows the health track.
  Hooks.on("updateActor", ((actor: unknown, changes: Changes, options: Changes) => {
    if (!isDesignatedGM() || !touchesHealth(changes)) return;
    onHealthUpdate(actor as never, changes, options).catch((error: unknown) => console.error(error));
  }) as never);
  Hooks.on(DAMAGE_APPLIED_HOOK as never, ((actor: unknown, application: Parameters<typeof afterDamage>[1]) => {
    afterDamage(actor as never, application).catch((error: unknown) => console.error(error));
  }) as never);
  registerQuery(QUERY_STABILIZE, (data: unknown) => answerStabilize(data));
  Hooks.on("clockwork.roll" as never, ((_actor: unknown, _roll: unknown, message: StabilizeMessage | null) => {
    if (message?.flags?.clockwork?.stabilize) reapplyStabilize(message).catch((error: unknown) => console.error(error));
  }) as never);
  // The owed death roll is the GM's record: the GM clears it when the owner's roll is in the chat.
  Hooks.on("createChatMessage", ((message: DeathRollMessage) => {
    if (isDesignatedGM()) settleOwedDeathRoll(message).catch((error: unknown) => console.error(error));
  }) as never);
}

/** A chat message as the GM reads a death roll from it. */
interface DeathRollMessage {
  author?: { id?: string | null } | null;
  rolls?: readonly { constructor: { name: string } }[];
  flags?: { clockwork?: { roll?: { actorUuid?: unknown } } };
}

/**
 * On the GM: a death roll in the chat, by a user who owns the dying creature, makes the roll the
 * GM asked of it (`flags.clockwork.deathRollOwed`, which only a GM's client writes) no longer owed.
 */
export async function settleOwedDeathRoll(message: DeathRollMessage): Promise<boolean> {
  if (message.rolls?.[0]?.constructor.name !== "DeathRoll") return false;
  const actor = resolveUuidSync<DyingActor>(message.flags?.clockwork?.roll?.actorUuid);
  if (!actor || deathRollOwed(actor) === null) return false;
  const author = message.author ?? null;
  if (!author || !actor.testUserPermission(author as never, "OWNER")) return false;
  await actor.update({ [`flags.clockwork.${DEATH_ROLL_OWED}`]: null });
  return true;
}

type DyingActor = TurnActor & StatusActor & PromptActor & {
  id: string | null;
  isOwner: boolean;
  uuid?: string;
  token?: { id?: string | null } | null;
  items: Iterable<{ id: string | null; type: string; name?: string; identifier?: string; system: { identifier?: string; category?: string; quantity?: number } }>;
  update(changes: object, options?: object): Promise<unknown>;
  getActiveTokens?(): (PlacedToken & { document?: PlacedToken | null })[];
};

type PlacedToken = TokenPosition & { parent?: { id?: string | null; grid?: { size?: number } } | null };

/** The spaces between two creatures' tokens on one scene, if both stand on it. */
function spacesApart(a: DyingActor, b: DyingActor): number | undefined {
  // A placeable's document, or the document itself where tokens are not drawn.
  const placed = (actor: DyingActor): PlacedToken | null => {
    const token = actor.getActiveTokens?.()[0] ?? null;
    return token?.document ?? token;
  };
  const ta = placed(a);
  const tb = placed(b);
  if (!ta || !tb || !ta.parent || ta.parent !== tb.parent) return undefined;
  return spacesBetween(tokenBox(ta, gridSizeOf(ta)), tokenBox(tb, gridSizeOf(tb)));
}

/** What keeps the healer's Medicine check from a dying creature (L968): its equipment and its reach, by this client's world. */
export function medicineProblemOf(healer: DyingActor, target: DyingActor): MedicineProblem | null {
  const items = [...healer.items].map((i) => ({ type: i.type, category: i.system.category, identifier: i.identifier ?? i.system.identifier ?? "", quantity: i.system.quantity }));
  const reach = (healer.system as { reach?: number }).reach ?? 1;
  return medicineProblem({ items, distance: spacesApart(healer, target), reach });
}

const MEDICINE_PROBLEM_KEYS: Record<MedicineProblem, string> = { noEquipment: "NoMedicalEquipment", outOfReach: "HealerOutOfReach" };


/** Every combatant of the actor in every combat (linked actor by id, token actor by token). */
function combatantsOf(actor: DyingActor): { update(changes: object): Promise<unknown>; defeated?: boolean }[] {
  const token = actor.token;
  const found: { update(changes: object): Promise<unknown>; defeated?: boolean }[] = [];
  for (const combat of worldCollection<Iterable<{ combatants: Iterable<{ actorId: string | null; tokenId: string | null; defeated?: boolean; update(c: object): Promise<unknown> }> }>>("combats") ?? []) {
    for (const c of combat.combatants) {
      // A minion group falls with its last member, not its first token (markDead below).
      if ((c as { system?: { members?: string[] } }).system?.members?.length) continue;
      if (token?.id ? c.tokenId === token.id : c.actorId === actor.id) found.push(c);
    }
  }
  return found;
}

/** Dead: the overlay, no dying, every combatant defeated. */
async function markDead(actor: DyingActor): Promise<void> {
  // The tracker first: defeat does not wait on the token's overlay.
  for (const combatant of combatantsOf(actor)) if (!combatant.defeated) await combatant.update({ defeated: true });
  // A minion group is defeated when its last member falls (docs/rulings.md 91).
  const tokenId = actor.token?.id;
  if (tokenId) {
    for (const combat of worldCollection<Iterable<{ combatants: Iterable<GroupLeader> }>>("combats") ?? []) {
      for (const c of combat.combatants) {
        if (!c.defeated && c.system.members?.includes(tokenId) && c.standingMembers?.() === 0) await c.update({ defeated: true });
      }
    }
  }
  await removeStatus(actor, "dying");
  await addStatus(actor, "dead", { overlay: true });
}

interface GroupLeader {
  defeated?: boolean;
  system: { members?: string[] };
  standingMembers?(): number;
  update(changes: object): Promise<unknown>;
}

async function becameDying(actor: DyingActor): Promise<void> {
  if (actor.system.minion) {
    // A minion that loses its vital is out of the fight at once (docs/rulings.md 90).
    await actor.update({ "system.health.dying": false, "system.health.dead": true });
    return;
  }
  await addStatus(actor, "dying", { overlay: true });
  const fatal = await requestDeathRoll(actor, "dying");
  // The wounds of the death roll losing that vital caused: a vital given back takes them back.
  const track = healthTrackOf(actor);
  if (fatal && fatal > 0 && track?.dying && !track.dead) await actor.update({ [`flags.clockwork.${DYING_ROLL_WOUNDS_FLAG}`]: fatal });
}

/** Actor flag: the wounds the automatic death roll on becoming dying added (#166). */
export const DYING_ROLL_WOUNDS_FLAG = "dyingRollWounds";

function dyingRollWounds(actor: DyingActor): number {
  const value = (actor as { flags?: { clockwork?: Record<string, unknown> } }).flags?.clockwork?.[DYING_ROLL_WOUNDS_FLAG];
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;
}

/**
 * updateActor on the designated GM: follows the health track with statuses, defeat and death
 * rolls. `before` comes from the writing client (stashHealth).
 */
export async function onHealthUpdate(actor: DyingActor, changes: Changes, options: Changes): Promise<void> {
  if (!isDesignatedGM() || !touchesHealth(changes)) return;
  const after = storedHealthOf(actor);
  if (!after) return;
  const before = (options[HEALTH_BEFORE_OPTION] as StoredHealth | undefined) ?? null;
  if (after.dead) {
    if (!before?.dead) await markDead(actor);
    return;
  }
  if (after.dying && !before?.dying) {
    await becameDying(actor);
    return;
  }
  if (!after.dying && before?.dying) {
    await removeStatus(actor, "dying");
    const owed = dyingRollWounds(actor);
    if (!owed) return;
    // A vital given back undoes the loss and the death roll it caused (stabilizing does not: the vital stays lost).
    const vitalBack = typeof after.vitalsLost === "number" && typeof before.vitalsLost === "number" && after.vitalsLost < before.vitalsLost;
    await actor.update({
      ...(vitalBack ? { "system.health.wounds": Math.max(0, (after.wounds ?? 0) - owed) } : {}),
      [`flags.clockwork.${DYING_ROLL_WOUNDS_FLAG}`]: null,
    });
  }
}

/**
 * For damage writers (the attack workflow, macros), on the GM after applying damage: a creature
 * that was already dying and took damage makes another death roll. Becoming dying and dying
 * are followed from the health write itself.
 */
export async function afterDamage(actor: DyingActor, application: Pick<DamageApplication, "damage" | "becameDying" | "died" | "deathRollRequired">): Promise<void> {
  if (application.deathRollRequired && !application.becameDying && !application.died && application.damage > 0) {
    await requestDeathRoll(actor, "damage");
  }
}

// ---------------------------------------------------------------- stabilize

/** The healer's Medicine focus (a Mind / Knowledge focus), if any. */
function medicineFocus(healer: DyingActor): string | undefined {
  for (const item of healer.items) if (item.type === "focus" && item.system.identifier === "medicine") return item.id ?? undefined;
  return undefined;
}

/** Target flag: the ids of the stabilize roll messages already applied to it (each counts once). */
export const STABILIZE_USED_FLAG = "stabilizeRolls";
/** Message flag the healer's side sets on its roll: the creature it tries to stabilize. */
export const STABILIZE_MESSAGE_FLAG = "stabilize";

/** A chat message as the GM reads a stabilize roll from it. */
interface StabilizeMessage {
  id: string | null;
  uuid?: string;
  author?: { id?: string | null; isGM?: boolean } | null;
  rolls?: readonly { constructor: { name: string }; gains?: unknown; options?: { discarded?: boolean } }[];
  flags?: { clockwork?: { roll?: { actorUuid?: unknown; luck?: { spent?: unknown } }; stabilize?: { targetUuid?: unknown } } };
}

/** The roll that stands in the message: after a luck reroll, the one not discarded. */
function standingRoll(message: StabilizeMessage): NonNullable<StabilizeMessage["rolls"]>[number] | undefined {
  return message.rolls?.find((r) => r.options?.discarded !== true) ?? message.rolls?.[0];
}

/** What the target records as used: the message, and each luck reroll of it as its own attempt. */
function attemptKey(message: StabilizeMessage & { id: string }): string {
  const spent = message.flags?.clockwork?.roll?.luck?.spent;
  return typeof spent === "number" && spent > 0 ? `${message.id}#luck${spent}` : message.id;
}

function usedRolls(target: DyingActor): string[] {
  const used = (target as { flags?: { clockwork?: Record<string, unknown> } }).flags?.clockwork?.[STABILIZE_USED_FLAG];
  return Array.isArray(used) ? used.filter((id): id is string => typeof id === "string") : [];
}


/**
 * Applies a stabilize roll read from its chat message, on the GM's client: the
 * message names this target, its author owns the healer whose roll it is, the target is dying,
 * and the message was not used before (recorded on the target, so it counts once). The gains
 * come from the message's own roll; the rules core decides success.
 */
export async function stabilizeByMessage(target: DyingActor, message: StabilizeMessage | null): Promise<{ ok: true; success: boolean } | QueryRefusal> {
  if (!message?.id) return refusal("NoMessage");
  const flags = message.flags?.clockwork;
  if (flags?.stabilize?.targetUuid !== target.uuid) return refusal("NotStabilizeRoll", { name: target.name });
  const roll = standingRoll(message);
  const gains = roll?.constructor.name === "GainRoll" ? roll.gains : undefined;
  if (typeof gains !== "number" || !Number.isInteger(gains) || gains < 0) return refusal("NotStabilizeRoll", { name: target.name });
  const healer = resolveUuidSync<DyingActor>(flags?.roll?.actorUuid);
  const author = message.author ?? null;
  if (!healer || !author || !healer.testUserPermission(author as never, "OWNER")) return refusal("NotHealer", { name: healer?.name ?? "" });
  // The GM's own world: the healer's equipment and where both stand now (L968).
  const problem = medicineProblemOf(healer, target);
  if (problem) return refusal(MEDICINE_PROBLEM_KEYS[problem], { name: healer.name, target: target.name });
  const key = attemptKey(message as StabilizeMessage & { id: string });
  if (usedRolls(target).includes(key)) return refusal("UsedRoll", { name: target.name });
  const track = healthTrackOf(target);
  if (!track?.dying || track.dead) return refusal("NothingToStabilize", { name: target.name });
  // Disintegrate or Ice Beam destroyed it: never stabilized (docs/rulings.md 148).
  const result = attemptStabilize(track, gains, { destroyed: [...(target.statuses ?? [])].includes("destroyed") });
  const used = { [`flags.clockwork.${STABILIZE_USED_FLAG}`]: [...usedRolls(target), key] };
  if (!result.success) {
    await target.update(used);
    return { ok: true, success: false };
  }
  await addStatus(target, "stabilized");
  await target.update({ "system.health.dying": false, ...used });
  return { ok: true, success: true };
}

/** The stabilize query on the GM: the target and the UUID of the healer's stabilize roll message (any gains sent are ignored). */
export async function answerStabilize(data: unknown): Promise<{ ok: true; success: boolean } | QueryRefusal> {
  const request = data as { targetUuid?: unknown; messageUuid?: unknown } | null;
  const target = resolveUuidSync<DyingActor>(request?.targetUuid);
  if (!target) return refusal("NoActor");
  return stabilizeByMessage(target, resolveUuidSync<StabilizeMessage>(request?.messageUuid));
}

interface StabilizeCombatant {
  spendCounters(cost: number, options?: object): Promise<unknown>;
}

/** Rolls and returns the chat message it posted (caught from the dice layer's `clockwork.roll` hook). */
async function rollWithMessage(healer: DyingActor, roll: () => Promise<{ gains: number } | null>): Promise<{ roll: { gains: number }; message: StabilizeMessage } | null> {
  let message: StabilizeMessage | null = null;
  const id = Hooks.on("clockwork.roll" as never, ((actor: unknown, _roll: unknown, posted: StabilizeMessage) => {
    if (actor === healer) message = posted;
  }) as never);
  try {
    const result = await roll();
    return result && message ? { roll: result, message } : null;
  } finally {
    Hooks.off("clockwork.roll" as never, id as never);
  }
}

/**
 * Stabilize (§4.14): the healer rolls Mind / Knowledge with its Medicine focus against the
 * target's wounds; success ends dying (the target stays out of the fight for the combat). In a
 * running combat it costs the healer's counters first. The roll's message is marked as this
 * stabilize attempt and the GM applies it from the message. Resolves the outcome, or null when
 * it could not be attempted.
 */
export async function stabilize(healer: DyingActor, target: DyingActor, options: { combatant?: StabilizeCombatant | null; pay?: () => Promise<boolean>; skipDialog?: boolean } = {}): Promise<{ success: boolean; gains: number } | null> {
  const track = healthTrackOf(target);
  if (!track?.dying || track.dead) {
    notify("warn", "CLOCKWORK.Conditions.Stabilize.NotDying", { name: target.name });
    return null;
  }
  // Medical equipment on the healer's person, the dying creature within its reach (L968): before anything is paid.
  const problem = medicineProblemOf(healer, target);
  if (problem) {
    notify("warn", `CLOCKWORK.Conditions.Stabilize.${MEDICINE_PROBLEM_KEYS[problem]}`, { name: healer.name, target: target.name });
    return null;
  }
  // The GM applies every stabilize roll, the target's owner's too: the rolls used are its record (issue 34).
  const gm = game.user?.isGM ? null : activeGM<QueryUser>();
  if (!game.user?.isGM && !gm) {
    notify("warn", "CLOCKWORK.Combat.Turns.NoGM");
    return null;
  }
  // One payment: the caller's (the sheet pays through the relay) or the combatant's.
  if (options.pay) {
    if (!(await options.pay())) return null;
  } else if (options.combatant && (await options.combatant.spendCounters(ACTION_COSTS.stabilize)) === null) return null;
  const rolled = await rollWithMessage(healer, () => healer.rollSkill("knowledge", { focus: medicineFocus(healer) ?? false, difficulty: track.wounds, skipDialog: options.skipDialog }));
  if (!rolled) return null;
  const { roll, message } = rolled;
  // The author marks its own roll as this attempt; the GM reads the gains from it.
  await (message as unknown as { update(c: object): Promise<unknown> }).update({ [`flags.clockwork.${STABILIZE_MESSAGE_FLAG}`]: { targetUuid: target.uuid } });
  const success = await applyStabilizeMessage(target, message, gm);
  return { success, gains: roll.gains };
}

/** Has the GM (this client, when it is a GM's) apply a marked stabilize roll; tells the user the outcome. */
async function applyStabilizeMessage(target: DyingActor, message: StabilizeMessage, gm: QueryUser | null): Promise<boolean> {
  let answer: unknown;
  if (gm) {
    const asked = await askUser(gm, QUERY_STABILIZE, { targetUuid: target.uuid, messageUuid: message.uuid }, { timeout: RELAY_TIMEOUT });
    if (!asked.ok) {
      // The GM left, or never answered: the roll stands on its message, nothing was applied.
      notify("warn", NO_ANSWER[asked.why]);
      return false;
    }
    answer = asked.value;
  } else answer = await stabilizeByMessage(target, message);
  const success = (answer as { ok?: boolean; success?: boolean } | null)?.ok === true && (answer as { success?: boolean }).success === true;
  notify("info", success ? "CLOCKWORK.Conditions.Stabilize.Success" : "CLOCKWORK.Conditions.Stabilize.Failure", { name: target.name });
  return success;
}

/**
 * A luck reroll of a stabilize roll (the dice layer's `clockwork.roll` hook, on the rerolling
 * client): the message now stands on its better attempt, so the stabilize is applied again.
 */
export async function reapplyStabilize(message: StabilizeMessage): Promise<boolean | null> {
  const spent = message.flags?.clockwork?.roll?.luck?.spent;
  if (typeof spent !== "number" || spent < 1) return null;
  const target = resolveUuidSync<DyingActor>(message.flags?.clockwork?.stabilize?.targetUuid);
  const track = target ? healthTrackOf(target) : null;
  if (!target || !track?.dying || track.dead) return null;
  const gm = game.user?.isGM ? null : activeGM<QueryUser>();
  if (!game.user?.isGM && !gm) return null;
  return applyStabilizeMessage(target, message, gm);
}

/** An actor as the target finder sees it. */
interface MaybeDying {
  id?: string | null;
  uuid?: string;
  system?: unknown;
}

function isDying<T extends MaybeDying>(actor: T | null | undefined): actor is T {
  if (!actor) return false;
  const track = healthTrackOf(actor as never);
  return track?.dying === true && !track.dead;
}

/**
 * Whom the healer's Stabilize is for: the dying creature the user targets, else the only dying
 * creature (not the healer) in the running combat, else in the viewed scene. Null when none or
 * several could be meant.
 */
export function dyingTargetFor<T extends MaybeDying>(healer: MaybeDying): T | null {
  const targeted = targetedTokens<{ actor?: T | null }>().map((t) => t.actor ?? null).filter((a): a is T => isDying(a));
  if (targeted.length) return targeted.length === 1 ? targeted[0] : null;
  const only = (actors: (T | null | undefined)[]): T | null => {
    const dying = [...new Map(actors.filter((a): a is T => isDying(a) && a !== healer && (a.uuid === undefined || a.uuid !== healer.uuid)).map((a) => [a.uuid ?? a, a])).values()];
    return dying.length === 1 ? dying[0] : null;
  };
  const combat = activeCombat<{ started?: boolean; combatants: Iterable<{ actor?: T | null }> }>();
  if (combat) {
    const found = only([...combat.combatants].map((c) => c.actor));
    if (found) return found;
  }
  const scene = worldCollection<{ viewed?: { tokens?: Iterable<{ actor?: T | null }> } | null }>("scenes")?.viewed;
  return scene?.tokens ? only([...scene.tokens].map((t) => t.actor)) : null;
}
