/**
 * A cast card's hidden numbers (issue 18 item 6). Unless the hidden-info setting shows everything,
 * no message holds a target's defense or exact chance: the card keeps a band. A viewer who may
 * observe a target (a GM, or Observer on its actor) works the numbers out itself when the card
 * renders, from the card's rolls and its own world, with the recompute the GM's Apply uses
 * (./cast-apply `recomputeCast`), and adds them to its copy of the card.
 */
import { currentUser } from "../foundry";
import { spellOdds } from "../rules";
import { hiddenInfoLevel } from "../combat/attack/settings";
import { castData } from "./cast";
import { recomputeCast } from "./cast-apply";
import { CAST_FLAG, percent } from "./card";

/** One target's numbers (`target: -1`: the cast's own chance, for its caster's observers). */
export interface CastNumbers {
  target: number;
  defense: number | null;
  chance: number | null;
}

interface Observed {
  uuid?: string;
  testUserPermission?(user: unknown, level: string): boolean;
  _stats?: { modifiedTime?: number | null };
}

interface CardMessage {
  id?: string;
  uuid?: string;
  author?: { id?: string | null; isGM?: boolean } | null;
  flags?: Record<string, unknown>;
  rolls?: unknown[];
  _stats?: { modifiedTime?: number | null };
}

interface Worked {
  numbers: CastNumbers[];
}

// Per card: the worked numbers and the update times they were worked from (a render is frequent).
const cache = new Map<string, { stamp: string; worked: Worked | null }>();

const mayObserve = (actor: Observed | null, user: { isGM?: boolean } | null): boolean =>
  user?.isGM === true || actor?.testUserPermission?.(user, "OBSERVER") === true;

/** Works every target's numbers out again, as the card's author's Apply would. */
function work(message: CardMessage): Worked | null {
  const data = castData(message);
  if (!data || !message.id || !message.uuid) return null;
  // An undone card still shows what it was cast with.
  const flags = { ...(message.flags?.clockwork as Record<string, unknown> | undefined), [CAST_FLAG]: { ...data, undone: false } };
  const author = message.author ?? null;
  // Numbers to show, not writes: read as the card says (the records it is checked against on Apply may be hidden here).
  const worked = recomputeCast({ id: message.id, uuid: message.uuid, flags, rolls: message.rolls ?? [] }, { user: author, isGM: author?.isGM === true }, { trustCard: true });
  if ("refused" in worked) return null;
  const { setup } = worked;
  const odds = spellOdds(setup.spell, setup.caster, setup.ruleTargets, { difficulty: worked.difficulty, damageType: setup.damageType });
  const numbers: CastNumbers[] = worked.targets.map((_, i) => {
    const attack = worked.outcome.targets[i]?.attack;
    return { target: i, defense: attack ? attack.setup.defense.total : null, chance: odds.targets[i]?.chance ?? null };
  });
  if (!numbers.length) numbers.push({ target: -1, defense: null, chance: odds.chanceOfSuccess });
  return { numbers };
}

function cached(message: CardMessage, actors: (Observed | null)[]): Worked | null {
  const stamp = [message._stats?.modifiedTime, ...actors.map((a) => a?._stats?.modifiedTime)].join("|");
  const hit = message.id ? cache.get(message.id) : undefined;
  if (hit && hit.stamp === stamp) return hit.worked;
  const worked = work(message);
  if (message.id) cache.set(message.id, { stamp, worked });
  return worked;
}

/** The numbers of a card the current user may see (none when the card itself shows everything). */
export function castNumbersFor(message: CardMessage, resolve: (uuid: string) => Observed | null): CastNumbers[] {
  const data = castData(message);
  if (!data || data.sealed || hiddenInfoLevel() === "everything") return [];
  const user = currentUser<{ isGM?: boolean }>();
  const find = (uuid: string | null): Observed | null => {
    try {
      return uuid ? resolve(uuid) : null;
    } catch {
      return null;
    }
  };
  const caster = find(data.caster.uuid);
  const targets = data.targets.map((t) => find(t.uuid));
  const observed = data.targets.length ? targets.some((t) => mayObserve(t, user)) : mayObserve(caster, user);
  if (!observed) return [];
  const worked = cached(message, [caster, ...targets]);
  if (!worked) return [];
  return worked.numbers
    .filter((n) => mayObserve(n.target >= 0 ? targets[n.target] : caster, user));
}

/** Adds the numbers this viewer may see to its copy of a cast card. */
export function revealCastNumbers(message: CardMessage, html: HTMLElement, resolve: (uuid: string) => Observed | null): void {
  const i18n = game.i18n;
  for (const n of castNumbersFor(message, resolve)) {
    const row = n.target >= 0 ? html.querySelectorAll<HTMLElement>(".cw-cast-target")[n.target] : html.querySelector<HTMLElement>(".cw-cast-card__footer");
    if (!row || row.querySelector("[data-cw-reveal]")) continue;
    const note = document.createElement("span");
    note.dataset.cwReveal = "";
    note.className = "cw-cast-target__chance";
    const parts: string[] = [];
    if (n.chance !== null) parts.push(`${i18n?.localize("CLOCKWORK.Magic.Card.Chance") ?? ""} ${percent(n.chance)}`);
    if (n.defense !== null) parts.push(i18n?.format("CLOCKWORK.Magic.Card.Defense", { defense: String(n.defense) }) ?? "");
    note.textContent = parts.join(" · ");
    row.querySelector("[data-band]")?.remove();
    row.append(note);
  }
}
