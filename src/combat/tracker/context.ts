/**
 * What the combat tracker shows of a combatant's counters (issue 10 item 3): pips for the
 * turn's counters and the reserved ones, the spent ones hollow, "defenseless" before the first
 * turn, the Pass button, the initiative skill pick and a minion band's shared vitals; every
 * number with its words (issue 20). Pure: plain input, plain output, for the
 * template (./decorate.ts, loaded with the combat implementation).
 */
import type { CounterState } from "../../rules";
import type { BandVitals } from "../minions";
import { counterPips, type PipState } from "./pips";

// The pips themselves are drawn on tokens too (./pips.ts).
export { counterPips, tokenPipLayout, type PipState, type TokenPip } from "./pips";

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
  /** A minion band's shared vitals (its members'), shown on its row. */
  band?: BandVitals | null;
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
  /** A band's vitals left and in all, with the members standing (null: not a band). */
  band: { vitals: number; max: number; standing: number; members: number } | null;
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
    band: view.band ? { vitals: view.band.vitals, max: view.band.vitalsMax, standing: view.band.standing, members: view.band.members } : null,
  };
}
