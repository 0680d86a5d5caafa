/**
 * The party: the group of characters (and their NPC companions) who play together. It stores who
 * belongs (world actors' UUIDs, as pf2e's party keeps `details.members`) and, as its own items,
 * the shared stash with quantities, the way a loot actor holds a chest's contents, so Item Piles
 * can treat it as a pile. Who a member is now is read, never stored: a member deleted from the
 * world is simply not found (dnd5e's group resolves its members on read the same way).
 */
import { htmlField, integerField, uuidListField } from "../fields";
import { FIELD_LOCALIZATION_PREFIXES } from "../item/base";
import type { AnyMutableObject } from "fvtt-types/utils";
import { migrateModelData } from "../../migrations/steps";
import { resolveUuidSync } from "../../foundry";

/** The actor types a party takes as members (an NPC only as a companion, documents/party.ts). */
export const PARTY_MEMBER_TYPES: readonly string[] = ["character", "npc"];

function definePartySchema() {
  return {
    /** World actors' UUIDs, in the order the GM added them. */
    members: uuidListField(),
    /** The party's purse: the same path as characters' and loot's, so Item Piles moves it as one. */
    currency: integerField(0, 0),
    /** The GM's notes on the party (its charter, its debts). */
    description: htmlField(),
  };
}

export type PartySchema = ReturnType<typeof definePartySchema>;

/** A member as the party finds it: a world actor of a member type. */
export interface PartyMemberActor {
  uuid: string;
  type: string;
  documentName?: string;
  pack?: string | null;
  parent?: unknown;
}

/** The members that still exist, in order: a UUID that resolves to nothing (deleted) or to something else is skipped. */
export function resolvePartyMembers<A extends PartyMemberActor = PartyMemberActor>(uuids: readonly string[], resolve: (uuid: string) => unknown = resolveUuidSync): A[] {
  const found: A[] = [];
  for (const uuid of uuids) {
    const actor = resolve(uuid) as A | null;
    if (!actor || actor.documentName !== "Actor" || actor.pack || actor.parent) continue;
    if (!PARTY_MEMBER_TYPES.includes(actor.type) || found.includes(actor)) continue;
    found.push(actor);
  }
  return found;
}

export class PartyData extends foundry.abstract.TypeDataModel<PartySchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = FIELD_LOCALIZATION_PREFIXES;

  static override defineSchema(): PartySchema {
    return definePartySchema();
  }

  /** The member actors that exist now (derived on every read: nothing to clean up when one is deleted). */
  get memberActors(): Actor.Implementation[] {
    return resolvePartyMembers<Actor.Implementation & PartyMemberActor>(this.members as string[]);
  }

  /** Older shapes of this model's data (src/migrations/steps.ts); none yet: the type is new. */
  static override migrateData(source: AnyMutableObject): AnyMutableObject {
    return super.migrateData(migrateModelData("Actor.party", source));
  }
}
