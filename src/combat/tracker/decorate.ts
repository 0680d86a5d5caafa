/**
 * The combat tracker's rows (issue 10 item 3), loaded with the combat implementation: after the
 * v13 tracker renders (`renderCombatTracker`, ./index.ts), every combatant row gets its pips, a
 * pass button for its owner on its turn and "defenseless" before its first turn. The initiative
 * shows gains through the turn context (./tracker-app.ts), not by rewriting the row.
 */
import { renderTemplate } from "../../foundry";
import type { InitiativeCombatantLike } from "../initiative";
import { countersOf } from "../turn-state";
import { trackerCountersContext } from "./context";
import { TURN_TEMPLATES } from "../templates";

export const TRACKER_TEMPLATE = TURN_TEMPLATES.tracker;

interface TrackerCombatant extends InitiativeCombatantLike {
  isOwner: boolean;
  passTurn?(): Promise<unknown>;
  update(changes: object): Promise<unknown>;
}

interface TrackerCombat {
  started: boolean;
  combatant: { id: string | null } | null;
  combatants: { get(id: string): TrackerCombatant | undefined };
}

/** Adds the counters to each combatant row of a rendered tracker. */
export async function decorateTracker(html: HTMLElement, combat: TrackerCombat | null): Promise<void> {
  if (!combat) return;
  const rows = [...html.querySelectorAll<HTMLElement>("li.combatant[data-combatant-id]")];
  await Promise.all(rows.map(async (row) => {
    const combatant = combat.combatants.get(row.dataset.combatantId ?? "");
    if (!combatant) return;
    const context = trackerCountersContext({
      counters: countersOf(combatant as never),
      started: combat.started,
      current: combat.combatant?.id === combatant.id,
      owner: combatant.isOwner,
      name: combatant.name,
      initiativePending: combatant.initiative === null && !combatant.system.controllerId,
      initiativeSkill: combatant.system.initiativeSkill,
    });
    row.classList.toggle("cw-defenseless", context.defenseless);
    for (const old of row.querySelectorAll(".cw-counters, .cw-initiative-pick")) old.remove();
    const html = (await renderTemplate(TRACKER_TEMPLATE, context)).trim();
    if (!html) return;
    const holder = row.querySelector(".token-name") ?? row;
    holder.insertAdjacentHTML("beforeend", html);
    holder.querySelector<HTMLButtonElement>("[data-cw-action=pass]")?.addEventListener("click", (event) => {
      // The row itself activates the combatant in core's tracker; this click is ours.
      event.preventDefault();
      event.stopPropagation();
      void combatant.passTurn?.();
    });
    const pick = holder.querySelector<HTMLSelectElement>("[data-cw-action=initiativeSkill]");
    pick?.addEventListener("click", (event) => event.stopPropagation());
    pick?.addEventListener("change", (event) => {
      event.stopPropagation();
      void combatant.update({ "system.initiativeSkill": pick.value });
    });
  }));
}

