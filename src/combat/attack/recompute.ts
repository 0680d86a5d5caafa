/**
 * The GM's own reading of an attack card (issue 18 item 1): ONE function that works out a card's
 * per-target outcome from the message's own rolls (checked against the card's faces) and the
 * attacker's, item's and targets' CURRENT data in the answering world, through the workflow's
 * preview and the rules core's `resolveAttack` (./workflow). The card's numbers are never read:
 * a console-made card claiming 99 damage with dice that deal 3 recomputes to 3 (or is refused
 * when its dice do not fit the pool). Spiked shields and redirects are recomputed too.
 */
import {
  CALLED_SHOTS, COVER_LEVELS, countGains, isAreaMode, redirectedDamage, setupTarget,
  type AttackTarget, type DamageResult, type TargetResult,
} from "../../rules";
import type { RelayProblem } from "../../relay";
import { resolveCause, resolveCreature } from "../../relay/cause";
import { attackData, safeKey } from "./chat";
import type { AttackCardData, CardTarget, TargetDetail } from "./card";
import { attackPreview, type AttackPreview, type AttackTargetInfo } from "./preview";
import { recordedReaction } from "./reactions";
import { damageTypesOf, modesOf, resistanceShares, saveSkillOf, skillChoices, spentForceFieldOf, targetOf, type AttackDeclaration, type AttackItem, type TargetSituation } from "./source";
import {
  attackConditions, attackerGroupMembers, healthPreview, reactingTargets, redirectable, resolveGroup, spikedDamage, savePoolOf, spikesOf, statusesOf, worldSituation,
  type AttackSession, type TokenDoc, type WorkflowActor,
} from "./workflow";

/** One row as the answering world works it out. */
export interface RecomputedRow {
  /** The card's key of the row. */
  key: string;
  name: string;
  actor: WorkflowActor;
  actorUuid: string;
  tokenUuid: string | null;
  hit: boolean;
  gains: number;
  damage: DamageResult;
  /** Status ids the hit applies. */
  conditions: string[];
  /** The numbers only the target's observers may see. */
  detail: TargetDetail;
  /** A Spiked Shield's damage on the attacker, with its details (the attacker's observers). */
  retaliation: { damage: DamageResult; detail: TargetDetail } | null;
  /** The wearer's shield may turn this roll aside. */
  redirectable: boolean;
  /** The Force Field this roll met (in the target's defense; magic's "state.end" spends it). */
  forceField: number;
}

export type Recomputed =
  | { ok: true; data: AttackCardData; attacker: WorkflowActor; rows: RecomputedRow[] }
  | { ok: false; problem: RelayProblem };

/** The parts of a ChatMessage the recompute reads. */
export interface RecomputeMessage {
  id: string | null;
  flags: Record<string, unknown>;
  rolls?: readonly unknown[];
}

class Refusal extends Error {
  constructor(readonly problem: RelayProblem) {
    super(problem.key);
  }
}

const KEY = "CLOCKWORK.Combat.Attack.Recompute";
function refuse(what: string, data?: Record<string, string | number>): never {
  throw new Refusal({ key: `${KEY}.${what}`, data });
}

const isInt = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The card's declaration, checked against the weapon as it is now. */
function declarationOf(data: AttackCardData, item: AttackItem): AttackDeclaration {
  const d = data.declaration;
  if (!d || typeof d !== "object") refuse("OldCard");
  const ok = modesOf(item).includes(d.mode) && d.mode === data.mode
    && damageTypesOf(item).includes(d.damageType) && d.damageType === data.damageType
    && (d.calledShot === null || (CALLED_SHOTS as readonly unknown[]).includes(d.calledShot))
    && (d.skill === undefined || skillChoices(item).includes(d.skill))
    && typeof d.focusId === "string" && isInt(d.situational, -12, 12) && isInt(d.powerAttack, 0, 12) && typeof d.stealthed === "boolean";
  if (!ok) refuse("BadDeclaration");
  return { mode: d.mode, calledShot: d.calledShot, damageType: d.damageType, focusId: d.focusId, situational: d.situational, powerAttack: d.powerAttack, stealthed: d.stealthed, rollMode: "publicroll", ...(d.skill ? { skill: d.skill } : {}) };
}

/**
 * A row's situation, checked (a forged card may say anything) and held to the world: the
 * distance is at least the spaces between the tokens as they stand (a shorter claim is not
 * believed), defenseless only while the target has had no turn in the running combat. Cover,
 * unaware and feinted are the attacker's declaration (docs/combat.md "Trust model").
 */
function situationOf(row: CardTarget, world: { distance?: number; defenseless: boolean }): TargetSituation {
  const s = (row.situation ?? {}) as Record<string, unknown>;
  const flag = (value: unknown) => value === undefined || typeof value === "boolean";
  if ((s.distance !== undefined && !isInt(s.distance, 0, 10_000)) || (s.cover !== undefined && !(COVER_LEVELS as readonly unknown[]).includes(s.cover))
    || !flag(s.defenseless) || !flag(s.unaware) || !flag(s.feinted)) refuse("BadDeclaration");
  const distance = world.distance === undefined ? s.distance as number | undefined : Math.max(world.distance, (s.distance as number | undefined) ?? 0);
  return {
    ...(distance !== undefined ? { distance } : {}), cover: (s.cover ?? 0) as TargetSituation["cover"],
    ...(s.defenseless && world.defenseless ? { defenseless: true } : {}), ...(s.unaware ? { unaware: true } : {}), ...(s.feinted ? { feinted: true } : {}),
  };
}

/** A Force Field this card spent on the target counts as it stood when the card met it. */
function withSpentField(situation: TargetSituation, actor: WorkflowActor, messageId: string | null): TargetSituation {
  const spent = spentForceFieldOf(actor, messageId);
  return spent ? { ...situation, spentForceField: spent } : situation;
}

/** The creature a row names: its token (else its actor) in this world. */
function creatureOf(row: Pick<CardTarget, "tokenUuid" | "actorUuid">): { token: TokenDoc | null; actor: WorkflowActor | null } {
  return resolveCreature<WorkflowActor, TokenDoc>(row);
}

/** A roll's faces, when the message has that roll. */
function facesAt(rolls: readonly unknown[], index: unknown): number[] {
  const roll = Number.isInteger(index) ? rolls[index as number] as { faces?: unknown } | undefined : undefined;
  const faces = roll?.faces;
  if (!Array.isArray(faces) || !faces.every((f) => isInt(f, 1, 12))) refuse("DiceMismatch");
  return faces as number[];
}

const sameFaces = (a: readonly number[], b: unknown): boolean => Array.isArray(b) && a.length === b.length && a.every((f, i) => f === b[i]);

/** A minion group's members, bounded by the group's members now (docs/rulings.md 91). */
function groupMembersOf(data: AttackCardData, attacker: WorkflowActor, token: TokenDoc | null): number {
  if (!isInt(data.groupMembers, 2, 100)) return 1;
  return Math.min(data.groupMembers as number, Math.max(1, attackerGroupMembers(attacker, token)));
}

/**
 * The preview with the pool the roll was rolled with (docs/rulings.md, "a roll stands", 157): the
 * attacker may have lost dice since (vitals, Exhaustion), or gained some. Up to the pool it has
 * now without the vitals penalty and Exhaustion, the dice rolled are its pool; more is refused.
 */
function asRolled(preview: AttackPreview, targets: readonly AttackTarget[], rolled: number): AttackPreview {
  const first = targets[0];
  if (!first) return preview;
  const pool = setupTarget(preview.input, first).pool;
  const now = pool.dice;
  if (rolled === now) return preview;
  const ceiling = setupTarget({ ...preview.input, attacker: { ...preview.input.attacker, vitalsRemaining: undefined, exhausted: false } }, first).pool.dice;
  if (rolled < 1 || rolled > Math.max(now, ceiling)) refuse("DiceMismatch");
  const attacker = { ...preview.input.attacker, situational: (preview.input.attacker.situational ?? 0) + rolled - pool.raw };
  return { ...preview, input: { ...preview.input, attacker } };
}

function detailOf(result: Pick<TargetResult, "setup" | "damage">, actor: WorkflowActor): TargetDetail {
  return { defense: result.setup.defense.total, points: result.damage.points, resistance: result.damage.resistance, armorPierced: result.damage.armorPierced, health: healthPreview(actor, result.damage.total) };
}

function work(message: RecomputeMessage): Recomputed {
  const data = attackData(message);
  if (!data) refuse("NoCard");
  const rolls = message.rolls ?? [];
  const cause = resolveCause<WorkflowActor, AttackItem, TokenDoc>(
    { actor: { tokenUuid: data.tokenUuid, actorUuid: data.actorUuid, name: data.actorName }, item: { uuid: data.itemUuid, name: data.itemName } },
    { actor: `${KEY}.AttackerGone`, item: `${KEY}.NoItem` },
  );
  if (!cause.ok) throw new Refusal(cause.problem);
  const { actor: attacker, token: attackerToken } = cause;
  const item = cause.item as AttackItem;
  const declaration = declarationOf(data, item);
  const area = isAreaMode(declaration.mode);
  if (data.areaDistance !== undefined && !isInt(data.areaDistance, 0, 10_000)) refuse("BadDeclaration");

  // The rows the attack itself rolled against (a redirect's row takes a rolled row's damage roll).
  const rolled = data.targets.filter((t) => !t.redirectSource);
  const infos: (AttackTargetInfo & { row: CardTarget })[] = [];
  for (const row of rolled) {
    const { token, actor } = creatureOf(row);
    if (!actor) continue;
    const key = token?.uuid ?? actor.uuid;
    if (safeKey(key) !== row.key || !isInt(row.attack, 0, data.attacks.length - 1) || (area && row.attack !== 0)) refuse("BadDeclaration");
    infos.push({ key, name: row.name, actor, actorUuid: actor.uuid, tokenUuid: token?.uuid ?? null, situation: withSpentField(situationOf(row, worldSituation(attackerToken, token, actor)), actor, message.id), include: true, observable: true, counters: null, row });
  }
  if (new Set(infos.map((i) => i.key)).size !== infos.length) refuse("BadDeclaration");
  const session = { actor: attacker, item, declaration } as Pick<AttackSession, "actor" | "item" | "declaration">;
  const preview = attackPreview({ actor: attacker, item, declaration, targets: infos, counters: null, areaDistance: data.areaDistance, groupMembers: groupMembersOf(data, attacker, attackerToken) });
  // Each target's reaction as its answering side recorded it, never the row's claim.
  const targets = reactingTargets(preview, Object.fromEntries(infos.map((i) => [i.key, recordedReaction(i.actor, data.reactionId)])));
  const conditions = attackConditions(session);
  const saveSkill = saveSkillOf(item);
  const melee = preview.input.weapon.kind === "melee";

  // Each roll counts once: a single attack rolls per target, an area once for all.
  const used = new Set<number>();
  const take = (index: number): void => {
    if (used.has(index)) refuse("DiceMismatch");
    used.add(index);
  };
  const groups: { attack: number; targets: AttackTarget[]; infos: typeof infos }[] = area
    ? (infos.length ? [{ attack: 0, targets, infos }] : [])
    : infos.map((info, i) => ({ attack: info.row.attack, targets: [targets[i]], infos: [info] }));
  const rows = new Map<string, RecomputedRow>();
  // The criticals of a wearer's roll before it was turned aside (the turned row shows none).
  const rolledCriticals = new Map<string, number>();
  for (const group of groups) {
    const attack = data.attacks[group.attack];
    const faces = { attack: facesAt(rolls, attack.attackRoll), damage: facesAt(rolls, attack.damageRoll) };
    if (!sameFaces(faces.attack, attack.attackFaces) || !sameFaces(faces.damage, attack.damageFaces)) refuse("DiceMismatch");
    take(attack.attackRoll);
    take(attack.damageRoll);
    // Lightning breath: each target's save, counted here from its own roll in the message.
    if (saveSkill) {
      for (const [i, target] of group.targets.entries()) {
        const info = group.infos[i];
        const pool = savePoolOf(info.actor as WorkflowActor, saveSkill);
        if (!pool) {
          target.saveGains = 0;
          continue;
        }
        const index = info.row.save?.roll;
        const saveFaces = facesAt(rolls, index);
        if (saveFaces.length !== pool.dice) refuse("DiceMismatch");
        take(index as number);
        target.saveGains = countGains(saveFaces, pool.rank, { hexed: pool.hexed });
      }
    }
    let results: TargetResult[];
    try {
      results = resolveGroup(asRolled(preview, group.targets, faces.attack.length), group.targets, faces, conditions);
    } catch (error) {
      // The rules core refuses dice that do not fit the pool or the weapon's damage dice.
      if (error instanceof RangeError) refuse("DiceMismatch");
      throw error;
    }
    for (const [i, result] of results.entries()) {
      const info = group.infos[i];
      const actor = info.actor as WorkflowActor;
      const spikes = spikesOf(actor, result, melee);
      let retaliation: RecomputedRow["retaliation"] = null;
      if (spikes) {
        const index = info.row.retaliation?.roll;
        const spikeFaces = facesAt(rolls, index);
        if (spikeFaces.length !== spikes.dice) refuse("DiceMismatch");
        take(index as number);
        const dealt = spikedDamage(attacker, spikes, spikeFaces, result.hit);
        if (dealt) retaliation = { damage: dealt, detail: { defense: 0, points: dealt.points, resistance: dealt.resistance, armorPierced: 0, health: healthPreview(attacker, dealt.total) } };
      }
      const canTurn = redirectable(actor, declaration.damageType, result);
      const turned = !!info.row.redirectedTo;
      if (turned && !canTurn) refuse("BadDeclaration");
      rolledCriticals.set(info.row.key, result.damage.criticals);
      const damage = turned ? { ...result.damage, total: 0, points: 0, criticals: 0 } : result.damage;
      rows.set(info.row.key, {
        key: info.row.key, name: info.row.name, actor, actorUuid: actor.uuid, tokenUuid: info.tokenUuid ?? null,
        hit: result.hit, gains: result.gains, damage, conditions: turned ? [] : statusesOf(result, session as AttackSession, conditions.damaged),
        detail: detailOf({ setup: result.setup, damage }, actor), retaliation, redirectable: canTurn && !turned,
        forceField: result.setup.defense.parts.forceField,
      });
    }
  }
  // Redirects: the wearer's damage roll counted against the creature it was turned to.
  for (const row of data.targets.filter((t) => t.redirectSource)) {
    const source = rows.get(row.redirectSource as string);
    const wearerRow = data.targets.find((t) => t.key === row.redirectSource);
    const { token, actor } = creatureOf(row);
    if (!source || !wearerRow?.redirectedTo || !actor) continue;
    if (safeKey(`${row.redirectSource}_to_${token?.uuid ?? actor.uuid}`) !== row.key) refuse("BadDeclaration");
    const faces = facesAt(rolls, data.attacks[wearerRow.attack].damageRoll);
    const criticals = source.hit ? rolledCriticals.get(source.key) ?? 0 : 0;
    const damage = redirectedDamage(faces, resistanceShares(actor, declaration.damageType), { hit: source.hit, criticals, armorPiercing: preview.input.weapon.armorPiercing });
    rows.set(row.key, {
      key: row.key, name: row.name, actor, actorUuid: actor.uuid, tokenUuid: token?.uuid ?? null, hit: source.hit, gains: source.gains, damage, conditions: [],
      // Its own numbers: the defense it has against this attack, its resistance, its track.
      detail: { defense: setupTarget(preview.input, targetOf(actor, row.key, declaration.damageType, { cover: 0 })).defense.total, points: damage.points, resistance: damage.resistance, armorPierced: damage.armorPierced, health: healthPreview(actor, damage.total) },
      retaliation: null, redirectable: false, forceField: 0,
    });
  }
  return { ok: true, data, attacker, rows: data.targets.map((t) => rows.get(t.key)).filter((r): r is RecomputedRow => !!r) };
}

/**
 * Recomputes a card's rows in this client's world from the message's rolls and the creatures'
 * current data. Refuses (a localized problem) a card it cannot read: no attack data, the
 * attacker or the weapon gone, a declaration the weapon does not allow, dice that do not match.
 */
export function recomputeCard(message: RecomputeMessage): Recomputed {
  try {
    return work(message);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    throw error;
  }
}
