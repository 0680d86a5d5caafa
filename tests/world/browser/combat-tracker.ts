/**
 * The combat tracker tab, drawn like Foundry v13's (templates/sidebar/tabs/combat/tracker.hbs:
 * `li.combatant[data-combatant-id]` rows with `.token-image`, `.token-name` and
 * `.token-initiative .initiative`), then the `renderCombatTracker` hook with an app whose
 * `viewed` is the combat, where the system adds its counters, pass button and initiative pick.
 * The buttons call the world's Combat API (the system's ClockworkCombat subclass): create an
 * encounter, roll initiative, begin, previous/next turn, end. Actors join from the Actors tab
 * (the crossed swords) or by dropping them here. There is no canvas: a combatant the GM adds
 * gets a token on the playground's scene, and the ◎ button targets it (`game.user.targets`,
 * what the attack workflow reads), where Foundry would target the token on the map.
 * Context menus (issue 33 item 5): right-clicking a row opens core's combatant menu and the ⋮
 * button in the header the encounter menu, both built by the system's tracker class
 * (`CONFIG.ui.combat`, over the test world's CombatTracker) as core's tracker builds them on its
 * first render, so the system's minion band entries are there. + on an unlinked actor's row (an
 * NPC) adds another token of it as another combatant (./combat-tokens.ts); so does dropping it again.
 */
import { h, type HostActor, type HostUser } from "./ui";

export interface CombatantLike {
  id: string;
  name: string;
  img: string | null;
  initiative: number | null;
  defeated: boolean;
  hidden: boolean;
  actorId: string | null;
  isOwner: boolean;
  actor: HostActor | null;
  tokenId: string | null;
  token: { id: string } | null;
  rollInitiative(): Promise<unknown>;
  delete(): Promise<unknown>;
}

export interface CombatLike {
  id: string;
  round: number;
  turn: number | null;
  started: boolean;
  combatant: CombatantLike | null;
  turns: CombatantLike[];
  combatants: { contents: CombatantLike[] };
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  previousTurn(): Promise<unknown>;
  endCombat(): Promise<unknown>;
  rollInitiative(ids: string[]): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
}

export interface TrackerOptions {
  combat: CombatLike | null;
  user: HostUser;
  createEncounter(): Promise<unknown>;
  addActor(actor: HostActor): Promise<unknown>;
  actorFromDrop(data: { type?: string; uuid?: string }): Promise<HostActor | null>;
  /** Ids of the tokens this user targets. */
  targeted: Set<string>;
  toggleTarget(combatant: CombatantLike): void;
  remove(combatant: CombatantLike): Promise<unknown>;
  /** Whether + on this row adds another of its actor (a GM, an unlinked actor). */
  canAddAnother?(combatant: CombatantLike): boolean;
}

interface HooksLike {
  callAll(name: string, ...args: unknown[]): boolean;
}

function control(label: string, text: string, onClick: () => unknown, extra: Record<string, string> = {}): HTMLButtonElement {
  return h("button", {
    type: "button", className: "combat-control", title: label, "aria-label": label, dataset: extra,
    onclick: () => { void Promise.resolve(onClick()).catch((error: unknown) => console.error(error)); },
  }, text);
}

export function renderCombatTracker(panel: HTMLElement, options: TrackerOptions): void {
  const { combat, user } = options;
  const header = h("header", { className: "combat-tracker-header" });
  const list = h("ol", { className: "combat-tracker plain" });
  const footer = h("nav", { className: "combat-controls" });
  if (!combat) {
    header.append(h("h4", { className: "encounter-title" }, "No encounter"));
    list.append(h("li", { className: "directory-empty" }, user.isGM
      ? "Create an encounter, then add actors with the crossed swords in the Actors tab (or drop them here)."
      : "The Gamemaster has not started an encounter."));
    if (user.isGM) footer.append(control("Create an encounter", "Create encounter", options.createEncounter, { combatAction: "create" }));
  } else {
    header.append(h("h4", { className: "encounter-title" }, combat.started ? `Round ${combat.round}` : "Not started"),
      // Core v13's encounter menu button (templates/sidebar/tabs/combat/header.hbs); a click opens it.
      h("button", { type: "button", className: "inline-control encounter-context-menu", title: "Encounter options", "aria-label": "Encounter options" }, "\u22EE"));
    for (const combatant of combat.turns) {
      if (combatant.hidden && !user.isGM) continue;
      const active = combat.started && combat.combatant?.id === combatant.id;
      const initiative = combatant.initiative === null
        ? (combatant.isOwner ? control(`Roll initiative for ${combatant.name}`, "\u2684", () => combatant.rollInitiative(), { combatAction: "rollInitiative" }) : h("span", { className: "initiative" }, ""))
        : h("span", { className: "initiative" }, String(Math.floor(combatant.initiative)));
      const targeted = Boolean(combatant.token && options.targeted.has(combatant.token.id));
      const target = combatant.token ? control(targeted ? `Stop targeting ${combatant.name}` : `Target ${combatant.name}`, "\u25CE", () => options.toggleTarget(combatant), { combatAction: "target" }) : null;
      target?.setAttribute("aria-pressed", String(targeted));
      list.append(h("li", {
        className: ["combatant", active ? "active" : "", combatant.defeated ? "defeated" : "", combatant.hidden ? "hide" : "", targeted ? "targeted" : ""].filter(Boolean).join(" "),
        dataset: { combatantId: combatant.id },
      },
      h("img", { className: "token-image", alt: "", src: `/${combatant.img ?? combatant.actor?.img ?? "icons/svg/mystery-man.svg"}` }),
      h("div", { className: "token-name" }, h("strong", { className: "name" }, combatant.name)),
      h("div", { className: "token-initiative" }, initiative),
      target,
      combatant.actor && options.canAddAnother?.(combatant) ? control(`Add another ${combatant.actor.name} (a token of its own)`, "+", () => options.addActor(combatant.actor!), { combatAction: "addAnother" }) : null,
      user.isGM ? control(`Remove ${combatant.name} from the encounter`, "\u00D7", () => options.remove(combatant), { combatAction: "remove" }) : null));
    }
    if (!combat.turns.length) list.append(h("li", { className: "directory-empty" }, "Add actors with the crossed swords in the Actors tab, or drop them here."));
    if (user.isGM) {
      const unrolled = combat.combatants.contents.filter((c) => c.initiative === null).map((c) => c.id);
      if (unrolled.length) footer.append(control("Roll initiative for everyone who has not", "Roll all", () => combat.rollInitiative(unrolled), { combatAction: "rollAll" }));
      if (!combat.started) footer.append(control("Begin the combat", "Begin combat", () => combat.startCombat(), { combatAction: "start" }));
      else footer.append(
        control("Previous turn", "\u25C0 Turn", () => combat.previousTurn(), { combatAction: "previousTurn" }),
        control("Next turn", "Turn \u25B6", () => combat.nextTurn(), { combatAction: "nextTurn" }),
      );
      footer.append(control("End the combat", "End combat", () => combat.endCombat(), { combatAction: "end" }));
    } else if (combat.started && combat.combatant?.isOwner) {
      footer.append(control("End your turn", "End turn", () => combat.nextTurn(), { combatAction: "endTurn" }));
    }
  }
  // Actors dragged from the Actors tab join the encounter.
  panel.ondragover = (event) => event.preventDefault();
  panel.ondrop = (event) => {
    event.preventDefault();
    let data: { type?: string; uuid?: string } = {};
    try {
      data = JSON.parse(event.dataTransfer?.getData("text/plain") ?? "{}") as typeof data;
    } catch {
      return;
    }
    if (data.type !== "Actor") return;
    void options.actorFromDrop(data).then((actor) => (actor ? options.addActor(actor) : null)).catch((error: unknown) => console.error(error));
  };
  panel.replaceChildren(header, list, footer);
  (globalThis as unknown as { Hooks: HooksLike }).Hooks.callAll("renderCombatTracker", { id: "combat", viewed: combat, element: panel }, panel, { combat });
}

/**
 * Core's `COMBAT.*` strings the tracker menus use (core's lang/en.json has them; the page loads
 * only the system's), in our own words.
 */
export const CORE_COMBAT_STRINGS = {
  Options: "Encounter options",
  InitiativeScore: "Initiative",
  InitiativeRoll: "Roll initiative",
  CombatantClear: "Clear initiative",
  CombatantReroll: "Roll initiative again",
  CombatantRemove: "Remove from the encounter",
};

interface MenuFactory {
  _createContextMenu(handler: () => unknown[], selector: string, options: object): unknown;
  _getEntryContextOptions(): unknown[];
  _getCombatContextOptions(): unknown[];
}

/**
 * The tracker's two context menus on the panel, as core v13's CombatTracker makes them in
 * `_onFirstRender` (client/applications/sidebar/tabs/combat-tracker.mjs): `_getEntryContextOptions`
 * on each `.combatant` row (right-click), `_getCombatContextOptions` on the header's
 * `.encounter-context-menu` button (click). `trackerClass` is `CONFIG.ui.combat`, the system's
 * subclass of the world's CombatTracker; it is built, not rendered: the rows are the host's.
 * Once per panel: the menus listen on the panel, whose content each draw replaces.
 */
export function attachTrackerMenus(panel: HTMLElement, trackerClass: unknown): void {
  const Tracker = (trackerClass ?? (globalThis as unknown as { foundry: { applications: { sidebar: { tabs: { CombatTracker: unknown } } } } }).foundry.applications.sidebar.tabs.CombatTracker) as new () => MenuFactory;
  const app = new Tracker();
  const menus = [
    app._createContextMenu(app._getEntryContextOptions, ".combatant", { container: panel, fixed: true }),
    app._createContextMenu(app._getCombatContextOptions, ".encounter-context-menu", { container: panel, fixed: true, eventName: "click" }),
  ].filter(Boolean) as { close(): void }[];
  // The world's menu is not positioned (context-menu.ts); core's fixed menu opens at its target.
  const place = (event: Event) => {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>(".combatant, .encounter-context-menu");
    const menu = document.getElementById("context-menu");
    if (!target || !menu) return;
    const box = target.getBoundingClientRect();
    menu.style.top = `${Math.min(box.bottom, window.innerHeight - menu.offsetHeight - 4)}px`;
    menu.style.left = `${Math.max(4, Math.min(box.left, window.innerWidth - menu.offsetWidth - 4))}px`;
  };
  panel.addEventListener("contextmenu", place);
  panel.addEventListener("click", place);
  // As core's: a click elsewhere or Escape closes it.
  document.addEventListener("pointerdown", (event) => {
    if (!(event.target as HTMLElement | null)?.closest("#context-menu, .encounter-context-menu")) for (const menu of menus) menu.close();
  });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") for (const menu of menus) menu.close(); });
}
