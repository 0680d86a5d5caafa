/**
 * Falls (§4.8, §4.13): `game.clockwork.combat.fall(actorOrToken, spaces)`. Reads what keeps the
 * creature from falling damage (Levitate, Feather Fall on worn armor or shield, a Winged Robe,
 * the Rooks' glide while conscious), writes the 4 unavoidable hits per space as one event through
 * the GM relay (`fall`: it can create wounds, and losing the last vital to it kills outright), and
 * posts a card saying what happened. Everyone sees the height, the hits and a death (the token
 * shows it); wounds and vitals stay on the sheet.
 */
import { inputDialog, localize, notify, renderTemplate } from "../foundry";
import { resolveFall, type FallFacts, type FallOutcome } from "../rules";
import { wearsFallArtifact, wornItemEffects, type WearingActor } from "../data/item/magic-items";
import { healthTrackOf, writeOwned, type BatchResult } from "../relay";
import { tokenDocOf, type TargetLike } from "./attack/workflow";
import { FALL_CARD_TEMPLATE, FALL_PROMPT_TEMPLATE, fallCardContext, fallPromptContext } from "./fall-card";

export { FALL_CARD_TEMPLATE, fallCardContext };

/** The species that glide (§3.3 Rooks). */
const GLIDING_SPECIES = new Set(["rooks"]);
/** Statuses that leave a creature unable to glide. */
const NOT_CONSCIOUS = ["dying", "dead", "stabilized", "petrified"];

interface FallingActor extends WearingActor {
  uuid: string;
  name: string;
  isOwner?: boolean;
  statuses?: Iterable<string>;
  effects?: Iterable<{ disabled?: boolean; flags?: Record<string, unknown> }>;
  system: WearingActor["system"] & { health?: { dying?: boolean; dead?: boolean } };
  items: WearingActor["items"] & Iterable<{ type: string; system: object }>;
}

function actorOf(target: TargetLike): FallingActor | null {
  const token = tokenDocOf(target);
  if (token?.actor) return token.actor as FallingActor;
  let value: unknown = target;
  if (typeof target === "string") {
    try {
      value = fromUuidSync(target as never);
    } catch {
      value = null;
    }
  }
  const doc = (value as { document?: unknown } | null)?.document ?? value;
  return (doc as { documentName?: string } | null)?.documentName === "Actor" ? doc as FallingActor : null;
}

/** What the creature has that prevents falling damage. */
export function fallFacts(actor: FallingActor): FallFacts {
  const statuses = new Set(actor.statuses ?? []);
  const health = actor.system.health;
  const species = [...actor.items].find((i) => i.type === "species")?.system as { identifier?: string } | undefined;
  const levitating = [...(actor.effects ?? [])].some((e) => !e.disabled && (e.flags?.clockwork as { spell?: { identifier?: string } } | undefined)?.spell?.identifier === "levitate");
  return {
    featherFall: wornItemEffects(actor).some((e) => e.noFallingDamage === true),
    wingedRobe: wearsFallArtifact(actor),
    glides: GLIDING_SPECIES.has(species?.identifier ?? ""),
    conscious: !NOT_CONSCIOUS.some((s) => statuses.has(s)) && health?.dying !== true && health?.dead !== true,
    levitating,
  };
}

/** What `fall()` resolves to. */
export interface FallResult {
  outcome: FallOutcome;
  write: BatchResult | null;
  message: unknown;
}

/**
 * `game.clockwork.combat.fall(actorOrToken, spaces, { chat })`: the fall's damage, through the GM
 * when the user does not own the creature, and a card (unless `chat: false`). Null (with a
 * localized message) for bad input; nothing changes then.
 */
export async function fall(target: TargetLike, spaces: number, options: { chat?: boolean } = {}): Promise<FallResult | null> {
  const actor = actorOf(target);
  if (!actor) {
    notify("warn", "CLOCKWORK.Combat.Fall.NoActor");
    return null;
  }
  if (!Number.isInteger(spaces) || spaces < 0) {
    notify("warn", "CLOCKWORK.Combat.Fall.BadSpaces", { spaces: String(spaces) });
    return null;
  }
  // No card makes a fall: a player drops only their own creature, the GM anyone (docs/rulings.md 138).
  if (!game.user?.isGM && actor.isOwner !== true) {
    notify("warn", "CLOCKWORK.Combat.Fall.NotYours", { name: actor.name });
    return null;
  }
  const track = healthTrackOf(actor.system);
  if (!track) {
    notify("warn", "CLOCKWORK.Relay.NoHealth", { name: actor.name });
    return null;
  }
  const outcome = resolveFall(track, spaces, fallFacts(actor));
  let write: BatchResult | null = null;
  if (outcome.damage > 0) {
    write = await writeOwned([{ op: "damage", uuid: actor.uuid, amount: outcome.damage, unavoidable: true, fall: true }]);
    if (!write.ok) return null;
  }
  const died = write?.ok === true && write.results[0]?.application?.died === true;
  let message: unknown = null;
  if (options.chat !== false) {
    const content = await foundry.applications.handlebars.renderTemplate(FALL_CARD_TEMPLATE, fallCardContext(actor.name, outcome, died) as never);
    message = await ChatMessage.implementation.create({ speaker: ChatMessage.getSpeaker({ actor: actor as never }), content } as never);
  }
  return { outcome, write, message };
}

/** Asks the GM for the height, then makes the creature fall (the token HUD's button). */
export async function promptFall(target: TargetLike): Promise<FallResult | null> {
  const name = actorOf(target)?.name ?? "";
  const result = await inputDialog<{ spaces?: number | string }>({
    title: localize("CLOCKWORK.Combat.Fall.Prompt"),
    content: await renderTemplate(FALL_PROMPT_TEMPLATE, fallPromptContext(name)),
  });
  if (!result) return null;
  return fall(target, Number(result.spaces));
}
