/** Magic's additions to rendered chat cards and actor sheets. */
import { applyCastCard, castData, type CastDoc } from "./cast";
import { undoCastCard } from "./cast-apply";
import { addAlchemyButtons } from "./alchemy";
import { useSpellTable } from "./spell-tables";
import { manaHud } from "./hud";
import { currentScene, scenePool } from "./pool";
import { SPELL_EFFECTS_TEMPLATE, spellEffectsContext } from "./views";
import { viewedCombat, worldTime } from "../foundry";

interface MessageLike {
  flags?: Record<string, unknown>;
  isOwner?: boolean;
  update(changes: object): Promise<unknown>;
}

/** The card's Apply button (writes a cast could not make when it was cast) and its book table's button. */
export function onRenderMessage(message: MessageLike, html: HTMLElement): void {
  if (!castData(message) || !(html instanceof HTMLElement)) return;
  const table = html.querySelector<HTMLButtonElement>("[data-action=useSpellTable]");
  if (table) {
    // Only the caster's owner or a GM uses the table (its button is in every viewer's copy of the card).
    const caster = castData(message)?.caster.uuid;
    const owner = caster ? (fromUuidSync(caster as never) as { isOwner?: boolean } | null)?.isOwner : false;
    if (!owner && !game.user?.isGM) table.remove();
    else table.addEventListener("click", () => {
      table.disabled = true;
      void useSpellTable(message).finally(() => (table.disabled = false));
    });
  }
  const undo = html.querySelector<HTMLButtonElement>("[data-action=undoCast]");
  if (undo) {
    // The GM's: Undo reverts what the card wrote on creatures the author may not own.
    if (!game.user?.isGM) undo.remove();
    else undo.addEventListener("click", () => {
      undo.disabled = true;
      void undoCastCard(message).finally(() => (undo.disabled = false));
    });
  }
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
export function onRenderSheet(app: { document?: CastDoc; actor?: CastDoc }, html: HTMLElement): void {
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
  const combat = viewedCombat<{ id: string; round: number; started?: boolean }>();
  const context = spellEffectsContext((actor as { effects?: Iterable<never> }).effects ?? [], {
    combat: combat?.started ? { id: combat.id, round: combat.round } : null, worldTime: worldTime(),
  });
  const html = await foundry.applications.handlebars.renderTemplate(SPELL_EFFECTS_TEMPLATE, context as never);
  tab.querySelector("[data-cw-spell-effects]")?.remove();
  const header = tab.querySelector(":scope > .cw-section-header");
  if (header) header.insertAdjacentHTML("afterend", html);
  else tab.insertAdjacentHTML("afterbegin", html);
}

