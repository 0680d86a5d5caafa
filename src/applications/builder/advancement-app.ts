/**
 * The advancement window of one character (XP totals, one-rank purchases with the placement of
 * new Body resistance points, spells and features dropped from a compendium, the XP log and the
 * refund of the last purchase) and the GM's award dialog for one or many characters.
 */
import {
  awardXp, buyPower, buySkillRank, campaignSpeed, previewSkillPurchase, refundLastPurchase, xpStateOf, XpError,
} from "../../documents/advancement";
import { confirm, language, localize, notify, resolveUuid, worldCollection } from "../../foundry";
import { SKILL_KEYS, XP_AWARD_REASONS, XP_OTHER_REASON } from "../../rules";
import type { Resistances, SkillKey, XpLogEntry } from "../../rules";
import { currentChoices } from "../choices-registry";
import { buildAdvancementContext, buildAwardContext, logText, type PendingPurchase } from "./advancement-context";
import { ClockworkCompendiumBrowser } from "./browser-app";
import { browserEntries } from "./builder-app";
import { flattenForm } from "./builder-form";
import { ADVANCEMENT_TEMPLATES } from "./templates";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type RenderOptions = Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0];
type Action<T> = (this: T, event: PointerEvent, target: HTMLElement) => Promise<void>;

interface StoredCreature {
  skills: Record<SkillKey, { rank: number }>;
  resistanceAllocation: Resistances;
}

function messageOf(error: unknown): string[] {
  if (error instanceof XpError) return [error.message];
  return [error instanceof Error ? error.message : String(error)];
}

function dateFormatter(): (ms: number) => string {
  const lang = language();
  const format = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  return (ms) => format.format(new Date(ms));
}

/**
 * Buys a spell or feature for XP from a loaded document, with a paired spell's other half, and
 * says so: the one purchase of the Advancement window and of a drop on a character sheet.
 * A refusal throws the `XpError` with its reasons (not enough XP, a focus is never bought…).
 */
export async function purchaseDocument(actor: unknown, doc: { toObject(): Record<string, unknown> }): Promise<XpLogEntry> {
  const source = doc.toObject() as Parameters<typeof buyPower>[1];
  let pair: Parameters<typeof buyPower>[2];
  const pairId = source.system.pair;
  if (source.type === "spell" && pairId) {
    const entry = (await browserEntries()).find((e) => e.type === "spell" && e.system.identifier === pairId);
    const pairDoc = entry ? (await resolveUuid(entry.uuid)) as { toObject(): Record<string, unknown> } | null : null;
    pair = pairDoc?.toObject() as typeof pair;
  }
  const entry = await buyPower(actor, source, pair);
  notify("info", "CLOCKWORK.Advancement.Done.Bought", { name: entry.name ?? source.name, xp: entry.xp });
  return entry;
}

export class ClockworkAdvancementApp extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "clockwork-advancement-{id}",
    classes: ["clockwork", "cw-advancement"],
    tag: "form",
    window: { icon: "fa-solid fa-arrow-trend-up", resizable: true },
    position: { width: 720, height: 760 },
    form: { handler: ClockworkAdvancementApp.#onSubmit, submitOnChange: true, closeOnSubmit: false },
    actions: {
      buyRank: ClockworkAdvancementApp.#onBuyRank as Action<ClockworkAdvancementApp>,
      confirmPlacement: ClockworkAdvancementApp.#onConfirmPlacement as Action<ClockworkAdvancementApp>,
      cancelPlacement: ClockworkAdvancementApp.#onCancelPlacement as Action<ClockworkAdvancementApp>,
      refund: ClockworkAdvancementApp.#onRefund as Action<ClockworkAdvancementApp>,
      openBrowser: ClockworkAdvancementApp.#onOpenBrowser as Action<ClockworkAdvancementApp>,
    },
  };

  static override PARTS = { body: { template: ADVANCEMENT_TEMPLATES.advancement, scrollable: [""] } };

  readonly actor: Actor.Implementation;
  #pending: PendingPurchase | null = null;
  #refused: string[] = [];

  constructor(options: { actor: Actor.Implementation } & Record<string, unknown>) {
    const { actor, ...rest } = options;
    super({ ...rest, actorId: actor.id } as never);
    this.actor = actor;
  }

  /** One window per actor: core numbers windows itself, so the id comes from the actor here. */
  protected override _initializeApplicationOptions(options: never): never {
    const initialized = super._initializeApplicationOptions(options) as { uniqueId: string };
    const actorId = (options as { actorId?: string }).actorId;
    if (actorId) initialized.uniqueId = actorId;
    return initialized as never;
  }

  static async open(actor: Actor.Implementation): Promise<ClockworkAdvancementApp> {
    const existing = foundry.applications.instances.get(`clockwork-advancement-${actor.id}`) as ClockworkAdvancementApp | undefined;
    if (existing) {
      existing.bringToFront();
      return existing;
    }
    const app = new ClockworkAdvancementApp({ actor });
    await app.render({ force: true });
    return app;
  }

  override get title(): string {
    return localize("CLOCKWORK.Advancement.Title", { name: this.actor.name });
  }

  protected override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    const system = this.actor.system as unknown as StoredCreature;
    const skills = {} as Record<SkillKey, number>;
    for (const key of SKILL_KEYS) skills[key] = system.skills[key].rank;
    const context = buildAdvancementContext({
      name: this.actor.name, skills, allocation: system.resistanceAllocation, state: xpStateOf(this.actor), speed: campaignSpeed(),
      pending: this.#pending, refused: this.#refused, editable: this.actor.isOwner,
    }, currentChoices(), localize, dateFormatter());
    return { ...base, ...context } as never;
  }

  protected override async _onRender(context: never, options: never): Promise<void> {
    await super._onRender(context, options);
    const zone = this.element.querySelector<HTMLElement>("[data-drop='power']");
    zone?.addEventListener("dragover", (event) => event.preventDefault());
    zone?.addEventListener("drop", (event) => void this.#onDrop(event));
  }

  /** Runs an XP action: success re-renders, a refusal shows its reasons. */
  async #attempt(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
      this.#refused = [];
    } catch (error) {
      this.#refused = messageOf(error);
    }
    await this.render();
  }

  async #onDrop(event: DragEvent): Promise<void> {
    event.preventDefault();
    let data: { type?: string; uuid?: string } = {};
    try {
      data = JSON.parse(event.dataTransfer?.getData("text/plain") ?? "{}") as typeof data;
    } catch {
      return;
    }
    if (data.type !== "Item" || !data.uuid) return;
    await this.buyFromUuid(data.uuid);
  }

  /** Buys the spell or feature a UUID points at (the drop target's action, also for macros). */
  async buyFromUuid(uuid: string): Promise<void> {
    await this.#attempt(async () => {
      const doc = (await resolveUuid(uuid)) as { toObject(): Record<string, unknown> } | null;
      if (!doc) throw new Error(uuid);
      await purchaseDocument(this.actor, doc);
    });
  }

  static async #onSubmit(this: ClockworkAdvancementApp, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    if (!this.#pending) return;
    const form = flattenForm(formData.object);
    const placement: Partial<Resistances> = {};
    // The rows the window offers: every configured type, a setting module's included.
    for (const type of currentChoices().damageTypes as (keyof Resistances)[]) {
      const value = Number(form[`place.${type}`] ?? 0);
      if (value > 0) placement[type] = value;
    }
    this.#pending = { ...this.#pending, placement };
    await this.render();
  }

  static async #onBuyRank(this: ClockworkAdvancementApp, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const skill = target.dataset.skill as SkillKey;
    const preview = previewSkillPurchase(this.actor, skill);
    // A rank that raises Body waits for its new resistance points to be placed.
    if (preview.bodyPoints > 0 && !preview.problems.some((p) => p.code !== "resistanceUnallocated")) {
      this.#pending = { skill, placement: {} };
      this.#refused = [];
      await this.render();
      return;
    }
    await this.#attempt(async () => {
      const entry = await buySkillRank(this.actor, skill);
      notify("info", "CLOCKWORK.Advancement.Done.Bought", { name: logText(entry, currentChoices(), localize), xp: entry.xp });
    });
  }

  static async #onConfirmPlacement(this: ClockworkAdvancementApp): Promise<void> {
    const pending = this.#pending;
    if (!pending) return;
    await this.#attempt(async () => {
      const entry = await buySkillRank(this.actor, pending.skill, pending.placement);
      this.#pending = null;
      notify("info", "CLOCKWORK.Advancement.Done.Bought", { name: logText(entry, currentChoices(), localize), xp: entry.xp });
    });
  }

  static async #onCancelPlacement(this: ClockworkAdvancementApp): Promise<void> {
    this.#pending = null;
    await this.render();
  }

  static async #onRefund(this: ClockworkAdvancementApp): Promise<void> {
    const state = xpStateOf(this.actor);
    const last = [...state.log].reverse().find((e) => e.kind !== "award" && e.kind !== "refund" && !e.refunded);
    if (!last) return;
    const entry = logText(last, currentChoices(), localize);
    const yes = await confirm("CLOCKWORK.Advancement.RefundTitle", "CLOCKWORK.Advancement.RefundContent", { entry, xp: last.xp });
    if (!yes) return;
    await this.#attempt(async () => {
      const refund = await refundLastPurchase(this.actor);
      notify("info", "CLOCKWORK.Advancement.Done.Refunded", { name: entry, xp: refund.xp });
    });
  }

  static async #onOpenBrowser(this: ClockworkAdvancementApp): Promise<void> {
    await ClockworkCompendiumBrowser.open({ type: "spell" });
  }
}

interface AwardState {
  amount: number;
  reason: string;
  note: string;
  selected: Set<string>;
  refused: string[];
}

/** The GM's dialog: one award (1–4 XP with a reason of table 1.20) to one or many characters. */
export class ClockworkXpAwardDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "clockwork-xp-award",
    classes: ["clockwork", "cw-advancement", "cw-award-app"],
    tag: "form",
    window: { icon: "fa-solid fa-award", title: "CLOCKWORK.Advancement.Award.Title" },
    position: { width: 520 },
    form: { handler: ClockworkXpAwardDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = { body: { template: ADVANCEMENT_TEMPLATES.award } };

  #state: AwardState;

  constructor(options: { actorIds?: readonly string[] } & Record<string, unknown> = {}) {
    const { actorIds, ...rest } = options;
    super(rest as never);
    this.#state = { amount: 1, reason: XP_AWARD_REASONS[1][0], note: "", selected: new Set(actorIds ?? ClockworkXpAwardDialog.#playerCharacters()), refused: [] };
  }

  /** Characters some player owns: the usual recipients. */
  static #playerCharacters(): string[] {
    return ClockworkXpAwardDialog.#characters().filter((a) => a.hasPlayerOwner).map((a) => a.id ?? "");
  }

  static #characters(): Actor.Implementation[] {
    const actors = worldCollection<Iterable<Actor.Implementation>>("actors");
    return actors ? [...actors].filter((a) => a.type === "character") : [];
  }

  static async open(actorIds?: readonly string[]): Promise<ClockworkXpAwardDialog> {
    const app = new ClockworkXpAwardDialog({ actorIds });
    await app.render({ force: true });
    return app;
  }

  protected override async _prepareContext(options: RenderOptions): Promise<never> {
    const base = await super._prepareContext(options);
    const s = this.#state;
    const characters = ClockworkXpAwardDialog.#characters().map((a) => ({ id: a.id ?? "", name: a.name, checked: s.selected.has(a.id ?? "") }));
    return { ...base, ...buildAwardContext({ characters, amount: s.amount, reason: s.reason, note: s.note, refused: s.refused }, localize) } as never;
  }

  #read(form: Record<string, unknown>): void {
    const flat = flattenForm(form);
    const amount = Number(flat.amount ?? this.#state.amount);
    const selected = new Set<string>();
    for (const [key, value] of Object.entries(flat)) if (key.startsWith("actor.") && value === true) selected.add(key.slice(6));
    const reasons = [...(XP_AWARD_REASONS[amount as 1 | 2 | 3 | 4] ?? []), XP_OTHER_REASON];
    const reason = String(flat.reason ?? "");
    this.#state = { ...this.#state, amount, reason: reasons.includes(reason) ? reason : reasons[0], note: String(flat.note ?? ""), selected };
  }

  /** Changing the amount offers that amount's reasons. */
  protected override _onChangeForm(formConfig: never, event: Event): void {
    super._onChangeForm(formConfig, event);
    const form = this.form;
    if (!form) return;
    this.#read(new foundry.applications.ux.FormDataExtended(form).object as Record<string, unknown>);
    void this.render();
  }

  static async #onSubmit(this: ClockworkXpAwardDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    this.#read(formData.object);
    const s = this.#state;
    const actors = ClockworkXpAwardDialog.#characters().filter((a) => s.selected.has(a.id ?? ""));
    if (actors.length === 0) {
      this.#state = { ...s, refused: [localize("CLOCKWORK.Advancement.Award.None")] };
      await this.render();
      return;
    }
    try {
      const names = await awardXp(actors, { amount: s.amount, reason: s.reason, note: s.note || undefined });
      notify("info", "CLOCKWORK.Advancement.Done.Awarded", { amount: s.amount, names: names.join(", ") });
      await this.close();
    } catch (error) {
      this.#state = { ...s, refused: messageOf(error) };
      await this.render();
    }
  }
}
