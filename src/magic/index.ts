/**
 * Magic in Foundry (issue 11): personal and global mana, channeling, mana potions, casting with
 * its card, spell effects that end themselves, the mana HUD and the scene's pool setting.
 * `registerMagic()` runs once in `init`; `installActorMagic` gives every actor
 * `castSpell(item, options)`, `channelMana(amount)`, `drinkManaPotion(item)` and
 * `useAlchemy(item, { target })`; the same calls
 * are on `game.clockwork.magic` for macros and modules (docs/spells.md lists what each spell does).
 */
import { ClockworkActor } from "../documents";
import { applyCastCard, answerSpellReaction, castData, castSpell, SPELL_REACTION_QUERY, type CastDoc, type CastOptions } from "./cast";
import { CAST_CARD_TEMPLATE } from "./card";
import { channelMana, drinkManaPotionItem } from "./channel";
import { addAlchemyButtons, useAlchemyItem, type AlchemyItem, type AlchemyOptions } from "./alchemy";
import type { SpellItem } from "./context";
import { MANA_HUD_TEMPLATE, manaHud, registerManaHud } from "./hud";
import { registerLifecycle } from "./lifecycle";
import { configurePool, currentScene, refillPools, registerPoolHooks, scenePool, worldTime } from "./pool";
import { SPELL_EFFECTS_TEMPLATE, spellEffectsContext } from "./views";
import { SCENE_POOL_TEMPLATE, registerScenePoolConfig } from "./scene-config";
import { registerMagicWrites } from "./writes";
import { registerSpellActions } from "./actions";
import { COMPANION_QUERY, answerSummon, registerCompanionHooks, summonCompanion } from "./companions";

export { castSpell, channelMana, drinkManaPotionItem, useAlchemyItem, configurePool, scenePool, refillPools };

/** Every template magic renders (the smoke test checks each exists). */
export const MAGIC_TEMPLATES = [CAST_CARD_TEMPLATE, MANA_HUD_TEMPLATE, SCENE_POOL_TEMPLATE, SPELL_EFFECTS_TEMPLATE] as const;

/** `game.clockwork.magic`. */
export const magicApi = {
  castSpell: (actor: CastDoc, item: SpellItem, options?: CastOptions) => castSpell(actor, item, options),
  channelMana: (actor: Parameters<typeof channelMana>[0], amount: number) => channelMana(actor, amount),
  drinkManaPotion: drinkManaPotionItem,
  useAlchemy: (actor: Parameters<typeof useAlchemyItem>[0], item: AlchemyItem, options?: AlchemyOptions) => useAlchemyItem(actor, item, options),
  configurePool,
  scenePool: (scene = currentScene()) => scenePool(scene),
  refillPools,
  hud: manaHud,
  /** A golem or companion as an actor acting right after its controller (created by the GM). */
  summonCompanion,
};

/** Adds the magic methods to the Actor class (castSpell replaces the dice layer's plain roll). */
export function installActorMagic(cls: { prototype: object }): void {
  const methods = {
    castSpell(this: CastDoc, item: SpellItem, options?: CastOptions) { return castSpell(this, item, options); },
    channelMana(this: CastDoc, amount: number) { return channelMana(this as never, amount); },
    drinkManaPotion(this: CastDoc, item: Parameters<typeof drinkManaPotionItem>[1]) { return drinkManaPotionItem(this as never, item); },
    useAlchemy(this: CastDoc, item: AlchemyItem, options?: AlchemyOptions) { return useAlchemyItem(this as never, item, options); },
  };
  for (const [name, fn] of Object.entries(methods)) Object.defineProperty(cls.prototype, name, { value: fn, writable: true, configurable: true });
}

interface MessageLike {
  flags?: Record<string, unknown>;
  isOwner?: boolean;
  update(changes: object): Promise<unknown>;
}

/** The card's Apply button (writes a cast could not make when it was cast). */
function onRenderMessage(message: MessageLike, html: HTMLElement): void {
  if (!castData(message) || !(html instanceof HTMLElement)) return;
  const button = html.querySelector<HTMLButtonElement>("[data-action=applyCast]");
  if (!button) return;
  if (!message.isOwner && !game.user?.isGM) {
    button.remove();
    return;
  }
  button.addEventListener("click", () => {
    button.disabled = true;
    void applyCastCard(message).finally(() => (button.disabled = false));
  });
}

/** The magic tab's additions: the scene's pool beside the personal one, and a channel button. */
function onRenderSheet(app: { document?: CastDoc; actor?: CastDoc }, html: HTMLElement): void {
  if (!(html instanceof HTMLElement)) return;
  const actor = app.actor ?? app.document;
  const slot = html.querySelector<HTMLElement>("[data-cw-global-pool]");
  if (slot) {
    const pool = scenePool(currentScene());
    slot.hidden = !pool;
    if (pool) slot.textContent = game.i18n?.format("CLOCKWORK.Magic.Sheet.GlobalPool", { value: String(pool.value), max: String(pool.max) }) ?? "";
  }
  addAlchemyButtons(html, actor as never, game.i18n?.localize("CLOCKWORK.Magic.Alchemy.Use") ?? "Use");
  const tab = html.querySelector<HTMLElement>(".cw-tab-magic");
  if (tab && actor) void addSpellEffects(tab, actor);
  for (const button of html.querySelectorAll<HTMLButtonElement>("[data-cw-magic-action=channel]")) {
    button.addEventListener("click", () => {
      if (actor) manaHud().render({ force: true });
    });
  }
}

/** The magic tab's list of lasting spell effects (with their gains and what is left of them). */
async function addSpellEffects(tab: HTMLElement, actor: CastDoc): Promise<void> {
  const combat = game.combat as unknown as { id: string; round: number; started?: boolean } | null;
  const context = spellEffectsContext((actor as { effects?: Iterable<never> }).effects ?? [], {
    combat: combat?.started ? { id: combat.id, round: combat.round } : null, worldTime: worldTime(),
  });
  const html = await foundry.applications.handlebars.renderTemplate(SPELL_EFFECTS_TEMPLATE, context as never);
  tab.querySelector("[data-cw-spell-effects]")?.remove();
  const header = tab.querySelector(":scope > .cw-section-header");
  if (header) header.insertAdjacentHTML("afterend", html);
  else tab.insertAdjacentHTML("afterbegin", html);
}

/** Registers everything magic needs; once, in `init`. */
export function registerMagic(): void {
  registerMagicWrites();
  (CONFIG as unknown as { queries: Record<string, unknown> }).queries[SPELL_REACTION_QUERY] = answerSpellReaction;
  (CONFIG as unknown as { queries: Record<string, unknown> }).queries[COMPANION_QUERY] = answerSummon;
  registerPoolHooks();
  registerLifecycle();
  registerManaHud();
  registerScenePoolConfig();
  registerSpellActions();
  registerCompanionHooks();
  installActorMagic(ClockworkActor);
  const hooks = Hooks as unknown as { on(name: string, fn: (...args: never[]) => unknown): number };
  hooks.on("renderChatMessageHTML", onRenderMessage);
  hooks.on("renderActorSheetV2", onRenderSheet);
  (game as unknown as { clockwork?: Record<string, unknown> }).clockwork ??= {};
  ((game as unknown as { clockwork: Record<string, unknown> }).clockwork).magic = magicApi;
  void foundry.applications.handlebars?.loadTemplates?.([...MAGIC_TEMPLATES]);
}
