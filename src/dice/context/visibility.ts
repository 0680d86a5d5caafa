/**
 * Who sees what of a chat card, apart from the card's context builder: the chat log's render
 * hook asks this on every redraw, and builds the card itself only when it has to.
 */
import { rollKindOf, rollOptions } from "../roll-data";
import type { DamageRollOptions, DamageTargetData, LuckState, RollModeKey, SerializedRoll } from "../types";

export interface ChatCardInput {
  actorName: string;
  /** Every attempt at this roll, oldest first (luck rerolls add attempts). */
  rolls: readonly SerializedRoll[];
  luck?: LuckState;
}

export interface ChatCardViewer {
  rollMode: RollModeKey;
  isGM: boolean;
  isAuthor: boolean;
  /**
   * Whether this viewer may see a damage target's resistance (Observer of its actor). Without
   * it nobody does: the stored message content is sent to every client.
   */
  canObserve?: (target: DamageTargetData) => boolean;
}

export type CardVisibility = "full" | "summary" | "hidden";

/**
 * What a viewer may see, mirroring core's rules for whispers and blind rolls: GM rolls go to
 * the GMs and the author; blind rolls to the GMs only, though the author still sees what they
 * rolled; self rolls to the author only.
 */
export function cardVisibility({ rollMode, isGM, isAuthor }: ChatCardViewer): CardVisibility {
  switch (rollMode) {
    case "publicroll": return "full";
    case "gmroll": return isGM || isAuthor ? "full" : "hidden";
    case "blindroll": return isGM ? "full" : isAuthor ? "summary" : "hidden";
    case "selfroll": return isAuthor ? "full" : "hidden";
  }
}

/** Whether some damage target's numbers show for this viewer and not in the stored card. */
export function revealsTargets(rollData: ChatCardInput, viewer: ChatCardViewer): boolean {
  if (!viewer.canObserve) return false;
  return rollData.rolls.some((roll) => rollKindOf(roll) === "damage"
    && (rollOptions<DamageRollOptions>(roll).targets ?? []).some((t) => viewer.canObserve?.(t) === true));
}
