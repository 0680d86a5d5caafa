/**
 * A party's sheet context from plain members (src/applications/context/party.ts), for the render
 * and browser tests: Ada in a fight with her counters, a wounded and poisoned Bram, a dying
 * companion, and one member the viewer cannot observe.
 */
import { buildPartyContext, type PartyContext, type PartyMemberInput } from "../../../src/applications/context/party";
import { SKILL_KEYS } from "../../../src/rules";

const health = (vitalsRemaining: number, vitalsMax: number, wounds: number, hits: number, grit: number, more: object = {}) =>
  ({ grit, capacity: Math.max(0, grit - wounds), hits, wounds, vitalsMax, vitalsRemaining, ...more });

export const PARTY_MEMBERS: PartyMemberInput[] = [
  {
    uuid: "Actor.partyAda000001", id: "partyAda000001", name: "Ada Voss", img: "icons/svg/mystery-man.svg", type: "character", observable: true, owner: true,
    health: health(4, 4, 0, 1, 5), mana: { value: 6, max: 8 }, luck: { value: 2, max: 3 },
    counters: { available: 4, reserved: 2, state: "ready", note: "Its turn, or between turns.", rule: "Reactions spend held counters." },
    conditions: [],
  },
  {
    uuid: "Actor.partyBram00001", id: "partyBram00001", name: "Bram", img: "icons/svg/mystery-man.svg", type: "character", observable: true,
    health: health(1, 4, 3, 0, 4), mana: { value: 0, max: 4 }, luck: { value: 0, max: 3 }, counters: null,
    conditions: ["CLOCKWORK.Condition.poisoned", "CLOCKWORK.Condition.prone"],
  },
  {
    uuid: "Actor.partyRusty0001", id: "partyRusty0001", name: "Rusty", img: "icons/svg/mystery-man.svg", type: "npc", observable: true,
    health: health(0, 2, 1, 0, 3, { dying: true }), mana: null, luck: null, counters: null, conditions: [],
  },
  { uuid: "Actor.partySecret001", id: "partySecret001", name: "", img: "", type: "character", observable: false },
];

const STASH = [
  { id: "partyRope0000001", name: "Rope", img: "icons/svg/item-bag.svg", type: "equipment", sort: 1, system: { quantity: 3, price: 2 } },
  { id: "partySword000001", name: "Longsword", img: "icons/svg/sword.svg", type: "weapon", sort: 2, system: { quantity: 1, price: 150 } },
];

export function partyContext(options: { gm?: boolean; editable?: boolean; members?: PartyMemberInput[]; items?: typeof STASH } = {}): PartyContext {
  return buildPartyContext({
    party: { id: "partyActor000001", name: "The Company", img: "icons/svg/shield.svg" },
    editable: options.editable ?? true,
    gm: options.gm ?? true,
    members: options.members ?? PARTY_MEMBERS,
    items: (options.items ?? STASH) as never,
    currency: 35,
    skills: SKILL_KEYS,
  });
}
