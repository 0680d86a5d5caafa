/**
 * The party sheet (issue 32): the group at a glance. Each member the viewer may observe, with
 * vitals and wounds, mana, luck, counters in the running combat and active conditions, redrawn
 * when a member changes; members join by drag (characters and NPC companions) and leave by a
 * button; the GM awards XP to them (the award window, members chosen), asks them all for a roll
 * (the roll request card), and deploys or gathers the party on the map. Below, the shared stash:
 * the party's own items with quantities, given and taken under the write rules of
 * src/documents/party.ts.
 */
import { ClockworkXpAwardDialog } from "../builder/advancement-app";
import { combatCountersFor } from "../../combat/actions";
import { activeStatuses, statusLabel } from "../../combat/conditions";
import { deployParty, gatherParty } from "../../canvas/party";
import { addPartyMember, giveToStash, partyMembers, removePartyMember } from "../../documents/party";
import { requestRoll } from "../../enrichers/request";
import { currentUser, hooks, resolveUuidSync, worldCollection } from "../../foundry";
import { SKILL_KEYS } from "../../rules";
import { actorActions } from "./actor-actions";
import { busyActions, sheetActions, type ActionHandler } from "./busy";
import { bindQuantityInputs } from "./quantity-inputs";
import { TEMPLATES } from "../handlebars";
import { HandlebarsActorSheet } from "./sheet-bases";
import { buildPartyContext, type PartyMemberInput } from "../context/party";
import { DEFAULT_ACTOR_IMG } from "../context/format";

export const PARTY_TEMPLATE = TEMPLATES.party.party;

type ActorDoc = Actor.Implementation;
type ItemDoc = Item.Implementation;
type SheetAction = (event: PointerEvent, target: HTMLElement) => Promise<void>;
type ActorSheetContext = foundry.applications.sheets.ActorSheetV2.RenderContext;

interface MemberSystem {
  health?: { grit: number; capacity: number; hits: number; wounds: number; vitalsMax: number; vitalsRemaining: number; dying?: boolean; dead?: boolean };
  mana?: { value: number; max: number };
  luck?: { value: number; max: number };
}

/** What the sheet reads of a member; an actor the viewer cannot observe gives its UUID and nothing else. */
export function memberInput(actor: ActorDoc, user: unknown): PartyMemberInput {
  const observable = actor.testUserPermission(user as never, "OBSERVER");
  const base = { uuid: actor.uuid, id: actor.id ?? "", name: "", img: "", type: actor.type, observable };
  if (!observable) return base;
  const system = actor.system as unknown as MemberSystem;
  // Dying and dead show as the member's status, not again among the conditions.
  const conditions = activeStatuses(actor as never).filter((s) => s.id !== "dying" && s.id !== "dead").map((s) => statusLabel(s.id));
  return {
    ...base,
    name: actor.name,
    img: actor.img || DEFAULT_ACTOR_IMG,
    owner: actor.testUserPermission(user as never, "OWNER"),
    health: system.health,
    mana: system.mana ? { value: system.mana.value, max: system.mana.max } : null,
    luck: actor.type === "character" && system.luck ? { value: system.luck.value, max: system.luck.max } : null,
    counters: combatCountersFor(actor as never),
    conditions,
  };
}

interface PartySheetLike {
  actor: ActorDoc;
  isEditable: boolean;
  render(): unknown;
}

function memberOf(sheet: PartySheetLike, target: HTMLElement): ActorDoc | null {
  const uuid = target.closest<HTMLElement>("[data-member-uuid]")?.dataset.memberUuid;
  return (partyMembers(sheet.actor).find((m) => m.uuid === uuid) ?? null);
}

async function openMember(sheet: PartySheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  await memberOf(sheet, target)?.sheet?.render(true);
}

async function removeMember(sheet: PartySheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const uuid = target.closest<HTMLElement>("[data-member-uuid]")?.dataset.memberUuid;
  if (uuid && sheet.isEditable) await removePartyMember(sheet.actor, uuid);
}

/** The award window, with the party's characters the GM sees chosen (the GM unticks whom to leave out). */
async function awardXp(sheet: PartySheetLike): Promise<void> {
  const ids = partyMembers(sheet.actor).filter((m) => m.type === "character").map((m) => m.id as string);
  await ClockworkXpAwardDialog.open(ids);
}

/** The roll request card, for the skill chosen beside the button. */
async function requestPartyRoll(_sheet: PartySheetLike, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const select = target.closest<HTMLElement>(".cw-party-request")?.querySelector<HTMLSelectElement>("select[data-request-skill]");
  await requestRoll({ skill: select?.value ?? "" });
}

const viewedScene = () => (worldCollection<{ viewed?: unknown }>("scenes")?.viewed ?? null) as never;

async function deploy(sheet: PartySheetLike): Promise<void> {
  await deployParty(sheet.actor as never, partyMembers(sheet.actor) as never, viewedScene());
}

async function gather(sheet: PartySheetLike): Promise<void> {
  await gatherParty(sheet.actor as never, partyMembers(sheet.actor) as never, viewedScene());
}

export class ClockworkPartySheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["clockwork", "sheet", "actor", "party"],
    position: { width: 640, height: 680 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: busyActions(sheetActions({
      openMember, removeMember, awardXp, requestRoll: requestPartyRoll, deploy, gather,
      editItem: actorActions.editItem,
      deleteItem: actorActions.deleteItem,
    }) as Record<string, ActionHandler<object>>) as Record<string, SheetAction>,
  };

  static PARTS = {
    party: { template: PARTY_TEMPLATE, scrollable: [".cw-party-body"] },
  };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<ActorSheetContext> {
    const base = await super._prepareContext(options);
    const user = currentUser();
    const system = this.actor.system as unknown as { currency?: number };
    const context = buildPartyContext({
      party: { id: this.actor.id ?? "", name: this.actor.name, img: this.actor.img || DEFAULT_ACTOR_IMG },
      editable: this.isEditable,
      gm: user?.isGM === true,
      members: partyMembers(this.actor).map((m) => memberInput(m, user)),
      items: this.actor.items as never,
      currency: system.currency ?? 0,
      skills: SKILL_KEYS,
    });
    return Object.assign(base, context);
  }

  /** Quantity boxes write to their item, not to the actor's form. */
  protected override async _onRender(...args: Parameters<foundry.applications.api.ApplicationV2["_onRender"]>): Promise<void> {
    await super._onRender(...args);
    bindQuantityInputs(this);
  }

  /** A member dropped here joins; anything else is refused with the reason (documents/party.ts). */
  protected async _onDropActor(_event: DragEvent, actor: ActorDoc): Promise<boolean> {
    if (actor === this.actor) return false;
    return addPartyMember(this.actor, actor as never);
  }

  /** An item dropped here goes into the stash (moved from a member's sheet); sorting within stays core's. */
  protected async _onDropItem(event: DragEvent, item: ItemDoc): Promise<ItemDoc | null> {
    if (item.parent === this.actor) return actorActions.dropItem(this as never, event, item);
    return giveToStash(this.actor, item, currentUser());
  }
}

/** Redraws the open sheets of the parties `actor` belongs to (a member's change, or its deletion). */
function renderPartiesOf(actor: { uuid?: string } | null | undefined): void {
  const uuid = actor?.uuid;
  if (!uuid) return;
  for (const party of partiesWithOpenSheets()) {
    if (((party.system as { members?: string[] }).members ?? []).includes(uuid)) void party.sheet?.render();
  }
}

function partiesWithOpenSheets(): ActorDoc[] {
  const actors = worldCollection<Iterable<ActorDoc>>("actors") ?? [];
  return [...actors].filter((a) => a.type === "party" && a.sheet?.rendered);
}

function renderAllParties(): void {
  for (const party of partiesWithOpenSheets()) void party.sheet?.render();
}

/** The actor an embedded document (an effect, a combatant) belongs to. */
const actorOfEffect = (effect: { parent?: unknown }) => effect.parent as { uuid?: string } | null;
const actorOfCombatant = (combatant: { actorId?: string | null; actor?: { uuid?: string } | null }) =>
  combatant.actor ?? (combatant.actorId ? resolveUuidSync<{ uuid?: string }>(`Actor.${combatant.actorId}`) : null);

/** Registers the party sheet as the default for `party` actors and its live redraws (during `init`). */
export function registerPartySheet(): void {
  foundry.documents.collections.Actors.registerSheet("clockwork", ClockworkPartySheet, {
    types: ["party"], makeDefault: true, label: "CLOCKWORK.Sheet.Label.Party",
  });
  const h = hooks();
  h.on("updateActor", renderPartiesOf);
  h.on("deleteActor", renderPartiesOf);
  for (const name of ["createActiveEffect", "updateActiveEffect", "deleteActiveEffect"]) h.on(name, (effect: { parent?: unknown }) => renderPartiesOf(actorOfEffect(effect)));
  for (const name of ["createCombatant", "updateCombatant", "deleteCombatant"]) h.on(name, (c: { actorId?: string | null; actor?: { uuid?: string } | null }) => renderPartiesOf(actorOfCombatant(c)));
  // A combat started, ended or turned: counters appear, vanish or change for every member.
  for (const name of ["updateCombat", "deleteCombat"]) h.on(name, renderAllParties);
}
