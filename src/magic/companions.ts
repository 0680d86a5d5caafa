/**
 * A golem or companion made by a spell becomes an actor (issue 11 item 8): Golemancy's golem,
 * Call of the Wild's animal. Players cannot create actors, so the active GM creates it (query
 * `clockwork.summonCompanion`): an NPC owned by the requesting user, marked with its controller
 * (`flags.clockwork.companion`), and — in a started combat where the caster fights — a combatant
 * whose `system.controllerId` is the caster's combatant, so initiative places it right after its
 * controller (src/combat/initiative.ts).
 */
import { notify } from "../applications/ui";

export const COMPANION_QUERY = "clockwork.summonCompanion";
const TIMEOUT = 10_000;

export interface CompanionRequest {
  /** The controller (the caster). */
  casterUuid: string;
  name: string;
  img?: string | null;
  /** The spell that made it (its identifier), stored on the flag. */
  spell?: string;
  /** Extra NPC system data (skills, vitals …). */
  system?: Record<string, unknown>;
  /** Its natural attacks (weapon items only; others are dropped). */
  items?: Record<string, unknown>[];
  /** A golem's runes (table 1.39), read as its spell resistance. */
  runes?: string;
}

const RUNES = new Set(["minor", "standard", "major"]);

export interface CompanionResult {
  actorUuid: string;
  combatantId: string | null;
}

interface UserLike { id: string; isGM?: boolean }
interface ActorLike {
  id: string | null;
  uuid: string;
  name: string;
  testUserPermission(user: unknown, level: string): boolean;
}
interface CombatantLike { id: string | null; actorId: string | null; tokenId?: string | null; sceneId?: string | null; actor?: { uuid?: string } | null }
interface CombatLike {
  started: boolean;
  scene?: { id: string | null } | null;
  combatants: Iterable<CombatantLike> & { get(id: string): CombatantLike | undefined };
  createEmbeddedDocuments(name: string, data: object[]): Promise<{ id: string | null }[]>;
  rollInitiative(ids: string[], options?: object): Promise<unknown>;
}

function activeCombat(): CombatLike | null {
  const combats = game.combats as unknown as { active?: CombatLike | null } | undefined;
  const combat = combats?.active ?? (game.combat as unknown as CombatLike | null);
  return combat?.started ? combat : null;
}

/** The GM's side: checks the requester controls the caster, creates the actor and its combatant. */
export async function answerSummon(data: unknown): Promise<CompanionResult | null> {
  if (!game.user?.isGM) return null;
  const request = data as (CompanionRequest & { userId?: string }) | null;
  if (!request || typeof request.casterUuid !== "string" || typeof request.name !== "string" || !request.name.trim()) return null;
  const user = (game.users as unknown as { get(id: string): UserLike | undefined }).get(request.userId ?? "") ?? null;
  const caster = (fromUuidSync as unknown as (uuid: string) => unknown)(request.casterUuid) as ActorLike | null;
  if (!user || !caster || (!user.isGM && !caster.testUserPermission(user, "OWNER"))) return null;
  const ActorClass = (globalThis as unknown as { Actor: { create(data: object): Promise<{ id: string | null; uuid: string } | undefined> } }).Actor;
  const actor = await ActorClass.create({
    name: request.name.trim(),
    type: "npc",
    ...(request.img ? { img: request.img } : {}),
    ...(request.system ? { system: request.system } : {}),
    ...(Array.isArray(request.items) ? { items: request.items.filter((i) => i?.type === "weapon") } : {}),
    ownership: { default: 0, ...(user.isGM ? {} : { [user.id]: 3 }) },
    flags: { clockwork: { companion: { controllerUuid: caster.uuid, spell: request.spell ?? "" }, ...(RUNES.has(request.runes ?? "") ? { golemRunes: request.runes } : {}) } },
  });
  if (!actor?.id) return null;
  const combat = activeCombat();
  const controller = combat ? [...combat.combatants].find((c) => c.actorId === caster.id) : undefined;
  if (!combat || !controller?.id) return { actorUuid: actor.uuid, combatantId: null };
  const [created] = await combat.createEmbeddedDocuments("Combatant", [{
    actorId: actor.id, sceneId: controller.sceneId ?? combat.scene?.id ?? null, system: { controllerId: controller.id },
  }]);
  // Companions roll nothing: this places it right after its controller (and posts no card).
  if (created?.id) await combat.rollInitiative([created.id], { chat: false });
  return { actorUuid: actor.uuid, combatantId: created?.id ?? null };
}

/** Asks for a companion actor controlled by `caster`; null (with a message) when refused. */
export async function summonCompanion(caster: { uuid: string }, request: Omit<CompanionRequest, "casterUuid">): Promise<CompanionResult | null> {
  const data = { ...request, casterUuid: caster.uuid, userId: game.user?.id ?? "" };
  let result: CompanionResult | null = null;
  if (game.user?.isGM) result = await answerSummon(data);
  else {
    const gm = (game.users as unknown as { activeGM?: { query(n: string, d: object, o?: object): Promise<unknown> } | null }).activeGM;
    if (!gm) {
      notify("warn", "CLOCKWORK.Magic.Write.NoGM");
      return null;
    }
    try {
      result = (await gm.query(COMPANION_QUERY, data, { timeout: TIMEOUT })) as CompanionResult | null;
    } catch (error) {
      console.warn("ClockWork | the GM did not answer a companion request", error);
    }
  }
  if (!result) notify("warn", "CLOCKWORK.Magic.Companion.refused", { name: request.name });
  return result;
}

interface NewCombatant {
  actor?: { flags?: Record<string, unknown> } | null;
  parent?: { combatants?: Iterable<{ id: string | null; actor?: { uuid?: string } | null }> } | null;
  system?: { controllerId?: string };
  updateSource(changes: object): unknown;
}

/**
 * A companion added to a combat later (the ritual was cast before the fight) follows its
 * controller: its new combatant gets `system.controllerId` when the controller fights there.
 */
export function linkCompanion(combatant: NewCombatant): void {
  const controllerUuid = (combatant.actor?.flags?.clockwork as { companion?: { controllerUuid?: unknown } } | undefined)?.companion?.controllerUuid;
  if (typeof controllerUuid !== "string" || combatant.system?.controllerId) return;
  const controller = [...(combatant.parent?.combatants ?? [])].find((c) => c.actor?.uuid === controllerUuid);
  if (controller?.id) combatant.updateSource({ "system.controllerId": controller.id });
}

export function registerCompanionHooks(): void {
  (Hooks as unknown as { on(name: string, fn: (c: NewCombatant) => void): number }).on("preCreateCombatant", linkCompanion);
}
