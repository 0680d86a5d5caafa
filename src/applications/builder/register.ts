/**
 * The builder's registration, in the entry module: the campaign-speed setting, the buttons that
 * open the builder, advancement, award and compendium-browser windows (a character sheet's
 * header menu, the Actors tab, the Compendium tab) and their API on `game.clockwork`. The
 * windows themselves load on first use, as their own chunk (`import()`), so players do not
 * download them at start-up. Call `registerBuilder()` in `init`, after `game.clockwork` is set.
 */
import { registerAdvancementSettings } from "../../documents/advancement-settings";
import { documentClass, localize, systemApi } from "../../foundry";

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

/** The windows' module, loaded once on first use. */
const windows = () => import("./windows");

/** The API added to `game.clockwork`; each call loads the windows first (hence every one is async). */
export const builderApi = {
  openBuilder: async (actor: ActorDoc) => (await windows()).ClockworkCharacterBuilder.open(actor),
  openAdvancement: async (actor: ActorDoc) => (await windows()).ClockworkAdvancementApp.open(actor),
  awardXp: async (actorIds?: string[]) => (await windows()).ClockworkXpAwardDialog.open(actorIds),
  openCompendiumBrowser: async (filters = {}) => (await windows()).ClockworkCompendiumBrowser.open(filters),
  /** Every broken creation rule of an actor (its `toObject()`), in step order. */
  creationProblems: async (actor: { toObject(): unknown }) => (await windows()).actorCreationProblems(actor),
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
