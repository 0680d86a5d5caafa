/**
 * Dice So Nice (optional): a ClockWork d12 appearance, and 3D dice for luck rerolls, which
 * update an existing message and so are not animated by the module on its own. Nothing here
 * runs unless the module is active; there is no hard dependency. The dice layer's registration
 * waits for `diceSoNiceReady` and only then loads this module (src/dice/register.ts).
 */
import { localize, maybeGame } from "../foundry";

/** The part of Dice So Nice's `dice3d` API used here. */
export interface Dice3D {
  addSystem(system: { id: string; name: string }, mode?: "default" | "preferred"): void;
  addColorset(colorset: Record<string, unknown>, mode?: "default" | "preferred"): unknown;
  addDicePreset(preset: { type: string; labels: string[]; system: string; colorset?: string }, shape?: string): void;
  showForRoll(roll: unknown, user?: unknown, synchronize?: boolean, whisper?: string[] | null, blind?: boolean, messageId?: string | null, speaker?: unknown): Promise<boolean>;
}

export const DSN_SYSTEM = { id: "clockwork", name: "ClockWork" } as const;

/** Brass on dark steel, like a clockwork face (description and category are localization keys). */
export const DSN_COLORSET = {
  name: "clockwork",
  description: "CLOCKWORK.Roll.DiceSoNice.Colorset",
  category: "CLOCKWORK.Roll.DiceSoNice.Category",
  foreground: "#f4e4bc",
  background: "#5b3a1e",
  outline: "#1d1208",
  edge: "#b8863b",
  texture: "metal",
  material: "metal",
  font: "Signika",
  visibility: "visible",
} as const;

/** d12 labels, 1 to 12. */
export const DSN_D12_LABELS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"];

/** Registers the ClockWork dice with Dice So Nice (called from its `diceSoNiceReady` hook). */
export function configureDiceSoNice(dice3d: Dice3D): void {
  dice3d.addSystem(DSN_SYSTEM, "preferred");
  dice3d.addColorset({
    ...DSN_COLORSET, description: localize(DSN_COLORSET.description), category: localize(DSN_COLORSET.category),
  }, "preferred");
  dice3d.addDicePreset({ type: "d12", labels: DSN_D12_LABELS, system: DSN_SYSTEM.id, colorset: DSN_COLORSET.name }, "d12");
}

/** The active Dice So Nice API, or null. */
function dice3d(): Dice3D | null {
  return (maybeGame() as { dice3d?: Dice3D } | undefined)?.dice3d ?? null;
}

/** Shows a roll in 3D to the users who may see its message; does nothing without the module. */
export async function animateRoll(roll: unknown, message: { id: string | null; whisper: string[]; blind: boolean; speaker: unknown }): Promise<void> {
  const api = dice3d();
  if (!api) return;
  await api.showForRoll(roll, game.user, true, message.whisper.length ? message.whisper : null, message.blind, message.id, message.speaker);
}
