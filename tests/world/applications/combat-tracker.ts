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
 * Not modelled: the header and footer parts (encounter cycling, round controls), context menus,
 * hover and pan, the popout, combatant controls other than rolling.
 */
import { ApplicationV2, type RenderOptions } from "./application";
import { handlebars } from "./templates";
import { rt } from "./runtime";

interface TrackerCombatant {
  id: string;
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

const ROWS = handlebars.compile(`<ol class="combat-tracker plain">
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
