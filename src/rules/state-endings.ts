/**
 * States that end on something that happens to (or by) their creature rather than on a Flat
 * (issue 19 item 3): which event ends which state, as the book says for each.
 * - Pacified (Mycorrean spores, book L264): "until they are damaged" — any damage that gets through.
 * - Polymorphed (L1592): "until the target is attacked" — any attack declared at it.
 * - Charmed (L1281): "If you take a damaging offensive combat action against your charmed
 *   target, the effect immediately ends" — the charmer's attack or spell that damages it, when
 *   that damage is written on the track (issue 29 item 6: not when the card is rolled).
 * - Feared (L1355): "ends if the target is damaged by the caster" — likewise when it is written.
 * - Invisible (L1510): "taking an offensive action immediately cancels the effect" — the
 *   invisible creature's own attack or harmful spell.
 * - True Strike (L1697): "When True Strike causes a successful attack, the spell's effect ends"
 *   — the creature's own attack that hits (keyed by the spell's identifier: it has no status).
 * Pure: the combat and magic layers report the events and write the endings.
 */

/** What ends a state. */
export type StateEnding =
  /** Damage that got through, from anyone. */
  | "damaged"
  /** An attack declared at the creature, from anyone. */
  | "attacked"
  /** Damage by the state's caster (its attack or spell) written on the creature's track. */
  | "damagedByCaster"
  /** The creature's own attack or harmful spell. */
  | "ownOffense"
  /** The creature's own attack that hits a target. */
  | "ownHit";

/** The states with such an ending, by status id (the book line in each comment above). */
export const STATE_ENDINGS: Readonly<Record<string, readonly StateEnding[]>> = {
  pacified: ["damaged"],
  polymorphed: ["attacked"],
  charmed: ["damagedByCaster"],
  feared: ["damagedByCaster"],
  invisible: ["ownOffense"],
  "true-strike": ["ownHit"],
};

/** Something that happened to (or by) a creature. */
export type StateEvent =
  /** Damage written on its health track (the relay's damage hook): how much got through, and whose card dealt it. */
  | { kind: "damageApplied"; damage: number; by?: string | null }
  /** An attack (weapon, attack or area spell) at it: by whom, and the damage its card shows. */
  | { kind: "attack"; by: string | null; damage: number }
  /** Another spell at it (not an attack): by whom, and the damage it dealt. */
  | { kind: "spell"; by: string | null; damage: number }
  /** The creature itself attacked, or cast a harmful spell at another; `hit`: an attack of it hit. */
  | { kind: "offense"; hit?: boolean };

/** A state a creature has, with the caster that gave it (a spell's, when there is one). */
export interface HeldState {
  key: string;
  casterUuid?: string | null;
}

function ends(ending: StateEnding, event: StateEvent, state: HeldState): boolean {
  switch (ending) {
    case "damaged":
      return event.kind === "damageApplied" && event.damage > 0;
    case "attacked":
      return event.kind === "attack";
    case "damagedByCaster":
      return event.kind === "damageApplied" && event.damage > 0 && !!event.by && !!state.casterUuid && event.by === state.casterUuid;
    case "ownOffense":
      return event.kind === "offense";
    case "ownHit":
      return event.kind === "offense" && event.hit === true;
    default:
      return false;
  }
}

/** The keys of the held states this event ends (each once, in the order held). */
export function statesEndedBy(event: StateEvent, states: readonly HeldState[]): string[] {
  const ended: string[] = [];
  for (const state of states) {
    const endings = STATE_ENDINGS[state.key];
    if (!endings || ended.includes(state.key)) continue;
    if (endings.some((e) => ends(e, event, state))) ended.push(state.key);
  }
  return ended;
}
