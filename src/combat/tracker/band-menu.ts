/**
 * Minion bands from the combat tracker (issue 20 item 3): entries of the tracker's context menus,
 * as core's v13/v14 CombatTracker builds them (`_getEntryContextOptions` on a combatant row,
 * `_getCombatContextOptions` on the encounter menu, as Draw Steel puts "Create Combatant Group"
 * there). A GM forms a band from a minion row (with the selected tokens, or every single minion of
 * its kind) or from the selected tokens, adds a minion to a band, and lets members leave. Each
 * entry calls ../minions.ts, the one way to change a band; a refusal there is a localized
 * warning that changes nothing.
 */
import { currentUser, maybeCanvas, warn } from "../../foundry";
import { addToBand, groupMinions, leaveBand, membersOf } from "../minions";

/** A context-menu entry as core's ContextMenu takes it (`name` is localized by the menu). */
export interface MenuEntry {
  name: string;
  icon: string;
  condition: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => unknown;
}

interface BandCombatant {
  id: string | null;
  name: string;
  actorId: string | null;
  tokenId: string | null;
  actor: { system: { minion?: boolean } } | null;
  system: { members?: string[] };
}

interface BandCombat {
  combatants: { get(id: string): BandCombatant | undefined; contents: BandCombatant[] };
  updateEmbeddedDocuments(name: "Combatant", updates: object[]): Promise<unknown>;
  deleteEmbeddedDocuments(name: "Combatant", ids: string[]): Promise<unknown>;
  createEmbeddedDocuments(name: "Combatant", data: object[]): Promise<unknown>;
}

const KEY = "CLOCKWORK.Combat.Turns.Group.Menu";
const isGM = () => currentUser<{ isGM?: boolean }>()?.isGM === true;
const isMinion = (c: BandCombatant | undefined) => c?.actor?.system.minion === true;
const isBand = (c: BandCombatant | undefined) => membersOf(c).length > 0;

/** The ids of the tokens this user has selected on the canvas. */
export function selectedTokenIds(): string[] {
  const controlled = maybeCanvas<{ tokens?: { controlled?: { id?: string; document?: { id?: string | null } }[] } }>()?.tokens?.controlled ?? [];
  return controlled.map((t) => t.document?.id ?? t.id ?? "").filter(Boolean);
}

/** The combatant a token fights as: its own, or the band it is a member of. */
function combatantOfToken(combat: BandCombat, tokenId: string): BandCombatant | undefined {
  return combat.combatants.contents.find((c) => membersOf(c).includes(tokenId)) ?? combat.combatants.contents.find((c) => c.tokenId === tokenId);
}

/** The combatants of the selected tokens (each once); `missing` counts tokens not in the combat. */
function selectedCombatants(combat: BandCombat): { ids: string[]; missing: number } {
  const ids: string[] = [];
  let missing = 0;
  for (const token of selectedTokenIds()) {
    const id = combatantOfToken(combat, token)?.id;
    if (!id) missing++;
    else if (!ids.includes(id)) ids.push(id);
  }
  return { ids, missing };
}

/** The single minions of a kind (same actor), not in a band, in the tracker's order. */
function singlesOf(combat: BandCombat, actorId: string | null): string[] {
  return combat.combatants.contents.filter((c) => c.actorId === actorId && isMinion(c) && !isBand(c)).map((c) => c.id as string);
}

function notInCombat(): null {
  warn("CLOCKWORK.Combat.Turns.Group.NotInCombat");
  return null;
}

/** Forms a band from the selected tokens' combatants (the encounter menu). */
export async function bandFromSelection(combat: BandCombat): Promise<string | null> {
  const { ids, missing } = selectedCombatants(combat);
  if (missing) return notInCombat();
  return groupMinions(combat, ids);
}

/** The combatant row entries: form, join, add the selected, the selected leave, break up. */
export function bandEntries(combat: () => BandCombat | null): MenuEntry[] {
  const at = (li: HTMLElement) => combat()?.combatants.get(li.dataset.combatantId ?? "");
  const bandOfKind = (c: BandCombatant) => combat()?.combatants.contents.find((b) => b.actorId === c.actorId && isBand(b) && b.id !== c.id);
  const selectedMembers = (c: BandCombatant) => selectedTokenIds().filter((id) => membersOf(c).includes(id));
  const run = (work: (c: BandCombat, row: BandCombatant) => Promise<unknown>) => (li: HTMLElement) => {
    const c = combat();
    const row = at(li);
    if (c && row) void work(c, row).catch((error: unknown) => console.error(error));
  };
  return [
    {
      name: `${KEY}.Form`,
      icon: '<i class="fa-solid fa-people-group" inert></i>',
      condition: (li) => isGM() && isMinion(at(li)) && !isBand(at(li)),
      // With tokens selected, the band is this row and theirs; without, every single of its kind.
      callback: run((c, row) => {
        const chosen = selectedCombatants(c).ids.filter((id) => id !== row.id);
        return groupMinions(c, [row.id as string, ...(chosen.length ? chosen : singlesOf(c, row.actorId).filter((id) => id !== row.id))]);
      }),
    },
    {
      name: `${KEY}.Join`,
      icon: '<i class="fa-solid fa-user-plus" inert></i>',
      condition: (li) => {
        const row = at(li);
        return isGM() && isMinion(row) && !isBand(row) && row !== undefined && bandOfKind(row) !== undefined;
      },
      callback: run((c, row) => addToBand(c, bandOfKind(row)?.id as string, [row.id as string])),
    },
    {
      name: `${KEY}.AddSelected`,
      icon: '<i class="fa-solid fa-user-plus" inert></i>',
      condition: (li) => {
        const row = at(li);
        return isGM() && isBand(row) && selectedTokenIds().some((id) => !membersOf(row).includes(id));
      },
      callback: run(async (c, row) => {
        const { ids, missing } = selectedCombatants(c);
        if (missing) return notInCombat();
        return addToBand(c, row.id as string, ids);
      }),
    },
    {
      name: `${KEY}.LeaveSelected`,
      icon: '<i class="fa-solid fa-user-minus" inert></i>',
      condition: (li) => {
        const row = at(li);
        return isGM() && row !== undefined && isBand(row) && selectedMembers(row).length > 0;
      },
      callback: run((c, row) => leaveBand(c, row.id as string, selectedMembers(row))),
    },
    {
      name: `${KEY}.BreakUp`,
      icon: '<i class="fa-solid fa-people-arrows" inert></i>',
      condition: (li) => isGM() && isBand(at(li)),
      callback: run((c, row) => leaveBand(c, row.id as string, membersOf(row))),
    },
  ];
}

/** The encounter menu's entry: a band from the selected tokens. */
export function encounterBandEntries(combat: () => BandCombat | null): MenuEntry[] {
  return [{
    name: `${KEY}.FormSelected`,
    icon: '<i class="fa-solid fa-people-group" inert></i>',
    condition: () => isGM() && combat() !== null && selectedTokenIds().length > 0,
    callback: () => {
      const c = combat();
      if (c) void bandFromSelection(c).catch((error: unknown) => console.error(error));
    },
  }];
}
