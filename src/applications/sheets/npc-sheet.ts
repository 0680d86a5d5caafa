/** The NPC sheet: header, tab navigation and three tabs (combat, skills, traits and notes). */
import type { SheetChoices } from "../context/choices";
import { NPC_TABS } from "../context/tabs";
import type { SheetOptions } from "../context/source-types";
import { TEMPLATES } from "../handlebars";
import { actorLike } from "./adapters";
import { ClockworkActorSheet, type SheetDefaults } from "./actor-sheet";
import { buildNpcContext } from "../context/npc";

const T = TEMPLATES.npc;

export class ClockworkNpcSheet extends ClockworkActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = {
    classes: ["npc"],
    position: { width: 680, height: 760 },
  };

  static PARTS = {
    header: { template: T.header },
    tabs: { template: T.tabs },
    main: { template: T.main, scrollable: [""] },
    skills: { template: T.skills, scrollable: [""] },
    notes: { template: T.notes, scrollable: [""] },
  };

  static override TABS: Record<string, foundry.applications.api.ApplicationV2.TabsConfiguration> = {
    primary: {
      tabs: NPC_TABS.map(({ id, icon }) => ({ id, icon, cssClass: "" })),
      initial: "main",
      labelPrefix: "CLOCKWORK.Tab",
    },
  };

  protected override buildSheetContext(options: SheetOptions, choices: SheetChoices): object {
    return buildNpcContext(actorLike(this.actor), options, choices);
  }
}
