/**
 * Taking an action from the sheet's list (issue 10 item 4): attacks open the attack workflow;
 * standing up and dropping prone toggle Prone; a prepared action sets its counters aside with a
 * trigger note; species attacks roll and wait for their recharge; everything else pays its
 * counters. In a running combat the counters are paid through the GM relay (a refused payment is
 * a localized warning and changes nothing); outside combat nothing is charged.
 */
import { activeCombat, localize, notify } from "../../foundry";
import {
  COMBAT_ACTIONS, affordableActions, chargeFor, prepareAction, requireCounters, twoWeaponCost,
  type CombatActionKey, type CounterState,
} from "../../rules";
import { writeOwned, type BatchResult, type RelayOp } from "../../relay";
import { attack, type AttackCallOptions, type AttackOutcome, type WorkflowActor } from "../attack/workflow";
import type { AttackItem } from "../attack/source";
import { actionContextOf, actionWeapons, type ActionsActor } from "./context";
import { dyingTargetFor, stabilize } from "../dying";
import { isSpent, speciesAttackItem, speciesAttacksOf } from "./species-attacks";
import { movesOnTheMap } from "../../canvas/movement";

/** The sheet's moves: on the map the token's move is the only spend (docs/rulings.md, issue 28). */
const MAP_MOVES: ReadonlySet<string> = new Set(["run", "walk", "step", "crawl", "climb"]);

/** The actor an action is taken by. */
export type ActingActor = ActionsActor & WorkflowActor & { uuid: string; rollSkill?(skill: string, options?: object): Promise<unknown> };

interface CombatantDoc {
  uuid: string;
  actorId: string | null;
  tokenId: string | null;
  sceneId?: string | null;
  system?: { counters?: CounterState };
}

interface CombatDoc {
  started: boolean;
  combatants: Iterable<CombatantDoc>;
}

/** The actor's combatant in the running combat, with its counters, or null outside combat. */
export function combatStateOf(actor: { id: string | null; token?: { id: string | null } | null }): { combatant: CombatantDoc; counters: CounterState } | null {
  const combat = activeCombat<CombatDoc>();
  if (!combat?.started) return null;
  const all = [...combat.combatants];
  const combatant = (actor.token?.id ? all.find((c) => c.tokenId === actor.token?.id) : undefined) ?? all.find((c) => c.actorId === actor.id);
  if (!combatant?.system?.counters) return null;
  try {
    return { combatant, counters: requireCounters(combatant.system.counters) };
  } catch {
    return null;
  }
}

/** The running combat's round, or null outside combat. */
function combatRound(): number | null {
  const combat = activeCombat<{ started: boolean; round: number }>();
  return combat?.started ? combat.round : null;
}

/** What a click on an action carries (the button's dataset). */
export interface ActionRequest {
  key: CombatActionKey | string;
  weaponId?: string | null;
  offWeaponId?: string | null;
  speciesAttack?: string | null;
  /** A variable cost (skill roll, prepared action): the counters to pay. */
  cost?: number;
  /** A prepared action's trigger. */
  trigger?: string;
  /** Attack options (targets …). */
  attack?: AttackCallOptions;
}

export type ActionResult = { ok: true; attack?: AttackOutcome | null; paid: number } | { ok: false };

function stunned(actor: ActionsActor): boolean {
  return new Set(actor.statuses ?? []).has("stunned");
}

async function pay(actor: ActingActor, baseCost: number, extra: RelayOp[] = [], options: { reaction?: boolean } = {}): Promise<{ result: BatchResult | null; paid: number }> {
  const state = combatStateOf(actor);
  if (!state) {
    if (!extra.length) return { result: null, paid: 0 };
    return { result: await writeOwned(extra), paid: 0 };
  }
  const charge = chargeFor(state.counters, baseCost, { stunned: stunned(actor), reaction: options.reaction });
  if (charge.problem) {
    notify("warn", `CLOCKWORK.Combat.Attack.Counters.${charge.problem}`, { name: actor.name });
    return { result: { ok: false, problem: { key: charge.problem }, viaGM: false }, paid: 0 };
  }
  const ops: RelayOp[] = [{ op: "counters", uuid: state.combatant.uuid, spend: { cost: baseCost, stunned: stunned(actor), reaction: options.reaction } }, ...extra];
  return { result: await writeOwned(ops), paid: charge.cost };
}

/** Posts a short line to chat: "Ada: Stand up (1 counter)". */
async function announce(actor: ActingActor, label: string, paid: number, note?: string): Promise<void> {
  const text = localize("CLOCKWORK.Combat.Attack.Actions.Took", { actor: actor.name, action: label, count: paid });
  const content = `<p class="clockwork cw-action-note">${foundry.utils.escapeHTML(text)}${note ? `<br><em>${foundry.utils.escapeHTML(note)}</em>` : ""}</p>`;
  await ChatMessage.implementation.create({ speaker: ChatMessage.getSpeaker({ actor: actor as never }), content } as never);
}

/**
 * Takes an action. Attacks resolve to the attack's outcome; other actions to what was paid.
 * Actions the rules core says the actor cannot take now are refused with the reason.
 */
export async function performCombatAction(actor: ActingActor, request: ActionRequest): Promise<ActionResult> {
  const key = request.key as CombatActionKey;
  const state = combatStateOf(actor);
  const context = actionContextOf(actor, { inCombat: state !== null, counters: state?.counters ?? null });

  if (request.speciesAttack) return speciesAction(actor, request.speciesAttack, request);
  if (!(key in COMBAT_ACTIONS)) return { ok: false };
  const option = affordableActions(state?.counters ?? { available: 0, reserved: 0, hadTurn: false, passed: false }, context)
    .find((o) => o.key === key && (o.weaponId ?? null) === (request.weaponId ?? null));
  if (!option) return { ok: false };
  if (!option.affordable && option.reason) {
    notify("warn", option.reason === "insufficient" || option.reason === "passed" || option.reason === "defenseless"
      ? `CLOCKWORK.Combat.Attack.Counters.${option.reason}` : `CLOCKWORK.Combat.Attack.Block.${option.reason}`, { name: actor.name });
    return { ok: false };
  }

  // One spend: a creature with a token in the combat moves (and pays) by moving its token.
  if (state && MAP_MOVES.has(key) && movesOnTheMap(state.combatant)) {
    notify("warn", "CLOCKWORK.Combat.Move.UseToken", { name: actor.name });
    return { ok: false };
  }

  const items = [...actor.items] as AttackItem[];
  const label = localize(`CLOCKWORK.Combat.Attack.Action.${key}`);
  switch (key) {
    case "attack":
    case "autofire": {
      const weapon = items.find((i) => i.id === request.weaponId);
      if (!weapon) return { ok: false };
      const outcome = await attack(actor, weapon, { ...request.attack, ...(key === "autofire" ? { mode: "autofire" } : {}) });
      return { ok: outcome !== null, attack: outcome, paid: outcome?.data.counters ?? 0 } as ActionResult;
    }
    case "twoWeaponAttack": {
      const main = items.find((i) => i.id === request.weaponId);
      const off = items.find((i) => i.id === request.offWeaponId);
      const weapons = actionWeapons(actor);
      const mainW = weapons.find((w) => w.id === request.weaponId);
      const offW = weapons.find((w) => w.id === request.offWeaponId);
      if (!main || !off || !mainW || !offW) return { ok: false };
      // One payment for both strikes (RULING 24); one dodge or block covers both (§4.11).
      const first = await attack(actor, main, { ...request.attack, baseCost: twoWeaponCost(mainW, offW) });
      if (!first) return { ok: false };
      const targets = first.session.targets.map((t) => t.tokenUuid ?? t.actorUuid);
      // The first strike's reactions, with who decided them (the second card says so too).
      const second = await attack(actor, off, { ...request.attack, targets, skipDialog: true, baseCost: 0, reactions: first.reactions, reactionsPaid: true, reactionId: first.data.reactionId });
      return { ok: true, attack: second ?? first, paid: first.data.counters };
    }
    case "dropProne":
    case "stand": {
      const { result, paid } = await pay(actor, option.baseCost, [{ op: "status", uuid: actor.uuid, status: "prone", active: key === "dropProne" }]);
      if (result && !result.ok) return { ok: false };
      if (state) await announce(actor, label, paid);
      return { ok: true, paid };
    }
    case "prepare": {
      if (!state) return { ok: true, paid: 0 };
      const cost = Math.max(1, Math.floor(request.cost ?? 1));
      let next: CounterState;
      try {
        next = prepareAction(state.counters, cost, { stunned: stunned(actor) }).state;
      } catch {
        notify("warn", "CLOCKWORK.Combat.Attack.Counters.insufficient", { name: actor.name });
        return { ok: false };
      }
      const trigger = request.trigger ?? "";
      const result = await writeOwned([
        { op: "counters", uuid: state.combatant.uuid, set: next },
        { op: "update", uuid: state.combatant.uuid, changes: { "flags.clockwork.prepared": { counters: state.counters.available - next.available, trigger } } },
      ]);
      if (!result.ok) return { ok: false };
      await announce(actor, label, state.counters.available - next.available, trigger || undefined);
      return { ok: true, paid: state.counters.available - next.available };
    }
    case "stabilize": {
      // The dying creature the healer means; one Medicine roll, one payment, applied by the GM.
      const target = dyingTargetFor<Parameters<typeof stabilize>[1]>(actor);
      if (!target) {
        notify("warn", "CLOCKWORK.Conditions.Stabilize.NoTarget", { name: actor.name });
        return { ok: false };
      }
      const cost = option.variable && request.cost !== undefined ? Math.max(option.baseCost, Math.floor(request.cost)) : option.baseCost;
      let paid = 0;
      // One click: the check's skill, focus and difficulty are the rules', so no roll dialog.
      const outcome = await stabilize(actor as never, target, {
        skipDialog: true,
        pay: async () => {
          if (!state) return true;
          const payment = await pay(actor, cost);
          paid = payment.paid;
          return payment.result?.ok === true;
        },
      });
      return outcome ? { ok: true, paid } : { ok: false };
    }
    default: {
      const cost = option.variable && request.cost !== undefined ? Math.max(option.baseCost, Math.floor(request.cost)) : option.baseCost;
      if (!state) return { ok: true, paid: 0 };
      const { result, paid } = await pay(actor, cost, [], { reaction: option.reaction });
      if (!result?.ok) return { ok: false };
      await announce(actor, label, paid);
      return { ok: true, paid };
    }
  }
}

/** A species attack: the damaging ones through the attack workflow, the opposed ones as a roll. */
async function speciesAction(actor: ActingActor, key: string, request: ActionRequest): Promise<ActionResult> {
  const attackData = speciesAttacksOf(actor, localize).find((a) => a.key === key);
  if (!attackData) return { ok: false };
  const spent = isSpent((actor.flags?.clockwork as { speciesSpent?: Record<string, unknown> } | undefined)?.speciesSpent?.[key]);
  if (spent && attackData.recharge) {
    notify("warn", "CLOCKWORK.Combat.Attack.Block.onCooldown", { name: actor.name });
    return { ok: false };
  }
  // The round it was used in: its recharge rolls at the end of each later turn (RULING 68).
  const usedIn = combatRound() ?? true;
  const markSpent: RelayOp[] = attackData.recharge ? [{ op: "update", uuid: actor.uuid, changes: { [`flags.clockwork.speciesSpent.${key}`]: usedIn } }] : [];
  const item = speciesAttackItem(attackData, actor);
  if (item) {
    const outcome = await attack(actor, item as AttackItem, request.attack ?? {});
    if (outcome && markSpent.length) await writeOwned(markSpent);
    return { ok: outcome !== null, attack: outcome, paid: outcome?.data.counters ?? 0 } as ActionResult;
  }
  // Opposed: pay, mark it used, roll the Body skill; each target resists with its own reaction.
  const { result, paid } = await pay(actor, attackData.counters, markSpent);
  if (result && !result.ok) return { ok: false };
  const note = localize(`CLOCKWORK.Combat.Attack.Species.${key}Note`);
  await announce(actor, attackData.name, paid, note);
  await actor.rollSkill?.(attackData.skills[0], { skipDialog: true });
  return { ok: true, paid };
}
