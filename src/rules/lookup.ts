import type { Band } from "./tables";

/** The value of the band containing `n`, or `undefined` when no band does. */
export function bandValue<T>(bands: readonly Band<T>[], n: number): T | undefined {
  for (const band of bands) if (n >= band.min && n <= band.max) return band.value;
  return undefined;
}
