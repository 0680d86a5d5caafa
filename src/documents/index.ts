/** Document classes the entry point registers. */
import { ClockworkActor } from "./actor";
import { ClockworkItem } from "./item";

export { ClockworkActor, ClockworkItem };

export const config = {
  Actor: ClockworkActor,
  Item: ClockworkItem,
} as const;

/**
 * The write rules and the actor's write operations load on the first write (`import()`); once
 * the game is ready they are fetched in the background, so that write rarely waits.
 */
export function prefetchDocumentWrites(): Promise<unknown> {
  return Promise.all([import("./write-rules"), import("./actor-writes")]).catch(() => null);
}
