/** Loads the sheets' runtime (context builders, dialogs, look-ups) once, on first use. */
import type * as Runtime from "./runtime";

export type SheetRuntime = typeof Runtime;

let loading: Promise<SheetRuntime> | null = null;

export function sheetRuntime(): Promise<SheetRuntime> {
  loading ??= import("./runtime");
  return loading;
}
