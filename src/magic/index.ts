/**
 * Magic in Foundry (issue 11): personal and global mana, channeling, mana potions, casting with
 * its card, spell effects that end themselves, the mana HUD and the scene's pool setting.
 * `registerMagic()` runs once in `init`. The actor's `castSpell(item, options)`,
 * `channelMana(amount)`, `drinkManaPotion(item)` and `useAlchemy(item, { target })` (declared on
 * ClockworkActor) call the functions below; the same calls are on `game.clockwork.magic` for
 * macros and modules (docs/spells.md lists what each spell does).
 */
import { hooks as foundryHooks, registerQuery, resolveUuidSync, systemApi, worldCollection } from "../foundry";
import type { CastDoc, CastOptions } from "./cast";
import { aimSpell, answerCounterspell, answerSpellReaction, castSpell } from "./cast";
import { useAlchemyItem, type AlchemyItem, type AlchemyOptions } from "./alchemy";
import { channelMana, drinkManaPotionItem } from "./channel";
import type { SpellItem } from "./context";
import { CAST_CARD_TEMPLATE, CAST_FLAG, COUNTERSPELL_QUERY, COUNTERSPELL_TEMPLATE, SPELL_REACTION_QUERY, SPELL_TABLE_TEMPLATE } from "./constants";
import { manaHud, registerManaHud } from "./hud";
import { onDeleteCombat, onTurnChange, onWorldTime } from "./lifecycle";
import { registerStateEndings, type EndingActor } from "./state-endings";
import { configurePool, currentScene, refillPools, registerPoolHooks, scenePool } from "./pool";
import { onRenderMessage, onRenderSheet } from "./render";
import { useSpellTable } from "./spell-tables";
import { MANA_HUD_TEMPLATE, SPELL_EFFECTS_TEMPLATE } from "./views";
import { SCENE_POOL_TEMPLATE, registerScenePoolConfig } from "./scene-config";
import { registerSpellActions } from "./actions";
import { registerCompanionHooks, summonCompanion } from "./companions";
import { registerCompanionKind } from "./companion-kind";
import { revealCastNumbers } from "./cast-reveal";
import { track } from "./settle";
import { registerCastKinds } from "./cast-apply";
import { registerChannelKind } from "./channel";
import { registerAlchemyKind } from "./alchemy";
import { registerMagicSettings } from "./settings";

export { castSpell, channelMana, drinkManaPotionItem, useAlchemyItem };

export { configurePool, scenePool, refillPools };

/** Every template magic renders (the smoke test checks each exists). */
export const MAGIC_TEMPLATES = [CAST_CARD_TEMPLATE, COUNTERSPELL_TEMPLATE, MANA_HUD_TEMPLATE, SCENE_POOL_TEMPLATE, SPELL_EFFECTS_TEMPLATE, SPELL_TABLE_TEMPLATE] as const;

/** `game.clockwork.magic`. */
export const magicApi = {
  castSpell: (actor: CastDoc, item: SpellItem, options?: CastOptions) => castSpell(actor, item, options),
  /** What a cast aimed at a space (`area`) or at `targets` would take, and why a target is out of reach: nothing is paid or drawn. */
  aimSpell: (actor: CastDoc, item: SpellItem, options?: Pick<CastOptions, "targets" | "area" | "mode">) => aimSpell(actor, item, options),
  channelMana: (actor: Parameters<typeof channelMana>[0], amount: number) => channelMana(actor, amount),
  drinkManaPotion: drinkManaPotionItem,
  useAlchemy: (actor: Parameters<typeof useAlchemyItem>[0], item: AlchemyItem, options?: AlchemyOptions) => useAlchemyItem(actor, item, options),
  configurePool,
  scenePool: (scene = currentScene()) => scenePool(scene),
  refillPools,
  /** The mana HUD window. */
  hud: manaHud,
  /** A golem or companion as an actor acting right after its controller (created by the GM). */
  summonCompanion,
  /** A casting card's book table (companion, personality roll, illusion, aspect): `useSpellTable(message, choice?)`. */
  useSpellTable,
};

/** Registers the effects' lifecycle: every client, the handlers write on the active GM only (tracked: `lifecycleSettled`). */
function registerLifecycle(hooks: { on(name: string, fn: (...args: never[]) => unknown): number }): void {
  hooks.on("combatTurnChange", (...args: Parameters<typeof onTurnChange>) => track(onTurnChange(...args)));
  hooks.on("updateWorldTime", (time: number) => {
    const actors = worldCollection<Parameters<typeof onWorldTime>[0]>("actors") ?? [];
    track(onWorldTime(actors, typeof time === "number" ? time : undefined));
  });
  hooks.on("deleteCombat", (combat: Parameters<typeof onDeleteCombat>[0]) => track(onDeleteCombat(combat)));
  // States that end on damage, an attack or the caster's hostile act (issue 19 item 3).
  registerStateEndings(hooks, (uuid) => resolveUuidSync<EndingActor>(uuid));
}

/** Registers everything magic needs; once, in `init`. */
export function registerMagic(): void {
  registerMagicSettings();
  // Magic's relay kinds: the GM derives each write from the request's card in its own world.
  registerCastKinds();
  registerChannelKind();
  registerAlchemyKind();
  registerCompanionKind();
  registerQuery(SPELL_REACTION_QUERY, (data: unknown) => answerSpellReaction(data));
  registerQuery(COUNTERSPELL_QUERY, (data: unknown) => answerCounterspell(data));
  const hooks = foundryHooks();
  registerPoolHooks();
  registerLifecycle(hooks);
  registerManaHud();
  registerScenePoolConfig();
  registerSpellActions();
  registerCompanionHooks();
  hooks.on("renderChatMessageHTML", (message: { id?: string; flags?: { clockwork?: Record<string, unknown> } }, html: HTMLElement) => {
    if (!message?.flags?.clockwork?.[CAST_FLAG]) return;
    onRenderMessage(message as never, html);
    // The numbers only a target's observers may see: worked out here, never read from a message.
    if (html instanceof HTMLElement) revealCastNumbers(message, html, (uuid) => resolveUuidSync(uuid));
  });
  hooks.on("renderActorSheetV2", (app: Parameters<typeof onRenderSheet>[0], html: HTMLElement) => onRenderSheet(app, html));
  systemApi().magic = magicApi;
  void foundry.applications.handlebars?.loadTemplates?.([...MAGIC_TEMPLATES]);
}
