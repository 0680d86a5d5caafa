/**
 * What the casting dialog edits (issue 29 item 1): the caster, the spell, the call's options and
 * the caster's choices, with the targets gathered by the cast's own code (./cast `gatherCast`)
 * from the tokens as they are. `castDialogInput` reads the world into the dialog's pure input;
 * `castOptionsOf` turns the choices into `castSpell`'s options. The last choices per caster and
 * spell are kept on this client for a shift-click's cast.
 *
 * Aiming hook: an area's aim point is `session.options.area`; a map tool that picks one calls
 * `aimCastSession(session, point)` (the dialog's `aimAt`), which gathers the area's tokens again.
 */
import { currentUser, localize } from "../foundry";
import { countGains, spellReaches } from "../rules";
import type { RollModeKey } from "../dice/types";
import { currentRollMode } from "../dice/roll-mode";
import { hiddenInfoLevel } from "../combat/attack/settings";
import { castSetup, checkCast, gatherCast, scrollRollOf, storedRollsFor, type CastDoc, type CastOptions, type GatheredCast, type ScrollItem } from "./cast";
import { channelPlanFor } from "./channel";
import { currentScene, scenePool } from "./pool";
import { spellAreaOf } from "./area";
import { spellProfileOf, type SpellItem } from "./context";
import { defaultCastChoices, type CastChoices, type CastDialogInput, type CastDialogTarget } from "./cast-dialog-context";
import { askedWhenCast, resistibleWhenUnwilling, willingKey } from "./willing";

export interface CastSession {
  actor: CastDoc;
  item: SpellItem;
  /** The call's options (targets, area, …) the choices go on top of. */
  options: CastOptions;
  choices: CastChoices;
  gathered: GatheredCast;
}

const lastChoices = new Map<string, CastChoices>();

function memoryKey(actor: CastDoc, item: SpellItem): string {
  return `${actor.uuid}|${item.uuid ?? item.id ?? item.name}`;
}

/** Scrolls of this spell the caster carries, with their stored roll. */
function scrollsOf(actor: CastDoc, item: SpellItem): { item: ScrollItem & { id?: string | null }; roll: { faces: number[]; rank: number } }[] {
  return [...(actor.items ?? [])].flatMap((i) => {
    const roll = scrollRollOf(i as unknown as ScrollItem, item.uuid);
    return roll && i.id ? [{ item: i as unknown as ScrollItem & { id?: string | null }, roll }] : [];
  });
}

/** The options the cast gathers its targets with: the chosen mode ("" the spell as written), or with `auto` the one that reaches. */
function gatherOptions(session: Pick<CastSession, "options" | "choices">, auto = false): CastOptions {
  return { ...session.options, mode: auto && !session.choices.mode ? undefined : session.choices.mode };
}

/** A session for a cast: the call's options over the last choices for this spell (or its defaults), the mode that reaches when none is named. */
export function startCastSession(actor: CastDoc, item: SpellItem, options: CastOptions = {}): CastSession {
  const rollMode = (options.rollMode ?? currentRollMode()) as RollModeKey;
  const remembered = lastChoices.get(memoryKey(actor, item));
  const choices: CastChoices = { ...(remembered ?? defaultCastChoices(spellProfileOf(item), rollMode)), unwilling: {} };
  if (options.mode !== undefined) choices.mode = options.mode;
  if (options.situational !== undefined) choices.situational = options.situational;
  if (options.hits !== undefined) choices.hits = options.hits;
  if (typeof options.unwilling === "object") choices.unwilling = { ...options.unwilling };
  // A remembered scroll that is gone (read, dropped) falls back to the caster's own casting.
  if (choices.scroll && !scrollsOf(actor, item).some((s) => s.item.id === choices.scroll)) choices.scroll = "";
  const session = { actor, item, options, choices, gathered: null as unknown as GatheredCast };
  session.gathered = gatherCast(actor, item, gatherOptions(session, true));
  // A remembered single-target mode that does not reach now gives way to the one that does.
  if (choices.mode && options.mode === undefined && !session.gathered.placement && session.gathered.places.some((p) => !spellReaches(session.gathered.spell, p).reaches)) {
    choices.mode = "";
    session.gathered = gatherCast(actor, item, gatherOptions(session, true));
  }
  // Heal beyond touch: the way that reaches is picked (by distance) and shown selected.
  if (!choices.mode && session.gathered.mode) choices.mode = session.gathered.mode;
  return session;
}

/** The session after the choices changed: a new mode gathers the targets again (an area's tokens). */
export function withChoices(session: CastSession, choices: CastChoices): CastSession {
  const next = { ...session, choices };
  if (choices.mode !== session.choices.mode) next.gathered = gatherCast(session.actor, session.item, gatherOptions(next));
  return next;
}

/** Aiming hook: the session with an area's aim point (grid space), its tokens gathered again. */
export function aimCastSession(session: CastSession, area: { x: number; y: number }): CastSession {
  const next = { ...session, options: { ...session.options, area, targets: undefined } };
  next.gathered = gatherCast(session.actor, session.item, gatherOptions(next));
  return next;
}

/** Whether the caster has a token on a scene (an area can be placed from it). */
function hasSceneToken(actor: CastDoc): boolean {
  const token = actor.getActiveTokens?.()[0] as { document?: { parent?: unknown }; parent?: unknown } | undefined;
  return !!(token?.document ?? token)?.parent;
}

/** Whether this user answers for a target's willingness (its own creature), its side does, or it cannot resist. */
function answeredBy(session: CastSession, target: GatheredCast["targets"][number]): CastDialogTarget["answeredBy"] {
  const spell = session.gathered.spell;
  if (target.self || !resistibleWhenUnwilling(spell)) return null;
  if (target.actor.isOwner) return "caster";
  // A spell harmful in itself (Slow): every creature the user does not own resists, unasked.
  return askedWhenCast(spell) ? "owner" : null;
}

/** The choices as `castSpell`'s options (the dialog is not opened again). */
export function castOptionsOf(session: CastSession): CastOptions {
  const { choices, gathered } = session;
  const scroll = choices.scroll ? scrollsOf(session.actor, session.item).find((s) => s.item.id === choices.scroll)?.item : undefined;
  // Only the caster's own creatures are answered here; the others' sides answer when it is cast.
  const unwilling: Record<string, boolean> = {};
  for (const t of gathered.targets) {
    const key = willingKey(t.actor);
    if (answeredBy(session, t) === "caster") unwilling[key] = choices.unwilling[key] === true;
  }
  const options: CastOptions = {
    ...session.options,
    dialog: false,
    mode: choices.mode || undefined,
    situational: choices.situational,
    rollMode: choices.rollMode,
    ...(Object.keys(unwilling).length || typeof session.options.unwilling === "object" ? { unwilling: { ...(typeof session.options.unwilling === "object" ? session.options.unwilling : {}), ...unwilling } } : {}),
    ...(scroll ? { scroll } : {}),
    ...(choices.channel > 0 ? { channel: choices.channel } : {}),
    ...(choices.hits !== null && gathered.spell.automation.effect.kind === "transferLife" ? { hits: choices.hits } : {}),
    ...(choices.illusion && gathered.profile.automation.table === "illusion" ? { table: { ...choices.illusion } } : {}),
  };
  // Targets as gathered (an area's tokens stay the area's: the cast places it again from `area`).
  if (!gathered.placement && !options.targets) options.targets = gathered.targets.map((t) => (t.token ?? t.actor) as never);
  return options;
}

/** Keeps the choices for this caster and spell (a shift-click casts with them). */
export function rememberChoices(session: CastSession): void {
  lastChoices.set(memoryKey(session.actor, session.item), { ...session.choices, unwilling: {} });
}

/** The dialog's pure input, read from the world now. */
export function castDialogInput(session: CastSession, idPrefix?: string): CastDialogInput {
  const { actor, item, choices, gathered } = session;
  const options = castOptionsOf(session);
  const scrolls = scrollsOf(actor, item);
  const stored = storedRollsFor(gathered.spell, gathered.targets, options);
  // The sides that answer for themselves are shown as if unwilling (the caster's worst case).
  const unwilling: Record<string, boolean> = {};
  for (const t of gathered.targets) {
    const by = answeredBy(session, t);
    if (by) unwilling[willingKey(t.actor)] = by === "owner" ? true : choices.unwilling[willingKey(t.actor)] === true;
  }
  const setup = castSetup(actor, item, gathered.spell, gathered.targets, gathered.combat, typeof stored === "string" ? {} : stored, { ...options, unwilling }, { places: gathered.places, aimDistance: gathered.aimDistance });
  const check = checkCast(actor, item, gathered, { scroll: options.scroll, reaction: options.reaction, channeled: choices.channel });
  const refusal = typeof stored === "string"
    ? localize(`CLOCKWORK.Magic.Refused.${stored}`, { name: stored === "noCast" ? item.name : gathered.targets[0]?.actor.name ?? "" })
    : check.refusal ? localize(`CLOCKWORK.Magic.Refused.${check.refusal.key}`, check.refusal.data) : null;
  const pool = scenePool(currentScene());
  const plan = pool && choices.channel > 0 ? channelPlanFor(actor as never, choices.channel) : null;
  const counters = gathered.combatant?.system.counters;
  return {
    actorName: actor.name,
    itemName: item.name,
    profile: gathered.profile,
    spell: gathered.spell,
    caster: setup.caster,
    targets: gathered.targets.map((t, i) => ({
      key: willingKey(t.actor),
      name: String((t.token as { name?: string } | null)?.name || t.actor.name),
      img: (t.token as { texture?: { src?: string } } | null)?.texture?.src ?? (t.actor as { img?: string | null }).img ?? null,
      self: t.self,
      place: gathered.places[i] ?? {},
      answeredBy: answeredBy(session, t),
      observable: t.actor.testUserPermission?.(currentUser(), "OBSERVER") ?? t.actor.isOwner === true,
      target: setup.ruleTargets[i],
    })),
    aimDistance: setup.aimDistance,
    damageType: setup.damageType,
    difficulty: options.difficulty,
    choices,
    scrolls: scrolls.map((s) => ({ id: s.item.id as string, name: s.item.name, gains: Math.max(0, countGains(s.roll.faces, s.roll.rank)) })),
    mana: { have: actor.system.mana?.value ?? 0, max: (actor.system.mana as { max?: number } | undefined)?.max ?? 0 },
    channel: pool ? { pool: pool.value, counters: plan?.counters ?? 0, problem: plan?.problem ?? null } : null,
    cost: { mana: check.mana, counters: check.counters },
    counters: counters ? { available: counters.available } : null,
    refusal,
    viewer: { isGM: currentUser<{ isGM?: boolean }>()?.isGM === true, hiddenInfo: hiddenInfoLevel() },
    idPrefix,
    // A spell whose area has a shape is aimed on the map from its caster's token.
    aim: spellAreaOf(gathered.spell) && hasSceneToken(actor) ? { at: session.options.area ?? null, placed: gathered.placement !== null } : null,
  };
}
