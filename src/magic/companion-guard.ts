/**
 * The GM's check of a player's companion request (docs/rulings.md 140): a player's companion
 * comes from the player's own successful Golemancy or Call of the Wild card, once per card, and
 * the GM resolves the table choice against the card's gains itself — whatever system data, items
 * or runes the client sent are ignored. Loaded on demand by ./companions' `answerSummon`.
 */
import { localize, resolveUuidSync, worldCollection } from "../foundry";
import type { CastCardData } from "./card";
import { companionSource, resolveTableChoice, type TableChoice } from "./spell-table-choice";

/** The spells whose card makes a companion, by their table. */
const COMPANION_TABLES: Readonly<Record<string, string>> = { golemancy: "golemancy", callOfTheWild: "call-of-the-wild" };

/** A refusal: a lang key under `CLOCKWORK.Magic.Companion.Guard` with its data. */
export interface SummonRefusal {
  key: string;
  data: Record<string, string>;
}

/** The card as the GM reads it from its own world. */
export interface SummonCard {
  authorId: string | null;
  cast: CastCardData | null;
  /** Whether an actor in the world was already made from this card. */
  madeOne: boolean;
}

const refusal = (reason: string, data: Record<string, string> = {}): SummonRefusal => ({ key: `CLOCKWORK.Magic.Companion.Guard.${reason}`, data });

/**
 * Whether the card allows this request (pure): posted by the requester (a GM may use any card),
 * a cast of the request's companion spell by the request's caster, a success, not used yet.
 */
export function summonCardRefusal(card: SummonCard | null, request: { casterUuid: string; spell?: string }, requester: { id: string; isGM?: boolean }): SummonRefusal | null {
  const cast = card?.cast;
  if (!card || !cast) return refusal("NoCard");
  if (!requester.isGM && card.authorId !== requester.id) return refusal("NotYourCard");
  const spell = COMPANION_TABLES[cast.spell.table];
  if (!spell || spell !== cast.spell.identifier || (request.spell ?? spell) !== spell) return refusal("WrongSpell", { spell: cast.spell.name });
  if (cast.caster.uuid !== request.casterUuid) return refusal("WrongCaster", { caster: cast.caster.name });
  if (!cast.success || cast.countered) return refusal("Failed", { spell: cast.spell.name });
  if (cast.tableUse?.companion || card.madeOne) return refusal("Used", { spell: cast.spell.name });
  return null;
}

/** What the GM creates for a card-backed request. */
export interface VerifiedSummon {
  name: string;
  spell: string;
  system: Record<string, unknown>;
  items: Record<string, unknown>[];
  runes: string;
}

/**
 * The companion a card's table choice makes, resolved by the GM with the client's own pure
 * functions (./spell-table-choice): a refusal for a choice the gains do not reach.
 */
export function summonFromCard(cast: CastCardData, choice: unknown): VerifiedSummon | SummonRefusal {
  const picked = (choice && typeof choice === "object" ? choice : {}) as TableChoice;
  let resolved: ReturnType<typeof resolveTableChoice>;
  try {
    resolved = resolveTableChoice(cast, picked);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return refusal("Choice", { spell: cast.spell.name, gains: String(cast.gains) });
  }
  if (!resolved.companion) return refusal("WrongSpell", { spell: cast.spell.name });
  const { name, stats, attackKey, runes } = resolved.companion;
  const source = companionSource(stats, attackKey ? localize(`CLOCKWORK.Magic.Table.Attack.${attackKey}`) : "");
  return { name, spell: cast.spell.identifier, system: source.system, items: source.items, runes };
}

interface CardDoc {
  documentName?: string;
  uuid: string;
  author?: { id?: string | null } | null;
  flags?: Record<string, unknown>;
}

/** The GM's reading of the request's card and the actors already made from it. */
export function readSummonCard(cause: unknown): SummonCard | null {
  if (typeof cause !== "string" || !cause) return null;
  let doc: CardDoc | null = null;
  try {
    doc = resolveUuidSync<CardDoc>(cause);
  } catch {
    doc = null;
  }
  if (!doc || doc.documentName !== "ChatMessage") return null;
  const cast = ((doc.flags?.clockwork as { cast?: CastCardData } | undefined)?.cast) ?? null;
  const madeOne = [...(worldCollection<Iterable<{ flags?: Record<string, unknown> }>>("actors") ?? [])]
    .some((actor) => (actor.flags?.clockwork as { companion?: { cause?: unknown } } | undefined)?.companion?.cause === doc.uuid);
  return { authorId: doc.author?.id ?? null, cast, madeOne };
}

/** The GM's whole check of a card-backed request: what to create, or why not. */
export function verifySummon(request: { casterUuid: string; spell?: string; cause?: unknown; choice?: unknown }, requester: { id: string; isGM?: boolean }): VerifiedSummon | SummonRefusal {
  const card = readSummonCard(request.cause);
  const refused = summonCardRefusal(card, request, requester);
  if (refused) return refused;
  return summonFromCard(card!.cast!, request.choice);
}
