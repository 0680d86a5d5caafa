/**
 * The rolls conditions and dying ask of a creature's owner (issue 10 items 8, 9): end-of-turn
 * checks (Flat 7, a poison's Stamina roll, rolling twice where the species says so) and death
 * rolls. The designated GM decides who rolls — an active player who owns the actor, else the GM
 * (NPCs) — and asks that user through v13 `CONFIG.queries` / `User#query`; the user sees a
 * prompt with the odds, rolls (chat cards as for any roll) and answers with the dice. If the
 * player cannot be reached the GM rolls. Settings decide whether prompts roll at once.
 */
import { activeGM, allUsers, choose, localize, registerQuery, renderTemplate, resolveUuid } from "../foundry";
import type { EndOfTurnCheck } from "../rules";
import { statusLabel } from "./conditions";
import { TURN_TEMPLATES } from "./templates";

export const SYSTEM_ID = "clockwork";
export const QUERY_END_CHECKS = "clockwork.endOfTurnChecks";
export const QUERY_DEATH_ROLL = "clockwork.deathRoll";
/** World: the GM rolls NPCs' end-of-turn checks and death rolls without a prompt. */
export const AUTO_NPC_SETTING = "autoRollNpcChecks";
/** Client: this user's own prompts roll at once. */
export const AUTO_OWN_SETTING = "autoRollOwnChecks";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "clockwork.autoRollNpcChecks": boolean;
    "clockwork.autoRollOwnChecks": boolean;
  }
}

/** Registers the prompt settings and query handlers. */
export function registerPrompts(): void {
  game.settings?.register(SYSTEM_ID, AUTO_NPC_SETTING, {
    name: "CLOCKWORK.Conditions.Setting.AutoNpc.Name", hint: "CLOCKWORK.Conditions.Setting.AutoNpc.Hint",
    scope: "world", config: true, type: Boolean, default: true,
  } as never);
  game.settings?.register(SYSTEM_ID, AUTO_OWN_SETTING, {
    name: "CLOCKWORK.Conditions.Setting.AutoOwn.Name", hint: "CLOCKWORK.Conditions.Setting.AutoOwn.Hint",
    scope: "client", config: true, type: Boolean, default: false,
  } as never);
  registerQuery(QUERY_END_CHECKS, (data: Parameters<typeof answerEndChecks>[0]) => answerEndChecks(data));
  registerQuery(QUERY_DEATH_ROLL, (data: Parameters<typeof answerDeathRoll>[0]) => answerDeathRoll(data));
}

export const PROMPT_TEMPLATES = { endChecks: TURN_TEMPLATES.endChecks, deathRoll: TURN_TEMPLATES.deathRoll } as const;

/** The users and actors prompts deal with. */
interface PromptUser {
  id: string | null;
  active?: boolean;
  isGM: boolean;
  isSelf?: boolean;
  character?: { id?: string | null } | null;
  query(name: string, data: object, options?: { timeout?: number }): Promise<unknown>;
}

export interface PromptActor {
  id?: string | null;
  uuid?: string;
  name: string;
  testUserPermission(user: PromptUser, level: string): boolean;
  rollFlat(target: number, options?: { keepBetter?: boolean; label?: string }): Promise<{ results: { result: number }[] } | null>;
  rollSkill(skill: string, options?: object): Promise<{ gains: number } | null>;
  rollDeath(options?: object): Promise<{ fatalWounds: number } | null>;
}

function users(): PromptUser[] {
  return allUsers<PromptUser>();
}

/**
 * Who rolls for the actor: an active non-GM owner (the one whose character it is first, then by
 * id), otherwise the active GM.
 */
export function promptUser(actor: PromptActor): PromptUser | null {
  const owners = users()
    .filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER"))
    .sort((a, b) => Number(b.character?.id === actor.id) - Number(a.character?.id === actor.id) || String(a.id).localeCompare(String(b.id)));
  return owners[0] ?? activeGM<PromptUser>();
}

function setting(key: string): boolean {
  try {
    return game.settings?.get(SYSTEM_ID, key as never) === true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- contexts (pure)

export interface EndChecksContext {
  actorName: string;
  checks: {
    /** Lang key of the status's name, or "" for a species ability's recharge (then `ability`). */
    labelKey: string;
    ability: string;
    kind: "flat" | "stamina";
    isFlat: boolean;
    target: number;
    twice: boolean;
    chance: string;
    /** Lang key of the status a success turns it into (Frozen → Chilled), or "". */
    becomesKey: string;
  }[];
}

/** A species ability's name (its key when no name is known). */
function abilityName(key: string): string {
  const label = `CLOCKWORK.Combat.Attack.Species.${key}`;
  const name = localize(label);
  return name === label ? key : name;
}

/** The end-of-turn prompt's context: one line per check with its odds (keys localized by the template). */
export function endChecksContext(actorName: string, checks: readonly EndOfTurnCheck[]): EndChecksContext {
  return {
    actorName,
    checks: checks.map((check) => ({
      labelKey: check.statusId ? statusLabel(check.statusId) : "",
      ability: check.cooldown ? abilityName(check.cooldown) : "",
      kind: check.kind,
      isFlat: check.kind === "flat",
      target: check.target,
      twice: check.rolls === 2,
      chance: check.chance === null ? "" : `${Math.round(check.chance * 100)}%`,
      becomesKey: check.becomes ? statusLabel(check.becomes) : "",
    })),
  };
}

export interface DeathRollContext {
  actorName: string;
  reasonKey: string;
}

export function deathRollContext(actorName: string, reason: string): DeathRollContext {
  return { actorName, reasonKey: `CLOCKWORK.Conditions.Death.Reason.${reason}` };
}

// ---------------------------------------------------------------- rolling

/** Per check: the dice that decide it (Flat faces, or the gains of each Stamina roll), or null if not rolled. */
export type EndCheckResults = (number[] | null)[];

/** Rolls the checks on this client (chat cards included) and returns the dice. */
export async function rollEndChecks(actor: PromptActor, checks: readonly EndOfTurnCheck[]): Promise<EndCheckResults> {
  const results: EndCheckResults = [];
  for (const check of checks) {
    const label = check.statusId
      ? localize("CLOCKWORK.Conditions.EndCheck", { status: localize(statusLabel(check.statusId)) })
      : localize("CLOCKWORK.Conditions.Recharge", { ability: abilityName(check.cooldown ?? "") });
    if (check.kind === "flat") {
      const roll = await actor.rollFlat(check.target, { keepBetter: check.rolls === 2, label });
      results.push(roll ? roll.results.map((r) => r.result) : null);
    } else {
      const gains: number[] = [];
      for (let i = 0; i < check.rolls; i++) {
        const roll = await actor.rollSkill("stamina", { difficulty: check.target, skipDialog: true });
        gains.push(roll?.gains ?? 0);
      }
      results.push(gains);
    }
  }
  return results;
}

async function resolveActor(uuid: string): Promise<PromptActor | null> {
  return resolveUuid<PromptActor>(uuid);
}

/** Shows a prompt with one Roll button; resolves when it is clicked or closed (the roll is owed either way). */
async function showPrompt(title: string, template: string, context: object): Promise<void> {
  const content = await renderTemplate(template, context);
  await choose({
    title,
    classes: ["clockwork", "cw-condition-prompt"],
    content,
    buttons: [{ action: "roll", label: localize("CLOCKWORK.Conditions.Roll"), icon: "fa-solid fa-dice-d20", default: true }],
  });
}

function rollsAtOnce(forNpc: boolean): boolean {
  return setting(AUTO_OWN_SETTING) || (forNpc && setting(AUTO_NPC_SETTING));
}

/** On this client: prompt (unless set to roll at once) and roll the end-of-turn checks; `npc`: the GM rolls for a creature no player answers for. */
export async function promptEndChecks(actor: PromptActor, checks: readonly EndOfTurnCheck[], options: { npc?: boolean } = {}): Promise<EndCheckResults> {
  if (!checks.length) return [];
  if (!rollsAtOnce(options.npc === true)) {
    await showPrompt(localize("CLOCKWORK.Conditions.EndTitle", { name: actor.name }), PROMPT_TEMPLATES.endChecks, endChecksContext(actor.name, checks));
  }
  return rollEndChecks(actor, checks);
}

/** On this client: prompt (unless set to roll at once) and make a death roll; resolves its fatal wounds. */
export async function promptDeathRoll(actor: PromptActor, reason: string, options: { npc?: boolean } = {}): Promise<number | null> {
  if (!rollsAtOnce(options.npc === true)) {
    await showPrompt(localize("CLOCKWORK.Conditions.Death.Title", { name: actor.name }), PROMPT_TEMPLATES.deathRoll, deathRollContext(actor.name, reason));
  }
  const roll = await actor.rollDeath();
  return roll?.fatalWounds ?? null;
}

export async function answerEndChecks(data: { actorUuid: string; checks: EndOfTurnCheck[] }): Promise<EndCheckResults> {
  const actor = await resolveActor(data.actorUuid);
  if (!actor) return data.checks.map(() => null);
  return promptEndChecks(actor, data.checks);
}

export async function answerDeathRoll(data: { actorUuid: string; reason: string }): Promise<number | null> {
  const actor = await resolveActor(data.actorUuid);
  return actor ? promptDeathRoll(actor, data.reason) : null;
}

// ---------------------------------------------------------------- asking the right user (GM side)

/**
 * Has the actor's owner roll its end-of-turn checks (the GM for NPCs, or when the owner cannot
 * be reached) and resolves the dice.
 */
export async function requestEndChecks(actor: PromptActor, checks: readonly EndOfTurnCheck[]): Promise<EndCheckResults> {
  const user = promptUser(actor);
  if (user && !user.isGM && !user.isSelf) {
    try {
      return (await user.query(QUERY_END_CHECKS, { actorUuid: actor.uuid, checks })) as EndCheckResults;
    } catch {
      // Offline, gone or unable to answer: the GM rolls instead, as for an NPC (docs/rulings.md 108).
    }
  }
  return promptEndChecks(actor, checks, { npc: true });
}

/** Has the actor's owner make a death roll (the GM for NPCs or when the owner cannot be reached). */
export async function requestDeathRoll(actor: PromptActor, reason: string): Promise<number | null> {
  const user = promptUser(actor);
  if (user && !user.isGM && !user.isSelf) {
    try {
      return (await user.query(QUERY_DEATH_ROLL, { actorUuid: actor.uuid, reason })) as number | null;
    } catch {
      // Offline, gone or unable to answer: the GM rolls instead, as for an NPC (docs/rulings.md 108).
    }
  }
  return promptDeathRoll(actor, reason, { npc: true });
}
