/** The character sheet: header, tab navigation and five tabs. */
import { CHARACTER_TABS } from "../context/tabs";
import type { SheetChoices } from "../context/choices";
import type { SheetOptions } from "../context/source-types";
import type { XpLogSource } from "../context/source-types";
import { TEMPLATES } from "../handlebars";
import { language, localize } from "../../foundry";
import type { XpLogEntry } from "../../rules";
import { actorLike } from "./adapters";
import { ClockworkActorSheet, type SheetDefaults } from "./actor-sheet";
import { busyActions, sheetActions } from "./busy";
import { buildCharacterContext } from "../context/character";
import { campaignSpeed } from "../../documents/advancement";
import { characterActions } from "./character-actions";

const T = TEMPLATES.character;

/** A click action; cast so the options' type does not depend on the class being declared. */
type SheetAction = (event: PointerEvent, target: HTMLElement) => Promise<void>;

/** The last formatter made, by language: building an Intl.DateTimeFormat on every render is slow. */
let formatter: { lang: string; format: (ms: number) => string } | null = null;

/** Dates of the XP log in the user's language. */
function dateFormatter(): (ms: number) => string {
  const lang = language();
  if (formatter?.lang !== lang) {
    const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
    formatter = { lang, format: (ms) => format.format(new Date(ms)) };
  }
  return formatter.format;
}

export class ClockworkCharacterSheet extends ClockworkActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = {
    classes: ["character"],
    position: { width: 820, height: 820 },
    actions: busyActions(sheetActions({
      openBuilder: characterActions.openBuilder,
      openAdvancement: characterActions.openAdvancement,
      refund: characterActions.refund,
    })) as Record<string, SheetAction>,
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

  /** The stored XP log (`flags.clockwork.xpLog`), oldest first. */
  get xpLog(): XpLogEntry[] {
    const log = this.actor.getFlag("clockwork" as never, "xpLog" as never) as unknown;
    return Array.isArray(log) ? log as XpLogEntry[] : [];
  }

  protected override extraSheetOptions(): Partial<SheetOptions> {
    // The formatter is built on the first date shown: creating one costs ~10 ms of locale data.
    const xp: XpLogSource = { log: this.xpLog, speed: campaignSpeed(), translate: localize, formatDate: (ms) => dateFormatter()(ms) };
    return { xp };
  }

  protected override buildSheetContext(options: SheetOptions, choices: SheetChoices): object {
    return buildCharacterContext(actorLike(this.actor), options, choices);
  }
}
