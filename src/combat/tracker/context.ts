/**
 * What the combat tracker and the tokens show of a combatant's counters (issue 10 item 3):
 * pips for the turn's counters and the reserved ones, the spent ones hollow, "defenseless"
 * before the first turn. Pure: plain input, plain output, for the template and the token layer.
 */
import { COUNTERS_PER_TURN, type CounterState } from "../../rules";

export type PipState = "available" | "reserved" | "spent";

export interface CountersView {
  counters: CounterState;
  /** The combat has started (nothing is shown before). */
  started: boolean;
  /** It is this combatant's turn. */
  current: boolean;
  /** The viewing user owns the combatant (may pass). */
  owner: boolean;
  name: string;
  /** Initiative not rolled yet: its owner may pick the skill (§4.6 step 1). */
  initiativePending?: boolean;
  /** The picked initiative skill ("" = the better one). */
  initiativeSkill?: string;
}

export interface TrackerCountersContext {
  show: boolean;
  defenseless: boolean;
  passed: boolean;
  available: number;
  reserved: number;
  pips: { state: PipState }[];
  /** Screen-reader text: "3 available, 2 reserved". */
  label: string;
  labelData: { available: number; reserved: number; name: string };
  canPass: boolean;
  /** The owner's initiative skill choice, before initiative is rolled. */
  pickSkill: boolean;
  skillOptions: { value: string; label: string; selected: boolean }[];
}

/** The pips in order: this turn's counters, then the reserved ones, then the spent ones up to 6. */
export function counterPips(counters: CounterState): PipState[] {
  const pips: PipState[] = [];
  for (let i = 0; i < counters.available; i++) pips.push("available");
  for (let i = 0; i < counters.reserved; i++) pips.push("reserved");
  while (pips.length < COUNTERS_PER_TURN && counters.hadTurn) pips.push("spent");
  return pips;
}

export function trackerCountersContext(view: CountersView): TrackerCountersContext {
  const { counters } = view;
  const defenseless = view.started && !counters.hadTurn;
  return {
    show: view.started,
    defenseless,
    passed: counters.passed,
    available: counters.available,
    reserved: counters.reserved,
    pips: counterPips(counters).map((state) => ({ state })),
    label: "CLOCKWORK.Combat.Turns.Counters.Label",
    labelData: { available: counters.available, reserved: counters.reserved, name: view.name },
    canPass: view.started && view.current && view.owner && counters.hadTurn && !counters.passed,
    pickSkill: view.owner && view.initiativePending === true,
    skillOptions: [
      { value: "", label: "CLOCKWORK.Combat.Turns.Initiative.Better" },
      { value: "agility", label: "CLOCKWORK.Skill.agility" },
      { value: "intuition", label: "CLOCKWORK.Skill.intuition" },
    ].map((o) => ({ ...o, selected: o.value === (view.initiativeSkill ?? "") })),
  };
}

/** One pip drawn on a token, in token-relative pixels. */
export interface TokenPip {
  x: number;
  y: number;
  radius: number;
  state: PipState;
}

/**
 * Pips along the token's bottom edge, centred, at most the token's width: the same order as
 * the tracker. Empty before the first turn (the token shows the defenseless marker instead).
 */
export function tokenPipLayout(counters: CounterState, size: { width: number; height: number }): TokenPip[] {
  const pips = counterPips(counters);
  if (!pips.length) return [];
  // Small tokens with many counters shrink the pips and the gaps rather than overflow.
  const gap = Math.min(2, size.width / (pips.length * 4));
  const radius = Math.min(8, (size.width - gap * (pips.length + 1)) / (pips.length * 2));
  const total = pips.length * radius * 2 + (pips.length - 1) * gap;
  const start = (size.width - total) / 2 + radius;
  const y = size.height - radius - 2;
  return pips.map((state, i) => ({ x: start + i * (radius * 2 + gap), y, radius, state }));
}
