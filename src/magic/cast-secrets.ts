/**
 * A cast card's hidden numbers (issue 18 item 6). The card holds only what every viewer may know;
 * when the hidden-info setting does not show everything, the designated GM works the card's
 * numbers out again (./cast-apply) and whispers each target's defense and exact chance to that
 * target's observers (./observers) in a message of its own, which is never shown as a chat entry:
 * the card's render reads it and adds the numbers to its copy for those viewers.
 */
import { currentUser, isDesignatedGM, resolveUuidSync, worldCollection } from "../foundry";
import { spellOdds } from "../rules";
import { hiddenInfoLevel } from "../combat/attack/settings";
import { castData } from "./cast";
import { recomputeCast } from "./cast-apply";
import { whisperToObservers } from "./observers";

export const CAST_SECRET_FLAG = "castSecret";

/** One target's numbers (or, with `target: -1`, the cast's own chance for its caster's observers). */
export interface CastSecret {
  card: string;
  target: number;
  defense: number | null;
  chance: number | null;
}

interface CardMessage {
  id: string;
  uuid: string;
  author?: { id?: string | null } | null;
  flags?: Record<string, unknown>;
  rolls?: unknown[];
}

/** Designated GM: the secrets of a new cast card whose numbers the card does not show. */
export async function postCastSecrets(message: CardMessage): Promise<number> {
  const data = castData(message);
  if (!data || !isDesignatedGM() || hiddenInfoLevel() === "everything" || data.sealed) return 0;
  const gm = currentUser<{ id: string; isGM?: boolean }>();
  const worked = recomputeCast({ id: message.id, uuid: message.uuid, flags: (message.flags?.clockwork as Record<string, unknown>) ?? {}, rolls: message.rolls ?? [] }, { user: gm, isGM: true });
  if ("refused" in worked) return 0;
  const { setup } = worked;
  const odds = spellOdds(setup.spell, setup.caster, setup.ruleTargets, { difficulty: worked.difficulty, damageType: setup.damageType });
  let posted = 0;
  for (const [i, target] of worked.targets.entries()) {
    const outcome = worked.outcome.targets[i];
    const secret: CastSecret = { card: message.id, target: i, defense: outcome?.attack ? outcome.attack.setup.defense.total : null, chance: odds.targets[i]?.chance ?? null };
    await whisperToObservers(target.actor, { [CAST_SECRET_FLAG]: secret });
    posted++;
  }
  if (!worked.targets.length) {
    const caster = data.caster.uuid ? resolveUuidSync<{ testUserPermission?(u: unknown, l: string): boolean }>(data.caster.uuid) : null;
    await whisperToObservers(caster, { [CAST_SECRET_FLAG]: { card: message.id, target: -1, defense: null, chance: odds.chanceOfSuccess } satisfies CastSecret });
    posted++;
  }
  return posted;
}

const secretOf = (message: { flags?: Record<string, unknown> } | null | undefined): CastSecret | null =>
  ((message?.flags?.clockwork as Record<string, unknown> | undefined)?.[CAST_SECRET_FLAG] as CastSecret | undefined) ?? null;

/** Whether a message is a cast secret (its render hides it). */
export function isCastSecret(message: { flags?: Record<string, unknown> } | null | undefined): boolean {
  return secretOf(message) !== null;
}

/** The secrets this viewer received for a card. */
export function secretsFor(cardId: string): CastSecret[] {
  return [...(worldCollection<Iterable<{ flags?: Record<string, unknown>; visible?: boolean }>>("messages") ?? [])]
    .filter((m) => m.visible !== false)
    .map(secretOf)
    .filter((s): s is CastSecret => s !== null && s.card === cardId);
}

const percent = (p: number): string => (p > 0 && p < 0.01 ? "<1%" : p < 1 && p > 0.99 ? ">99%" : `${Math.round(p * 100)}%`);

/** Adds the numbers this viewer may see to its copy of a cast card. */
export function revealSecrets(cardId: string, html: HTMLElement): void {
  const i18n = game.i18n;
  for (const secret of secretsFor(cardId)) {
    const row = secret.target >= 0 ? html.querySelectorAll<HTMLElement>(".cw-cast-target")[secret.target] : html.querySelector<HTMLElement>(".cw-cast-card__footer");
    if (!row || row.querySelector("[data-cw-secret]")) continue;
    const note = document.createElement("span");
    note.dataset.cwSecret = "";
    note.className = "cw-cast-target__chance";
    const parts: string[] = [];
    if (secret.chance !== null) parts.push(`${i18n?.localize("CLOCKWORK.Magic.Card.Chance") ?? ""} ${percent(secret.chance)}`);
    if (secret.defense !== null) parts.push(i18n?.format("CLOCKWORK.Magic.Card.Defense", { defense: String(secret.defense) }) ?? "");
    note.textContent = parts.join(" · ");
    row.querySelector("[data-band]")?.remove();
    row.append(note);
  }
}
