/**
 * Hotbar macros (issue 32): a weapon, spell, alchemy item or magic item with an action dragged
 * from a sheet, a skill row or a combat action makes (or reuses) a script macro that calls the
 * Actor's API for the selected token's actor or the user's character. `game.clockwork.macros`
 * is the API for macro writers (docs/api.md, "Hotbar macros").
 */
import { hooks, systemApi } from "../foundry";
import { addToHotbar, createMacro, existingMacro, macroData } from "./create";
import { macroActor, runMacro } from "./run";
import { dragDataForElement, dropSource, MACRO_ROWS, specForDrop, specForElement, specForItem } from "./sources";
import { MACRO_DRAG_TYPE, MACRO_KINDS, macroCommand, parseMacroSpec, type MacroSpec } from "./spec";

export { addToHotbar, dragDataForElement, specForElement, specForItem, MACRO_DRAG_TYPE, MACRO_ROWS, type MacroSpec };

/**
 * Core's hotbar calls `hotbarDrop(bar, data, slot)` before its own handling and stops when a
 * handler returns false (client/applications/ui/hotbar.mjs `_onDrop`). A drop the system knows
 * becomes its macro; anything else is left to core.
 */
export function onHotbarDrop(_bar: unknown, data: unknown, slot: unknown): boolean | void {
  const source = dropSource(data);
  if (!source) return;
  // Core does not wait for the hook; a refused create has already been shown to the user by core.
  createMacro(source.spec, { slot: Number(slot) || null, actor: (source.actor ?? undefined) as never }).catch((error: unknown) => console.error(error));
  return false;
}

/** `game.clockwork.macros`. */
export const macrosApi = {
  /** Makes (or reuses) the macro of a drop's data (`{type: "Item", uuid}` or the sheets' own) and assigns it to the hotbar. */
  async create(data: unknown, slot?: number | null) {
    const spec = specForDrop(data) ?? parseMacroSpec(data);
    return spec ? createMacro(spec, { slot: slot ?? null }) : null;
  },
  /** Runs a spec (`{kind: "attack", itemId, name}`…) for the selected token's actor or the user's character. */
  run: runMacro,
  /** The spec of an owned item, or null when it has no macro. */
  specForItem,
  /** The Macro data a spec makes (name, picture, command). */
  macroData,
  /** The command a spec's macro runs. */
  command: macroCommand,
  /** This user's macro with that command, if any. */
  find: existingMacro,
  /** The creature a macro would act for now. */
  actor: macroActor,
  kinds: MACRO_KINDS,
  dragType: MACRO_DRAG_TYPE,
} as const;

/** Registers the hotbar drop handling and the API; once, in `init`. */
export function registerMacros(): void {
  hooks().on("hotbarDrop", onHotbarDrop as never);
  systemApi().macros = macrosApi;
}
