/**
 * What a hotbar macro of the system does, as plain data: the spec a drop carries, the macro's
 * command stores and `game.clockwork.macros.run` reads back. Pure (no Foundry globals): a spec
 * comes from a drag, a chat paste or a player's console, so it is checked field by field and a
 * malformed one is refused whole (null) instead of half-run.
 */
import { COMBAT_ACTION_KEYS, SKILL_ATTRIBUTE } from "../rules";

/** The drag data type the sheets put on skill rows and combat actions (items drag as core's "Item"). */
export const MACRO_DRAG_TYPE = "ClockworkMacro";

/** What a macro does: roll a skill, attack with a weapon, cast a spell, use an alchemy item, take a combat action. */
export type MacroKind = "skill" | "attack" | "cast" | "alchemy" | "action";

export const MACRO_KINDS: readonly MacroKind[] = ["skill", "attack", "cast", "alchemy", "action"];

export interface MacroSpec {
  kind: MacroKind;
  /** skill: the skill key. */
  skill?: string;
  /** action: the combat action key (`COMBAT_ACTIONS`). */
  key?: string;
  /** The item used (weapon, spell, alchemy item; an action's weapon or recalled item): found by id first... */
  itemId?: string;
  /** ...then by this name, so a macro still works on a copy of the creature or after a rename. */
  name?: string;
  /** action: the off-hand weapon of a two-weapon attack. */
  offWeaponId?: string;
  /** action: a species attack's key (breath, spores). */
  speciesAttack?: string;
}

const ID = /^[A-Za-z0-9]{16}$/;
const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;
const MAX_NAME = 200;
const SKILLS: ReadonlySet<string> = new Set(Object.keys(SKILL_ATTRIBUTE));
const ACTIONS: ReadonlySet<string> = new Set(COMBAT_ACTION_KEYS);

/** Kinds that use an item (found by id, then by name). */
export const ITEM_KINDS: ReadonlySet<MacroKind> = new Set(["attack", "cast", "alchemy"]);

/** The item type each item kind looks for (alchemy: equipment of the alchemy category). */
export const KIND_ITEM_TYPE: Readonly<Record<"attack" | "cast" | "alchemy", string>> = { attack: "weapon", cast: "spell", alchemy: "equipment" };

function optional(value: unknown, test: (v: string) => boolean): string | undefined | null {
  if (value === undefined || value === null || value === "") return undefined;
  return typeof value === "string" && test(value) ? value : null;
}

const isName = (v: string) => v.trim().length > 0 && v.length <= MAX_NAME;

/**
 * The spec in `data`, checked: a known kind with exactly the fields it needs, ids of 16
 * letters and digits, a known skill or action key, a name of at most 200 characters. Null when
 * anything is wrong.
 */
export function parseMacroSpec(data: unknown): MacroSpec | null {
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const raw = data as Record<string, unknown>;
  const kind = raw.kind;
  if (typeof kind !== "string" || !(MACRO_KINDS as readonly string[]).includes(kind)) return null;
  const itemId = optional(raw.itemId, (v) => ID.test(v));
  const name = optional(raw.name, isName);
  const offWeaponId = optional(raw.offWeaponId, (v) => ID.test(v));
  const speciesAttack = optional(raw.speciesAttack, (v) => KEY.test(v));
  if (itemId === null || name === null || offWeaponId === null || speciesAttack === null) return null;
  const item = { ...(itemId ? { itemId } : {}), ...(name ? { name } : {}) };
  switch (kind as MacroKind) {
    case "skill":
      return typeof raw.skill === "string" && SKILLS.has(raw.skill) ? { kind: "skill", skill: raw.skill } : null;
    case "attack":
    case "cast":
    case "alchemy":
      return itemId || name ? { kind: kind as MacroKind, ...item } : null;
    case "action": {
      if (typeof raw.key !== "string" || !ACTIONS.has(raw.key)) return null;
      return {
        kind: "action", key: raw.key, ...item,
        ...(offWeaponId ? { offWeaponId } : {}),
        ...(speciesAttack ? { speciesAttack } : {}),
      };
    }
  }
}

/** Two specs do the same thing (the macro is reused rather than made again). */
export function sameSpec(a: MacroSpec, b: MacroSpec): boolean {
  return macroSpecKey(a) === macroSpecKey(b);
}

/** A stable text of the spec: its fields in a fixed order. */
export function macroSpecKey(spec: MacroSpec): string {
  const order: (keyof MacroSpec)[] = ["kind", "skill", "key", "itemId", "name", "offWeaponId", "speciesAttack"];
  return JSON.stringify(order.filter((k) => spec[k] !== undefined).map((k) => [k, spec[k]]));
}

/** The script of the macro: one call of the system's API with the spec (docs/api.md, "Hotbar macros"). */
export function macroCommand(spec: MacroSpec): string {
  const ordered = Object.fromEntries(JSON.parse(macroSpecKey(spec)) as [string, unknown][]);
  // `scope` is core's script-macro parameter (client/documents/macro.mjs): a click's event travels in it.
  return `return game.clockwork.macros.run(${JSON.stringify(ordered)}, { event: scope?.event });`;
}
