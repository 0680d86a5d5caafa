/**
 * Conditions as Foundry status effects (issue 10 item 8): `CONFIG.statusEffects` with stable
 * ActiveEffect ids, core icons and a reference page in the Conditions journal; adding and
 * removing them by id only (`Actor#toggleStatusEffect`, v13 and v14 alike); reading an actor's
 * statuses back as the rules core's `ActiveStatus` list; and what the rules make of them
 * (movement limits, Exhausted, Blind, Petrified, Stunned) for the sheet, the attack workflow and
 * the token ruler.
 */
import { CLOCKWORK, SPELL_STATES, type ConditionEntry } from "../config";
import type { ActiveStatus } from "../rules";
import { COMBAT_STATUS_IDS, statusEffectId, type CombatStatusId } from "../rules/condition-ids";
import {
  attackerConditionFlags, conditionDice, movementBlocks, targetConditionFlags, type MoveBlock, type MoveMode,
} from "../rules/condition-effects";
import { getConfig } from "../foundry";

/** Every status the system registers: the combat statuses of the rules core, then the spell states. */
export const STATUS_IDS: readonly string[] = [...COMBAT_STATUS_IDS, ...SPELL_STATES];
export type StatusId = CombatStatusId | (typeof SPELL_STATES)[number];

/** Where the condition pages live (packs/_source/rules/conditions.yml and rules-reference.yml). */
const CONDITIONS_JOURNAL = "Compendium.clockwork.rules.JournalEntry.jsW1Q0frhoYWjYfN";
const REFERENCE_JOURNAL = "Compendium.clockwork.rules.JournalEntry.PpO7cce5ngbuEVNm";

/** Page ids in the Conditions journal by condition key (their `flags.clockwork.key`). */
export const CONDITION_PAGES: Readonly<Record<string, string>> = {
  bleeding: "xD2XD8IgSTSXBUde", burning: "ykXfrCqxQIOj48OJ", chilled: "uyxW8oKsguVCAAtU", frozen: "BjEQyx0WN0dfvQIU",
  deafened: "QZKddQokFdjTVZVj", entangled: "zkU6QtMEaveY5JVT", exhausted: "0IoGfyrfYl1g1LXp", persistent: "JxB48kY6drFBJsX1",
  petrified: "kIKuIKM83Ngs19Vc", poisoned: "A412teZOboJd24WT", stunned: "e23LwGBErRK7Hiuq", blind: "r4wy44BMuPRui5BA",
  prone: "KmmWVP9hdIJ9bqKv", grappled: "1GATAqmjf4ssCbZL", pacified: "449p4Re0XhOuD96v", dying: "pXdlahrXD8LKq7MH",
  encumbered: "NOVog4J52Qsmd6Ur", defenseless: "i6E52md5enp1zPBw", charmed: "nuGJ0zZXE4QSaQk1", feared: "4jHDFKUxEIbAKZvC",
  berserk: "MNVdH9r63RjMrRfo", hexed: "UqfMmamjwd8eSwzK", karma: "KL7iRFo199M9fotb", burdened: "W6K5rxyYw7yliC5P",
  polymorphed: "V6PcBtvjZjj32F22", grounded: "6k70BwenG767f3M2", planarPushed: "Ssd3PEPHdArKifn8", hasted: "mqEFnrVXb7Q6LFDP",
  slowed: "JlQTGmgkOxfU7fyP", invisible: "ORbT0bR2DBg5BXei",
};
/** Pages of the Rules Reference journal for the states the Conditions journal has no page for. */
const REFERENCE_PAGES: Readonly<Record<string, string>> = {
  armDisabled: "MA4DhHQuVUdzt8Hl", legDisabled: "MA4DhHQuVUdzt8Hl", // A Combat Turn (called shots)
  stabilized: "8l5NkHQPtfh58xZ0", dead: "8l5NkHQPtfh58xZ0", destroyed: "8l5NkHQPtfh58xZ0", // The Health Track
};

/** Core icons (Foundry's icons/svg/) for every status. */
const ICONS: Readonly<Record<string, string>> = {
  bleeding: "blood", burning: "fire", chilled: "ice-aura", frozen: "frozen", deafened: "deaf", entangled: "net",
  exhausted: "sleep", petrified: "paralysis", poisoned: "poison", stunned: "daze", blind: "blind", prone: "falling",
  grappled: "anchor", pacified: "angel", dying: "unconscious", encumbered: "downgrade", defenseless: "target",
  persistentBallistic: "hazard", persistentBlunt: "degen", persistentEnergy: "lightning", persistentPiercing: "acid",
  persistentSlashing: "sword", persistentExplosive: "explosion", armDisabled: "bones", legDisabled: "bones",
  stabilized: "heal", dead: "skull", destroyed: "ruins", charmed: "eye", feared: "terror", berserk: "upgrade", hexed: "degen", karma: "regen",
  burdened: "downgrade", polymorphed: "mystery-man", grounded: "mole", hasted: "wingfoot", slowed: "stoned",
  invisible: "invisible", planarPushed: "eye",
};

/**
 * Statuses the rules set, never a bare toggle in the token HUD: dying and stabilized follow the
 * health track, defenseless follows the counters (src/combat/turns.ts).
 */
const RULES_ONLY = new Set(["dying", "stabilized", "defenseless"]);

/** The 16-character ActiveEffect id of a status, the same on every client and in every world. */
export function statusDocumentId(id: string): string {
  if ((COMBAT_STATUS_IDS as readonly string[]).includes(id)) return statusEffectId(id as CombatStatusId);
  // Spell states take the rules core's scheme (src/rules/conditions.ts statusEffectId).
  return `cw${id}`.replace(/[^A-Za-z0-9]/g, "").padEnd(16, "0").slice(0, 16);
}

/** The localization key of a status's name. */
export function statusLabel(id: string): string {
  if (id.startsWith("persistent") || id === "armDisabled" || id === "legDisabled" || id === "stabilized" || id === "dead" || id === "destroyed") {
    return `CLOCKWORK.Conditions.Status.${id}`;
  }
  // A setting module's condition brings its own label (src/setting-modules/).
  const declared = (CLOCKWORK.conditions as Record<string, ConditionEntry | undefined>)[id];
  if (declared?.module) return declared.label;
  return `CLOCKWORK.Condition.${id}`;
}

/** The journal page (UUID) that explains a status. */
export function statusReference(id: string): string {
  const key = id.startsWith("persistent") ? "persistent" : id;
  const page = CONDITION_PAGES[key];
  if (page) return `${CONDITIONS_JOURNAL}.JournalEntryPage.${page}`;
  return `${REFERENCE_JOURNAL}.JournalEntryPage.${REFERENCE_PAGES[id]}`;
}

/** One `CONFIG.statusEffects` entry. */
export interface StatusEffectEntry {
  id: string;
  _id: string;
  name: string;
  img: string;
  /** The journal page of the condition (shown as a link by sheets and tooltips). */
  reference: string;
  description: string;
  hud: boolean;
}

/** Setting modules' conditions (src/setting-modules/), in declaration order. */
function moduleConditions(): [string, ConditionEntry][] {
  return Object.entries(CLOCKWORK.conditions).filter(([id, entry]) => entry.module && !STATUS_IDS.includes(id));
}

/** The system's status effects, in the order the token HUD shows them; setting modules' conditions last. */
export function statusEffectEntries(): StatusEffectEntry[] {
  const own = STATUS_IDS.map((id) => ({
    id,
    _id: statusDocumentId(id),
    name: statusLabel(id),
    img: `icons/svg/${ICONS[id]}.svg`,
    reference: statusReference(id),
    description: `<p>@UUID[${statusReference(id)}]{${id}}</p>`,
    hud: !RULES_ONLY.has(id),
  }));
  // A module's condition explains itself with its own rules text (a localization key core localizes).
  const declared = moduleConditions().map(([id, entry]) => ({
    id, _id: statusDocumentId(id), name: entry.label, img: "icons/svg/aura.svg", reference: "", description: entry.description ?? "", hud: true,
  }));
  return [...own, ...declared];
}

/**
 * A setting module's condition that reuses an existing one's mechanics (`rulesAs`) adds that
 * status to the actor's set, so every rule that reads the set applies it (ClockworkActor).
 */
export function addRulesAsStatuses(statuses: Set<string>): void {
  for (const id of [...statuses]) {
    const rulesAs = (CLOCKWORK.conditions as Record<string, ConditionEntry | undefined>)[id]?.rulesAs;
    if (rulesAs && !statuses.has(rulesAs)) statuses.add(rulesAs);
  }
}

/** Sets `CONFIG.statusEffects` and the special statuses core looks up (defeated, blind, invisible). */
export function registerStatusEffects(): void {
  getConfig().statusEffects = statusEffectEntries() as typeof CONFIG.statusEffects;
  const special = (getConfig().specialStatusEffects ??= {} as typeof CONFIG.specialStatusEffects);
  Object.assign(special, { DEFEATED: "dead", BLIND: "blind", INVISIBLE: "invisible" });
}

// ---------------------------------------------------------------- reading and writing statuses

/** What a status effect may carry besides its id (`flags.clockwork.status`). */
export interface StatusData {
  difficulty?: number;
  endFlat?: number | null;
  noEndThroughRound?: number;
}

interface EffectLike {
  id: string | null;
  disabled?: boolean;
  statuses?: Iterable<string>;
  flags?: Record<string, unknown>;
  update(changes: object): Promise<unknown>;
}

/** The actor API statuses need (v13 Actor). */
export interface StatusActor {
  statuses?: Set<string> | Iterable<string>;
  effects?: Iterable<EffectLike> & { get(id: string): EffectLike | undefined };
  toggleStatusEffect(statusId: string, options?: { active?: boolean; overlay?: boolean }): Promise<unknown>;
}

function isCombatStatus(id: string): id is CombatStatusId {
  return (COMBAT_STATUS_IDS as readonly string[]).includes(id);
}

function statusDataOf(effect: EffectLike): StatusData {
  const data = (effect.flags?.clockwork as { status?: StatusData } | undefined)?.status;
  return data && typeof data === "object" ? data : {};
}

/**
 * The actor's combat statuses for the rules core, with what their effects carry (a poison's
 * difficulty, a Flashbang's own Flat). Reads the effects when there are any, and the actor's
 * status set for the rest (dying and dead follow the health track, ClockworkActor).
 */
export function activeStatuses(actor: Pick<StatusActor, "statuses" | "effects"> | null | undefined): ActiveStatus[] {
  if (!actor) return [];
  const found = new Map<CombatStatusId, ActiveStatus>();
  for (const effect of actor.effects ?? []) {
    if (effect.disabled) continue;
    for (const status of effect.statuses ?? []) {
      const id = (CLOCKWORK.conditions as Record<string, ConditionEntry | undefined>)[status]?.rulesAs || status;
      if (isCombatStatus(id) && !found.has(id)) found.set(id, { id, ...statusDataOf(effect) });
    }
  }
  for (const id of actor.statuses ?? []) if (isCombatStatus(id) && !found.has(id)) found.set(id, { id });
  return [...found.values()];
}

/** Whether the actor has a status (its set of statuses, v13 `Actor#statuses`). */
export function hasStatus(actor: Pick<StatusActor, "statuses"> | null | undefined, id: string): boolean {
  const statuses = actor?.statuses;
  if (!statuses) return false;
  return statuses instanceof Set ? statuses.has(id) : [...statuses].includes(id);
}

function requireStatusId(id: string): void {
  if (!STATUS_IDS.includes(id)) throw new RangeError(`"${id}" is not a ClockWork status id (one of ${STATUS_IDS.join(", ")})`);
}

/**
 * Adds a status by id (a no-op when it is there). `overlay` draws it over the whole token
 * (dying, dead); `data` is kept on the effect for the rules (poison difficulty and the like).
 */
export async function addStatus(actor: StatusActor, id: StatusId, options: { overlay?: boolean; data?: StatusData } = {}): Promise<void> {
  requireStatusId(id);
  if (hasStatus(actor, id) && actor.effects?.get(statusDocumentId(id))) return;
  await actor.toggleStatusEffect(id, { active: true, overlay: options.overlay === true });
  if (options.data && Object.keys(options.data).length) {
    await actor.effects?.get(statusDocumentId(id))?.update({ "flags.clockwork.status": options.data });
  }
}

/** Removes a status by id (a no-op when it is not there). */
export async function removeStatus(actor: StatusActor, id: StatusId): Promise<void> {
  requireStatusId(id);
  if (!actor.effects?.get(statusDocumentId(id))) return;
  await actor.toggleStatusEffect(id, { active: false });
}

/** An effect dropped on an actor from elsewhere (a sheet's row, another actor's status). */
export interface DroppedEffect {
  name: string;
  statuses?: Iterable<string>;
  flags?: Record<string, unknown>;
}

export type DropOutcome = { applied: StatusId[] } | { refused: string };

/**
 * A dropped effect or status goes through the conditions (issue 21 item 4), never as a copy:
 * core's ActorSheetV2 would create the effect as it is, bypassing the rules (stacking, the
 * status's own data, the statuses the rules alone set). Its statuses are added by id with the
 * data they carry; an effect with no ClockWork status, or only rules-set ones, is refused.
 */
export async function applyDroppedEffect(actor: StatusActor, effect: DroppedEffect): Promise<DropOutcome> {
  const ids = [...(effect.statuses ?? [])].filter((id) => STATUS_IDS.includes(id));
  if (ids.length === 0) return { refused: "CLOCKWORK.Conditions.Drop.NotStatus" };
  const usable = ids.filter((id) => !RULES_ONLY.has(id)) as StatusId[];
  if (usable.length === 0) return { refused: "CLOCKWORK.Conditions.Drop.RulesOnly" };
  const data = (effect.flags?.clockwork as { status?: StatusData } | undefined)?.status;
  for (const id of usable) await addStatus(actor, id, { data: data && typeof data === "object" ? data : undefined });
  return { applied: usable };
}

// ---------------------------------------------------------------- what the statuses do

/** The rules' reading of an actor's statuses, for sheets, attacks and the token ruler. */
export interface ConditionEffects {
  /** Which moves are allowed, and why not (Chilled, Frozen, Prone, Grappled, Entangled …). */
  movement: Record<MoveMode, MoveBlock | null>;
  /** Dice added to every roll (Exhausted −1). */
  dice: number;
  /** Every cost +1. */
  stunned: boolean;
  /** Attacker flags for src/rules/attack.ts (Blind: every target as 75 % cover). */
  attacker: ReturnType<typeof attackerConditionFlags>;
  /** Target flags (Petrified: resistance 12; Grappled: no reactions; Prone). */
  target: ReturnType<typeof targetConditionFlags>;
  /** No counters at all, reactions included (docs/rulings.md 81). */
  cannotAct: boolean;
}

const CANNOT_ACT = ["frozen", "petrified", "dying", "stabilized", "dead"];

/** Whether the actor's statuses stop it acting at all: no counters, reactions included (docs/rulings.md 81). */
export function cannotAct(actor: Pick<StatusActor, "statuses"> | null | undefined): boolean {
  return [...(actor?.statuses ?? [])].some((s) => CANNOT_ACT.includes(s));
}

/** What the actor's statuses do under the rules. */
export function conditionEffects(actor: Pick<StatusActor, "statuses"> | null | undefined, options: { grappling?: boolean } = {}): ConditionEffects {
  const statuses = [...(actor?.statuses ?? [])];
  return {
    movement: movementBlocks(statuses, { grappling: options.grappling }),
    dice: conditionDice(statuses),
    stunned: statuses.includes("stunned"),
    attacker: attackerConditionFlags(statuses),
    target: targetConditionFlags(statuses),
    cannotAct: cannotAct(actor),
  };
}
