/**
 * Making the macro of a spec and putting it on the user's hotbar. As dnd5e does
 * (module/documents/macro.mjs `create5eMacro`), a macro of this user with the same command is
 * reused rather than made twice; core's `User#assignHotbarMacro` fills the slot (the first free
 * one when none is given).
 */
import { currentUser, notify, worldCollection } from "../foundry";
import { macroActor, macroItem } from "./run";
import { macroCommand, type MacroSpec } from "./spec";
import { macroImg, macroName, type MacroItem } from "./sources";
import type { ClockworkActor } from "../documents/actor";

/** What the macros need of core's Macro document. */
export interface MacroDoc {
  id: string | null;
  name: string;
  command: string;
  isAuthor?: boolean;
  author?: { id?: string | null } | null;
}

interface MacroUser {
  id: string | null;
  can?(permission: string): boolean;
  assignHotbarMacro(macro: MacroDoc | null, slot?: number | string | null): Promise<unknown>;
}

interface MacroClass {
  implementation?: { create(data: object): Promise<MacroDoc | undefined> };
  create(data: object): Promise<MacroDoc | undefined>;
}

/** The Macro document data for a spec: name and picture after the item (of `actor`, when given), the command, the spec in a flag. */
export function macroData(spec: MacroSpec, actor?: ClockworkActor | null): Record<string, unknown> {
  const item = actor && (spec.itemId || spec.name) ? (macroItem(actor, spec) as MacroItem | null) : null;
  return {
    name: macroName(spec),
    type: "script",
    scope: "global",
    img: macroImg(spec, item),
    command: macroCommand(spec),
    flags: { clockwork: { macro: spec } },
  };
}

/** This user's macro with the command, if there is one already. */
export function existingMacro(command: string): MacroDoc | null {
  const macros = worldCollection<Iterable<MacroDoc>>("macros");
  const userId = currentUser<MacroUser>()?.id;
  for (const macro of macros ?? []) {
    const mine = macro.isAuthor ?? macro.author?.id === userId;
    if (mine && macro.command === command) return macro;
  }
  return null;
}

/**
 * Makes (or reuses) the macro of a spec and assigns it to the hotbar `slot` (the first free one
 * when none). Null, with a localized reason, when the user may not write script macros.
 */
export async function createMacro(spec: MacroSpec, options: { slot?: number | null; actor?: ClockworkActor | null } = {}): Promise<MacroDoc | null> {
  const user = currentUser<MacroUser>();
  if (!user) return null;
  // Core's Macro rules: a script macro needs the MACRO_SCRIPT permission (common/documents/macro.mjs).
  if (user.can && !user.can("MACRO_SCRIPT")) {
    notify("warn", "CLOCKWORK.Macros.NoScriptPermission");
    return null;
  }
  const data = macroData(spec, options.actor ?? macroActor());
  let macro = existingMacro(data.command as string);
  if (!macro) {
    const cls = (globalThis as { Macro?: MacroClass }).Macro;
    macro = (await (cls?.implementation ?? cls)?.create(data)) ?? null;
  }
  if (!macro) return null;
  try {
    await user.assignHotbarMacro(macro, options.slot ?? undefined);
  } catch {
    // Core throws when every slot of the fifty is taken.
    notify("warn", "CLOCKWORK.Macros.HotbarFull", { name: macro.name });
  }
  return macro;
}

/** The "Add to hotbar" entry: the macro in the first free slot, and a word saying so. */
export async function addToHotbar(spec: MacroSpec, actor?: ClockworkActor | null): Promise<MacroDoc | null> {
  const macro = await createMacro(spec, { actor });
  if (macro) notify("info", "CLOCKWORK.Macros.Added", { name: macro.name });
  return macro;
}
