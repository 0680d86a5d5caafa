/**
 * Magic in Foundry (issue 11): personal and global mana, channeling, mana potions, casting with
 * its card, spell effects that end themselves, the mana HUD and the scene's pool setting.
 * `registerMagic()` runs once in `init`; `installActorMagic` gives every actor
 * `castSpell(item, options)`, `channelMana(amount)`, `drinkManaPotion(item)` and
 * `useAlchemy(item, { target })`; the same calls
 * are on `game.clockwork.magic` for macros and modules (docs/spells.md lists what each spell does).
 * Registration is synchronous and light: casting, its card, channeling, alchemy, the HUD, the
 * effects' lifecycle and the sheet's additions load on first use (./impl, issue 9); the scene's
 * pool (its hooks answer synchronously), the write relay and the spell actions stay at start-up.
 */
import { ClockworkActor } from "../documents";
import type { CastDoc, CastOptions } from "./cast";
import type { AlchemyItem, AlchemyOptions } from "./alchemy";
import type { SpellItem } from "./context";
import { CAST_CARD_TEMPLATE, CAST_FLAG, COUNTERSPELL_QUERY, COUNTERSPELL_TEMPLATE, MAGIC_WRITE_QUERY, SPELL_ACTIONS, SPELL_REACTION_QUERY, SPELL_TABLE_TEMPLATE } from "./constants";
import { configurePool, currentScene, refillPools, registerPoolHooks, scenePool, POOL_CHANGED_HOOK } from "./pool";
import { MANA_HUD_TEMPLATE, SPELL_EFFECTS_TEMPLATE } from "./views";
import { SCENE_POOL_TEMPLATE, registerScenePoolConfig } from "./scene-config";
import { allowGmWritePaths } from "../combat/gm-write-constants";
import { registerLazyActionProvider } from "../combat/actions/providers";
import { COMPANION_QUERY, answerSummon, registerCompanionHooks, summonCompanion } from "./companions";
import { track } from "./settle";

/** Magic's code, on first use. */
const impl = () => import("./impl");
type Impl = Awaited<ReturnType<typeof impl>>;
/** The loaded code, once it is (hooks that only matter when something of it is open read it synchronously). */
let loaded: Impl | null = null;
const load = async (): Promise<Impl> => (loaded ??= await impl());

/** `actor.castSpell(item, options)` (docs/spells.md). */
export async function castSpell(actor: CastDoc, item: SpellItem, options?: CastOptions): ReturnType<Impl["castSpell"]> {
  return (await load()).castSpell(actor, item, options);
}
/** `actor.channelMana(amount)`. */
export async function channelMana(...args: Parameters<Impl["channelMana"]>): ReturnType<Impl["channelMana"]> {
  return (await load()).channelMana(...args);
}
/** `actor.drinkManaPotion(item)`. */
export async function drinkManaPotionItem(...args: Parameters<Impl["drinkManaPotionItem"]>): ReturnType<Impl["drinkManaPotionItem"]> {
  return (await load()).drinkManaPotionItem(...args);
}
/** `actor.useAlchemy(item, options)`. */
export async function useAlchemyItem(...args: Parameters<Impl["useAlchemyItem"]>): ReturnType<Impl["useAlchemyItem"]> {
  return (await load()).useAlchemyItem(...args);
}

export { configurePool, scenePool, refillPools };

/** Every template magic renders (the smoke test checks each exists). */
export const MAGIC_TEMPLATES = [CAST_CARD_TEMPLATE, COUNTERSPELL_TEMPLATE, MANA_HUD_TEMPLATE, SCENE_POOL_TEMPLATE, SPELL_EFFECTS_TEMPLATE, SPELL_TABLE_TEMPLATE] as const;

/** `game.clockwork.magic`. */
export const magicApi = {
  castSpell: (actor: CastDoc, item: SpellItem, options?: CastOptions) => castSpell(actor, item, options),
  channelMana: (actor: Parameters<Impl["channelMana"]>[0], amount: number) => channelMana(actor, amount),
  drinkManaPotion: drinkManaPotionItem,
  useAlchemy: (actor: Parameters<Impl["useAlchemyItem"]>[0], item: AlchemyItem, options?: AlchemyOptions) => useAlchemyItem(actor, item, options),
  configurePool,
  scenePool: (scene = currentScene()) => scenePool(scene),
  refillPools,
  /** The mana HUD window (a promise: its code loads on first use). */
  hud: async () => (await load()).manaHud(),
  /** A golem or companion as an actor acting right after its controller (created by the GM). */
  summonCompanion,
  /** A casting card's book table (companion, personality roll, illusion, aspect): `useSpellTable(message, choice?)`. */
  useSpellTable: async (...args: Parameters<Impl["useSpellTable"]>) => (await load()).useSpellTable(...args),
};

/** Adds the magic methods to the Actor class (castSpell replaces the dice layer's plain roll). */
export function installActorMagic(cls: { prototype: object }): void {
  const methods = {
    castSpell(this: CastDoc, item: SpellItem, options?: CastOptions) { return castSpell(this, item, options); },
    channelMana(this: CastDoc, amount: number) { return channelMana(this as never, amount); },
    drinkManaPotion(this: CastDoc, item: Parameters<Impl["drinkManaPotionItem"]>[1]) { return drinkManaPotionItem(this as never, item); },
    useAlchemy(this: CastDoc, item: AlchemyItem, options?: AlchemyOptions) { return useAlchemyItem(this as never, item, options); },
  };
  for (const [name, fn] of Object.entries(methods)) Object.defineProperty(cls.prototype, name, { value: fn, writable: true, configurable: true });
}

/** Registers the effects' lifecycle: every client, the handlers write on the active GM only (tracked: `lifecycleSettled`). */
function registerLifecycle(hooks: { on(name: string, fn: (...args: never[]) => unknown): number }): void {
  hooks.on("combatTurnChange", (...args: Parameters<Impl["onTurnChange"]>) => track(load().then((i) => i.onTurnChange(...args))));
  hooks.on("updateWorldTime", (time: number) => {
    const actors = (game as unknown as { actors?: Parameters<Impl["onWorldTime"]>[0] }).actors ?? [];
    track(load().then((i) => i.onWorldTime(actors, typeof time === "number" ? time : undefined)));
  });
  hooks.on("clockwork.attack", (_actor: unknown, _item: unknown, outcome: Parameters<Impl["onWeaponAttack"]>[0]) => track(load().then((i) => i.onWeaponAttack(outcome))));
  hooks.on("deleteCombat", (combat: Parameters<Impl["onDeleteCombat"]>[0]) => track(load().then((i) => i.onDeleteCombat(combat))));
}

/** The mana HUD: opens when the scene has a pool, and keeps itself current while open. */
function registerManaHud(hooks: { on(name: string, fn: (...args: never[]) => unknown): number }): void {
  const refresh = () => void load().then((i) => i.refreshManaHud());
  hooks.on("canvasReady", refresh);
  hooks.on(POOL_CHANGED_HOOK, refresh);
  // Only an open HUD re-renders, and it is open only once its code has loaded.
  hooks.on("updateActor", () => loaded?.rerenderManaHud());
  hooks.on("controlToken", () => loaded?.rerenderManaHud());
}

/** Registers everything magic needs; once, in `init`. */
export function registerMagic(): void {
  const queries = (CONFIG as unknown as { queries: Record<string, unknown> }).queries;
  // The write relay's GM side and the personal mana path of the combat relay (magic/writes' registerMagicWrites, its code on first use).
  queries[MAGIC_WRITE_QUERY] = async (data: unknown) => (await import("./writes")).answerMagicWrite(data);
  allowGmWritePaths("Actor", ["system.mana.value"]);
  queries[SPELL_REACTION_QUERY] = async (data: unknown) => (await load()).answerSpellReaction(data);
  queries[COUNTERSPELL_QUERY] = async (data: unknown) => (await load()).answerCounterspell(data);
  queries[COMPANION_QUERY] = answerSummon;
  const hooks = Hooks as unknown as { on(name: string, fn: (...args: never[]) => unknown): number; once(name: string, fn: () => unknown): number };
  registerPoolHooks();
  registerLifecycle(hooks);
  registerManaHud(hooks);
  registerScenePoolConfig();
  registerLazyActionProvider(SPELL_ACTIONS, async () => (await import("./actions")).spellActionProvider);
  registerCompanionHooks();
  installActorMagic(ClockworkActor);
  hooks.on("renderChatMessageHTML", (message: { flags?: { clockwork?: Record<string, unknown> } }, html: HTMLElement) => {
    if (message?.flags?.clockwork?.[CAST_FLAG]) void load().then((i) => i.onRenderMessage(message as never, html));
  });
  hooks.on("renderActorSheetV2", (app: Parameters<Impl["onRenderSheet"]>[0], html: HTMLElement) => void load().then((i) => i.onRenderSheet(app, html)));
  (game as unknown as { clockwork?: Record<string, unknown> }).clockwork ??= {};
  ((game as unknown as { clockwork: Record<string, unknown> }).clockwork).magic = magicApi;
  void foundry.applications.handlebars?.loadTemplates?.([...MAGIC_TEMPLATES]);
  // Not needed to start, but soon: fetched in the background once the game is ready, as the sheets are.
  hooks.once("ready", () => void load().catch(() => null));
}
