/**
 * Rolls anywhere (issue 22 item 3): the journal and chat enrichers, the damage card's Apply
 * through the relay, and the GM's roll request. The gain-pool dice modifier (`7d12g8`) is the
 * dice layer's (src/dice/gain-modifier.ts). Registered by the entry at `init`.
 */
import { getConfig, hooks, localize, systemApi } from "../foundry";
import { addApplyButton, applyEnricherDamage, DAMAGE_APPLY, damageFlag, registerDamageKind, undoEnricherDamage } from "./damage";
import { enrichLink, enrichRoll, onEnricherClick } from "./enrich";
import { answerRequest, registerRollRequests, renderRequest, requestFlag, requestRoll } from "./request";
import { LINK_ENRICHER, ROLL_ENRICHER } from "./syntax";

export { DAMAGE_APPLY, requestRoll };

/** `game.clockwork.enrichers` and `game.clockwork.requestRoll`. */
export const enricherApi = {
  requestRoll,
  answerRequest,
  applyDamage: applyEnricherDamage,
  undoDamage: undoEnricherDamage,
  onClick: onEnricherClick,
} as const;

interface EnricherConfig {
  pattern: RegExp;
  enricher: (match: RegExpMatchArray, options?: object) => Promise<HTMLElement | null>;
}

type CardMessage = Parameters<typeof addApplyButton>[0];

/** A click on a roll link anywhere in the page (journals, chat, sheets' enriched text). */
function onBodyClick(event: MouseEvent): void {
  const link = (event.target as HTMLElement | null)?.closest?.<HTMLElement>("a.cw-enricher[data-cw-enricher]");
  if (!link) return;
  event.preventDefault();
  void onEnricherClick(link, event);
}

export function registerEnrichers(): void {
  const editor = getConfig().TextEditor as unknown as { enrichers: EnricherConfig[] };
  editor.enrichers.push(
    { pattern: ROLL_ENRICHER, enricher: async (match, options) => enrichRoll(match, (options as { relativeTo?: { uuid?: string } } | undefined)?.relativeTo?.uuid) },
    { pattern: LINK_ENRICHER, enricher: async (match) => enrichLink(match) },
  );
  registerDamageKind();
  registerRollRequests();
  systemApi().enrichers = enricherApi;
  systemApi().requestRoll = requestRoll;
  hooks().on("renderChatMessageHTML", (message: CardMessage, html: HTMLElement) => {
    const flags = (message.flags?.clockwork ?? {}) as Record<string, unknown>;
    if (damageFlag(flags)) addApplyButton(message, html, { apply: localize("CLOCKWORK.Enricher.Damage.Apply"), undo: localize("CLOCKWORK.Relay.Undo"), undone: localize("CLOCKWORK.Relay.CardUndone") });
    if (requestFlag(message)) renderRequest(message as never, html);
  });
  // No page (a headless client): nothing to click.
  hooks().once("ready", () => globalThis.document?.body?.addEventListener("click", onBodyClick));
}
