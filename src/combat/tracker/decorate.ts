/**
 * The combat tracker's rows (issue 10 item 3), loaded with the combat implementation: after the
 * v13 tracker renders (`renderCombatTracker`, ./index.ts), every combatant row gets its pips, a
 * pass button for its owner on its turn and "defenseless" before its first turn, and a minion
 * band its shared vitals. The initiative shows gains through the turn context (./tracker-app.ts),
 * not by rewriting the row; its field gets a tooltip saying what the number is (issue 20).
 */
import { localize, renderTemplate } from "../../foundry";
import { shownGains, type InitiativeCombatantLike } from "../initiative";
import { bandVitals } from "../minions";
import { countersOf } from "../turn-state";
import { trackerCountersContext } from "./context";
import { TURN_TEMPLATES } from "../templates";

export const TRACKER_TEMPLATE = TURN_TEMPLATES.tracker;

interface TrackerCombatant extends InitiativeCombatantLike {
  isOwner: boolean;
  sceneId?: string | null;
  passTurn?(): Promise<unknown>;
  update(changes: object): Promise<unknown>;
}

interface TrackerCombat {
  started: boolean;
  combatant: { id: string | null } | null;
  combatants: { get(id: string): TrackerCombatant | undefined };
}

/** The initiative field's meaning in words: gains, and the skill and rank of a stored roll. */
export function initiativeHint(combatant: Pick<InitiativeCombatantLike, "initiative" | "system">): string | null {
  const gains = shownGains(combatant);
  if (gains === null) return null;
  const roll = combatant.system.initiativeRoll;
  const skill = roll?.skill === "agility" || roll?.skill === "intuition" ? roll.skill : null;
  if (!skill || roll?.rank === null || roll?.rank === undefined) return localize("CLOCKWORK.Combat.Turns.Initiative.Gains", { gains });
  return localize("CLOCKWORK.Combat.Turns.Initiative.GainsRolled", { gains, skill: localize(`CLOCKWORK.Skill.${skill}`), rank: roll.rank });
}

function labelInitiative(row: HTMLElement, combatant: TrackerCombatant): void {
  const field = row.querySelector<HTMLElement>(".token-initiative .initiative-input, .token-initiative .initiative");
  const hint = initiativeHint(combatant);
  if (field && hint) field.dataset.tooltip = hint;
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
      band: bandVitals(combatant as never),
    });
    labelInitiative(row, combatant);
    row.classList.toggle("cw-defenseless", context.defenseless);
    for (const old of row.querySelectorAll(".cw-counters, .cw-initiative-pick, .cw-band-vitals")) old.remove();
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

