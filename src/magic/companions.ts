/**
 * A golem or companion made by a spell becomes an actor (issue 11 item 8): Golemancy's golem,
 * Call of the Wild's animal. Players cannot create actors, so the active GM creates it (query
 * `clockwork.summonCompanion`): an NPC owned by the requesting user, marked with its controller
 * (`flags.clockwork.companion`), and — in a started combat where the caster fights — a combatant
 * whose `system.controllerId` is the caster's combatant, so initiative places it right after its
 * controller (src/combat/initiative.ts). A caster keeps one golem (§4.20): a new golem makes the
 * caster's old one fade — the GM removes its combatants, its tokens and its actor (docs/rulings.md 137).
 * A player's request names the cast card it follows from (`cause`) and the table `choice`: the GM
 * checks the card and builds the companion from it itself (./companion-guard, docs/rulings.md 140);
 * free-form stats are the GM's alone.
 */
import { verifySummon } from "./companion-guard";
import { activeCombat as runningCombat, hooks, notify, resolveUuidSync, runtimeGlobal, userById, worldCollection } from "../foundry";
import { relay } from "../relay";

/** The relay kind a player's companion request names (registered by ./companion-kind). */
export const COMPANION_SUMMON = "companion.summon";

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
  /** The UUID of the cast card it is made from (a player's request must name it). */
  cause?: string;
  /** The card's table choice (./spell-tables' TableChoice), resolved by the GM against the card. */
  choice?: Record<string, unknown>;
}

const RUNES = new Set(["minor", "standard", "major"]);

export interface CompanionResult {
  actorUuid: string;
  combatantId: string | null;
  /** The names of the caster's old golems that faded for the new one. */
  faded?: string[];
}

/** The GM's answer to a refused request: why (a lang key and its data). */
interface SummonRefused {
  refused: { key: string; data: Record<string, string> };
}

/** The spell whose companion is one per caster. */
const ONE_PER_CASTER = "golemancy";

interface UserLike { id: string; isGM?: boolean }
interface ActorLike {
  id: string | null;
  uuid: string;
  name: string;
  flags?: Record<string, unknown>;
  testUserPermission(user: unknown, level: string): boolean;
  delete?(): Promise<unknown>;
}
interface EmbeddedParent {
  deleteEmbeddedDocuments(name: string, ids: string[]): Promise<unknown[] | undefined>;
}
interface SceneLike extends EmbeddedParent {
  tokens: Iterable<{ id: string | null; actorId: string | null }>;
}
interface CombatantLike { id: string | null; actorId: string | null; tokenId?: string | null; sceneId?: string | null; actor?: { uuid?: string } | null }
interface CombatLike extends Partial<EmbeddedParent> {
  started: boolean;
  scene?: { id: string | null } | null;
  combatants: Iterable<CombatantLike> & { get(id: string): CombatantLike | undefined };
  createEmbeddedDocuments(name: string, data: object[]): Promise<{ id: string | null }[]>;
  rollInitiative(ids: string[], options?: object): Promise<unknown>;
}

function activeCombat(): CombatLike | null {
  const combat = runningCombat<CombatLike>();
  return combat?.started ? combat : null;
}

/** The caster's companions made by `spell`, other than `except`. */
function companionsOf(casterUuid: string, spell: string, except: string): ActorLike[] {
  return [...(worldCollection<Iterable<ActorLike>>("actors") ?? [])].filter((actor) => {
    const flag = (actor.flags?.clockwork as { companion?: { controllerUuid?: unknown; spell?: unknown } } | undefined)?.companion;
    return actor.uuid !== except && flag?.controllerUuid === casterUuid && flag.spell === spell;
  });
}

/**
 * GM: an old golem fades (§4.20): its combatants in every combat, its tokens on every scene, then
 * its actor. Returns whether it is gone (core refusals are read from the return values).
 */
async function fade(actor: ActorLike): Promise<boolean> {
  for (const combat of worldCollection<Iterable<CombatLike>>("combats") ?? []) {
    const ids = [...combat.combatants].filter((c) => c.actorId === actor.id && c.id).map((c) => c.id!);
    if (ids.length && combat.deleteEmbeddedDocuments) await combat.deleteEmbeddedDocuments("Combatant", ids);
  }
  for (const scene of worldCollection<Iterable<SceneLike>>("scenes") ?? []) {
    const ids = [...scene.tokens].filter((t) => t.actorId === actor.id && t.id).map((t) => t.id!);
    if (ids.length) await scene.deleteEmbeddedDocuments("Token", ids);
  }
  return (await actor.delete?.()) !== undefined;
}

/** GM: the caster's older golems fade for the new one; their names. */
async function fadeOldGolems(casterUuid: string, newUuid: string): Promise<string[]> {
  const faded: string[] = [];
  for (const old of companionsOf(casterUuid, ONE_PER_CASTER, newUuid)) if (await fade(old)) faded.push(old.name);
  return faded;
}

/**
 * The GM's side: checks the requester controls the caster; a request naming its card (`cause`)
 * is built from the card by the GM (a player's must name one), others are a GM's free-form
 * companion. Creates the actor and its combatant, and records the companion on the card.
 */
export async function answerSummon(data: unknown): Promise<CompanionResult | SummonRefused | null> {
  if (!game.user?.isGM) return null;
  const request = data as (CompanionRequest & { userId?: string }) | null;
  if (!request || typeof request.casterUuid !== "string") return null;
  const user = userById<UserLike>(request.userId ?? "") ?? null;
  const caster = resolveUuidSync<ActorLike>(request.casterUuid);
  if (!user || !caster || (!user.isGM && !caster.testUserPermission(user, "OWNER"))) return null;
  let made: CompanionRequest = request;
  if (request.cause !== undefined || !user.isGM) {
    if (request.cause === undefined) return { refused: { key: "CLOCKWORK.Magic.Companion.Guard.FreeForm", data: {} } };
    const verified = verifySummon(request, user);
    if ("key" in verified) return { refused: verified };
    made = { ...verified, casterUuid: caster.uuid, cause: request.cause, ...(request.img ? { img: request.img } : {}) };
  }
  return createCompanion(made, user, caster);
}

/**
 * GM: creates a checked companion: the actor (owned by the requester), its combatant after its
 * controller's, the card's record of it, and the fading of the caster's old golem.
 */
export async function createCompanion(made: CompanionRequest, user: UserLike, caster: ActorLike): Promise<CompanionResult | null> {
  const name = typeof made.name === "string" ? made.name.trim() : "";
  if (!name) return null;
  const ActorClass = runtimeGlobal<{ create(data: object): Promise<{ id: string | null; uuid: string } | undefined> }>("Actor")!;
  const actor = await ActorClass.create({
    name,
    type: "npc",
    ...(made.img ? { img: made.img } : {}),
    ...(made.system ? { system: made.system } : {}),
    ...(Array.isArray(made.items) ? { items: made.items.filter((i) => i?.type === "weapon") } : {}),
    ownership: { default: 0, ...(user.isGM ? {} : { [user.id]: 3 }) },
    flags: { clockwork: {
      companion: { controllerUuid: caster.uuid, spell: made.spell ?? "", ...(made.cause ? { cause: made.cause } : {}) },
      ...(RUNES.has(made.runes ?? "") ? { golemRunes: made.runes } : {}),
    } },
  });
  if (!actor?.id) return null;
  // The card records its companion at once: it makes no second one (ruling 140).
  if (made.cause) await recordOnCard(made.cause, { name, uuid: actor.uuid });
  // The new golem stands: the caster's old one fades (one golem per caster, §4.20).
  const faded = made.spell === ONE_PER_CASTER ? await fadeOldGolems(caster.uuid, actor.uuid) : [];
  if (faded.length && user.id !== game.user?.id) notify("info", "CLOCKWORK.Magic.Companion.faded", { old: faded.join(", "), name });
  const combat = activeCombat();
  const controller = combat ? [...combat.combatants].find((c) => c.actorId === caster.id) : undefined;
  if (!combat || !controller?.id) return { actorUuid: actor.uuid, combatantId: null, faded };
  const [created] = await combat.createEmbeddedDocuments("Combatant", [{
    actorId: actor.id, sceneId: controller.sceneId ?? combat.scene?.id ?? null, system: { controllerId: controller.id },
  }]);
  // Companions roll nothing: this places it right after its controller (and posts no card).
  if (created?.id) await combat.rollInitiative([created.id], { chat: false });
  return { actorUuid: actor.uuid, combatantId: created?.id ?? null, faded };
}

/** GM: the card's table use names the companion it made. */
async function recordOnCard(cause: string, companion: { name: string; uuid: string }): Promise<void> {
  const card = resolveUuidSync<{ update?(changes: object): Promise<unknown> }>(cause);
  await card?.update?.({ "flags.clockwork.cast.tableUse.companion": companion });
}

/**
 * Asks for a companion actor controlled by `caster`; null (with a message) when refused. A GM
 * makes it here; a player names the cast card it follows from, and the GM checks and builds it
 * from that card (relay kind "companion.summon").
 */
export async function summonCompanion(caster: { uuid: string }, request: Omit<CompanionRequest, "casterUuid">): Promise<CompanionResult | null> {
  const data = { ...request, casterUuid: caster.uuid, userId: game.user?.id ?? "" };
  let result: CompanionResult | SummonRefused | null;
  if (game.user?.isGM) result = await answerSummon(data);
  else if (typeof request.cause !== "string") result = { refused: { key: "CLOCKWORK.Magic.Companion.Guard.FreeForm", data: {} } };
  else {
    // The caster's golems now: a new golem makes them fade (this client sees them go).
    const old = request.spell === ONE_PER_CASTER ? companionsOf(caster.uuid, ONE_PER_CASTER, "") : [];
    const asked = await relay(COMPANION_SUMMON, { casterUuid: caster.uuid, spell: request.spell, choice: request.choice ?? {}, img: request.img ?? null }, { cause: request.cause, notify: false });
    if (!asked.ok) result = { refused: { key: asked.problem.key, data: Object.fromEntries(Object.entries(asked.problem.data ?? {}).map(([k, v]) => [k, String(v)])) } };
    else {
      // The GM made it for this card (the requester's own actor, arriving with the answer or just after).
      const made = await companionFrom(request.cause);
      const faded = made ? await fadedOf(old) : [];
      result = made ? { actorUuid: made.uuid, combatantId: null, faded } : null;
    }
  }
  if (result && "refused" in result) {
    notify("warn", result.refused.key, { name: request.name, ...result.refused.data });
    return null;
  }
  if (!result) notify("warn", "CLOCKWORK.Magic.Companion.refused", { name: request.name });
  else if (result.faded?.length) notify("info", "CLOCKWORK.Magic.Companion.faded", { old: result.faded.join(", "), name: request.name });
  return result;
}

/** The names of these old golems once this client has seen them go (the GM deletes them right after making the new one). */
async function fadedOf(old: readonly ActorLike[], timeout = 2_000): Promise<string[]> {
  const gone = (golem: ActorLike) => !worldCollection<{ get(id: string): unknown }>("actors")?.get(golem.id ?? "");
  const until = Date.now() + timeout;
  while (old.some((golem) => !gone(golem)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return old.filter(gone).map((golem) => golem.name);
}

const madeFrom = (cause: string): ActorLike | undefined => [...(worldCollection<Iterable<ActorLike>>("actors") ?? [])]
  .find((actor) => (actor.flags?.clockwork as { companion?: { cause?: unknown } } | undefined)?.companion?.cause === cause);

/** The actor the GM made from a card, once this client has it (a few seconds at most). */
function companionFrom(cause: string, timeout = 5_000): Promise<ActorLike | null> {
  const found = madeFrom(cause);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const bus = hooks();
    const id = bus.on("createActor", () => {
      const made = madeFrom(cause);
      if (!made) return;
      bus.off("createActor", id);
      clearTimeout(timer);
      resolve(made);
    });
    const timer = setTimeout(() => {
      bus.off("createActor", id);
      resolve(madeFrom(cause) ?? null);
    }, timeout);
  });
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
  hooks().on("preCreateCombatant", linkCompanion);
}
