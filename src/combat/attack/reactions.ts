/**
 * Dodge or block (§4.9 step 2, §4.11): when an attack is declared, each target that may react
 * is asked through v13 `CONFIG.queries` + `User#query` — its player when one owns it and is
 * connected, else the GM, or the system decides for NPCs when the world setting says so. No
 * answer before the timeout, an offline owner or a closed prompt all mean "none". Targets that
 * cannot react (defenseless, grappled, area attacks, a stealthed attacker, no counters) are not
 * asked.
 */
import { activeGM, allUsers, currentUserId, localize, renderTemplate, timedChoice } from "../../foundry";
import { expected, percent } from "./format";
import { autoReaction, reactionChoices, type AttackTargetInfo, type PreviewRow } from "./preview";
import { npcReactionMode, reactionTimeoutMs } from "./settings";

import { REACTION_QUERY, REACTION_TEMPLATE } from "./constants";

export { REACTION_QUERY, REACTION_TEMPLATE };

export type Reaction = "none" | "dodge" | "block";
const REACTIONS: readonly Reaction[] = ["none", "dodge", "block"];

/** What the target's owner is shown: who attacks with what, and each choice's odds against it. */
export interface ReactionQueryData {
  attacker: string;
  weapon: string;
  target: string;
  choices: { reaction: Reaction; defense: number; chanceToHit: number; expectedDamage: number }[];
  /** Milliseconds before the prompt closes by itself. */
  timeout: number;
}

/** Who decided a reaction. */
export type ReactionSource = "player" | "gm" | "auto" | "timeout" | "none";

export interface ReactionDecision {
  reaction: Reaction;
  by: ReactionSource;
}

/** The prompt's template context (pure). */
export function reactionPromptContext(data: ReactionQueryData) {
  return {
    text: localize("CLOCKWORK.Combat.Attack.Reaction.Prompt", { attacker: data.attacker, weapon: data.weapon, target: data.target }),
    choices: data.choices.map((c) => ({
      reaction: c.reaction,
      label: localize(`CLOCKWORK.Combat.Attack.Reaction.${c.reaction}`),
      defense: c.defense,
      chance: percent(c.chanceToHit),
      damage: expected(c.expectedDamage),
    })),
    seconds: Math.round(data.timeout / 1000),
  };
}

/** Asks with a dialog that answers "none" when the time is up. */
async function dialogPrompt(data: ReactionQueryData): Promise<Reaction> {
  const answer = await timedChoice({
    title: localize("CLOCKWORK.Combat.Attack.Reaction.Title", { target: data.target }),
    content: await renderTemplate(REACTION_TEMPLATE, reactionPromptContext(data)),
    buttons: data.choices.map((c, i) => ({ action: c.reaction, label: localize(`CLOCKWORK.Combat.Attack.Reaction.${c.reaction}`), default: i === 0 })),
    timeout: data.timeout,
  });
  return REACTIONS.includes(answer as Reaction) ? answer as Reaction : "none";
}

/** How the owner is asked; tests and modules may replace it. */
export type ReactionPrompt = (data: ReactionQueryData) => Promise<Reaction>;
let prompt: ReactionPrompt = dialogPrompt;

/** Replaces the reaction prompt (null restores the dialog). */
export function setReactionPrompt(fn: ReactionPrompt | null): void {
  prompt = fn ?? dialogPrompt;
}

/** The owner's side of the query: prompt, then answer with one of the offered choices. */
export async function answerReaction(data: unknown): Promise<{ reaction: Reaction }> {
  const request = data as ReactionQueryData;
  if (!request || !Array.isArray(request.choices)) return { reaction: "none" };
  const reaction = await prompt(request);
  return { reaction: request.choices.some((c) => c.reaction === reaction) ? reaction : "none" };
}

export interface QueryUser {
  id: string | null;
  active: boolean;
  isGM: boolean;
  character?: { id?: string | null } | null;
  query(name: string, data: unknown, options?: { timeout?: number }): Promise<unknown>;
}

export interface PermissionActor {
  id?: string | null;
  testUserPermission(user: unknown, level: string): boolean;
}

/** The connected player who answers for an actor: the one whose character it is, else any owner. */
export function reactingPlayer(actor: PermissionActor, users: Iterable<QueryUser>): QueryUser | null {
  const owners = [...users].filter((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER"));
  return owners.find((u) => u.character?.id === actor.id) ?? owners[0] ?? null;
}

/** The query data for one target. */
export function reactionQueryData(row: PreviewRow, names: { attacker: string; weapon: string; target: string }, timeout: number): ReactionQueryData {
  const choices: ReactionQueryData["choices"] = [{ reaction: "none", defense: row.odds.setup.defense.total, chanceToHit: row.odds.chanceToHit, expectedDamage: row.odds.expectedDamage }];
  for (const reaction of reactionChoices(row)) {
    const alt = row.odds.ifReaction[reaction];
    if (alt) choices.push({ reaction, defense: alt.defense, chanceToHit: alt.chanceToHit, expectedDamage: alt.expectedDamage });
  }
  return { ...names, choices, timeout };
}

/**
 * Sends a reaction query to a user with a time limit; when that user is this client the handler
 * runs here instead (a GM asking for its own NPC). Rejects on no answer in time.
 */
export function queryReactingUser(user: QueryUser, query: string, data: unknown, timeout: number, here: (data: unknown) => Promise<unknown>): Promise<unknown> {
  const self = user.id !== null && user.id === currentUserId();
  if (!self) return user.query(query, data, { timeout });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error("timeout")), timeout); });
  return Promise.race([here(data), late]).finally(() => clearTimeout(timer));
}

/** The user who answers a reaction for an actor: its connected player, else the active GM (null: nobody). */
export function reactingUser(actor: PermissionActor): { user: QueryUser; by: "player" | "gm" } | null {
  const player = reactingPlayer(actor, allUsers<QueryUser>());
  if (player) return { user: player, by: "player" };
  const gm = activeGM<QueryUser>();
  return gm ? { user: gm, by: "gm" } : null;
}

async function ask(user: QueryUser, data: ReactionQueryData, by: ReactionSource): Promise<ReactionDecision> {
  try {
    // A GM attacking its own NPC answers here; other users through the query.
    const answer = await queryReactingUser(user, REACTION_QUERY, data, data.timeout, answerReaction);
    const reaction = (answer as { reaction?: unknown } | null)?.reaction;
    return REACTIONS.includes(reaction as Reaction) && data.choices.some((c) => c.reaction === reaction) ? { reaction: reaction as Reaction, by } : { reaction: "none", by };
  } catch {
    return { reaction: "none", by: "timeout" };
  }
}

/**
 * Asks one target for its reaction (or decides it): nothing is asked when no reaction is open and
 * payable; a connected owning player is asked; otherwise the GM is asked, or the system picks
 * when the world setting lets it decide for NPCs.
 */
export async function decideReaction(target: AttackTargetInfo & { actor: PermissionActor }, row: PreviewRow, names: { attacker: string; weapon: string }): Promise<ReactionDecision> {
  if (!target.include || reactionChoices(row).length === 0 || row.odds.setup.automaticMiss) return { reaction: "none", by: "none" };
  const data = reactionQueryData(row, { ...names, target: target.name }, reactionTimeoutMs());
  const player = reactingPlayer(target.actor, allUsers<QueryUser>());
  if (player) return ask(player, data, "player");
  if (npcReactionMode() === "auto") return { reaction: autoReaction(row), by: "auto" };
  const gm = activeGM<QueryUser>();
  if (!gm) return { reaction: "none", by: "none" };
  return ask(gm, data, "gm");
}
