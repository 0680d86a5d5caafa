/**
 * Using an alchemy item from the belt or bandolier (issue 11 item 6; digest §1.33, docs/rulings.md
 * 7–10): the rules core reads the item's structured data (`src/rules/alchemy.ts`), this layer
 * checks it against the actor, the target and the running combat, pays draw 1 + use 2 counters
 * in combat, rolls the dice, and writes everything in one batch through the magic relay (the GM
 * writes what the user does not own): hits healed, mana restored (capped), conditions removed,
 * Soothing Gel's Emotion spells ended, Ironskin's hour as an Active Effect that ends with world
 * time. One of the item is used up. Thrown items are area attacks (combat's attack workflow).
 */
import { hooks, localize, notify, resolveUuidSync, targetedTokens, worldTime } from "../foundry";
import { CARD_UNDONE_FLAG, cardUndone, ledgerState, relay, registerRelayKind, type Derived, type DeriveContext, type RelayResult } from "../relay";
import { DamageRoll } from "../dice/damage-roll";
import { spacesBetween, tokenBox, gridSizeOf, type TokenPosition } from "../combat/attack/geometry";
import {
  alchemyProfile, alchemySum, alchemyUseCost, alchemyUseProblem, drinkManaPotion, MAX_DICE,
  type AlchemyEffect, type AlchemyFlag, type AlchemyItemData,
} from "../rules";
import { spellEffectsOf, statusesOf, type EffectLike } from "./context";
import { writeOwned, type RelayOp as MagicOp } from "../relay";
import { noteActor, noteFlag, noteRefusal, runningCombatantOf as combatantOf } from "./note";

interface UserActor {
  id?: string | null;
  uuid: string;
  name: string;
  documentName?: string;
  statuses?: Iterable<string>;
  effects?: Iterable<EffectLike>;
  system: { mana?: { value?: number; max?: number }; equipped?: { armor?: string } };
  isOwner?: boolean;
  getActiveTokens?(): unknown[];
}

export interface AlchemyItem {
  id?: string | null;
  uuid?: string;
  name: string;
  img?: string | null;
  type?: string;
  system: AlchemyItemData & { identifier?: string };
  flags?: { clockwork?: { alchemy?: AlchemyFlag } };
  update?(changes: object): Promise<unknown>;
  delete?(): Promise<unknown>;
}

export interface AlchemyOptions {
  /** Who it is used on (an actor, a token or a UUID); default the user. */
  target?: unknown;
}

export interface AlchemyResult {
  targetUuid: string;
  /** The dice rolled and their sum (restoring items). */
  faces: number[];
  rolled: number;
  /** Hits cleared or mana restored (after the cap). */
  restored: number;
  removed: string[];
  ended: string[];
  paid: number;
  ops: MagicOp[];
}

function resolveActor(target: unknown): { actor: UserActor; token: TokenPosition | null } | null {
  let value = target;
  if (typeof value === "string") {
    try {
      value = fromUuidSync(value as never);
    } catch {
      value = null;
    }
  }
  if (!value || typeof value !== "object") return null;
  if ((value as UserActor).documentName === "Actor") {
    const actor = value as UserActor;
    return { actor, token: tokenOf(actor) };
  }
  const token = ((value as { document?: unknown }).document ?? value) as TokenPosition & { actor?: UserActor | null };
  return token.actor ? { actor: token.actor, token } : null;
}

function tokenOf(actor: UserActor): TokenPosition | null {
  const token = actor.getActiveTokens?.()[0] as { document?: TokenPosition } & TokenPosition | undefined;
  return token ? (token.document ?? token) : null;
}

function distanceBetween(a: TokenPosition | null, b: TokenPosition | null): number {
  if (!a || !b) return 0;
  return spacesBetween(tokenBox(a, gridSizeOf(a as never)), tokenBox(b, gridSizeOf(b as never)));
}

async function rollSum(dice: number, rolls: Roll[] = []): Promise<number[]> {
  if (dice <= 0) return [];
  const roll = DamageRoll.forDice(Math.min(MAX_DICE, dice), { damageType: "energy" });
  await roll.evaluate();
  rolls.push(roll);
  return [...roll.faces];
}

interface UseMessage {
  uuid?: string;
  delete?(): Promise<unknown>;
}

/**
 * A short card of an item used on someone else's creature: the GM writes its effects as this
 * card names the user and the target (docs/rulings.md 139).
 */
async function postUse(actor: UserActor, item: AlchemyItem, target: UserActor, rolls: readonly Roll[]): Promise<UseMessage | null> {
  const text = localize("CLOCKWORK.Magic.Alchemy.Used", { name: actor.name, item: item.name, target: target.name });
  const content = `<p class="clockwork cw-action-note">${foundry.utils.escapeHTML(text)}</p>`;
  const created = await ChatMessage.implementation.create({
    speaker: ChatMessage.getSpeaker({ actor: actor as never }), content,
    // The restoring dice travel as the message's rolls: the GM reads them back (alchemy.apply).
    ...(rolls.length ? { rolls: rolls.map((roll) => roll.toJSON()) } : {}),
    flags: { clockwork: { alchemyUse: { actorUuid: actor.uuid, targetUuid: target.uuid, itemUuid: item.uuid ?? null } } },
  } as never);
  return (created as UseMessage | undefined) ?? null;
}

/** The writes of one effect on the target (the dice already rolled). */
function effectOps(effect: AlchemyEffect, target: UserActor, item: AlchemyItem, faces: number[], result: AlchemyResult): MagicOp[] {
  switch (effect.kind) {
    case "restore": {
      const rolled = alchemySum(faces);
      result.faces = faces;
      result.rolled = rolled;
      if (effect.resource === "mana") {
        const mana = drinkManaPotion({ value: target.system.mana?.value ?? 0, max: target.system.mana?.max ?? 0 }, faces);
        result.restored = mana.restored;
        return [{ op: "mana", uuid: target.uuid, value: mana.value }];
      }
      result.restored = rolled;
      return rolled > 0 ? [{ op: "heal", uuid: target.uuid, amount: rolled }] : [];
    }
    case "removeConditions": {
      const has = statusesOf(target);
      const removed = effect.conditions.filter((c) => has.has(c));
      result.removed.push(...removed);
      return removed.map((status): MagicOp => ({ op: "status", uuid: target.uuid, status, active: false }));
    }
    case "endSchool": {
      const ended = spellEffectsOf(target).filter((e) => e.spell.school === effect.school && e.effect.uuid);
      result.ended.push(...ended.map((e) => e.spell.name));
      return ended.map((e): MagicOp => ({ op: "endEffect", uuid: e.effect.uuid as string }));
    }
    case "armor": {
      const seconds = effect.hours * 3600;
      // Stored with the spell flag's shape so the effect lifecycle ends it with world time.
      const flag = {
        identifier: item.system.identifier ?? "", name: item.name, gains: 0, dispellable: false, casterUuid: target.uuid, itemUuid: item.uuid ?? null,
        effect: "armor", amount: effect.resistance, endFlat: null, expires: { time: worldTime() + seconds },
      };
      return [{
        op: "effect", uuid: target.uuid, effect: {
          name: item.name, img: item.img ?? null, origin: item.uuid ?? null, duration: { seconds, startTime: worldTime() },
          flags: { clockwork: { spell: flag, alchemy: { armor: effect.armorName, resistance: effect.resistance } } },
        },
      }];
    }
  }
}

/**
 * Uses an alchemy item on its user or an adjacent creature. Resolves with what it did, or null
 * (with a localized reason, nothing changed) when it cannot be used now.
 */
export async function useAlchemyItem(actor: UserActor, item: AlchemyItem, options: AlchemyOptions = {}): Promise<AlchemyResult | null> {
  if (!item?.system) return null;
  const profile = alchemyProfile(item.system, item.flags?.clockwork?.alchemy);
  const user = { actor, token: tokenOf(actor) };
  const target = options.target === undefined ? user : resolveActor(options.target);
  if (!target) {
    notify("warn", "CLOCKWORK.Magic.Alchemy.Refused.noTarget", { item: item.name });
    return null;
  }
  const combatant = combatantOf(actor);
  const self = target.actor === actor || target.actor.uuid === actor.uuid;
  const problem = alchemyUseProblem({
    profile,
    category: item.type === "equipment" ? item.system.category : "not-an-item",
    quantity: item.system.quantity ?? 1,
    container: item.system.container ?? "backpack",
    inCombat: combatant !== null,
    distance: self ? 0 : Math.max(1, distanceBetween(user.token, target.token)),
    targetArmored: (target.actor.system.equipped?.armor ?? "") !== "",
  });
  if (problem) {
    notify("warn", `CLOCKWORK.Magic.Alchemy.Refused.${problem}`, { item: item.name, name: target.actor.name });
    return null;
  }

  const cost = alchemyUseCost(combatant !== null);
  const result: AlchemyResult = { targetUuid: target.actor.uuid, faces: [], rolled: 0, restored: 0, removed: [], ended: [], paid: cost.total, ops: [] };
  const own: MagicOp[] = [];
  if (combatant && cost.total > 0) own.push({ op: "counters", uuid: combatant.uuid, spend: { cost: cost.total, stunned: statusesOf(actor).has("stunned") } });
  const rolls: Roll[] = [];
  const facesByEffect: number[][] = [];
  for (const effect of profile.effects) facesByEffect.push(effect.kind === "restore" ? await rollSum(effect.dice, rolls) : []);
  const ops = profile.effects.flatMap((effect, i) => effectOps(effect, target.actor, item, facesByEffect[i], result));
  const mine = self || game.user?.isGM === true || target.actor.isOwner === true;
  if (mine) {
    const written = await writeOwned([...own, ...ops]);
    if (!written.ok) return null;
  } else {
    // Someone else's creature: the GM works the effects out from this card (alchemy.apply); the user pays here.
    const card = await postUse(actor, item, target.actor, rolls);
    if (!card?.uuid) return null;
    const relayed = await relay(ALCHEMY_APPLY, {}, { cause: card.uuid });
    if (!relayed.ok) {
      await card.delete?.();
      return null;
    }
    if (own.length) await writeOwned(own);
  }
  result.ops = ops;
  // One of the item is used up (the user owns it).
  const quantity = (item.system.quantity ?? 1) - 1;
  if (quantity > 0) await item.update?.({ "system.quantity": quantity });
  else await item.delete?.();
  notify("info", "CLOCKWORK.Magic.Alchemy.Used", { name: actor.name, item: item.name, target: target.actor.name });
  return result;
}

interface SheetActor {
  isOwner?: boolean;
  items?: { get(id: string): AlchemyItem | undefined };
  useAlchemy?(item: AlchemyItem, options?: AlchemyOptions): Promise<unknown>;
}

/**
 * The equipment tab's belt and bandolier rows get a Use button for each alchemy item that is
 * used rather than thrown (owners only). The target is the one token the user targets, else the
 * user itself.
 */
export function addAlchemyButtons(html: HTMLElement, actor: SheetActor | null | undefined, label: string): number {
  if (!actor?.isOwner || !actor.items) return 0;
  let added = 0;
  for (const row of html.querySelectorAll<HTMLElement>("[data-container=belt] [data-item-id], [data-container=bandolier] [data-item-id]")) {
    const item = actor.items.get(row.dataset.itemId ?? "");
    if (!item || item.type !== "equipment" || item.system.category !== "alchemy" || item.system.thrown) continue;
    if (row.querySelector("[data-cw-alchemy-use]")) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "cw-alchemy-use";
    button.dataset.cwAlchemyUse = item.id ?? "";
    button.textContent = label;
    button.setAttribute("aria-label", `${label}: ${item.name}`);
    button.addEventListener("click", () => {
      const targets = targetedTokens<unknown>();
      button.disabled = true;
      void Promise.resolve(actor.useAlchemy?.(item, targets.length === 1 ? { target: targets[0] } : {})).finally(() => (button.disabled = false));
    });
    (row.querySelector(".cw-item-actions") ?? row).prepend(button);
    added++;
  }
  return added;
}

export const ALCHEMY_APPLY = "alchemy.apply";

interface UseFlag {
  actorUuid?: unknown;
  targetUuid?: unknown;
  itemUuid?: unknown;
}

const useOf = (flags: Record<string, unknown>): UseFlag | null => noteFlag<UseFlag>(flags, "alchemyUse", "targetUuid");

/**
 * The GM's side of an item used on a creature the user does not own: the user's own item (still
 * there), used within reach on the named target, its effects worked out from the item's data, the
 * target as it is, and the card's own dice (their count checked against the item).
 */
export function deriveAlchemyUse({ cause, requester }: DeriveContext): Derived {
  const use = useOf(cause.flags);
  const item = resolveUuidSync<AlchemyItem & { parent?: unknown }>(use?.itemUuid);
  const target = resolveUuidSync<UserActor>(use?.targetUuid);
  if (!use || !item || !target || target.documentName !== "Actor") return noteRefusal("BadCard");
  const found = noteActor<UserActor>(use.actorUuid, requester);
  if ("refused" in found) return found.refused;
  const { actor } = found;
  if (item.parent !== actor || item.type !== "equipment" || item.system.category !== "alchemy" || item.system.thrown) return noteRefusal("BadCard");
  const profile = alchemyProfile(item.system, item.flags?.clockwork?.alchemy);
  const problem = alchemyUseProblem({
    profile, category: item.system.category, quantity: item.system.quantity ?? 1, container: item.system.container ?? "backpack",
    inCombat: combatantOf(actor) !== null, distance: Math.max(1, distanceBetween(tokenOf(actor), tokenOf(target))),
    targetArmored: (target.system.equipped?.armor ?? "") !== "",
  });
  if (problem) return { refused: { key: `CLOCKWORK.Magic.Alchemy.Refused.${problem}`, data: { item: item.name, name: target.name } } };
  const result: AlchemyResult = { targetUuid: target.uuid, faces: [], rolled: 0, restored: 0, removed: [], ended: [], paid: 0, ops: [] };
  const rolls = cause.rolls;
  let next = 0;
  const ops: MagicOp[] = [];
  for (const effect of profile.effects) {
    let faces: number[] = [];
    if (effect.kind === "restore" && effect.dice > 0) {
      const roll = rolls[next++];
      faces = roll instanceof DamageRoll ? roll.faces : [];
      if (faces.length !== Math.min(MAX_DICE, effect.dice)) return noteRefusal("BadRoll");
    }
    ops.push(...effectOps(effect, target, item, faces, result));
  }
  const ledger = `${cause.id}.target`;
  // A GM's Apply of a note it undid takes the note's mark off (a player's is refused by the ledger: undone by the GM).
  const clear: MagicOp[] = requester.isGM && cardUndone(cause.flags) ? [{ op: "record", uuid: cause.uuid, path: `flags.clockwork.${CARD_UNDONE_FLAG}`, clear: true }] : [];
  return { ops: [...ops.map((op) => (op.op === "heal" || op.op === "status" || op.op === "effect" || op.op === "mana" ? { ...op, ledger } : op)), ...clear] };
}

export const ALCHEMY_UNDO = "alchemy.undo";

/** The note's target while it holds what the note applied (its ledger tag applied, not undone). */
function appliedTarget(message: { id?: string | null; flags?: { clockwork?: Record<string, unknown> } }): { uuid: string; tag: string } | null {
  const use = useOf(message.flags?.clockwork ?? {});
  const target = resolveUuidSync<UserActor>(use?.targetUuid);
  const tag = `${message.id ?? ""}.target`;
  return target && message.id && ledgerState(target, tag) === "applied" ? { uuid: target.uuid, tag } : null;
}

/** "alchemy.undo" (GMs): reverts what the note wrote on its target and marks it "Undone by the GM" for everyone. */
function deriveAlchemyUndo({ cause }: DeriveContext): Derived {
  const applied = appliedTarget({ id: cause.id, flags: { clockwork: cause.flags } });
  if (!applied) return noteRefusal("NothingToUndo");
  return { ops: [{ op: "revert", uuid: applied.uuid, ledger: applied.tag }, { op: "record", uuid: cause.uuid, path: `flags.clockwork.${CARD_UNDONE_FLAG}`, from: [] }] };
}

interface NoteMessage {
  id?: string | null;
  uuid?: string;
  flags?: { clockwork?: Record<string, unknown> };
}

/** The GM's Undo of an item used on another's creature. */
export async function undoAlchemyUse(message: NoteMessage): Promise<RelayResult | null> {
  if (game.user?.isGM !== true || !message.uuid) return null;
  return relay(ALCHEMY_UNDO, {}, { cause: message.uuid });
}

/** Applies a use note again (a GM, after its Undo; a player's request is refused: undone by the GM). */
export async function reapplyAlchemyUse(message: NoteMessage): Promise<RelayResult | null> {
  if (!message.uuid) return null;
  return relay(ALCHEMY_APPLY, {}, { cause: message.uuid });
}

/**
 * A use note in the chat: "Undone by the GM" for everyone once the GM undid it, with the GM's
 * Apply to write it again; the GM's Undo while its target holds what it wrote.
 */
export function renderAlchemyNote(message: NoteMessage, html: HTMLElement): void {
  const flags = message.flags?.clockwork ?? {};
  if (!useOf(flags)) return;
  const gm = game.user?.isGM === true;
  const content = html.querySelector(".message-content") ?? html;
  const button = (className: string, label: string, click: () => unknown) => {
    if (html.querySelector(`.${className}`)) return;
    const el = document.createElement("button");
    el.type = "button";
    el.className = className;
    el.textContent = label;
    el.addEventListener("click", () => void click());
    content.append(el);
  };
  if (cardUndone(flags)) {
    if (!html.querySelector("[data-cw-undone]")) {
      const note = document.createElement("p");
      note.className = "cw-card-undone";
      note.dataset.cwUndone = "";
      note.textContent = localize("CLOCKWORK.Relay.CardUndone");
      content.append(note);
    }
    if (gm) button("cw-alchemy-apply", localize("CLOCKWORK.Relay.ApplyAgain"), () => reapplyAlchemyUse(message));
  } else if (gm && appliedTarget(message)) button("cw-alchemy-undo", localize("CLOCKWORK.Relay.Undo"), () => undoAlchemyUse(message));
}

/** Registers "alchemy.apply" (the use card's author; a GM). */
export function registerAlchemyKind(): void {
  registerRelayKind(ALCHEMY_APPLY, {
    who: "author",
    accepts: (flags) => useOf(flags) !== null,
    participants: (flags) => [String(useOf(flags)?.targetUuid ?? "")].filter(Boolean),
    derive: deriveAlchemyUse,
  });
  registerRelayKind(ALCHEMY_UNDO, {
    who: "gm",
    accepts: (flags) => useOf(flags) !== null,
    participants: () => [],
    derive: deriveAlchemyUndo,
  });
  // The use note's Undo and its "Undone by the GM" (the note is this kind's card).
  hooks().on("renderChatMessageHTML", (message: NoteMessage, html: HTMLElement) => {
    if (typeof HTMLElement !== "undefined" && html instanceof HTMLElement) renderAlchemyNote(message, html);
  });
}
