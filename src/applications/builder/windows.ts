/**
 * Everything the builder's buttons open, in one module that `register.ts` loads on first use
 * (its own chunk in the bundle): the builder, the advancement window, the GM's award dialog,
 * the compendium browser and the creation audit.
 */
import { creationProblems } from "../../rules";
import { buildFromActor, type ActorSourceLike } from "./build-data";

export { ClockworkAdvancementApp, ClockworkXpAwardDialog } from "./advancement-app";
export { ClockworkCompendiumBrowser } from "./browser-app";
export { ClockworkCharacterBuilder } from "./builder-app";

/** Every broken creation rule of an actor (its `toObject()`), in step order. */
export function actorCreationProblems(actor: { toObject(): unknown }) {
  return creationProblems(buildFromActor(actor.toObject() as ActorSourceLike));
}
