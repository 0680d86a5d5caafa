/**
 * The dice layer's public hooks, for macros and modules:
 * - `clockwork.preRoll(actor, request)`: before the dice are rolled; the request may be changed
 *   in place, and returning `false` cancels the roll;
 * - `clockwork.roll(actor, roll, message)`: after the roll is posted to chat (also after a luck
 *   reroll, with the new roll).
 */
import type { ClockworkRoll } from "./clockwork-roll";
import type { RollKind } from "./types";
import { hooks } from "../foundry";

export const HOOKS = {
  preRoll: "clockwork.preRoll",
  roll: "clockwork.roll",
} as const;

/** What `clockwork.preRoll` receives: the kind of roll and its request, which may be edited. */
export interface PreRollRequest {
  kind: RollKind;
  [key: string]: unknown;
}

/** The typed hook table knows core hooks only; system hooks go through the adapter's view of `Hooks`. */
const systemHooks = hooks;

/** Runs `clockwork.preRoll`; false when a handler cancelled the roll. */
export function callPreRoll(actor: unknown, request: PreRollRequest): boolean {
  return systemHooks().call(HOOKS.preRoll, actor, request) !== false;
}

export function callRolled(actor: unknown, roll: ClockworkRoll, message: unknown): void {
  systemHooks().callAll(HOOKS.roll, actor, roll, message);
}
