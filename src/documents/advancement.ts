/**
 * XP on actors: the world's campaign-speed setting, GM awards, purchases of ranks, spells and
 * features, and the refund of the last purchase. Each call reads the actor's XP state (system
 * totals and the `flags.clockwork.xpLog` entries), asks the rules core for a plan, and writes
 * exactly what the plan says; a refused plan throws an `XpError` with the reasons in words.
 */
import { configKeys, isRetiredKey } from "../config";
import { labelOf } from "../data/labels";
import { currentUserId, localize, updateDocument } from "../foundry";
import {
  SKILL_KEYS, allocationTypes, planAward, planPowerPurchase, planRefund, planSkillPurchase, withItemIds,
} from "../rules";
import type { Resistances, SkillKey, XpLogEntry, XpProblem, XpState } from "../rules";
import { SYSTEM_ID, campaignSpeed } from "./advancement-settings";
import { postXpAwardCard } from "./advancement-card";

// The setting lives apart so the entry module registers it without the XP logic below.
export { CAMPAIGN_SPEED_SETTING, SYSTEM_ID, campaignSpeed, registerAdvancementSettings } from "./advancement-settings";

/** `flags.clockwork.xpLog`: every award, purchase and refund, oldest first. */
export const XP_LOG_FLAG = "xpLog";

/** A refused XP change; the message lists every reason. */
export class XpError extends Error {
  constructor(readonly problems: readonly XpProblem[]) {
    super(problems.map(describeXpProblem).join(" "));
    this.name = "XpError";
  }
}

function subjectLabel(value: string | undefined): string {
  if (!value) return "";
  if ((SKILL_KEYS as readonly string[]).includes(value)) return labelOf("skills", value);
  if (configKeys("damageTypes").includes(value)) return labelOf("damageTypes", value);
  // A removed setting module's type reads as unknown, like everywhere else.
  if (isRetiredKey("damageTypes", value)) return localize("CLOCKWORK.SettingModules.Unknown", { key: value });
  return value;
}

function itemTypeLabel(type: string): string {
  const key = `TYPES.Item.${type}`;
  const label = localize(key);
  return label === key ? type : label;
}

/** One problem in words. */
export function describeXpProblem(problem: XpProblem): string {
  // "notPurchasable" names an item type ("focus"): its display name reads "Focus".
  const subject = problem.code === "notPurchasable" && problem.subject ? itemTypeLabel(problem.subject) : subjectLabel(problem.subject);
  return localize(`CLOCKWORK.Advancement.Problem.${problem.code}`, {
    subject, detail: subjectLabel(problem.detail), value: problem.value ?? "", limit: problem.limit ?? "",
  });
}

interface XpActor {
  id: string | null;
  name: string;
  system: unknown;
  items: { get(id: string): unknown; contents: readonly { id: string | null; type: string; system: unknown }[] };
  getFlag(scope: string, key: string): unknown;
  update(data: object, options?: object): Promise<unknown>;
  createEmbeddedDocuments(name: "Item", data: object[]): Promise<{ id: string | null }[] | undefined>;
  deleteEmbeddedDocuments(name: "Item", ids: string[]): Promise<unknown>;
}

interface StoredXp {
  xp: { earned: number; spent: number };
  skills: Record<SkillKey, { rank: number }>;
  resistanceAllocation: Resistances;
}

const stored = (actor: XpActor): StoredXp => actor.system as StoredXp;
const asActor = (actor: unknown): XpActor => actor as XpActor;

/** The actor's XP totals and log. */
export function xpStateOf(actor: unknown): XpState {
  const a = asActor(actor);
  const log = a.getFlag(SYSTEM_ID, XP_LOG_FLAG);
  return { earned: stored(a).xp.earned, spent: stored(a).xp.spent, log: Array.isArray(log) ? log as XpLogEntry[] : [] };
}

function stamp() {
  return { id: foundry.utils.randomID(), date: Date.now(), user: currentUserId() ?? undefined };
}

function ranksOf(actor: XpActor): Record<SkillKey, number> {
  const ranks = {} as Record<SkillKey, number>;
  for (const key of SKILL_KEYS) ranks[key] = stored(actor).skills[key].rank;
  return ranks;
}

/** Every stored type: the book's six, the active modules' and a removed module's (never dropped). */
function allocationOf(actor: XpActor): Resistances {
  const source = stored(actor).resistanceAllocation;
  const allocation = {} as Resistances;
  for (const type of allocationTypes(source)) allocation[type] = source[type] ?? 0;
  return allocation;
}

/** New points go to the configured types only, a setting module's included (issue 31). */
const placeableTypes = (): string[] => configKeys("damageTypes");

/** Writes totals and log in one update; a refused write (validation, permission) throws, nothing to change does not. */
async function writeXp(actor: XpActor, state: XpState, system: Record<string, unknown> = {}): Promise<void> {
  const result = await updateDocument(actor, {
    system: { ...system, xp: { earned: state.earned, spent: state.spent } },
    flags: { [SYSTEM_ID]: { [XP_LOG_FLAG]: state.log } },
  });
  if (result === "refused") throw new Error(localize("CLOCKWORK.Builder.Error.Commit", { details: actor.name }));
}

/**
 * The GM awards the same XP to several characters; returns the names awarded. The chat card
 * names those written (also when a later write fails); `chat: false` posts none.
 */
export async function awardXp(actors: readonly unknown[], input: { amount: number; reason: string; note?: string }, options: { chat?: boolean } = {}): Promise<string[]> {
  const awarded: XpActor[] = [];
  try {
    for (const actor of actors.map(asActor)) {
      const plan = planAward(xpStateOf(actor), { ...stamp(), ...input });
      if (plan.problems.length) throw new XpError(plan.problems);
      await writeXp(actor, plan.state);
      awarded.push(actor);
    }
  } finally {
    if (options.chat !== false && awarded.length) await postXpAwardCard(awarded, { ...input, names: awarded.map((a) => a.name) });
  }
  return awarded.map((a) => a.name);
}

/** The XP price of the next rank and the Body resistance points it brings, without buying. */
export function previewSkillPurchase(actor: unknown, skill: SkillKey) {
  const a = asActor(actor);
  return planSkillPurchase(xpStateOf(a), { ...stamp(), skill, skills: ranksOf(a), speed: campaignSpeed(), allocation: allocationOf(a), types: placeableTypes() });
}

/** Buys one rank of a skill, placing any new Body resistance points (RULING in §4.22). */
export async function buySkillRank(actor: unknown, skill: SkillKey, placement?: Partial<Resistances>): Promise<XpLogEntry> {
  const a = asActor(actor);
  const plan = planSkillPurchase(xpStateOf(a), { ...stamp(), skill, skills: ranksOf(a), speed: campaignSpeed(), allocation: allocationOf(a), placement, types: placeableTypes() });
  if (plan.problems.length || !plan.entry) throw new XpError(plan.problems);
  await writeXp(a, plan.state, { skills: { [skill]: { rank: plan.skills[skill] } }, resistanceAllocation: plan.allocation });
  return plan.entry;
}

interface PowerSource {
  name: string;
  type: string;
  system: { identifier?: string; level?: number; prerequisites?: string[]; repeatable?: boolean; pair?: string };
  [key: string]: unknown;
}

function ownedIdentifiers(actor: XpActor, type: string): string[] {
  return actor.items.contents.filter((i) => i.type === type).map((i) => String((i.system as { identifier?: string }).identifier ?? ""));
}

/**
 * Buys a spell or feature from its source (a compendium document's `toObject()`); a paired
 * spell's other half comes with it at no extra cost. Foci, species and anything else are refused.
 */
export async function buyPower(actor: unknown, source: PowerSource, pairSource?: PowerSource): Promise<XpLogEntry> {
  const a = asActor(actor);
  const s = source.system;
  const plan = planPowerPurchase(xpStateOf(a), {
    ...stamp(), kind: source.type, name: source.name, identifier: s.identifier ?? "", level: Number(s.level ?? 0),
    speed: campaignSpeed(), prerequisites: s.prerequisites ?? [], repeatable: s.repeatable === true, pair: s.pair || undefined,
    owned: ownedIdentifiers(a, source.type),
  });
  if (plan.problems.length || !plan.entry) throw new XpError(plan.problems);
  const clean = (doc: PowerSource) => {
    const copy = foundry.utils.deepClone(doc) as Record<string, unknown>;
    delete copy._id;
    return copy;
  };
  const created = (await a.createEmbeddedDocuments("Item", [clean(source), ...(pairSource ? [clean(pairSource)] : [])])) ?? [];
  if (!created[0]?.id) throw new Error(localize("CLOCKWORK.Builder.Error.Commit", { details: source.name }));
  const state = withItemIds(plan.state, plan.entry.id, created[0].id, created[1]?.id ?? undefined);
  try {
    await writeXp(a, state);
  } catch (error) {
    await a.deleteEmbeddedDocuments("Item", created.map((i) => i.id).filter((id): id is string => !!id));
    throw error;
  }
  return state.log[state.log.length - 1];
}

/** Refunds the last purchase: XP back, the rank and its placed points back, or the item gone. */
export async function refundLastPurchase(actor: unknown): Promise<XpLogEntry> {
  const a = asActor(actor);
  const plan = planRefund(xpStateOf(a), { ...stamp(), skills: ranksOf(a), allocation: allocationOf(a) });
  if (plan.problems.length || !plan.entry || !plan.undo) throw new XpError(plan.problems);
  const system: Record<string, unknown> = {};
  if (plan.undo.skill && plan.undo.rank !== undefined) system.skills = { [plan.undo.skill]: { rank: plan.undo.rank } };
  if (plan.undo.allocation) system.resistanceAllocation = plan.undo.allocation;
  const present = plan.undo.itemIds.filter((id) => a.items.get(id));
  if (present.length) await a.deleteEmbeddedDocuments("Item", present);
  await writeXp(a, plan.state, system);
  return plan.entry;
}
