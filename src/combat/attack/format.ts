/** Numbers and form values as the attack and casting dialogs and the attack card show them (pure). */

/** A probability as a whole percentage; "<1%" and ">99%" at the ends so a chance never reads as certain when it is not. */
export function percent(p: number): string {
  if (!(p > 0)) return "0%";
  if (p >= 1) return "100%";
  const value = Math.round(p * 100);
  if (value < 1) return "<1%";
  if (value > 99) return ">99%";
  return `${value}%`;
}

/** An expected number of points, one decimal. */
export function expected(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}

/** A select's options: each value with its label, the chosen one selected (the attack and casting dialogs). */
export function selectOptions<T extends string | number>(values: readonly T[], selected: T | null | undefined, label: (v: T) => string): { value: string; label: string; selected: boolean }[] {
  return values.map((v) => ({ value: String(v), label: label(v), selected: v === selected }));
}

/** A form's whole number within bounds; anything else keeps the fallback. */
export function formInteger(value: unknown, fallback: number, min: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback;
}
