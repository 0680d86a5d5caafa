/**
 * Channeling and mana potions (issue 11 items 1–2, §4.18 steps 6–7). Channeling moves mana from
 * the scene's global pool into the caster's own: free out of combat, one action of 1 counter per
 * 2 mana (rounded up) in a started combat, refused at full and beyond what the pool holds. It
 * always goes through the GM (players never own scenes), who takes the points off the pool in
 * the same batch as the caster's mana and counters. A mana potion adds the sum of its dice,
 * capped at the maximum, and is used up.
 */
import { activeGM, allUsers, currentUser, localize, notify, resolveUuidSync } from "../foundry";
import { relay, registerRelayKind, type DeriveContext, type Derived } from "../relay";
import { planChannel, type ChannelPlan } from "../rules";
import { useAlchemyItem } from "./alchemy";
import { currentScene, scenePool, type SceneDoc } from "./pool";
import { storedPool, writeOwned, type RelayOp as MagicOp } from "../relay";
import { noteActor, noteFlag, noteRefusal, runningCombatantOf as combatantOf } from "./note";

interface ManaActor {
  id?: string | null;
  uuid: string;
  name: string;
  statuses?: Iterable<string>;
  system: { mana?: { value?: number; max?: number } };
}

/** A channeling worked out for an actor on a scene, without writing anything. */
export function channelPlanFor(actor: ManaActor, amount: number, scene: SceneDoc | null = currentScene()): ChannelPlan {
  const combatant = combatantOf(actor);
  return planChannel({
    personal: { value: actor.system.mana?.value ?? 0, max: actor.system.mana?.max ?? 0 },
    pool: scenePool(scene),
    inCombat: combatant !== null,
    counters: combatant?.system.counters,
    stunned: new Set(actor.statuses ?? []).has("stunned"),
  }, amount);
}

/**
 * Channels `amount` mana (§4.18 step 6). A refusal names the reason in the user's language and
 * changes nothing; resolves the plan that was written, or null.
 */
export async function channelMana(actor: ManaActor, amount: number, options: { scene?: SceneDoc | null } = {}): Promise<ChannelPlan | null> {
  const scene = options.scene ?? currentScene();
  const plan = channelPlanFor(actor, amount, scene);
  if (plan.problem) {
    notify("warn", `CLOCKWORK.Magic.Channel.${plan.problem}`, { name: actor.name, amount, pool: scenePool(scene)?.value ?? 0, room: (actor.system.mana?.max ?? 0) - (actor.system.mana?.value ?? 0) });
    return null;
  }
  const own: MagicOp[] = [];
  const combatant = combatantOf(actor);
  if (combatant && plan.counters > 0) {
    // The plan's cost already includes Stunned; pay it as it is.
    own.push({ op: "counters", uuid: combatant.uuid, spend: { cost: plan.counters } });
  }
  own.push({ op: "mana", uuid: actor.uuid, value: plan.personal.value });
  if (currentUser<{ isGM?: boolean }>()?.isGM) {
    // A GM writes the pool with the rest, as one batch.
    const result = await writeOwned([...own, { op: "pool", uuid: (scene as SceneDoc).uuid, drain: plan.amount }]);
    return result.ok ? plan : null;
  }
  // A player: a note to the GMs names the channeling; the GM drains the pool only for it (relay
  // kind "channel"), then this client writes its own creature's mana and counters.
  if (!activeGM()) {
    notify("error", "CLOCKWORK.Magic.Write.NoGM");
    return null;
  }
  const note = await postChannelNote(actor, plan.amount, scene as SceneDoc);
  if (!note) return null;
  const drained = await relay(CHANNEL, {}, { cause: note });
  if (!drained.ok) return null;
  const result = await writeOwned(own);
  if (!result.ok) console.warn("ClockWork | the pool was drained but the channeled mana was not written", result.problem);
  return result.ok ? plan : null;
}

/** The relay kind that drains a scene's pool for a player's channeling. */
export const CHANNEL = "channel";
/** Where the GM records the channel notes it drained for (by message id) on the scene. */
export const CHANNELED_FLAG = "channeled";

interface ChannelFlag {
  actorUuid?: unknown;
  sceneUuid?: unknown;
  amount?: unknown;
}

const channelOf = (flags: Record<string, unknown>): ChannelFlag | null => noteFlag<ChannelFlag>(flags, "channel", "actorUuid");

/** The player's note of a channeling, whispered to the GMs: the pool drain's cause. */
async function postChannelNote(actor: ManaActor, amount: number, scene: SceneDoc): Promise<string | null> {
  const text = localize("CLOCKWORK.Magic.Trust.Channeled", { name: actor.name, amount });
  const created = await ChatMessage.implementation.create({
    speaker: ChatMessage.getSpeaker({ actor: actor as never }),
    content: `<p class="clockwork cw-action-note">${foundry.utils.escapeHTML(text)}</p>`,
    whisper: allUsers<{ id: string; isGM?: boolean }>().filter((user) => user.isGM).map((gm) => gm.id),
    flags: { clockwork: { channel: { actorUuid: actor.uuid, sceneUuid: scene.uuid, amount } } },
  } as never);
  return (created as { uuid?: string } | undefined)?.uuid ?? null;
}

/**
 * The GM's side: a drain only for the requester's own channeling into a creature it owns, of a
 * whole number of points its mana has room for now and the pool holds, once per note. Never a
 * bare drain: the note names the creature and the amount, and the GM checks both in its world.
 */
export function deriveChannel({ cause, requester }: DeriveContext): Derived {
  const flag = channelOf(cause.flags);
  const scene = resolveUuidSync<SceneDoc & { documentName?: string }>(flag?.sceneUuid);
  if (!flag || !scene || scene.documentName !== "Scene") return noteRefusal("BadCard");
  const found = noteActor<ManaActor & { documentName?: string }>(flag.actorUuid, requester);
  if ("refused" in found) return found.refused;
  const { actor } = found;
  const amount = flag.amount;
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 1) return noteRefusal("BadAmount");
  const room = (actor.system.mana?.max ?? 0) - (actor.system.mana?.value ?? 0);
  if (amount > room) return noteRefusal("NoRoom", { name: actor.name, amount, room: Math.max(0, room) });
  const pool = storedPool(scene);
  if (!pool) return { refused: { key: "CLOCKWORK.Magic.Channel.noPool" } };
  if (amount > pool.value) return { refused: { key: "CLOCKWORK.Magic.Channel.beyondPool", data: { pool: pool.value } } };
  const used = (scene.flags?.clockwork as Record<string, Record<string, unknown>> | undefined)?.[CHANNELED_FLAG]?.[cause.id];
  if (used !== undefined) return noteRefusal("Used");
  return { ops: [
    { op: "pool", uuid: scene.uuid, drain: amount },
    // Once per note: the scene remembers the notes it drained for.
    { op: "update", uuid: scene.uuid, changes: { [`flags.clockwork.${CHANNELED_FLAG}.${cause.id}`]: amount } },
  ] };
}

/** Registers "channel" (the note's author; a GM). */
export function registerChannelKind(): void {
  registerRelayKind(CHANNEL, {
    who: "author",
    accepts: (flags) => channelOf(flags) !== null,
    participants: (flags) => [String(channelOf(flags)?.actorUuid ?? "")].filter(Boolean),
    derive: deriveChannel,
  });
}

interface PotionItem {
  uuid?: string;
  name: string;
  type?: string;
  system: { restores?: { resource?: string; dice?: number }; quantity?: number };
}

/**
 * Drinks a mana potion (§1.33, RULING 84): the sum of its dice, capped at the maximum; one of
 * the item is used up. It is an alchemy item like any other (src/magic/alchemy.ts): from the
 * belt or bandolier in combat, draw 1 + use 2 counters.
 */
export async function drinkManaPotionItem(actor: ManaActor, item: PotionItem): Promise<{ restored: number; rolled: number } | null> {
  const dice = item?.system?.restores?.resource === "mana" ? item.system.restores.dice ?? 0 : 0;
  if (!dice) {
    notify("warn", "CLOCKWORK.Magic.Potion.NotMana", { name: item?.name ?? "" });
    return null;
  }
  const result = await useAlchemyItem(actor as never, item as never);
  return result ? { restored: result.restored, rolled: result.rolled } : null;
}
