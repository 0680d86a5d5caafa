/**
 * The attack card (pure): what a message stores about an attack (`flags.clockwork.attack`) and
 * what each viewer sees of it. The card's flags hold only what every viewer may know (who was
 * attacked, hit or miss, the damage dealt, the dice) and what the GM needs to recompute it (the
 * item, the attacker's token, the declaration, each target's situation and reaction, the rolls'
 * indices: ./recompute). A target's defense, resistance and health (wounds gained, vitals lost)
 * are in no message: a client that may observe the target works them out (./details) and merges
 * them. Apply shows to its author and the GM, Undo to the GM. A card whose attacker or target no
 * longer exists says so.
 */
import { localize } from "../../foundry";
import { labelOf } from "../../data/labels";
import { markDice, type AttackMode, type CalledShot, type DamageType } from "../../rules";
import { statusLabel } from "../conditions";
import { REACTION_SOURCES, type Reaction, type ReactionSource } from "./reactions";
import type { AttackDeclaration, TargetSituation } from "./source";

export const ATTACK_FLAG = "attack";
import { ATTACK_CARD_TEMPLATE } from "./constants";

export { ATTACK_CARD_TEMPLATE };

/** What one target took. */
export interface CardTarget {
  /** The token's (else the actor's) UUID with dots as underscores: a flag key. */
  key: string;
  name: string;
  img?: string | null;
  actorUuid: string;
  tokenUuid?: string | null;
  /** Index of its attack in `attacks` (one per roll; an area attack has one for all). */
  attack: number;
  hit: boolean;
  gains: number;
  reaction: Reaction;
  /** Who decided the reaction (a display only: the GM reads the reactor's record). Older cards: absent. */
  reactionBy?: ReactionSource;
  automaticMiss: string | null;
  /** What the attacker declared about this target (cover, unaware, feinted) and the distance measured. */
  situation?: TargetSituation;
  damage: { total: number; criticals: number } & Partial<Pick<TargetDetail, "points" | "resistance" | "armorPierced">>;
  /** Hidden (./details): only worked out for a viewer who may observe the target. */
  defense?: number;
  health?: TargetDetail["health"];
  /** Status ids the hit applies. */
  conditions: string[];
  procs: number;
  /** A Spiked Shield's damage on the attacker, applied with this target (docs/rulings.md 128); `roll` indexes the message's rolls. */
  retaliation?: { damage: number; roll?: number; resistance?: number; health?: TargetDetail["health"] } | null;
  /** The target's save against an attack that always hits (lightning breath): `roll` indexes the message's rolls. */
  save?: { roll: number } | null;
  /** A worn Reactive / Reflective shield may turn this damage roll aside (docs/rulings.md 129). */
  redirectable?: boolean;
  /** The name of the creature this target's damage roll was turned to. */
  redirectedTo?: string | null;
  /** The name of the shield's wearer whose damage roll this target took instead. */
  redirectedFrom?: string | null;
  /** The key of the wearer's row whose damage roll this target took (a redirect's row). */
  redirectSource?: string;
}

/** A target's numbers only its observers may see (their clients work them out: ./details). */
export interface TargetDetail {
  defense: number;
  points: number;
  resistance: number;
  armorPierced: number;
  /** What the damage does to the track as it stood when worked out. */
  health: { absorbed: number; woundsAdded: number; vitalsLost: number; dying: boolean; dead: boolean } | null;
}

/** One roll pair: indices into the message's rolls. */
export interface CardAttack {
  attackRoll: number;
  damageRoll: number;
  dice: number;
  threshold: number;
  hexed?: boolean;
  criticals: number;
  attackFaces: number[];
  damageFaces: number[];
}

/** Who applied a target's row (null after an Undo): a display only, the actors' ledger is the truth. */
export interface AppliedRecord {
  userId: string | null;
  results?: unknown[];
}

export interface AttackCardData {
  version: 1;
  actorUuid: string | null;
  actorName: string;
  itemName: string;
  itemImg?: string | null;
  mode: AttackMode;
  damageType: DamageType;
  calledShot: CalledShot | null;
  /** What the GM recomputes from (./recompute): the weapon, the attacker's token, the declaration. */
  itemUuid?: string | null;
  tokenUuid?: string | null;
  declaration?: Omit<AttackDeclaration, "rollMode">;
  /**
   * The attack's id for its reactions: each target's answering side (its owner, or the GM)
   * records the dodge or block it declared under it (./reactions `recordedReaction`); the GM
   * reads that record, never the row's `reaction`.
   */
  reactionId?: string;
  /** Spaces from the attacker to an area's target point. */
  areaDistance?: number;
  /** A minion group's members attacking as one. */
  groupMembers?: number;
  /** Counters paid (0 outside combat). */
  counters: number;
  /** The weapon pierces armor (a redirected roll is counted again). */
  armorPiercing?: boolean;
  attacks: CardAttack[];
  targets: CardTarget[];
  applied?: Record<string, AppliedRecord | null>;
  /** Rows the GM undid (written by the GM's Undo, cleared by the GM's Apply): a display; the ledger decides. */
  undone?: Record<string, AppliedRecord | null>;
}

/** Who is looking at the card. */
export interface AttackCardViewer {
  isGM: boolean;
  isAuthor: boolean;
  /** May observe this target's actor. */
  canObserve(target: CardTarget): boolean;
  /** The document still exists. */
  exists(uuid: string | null | undefined): boolean;
  /** Owns this actor (may turn its shield's damage aside); default: no. */
  owns?(actorUuid: string): boolean;
}

/** A card with the hidden numbers this viewer worked out merged into its rows. */
export function withDetails(data: AttackCardData, details: ReadonlyMap<string, { row?: TargetDetail; spikes?: TargetDetail }>): AttackCardData {
  return {
    ...data,
    targets: data.targets.map((t) => {
      const d = details.get(t.key);
      if (!d) return t;
      let out: CardTarget = t;
      if (d.row) out = { ...out, defense: d.row.defense, health: d.row.health, damage: { ...t.damage, points: d.row.points, resistance: d.row.resistance, armorPierced: d.row.armorPierced } };
      if (d.spikes && t.retaliation) out = { ...out, retaliation: { ...t.retaliation, resistance: d.spikes.resistance, health: d.spikes.health } };
      return out;
    }),
  };
}

/** The ledger slot of a row: its key, shortened to the ledger's 64 characters when a redirect's key is longer. */
export function ledgerSlot(key: string): string {
  if (key.length <= 64) return key;
  let hash = 0x811c9dc5;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `${key.slice(0, 52)}_${hash.toString(16).padStart(8, "0")}`;
}

/** The tag of a row's writes: `<message.id>.<slot>`. */
export function ledgerTag(messageId: string, key: string): string {
  return `${messageId}.${ledgerSlot(key)}`;
}

export function isApplied(data: AttackCardData, key: string): boolean {
  const record = data.applied?.[key];
  return record !== undefined && record !== null;
}

/** Whether the GM undid a row (and no one applied it since). */
export function isUndone(data: AttackCardData, key: string): boolean {
  const record = data.undone?.[key];
  return !isApplied(data, key) && record !== undefined && record !== null;
}

/** Targets that Apply would still write to: damaged or given a condition, not applied, still there. */
export function pendingTargets(data: AttackCardData, exists: (uuid: string) => boolean): CardTarget[] {
  return data.targets.filter((t) => !isApplied(data, t.key) && exists(t.actorUuid) && (t.damage.total > 0 || t.conditions.length > 0 || (t.retaliation?.damage ?? 0) > 0));
}

function conditionLabels(ids: readonly string[]): string {
  return ids.map((id) => localize(statusLabel(id))).join(", ");
}

const MARK_TITLE = (mark: string) => `CLOCKWORK.Chat.Die.${mark}`;
/** A damage die's meaning: counted against each target's resistance (its observers see the count). */
const DAMAGE_TITLE = (mark: string) => `CLOCKWORK.Chat.DamageDie.${mark}`;

/** One attack's dice: the attack roll marked against its rank, the damage roll's 12s and 1s. */
function diceOf(attack: CardAttack, index: number, count: number) {
  const marks = attack.threshold >= 1 ? markDice(attack.attackFaces, Math.min(12, attack.threshold), { hexed: attack.hexed === true }) : [];
  return {
    label: count > 1 ? localize("CLOCKWORK.Combat.Attack.Card.AttackNumber", { n: index + 1 }) : null,
    pool: localize("CLOCKWORK.Combat.Attack.Card.Pool", { dice: attack.dice, rank: attack.threshold }),
    attack: attack.attackFaces.map((face, i) => ({ face, mark: marks[i] ?? "none", title: MARK_TITLE(marks[i] ?? "none") })),
    damage: attack.damageFaces.map((face) => {
      const mark = face === 12 ? "double" : face === 1 ? "cancel" : "none";
      return { face, mark, title: DAMAGE_TITLE(mark) };
    }),
    damageCount: attack.damageFaces.length,
  };
}

/**
 * What a target did against the attack and who decided it: its player, the GM, the world's auto
 * rule, no answer, or nobody asked. A card from before the source was kept names the reaction only.
 */
function reactionLine(t: CardTarget): string | null {
  const by = t.reactionBy && REACTION_SOURCES.includes(t.reactionBy) ? t.reactionBy : null;
  if (!by) return t.reaction !== "none" ? localize(`CLOCKWORK.Combat.Attack.Card.Reacted.${t.reaction}`) : null;
  return localize("CLOCKWORK.Combat.Attack.Card.ReactionBy", {
    reaction: localize(`CLOCKWORK.Combat.Attack.Card.Reacted.${t.reaction}`),
    by: localize(`CLOCKWORK.Combat.Attack.Card.DecidedBy.${by}`),
  });
}

/**
 * The Spiked Shield's line: everyone sees the damage dealt to the attacker; wounds and vitals
 * only those who may observe the attacker (whose clients worked its details out).
 */
function spikedLine(data: AttackCardData, retaliation: NonNullable<CardTarget["retaliation"]>, viewer: AttackCardViewer): string {
  const text = localize("CLOCKWORK.Combat.Attack.Card.Spiked", { name: data.actorName, damage: retaliation.damage });
  const observe = viewer.isGM || (data.actorUuid !== null && viewer.canObserve({ actorUuid: data.actorUuid } as CardTarget));
  if (!observe || !retaliation.health) return text;
  const { woundsAdded, vitalsLost } = retaliation.health;
  return `${text} ${localize("CLOCKWORK.Combat.Attack.Card.SpikedHealth", { wounds: woundsAdded, vitals: vitalsLost })}`;
}

/** The card's template context for one viewer. */
export function buildAttackCardContext(data: AttackCardData, viewer: AttackCardViewer) {
  const attackerGone = data.actorUuid !== null && !viewer.exists(data.actorUuid);
  const targets = data.targets.map((t) => {
    const observe = (viewer.isGM || viewer.canObserve(t)) && t.defense !== undefined;
    const gone = !viewer.exists(t.actorUuid);
    const applied = isApplied(data, t.key);
    const undone = isUndone(data, t.key);
    const outcome = t.automaticMiss ? "automaticMiss" : t.hit ? "hit" : "miss";
    return {
      key: t.key,
      name: t.name,
      img: t.img ?? null,
      hit: t.hit,
      outcomeLabel: localize(`CLOCKWORK.Combat.Attack.Card.${outcome}`),
      outcomeClass: t.hit ? "cw-hit" : "cw-miss",
      automaticMiss: t.automaticMiss ? localize(`CLOCKWORK.Combat.Attack.AutoMiss.${t.automaticMiss}`) : null,
      reaction: reactionLine(t),
      reactionBy: t.reactionBy ?? null,
      damage: t.damage.total,
      criticals: t.damage.criticals,
      conditions: t.conditions.length ? conditionLabels(t.conditions) : null,
      observe,
      defense: observe ? t.defense ?? null : null,
      gains: t.gains,
      resistance: observe ? t.damage.resistance ?? null : null,
      armorPierced: observe && (t.damage.armorPierced ?? 0) > 0 ? t.damage.armorPierced : null,
      wounds: observe && t.health ? t.health.woundsAdded : null,
      vitals: observe && t.health ? t.health.vitalsLost : null,
      absorbed: observe && t.health && t.health.absorbed > 0 ? t.health.absorbed : null,
      dying: observe && t.health?.dying === true && !t.health.dead,
      dead: observe && t.health?.dead === true,
      gone,
      applied,
      undone,
      spiked: t.retaliation ? spikedLine(data, t.retaliation, viewer) : null,
      canRedirect: t.redirectable === true && !applied && !gone && !t.redirectedTo && (viewer.isGM || viewer.owns?.(t.actorUuid) === true),
      redirectedTo: t.redirectedTo ? localize("CLOCKWORK.Combat.Attack.Card.RedirectedTo", { name: t.redirectedTo }) : null,
      redirectedFrom: t.redirectedFrom ? localize("CLOCKWORK.Combat.Attack.Card.RedirectedFrom", { name: t.redirectedFrom }) : null,
    };
  });
  // A row the GM undid is the GM's to apply again (issue 34 item 2).
  const pending = pendingTargets(data, (uuid) => viewer.exists(uuid)).filter((t) => viewer.isGM || !isUndone(data, t.key)).length;
  const appliedCount = data.targets.filter((t) => isApplied(data, t.key)).length;
  const canApply = (viewer.isGM || viewer.isAuthor) && !attackerGone;
  return {
    actorName: data.actorName,
    itemName: data.itemName,
    itemImg: data.itemImg ?? null,
    title: localize("CLOCKWORK.Combat.Attack.Card.Title", { actor: data.actorName, item: data.itemName }),
    mode: data.mode !== "single" ? localize(`CLOCKWORK.Combat.Attack.Mode.${data.mode}`) : null,
    // The list's label, so a setting module's damage type is named too (src/setting-modules/).
    damageType: labelOf("damageTypes", data.damageType),
    calledShot: data.calledShot ? localize(`CLOCKWORK.Combat.Attack.CalledShot.${data.calledShot}`) : null,
    counters: data.counters > 0 ? data.counters : null,
    attackerGone,
    attackerGoneText: attackerGone ? localize("CLOCKWORK.Combat.Attack.Card.AttackerGone", { name: data.actorName }) : null,
    attacks: data.attacks.map((a, i) => diceOf(a, i, data.attacks.length)),
    targets,
    showApply: canApply && pending > 0,
    allApplied: pending === 0 && appliedCount > 0,
    showUndo: viewer.isGM && appliedCount > 0,
  };
}

/** The card as stored in the message: what a viewer who may observe no target sees. */
export const PUBLIC_VIEWER: AttackCardViewer = {
  isGM: false,
  isAuthor: false,
  canObserve: () => false,
  exists: () => true,
};
