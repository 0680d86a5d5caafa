/**
 * Running a hotbar macro (`game.clockwork.macros.run(spec)`): the creature is the selected
 * token's actor, else the user's character, as core's script macros pick their `actor`
 * (client/documents/macro.mjs `#executeScript` through `ChatMessage.getSpeaker`); its item is
 * found by id, then by name; then the Actor's own API does the rest (`rollSkill`, `attack`,
 * `castSpell`, `useAlchemy`) or, for a combat action, the same call as the sheet's button, so
 * counters, dialogs and cards are those of the sheet. Whatever is missing is said in a localized
 * warning and nothing happens.
 */
import { currentUser, localize, maybeCanvas, notify } from "../foundry";
import { combatActionsFor, onCombatActionClick, performCombatAction, type ActionResult } from "../combat/actions";
import { heldChoices } from "../combat/actions/context";
import type { ClockworkActor } from "../documents/actor";
import type { ClockworkItem } from "../documents/item";
import { ITEM_KINDS, KIND_ITEM_TYPE, parseMacroSpec, type MacroSpec } from "./spec";

export interface RunOptions {
  /** The creature to act (default: the selected token's actor, else the user's character). */
  actor?: ClockworkActor | null;
  /** The click that ran it (Shift skips the roll dialog, as on the sheet). */
  event?: { shiftKey?: boolean } | null;
}

/** The selected token's actor, else the user's character; null when neither is there. */
export function macroActor(): ClockworkActor | null {
  const controlled = maybeCanvas<{ tokens?: { controlled?: { actor?: ClockworkActor | null }[] } }>()?.tokens?.controlled ?? [];
  const selected = controlled.find((t) => t.actor)?.actor ?? null;
  return selected ?? currentUser<{ character?: ClockworkActor | null }>()?.character ?? null;
}

/** The item a spec names on this actor: by id (of the right type), then by name. */
export function macroItem(actor: ClockworkActor, spec: MacroSpec, type?: string): ClockworkItem | null {
  const fits = (item: ClockworkItem | undefined): item is ClockworkItem => !!item
    && (!type || item.type === type)
    && (spec.kind !== "alchemy" || (item.system as { category?: string }).category === "alchemy");
  const byId = spec.itemId ? (actor.items.get(spec.itemId) as ClockworkItem | undefined) : undefined;
  if (fits(byId)) return byId;
  if (!spec.name) return null;
  return (actor.items.find((item) => item.name === spec.name && fits(item as ClockworkItem)) as ClockworkItem | undefined) ?? null;
}

function refuse(key: string, data?: Record<string, unknown>): null {
  notify("warn", key, data);
  return null;
}

/** Whether the actor's action list offers this action (with this weapon). */
function offers(actor: ClockworkActor, spec: MacroSpec, weaponId: string | null): boolean {
  const list = combatActionsFor(actor as never);
  return list.groups.some((group) => group.actions.some((a) => a.key === spec.key
    && (spec.speciesAttack ? a.speciesAttack === spec.speciesAttack : !weaponId || a.weaponId === weaponId || a.weaponId === null)));
}

async function runAction(actor: ClockworkActor, spec: MacroSpec, event: RunOptions["event"]): Promise<ActionResult | null> {
  const action = localize(`CLOCKWORK.Combat.Attack.Action.${spec.key}`);
  const item = spec.itemId || spec.name ? macroItem(actor, spec) : null;
  if ((spec.itemId || spec.name) && !item) return refuse("CLOCKWORK.Macros.NoItem", { actor: actor.name, name: spec.name ?? spec.itemId });
  const weaponId = item?.type === "weapon" && spec.key !== "recallWeapon" ? item.id : null;
  if (!offers(actor, spec, weaponId)) return refuse("CLOCKWORK.Macros.NoAction", { actor: actor.name, action });
  // Recall names its weapon: no question of which one; one already in hand cannot be recalled.
  if (spec.key === "recallWeapon" && item) {
    if (!heldChoices(actor as never, "recallWeapon").some((c) => c.id === item.id)) return refuse("CLOCKWORK.Macros.NoAction", { actor: actor.name, action });
    return performCombatAction(actor as never, { key: "recallWeapon", itemId: item.id });
  }
  const dataset: Record<string, string> = { key: spec.key ?? "" };
  if (weaponId) dataset.weaponId = weaponId;
  if (spec.offWeaponId) dataset.offWeaponId = spec.offWeaponId;
  if (spec.speciesAttack) dataset.speciesAttack = spec.speciesAttack;
  return onCombatActionClick(actor as never, { dataset }, event ?? null);
}

/**
 * Runs a macro's spec for the selected token's actor or the user's character (or `options.actor`):
 * what the Actor's API returns, or null when nothing happened (with a localized reason).
 */
export async function runMacro(data: unknown, options: RunOptions = {}): Promise<unknown> {
  const spec = parseMacroSpec(data);
  if (!spec) return refuse("CLOCKWORK.Macros.Invalid");
  const actor = options.actor ?? macroActor();
  if (!actor) return refuse("CLOCKWORK.Macros.NoActor");
  // A player acts only for creatures of his own, as on their sheets.
  if (!actor.isOwner) return refuse("CLOCKWORK.Macros.NotOwner", { actor: actor.name });
  const event = options.event ?? null;
  if (spec.kind === "skill") return actor.rollSkill(spec.skill as string, { event } as never);
  if (spec.kind === "action") return runAction(actor, spec, event);
  if (!ITEM_KINDS.has(spec.kind)) return refuse("CLOCKWORK.Macros.Invalid");
  const item = macroItem(actor, spec, KIND_ITEM_TYPE[spec.kind as "attack" | "cast" | "alchemy"]);
  if (!item) return refuse("CLOCKWORK.Macros.NoItem", { actor: actor.name, name: spec.name ?? spec.itemId });
  switch (spec.kind) {
    case "attack":
      return actor.attack(item, { event } as never);
    case "cast":
      return actor.castSpell(item, { dialog: true, event } as never);
    default:
      return actor.useAlchemy(item);
  }
}
