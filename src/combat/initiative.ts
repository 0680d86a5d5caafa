/**
 * Initiative in Foundry (issue 10 item 2, digest §4.6): each combatant that rolls throws 12 d12
 * against the better of its Agility and Intuition ranks (or the one its owner picked); ties —
 * with each other and with combatants who rolled earlier — are rolled off with one d12 at a
 * time until resolved; companions roll nothing and act right after their controller. One chat
 * card shows every roll and roll-off. Foundry sorts by one number, so each combatant's
 * `initiative` is its gains plus a fraction that keeps the resolved order
 * (`initiativeScores`, docs/rulings.md 88).
 */
import {
  INITIATIVE_DICE, breakTies, initiativeGains, initiativeScores, initiativeSkill, markDice, placeCompanions,
  type DiceRoller, type DieMark, type InitiativeEntry, type InitiativeSkill,
} from "../rules";
import { magicItemEffects } from "../data/item/magic-items";
import { TURN_TEMPLATES } from "./templates";

export const INITIATIVE_CARD_TEMPLATE = TURN_TEMPLATES.initiativeCard;

/** What initiative reads of a combatant. */
export interface InitiativeCombatantLike {
  id: string | null;
  name: string;
  initiative: number | null;
  system: {
    initiativeRoll?: { gains: number | null; skill: string; rank: number | null; faces: readonly number[]; tieBreaks: readonly number[] };
    initiativeSkill?: string;
    controllerId?: string;
  };
  actor: {
    system: { skills?: Partial<Record<string, { rank: number }>> };
    /** Worn artifacts with `flags.clockwork.magicItem.initiative` (Boots of Alacrity) roll again. */
    items?: Iterable<{ type: string; system: { equipped?: boolean }; flags?: Record<string, unknown> }>;
  } | null;
}

/** One roll on the card. */
export interface InitiativeCardRoll {
  id: string;
  name: string;
  skill: InitiativeSkill;
  rank: number;
  faces: number[];
  gains: number;
  /** Rolls set aside for a better one (Boots of Alacrity keep the better), if any. */
  rerolled?: number[][];
}

/** Extra initiative rolls from worn magic items (Boots of Alacrity: one, the better kept). */
export function initiativeRerolls(actor: InitiativeCombatantLike["actor"]): number {
  let rerolls = 0;
  for (const item of actor?.items ?? []) {
    if (item.type !== "artifact" || item.system.equipped !== true) continue;
    const extra = magicItemEffects(item).initiative?.rerolls ?? 0;
    if (extra > rerolls) rerolls = extra;
  }
  return rerolls;
}

/** What one call rolled and the writes that follow. */
export interface InitiativePlan {
  /** Combatant updates (`_id`, `initiative`, `system.initiativeRoll`). */
  updates: Record<string, unknown>[];
  rolls: InitiativeCardRoll[];
  /** Roll-off dice rolled this time, per combatant, and the gains they were tied at (old rolls may tie with new ones). */
  rollOffs: { id: string; name: string; dice: number[]; gains: number }[];
  /** Companions placed after their controller. */
  companions: { id: string; name: string; controller: string }[];
  /** The whole resolved order of the combatants that have initiative. */
  order: string[];
  /** Combatants that could not roll (no Agility / Intuition ranks). */
  skipped: string[];
}

function controllerOf(c: InitiativeCombatantLike, present: Set<string>): string | undefined {
  const id = c.system.controllerId;
  return id && id !== c.id && present.has(id) ? id : undefined;
}

function ranksOf(c: InitiativeCombatantLike): { agility: number; intuition: number } | null {
  const skills = c.actor?.system.skills;
  const agility = skills?.agility?.rank;
  const intuition = skills?.intuition?.rank;
  return agility === undefined || intuition === undefined ? null : { agility, intuition };
}

function asSkill(value: string | undefined): InitiativeSkill | undefined {
  return value === "agility" || value === "intuition" ? value : undefined;
}

/**
 * Plans an initiative roll for `ids` among all of a combat's combatants (pure: dice come from
 * `roller`, which rolls `count` d12s). Combatants that rolled before keep their roll and may roll
 * off against the new ones.
 */
export function planInitiative(
  all: readonly InitiativeCombatantLike[], ids: readonly string[], roller: DiceRoller, options: { skills?: Readonly<Record<string, InitiativeSkill | undefined>> } = {},
): InitiativePlan {
  const present = new Set(all.map((c) => c.id as string));
  const byId = new Map(all.map((c) => [c.id as string, c]));
  const asked = new Set(ids.filter((id) => present.has(id)));
  const controllers: Record<string, string | undefined> = {};
  for (const c of all) controllers[c.id as string] = controllerOf(c, present);

  const rolls: InitiativeCardRoll[] = [];
  const skipped: string[] = [];
  const entries = new Map<string, InitiativeEntry>();
  const stored = new Map<string, { skill: string; rank: number | null; faces: number[] }>();
  for (const c of all) {
    const id = c.id as string;
    if (controllers[id] !== undefined) continue;
    const roll = c.system.initiativeRoll;
    if (asked.has(id)) {
      const ranks = ranksOf(c);
      if (!ranks) {
        skipped.push(id);
        continue;
      }
      const { skill, rank } = initiativeSkill(ranks, options.skills?.[id] ?? asSkill(c.system.initiativeSkill));
      let faces = [...roller(INITIATIVE_DICE)];
      let gains = initiativeGains(faces, rank);
      const rerolled: number[][] = [];
      // Boots of Alacrity: roll again and keep the better; the first stands on a tie.
      for (let extra = initiativeRerolls(c.actor); extra > 0; extra--) {
        const again = [...roller(INITIATIVE_DICE)];
        const againGains = initiativeGains(again, rank);
        if (againGains > gains) {
          rerolled.push(faces);
          faces = again;
          gains = againGains;
        } else rerolled.push(again);
      }
      rolls.push({ id, name: c.name, skill, rank, faces, gains, ...(rerolled.length ? { rerolled } : {}) });
      entries.set(id, { id, gains, tieBreaks: [] });
      stored.set(id, { skill, rank, faces });
    } else if (roll && roll.gains !== null) {
      entries.set(id, { id, gains: roll.gains, tieBreaks: [...roll.tieBreaks] });
      stored.set(id, { skill: roll.skill, rank: roll.rank, faces: [...roll.faces] });
    }
  }

  const resolved = breakTies([...entries.values()], roller);
  const rollOffs: InitiativePlan["rollOffs"] = [];
  for (const entry of resolved.entries) {
    const before = entries.get(entry.id)?.tieBreaks?.length ?? 0;
    const dice = (entry.tieBreaks ?? []).slice(before);
    if (dice.length) rollOffs.push({ id: entry.id, name: byId.get(entry.id)?.name ?? "", dice: [...dice], gains: entry.gains });
  }

  // Companions whose controller has initiative follow it; the rest wait for their controller.
  const withInitiative = new Set(resolved.order);
  const companionIds = all.map((c) => c.id as string).filter((id) => {
    let controller = controllers[id];
    while (controller !== undefined && controllers[controller] !== undefined) controller = controllers[controller];
    return controllers[id] !== undefined && controller !== undefined && withInitiative.has(controller);
  });
  const order = placeCompanions([...resolved.order, ...companionIds], controllers);
  const gains = Object.fromEntries(resolved.entries.map((e) => [e.id, e.gains]));
  const scores = initiativeScores(order, gains, controllers);

  const tieBreaks = new Map(resolved.entries.map((e) => [e.id, [...(e.tieBreaks ?? [])]]));
  const updates: Record<string, unknown>[] = [];
  for (const id of order) {
    const c = byId.get(id) as InitiativeCombatantLike;
    const own = stored.get(id);
    const initiativeRoll = own
      ? { gains: gains[id], skill: own.skill, rank: own.rank, faces: own.faces, tieBreaks: tieBreaks.get(id) ?? [] }
      : { gains: null, skill: "", rank: null, faces: [], tieBreaks: [] };
    const before = c.system.initiativeRoll;
    const rollChanged = JSON.stringify(before ?? null) !== JSON.stringify(initiativeRoll);
    if (c.initiative === scores[id] && !rollChanged) continue;
    updates.push({ _id: id, initiative: scores[id], ...(rollChanged ? { "system.initiativeRoll": initiativeRoll } : {}) });
  }
  const companions = companionIds.map((id) => ({ id, name: byId.get(id)?.name ?? "", controller: byId.get(controllers[id] as string)?.name ?? "" }));
  return { updates, rolls, rollOffs, companions, order, skipped };
}

/** The gains a combatant shows in the tracker: its own, or (a companion) its controller's. */
export function shownGains(combatant: Pick<InitiativeCombatantLike, "initiative" | "system">): number | null {
  const own = combatant.system.initiativeRoll?.gains;
  if (own !== null && own !== undefined) return own;
  return combatant.initiative === null ? null : Math.floor(combatant.initiative);
}

// ---------------------------------------------------------------- the chat card

/** One die on the card, with its mark for the eye and for screen readers. */
export interface CardDie {
  face: number;
  mark: DieMark;
  label: string;
}

export interface InitiativeCardContext {
  rolls: {
    name: string;
    skillLabel: string;
    rank: number;
    gains: number;
    dice: CardDie[];
    /** Rolls set aside for the kept one (Boots of Alacrity), shown struck through. */
    rerolled: { gains: number; dice: CardDie[] }[];
  }[];
  /** Each tie the roll-offs broke: the gains tied at, who was tied, and what each rolled. */
  ties: { gains: number; names: string; rolls: { name: string; dice: string }[] }[];
  companions: { name: string; controller: string }[];
  order: { position: number; name: string; gains: number | null; hasGains: boolean }[];
  hasRollOffs: boolean;
  hasCompanions: boolean;
}

const MARK_LABELS: Record<DieMark, string> = {
  double: "CLOCKWORK.Combat.Turns.Initiative.MarkDouble",
  gain: "CLOCKWORK.Combat.Turns.Initiative.MarkGain",
  cancel: "CLOCKWORK.Combat.Turns.Initiative.MarkCancel",
  none: "CLOCKWORK.Combat.Turns.Initiative.MarkNone",
};

function cardDice(faces: readonly number[], rank: number): CardDie[] {
  const marks = markDice(faces, rank);
  return faces.map((face, i) => ({ face, mark: marks[i], label: MARK_LABELS[marks[i]] }));
}

/** The roll-offs by the tie they broke (same gains), highest gains first. */
function tiesOf(rollOffs: InitiativePlan["rollOffs"]): InitiativeCardContext["ties"] {
  const byGains = new Map<number, InitiativePlan["rollOffs"]>();
  for (const r of rollOffs) byGains.set(r.gains, [...(byGains.get(r.gains) ?? []), r]);
  return [...byGains.entries()].sort(([a], [b]) => b - a).map(([gains, rolls]) => ({
    gains,
    names: rolls.map((r) => r.name).join(", "),
    rolls: rolls.map((r) => ({ name: r.name, dice: r.dice.join(", ") })),
  }));
}

/**
 * The card's context: every roll with its dice marked (and the rolls a magic item had it set
 * aside), the roll-offs, the companions and the order.
 */
export function initiativeCardContext(plan: InitiativePlan, names: Readonly<Record<string, string>>, gainsOf: Readonly<Record<string, number | null>>): InitiativeCardContext {
  return {
    rolls: plan.rolls.map((r) => ({
      name: r.name,
      skillLabel: r.skill === "agility" ? "CLOCKWORK.Skill.agility" : "CLOCKWORK.Skill.intuition",
      rank: r.rank,
      gains: r.gains,
      dice: cardDice(r.faces, r.rank),
      rerolled: (r.rerolled ?? []).map((faces) => ({ gains: initiativeGains(faces, r.rank), dice: cardDice(faces, r.rank) })),
    })),
    ties: tiesOf(plan.rollOffs),
    companions: plan.companions.map((c) => ({ name: c.name, controller: c.controller })),
    order: plan.order.map((id, i) => ({ position: i + 1, name: names[id] ?? id, gains: gainsOf[id] ?? null, hasGains: typeof gainsOf[id] === "number" })),
    hasRollOffs: plan.rollOffs.length > 0,
    hasCompanions: plan.companions.length > 0,
  };
}

// ---------------------------------------------------------------- dice

/** Thrown by a buffered roller that needs more dice than were rolled. */
class NeedDice {
  constructor(readonly count: number) {}
}

/**
 * Runs a pure function that rolls through a synchronous roller with real Foundry dice, which
 * roll asynchronously: the function runs on the dice rolled so far and, when it asks for more,
 * those are rolled and it runs again from the start on the same dice (so it sees one consistent
 * sequence). Returns its result and the Roll objects, for the chat message.
 */
export async function withFoundryDice<T>(fn: (roller: DiceRoller) => T, roll: (count: number) => Promise<{ roll: unknown; faces: number[] }>): Promise<{ result: T; rolls: unknown[] }> {
  const faces: number[] = [];
  const rolls: unknown[] = [];
  for (;;) {
    let used = 0;
    const roller: DiceRoller = (count) => {
      if (used + count > faces.length) throw new NeedDice(used + count - faces.length);
      const out = faces.slice(used, used + count);
      used += count;
      return out;
    };
    try {
      return { result: fn(roller), rolls };
    } catch (error) {
      if (!(error instanceof NeedDice)) throw error;
      const rolled = await roll(error.count);
      rolls.push(rolled.roll);
      faces.push(...rolled.faces);
    }
  }
}
