/**
 * The old dice stand-in's entry points over the test world (tests/world/dice.ts). Chat messages
 * are real ChatMessage documents of the world now; `installDiceStandIn()` returns a live list
 * of those created on the current client.
 */
import { clearQueuedFaces } from "../world/dice";
import { diceConfig } from "../world/dice";

export { Die, queueFaces, clearQueuedFaces, Roll, ROLL_MODES, type DieResult } from "../world/dice";
export type { ChatMessage } from "../world/documents/chat-message";

interface ClientLike {
  CONFIG: Record<string, unknown>;
  Hooks: { on(hook: string, fn: (...args: never[]) => unknown): number };
  game: { users: { filter(fn: (u: { isGM: boolean }) => boolean): { id: string }[] } };
}

const current = (): ClientLike => globalThis as unknown as ClientLike;

/** The current client's GM ids (for `ChatMessage.getWhisperRecipients("GM")` checks). */
export const users = {
  get gmIds(): string[] {
    return current().game.users.filter((u) => u.isGM).map((u) => u.id);
  },
};

/** Reset the current client's CONFIG.Dice and the face queue; collect the messages it creates. */
export function installDiceStandIn(): { messages: unknown[] } {
  const client = current();
  client.CONFIG.Dice = diceConfig();
  clearQueuedFaces();
  const messages: unknown[] = [];
  client.Hooks.on("createChatMessage", ((message: unknown) => void messages.push(message)) as never);
  return { messages };
}
