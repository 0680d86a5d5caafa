/**
 * `foundry.applications.sidebar.tabs.CombatTracker` of the test world: the tracker part only,
 * with core's row markup, so the system's subclass (`CONFIG.ui.combat`) runs as on core.
 *
 * Modelled on Foundry v13 `client/applications/sidebar/tabs/combat-tracker.mjs` (read, not
 * copied): `viewed` is the viewed combat (`game.combat`); `_prepareTrackerContext` builds one
 * turn per visible combatant with `_prepareTurnContext(combat, combatant, index)` (id, name,
 * img, initiative, hasDecimals, isOwner, isDefeated, hidden, active, css, effects), then writes
 * every finite initiative with `toFixed(hasDecimals ? CONFIG.Combat.initiative.decimals : 0)`,
 * decimals if any turn has them; a change in a row's input updates that combatant's initiative
 * (`_onUpdateInitiative`: "=5" sets, "+2"/"-1" adjust). The row follows
 * `templates/sidebar/tabs/combat/tracker.hbs`: `li.combatant[data-combatant-id]` with
 * `.token-image`, `.token-name .name`, and in `.token-initiative` an `input.initiative-input`
 * (read-only for players) once rolled, else a roll button for the owner.
 * Context menus as core creates them on first render: `_getEntryContextOptions` on each
 * `.combatant` row (core's entries modelled: clear initiative, reroll, remove, for a GM) and
 * `_getCombatContextOptions` on the header's `.encounter-context-menu` button (a click opens it;
 * core's own encounter entries are not modelled).
 * Not modelled: the header and footer parts (encounter cycling, round controls) other than that
 * button, hover and pan, the popout, combatant controls other than rolling.
 */
import { ApplicationV2, type RenderOptions } from "./application";
import type { ContextMenuEntry } from "./context-menu";
import { handlebars } from "./templates";
import { rt } from "./runtime";

interface TrackerCombatant {
  id: string;
  delete?(): Promise<unknown>;
  name: string;
  img?: string | null;
  initiative: number | null;
  hidden: boolean;
  isOwner: boolean;
  isDefeated?: boolean;
  visible?: boolean;
  actor?: { img?: string | null; temporaryEffects?: { img?: string; name: string; statuses?: Set<string> }[] } | null;
  update(changes: object): Promise<unknown>;
}

interface TrackerCombat {
  turn: number | null;
  turns: TrackerCombatant[];
  combatants: { get(id: string): TrackerCombatant | undefined };
  rollInitiative(ids: string[]): Promise<unknown>;
}

export interface TurnContext {
  id: string;
  name: string;
  img: string;
  initiative: number | string | null;
  hasDecimals: boolean;
  hidden: boolean;
  isOwner: boolean;
  isDefeated: boolean;
  active: boolean;
  css: string;
  effects: { icons: { img: string; name: string }[]; tooltip: string };
  [key: string]: unknown;
}

const ROWS = handlebars.compile(`<header class="combat-tracker-header"><button type="button" class="inline-control icon fa-solid fa-ellipsis-vertical encounter-context-menu" aria-label="{{localize "COMBAT.Options"}}"></button></header>
<ol class="combat-tracker plain">
{{#each turns}}
  <li class="combatant {{css}}" data-combatant-id="{{id}}" data-action="activateCombatant">
    <img class="token-image" src="{{img}}" alt="{{name}}" loading="lazy">
    <div class="token-name"><strong class="name">{{name}}</strong></div>
    <div class="token-initiative">
      {{#if initiative}}
      <input type="text" class="initiative-input" inputmode="numeric" pattern="^[+=\\-]?\\d*" value="{{initiative}}" aria-label="{{localize "COMBAT.InitiativeScore"}}"{{#unless @root.user.isGM}} readonly{{/unless}}>
      {{else if isOwner}}
      <button type="button" class="combatant-control roll" data-action="rollInitiative" aria-label="{{localize "COMBAT.InitiativeRoll"}}"></button>
      {{/if}}
    </div>
  </li>
{{/each}}
</ol>`);

export class CombatTracker extends ApplicationV2 {
  static override DEFAULT_OPTIONS: object = {
    id: "combat",
    tag: "section",
    classes: ["tab", "sidebar-tab", "combat-sidebar"],
    window: { frame: false, positioned: false },
    actions: { rollInitiative: CombatTracker.#onRollInitiative },
  };

  get viewed(): TrackerCombat | null {
    return ((rt().game as unknown as { combat?: TrackerCombat | null }).combat) ?? null;
  }

  protected override async _prepareContext(options: RenderOptions): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    Object.assign(context, { combat: this.viewed, user: rt().game.user });
    await this._prepareTrackerContext(context, options);
    return context;
  }

  protected async _prepareTrackerContext(context: Record<string, unknown>, _options: RenderOptions): Promise<void> {
    const combat = this.viewed;
    if (!combat) return;
    let hasDecimals = false;
    const turns: TurnContext[] = (context.turns = []) as TurnContext[];
    for (const [i, combatant] of combat.turns.entries()) {
      if (combatant.visible === false) continue;
      const turn = await this._prepareTurnContext(combat, combatant, i);
      if (turn.hasDecimals) hasDecimals = true;
      turns.push(turn);
    }
    const configured = (rt().CONFIG.Combat as unknown as { initiative?: { decimals?: number } } | undefined)?.initiative?.decimals ?? 2;
    for (const turn of turns) {
      if (typeof turn.initiative === "number" && Number.isFinite(turn.initiative)) turn.initiative = turn.initiative.toFixed(hasDecimals ? configured : 0);
    }
    context.hasDecimals = hasDecimals;
  }

  protected async _prepareTurnContext(combat: TrackerCombat, combatant: TrackerCombatant, index: number): Promise<TurnContext> {
    const { id, name, isOwner, hidden, initiative } = combatant;
    const hasDecimals = typeof initiative === "number" && Number.isFinite(initiative) && !Number.isInteger(initiative);
    const active = index === combat.turn;
    let isDefeated = combatant.isDefeated === true;
    const icons: { img: string; name: string }[] = [];
    for (const effect of combatant.actor?.temporaryEffects ?? []) {
      if (effect.statuses?.has("dead")) isDefeated = true;
      else if (effect.img) icons.push({ img: effect.img, name: effect.name });
    }
    const css = [active ? "active" : null, hidden ? "hide" : null, isDefeated ? "defeated" : null].filter(Boolean).join(" ");
    return {
      id, name, isOwner, hidden, initiative, hasDecimals, active, isDefeated, css,
      img: combatant.img ?? combatant.actor?.img ?? "icons/svg/mystery-man.svg",
      effects: { icons, tooltip: icons.map((e) => e.name).join(", ") },
    };
  }

  protected override async _onFirstRender(context: Record<string, unknown>, options: RenderOptions): Promise<void> {
    await super._onFirstRender(context, options);
    this._createContextMenu(this._getCombatContextOptions, ".encounter-context-menu", { fixed: true, eventName: "click" });
    this._createContextMenu(this._getEntryContextOptions, ".combatant", { fixed: true });
  }

  /** Core's combatant entries (a GM's): clear the initiative, roll it again, remove the combatant. */
  protected _getEntryContextOptions(): ContextMenuEntry[] {
    const combatant = (li: HTMLElement) => this.viewed?.combatants.get(li.dataset.combatantId ?? "");
    const isGM = () => rt().game.user?.isGM === true;
    return [
      { name: "COMBAT.CombatantClear", icon: '<i class="fa-solid fa-arrow-rotate-left"></i>', condition: (li) => isGM() && Number.isFinite(combatant(li)?.initiative ?? NaN), callback: (li) => void combatant(li)?.update({ initiative: null }) },
      { name: "COMBAT.CombatantReroll", icon: '<i class="fa-solid fa-dice-d20"></i>', condition: isGM, callback: (li) => void this.viewed?.rollInitiative([li.dataset.combatantId ?? ""]) },
      { name: "COMBAT.CombatantRemove", icon: '<i class="fa-solid fa-trash"></i>', condition: isGM, callback: (li) => void combatant(li)?.delete?.() },
    ];
  }

  /** Core's encounter entries are not modelled; a system adds its own. */
  protected _getCombatContextOptions(): ContextMenuEntry[] {
    return [];
  }

  protected override async _renderHTML(context: Record<string, unknown>, _options: RenderOptions): Promise<unknown> {
    const template = document.createElement("template");
    template.innerHTML = ROWS(context, { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true });
    return template.content;
  }

  protected override _replaceHTML(result: unknown, content: HTMLElement, _options: RenderOptions): void {
    content.replaceChildren(result as DocumentFragment);
  }

  protected override _attachFrameListeners(): void {
    super._attachFrameListeners();
    this.element.addEventListener("change", (event) => void this._onUpdateInitiative(event));
  }

  /** Core: "=5" or "5" sets the initiative, "+2" / "-1" adjusts it, an empty value clears it. */
  protected async _onUpdateInitiative(event: Event): Promise<unknown> {
    const input = event.target as HTMLInputElement;
    const id = input.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
    const combatant = this.viewed?.combatants.get(id);
    if (!combatant) return undefined;
    const raw = input.value;
    if (!/^[+-]/.test(raw)) return combatant.update({ initiative: raw ? Number(raw.replace(/^=/, "")) : null });
    const delta = parseInt(raw, 10);
    return Number.isNaN(delta) ? undefined : combatant.update({ initiative: (combatant.initiative ?? 0) + delta });
  }

  static async #onRollInitiative(this: CombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
    await this.viewed?.rollInitiative([id]);
  }
}
