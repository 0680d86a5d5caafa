/**
 * What a party does with its members and its stash (the party's own items): who may join, adding
 * and removing members, and the stash's give and take under the usual write rules. The data model
 * (src/data/actor/party.ts) stores the members' UUIDs and resolves them on read.
 *
 * The stash moves items the way gear moves between actors' sheets today (copied onto the
 * receiver, then deleted from the giver by its owner: applications/sheets/actor-actions.ts
 * `dropItem`). A player writes only what they own, so a player who cannot write the party can
 * neither give to nor take from its stash: they get a clear refusal naming the fix (the GM makes
 * them an owner of the party, as dnd5e's group and pf2e's party expect). No item transfer goes
 * through the GM relay: the relay applies chat cards' outcomes, and a stash move has none.
 */
import { resolvePartyMembers } from "../data/actor/party";
import { isPhysicalItemType, setDownSource } from "../data/item/physical";
import { hooks, localize, notify, resolveUuidSync, updateDocument } from "../foundry";
import { copySource } from "./species-apply";

type ActorDoc = Actor.Implementation;
type ItemDoc = Item.Implementation;

/** A refusal: a lang key and its data. */
export interface PartyRefusal {
  key: string;
  data: Record<string, unknown>;
}

/** What a party reads of a would-be member. */
export interface MemberCandidate {
  uuid: string;
  name: string;
  type: string;
  documentName?: string;
  pack?: string | null;
  parent?: unknown;
  hasPlayerOwner?: boolean;
  flags?: Record<string, unknown>;
}

interface PartyLike {
  name: string;
  type: string;
  system: unknown;
}

const membersOf = (party: PartyLike): string[] => [...(((party.system as { members?: string[] }).members) ?? [])];

/** The members that exist now (characters and companions, in order). */
export function partyMembers(party: PartyLike): ActorDoc[] {
  return resolvePartyMembers(membersOf(party)) as unknown as ActorDoc[];
}

/** Whether an actor is in the party (by UUID). */
export function isPartyMember(party: PartyLike, actor: { uuid: string } | null | undefined): boolean {
  return !!actor && membersOf(party).includes(actor.uuid);
}

/** A companion NPC: one a spell made for a caster (magic/companions.ts) or one some player owns (a hireling, a pet). */
function isCompanion(actor: MemberCandidate): boolean {
  const flags = (actor.flags?.clockwork ?? {}) as { companion?: unknown };
  return !!flags.companion || actor.hasPlayerOwner === true;
}

/** Why an actor cannot join the party, or null when it can (characters, NPC companions; world actors only). */
export function memberRefusal(party: PartyLike, actor: MemberCandidate | null | undefined): PartyRefusal | null {
  if (!actor || actor.documentName !== "Actor") return { key: "CLOCKWORK.Party.Refused.NotActor", data: { party: party.name } };
  const data = { name: actor.name, party: party.name, type: localize(`TYPES.Actor.${actor.type}`) };
  if (actor.pack || actor.parent) return { key: "CLOCKWORK.Party.Refused.NotWorld", data };
  if (actor.type !== "character" && actor.type !== "npc") return { key: "CLOCKWORK.Party.Refused.Type", data };
  if (actor.type === "npc" && !isCompanion(actor)) return { key: "CLOCKWORK.Party.Refused.NotCompanion", data };
  if (membersOf(party).includes(actor.uuid)) return { key: "CLOCKWORK.Party.Refused.Already", data };
  return null;
}

function refuse(refusal: PartyRefusal): false {
  notify("warn", refusal.key, refusal.data);
  return false;
}

/** Adds an actor to the party; refuses (with a notice) what may not join or a party the user cannot write. */
export async function addPartyMember(party: ActorDoc, actor: MemberCandidate | null | undefined): Promise<boolean> {
  const refusal = memberRefusal(party, actor);
  if (refusal) return refuse(refusal);
  if (!party.isOwner) return refuse({ key: "CLOCKWORK.Party.Refused.CannotWrite", data: { party: party.name } });
  const outcome = await updateDocument(party, { "system.members": [...membersOf(party), actor!.uuid] });
  return outcome === "updated";
}

/** Removes a member by UUID (also a UUID whose actor is gone). */
export async function removePartyMember(party: ActorDoc, uuid: string): Promise<boolean> {
  const members = membersOf(party);
  if (!members.includes(uuid)) return false;
  if (!party.isOwner) return refuse({ key: "CLOCKWORK.Party.Refused.CannotWrite", data: { party: party.name } });
  return (await updateDocument(party, { "system.members": members.filter((m) => m !== uuid) })) === "updated";
}

/**
 * The joining rules on every write of the member list, whoever sends it (a forged
 * `party.update` from a console too): each UUID added that names an existing document must be a
 * character or an NPC companion of this world; otherwise the write is refused with the reason. A
 * UUID that resolves to nothing is left alone: it is read as no one.
 */
export function guardPartyMembers(party: PartyLike & { type: string }, next: unknown): boolean {
  if (party.type !== "party" || !Array.isArray(next)) return true;
  const current = new Set(membersOf(party));
  const blank = { name: party.name, type: party.type, system: { members: [] } };
  for (const uuid of next) {
    if (typeof uuid !== "string" || current.has(uuid)) continue;
    const doc = resolveUuidSync<MemberCandidate>(uuid);
    if (!doc) continue;
    const refusal = memberRefusal(blank, doc);
    if (refusal) return refuse(refusal);
  }
  return true;
}

/** The member list a write asks for (nested or dotted), or undefined. */
function membersIn(changes: Record<string, unknown>): unknown {
  if ("system.members" in changes) return changes["system.members"];
  return (changes.system as { members?: unknown } | undefined)?.members;
}

/** Registers the joining rules on party writes (during `init`). */
export function registerPartyRules(): void {
  const h = hooks();
  h.on("preUpdateActor", (party: PartyLike & { type: string }, changes: Record<string, unknown>) => guardPartyMembers(party, membersIn(changes)));
  h.on("preCreateActor", (party: PartyLike & { type: string }, data: Record<string, unknown>) =>
    guardPartyMembers({ name: party.name, type: party.type, system: { members: [] } }, membersIn(data)));
}

/* ------------------------------------------------------------------ the stash */

interface UserLike {
  isGM?: boolean;
}

/**
 * Why an item cannot go into the stash, or null. Only physical items; a player gives only from a
 * member they own (a GM from anywhere), and only to a party they can write.
 */
export function giveRefusal(party: ActorDoc, item: ItemDoc, user: UserLike | null): PartyRefusal | null {
  const data = { name: item.name, party: party.name, type: localize(`TYPES.Item.${item.type}`) };
  if (!isPhysicalItemType(item.type)) return { key: "CLOCKWORK.Party.Stash.NotPhysical", data };
  if (!party.isOwner) return { key: "CLOCKWORK.Party.Stash.CannotGive", data };
  if (user?.isGM) return null;
  const giver = item.parent as ActorDoc | null;
  if (!giver || giver.documentName !== "Actor" || !isPartyMember(party, giver) || !giver.isOwner) return { key: "CLOCKWORK.Party.Stash.NotMembersItem", data };
  return null;
}

/**
 * Puts an item into the stash: a copy set down on the party (unequipped, out of belt and
 * bandolier), then the giver's own copy deleted, its slot freed first, as between characters.
 */
export async function giveToStash(party: ActorDoc, item: ItemDoc, user: UserLike | null): Promise<ItemDoc | null> {
  if (item.parent === party) return null;
  const refusal = giveRefusal(party, item, user);
  if (refusal) {
    refuse(refusal);
    return null;
  }
  // A refused create resolves an empty array; then the giver keeps the item.
  const created = (await party.createEmbeddedDocuments("Item", [setDownSource(copySource(item) as Record<string, unknown>) as never]))?.[0] ?? null;
  const giver = item.parent as (ActorDoc & { unequip?(item: ItemDoc): Promise<void> }) | null;
  if (created && giver?.isOwner) {
    await giver.unequip?.(item);
    await item.delete();
  }
  return created as ItemDoc | null;
}

/**
 * Why an item of a party's stash cannot be taken onto `receiver`, or null. The taker must be able
 * to write the party (the item leaves it) and, unless a GM, take it for a member.
 */
export function takeRefusal(party: ActorDoc, item: ItemDoc, receiver: { uuid: string; name: string }, user: UserLike | null): PartyRefusal | null {
  const data = { name: item.name, party: party.name, actor: receiver.name };
  if (!party.isOwner) return { key: "CLOCKWORK.Party.Stash.CannotTake", data };
  if (!user?.isGM && !isPartyMember(party, receiver)) return { key: "CLOCKWORK.Party.Stash.NotMember", data };
  return null;
}

/**
 * For the sheets' drop handler: an item dropped from a party's stash is taken only under the
 * stash's rules (a notice, and false, when not). Anything else passes.
 */
export function mayTakeFromStash(item: ItemDoc, receiver: ActorDoc, user: UserLike | null): boolean {
  const party = item.parent as ActorDoc | null;
  if (!party || party.documentName !== "Actor" || party.type !== "party") return true;
  const refusal = takeRefusal(party, item, receiver, user);
  return refusal ? refuse(refusal) : true;
}
