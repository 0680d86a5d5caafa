/**
 * The sheet's combat actions (issue 10 item 4), pure: every action of the rules core's table
 * (`affordableActions`) with its cost now, grouped as the book lists them, what the actor cannot
 * afford or do disabled with the reason, and nothing charged outside a running combat. The
 * actor's gear, conditions, features and species attacks become the rules core's
 * `ActionContext` here; the sheet renders the result with `templates/combat/actions.hbs`.
 */
import { localize } from "../../foundry";
import {
  affordableActions, COMBAT_ACTIONS, newCounters,
  type ActionBlock, type ActionContext, type ActionOption, type ActionWeapon, type CombatActionKey, type CounterState,
} from "../../rules";
import { isSpent, speciesAttacksOf, type SpeciesAttackActor } from "./species-attacks";
import { actionProviders } from "./providers";
import { weaponEnchantments } from "../attack/source";
import { lastActionMissed } from "../attack/last-miss";
import { heldIds } from "../../rules/held";

/** The actor fields the action list reads. */
export interface ActionsActor extends SpeciesAttackActor {
  name: string;
  system: SpeciesAttackActor["system"] & {
    equipped?: { mainHand?: string; offHand?: string; shield?: string };
    encumbrance?: "none" | "encumbered" | "step-only";
    health?: { dead?: boolean; dying?: boolean };
    mana?: { value?: number; max?: number };
  };
  items: Iterable<{ id?: string | null; name: string; type: string; system: Record<string, unknown>; flags?: Record<string, unknown> }>;
  statuses?: Iterable<string>;
  flags?: Record<string, unknown>;
}

/** Where the actor stands in combat. */
export interface ActionsCombat {
  /** In a running combat with a combatant (costs are charged). */
  inCombat: boolean;
  counters: CounterState | null;
}

const GROUP_ORDER = ["attack", "magic", "move", "defense", "equipment", "brawl", "other"] as const;

function hasProperty(system: Record<string, unknown>, key: string): boolean {
  return ((system.properties as { key?: string }[] | undefined) ?? []).some((p) => p.key === key);
}

function hasFeature(actor: ActionsActor, identifier: string): boolean {
  return [...actor.items].some((i) => i.type === "feature" && i.system.identifier === identifier);
}

/** The actor's weapons as the rules core's action list wants them (held, stowed, unarmed). */
export function actionWeapons(actor: ActionsActor): ActionWeapon[] {
  const equipped = actor.system.equipped ?? {};
  const weapons: ActionWeapon[] = [];
  for (const item of actor.items) {
    if (item.type !== "weapon" || !item.id) continue;
    const s = item.system;
    const unarmed = s.group === "unarmed";
    const twoHanded = s.hands === "two";
    const slot = item.id === equipped.mainHand ? (twoHanded ? "both" : "main") : item.id === equipped.offHand ? "off" : null;
    weapons.push({
      id: item.id,
      category: ((s.category as string | undefined) ?? "melee") as ActionWeapon["category"],
      counters: (s.counters as number | undefined) ?? 2,
      slot,
      unarmed,
      autofire: hasProperty(s, "autofire"),
      autofireOnly: hasProperty(s, "autofireOnly"),
      dualWield: hasProperty(s, "dualWield"),
      flourish: hasProperty(s, "flourish"),
      returning: hasProperty(s, "returning") || weaponEnchantments(actor, item.id).some((e) => e.action?.key === "recallWeapon"),
    });
  }
  return weapons;
}

/**
 * The actions the list offers: each one here does what it costs when taken from the list
 * (docs/rulings.md 171). Dodge and block are taken in the attack's reaction prompt, alchemy from
 * the item's Use button (which pays its draw and use), channeling from the mana panel; brawl
 * manoeuvres, first aid, mines, dropping and picking up, command and moving a summoned area have
 * no automation yet and are left to the GM, so the list does not charge for them.
 */
export const LISTED_ACTIONS: ReadonlySet<string> = new Set<CombatActionKey>([
  "run", "walk", "step", "crawl", "climb", "attack", "autofire", "twoWeaponAttack", "flourish", "prepare",
  "draw", "stow", "recallWeapon", "dropProne", "stand", "skillRoll", "stabilize", "stopDropRoll",
  "dragonkinBreath", "mycorreanSpores",
]);

/** One thing Stow can put away or Draw (Recall) can take into hand. */
export interface HeldChoice {
  id: string;
  name: string;
  type: "weapon" | "shield";
}

/**
 * What Stow can put away (the weapons and shield held), what Draw can take (owned weapons that
 * need a hand and shields, not held), and what Recall brings back (a returning weapon not held).
 */
export function heldChoices(actor: ActionsActor, key: "stow" | "draw" | "recallWeapon"): HeldChoice[] {
  const equipped = actor.system.equipped ?? {};
  const held = new Set(heldIds({ mainHand: equipped.mainHand ?? "", offHand: equipped.offHand ?? "", shield: equipped.shield ?? "" }));
  const returning = new Set(actionWeapons(actor).filter((w) => w.returning).map((w) => w.id));
  const choices: HeldChoice[] = [];
  for (const item of actor.items) {
    if (!item.id || (item.type !== "weapon" && item.type !== "shield")) continue;
    // Unarmed strikes need no hand: nothing to draw or stow.
    if (item.type === "weapon" && (item.system.hands === "none" || item.system.group === "unarmed")) continue;
    const isHeld = held.has(item.id);
    if (key === "stow" ? !isHeld : isHeld) continue;
    if (key === "recallWeapon" && !returning.has(item.id)) continue;
    choices.push({ id: item.id, name: item.name, type: item.type });
  }
  return choices;
}

/** The rules core's action context for an actor. */
export function actionContextOf(actor: ActionsActor, combat: ActionsCombat): ActionContext {
  const statuses = [...(actor.statuses ?? [])];
  const health = actor.system.health ?? {};
  const items = [...actor.items];
  const mana = actor.system.mana;
  const flags = (actor.flags?.clockwork ?? {}) as { grappling?: boolean; speciesSpent?: Record<string, unknown> };
  return {
    inCombat: combat.inCombat,
    conditions: [...statuses, ...(health.dying ? ["dying"] : [])],
    dead: health.dead === true,
    grappling: flags.grappling === true,
    encumbrance: actor.system.encumbrance ?? "none",
    weapons: actionWeapons(actor),
    shieldDrawn: (actor.system.equipped?.shield ?? "") !== "",
    shieldStowed: heldChoices(actor, "draw").some((c) => c.type === "shield"),
    quickDraw: hasFeature(actor, "quick-draw"),
    // The GM's record of a missed attack, while the counters are as it left them (Flourish, ../attack/last-miss).
    lastAttackMissed: lastActionMissed(actor, combat.counters),
    skillRollCost: 2,
    ...(mana && typeof mana.value === "number" && typeof mana.max === "number" && mana.max > 0 ? { mana: { value: mana.value, max: mana.max } } : {}),
    command: hasFeature(actor, "command"),
    alchemy: items.some((i) => i.type === "equipment" && i.system.category === "alchemy"),
    mines: items.some((i) => i.type === "weapon" && i.system.group === "mine"),
    speciesActions: speciesAttacksOf(actor)
      .filter((a) => a.action === "dragonkinBreath" || a.action === "mycorreanSpores")
      .map((a) => ({ key: a.action as "dragonkinBreath" | "mycorreanSpores", spent: isSpent(flags.speciesSpent?.[a.key]) })),
  };
}

/** One action as the sheet shows it. */
export interface ActionView {
  /** An action of the table, or a provider's own key (then `provider` is set). */
  key: CombatActionKey | (string & {});
  label: string;
  /** "2", "2+" (at least), "0" outside combat; the number charged now. */
  cost: string;
  costValue: number;
  /** The cost in words on the button: "2 counters", "at least 2 counters", "2 counters in combat" outside one. */
  costLabel: string;
  reaction: boolean;
  disabled: boolean;
  /** Why it cannot be taken now (localized), or null. */
  reason: string | null;
  reasonKey: ActionBlock | null;
  weaponId: string | null;
  offWeaponId: string | null;
  /** A species attack's key (`flags.clockwork.speciesAttacks`), or null. */
  speciesAttack: string | null;
  /** The registered provider that performs it (src/combat/actions/providers.ts), or null. */
  provider?: string | null;
  /** A provider action's item (the spell). */
  itemId?: string | null;
}

/**
 * The cost as the button reads it: in combat what is charged now (Stunned included); outside
 * combat what it would cost in one, so nothing reads as free that is not (issue 20).
 */
export function costLabel(counters: number, options: { variable?: boolean; inCombat: boolean }): string {
  const base = `${options.variable ? "AtLeast" : ""}${counters === 0 && !options.variable ? "Free" : counters === 1 ? "One" : "Many"}`;
  const amount = localize(`CLOCKWORK.Combat.Attack.Actions.Cost.${base}`, { count: counters });
  return options.inCombat ? amount : localize("CLOCKWORK.Combat.Attack.Actions.Cost.InCombat", { cost: amount });
}

function labelOf(option: ActionOption, actor: ActionsActor, speciesNames: Map<string, string>): string {
  const item = (id?: string) => (id ? [...actor.items].find((i) => i.id === id)?.name ?? "" : "");
  switch (option.key) {
    case "attack":
      return localize("CLOCKWORK.Combat.Attack.Action.attackWith", { name: item(option.weaponId) });
    case "autofire":
      return localize("CLOCKWORK.Combat.Attack.Action.autofireWith", { name: item(option.weaponId) });
    case "twoWeaponAttack":
      return localize("CLOCKWORK.Combat.Attack.Action.twoWeaponWith", { main: item(option.weaponId), off: item(option.offWeaponId) });
    default: {
      const species = speciesNames.get(option.key);
      return species ?? localize(`CLOCKWORK.Combat.Attack.Action.${option.key}`);
    }
  }
}

/** The action list's context for the sheet. */
export function buildCombatActionsContext(actor: ActionsActor, combat: ActionsCombat) {
  const counters = combat.counters ?? newCounters();
  const inCombat = combat.inCombat && combat.counters !== null;
  const options = affordableActions(counters, actionContextOf(actor, { ...combat, inCombat }));
  const speciesAttacks = speciesAttacksOf(actor, localize);
  const speciesNames = new Map(speciesAttacks.filter((a) => a.action).map((a) => [a.action as string, a.name]));
  const views: (ActionView & { group: string })[] = options.filter((option) => LISTED_ACTIONS.has(option.key)).map((option) => ({
    key: option.key,
    group: COMBAT_ACTIONS[option.key].group,
    label: labelOf(option, actor, speciesNames),
    cost: `${option.cost}${option.variable ? "+" : ""}`,
    costValue: option.cost,
    costLabel: costLabel(inCombat ? option.cost : option.baseCost, { variable: option.variable, inCombat }),
    reaction: option.reaction,
    disabled: !option.affordable,
    reason: option.reason ? localize(`CLOCKWORK.Combat.Attack.Block.${option.reason}`) : null,
    reasonKey: option.reason,
    weaponId: option.weaponId ?? null,
    offWeaponId: option.offWeaponId ?? null,
    speciesAttack: speciesAttacks.find((a) => a.action === option.key)?.key ?? null,
  }));
  // Species attacks that are weapon-like (the Rook's beak, the Satyr's horns) join the attacks.
  for (const attack of speciesAttacks.filter((a) => !a.action)) {
    const option = affordableActions(counters, { ...actionContextOf(actor, { ...combat, inCombat }), weapons: [{ id: attack.key, category: "melee", counters: attack.counters, slot: null, unarmed: true }] })
      .find((o) => o.key === "attack" && o.weaponId === attack.key);
    if (!option) continue;
    views.push({
      key: "attack", group: "attack", label: attack.name, cost: String(option.cost), costValue: option.cost,
      costLabel: costLabel(inCombat ? option.cost : option.baseCost, { inCombat }), reaction: false,
      disabled: !option.affordable, reason: option.reason ? localize(`CLOCKWORK.Combat.Attack.Block.${option.reason}`) : null, reasonKey: option.reason,
      weaponId: null, offWeaponId: null, speciesAttack: attack.key,
    });
  }
  // Registered providers (magic's spells); one that throws loses its group, not the list.
  for (const [id, provider] of actionProviders()) {
    let provided: ReturnType<typeof provider.views> = [];
    try {
      provided = provider.views(actor as never, { inCombat, counters: inCombat ? counters : null });
    } catch (err) {
      console.error(`ClockWork | action provider ${id}`, err);
    }
    for (const p of provided) {
      views.push({
        key: p.key, group: provider.group, label: p.label, cost: String(p.cost), costValue: p.cost,
        costLabel: costLabel(inCombat ? p.cost : p.baseCost ?? p.cost, { inCombat }), reaction: p.reaction === true,
        disabled: p.disabled, reason: p.reason, reasonKey: null, weaponId: null, offWeaponId: null, speciesAttack: null,
        provider: id, itemId: p.itemId,
      });
    }
  }
  const groups = GROUP_ORDER.map((group) => ({
    key: group,
    label: localize(`CLOCKWORK.Combat.Attack.Group.${group}`),
    actions: views.filter((v) => v.group === group),
  })).filter((g) => g.actions.length > 0);
  return {
    inCombat,
    counters: inCombat ? { available: counters.available, reserved: counters.reserved } : null,
    summary: inCombat
      ? localize("CLOCKWORK.Combat.Attack.Actions.Counters", { available: counters.available, reserved: counters.reserved })
      : localize("CLOCKWORK.Combat.Attack.Actions.OutOfCombat"),
    groups,
  };
}

export type CombatActionsContext = ReturnType<typeof buildCombatActionsContext>;

/** The combatant's counters as the sheet header shows them (issue 20 item 5), or null outside combat. */
export interface SheetCounters {
  available: number;
  reserved: number;
  /** defenseless: no turn yet; passed: only reactions now; ready: its turn or between turns. */
  state: "defenseless" | "passed" | "ready";
  /** Where the counters stand now, in words (the state's note). */
  note: string;
  /** The reaction rule, for the tooltip. */
  rule: string;
}

export function sheetCounters(counters: CounterState | null): SheetCounters | null {
  if (!counters) return null;
  const state = !counters.hadTurn ? "defenseless" : counters.passed ? "passed" : "ready";
  const data = { available: counters.available, reserved: counters.reserved };
  return {
    ...data,
    state,
    note: localize(`CLOCKWORK.Combat.Attack.Actions.Header.${state}`),
    rule: localize("CLOCKWORK.Combat.Attack.Actions.Header.Rule"),
  };
}
