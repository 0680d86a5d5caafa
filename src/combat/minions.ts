/**
 * Minion bands in a combat (issue 10 item 12, issue 20 item 3, docs/rulings.md 90–91, 110, 160):
 * minions of the same actor can be merged into one combatant — one turn, one counter pool, one
 * initiative roll — whose `system.members` lists their tokens. Each member keeps its own token
 * and its own one-vital track (the minion flag on the NPC gives the one vital); the band's attack
 * is one roll with +1 attack and +1 damage die per standing member beyond the first
 * (`ClockworkCombatant#groupAttack`). Forming, joining and leaving a band go through the three
 * functions here, from the API (`game.clockwork.turns`) and the tracker's menus alike
 * (./tracker/band-menu.ts). Only a GM changes bands: they delete and create combatants.
 */
import { currentUser, localize, warn, worldCollection } from "../foundry";

interface GroupCombatant {
  id: string | null;
  name: string;
  actorId: string | null;
  tokenId: string | null;
  sceneId?: string | null;
  initiative?: number | null;
  hidden?: boolean;
  token?: { name?: string | null } | null;
  actor: { system: { minion?: boolean } } | null;
  system: { members?: string[]; initiativeRoll?: unknown };
}

interface GroupCombat {
  combatants: { get(id: string): GroupCombatant | undefined; contents?: GroupCombatant[] };
  createEmbeddedDocuments?(name: "Combatant", data: object[]): Promise<unknown>;
  updateEmbeddedDocuments(name: "Combatant", updates: object[]): Promise<unknown>;
  deleteEmbeddedDocuments(name: "Combatant", ids: string[]): Promise<unknown>;
}

/** A band's member tokens, or [] for a single combatant. */
export function membersOf(combatant: Pick<GroupCombatant, "system"> | undefined | null): string[] {
  return [...(combatant?.system.members ?? [])];
}

/** The tokens a combatant stands for: a band's members, or its own token. */
function tokensOf(combatant: GroupCombatant): string[] {
  const members = membersOf(combatant);
  return members.length ? members : combatant.tokenId ? [combatant.tokenId] : [];
}

/** Why combatants cannot form a band, or null. */
export function groupProblem(combatants: readonly (GroupCombatant | undefined)[]): string | null {
  if (combatants.length < 2) return "CLOCKWORK.Combat.Turns.Group.TooFew";
  if (combatants.some((c) => !c || c.actor?.system.minion !== true)) return "CLOCKWORK.Combat.Turns.Group.NotMinions";
  const actorId = combatants[0]?.actorId;
  if (combatants.some((c) => c?.actorId !== actorId)) return "CLOCKWORK.Combat.Turns.Group.NotIdentical";
  return null;
}

/** Refuses (with a localized warning) a band change by anyone but a GM. */
function refusedForPlayer(): boolean {
  if (currentUser<{ isGM?: boolean }>()?.isGM === true) return false;
  warn("CLOCKWORK.Combat.Turns.Group.GMOnly");
  return true;
}

/** A band's name made from its first token's name and its size ("Goblin 1 ×3"). */
function bandName(leader: GroupCombatant, count: number): string {
  const base = leader.token?.name || leader.name;
  return localize("CLOCKWORK.Combat.Turns.Group.Name", { name: base, count });
}

/**
 * Merges minion combatants of one actor into the first: it keeps its turn and takes every
 * member's token; the others leave the tracker. Resolves the band combatant's id, or null
 * (with a localized warning) when they cannot be grouped. A band among them brings its members;
 * a band keeps a name the GM gave it (one not made from its size).
 */
export async function groupMinions(combat: GroupCombat, ids: readonly string[], options: { name?: string } = {}): Promise<string | null> {
  if (refusedForPlayer()) return null;
  const combatants = [...new Set(ids)].map((id) => combat.combatants.get(id));
  const problem = groupProblem(combatants);
  if (problem) {
    warn(problem);
    return null;
  }
  const group = combatants as GroupCombatant[];
  const [leader, ...rest] = group;
  const members = [...new Set(group.flatMap(tokensOf))];
  const leaderMembers = membersOf(leader).length;
  const custom = leaderMembers > 0 && leader.name !== bandName(leader, leaderMembers);
  const name = options.name ?? (custom ? leader.name : bandName(leader, members.length));
  await combat.updateEmbeddedDocuments("Combatant", [{ _id: leader.id, name, "system.members": members }]);
  await combat.deleteEmbeddedDocuments("Combatant", rest.map((c) => c.id as string));
  return leader.id;
}

/** Adds minion combatants (singles or bands) to a band; the same checks as forming one. */
export async function addToBand(combat: GroupCombat, bandId: string, ids: readonly string[]): Promise<string | null> {
  if (refusedForPlayer()) return null;
  const band = combat.combatants.get(bandId);
  if (!membersOf(band).length) {
    warn("CLOCKWORK.Combat.Turns.Group.NotABand");
    return null;
  }
  const joining = ids.filter((id) => id !== bandId);
  if (!joining.length) {
    warn("CLOCKWORK.Combat.Turns.Group.NoneToAdd");
    return null;
  }
  return groupMinions(combat, [bandId, ...joining]);
}

type SceneTokens = { get(id: string): { tokens: { get(id: string): { name?: string | null } | undefined } } | undefined };

/**
 * Members leave a band (RULING 160): each becomes its own combatant again, right after the band in
 * the order (the band's initiative roll, a hair lower), and — like anyone joining a running
 * combat — defenseless until its first turn. The band keeps its turn and counters through a
 * member that stays (its own token, or the first left when that one leaves); one member left is
 * a single combatant again, under its token's name. Resolves the new combatants' count, or null
 * (with a localized warning).
 */
export async function leaveBand(combat: GroupCombat, bandId: string, tokenIds: readonly string[]): Promise<number | null> {
  if (refusedForPlayer()) return null;
  const band = combat.combatants.get(bandId);
  const members = membersOf(band);
  if (!band || !members.length) {
    warn("CLOCKWORK.Combat.Turns.Group.NotABand");
    return null;
  }
  const leaving = new Set(tokenIds);
  if (!tokenIds.length || tokenIds.some((id) => !members.includes(id))) {
    warn("CLOCKWORK.Combat.Turns.Group.NotMembers");
    return null;
  }
  const staying = members.filter((id) => !leaving.has(id));
  // The band combatant keeps a token: its own unless that one leaves and another stays.
  const keep = band.tokenId && (!leaving.has(band.tokenId) || !staying.length) ? band.tokenId : (staying[0] ?? members[0]);
  const rest = staying.filter((id) => id !== keep);
  const scene = worldCollection<SceneTokens>("scenes")?.get(band.sceneId ?? "")?.tokens;
  const tokenName = (id: string) => scene?.get(id)?.name || band.token?.name || band.name;
  const initiative = typeof band.initiative === "number" ? band.initiative - 0.001 : null;
  const created = members.filter((id) => leaving.has(id) && id !== keep).map((tokenId) => ({
    actorId: band.actorId, tokenId, sceneId: band.sceneId, name: tokenName(tokenId), hidden: band.hidden === true, initiative,
    ...(band.system.initiativeRoll ? { "system.initiativeRoll": structuredClone(band.system.initiativeRoll) } : {}),
  }));
  const alone = rest.length === 0;
  const update = alone
    ? { _id: band.id, tokenId: keep, name: tokenName(keep as string), "system.members": [] }
    : { _id: band.id, tokenId: keep, "system.members": [keep, ...rest], name: bandName({ ...band, token: { name: tokenName(keep as string) } }, rest.length + 1) };
  const custom = band.name !== bandName(band, members.length);
  if (!alone && custom) update.name = band.name;
  await combat.updateEmbeddedDocuments("Combatant", [update]);
  if (created.length) await combat.createEmbeddedDocuments?.("Combatant", created);
  return created.length;
}

/** What a band's row shows: its members' vitals left and in all (one each for minions). */
export interface BandVitals {
  members: number;
  standing: number;
  vitals: number;
  vitalsMax: number;
}

type MemberHealth = { vitalsRemaining?: number; vitalsMax?: number; dead?: boolean; dying?: boolean };
type SceneActors = { get(id: string): { tokens: { get(id: string): { actor?: { system: { health?: MemberHealth } } | null } | undefined } } | undefined };

/** The band's shared vitals (the sum of its members'), or null for a single combatant. */
export function bandVitals(combatant: Pick<GroupCombatant, "system" | "sceneId">): BandVitals | null {
  const members = membersOf(combatant);
  if (!members.length) return null;
  const scene = worldCollection<SceneActors>("scenes")?.get(combatant.sceneId ?? "")?.tokens;
  const result: BandVitals = { members: members.length, standing: 0, vitals: 0, vitalsMax: 0 };
  for (const id of members) {
    const health = scene?.get(id)?.actor?.system.health;
    const max = health?.vitalsMax ?? 1;
    const left = health?.dead ? 0 : Math.max(0, Math.min(max, health?.vitalsRemaining ?? 0));
    result.vitalsMax += max;
    result.vitals += left;
    if (left > 0 && !health?.dying) result.standing++;
  }
  return result;
}
