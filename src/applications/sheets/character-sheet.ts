/** The character sheet: header, tab navigation and five tabs. */
import { CHARACTER_TABS } from "../context/tabs";
import type { SheetChoices } from "../context/choices";
import type { SheetOptions } from "../context/source-types";
import type { XpLogSource } from "../context/xp-log";
import { TEMPLATES } from "../handlebars";
import { confirm, localize, notify } from "../ui";
import type { XpLogEntry } from "../../rules";
import { builderApi } from "../builder/register";
import { actorLike } from "./adapters";
import { ClockworkActorSheet, type SheetDefaults } from "./actor-sheet";
import { busyActions, type ActionHandler } from "./busy";
import { sheetRuntime, type SheetRuntime } from "./lazy";

const T = TEMPLATES.character;

/** A click action; cast so the options' type does not depend on the class being declared. */
type SheetAction = (event: PointerEvent, target: HTMLElement) => Promise<void>;

/** Dates of the XP log in the user's language. */
function dateFormatter(): (ms: number) => string {
  const lang = (game as unknown as { i18n?: { lang?: string } }).i18n?.lang ?? "en";
  const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  return (ms) => format.format(new Date(ms));
}

export class ClockworkCharacterSheet extends ClockworkActorSheet {
  static override DEFAULT_OPTIONS: SheetDefaults = {
    classes: ["character"],
    position: { width: 820, height: 820 },
    actions: busyActions({
      openBuilder: ClockworkCharacterSheet.#onOpenBuilder as SheetAction,
      openAdvancement: ClockworkCharacterSheet.#onOpenAdvancement as SheetAction,
      refund: ClockworkCharacterSheet.#onRefund as SheetAction,
    } as Record<string, ActionHandler<object>>) as Record<string, SheetAction>,
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
  get #xpLog(): XpLogEntry[] {
    const log = this.actor.getFlag("clockwork" as never, "xpLog" as never) as unknown;
    return Array.isArray(log) ? log as XpLogEntry[] : [];
  }

  protected override extraSheetOptions(runtime: SheetRuntime): Partial<SheetOptions> {
    const xp: XpLogSource = { log: this.#xpLog, speed: runtime.campaignSpeed(), translate: localize, formatDate: dateFormatter() };
    return { xp };
  }

  protected override buildSheetContext(options: SheetOptions, choices: SheetChoices, runtime: SheetRuntime): object {
    return runtime.buildCharacterContext(actorLike(this.actor), options, choices);
  }

  /* ------------------------------------------------------------------ builder and advancement */

  static async #onOpenBuilder(this: ClockworkCharacterSheet): Promise<void> {
    await builderApi.openBuilder(this.actor);
  }

  static async #onOpenAdvancement(this: ClockworkCharacterSheet): Promise<void> {
    await builderApi.openAdvancement(this.actor);
  }

  /** Refunds the last purchase after a confirmation, as the advancement window does. */
  static async #onRefund(this: ClockworkCharacterSheet): Promise<void> {
    const { currentChoices, lastPurchase, refundLastPurchase, logText } = await sheetRuntime();
    const last = lastPurchase(this.#xpLog);
    if (!last) return;
    const entry = logText(last, currentChoices(), localize);
    const yes = await confirm("CLOCKWORK.Advancement.RefundTitle", "CLOCKWORK.Advancement.RefundContent", { entry, xp: last.xp });
    if (!yes) return;
    try {
      const refund = await refundLastPurchase(this.actor);
      notify("info", "CLOCKWORK.Advancement.Done.Refunded", { name: entry, xp: refund.xp });
    } catch (error) {
      // A refusal (something bought since, a write refused) is told in words; nothing changed.
      ui.notifications?.error(error instanceof Error ? error.message : String(error));
    }
  }
}
