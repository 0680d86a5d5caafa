/**
 * Minion groups in a combat (issue 10 item 12, docs/rulings.md 90–91): minions of the same
 * actor can be merged into one combatant — one turn, one counter pool, one initiative roll — whose
 * `system.members` lists their tokens. Each member keeps its own token and its own one-vital track
 * (the minion flag on the NPC gives the one vital); the group's attack is one roll with +1 attack
 * and +1 damage die per standing member beyond the first (`ClockworkCombatant#groupAttack`).
 */
import { localize } from "../foundry";

interface GroupCombatant {
  id: string | null;
  name: string;
  actorId: string | null;
  tokenId: string | null;
  actor: { system: { minion?: boolean } } | null;
  system: { members?: string[] };
}

interface GroupCombat {
  combatants: { get(id: string): GroupCombatant | undefined };
  updateEmbeddedDocuments(name: "Combatant", updates: object[]): Promise<unknown>;
  deleteEmbeddedDocuments(name: "Combatant", ids: string[]): Promise<unknown>;
}

/** Why combatants cannot form a group, or null. */
export function groupProblem(combatants: readonly (GroupCombatant | undefined)[]): string | null {
  if (combatants.length < 2) return "CLOCKWORK.Combat.Turns.Group.TooFew";
  if (combatants.some((c) => !c || c.actor?.system.minion !== true)) return "CLOCKWORK.Combat.Turns.Group.NotMinions";
  const actorId = combatants[0]?.actorId;
  if (combatants.some((c) => c?.actorId !== actorId)) return "CLOCKWORK.Combat.Turns.Group.NotIdentical";
  return null;
}

/**
 * Merges minion combatants of one actor into the first: it keeps its turn and takes every
 * member's token; the others leave the tracker. Resolves the group combatant's id, or null
 * (with a localized warning) when they cannot be grouped.
 */
export async function groupMinions(combat: GroupCombat, ids: readonly string[], options: { name?: string } = {}): Promise<string | null> {
  const combatants = ids.map((id) => combat.combatants.get(id));
  const problem = groupProblem(combatants);
  if (problem) {
    ui.notifications?.warn(localize(problem));
    return null;
  }
  const group = combatants as GroupCombatant[];
  const [leader, ...rest] = group;
  const members = [...new Set(group.flatMap((c) => (c.system.members?.length ? c.system.members : c.tokenId ? [c.tokenId] : [])))];
  const name = options.name ?? localize("CLOCKWORK.Combat.Turns.Group.Name", { name: leader.name, count: members.length });
  await combat.updateEmbeddedDocuments("Combatant", [{ _id: leader.id, name, "system.members": members }]);
  await combat.deleteEmbeddedDocuments("Combatant", rest.map((c) => c.id as string));
  return leader.id;
}
