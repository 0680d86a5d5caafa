/** Document classes the entry point registers. */
import { ClockworkActor } from "./actor";
import { ClockworkItem } from "./item";

export { ClockworkActor, ClockworkItem };

export const config = {
  Actor: ClockworkActor,
  Item: ClockworkItem,
} as const;
