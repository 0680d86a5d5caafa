/**
 * The builder's registration, in the entry module: the campaign-speed setting, the buttons that
 * open the builder, advancement, award and compendium-browser windows (a character sheet's
 * header menu, the Actors tab, the Compendium tab) and their API on `game.clockwork`. Call
 * `registerBuilder()` in `init`, after `game.clockwork` is set.
 */
import { registerAdvancementSettings } from "../../documents/advancement-settings";
import { documentClass, localize, systemApi } from "../../foundry";
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

/** A new character named after the localized type, opened in the builder. */
async function newCharacterInBuilder(): Promise<void> {
  const ActorClass = documentClass<{ create(data: object): Promise<ActorDoc | undefined> }>("Actor")!;
  const actor = await ActorClass.create({ name: localize("TYPES.Actor.character"), type: "character" });
  if (actor) await builderApi.openBuilder(actor);
}

export function registerBuilder(): void {
  registerAdvancementSettings();
  Hooks.on("getHeaderControlsActorSheetV2" as never, ((app: SheetLike, controls: ControlEntry[]) => addSheetControls(app, controls)) as never);
  Hooks.on("renderActorDirectory" as never, ((_app: unknown, html: HTMLElement) => {
    const footer = directoryFooter(html);
    if (!footer || footer.querySelector(".cw-directory-button")) return;
    const user = game.user;
    if (user?.can?.("ACTOR_CREATE")) footer.append(button("CLOCKWORK.Builder.Open", "fa-solid fa-hammer", newCharacterInBuilder));
    if (user?.isGM) footer.append(button("CLOCKWORK.Advancement.Award.Open", "fa-solid fa-award", () => builderApi.awardXp()));
  }) as never);
  Hooks.on("renderCompendiumDirectory" as never, ((_app: unknown, html: HTMLElement) => {
    const footer = directoryFooter(html);
    if (!footer || footer.querySelector(".cw-directory-button")) return;
    footer.append(button("CLOCKWORK.Browser.Open", "fa-solid fa-book-open", () => builderApi.openCompendiumBrowser()));
  }) as never);
  Object.assign(systemApi(), builderApi);
}
