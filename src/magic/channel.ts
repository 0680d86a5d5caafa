/**
 * Channeling and mana potions (issue 11 items 1–2, §4.18 steps 6–7). Channeling moves mana from
 * the scene's global pool into the caster's own: free out of combat, one action of 1 counter per
 * 2 mana (rounded up) in a started combat, refused at full and beyond what the pool holds. It
 * always goes through the GM (players never own scenes), who takes the points off the pool in
 * the same batch as the caster's mana and counters. A mana potion adds the sum of its dice,
 * capped at the maximum, and is used up.
 */
import { notify, viewedCombat } from "../foundry";
import { planChannel, type ChannelPlan, type CounterState } from "../rules";
import { useAlchemyItem } from "./alchemy";
import { currentScene, scenePool, type SceneDoc } from "./pool";
import { writeOwned, type RelayOp as MagicOp } from "../relay";

interface ManaActor {
  id?: string | null;
  uuid: string;
  name: string;
  statuses?: Iterable<string>;
  system: { mana?: { value?: number; max?: number } };
}

interface CombatantLike {
  uuid: string;
  actorId?: string | null;
  actor?: { id?: string | null } | null;
  system: { counters?: CounterState };
}

function combatantOf(actor: ManaActor): CombatantLike | null {
  const combat = viewedCombat<{ started?: boolean; combatants: Iterable<CombatantLike> }>();
  if (!combat?.started) return null;
  for (const c of combat.combatants) if ((c.actor?.id ?? c.actorId) === actor.id) return c;
  return null;
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
  const ops: MagicOp[] = [];
  const combatant = combatantOf(actor);
  if (combatant && plan.counters > 0) {
    // The plan's cost already includes Stunned; pay it as it is.
    ops.push({ op: "counters", uuid: combatant.uuid, spend: { cost: plan.counters } });
  }
  ops.push({ op: "mana", uuid: actor.uuid, value: plan.personal.value });
  ops.push({ op: "pool", uuid: (scene as SceneDoc).uuid, drain: plan.amount });
  const result = await writeOwned(ops);
  return result.ok ? plan : null;
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
