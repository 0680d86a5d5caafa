/**
 * The builder's registration, in the entry module: the campaign-speed setting, the buttons that
 * open the builder, advancement, award and compendium-browser windows (a character sheet's
 * header menu, the Actors tab, the Compendium tab) and their API on `game.clockwork`. Call
 * `registerBuilder()` in `init`, after `game.clockwork` is set.
 */
import { registerAdvancementSettings } from "../../documents/advancement-settings";
import { newCharacter, registerNewCharacterQuery } from "../../documents/new-character";
import { localize, systemApi } from "../../foundry";
import { creationProblems } from "../../rules";
import { ClockworkAdvancementApp, ClockworkXpAwardDialog } from "./advancement-app";
import { ClockworkCompendiumBrowser } from "./browser-app";
import { buildFromActor, type ActorSourceLike } from "./build-data";
import { ClockworkCharacterBuilder } from "./builder-app";

type ActorDoc = Actor.Implementation;
type Handler = (event: PointerEvent, target: HTMLElement) => unknown;

interface SheetLike {
  document?: ActorDoc;
  actor?: ActorDoc;
  options: { actions: Record<string, Handler | { handler: Handler }> };
}

interface ControlEntry {
  icon: string;
  label: string;
  action: string;
  visible?: boolean;
}

/** Every broken creation rule of an actor (its `toObject()`), in step order. */
export function actorCreationProblems(actor: { toObject(): unknown }) {
  return creationProblems(buildFromActor(actor.toObject() as ActorSourceLike));
}

/** The API added to `game.clockwork`. */
export const builderApi = {
  openBuilder: (actor: ActorDoc) => ClockworkCharacterBuilder.open(actor),
  /** "New Character": a character of the current user's own, opened in the builder. */
  newCharacter: () => newCharacterInBuilder(),
  openAdvancement: (actor: ActorDoc) => ClockworkAdvancementApp.open(actor),
  awardXp: (actorIds?: string[]) => ClockworkXpAwardDialog.open(actorIds),
  openCompendiumBrowser: (filters = {}) => ClockworkCompendiumBrowser.open(filters),
  creationProblems: actorCreationProblems,
};

const BUILDER_ACTION = "clockworkBuilder";
const ADVANCEMENT_ACTION = "clockworkAdvancement";

/**
 * Adds "Character Builder" and "Advancement" to a character sheet's header menu. The sheet
 * class may be a module's, so the two actions join its (unfrozen) actions map.
 */
function addSheetControls(app: SheetLike, controls: ControlEntry[]): void {
  const actor = app.document ?? app.actor;
  if (!actor || actor.type !== "character" || !actor.isOwner) return;
  const actions = app.options.actions;
  if (!Object.isFrozen(actions)) {
    actions[BUILDER_ACTION] ??= () => builderApi.openBuilder(actor);
    actions[ADVANCEMENT_ACTION] ??= () => builderApi.openAdvancement(actor);
  }
  if (actor.items.size === 0) controls.push({ icon: "fa-solid fa-hammer", label: "CLOCKWORK.Builder.Open", action: BUILDER_ACTION });
  controls.push({ icon: "fa-solid fa-arrow-trend-up", label: "CLOCKWORK.Advancement.Open", action: ADVANCEMENT_ACTION });
}

function button(label: string, icon: string, onClick: () => unknown): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "cw-directory-button";
  el.innerHTML = `<i class="${icon}" inert></i> `;
  el.append(document.createTextNode(localize(label)));
  el.addEventListener("click", () => void onClick());
  return el;
}

function directoryFooter(html: HTMLElement): HTMLElement | null {
  return html.querySelector<HTMLElement>(".directory-footer, .header-actions") ?? html;
}

/**
 * A new character opened in the builder: made here with permission to create actors, else the
 * one waiting for this player, else made by the GM on request (documents/new-character).
 */
async function newCharacterInBuilder(): Promise<ClockworkCharacterBuilder | null> {
  const actor = await newCharacter();
  return actor ? builderApi.openBuilder(actor as unknown as ActorDoc) : null;
}

export function registerBuilder(): void {
  registerAdvancementSettings();
  registerNewCharacterQuery();
  Hooks.on("getHeaderControlsActorSheetV2" as never, ((app: SheetLike, controls: ControlEntry[]) => addSheetControls(app, controls)) as never);
  Hooks.on("renderActorDirectory" as never, ((_app: unknown, html: HTMLElement) => {
    const footer = directoryFooter(html);
    if (!footer || html.querySelector(".cw-directory-button")) return;
    const user = game.user;
    // Every user, at the top of the tab: a player who may not create actors asks the GM for one.
    const top = html.querySelector<HTMLElement>(".header-actions, .directory-header") ?? footer;
    const start = button("CLOCKWORK.NewCharacter.Button", "fa-solid fa-user-plus", () => builderApi.newCharacter());
    start.dataset.tooltip = localize("CLOCKWORK.NewCharacter.Hint");
    start.classList.add("cw-new-character");
    top.append(start);
    if (user?.isGM) footer.append(button("CLOCKWORK.Advancement.Award.Open", "fa-solid fa-award", () => builderApi.awardXp()));
  }) as never);
  Hooks.on("renderCompendiumDirectory" as never, ((_app: unknown, html: HTMLElement) => {
    const footer = directoryFooter(html);
    if (!footer || footer.querySelector(".cw-directory-button")) return;
    footer.append(button("CLOCKWORK.Browser.Open", "fa-solid fa-book-open", () => builderApi.openCompendiumBrowser()));
  }) as never);
  Object.assign(systemApi(), builderApi);
}
