import { hooks, worldCollection } from "../../foundry";
/** The actions' registration (re-rendering open sheets when a combatant's counters change), apart from the actions' code so it stays light at `init`. */

interface RenderableActor {
  id: string | null;
  sheet?: { rendered?: boolean; render(options?: object): unknown } | null;
}

/** Open sheets of the actors whose combatants changed re-render, so costs and reasons stay current. */
export function rerenderSheetsOf(actorIds: Iterable<string | null | undefined>): void {
  const actors = worldCollection<{ get(id: string): RenderableActor | undefined }>("actors");
  for (const id of new Set(actorIds)) {
    if (!id) continue;
    const sheet = actors?.get(id)?.sheet;
    if (sheet?.rendered) void sheet.render();
  }
}

/** Registers the re-render hooks; called by `registerAttack`. */
export function registerCombatActions(): void {
  hooks().on("updateCombatant", (combatant: { actorId?: string | null }) => rerenderSheetsOf([combatant.actorId]));
  hooks().on("updateCombat", (combat: { combatants?: Iterable<{ actorId?: string | null }> }, changes: { round?: number; turn?: number }) => {
    if (changes.round === undefined && changes.turn === undefined) return;
    rerenderSheetsOf([...(combat.combatants ?? [])].map((c) => c.actorId));
  });
  hooks().on("deleteCombat", (combat: { combatants?: Iterable<{ actorId?: string | null }> }) => rerenderSheetsOf([...(combat.combatants ?? [])].map((c) => c.actorId)));
}
