/** The compact one-page NPC sheet. */
import type { SheetChoices } from "../context/choices";
import { buildNpcContext } from "../context/npc";
import type { SheetOptions } from "../context/source-types";
import { TEMPLATES } from "../handlebars";
import { actorLike } from "./adapters";
import { ClockworkActorSheet, type SheetDefaults } from "./actor-sheet";

export class ClockworkNpcSheet extends ClockworkActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = {
    classes: ["npc"],
    position: { width: 680, height: 760 },
  };

  static PARTS = {
    sheet: { template: TEMPLATES.npc.sheet, scrollable: [""] },
  };

  protected override buildSheetContext(options: SheetOptions, choices: SheetChoices): object {
    return buildNpcContext(actorLike(this.actor), options, choices);
  }
}
