/** The character sheet: header, tab navigation and five tabs. */
import { buildCharacterContext, CHARACTER_TABS } from "../context/character";
import type { SheetChoices } from "../context/choices";
import type { SheetOptions } from "../context/source-types";
import { TEMPLATES } from "../handlebars";
import { actorLike } from "./adapters";
import { ClockworkActorSheet, type SheetDefaults } from "./actor-sheet";

const T = TEMPLATES.character;

export class ClockworkCharacterSheet extends ClockworkActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = {
    classes: ["character"],
    position: { width: 820, height: 820 },
  };

  static PARTS = {
    header: { template: T.header },
    tabs: { template: T.tabs },
    main: { template: T.main, scrollable: [""] },
    equipment: { template: T.equipment, scrollable: [""] },
    magic: { template: T.magic, scrollable: [""] },
    features: { template: T.features, scrollable: [""] },
    biography: { template: T.biography, scrollable: [""] },
  };

  static override TABS: Record<string, foundry.applications.api.ApplicationV2.TabsConfiguration> = {
    primary: {
      tabs: CHARACTER_TABS.map(({ id, icon }) => ({ id, icon, cssClass: "" })),
      initial: "main",
      labelPrefix: "CLOCKWORK.Tab",
    },
  };

  protected override buildSheetContext(options: SheetOptions, choices: SheetChoices): object {
    return buildCharacterContext(actorLike(this.actor), options, choices);
  }
}
