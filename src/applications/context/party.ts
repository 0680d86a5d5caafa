/**
 * The party sheet's context (pure: rendered in tests without Foundry). Each member's vitals and
 * wounds, mana, luck, counters in the running combat and active conditions, read from plain
 * inputs the sheet gathers; a member the viewer cannot observe is left out here, so neither the
 * page nor the context data names it. The stash rows are the loot sheet's.
 */
import type { SheetCounters } from "../../combat/actions";
import { lootRows, type LootRow } from "./loot";

/** What the sheet reads of one member (only for members the viewer observes: the rest carry `observable: false` and nothing else is read). */
export interface PartyMemberInput {
  uuid: string;
  id: string;
  name: string;
  img: string;
  type: string;
  /** The viewer may observe this actor (OBSERVER or better). */
  observable: boolean;
  /** The viewer owns it. */
  owner?: boolean;
  health?: {
    grit: number;
    capacity: number;
    hits: number;
    wounds: number;
    vitalsMax: number;
    vitalsRemaining: number;
    dying?: boolean;
    dead?: boolean;
  };
  mana?: { value: number; max: number } | null;
  luck?: { value: number; max: number } | null;
  counters?: SheetCounters | null;
  /** Label keys of its active conditions. */
  conditions?: string[];
}

export interface PartyContextInput {
  party: { id: string; name: string; img: string };
  editable: boolean;
  gm: boolean;
  members: readonly PartyMemberInput[];
  items: Parameters<typeof lootRows>[0];
  currency: number;
  /** Skill keys for the roll request, in the book's order. */
  skills: readonly string[];
}

export interface PartyMemberView {
  uuid: string;
  id: string;
  name: string;
  img: string;
  typeLabel: string;
  owner: boolean;
  vitals: { remaining: number; max: number; percent: number; low: boolean };
  wounds: number;
  hits: number;
  capacity: number;
  /** "CLOCKWORK.Party.Status.dead" … or "" while standing. */
  status: string;
  mana: { value: number; max: number } | null;
  luck: { value: number; max: number } | null;
  counters: SheetCounters | null;
  conditions: string[];
}

export interface PartyContext {
  party: { id: string; name: string; img: string };
  editable: boolean;
  gm: boolean;
  members: PartyMemberView[];
  /** Characters among the shown members: the award's recipients. */
  characterIds: string[];
  inCombat: boolean;
  stash: LootRow[];
  stashValue: number;
  currency: number;
  skills: { key: string; label: string }[];
}

const ratio = (value: number, max: number) => (max > 0 ? Math.round((Math.max(0, value) / max) * 100) : 0);

function memberView(m: PartyMemberInput): PartyMemberView {
  const h = m.health ?? { grit: 0, capacity: 0, hits: 0, wounds: 0, vitalsMax: 0, vitalsRemaining: 0 };
  const status = h.dead ? "CLOCKWORK.Party.Status.dead" : h.dying ? "CLOCKWORK.Party.Status.dying" : "";
  return {
    uuid: m.uuid,
    id: m.id,
    name: m.name,
    img: m.img,
    typeLabel: `TYPES.Actor.${m.type}`,
    owner: m.owner === true,
    vitals: { remaining: h.vitalsRemaining, max: h.vitalsMax, percent: ratio(h.vitalsRemaining, h.vitalsMax), low: h.vitalsRemaining <= 1 },
    wounds: h.wounds,
    hits: h.hits,
    capacity: h.capacity,
    status,
    mana: m.mana ?? null,
    luck: m.luck ?? null,
    counters: m.counters ?? null,
    conditions: [...(m.conditions ?? [])],
  };
}

export function buildPartyContext(input: PartyContextInput): PartyContext {
  const members = input.members.filter((m) => m.observable).map(memberView);
  const stash = lootRows(input.items);
  return {
    party: input.party,
    editable: input.editable,
    gm: input.gm,
    members,
    characterIds: input.members.filter((m) => m.observable && m.type === "character").map((m) => m.id),
    inCombat: members.some((m) => m.counters !== null),
    stash,
    stashValue: stash.reduce((sum, row) => sum + row.value, 0),
    currency: input.currency,
    skills: input.skills.map((key) => ({ key, label: `CLOCKWORK.Skill.${key}` })),
  };
}
