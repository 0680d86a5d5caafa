/**
 * Counterspell interrupting a cast in progress (issue 11 item 4, §3.1 Counterspell, docs/rulings.md
 * 132–133). When a spell is cast in a started combat, after its casting roll and before anything
 * of it is applied, each other combatant that may counterspell (src/rules/counterspell.ts: knows
 * the spell, a free hand, the counters — reserved after passing — and the mana, the caster within
 * 12 spaces, someone to answer for it) is offered the reaction in turn order, through combat's
 * reaction path: its connected player, else the GM, asked with `User#query` and the world's
 * reaction timeout (src/combat/attack/reactions.ts). Whoever accepts casts Counterspell on its
 * own client (it pays, rolls and posts its card); the first whose gains exceed the casting gains
 * counters the spell. Nobody eligible means no wait. A reactor's user who could not see the cast's
 * card (its roll mode) or cannot observe the caster is not sent the casting gains: its prompt says
 * they are unknown, its Counterspell card compares with nothing, and the caster's client decides
 * (docs/rulings.md 136).
 */
import { activeCombat, currentUserId, localize, renderTemplate, timedChoice } from "../foundry";
import { isId, refusal, type QueryRefusal } from "../combat/query-refusal";
import { percent } from "../combat/attack/format";
import { queryReactingUser, reactingUser, type PermissionActor } from "../combat/attack/reactions";
import { reactionTimeoutMs } from "../combat/attack/settings";
import { COUNTERSPELL_ID, castingRollVisible, counterspellChance, counterspellProblem } from "../rules/counterspell";
import { counterspellSucceeds } from "../rules";
import type { CounterState } from "../rules";
import { casterOf, handsOf, knowsSpell, spellProfileOf, statusesOf, type CastActor, type SpellItem } from "./context";
import { COUNTERSPELL_QUERY, COUNTERSPELL_TEMPLATE } from "./constants";
import { isCastId } from "./reactions";

export { COUNTERSPELL_QUERY, COUNTERSPELL_TEMPLATE };

/** Time the accepted Counterspell has to be cast and answered, beyond the prompt's own timeout. */
const CAST_GRACE_MS = 20_000;

/** What the reactor's client is asked. */
export interface CounterspellQuery {
  reactorUuid: string;
  casterUuid: string;
  caster: string;
  spell: string;
  /** The casting gains to exceed (null: this reactor's user may not see them). */
  gains: number | null;
  /** Milliseconds before the prompt counts as "let it pass". */
  timeout: number;
  /** The cast's id: the reactor's Counterspell card names it (the GM's record that it was countered). */
  castId?: string;
}

/** The reactor's answer. */
export interface CounterspellAnswer {
  /** It cast Counterspell. */
  cast: boolean;
  /** Its gains exceeded the casting gains (as far as the reactor knew them; the caster's side decides). */
  countered: boolean;
  gains: number;
}

/** What the prompt shows the reactor. */
export interface CounterspellPromptData {
  reactor: string;
  caster: string;
  spell: string;
  /** The casting gains (null: hidden from this reactor, docs/rulings.md 136). */
  gains: number | null;
  /** Chance of exceeding the casting gains (0–1; null when the gains are hidden). */
  chance: number | null;
  mana: number;
  counters: number;
  timeout: number;
}

/** The prompt's template context (pure; the template localizes). */
export function counterspellPromptContext(data: CounterspellPromptData) {
  const known = data.gains !== null && data.chance !== null;
  return {
    reactor: data.reactor, caster: data.caster, spell: data.spell, gains: data.gains, mana: data.mana, counters: data.counters,
    known,
    chance: known ? percent(data.chance!) : null,
    seconds: Math.round(data.timeout / 1000),
  };
}

/** Asks with a dialog that lets the spell pass when the time is up. */
async function dialogPrompt(data: CounterspellPromptData): Promise<boolean> {
  const answer = await timedChoice({
    title: localize("CLOCKWORK.Magic.Counterspell.Title", { reactor: data.reactor }),
    content: await renderTemplate(COUNTERSPELL_TEMPLATE, counterspellPromptContext(data)),
    buttons: [
      { action: "counter", label: localize("CLOCKWORK.Magic.Counterspell.Counter") },
      { action: "pass", label: localize("CLOCKWORK.Magic.Counterspell.Pass"), default: true },
    ],
    timeout: data.timeout,
  });
  return answer === "counter";
}

/** How the reactor is asked; tests and modules may replace it. */
export type CounterspellPrompt = (data: CounterspellPromptData) => Promise<boolean>;
let prompt: CounterspellPrompt = dialogPrompt;

/** Replaces the Counterspell prompt (null restores the dialog). */
export function setCounterspellPrompt(fn: CounterspellPrompt | null): void {
  prompt = fn ?? dialogPrompt;
}

interface ReactorActor extends CastActor, PermissionActor {
  uuid: string;
  isOwner?: boolean;
  getActiveTokens?(): { name?: string }[];
}

/** The actor's Counterspell, when it knows it. */
function counterspellOf(actor: CastActor): SpellItem | null {
  const item = [...(actor.items ?? [])].find((i) => i.type === "spell" && i.system.identifier === COUNTERSPELL_ID) as SpellItem | undefined;
  return item && knowsSpell(actor, item) ? item : null;
}

function fromUuid(uuid: string): unknown {
  try {
    return fromUuidSync(uuid as never) ?? null;
  } catch {
    return null;
  }
}

/** How the reactor casts its Counterspell (`castSpell` of ./cast, passed in: the two modules would otherwise import each other). */
export type CastFn = (actor: never, item: SpellItem, options: { against: number; sealed: boolean; targets: string[]; reaction: boolean; answers?: string }) => Promise<{ outcome: { gains: number; targets: { success: boolean }[] } } | null>;

/** The reactor's side of the query: the prompt, then (accepted) its own Counterspell cast. */
export async function answerCounterspell(data: unknown, castSpell: CastFn): Promise<CounterspellAnswer | QueryRefusal> {
  const request = data as Partial<CounterspellQuery> | null;
  if (!isId(request?.reactorUuid) || !isId(request.casterUuid)) return refusal("BadRequest");
  if (request.gains !== null && request.gains !== undefined && !(Number.isInteger(request.gains) && request.gains >= 0 && request.gains <= 12)) return refusal("BadRequest");
  if (request.timeout !== undefined && !(typeof request.timeout === "number" && request.timeout > 0 && request.timeout <= 600_000)) return refusal("BadRequest");
  if ([request.caster, request.spell].some((t) => t !== undefined && (typeof t !== "string" || t.length > 200))) return refusal("BadRequest");
  if (request.castId !== undefined && !isCastId(request.castId)) return refusal("BadRequest");
  const gains = typeof request.gains === "number" ? request.gains : null;
  const actor = fromUuid(request.reactorUuid) as ReactorActor | null;
  if (!actor) return refusal("NoActor");
  if (!actor.isOwner) return refusal("NotOwner", { name: actor.name });
  const item = counterspellOf(actor);
  if (!item) return refusal("NoCounterspell", { name: actor.name });
  // Both in this client's running combat: Counterspell interrupts a cast in a fight (docs/rulings.md 132).
  if (!inRunningCombat(actor) || !inRunningCombat(fromUuid(request.casterUuid) as ReactorActor | null)) return refusal("NotCombatant", { name: actor.name });
  const spell = spellProfileOf(item);
  const timeout = typeof request.timeout === "number" ? request.timeout : reactionTimeoutMs();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), timeout); });
  const accepted = await Promise.race([prompt({
    reactor: actor.name, caster: String(request.caster ?? ""), spell: String(request.spell ?? ""), gains,
    chance: gains === null ? null : counterspellChance(casterOf(actor, item).caster, gains), mana: spell.mana, counters: spell.counters ?? 0, timeout,
  }), late]).finally(() => clearTimeout(timer));
  if (!accepted) return { cast: false, countered: false, gains: 0 };
  // Hidden gains: the Counterspell is rolled and paid here, its card compares with nothing (sealed).
  const result = await castSpell(actor as never, item, { against: gains ?? 0, sealed: gains === null, targets: [request.casterUuid], reaction: true, ...(request.castId ? { answers: request.castId } : {}) });
  return { cast: !!result, countered: gains !== null && result?.outcome.targets[0]?.success === true, gains: result?.outcome.gains ?? 0 };
}

/** Whether the actor (or its token's) is a combatant of this client's active, started combat. */
function inRunningCombat(actor: ReactorActor | null): boolean {
  if (!actor) return false;
  const combat = activeCombat<{ started?: boolean; combatants: Iterable<{ actor?: { uuid?: string } | null }> }>();
  return combat?.started === true && [...combat.combatants].some((c) => c.actor?.uuid === actor.uuid);
}

interface CombatantLike {
  actor?: ReactorActor | null;
  token?: { name?: string } | null;
  system: { counters?: CounterState };
}

/** The cast a Counterspell window is opened for. */
export interface CounterspellWindow {
  /** The caster (its actor decides who may observe it). */
  caster: { uuid: string; name: string; actor?: PermissionActor | null };
  /** The roll mode its card is posted with (who may see the casting gains). */
  rollMode: string;
  spell: string;
  gains: number;
  /** The cast's id (the reactors' Counterspell cards name it). */
  castId?: string;
  /** The running combat's combatants, in turn order. */
  combatants: Iterable<CombatantLike>;
  /** Spaces from a combatant's actor to the caster (undefined: not known). */
  distance(actor: ReactorActor): number | undefined;
  /** Casts the Counterspell when the reactor answers on this client. */
  cast: CastFn;
}

/** Who counterspelled a cast, when someone did. */
export interface Counterspelled {
  name: string;
  uuid: string;
  gains: number;
}

/** Whether the user answering for a reactor may be told the casting gains (docs/rulings.md 136). */
function gainsVisibleTo(user: { id: string | null; isGM: boolean }, window: CounterspellWindow): boolean {
  const here = currentUserId();
  return castingRollVisible(window.rollMode, {
    isGM: user.isGM,
    author: user.id !== null && user.id === here,
  });
}

/** The combatants that may counterspell the cast now, in turn order. */
export function counterspellers(window: CounterspellWindow): CombatantLike[] {
  return [...window.combatants].filter((combatant) => {
    const actor = combatant.actor;
    if (!actor) return false;
    const item = counterspellOf(actor);
    const statuses = statusesOf(actor);
    return counterspellProblem({
      self: actor.uuid === window.caster.uuid,
      spell: item ? spellProfileOf(item) : null,
      hands: handsOf(actor),
      berserk: statuses.has("berserk"),
      stunned: statuses.has("stunned"),
      mana: actor.system.mana?.value ?? 0,
      counters: combatant.system.counters ?? null,
      distance: window.distance(actor),
      answerable: reactingUser(actor) !== null,
    }) === null;
  });
}

/**
 * Offers Counterspell to each eligible combatant in turn order and waits for the answers; the
 * first Counterspell whose gains exceed the casting gains counters the cast (null: none did).
 */
export async function offerCounterspell(window: CounterspellWindow): Promise<Counterspelled | null> {
  const timeout = reactionTimeoutMs();
  for (const combatant of counterspellers(window)) {
    const actor = combatant.actor as ReactorActor;
    const who = reactingUser(actor);
    if (!who) continue;
    const gains = gainsVisibleTo(who.user, window) ? window.gains : null;
    const data: CounterspellQuery = { reactorUuid: actor.uuid, casterUuid: window.caster.uuid, caster: window.caster.name, spell: window.spell, gains, timeout, ...(window.castId ? { castId: window.castId } : {}) };
    let answer: CounterspellAnswer | null = null;
    try {
      const answered = await queryReactingUser(who.user, COUNTERSPELL_QUERY, data, timeout + CAST_GRACE_MS, (d) => answerCounterspell(d, window.cast));
      answer = answered && (answered as { ok?: unknown }).ok !== false ? answered as CounterspellAnswer : null;
    } catch (error) {
      console.warn("ClockWork | a Counterspell offer was not answered", error);
    }
    // The comparison is made here, where the casting gains are known (the reactor may not know them).
    if (answer?.cast && typeof answer.gains === "number" && counterspellSucceeds(answer.gains, window.gains)) return { name: combatant.token?.name || actor.name, uuid: actor.uuid, gains: answer.gains };
  }
  return null;
}
