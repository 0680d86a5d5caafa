/**
 * The applications layer: sheets and dialogs. `registerSheets` runs during `init`: it
 * registers the Handlebars helpers, preloads the partials and makes the system's sheets the
 * defaults for its actor and item types; after `ready` the templates compile in idle time.
 */
import { ITEM_TYPES } from "./context/source-types";
import { PARTIALS, registerHelpers, type HandlebarsLike } from "./handlebars";
import { firstSheetActor, warmFirstSheet, warmTemplates, type TemplateRegistry } from "./warm-templates";
import { ClockworkCharacterSheet } from "./sheets/character-sheet";
import { ClockworkItemSheet } from "./sheets/item-sheet";
import { ClockworkNpcSheet } from "./sheets/npc-sheet";
import { hooks, registerWriteChecks, runtimeGlobal } from "../foundry";

export { ClockworkActorSheet } from "./sheets/actor-sheet";
export { ClockworkCharacterSheet, ClockworkItemSheet, ClockworkNpcSheet };

/** Sheet classes by document type, as the entry point and forks look them up. */
export const config = {
  Actor: { character: ClockworkCharacterSheet, npc: ClockworkNpcSheet },
  Item: Object.fromEntries(ITEM_TYPES.map((type) => [type, ClockworkItemSheet])) as Record<string, typeof ClockworkItemSheet>,
} as const;

export function registerSheets(): void {
  // Foundry always has the global; test stand-ins without template rendering may not.
  const handlebars = runtimeGlobal<HandlebarsLike & Partial<TemplateRegistry>>("Handlebars");
  if (handlebars) registerHelpers(handlebars);
  // The templates compile in idle time after ready, not on the first sheet's click (issue 33).
  // A client without a page (headless) draws nothing.
  hooks().once("ready", () => {
    if (!globalThis.document || !handlebars?.partials) return;
    void warmTemplates(handlebars as TemplateRegistry, (paths) => foundry.applications.handlebars.loadTemplates(paths))
      .then(() => warmFirstSheet(firstSheetActor(game.user as never, (game.actors?.contents ?? []) as never)));
  });
  // A sheet's (or any) actor and item update core would refuse is refused in words (issue 20).
  registerWriteChecks(hooks());
  void foundry.applications.handlebars.loadTemplates(
    { ...PARTIALS },
  );
  const { Actors, Items } = foundry.documents.collections;
  Actors.registerSheet("clockwork", ClockworkCharacterSheet, {
    types: ["character"], makeDefault: true, label: "CLOCKWORK.Sheet.Label.Character",
  });
  Actors.registerSheet("clockwork", ClockworkNpcSheet, {
    types: ["npc"], makeDefault: true, label: "CLOCKWORK.Sheet.Label.Npc",
  });
  Items.registerSheet("clockwork", ClockworkItemSheet, {
    types: [...ITEM_TYPES], makeDefault: true, label: "CLOCKWORK.Sheet.Label.Item",
  });
}
