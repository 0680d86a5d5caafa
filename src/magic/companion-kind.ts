/**
 * A player's companion through the relay (kind "companion.summon", issue 18): the GM reads the
 * cast card the request names, works its gains out again from the card's own rolls (./cast-apply)
 * and keeps the companion checks of docs/rulings.md 140 (./companion-guard: the requester's own
 * successful card of the companion spell, for its caster, once; the table choice resolved against
 * the gains by the GM). The relay has no op that creates an actor, so `derive` makes it itself,
 * once every check has passed, and derives no further writes.
 */
import { registerRelayKind, type DeriveContext, type Derived } from "../relay";
import { resolveUuidSync } from "../foundry";
import { CAST_FLAG, type CastCardData } from "./card";
import { recomputeCast } from "./cast-apply";
import { readSummonCard, summonCardRefusal, summonFromCard } from "./companion-guard";
import { COMPANION_SUMMON, createCompanion } from "./companions";

interface SummonArgs {
  casterUuid?: unknown;
  spell?: unknown;
  choice?: unknown;
  img?: unknown;
}

type CasterDoc = Parameters<typeof createCompanion>[2];

async function deriveSummon({ cause, requester, args }: DeriveContext<SummonArgs>): Promise<Derived> {
  const cast = cause.flags[CAST_FLAG] as CastCardData | undefined;
  const casterUuid = cast?.caster.uuid ?? null;
  if (typeof args.casterUuid === "string" && args.casterUuid !== casterUuid) return { refused: { key: "CLOCKWORK.Magic.Companion.Guard.WrongCaster", data: { caster: cast?.caster.name ?? "" } } };
  let caster: CasterDoc | null;
  try {
    caster = casterUuid ? resolveUuidSync<CasterDoc>(casterUuid) : null;
  } catch {
    caster = null;
  }
  if (!cast || !caster) return { refused: { key: "CLOCKWORK.Magic.Companion.Guard.NoCard" } };
  if (!requester.isGM && !caster.testUserPermission(requester.user, "OWNER")) return { refused: { key: "CLOCKWORK.Magic.Trust.NotYourCreature" } };
  // The card's gains and success as this world works them out from its rolls, not as it says.
  const worked = recomputeCast(cause, requester);
  if ("refused" in worked) return worked;
  const checked: CastCardData = { ...cast, gains: worked.outcome.gains, success: worked.outcome.success, countered: worked.outcome.countered };
  const card = readSummonCard(cause.uuid);
  const spell = typeof args.spell === "string" ? args.spell : undefined;
  const refused = summonCardRefusal(card && { ...card, cast: checked }, { casterUuid: caster.uuid, spell }, requester);
  if (refused) return { refused };
  const verified = summonFromCard(checked, args.choice);
  if ("key" in verified) return { refused: verified };
  const img = typeof args.img === "string" && args.img ? args.img : null;
  const made = await createCompanion({ ...verified, casterUuid: caster.uuid, cause: cause.uuid, ...(img ? { img } : {}) }, { id: requester.id, isGM: requester.isGM }, caster);
  if (!made) return { refused: { key: "CLOCKWORK.Magic.Trust.NotMade" } };
  return { ops: [] };
}

/** Registers "companion.summon" (the card's author; a GM). */
export function registerCompanionKind(): void {
  registerRelayKind<SummonArgs>(COMPANION_SUMMON, {
    who: "author",
    accepts: (flags) => {
      const cast = flags[CAST_FLAG] as CastCardData | undefined;
      return !!cast && (cast.spell?.table === "golemancy" || cast.spell?.table === "callOfTheWild");
    },
    participants: (flags) => [String((flags[CAST_FLAG] as CastCardData | undefined)?.caster.uuid ?? "")].filter(Boolean),
    derive: deriveSummon,
  });
}
